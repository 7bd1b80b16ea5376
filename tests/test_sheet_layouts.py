"""A sheet's length and its other layouts: a long house rule keeps the page promise, a sheet
past two pages says so, a short one says why its page is not full; the reference card; HTML
written without WeasyPrint. (tests/test_summary.py checks the sheets themselves.)"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from helpers import ROOT, build_for, pdf_page_count, pdf_pages, run_cli
from riskrules.grammar.library import locate


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_long_house_rule_keeps_the_page_promise(tmp_path: Path, lang: str) -> None:
    """A house rule that changes every rule it can, with 60 reasons of 1,000 characters, once
    ran to seven pages: its reasons are quoted shortened and up to a length, the rest counted,
    and its many changes counted in the box and marked where they stand. At most two pages."""
    from helpers import long_house_rule
    from riskrules.tools.sheets.summary import REASON_SHOWN

    house = tmp_path / "long.rules"
    house.write_text(long_house_rule(), encoding="utf-8")
    out = tmp_path / "long.pdf"
    result = run_cli("summary", str(house), "--lang", lang, "--format", "pdf", "-o", str(out))
    assert result.code == 0 and "warning" not in result.err, result.err
    pages = pdf_pages(out.read_bytes())
    assert len(pages) <= 2, len(pages)
    text = " ".join(pages)
    assert "runs to" not in text
    md = run_cli("summary", str(house), "--lang", lang, "--format", "md", "-o", "-").out
    changes = md.split("## ")[1]
    assert len(changes.strip().splitlines()) <= 4, changes  # a count, not 17 sentences twice
    if lang == "en":  # the reasons are given in English only: other sheets do not quote them
        assert "are shortened" in md and "more reasons are given in the rules file" in md
        quoted = [ln for ln in md.splitlines() if ln.startswith("- Reason ")]
        assert quoted and all(len(ln) <= REASON_SHOWN + 2 for ln in quoted)
        assert "17 rules changed, marked ▌." in changes  # the box counts the changes


def test_a_sheet_past_two_pages_says_so(tmp_path: Path) -> None:
    """What no limit keeps to two pages (here sources with titles of 1,000 characters, one a
    rule) the sheet says at its top, with its real number of pages, and `summary` warns."""
    title = ("A photocopy of the rules as our grandmother wrote them out by hand " * 15)[:990]
    rules = ["combat.ties: defender", "fortify.moves: 1", "cards.draw: 1"]
    rules += ["reinforcements.minimum: 3", "setup.place_per_turn: 1", "fortify.leave_behind: 1"]
    rules += ["conquest.move_in.minimum: dice", "cards.wild: 2", "cards.forced_trade: 5"]
    rules += ["setup.territories: claim", "reinforcements.territories: territories // 3"]
    text = "".join(
        f'source s{i} "s{i}.txt" language en\n  title "{title} {i}"\n' for i in range(11)
    )
    text += 'ruleset cited "Cited" extends classic {\n'
    text += "".join(f'  override {r}\n    cite s{i} "anchor"\n' for i, r in enumerate(rules))
    house = tmp_path / "cited.rules"
    house.write_text(text + "}\n", encoding="utf-8")
    out = tmp_path / "cited.pdf"
    # (a house rule's sheet prints no source lines unless asked: here they are what is long)
    result = run_cli(
        "summary", str(house), "--format", "pdf", "--citations", "sections", "-o", str(out)
    )
    assert result.code == 0, result.err
    pages = pdf_page_count(out.read_bytes())
    assert pages > 2
    assert f"This sheet runs to {pages} pages" in pdf_pages(out.read_bytes(), first=1)[0]
    assert f"the sheet runs to {pages} pages, not at most 2" in result.err


@pytest.mark.process
def test_html_is_written_without_weasyprint(tmp_path: Path) -> None:
    """`summary --format html` (and a card's HTML) neither imports nor lays out through
    WeasyPrint: the browser lays the HTML out. The PDF is still fitted by it."""
    import subprocess
    import sys

    probe = ROOT / "tests" / "probes" / "html_without_weasyprint.py"
    done = subprocess.run(
        [sys.executable, str(probe), str(tmp_path / "x.html")],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert done.stdout.strip().splitlines()[-1] == "False", done.stdout + done.stderr
    assert "<html" in (tmp_path / "x.html").read_text(encoding="utf-8")


CARD_WORDS = {  # the card's section titles and a word of its tables, in each language
    "en": ("Reinforcements", "RISK cards", "Combat", "Asia", "dice"),
    "da": ("Forstærkninger", "RISK-kort", "Kamp", "Asien", "terninger"),
    "nl": ("Nieuwe legers", "RISK kaarten", "Aanvallen", "Azië", "dobbelstenen"),
}


@pytest.mark.parametrize(
    ("name", "lang"),
    [
        ("classic", "en"),
        pytest.param("da-2006", "da", marks=pytest.mark.sheets),
        pytest.param("nl-classic", "nl", marks=pytest.mark.sheets),
    ],
)
def test_the_reference_card(name: str, lang: str, tmp_path: Path) -> None:
    """`summary --layout card`: the turn, the bonuses, the trade values and the dice on one
    landscape A5 side, in large type, without citations, in the reader's language (Danish and
    Dutch under the `sheets` marker)."""
    import pypdf

    from riskrules.tools.service import sheets
    from riskrules.tools.service.snapshot import Snapshot
    from riskrules.tools.sheets.pdf import CARD_TYPE

    out = tmp_path / "card.pdf"
    result = run_cli("summary", name, "--lang", lang, "--layout", "card", "-o", str(out))
    assert result.code == 0, result.err
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (210, 148)
    text = reader.pages[0].extract_text()
    for word in CARD_WORDS[lang]:
        assert word in text, (lang, word)
    sheet = build_for(*locate(name), lang)
    for step in sheet.steps:  # the turn, step by step
        assert step.title in text, step.title
    assert all(b.sources not in text for b in sheet.blocks if b.sources)  # no citations
    html = sheets.summary(Snapshot.of(), name, lang, "html", layout="card")
    assert isinstance(html.data, str) and html.pages is None
    assert f"font-size: {CARD_TYPE}pt" in html.data and "@page { size: 210mm 148mm" in html.data
    # Large type: the fitted card's body is at least CARD_TYPE (the classic card's tables fit).
    from riskrules import playable
    from riskrules.tools.sheets.card import build_card, render_card_html
    from riskrules.tools.sheets.pdf import fit_card

    card = build_card(playable(locate(name)[1]), lang)
    chosen = fit_card(lambda fit: render_card_html(card, fit))
    assert chosen.fit.size >= CARD_TYPE and chosen.pages == 1


def test_the_card_on_letter_paper_and_its_usage_errors(tmp_path: Path) -> None:
    import pypdf

    out = tmp_path / "card.pdf"
    result = run_cli("summary", "classic", "--layout", "card", "--paper", "letter", "-o", str(out))
    assert result.code == 0, result.err
    box = pypdf.PdfReader(out).pages[0].mediabox
    assert (round(float(box.width) / 72, 1), round(float(box.height) / 72, 1)) == (8.5, 5.5)
    result = run_cli("summary", "classic", "--layout", "card", "--format", "md", "-o", "-")
    assert result.code == 2 and "HTML or PDF" in result.err
    result = run_cli("summary", "classic", "--layout", "poster")
    assert result.code == 2
    written = run_cli("summary", "classic", "--layout", "card", cwd=tmp_path)
    assert written.code == 0 and (tmp_path / "classic.en.card.html").is_file()
    assert "--layout [sheet|card]" in run_cli("summary", "--help").out


def test_a_short_sheet_says_why_its_page_is_not_full() -> None:
    """A sheet too short to fill its page even at LARGEST_TYPE is set in it and says how full
    its page is (here the classic sheet cut to its first step)."""
    import pypdf

    from riskrules.tools.sheets.pdf import LARGEST_TYPE, LEAST_PAGE_FILL
    from riskrules.tools.sheets.summary import render_paged

    sheet = build_for(*locate("classic"), "en", citations="none")
    sheet.before, sheet.steps, sheet.after = [], sheet.steps[:1], []
    pdf, pages = render_paged(sheet, "pdf")
    assert isinstance(pdf, bytes) and pages == 1
    text = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    said = re.search(r"Set in the largest type \(([\d.]+) pt\): the rules fill (\d+)% of", text)
    assert said, text
    assert float(said[1]) == LARGEST_TYPE and int(said[2]) < 100 * LEAST_PAGE_FILL
