"""Printable summaries: every construct has a rendering in every language, goldens, PDFs."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

import riskrules
from helpers import ROOT, run_cli
from riskrules.grammar.library import locate
from riskrules.grammar.schema import CATALOGUE
from riskrules.tools.describe import CHOICES, LABELS
from riskrules.tools.summary import build_for, render

BUILTINS = [r["name"] for r in run_cli("list", "--format", "json").json()]  # type: ignore[union-attr]
LANGS = ["en", "da", "nl"]
GOLDEN = {"classic": "en", "da-2006": "da", "nl-classic": "nl"}


def test_every_rule_and_choice_has_a_rendering() -> None:
    for spec in CATALOGUE:
        assert spec.id in LABELS, f"no label for rule {spec.id}"
        for choice in spec.choices:
            assert choice in CHOICES, f"no rendering for the choice '{choice}' of {spec.id}"


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_every_message_is_translated(lang: str) -> None:
    sources = ["tools/describe.py", "tools/summary.py", "tools/diff.py"]
    keywords = {"_": None, "N_": None, "gettext": None}
    messages = {
        message
        for source in sources
        for _, message, _, _ in extract_from_file("python", str(ROOT / source), keywords=keywords)
    }
    po = ROOT / "tools" / "locale" / lang / "LC_MESSAGES" / "riskrules.po"
    catalog = read_po(io.BytesIO(po.read_bytes()), locale=lang)
    for message in messages:
        entry = catalog.get(message)
        assert entry is not None and entry.string, f"'{message}' has no {lang} translation"
        assert set(re.findall(r"{\w+}", message)) == set(re.findall(r"{\w+}", entry.string)), (
            message
        )


@pytest.mark.parametrize(("name", "lang"), GOLDEN.items())
def test_golden_markdown(name: str, lang: str) -> None:
    ws, eff = locate(name)
    text = render(build_for(ws, eff, lang), "md")
    assert text == (ROOT / "tests" / "golden" / f"{name}.{lang}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", BUILTINS)
def test_every_ruleset_renders_in_every_language_and_format(name: str) -> None:
    import pypdf

    ws, eff = locate(name)
    for lang in LANGS:
        sheet = build_for(ws, eff, lang)
        html = render(sheet, "html")
        md = render(sheet, "md")
        assert isinstance(html, str) and f'<html lang="{lang}">' in html
        assert isinstance(md, str) and md.startswith("# ")
        pdf = render(sheet, "pdf")
        assert isinstance(pdf, bytes)
        reader = pypdf.PdfReader(io.BytesIO(pdf))
        assert len(reader.pages) <= 2, (name, lang, len(reader.pages))
        box = reader.pages[0].mediabox
        assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (
            210,
            297,
        )


def test_key_numbers_and_names() -> None:
    ws, eff = locate("nl-classic")
    md = str(render(build_for(ws, eff, "nl"), "md"))
    assert "| Azië | 7 |" in md and "| Noord-Amerika | 5 |" in md
    assert "11 → 3, 14 → 4, 17 → 5" in md
    ws, eff = locate("da-2006")
    md = str(render(build_for(ws, eff, "da"), "md"))
    assert "gennem en række af dine egne territorier" in md  # fortify along own territories
    assert "| arméer | 4 | 6 |" in md  # the gold cavalry track starts 4, 6
    assert "ikke fra manualen: antaget" in md  # assumed values are marked


def test_house_rules_show_their_changes(tmp_path: Path) -> None:
    house = tmp_path / "family.rules"
    house.write_text(
        'ruleset family "Our table" extends nl-classic {\n'
        "  override cards.trade_values: fixed 10\n"
        "  override combat.ties: attacker\n"
        "}\n"
    )
    result = run_cli("summary", str(house), "--lang", "en", "--format", "md")
    assert result.code == 0
    changes = result.out.split("## ")[1]
    assert changes.startswith("Changes from nl-classic")
    assert "**Equal dice:** the attacker wins ~~was the defender wins~~" in changes
    assert "10 for every set" in changes


def test_markup_in_a_title_is_escaped(tmp_path: Path) -> None:
    house = tmp_path / "evil.rules"
    house.write_text('ruleset evil "<script>alert(1)</script>" extends classic {\n}\n')
    result = run_cli("summary", str(house), "--format", "html")
    assert result.code == 0
    assert (
        "<script>alert" not in result.out and "&lt;script&gt;alert(1)&lt;/script&gt;" in result.out
    )


def test_summary_to_a_file_and_pdf_needs_a_file(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    assert run_cli("summary", "da-web", "--lang", "da", "--format", "pdf", "-o", str(out)).code == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert run_cli("summary", "da-web", "--format", "pdf").code == 2


def test_diff_as_html() -> None:
    result = run_cli("diff", "nl-classic", "da-2006", "--format", "html", "--lang", "nl")
    assert result.code == 0 and "<table" in result.out
    assert "langs een reeks eigen gebieden" in result.out


def test_loaded_rules_and_summary_agree() -> None:
    rules = riskrules.load("da-2006-mission")
    ws, eff = locate("da-2006-mission")
    md = str(render(build_for(ws, eff, "en"), "md"))
    for kind, value in (("infantry", 4), ("cavalry", 6), ("artillery", 8)):
        assert rules.trade_value(1, kind) == value
        assert f"| {kind} | {value} |" in md


@pytest.mark.parametrize("name", BUILTINS)
def test_changes_are_only_what_reads_differently_on_paper(name: str) -> None:
    """A rule the ruleset restates (a new citation, the same value) is no change to a player:
    neither the changes box nor a 'was' note may show old and new text that are the same."""
    ws, eff = locate(name)
    for lang in LANGS:
        sheet = build_for(ws, eff, lang)
        rows = [*sheet.changes, *(r for s in sheet.sections for r in s.rows)]
        for row in rows:
            assert row.base is None or row.base != row.value, (lang, row.label)


@pytest.mark.parametrize("name", BUILTINS)
def test_danish_and_dutch_sheets_quote_no_english_reasons(name: str) -> None:
    ws, eff = locate(name)
    english = build_for(ws, eff, "en")
    for lang in ("da", "nl"):
        text = render(build_for(ws, eff, lang), "md")
        for reason in english.assumed:
            assert reason not in text, (lang, reason)


@pytest.mark.parametrize("name", BUILTINS)
def test_each_rule_cites_the_manual_its_reader_holds(name: str) -> None:
    """One note a rule, and from the ruleset's own manual when that manual states it: a
    da-2006 sheet cites the 2006 Kommandomanual, not the Dutch translation, wherever it can."""
    ws, eff = locate(name)
    own = {c.document for clause in eff.ruleset.clauses for c in clause.citations}
    by_id = {c.id: c for c in eff.clauses}
    for lang in LANGS:
        sheet = build_for(ws, eff, lang)
        for section in sheet.sections:
            for row in section.rows:
                assert len(row.notes) <= 1, (lang, row.label)
                clause = by_id.get(row.rule)
                if clause is None or not row.notes:
                    continue
                shown = sheet.footnotes[row.notes[0] - 1].split(" ", 1)[0]
                if any(c.document in own for c in clause.citations):
                    assert shown in own, (lang, row.rule, shown)
