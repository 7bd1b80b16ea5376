"""Printing a sheet's HTML to PDF with WeasyPrint (the optional `pdf` extra), fitted to paper.

A sheet is laid out at BASE_TYPE. One that fits a page with room to spare is set larger (the
body type and everything sized from it) until the page is at least LEAST_PAGE_FILL full, up to
LARGEST_TYPE; a sheet still emptier at that size says so under its title. One that runs a
little over a page is tried tighter (less space between lines, never smaller type); one that
needs two pages is set larger until its second page is at least LEAST_SECOND_FILL full. Only
`--format pdf` comes here: the HTML is the browser's to lay out (its print CSS keeps the same
things together); its script fits the browser's print by these rules and figures, measured in
the browser (printfit.py).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

# The body type in pt: a sheet's own, and the largest the fitting sets a short sheet in (a
# sheet read from arm's length on a wall; headings and tables are sized from it in em).
BASE_TYPE = 9.0
LARGEST_TYPE = 13.0
TYPE_STEP = 0.1  # sizes are tried to a tenth of a point
# A one-page sheet fills at least this much of its page (its columns' height over theirs)...
LEAST_PAGE_FILL = 0.85
# ... aiming here, between that and MOST_FILL, so one estimate usually lands in between.
AIM_FILL = 0.9
# Every column but the last at least this full (a kept-together block may leave a gap).
LEAST_COLUMN_FILL = 0.7
# A two-page sheet's second page at least this full, aiming at AIM_SECOND_FILL.
LEAST_SECOND_FILL = 0.5
AIM_SECOND_FILL = 0.7
# A one-page layout fuller than this is not trusted to stay on one page in a browser, whose
# fonts and line breaks differ a little from WeasyPrint's: it is laid out on two instead.
MOST_FILL = 0.95
# A reference card (tools/sheets/card.py): two columns, set as large as fits its one side,
# from CARD_TYPE (its HTML's, for a browser) up to CARD_LARGEST_TYPE; smaller only down to
# BASE_TYPE, for a ruleset with long tables.
CARD_TYPE = 12.0
CARD_LARGEST_TYPE = 16.0
CARD_COLUMNS = 2
TIGHT_SAVES = 0.1  # of a page's two columns, measured on the built-in sheets
MOST_LAYOUTS = 6  # layouts one fitting may try (each 0.2-0.7 s)
# A page's fill grows as its type size to this power, for the first estimate of the size that
# fills it: measured on the built-in and example sheets in every language between their base
# layout and the size chosen, 1.0 to 2.4, median 1.43 (not 2: a table's rows and a heading's
# line grow only in height, the header's rules not at all). Later estimates use the power
# measured between the two layouts nearest the aim, within GROWTH_RANGE.
FILL_GROWTH = 1.5
GROWTH_RANGE = (1.0, 2.5)
CARD_STEP = 0.5  # a card's type is one of CARD_TYPE + n * CARD_STEP below CARD_LARGEST_TYPE
# The fits chosen in this process, by the digest of the sheet's or card's HTML at its first
# layout: the fitting is a function of the HTML, so one asked for again (the studio's preview
# of an unchanged sheet, the same sheet in PDF and in a card's test) is laid out once, at the
# fit it was given. At most this many are kept (a digest and a Fit each), the oldest let go.
FITS_KEPT = 256


@dataclass(frozen=True)
class Fit:
    """How a sheet is set: its body type in pt, tighter spacing or not, and (`short`) how full
    its page is, as a percentage, when even LARGEST_TYPE leaves it under LEAST_PAGE_FILL (the
    sheet says so); 0 when it is full enough."""

    size: float = BASE_TYPE
    tight: bool = False
    short: int = 0


class PdfUnavailable(Exception):
    """WeasyPrint (or the system libraries it needs) is not installed."""


def _weasyprint() -> Any:
    try:
        return _import_weasyprint()
    except (ImportError, OSError) as exc:
        raise PdfUnavailable(
            f"PDF output needs WeasyPrint: pip install 'riskrules[pdf]' ({exc})"
        ) from None


def _import_weasyprint() -> Any:
    """WeasyPrint, imported. Its import opens Pango, HarfBuzz and fontconfig by trying several
    names for each (a name each platform spells), and cffi hands each name that does not open
    as it is to ctypes.util.find_library, which on Linux runs ldconfig, gcc and ld: 54 processes,
    a third of a second, before the name that opens (the library's soname, in the same list).
    On Linux the import is tried first with that search skipped, so only the names as they are
    open, as the loader finds them; should that find nothing (a library only the search finds),
    the import is made again as WeasyPrint makes it, search and messages and all."""
    import sys

    if "weasyprint" in sys.modules or not sys.platform.startswith("linux"):
        import weasyprint

        return weasyprint
    import contextlib
    import ctypes.util
    import io

    search = ctypes.util.find_library
    try:
        ctypes.util.find_library = lambda name: None
        with contextlib.redirect_stdout(io.StringIO()):  # its advice, should no name open
            import weasyprint

        return weasyprint
    except OSError:
        for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
            del sys.modules[name]
    finally:
        ctypes.util.find_library = search
    import weasyprint

    return weasyprint


def columns(page: Any, count: int = 2) -> list[float]:
    """How full each column of a laid-out page is: from the top of the page's content (the
    sheet's header counts as used) to the bottom of the column's last line, over the height."""
    root = page._page_box
    top, left = root.content_box_y(), root.content_box_x()
    width = root.width / count
    bottoms = [top] * count
    for box in root.descendants():
        if type(box).__name__ == "LineBox":
            column = min(count - 1, max(0, int((box.position_x - left) // width)))
            bottoms[column] = max(bottoms[column], box.position_y + box.height)
    if not root.height:
        return [1.0] * count
    return [float((b - top) / root.height) for b in bottoms]


def too_wide(page: Any, count: int = 2) -> bool:
    """Whether a line or a table in the columns (`main`) of a laid-out page reaches into the
    next column (a table too wide for its column at a large type)."""
    root = page._page_box
    left = root.content_box_x()
    width = root.width / count
    columned = (b for b in root.descendants() if getattr(b, "element_tag", "") == "main")
    for box in (d for main in columned for d in main.descendants()):
        if type(box).__name__ in ("LineBox", "TableBox"):
            column = min(count - 1, max(0, int((box.position_x - left) // width)))
            if box.position_x + box.margin_width() > left + (column + 1) * width + 0.5:
                return True
    return False


def fill(page: Any, count: int = 2) -> float:
    """How full a laid-out page is: the height its columns use over the height they have."""
    used = columns(page, count)
    return sum(used) / len(used)


@dataclass(frozen=True)
class Layout:
    fit: Fit
    html: str
    doc: Any
    count: int = 2  # columns

    @property
    def pages(self) -> int:
        return len(self.doc.pages)

    def fill(self, page: int = -1) -> float:
        return fill(self.doc.pages[page], self.count)

    @property
    def one_page(self) -> bool:
        """On one page, not too full to trust, and nothing wider than its column."""
        page = self.doc.pages[0]
        return self.pages == 1 and self.fill() <= MOST_FILL and not too_wide(page, self.count)


def _size(value: float) -> float:
    steps = round(min(LARGEST_TYPE, max(BASE_TYPE, value)) / TYPE_STEP)
    return round(steps * TYPE_STEP, 1)


_CHOSEN: dict[tuple[str, str], Fit] = {}
_CHOSEN_LOCK = threading.Lock()


def _chosen(kind: str, html: str) -> tuple[tuple[str, str], Fit | None]:
    """The key a fitting of `html` (a sheet's or a card's, at its first layout) is kept by,
    and the fit chosen for it before in this process, if any."""
    key = (kind, hashlib.sha256(html.encode("utf-8")).hexdigest())
    with _CHOSEN_LOCK:
        return key, _CHOSEN.get(key)


def _keep(key: tuple[str, str], layout: Layout) -> Layout:
    with _CHOSEN_LOCK:
        _CHOSEN.pop(key, None)
        _CHOSEN[key] = layout.fit
        while len(_CHOSEN) > FITS_KEPT:
            del _CHOSEN[next(iter(_CHOSEN))]
    return layout


def fit_layout(render: Callable[[Fit], str]) -> Layout:
    """The layout the fitting chooses (see the module's docstring), laid out once if this
    process has fitted the same HTML before (FITS_KEPT)."""
    weasyprint = _weasyprint()
    tried = 0
    first = render(Fit())

    def lay(fit: Fit) -> Layout:
        nonlocal tried
        tried += 1
        html = first if fit == Fit() else render(fit)
        return Layout(fit, html, weasyprint.HTML(string=html).render())

    key, known = _chosen("sheet", first)
    if known is not None:
        return lay(known)
    return _keep(key, _fit(lay, lambda: tried < MOST_LAYOUTS))


def _fit(lay: Callable[[Fit], Layout], more: Callable[[], bool]) -> Layout:
    base = lay(Fit())
    if base.one_page:
        return _grow(lay, base, more)
    # Tighter spacing saves about a tenth: worth a layout only for a sheet just over.
    just_over = base.pages == 1 or (base.pages == 2 and base.fill(1) <= TIGHT_SAVES)
    if just_over:
        tight = lay(Fit(tight=True))
        if tight.one_page:
            return _grow(lay, tight, more)
    return _spread(lay, base)


def _estimate(size: float, full: float, aim: float, growth: float = FILL_GROWTH) -> float:
    """The size at which a page `full` at `size` would be `aim` full, its fill growing as the
    size to the power `growth`, on the sheet's steps of type."""
    return _size(_grown(size, full, aim, growth))


def _grown(size: float, full: float, aim: float, growth: float = FILL_GROWTH) -> float:
    """`_estimate` as it is, before it is set on a step of type (a card's steps are its own)."""
    return float(size * (aim / max(full, 0.05)) ** (1 / growth))  # (float ** float is Any)


def _growth(size: float, full: float, other_size: float, other_full: float) -> float:
    """The power the fill grew by between two layouts (FILL_GROWTH if it cannot be told)."""
    import math

    if size == other_size or min(full, other_full) <= 0:
        return FILL_GROWTH
    measured = math.log(other_full / full) / math.log(other_size / size)
    return min(GROWTH_RANGE[1], max(GROWTH_RANGE[0], measured))


def _grow(lay: Callable[[Fit], Layout], base: Layout, more: Callable[[], bool]) -> Layout:
    """A one-page sheet set as large as still fits one page (at most MOST_FILL full), aiming
    at AIM_FILL: each try estimated from the nearest layouts above and below it."""
    if base.fill() >= LEAST_PAGE_FILL:
        return base
    good, over = base, LARGEST_TYPE + TYPE_STEP  # the largest that fits; the smallest that not
    size = _estimate(base.fit.size, base.fill(), AIM_FILL)
    while more() and good.fit.size < size < over and good.fill() < LEAST_PAGE_FILL:
        layout = lay(replace(base.fit, size=size))
        if layout.one_page:
            growth = _growth(good.fit.size, good.fill(), size, layout.fill())
            good = layout
            if layout.fill() >= LEAST_PAGE_FILL or size >= LARGEST_TYPE:
                break
            size = _estimate(size, layout.fill(), AIM_FILL, growth)
        else:
            over = size
            size = _size((good.fit.size + size) / 2)
            if size <= good.fit.size:
                break
    if good.fill() >= LEAST_PAGE_FILL:
        return good
    # As full as it gets: the sheet says how full, and that its type is the largest.
    short = replace(good.fit, short=round(100 * good.fill()))
    said = lay(short)
    return said if said.one_page else good


def _spread(lay: Callable[[Fit], Layout], best: Layout) -> Layout:
    """A sheet that needs two pages, set large enough that the second is at least
    LEAST_SECOND_FILL full: the size estimated from how much runs over."""
    if best.pages != 2 or best.fill(1) >= LEAST_SECOND_FILL:
        return best
    size = _estimate(BASE_TYPE, 1 + best.fill(1), 1 + AIM_SECOND_FILL)
    for _ in range(3):
        bigger = lay(Fit(size))
        if bigger.pages > 2:
            size = _size((best.fit.size + size) / 2)
            if size <= best.fit.size:
                break
            continue
        growth = _growth(best.fit.size, 1 + best.fill(1), size, 1 + bigger.fill(1))
        best = bigger
        if bigger.fill(1) >= LEAST_SECOND_FILL or size >= LARGEST_TYPE:
            break
        size = _estimate(size, 1 + bigger.fill(1), 1 + AIM_SECOND_FILL, growth)
    return best


def fit_card(render: Callable[[Fit], str]) -> Layout:
    """A reference card at the largest type, between BASE_TYPE and CARD_LARGEST_TYPE, that
    keeps it on its one side (at most MOST_FILL full). One that fits at CARD_TYPE is set in the
    largest of CARD_TYPE + n * CARD_STEP that fits, below CARD_LARGEST_TYPE: the first tried is
    estimated from CARD_TYPE's fill (see FILL_GROWTH), then the next step up or down until the
    largest that fits is next to one that does not (what halving the range finds, in about
    three layouts instead of four). One that does not is set smaller, found by halving the
    range down to BASE_TYPE."""
    weasyprint = _weasyprint()
    first = render(Fit(CARD_TYPE))

    def lay(size: float) -> Layout:
        html = first if size == CARD_TYPE else render(Fit(size))
        return Layout(Fit(size), html, weasyprint.HTML(string=html).render(), CARD_COLUMNS)

    key, known = _chosen("card", first)
    if known is not None:
        return lay(known.size)
    return _keep(key, _fit_card(lay))


def _fit_card(lay: Callable[[float], Layout]) -> Layout:
    best = lay(CARD_TYPE)
    if best.one_page:
        return _card_steps(lay, best)
    low, high = BASE_TYPE, CARD_TYPE
    best = lay(BASE_TYPE)  # what cannot fit at BASE_TYPE prints on more sides
    if not best.one_page:
        return best
    while high - low > CARD_STEP:
        middle = _size_in((low + high) / 2, CARD_LARGEST_TYPE)
        layout = lay(middle)
        if layout.one_page:
            best, low = layout, middle
        else:
            high = middle
    return best


def _card_steps(lay: Callable[[float], Layout], base: Layout) -> Layout:
    """The card that fits at CARD_TYPE (`base`) in the largest step that fits (fit_card)."""
    steps = int((CARD_LARGEST_TYPE - CARD_TYPE) / CARD_STEP - 1e-9)  # the steps above CARD_TYPE
    estimate = _grown(CARD_TYPE, base.fill(), AIM_FILL)
    step = min(steps, max(0, int((estimate - CARD_TYPE) / CARD_STEP + 1e-9)))
    tried: dict[int, Layout | None] = {0: base}  # by step: its layout, None if it does not fit

    def at(n: int) -> Layout | None:
        if n not in tried:
            layout = lay(round(CARD_TYPE + n * CARD_STEP, 1))
            tried[n] = layout if layout.one_page else None
        return tried[n]

    if at(step) is not None:
        while step < steps and at(step + 1) is not None:
            step += 1
    else:
        while at(step) is None:  # step 0, the base, fits
            step -= 1
    return tried[step] or base


def _size_in(value: float, largest: float) -> float:
    return round(round(min(largest, max(BASE_TYPE, value)) / TYPE_STEP) * TYPE_STEP, 1)


def laid_out(html: str) -> tuple[Any, int]:
    """The HTML laid out as it is (no fitting): WeasyPrint's document (its PDF not written)
    and its pages."""
    doc = _weasyprint().HTML(string=html).render()
    return doc, len(doc.pages)
