"""What a sheet's fitting costs (tools/sheets/pdf.py): the card's search finds what halving the
range found, in fewer layouts; a sheet or card fitted before in the process is laid out once;
WeasyPrint is imported without running a process. (tests/test_summary.py and
tests/test_sheet_layouts.py check the fitted sheets themselves.)"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from helpers import ROOT
from riskrules.tools.sheets import pdf


@dataclass
class _Tried:
    """A stand-in for a card's layout at a size: on one side or not, and how full."""

    size: float
    one_page: bool
    full: float

    def fill(self) -> float:
        return self.full


def _halved(fits: float) -> tuple[float, int]:
    """What the card's fitting chose by halving CARD_TYPE..CARD_LARGEST_TYPE (its code before
    the steps) for a card that fits up to `fits`, and the layouts it made."""
    low, high, best, layouts = pdf.CARD_TYPE, pdf.CARD_LARGEST_TYPE, pdf.CARD_TYPE, 1
    while high - low > 0.5:
        middle = pdf._size_in((low + high) / 2, pdf.CARD_LARGEST_TYPE)
        layouts += 1
        if middle <= fits:
            best, low = middle, middle
        else:
            high = middle
    return best, layouts


@pytest.mark.parametrize("fits", [12.0, 12.4, 12.5, 13.0, 13.7, 14.5, 15.0, 15.5, 16.0])
def test_the_card_is_set_in_the_size_halving_found_in_fewer_layouts(fits: float) -> None:
    """Whatever its first layout's fill says (an estimate too small, too large or right), the
    card is set in the largest step that fits, as halving the range set it; with the fill of a
    card that grows as FILL_GROWTH says, in at most three layouts, not four."""
    halved, halving = _halved(fits)
    for full in (0.3, 0.6, 0.75, 0.8, 0.85, 0.9, 0.95):
        made: list[float] = []

        def lay(size: float, full: float = full, made: list[float] = made) -> _Tried:
            made.append(size)
            grown = full * (size / pdf.CARD_TYPE) ** pdf.FILL_GROWTH
            return _Tried(size, size <= fits, grown)

        chosen = pdf._card_steps(lay, _Tried(pdf.CARD_TYPE, True, full))  # type: ignore[arg-type]
        assert chosen.size == halved, (fits, full, made)
        assert len(set(made)) == len(made) and 1 + len(made) <= 8, made
    # A card whose fill says where its last step is, as the built-in cards' do.
    steps: list[float] = []

    def stepped(size: float) -> _Tried:
        steps.append(size)
        return _Tried(size, size <= fits, 0)

    aimed = pdf.AIM_FILL / (fits / pdf.CARD_TYPE) ** pdf.FILL_GROWTH
    pdf._card_steps(stepped, _Tried(pdf.CARD_TYPE, True, min(aimed, 1.0)))  # type: ignore[arg-type]
    assert 1 + len(steps) <= min(3, halving), (fits, steps)


def _page(words: str, columns: int) -> Callable[[pdf.Fit], str]:
    """An A6 page of `words` set at a Fit's size in `columns` columns: what the fitting lays
    out, a fraction of a real sheet's cost (what is remembered is a fit, whatever the page)."""

    def render(fit: pdf.Fit) -> str:
        short = f"<p>{fit.short}% full</p>" if fit.short else ""
        style = f"@page {{ size: a6 }} body {{ font-size: {fit.size}pt; columns: {columns} }}"
        body = f"<body><main>{short}{words}</main></body>"
        return f"<html><head><style>{style}</style></head>{body}</html>"

    return render


def test_a_sheet_fitted_again_is_laid_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same sheet, and the same card, asked for again in a process (the studio's preview
    of a sheet not changed since) is laid out once, at the fit chosen the first time, and is
    the same; a sheet that differs is fitted afresh."""
    weasyprint = pdf._weasyprint()
    layouts: list[object] = []
    render = weasyprint.HTML.render

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        layouts.append(self)
        return render(self, *args, **kwargs)

    monkeypatch.setattr(weasyprint.HTML, "render", counted)
    monkeypatch.setattr(pdf, "_CHOSEN", {})  # none fitted yet in this process
    text = "<p>Attack from a territory you hold to one that borders it.</p>" * 15
    for fit_with, html_of in (
        (pdf.fit_layout, _page(text, 2)),
        (pdf.fit_card, _page(text[: len(text) // 3], pdf.CARD_COLUMNS)),
    ):
        layouts.clear()
        first = fit_with(html_of)
        searched = len(layouts)
        layouts.clear()
        again = fit_with(html_of)
        assert searched >= 2 and len(layouts) == 1, (searched, len(layouts))
        assert again.fit == first.fit and again.html == first.html
        assert again.pages == first.pages and again.fill() == first.fill()
    layouts.clear()
    pdf.fit_layout(_page(text.replace("Attack", "Fortify"), 2))
    assert len(layouts) >= 2  # not the first sheet's fit: its own search


@pytest.mark.process
def test_weasyprint_is_imported_without_a_process() -> None:
    """Importing WeasyPrint for a PDF runs no process (ctypes' search for a library ran
    ldconfig, gcc and ld 54 times, a third of a second of every PDF command) and opens every
    library it opened before, the optional HarfBuzz subsetter too (without it, fonts are
    subset by fontTools, slower); where only the search finds them, it still does."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the search is skipped on Linux only")
    probe = ROOT / "tests" / "probes" / "weasyprint_libraries.py"
    done = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True)
    assert done.stdout.split() == ["0", "True", "True", "True", "True"], done.stdout + done.stderr
