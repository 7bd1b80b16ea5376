"""Printable summaries: every construct has a rendering in every language, goldens, PDFs."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

import chromium
import riskrules
from chromium import Chromium
from helpers import ROOT, build_for, pdf_page_count, run_cli
from riskrules.grammar.library import locate
from riskrules.grammar.schema import CATALOGUE
from riskrules.tools.sheets.describe import CHOICES, LABELS
from riskrules.tools.sheets.sentences import environment, family_and_macro
from riskrules.tools.sheets.summary import render

BUILTINS = [r["name"] for r in run_cli("list", "--format", "json").json()]  # type: ignore[union-attr]
LANGS = ["en", "da", "nl"]
GOLDEN = {"classic": "en", "da-2006": "da", "nl-classic": "nl"}


def test_every_rule_and_choice_has_a_rendering() -> None:
    for spec in CATALOGUE:
        assert spec.id in LABELS, f"no label for rule {spec.id}"
        for choice in spec.choices:
            assert choice in CHOICES, f"no rendering for the choice '{choice}' of {spec.id}"


def test_every_rule_has_a_sentence_template() -> None:
    """A rule family is one template; each rule of the catalogue is a macro in it."""
    env = environment("en")
    for spec in CATALOGUE:
        if spec.id.startswith("missions.deck.") or spec.id == "turn.phases":
            continue
        family, macro = family_and_macro(spec.id)
        module = env.get_template(f"rules/{family}.j2").module
        assert hasattr(module, macro), f"no sentence for {spec.id} in rules/{family}.j2"
    for phase in next(s for s in CATALOGUE if s.id == "turn.phases").choices:
        assert hasattr(env.get_template("rules/turn.j2").module, phase), phase


def _messages() -> set[str | tuple[str, str]]:
    from jinja2.ext import babel_extract

    keywords = {"_": None, "N_": None, "gettext": None, "Np_": (1, 2), "ngettext": (1, 2)}
    messages: set[str | tuple[str, str]] = set()
    sources = ["tools/sheets/describe.py", "tools/sheets/summary.py", "tools/sheets/diff.py"]
    sources.append("tools/sheets/battle.py")  # the battle box's words
    sources.append("tools/sheets/assembly.py")  # the mission deck's, the footnotes' page
    for source in sources:
        for _, message, _, _ in extract_from_file("python", str(ROOT / source), keywords):
            messages.add(message)
    # The studio's own words in its modules: say(request, MESSAGE, …) and N_(MESSAGE).
    studio_words = {"say": (2,), "N_": None}
    for module in sorted((ROOT / "tools" / "studio").glob("*.py")):
        if module.name == "server.py":  # the terminal's lines, not the page's
            continue
        for _, message, _, _ in extract_from_file("python", str(module), studio_words):
            messages.add(message)
    options = {"extensions": "jinja2.ext.i18n", "trim_blocks": "True", "lstrip_blocks": "True"}
    templates = (ROOT / "tools" / "sheets" / "templates" / "rules").glob("*.j2")
    studio = (ROOT / "tools" / "studio" / "templates").glob("*.j2")  # the studio's page
    for template in sorted([*templates, *studio]):
        found = extract_from_file(babel_extract, str(template), options=options)
        for _, message, _, _ in found:
            messages.add(message)
    return messages


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_every_message_is_translated(lang: str) -> None:
    messages = _messages()
    assert len(messages) > 200  # the sentences of the templates are among them
    po = ROOT / "tools" / "sheets" / "locale" / lang / "LC_MESSAGES" / "riskrules.po"
    catalog = read_po(io.BytesIO(po.read_bytes()), locale=lang)
    for message in messages:
        key = message[0] if isinstance(message, tuple) else message
        entry = catalog.get(key)
        assert entry is not None and not entry.fuzzy, f"'{key}' has no {lang} translation"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), f"'{key}' has no {lang} translation"
        ids = message if isinstance(message, tuple) else (message,)
        wanted = {p for i in ids for p in re.findall(r"{\w+}|%\(\w+\)s", i)}
        for string in strings:
            assert set(re.findall(r"{\w+}|%\(\w+\)s", string)) <= wanted, (key, string)


@pytest.mark.parametrize(("name", "lang"), GOLDEN.items())
def test_golden_markdown(name: str, lang: str) -> None:
    ws, eff = locate(name)
    text = render(build_for(ws, eff, lang), "md")
    assert text == (ROOT / "tests" / "golden" / f"{name}.{lang}.md").read_text(encoding="utf-8")


MANUALS = ["da-2006", "da-classic", "da-web", "nl-classic"]
SHEETS = pytest.mark.sheets  # fits a sheet the default run need not (pyproject's markers)


EXAMPLES = sorted(
    str(path.relative_to(ROOT)) for path in (ROOT / "examples" / "house-rules").glob("*.rules")
)


class Fitted:
    """A ruleset's sheet in a language, fitted to the paper, once a session: `fitted(name,
    lang)` is its HTML, PDF and pages (the PDF `summary --format pdf` gives, and the HTML of
    that fit); `layout(name, lang)` the WeasyPrint layout the fitting chose, whose boxes the
    fill and keep-together tests read."""

    def __init__(self) -> None:
        self._done: dict[tuple[str, str], tuple[str, bytes, int]] = {}
        self._layouts: dict[tuple[str, str], object] = {}

    def __call__(self, name: str, lang: str) -> tuple[str, bytes, int]:
        if (name, lang) not in self._done:
            self._fit(name, lang)
        return self._done[name, lang]

    def layout(self, name: str, lang: str):  # type: ignore[no-untyped-def]
        self(name, lang)
        return self._layouts[name, lang]

    def _fit(self, name: str, lang: str) -> None:
        from riskrules.tools.sheets.pdf import fit_layout
        from riskrules.tools.sheets.summary import render_html

        sheet = build_for(*locate(name), lang)
        chosen = fit_layout(lambda fit: render_html(sheet, fit))
        self._done[name, lang] = chosen.html, bytes(chosen.doc.write_pdf()), chosen.pages
        self._layouts[name, lang] = chosen


@pytest.fixture(scope="session")
def fitted_sheets() -> Fitted:
    """Every sheet fitted once a session (see Fitted): several tests read each."""
    return Fitted()


def _check_pages(name: str, lang: str, fitted_sheets: Fitted) -> None:
    """A manual's own sheet fits one page (in every language); a variant at most two; each
    fills its page and keeps each table with its sentence."""
    html, pdf, pages = fitted_sheets(name, lang)
    assert f'<html lang="{lang}">' in html and pdf.startswith(b"%PDF")
    assert pdf_page_count(pdf) == pages
    if name in MANUALS or name == "classic":
        assert pages == 1, (name, lang, pages)
    assert pages <= 2, (name, lang, pages)
    # In the same test, so that the sheet is fitted once whichever worker runs it: the
    # session fixture is one per worker, and fitting is most of this file's time.
    _check_fill(name, lang, fitted_sheets)
    _check_together(name, lang, fitted_sheets)


def _own_language(name: str) -> str:
    from riskrules.tools.service.sheets import sheet_language
    from riskrules.tools.service.snapshot import Snapshot

    return sheet_language(Snapshot.of(), name)


# The default run fits the classic sheet (one page, English), the Kommandomanual's (one page,
# Danish) and its longest variant's (two pages); the `sheets` marker fits the other manuals'
# sheets in their own language too, and every built-in in every language.
QUICK = [
    name if name in ("classic", "da-2006", "da-2006-mission") else pytest.param(name, marks=SHEETS)
    for name in [*MANUALS, "classic", "da-2006-mission"]
]


@pytest.mark.parametrize("name", QUICK)
def test_every_ruleset_prints_on_one_page_or_two_full_ones(
    name: str, fitted_sheets: Fitted
) -> None:
    _check_pages(name, _own_language(name), fitted_sheets)


@pytest.mark.sheets
@pytest.mark.parametrize("name", BUILTINS)
def test_every_ruleset_prints_on_one_page_or_two_full_ones_in_every_language(
    name: str, fitted_sheets: Fitted
) -> None:
    for lang in LANGS:
        if name not in QUICK or lang != _own_language(name):
            _check_pages(name, lang, fitted_sheets)


def _placed(layout) -> list[tuple[tuple[int, int], str, int, float]]:  # type: ignore[no-untyped-def]
    """Every line WeasyPrint laid out in a sheet's columns: its (page, column), what holds it
    (`keep`: a lead-in with its table; `table`; `source`: a section's source line; `` else;
    with the holding element's id) and how far down its column it stands."""
    found: list[tuple[tuple[int, int], str, int, float]] = []
    for number, page in enumerate(layout.doc.pages):
        root = page._page_box
        left, width = root.content_box_x(), root.width / 2

        def walk(  # type: ignore[no-untyped-def]
            box, held: tuple[str, int], in_main: bool, number=number, left=left, width=width
        ) -> None:
            element = getattr(box, "element", None)
            tag = getattr(box, "element_tag", "")
            classes = (element.get("class") or "").split() if element is not None else []
            in_main = in_main or tag == "main"
            if tag == "table" and held[0] != "keep":
                held = ("table", id(element))
            elif "keep" in classes:
                held = ("keep", id(element))
            elif tag == "p" and "source" in classes:
                held = ("source", id(element))
            if type(box).__name__ == "LineBox" and in_main:
                column = 0 if box.position_x < left + width else 1
                found.append(((number, column), held[0], held[1], box.position_y))
                return
            for child in getattr(box, "children", ()):
                walk(child, held, in_main, number, left, width)

        walk(root, ("", 0), False)
    return found


def _check_fill(name: str, lang: str, fitted_sheets: Fitted) -> None:
    """A one-page sheet at least LEAST_PAGE_FILL full, or set in LARGEST_TYPE and saying how
    full it is; every column but the last LEAST_COLUMN_FILL full; a second page at least
    LEAST_SECOND_FILL full."""
    from riskrules.tools.sheets import pdf

    layout = fitted_sheets.layout(name, lang)
    html = layout.html
    fills = [pdf.columns(page) for page in layout.doc.pages]
    assert layout.fit.size <= pdf.LARGEST_TYPE, (name, lang)
    if layout.pages == 1:
        if layout.fit.short:
            assert layout.fit.size == pdf.LARGEST_TYPE, (name, lang, layout.fit)
            assert f"{layout.fit.short}%" in html or f"{layout.fit.short} %" in html
        else:
            assert layout.fill() >= pdf.LEAST_PAGE_FILL, (name, lang, fills, layout.fit)
    if layout.pages == 2:
        assert layout.fill(1) >= pdf.LEAST_SECOND_FILL, (name, lang, fills, layout.fit)
    every = [column for page in fills for column in page]
    while every and every[-1] < 0.02:  # the empty columns after the last
        every.pop()
    for n, column in enumerate(every[:-1]):
        assert column >= pdf.LEAST_COLUMN_FILL, (name, lang, n, fills, layout.fit)


def _check_together(name: str, lang: str, fitted_sheets: Fitted) -> None:
    """In WeasyPrint's layout: a lead-in sentence in the column of its table, no table split
    between columns or pages, no column starting with a section's source line."""
    placed = _placed(fitted_sheets.layout(name, lang))
    where: dict[int, set[tuple[int, int]]] = {}
    first: dict[tuple[int, int], tuple[float, str]] = {}
    for column, held, element, top in placed:
        if held in ("keep", "table"):
            where.setdefault(element, set()).add(column)
        if column not in first or top < first[column][0]:
            first[column] = (top, held)
    assert where, (name, lang)  # every sheet has tables
    for columns in where.values():
        assert len(columns) == 1, (name, lang, columns)
    for column, (_, held) in first.items():
        assert held != "source", (name, lang, column)


@pytest.mark.parametrize("index", [0, *(pytest.param(i, marks=SHEETS) for i in (1, 2))])
def test_house_rule_sheets_fill_their_page(index: int, fitted_sheets: Fitted) -> None:
    """An example house rule in each language, spread over the list (the default run fits the
    first, in English; the `sheets` marker the others, and every example in all three)."""
    name, lang = EXAMPLES[index * len(EXAMPLES) // len(LANGS)], LANGS[index]
    _check_fill(name, lang, fitted_sheets)
    _check_together(name, lang, fitted_sheets)


@pytest.mark.sheets
@pytest.mark.parametrize("name", EXAMPLES)
def test_house_rule_sheets_fill_their_page_in_every_language(
    name: str, fitted_sheets: Fitted
) -> None:
    for lang in LANGS:
        _check_fill(name, lang, fitted_sheets)
        _check_together(name, lang, fitted_sheets)


def test_paper_sizes(fitted_sheets: Fitted) -> None:
    """A4 by default (the classic sheet as the session fitted it), US Letter when asked."""
    import pypdf

    letter = render(build_for(*locate("classic"), "en", paper="letter"), "pdf")
    for pdf, size in ((fitted_sheets("classic", "en")[1], (210, 297)), (letter, (216, 279))):
        assert isinstance(pdf, bytes)
        box = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].mediabox
        mm = (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4))
        assert mm == size


@pytest.mark.parametrize("name", BUILTINS)
def test_sentences_not_formulas(name: str) -> None:
    """No sheet shows a formula: no `=`, `//`, `min(`, `max(`, `>=` or arithmetic minus."""
    ws, eff = locate(name)
    for lang in LANGS:
        md = str(render(build_for(ws, eff, lang, citations="none"), "md"))
        body = "\n".join(line for line in md.splitlines() if not line.startswith("  |"))
        for formula in ("=", "//", "min(", "max(", "−", " - ", "<", ">"):
            assert formula not in body.replace("→", ""), (lang, formula)


def test_the_turn_is_numbered_steps_in_play_order() -> None:
    ws, eff = locate("da-2006-2p-active")
    sheet = build_for(ws, eff, "da")
    assert [b.key for b in sheet.steps] == [
        "bribe",
        "reinforce",
        "ally_reinforce",
        "attack",
        "fortify",
        "ally_fortify",
        "draw",
    ]
    assert [b.number for b in sheet.steps] == [1, 2, 3, 4, 5, 6, 7]
    # The Kommandomanual's own names for its phases (000, p. 8).
    assert [b.title for b in sheet.steps][:2] == [
        "Bestikke den neutrale hær",
        "Modtage og placere forstærkninger",
    ]
    fortify = next(b for b in sheet.steps if b.key == "fortify")
    assert any("fortify.reach" in line.rules for line in fortify.lines)


def test_key_numbers_and_names() -> None:
    ws, eff = locate("nl-classic")
    md = str(render(build_for(ws, eff, "nl"), "md"))
    assert "| Azië | 7 |" in md and "| Noord-Amerika | 5 |" in md
    assert "11 → 3, 14 → 4, 17 → 5" in md  # 004's own examples of the territory formula
    assert "Neem **één leger per 3 gebieden**" in md
    ws, eff = locate("da-2006")
    md = str(render(build_for(ws, eff, "da"), "md"))
    assert "**gennem en række** af dine egne territorier" in md  # fortify along own territories
    assert "| arméer | 4 | 6 |" in md  # the gold cavalry track starts 4, 6
    assert "ikke fra manualen: antaget" in md  # assumed values are marked
    assert "Kommandomanual, s. 4–5" in md  # sources by the manual's title and its pages


def test_glossary_terms_are_the_manuals_words_and_the_sheets(seeds: Path) -> None:
    """Each core term of a language's sheets occurs in that language's manuals, and on its
    sheets: Danish sheets speak the Danish manuals' words, Dutch the Dutch manual's."""
    import tomllib

    glossary = tomllib.loads((ROOT / "tools" / "sheets" / "locale" / "glossary.toml").read_text())
    manuals = {"da": ["000", "001", "002"], "nl": ["004"]}
    for lang, terms in glossary.items():
        text = " ".join(
            path.read_text(encoding="utf-8").lower()
            for prefix in manuals[lang]
            for path in seeds.glob(f"{prefix}_*.txt")
        )
        sheets = " ".join(
            str(render(build_for(*locate(name), lang), "md")).lower() for name in BUILTINS
        )
        for concept, term in terms.items():
            assert term.lower() in text, f"{lang} {concept}: '{term}' is not in the manuals"
            assert term.lower() in sheets, f"{lang} {concept}: '{term}' is on no sheet"


def test_house_rules_show_their_changes(tmp_path: Path) -> None:
    house = tmp_path / "family.rules"
    house.write_text(
        'ruleset family "Our table" extends nl-classic {\n'
        "  override cards.trade_values: fixed 10\n"
        "  override combat.ties: attacker\n"
        "}\n"
    )
    result = run_cli("summary", str(house), "--lang", "en", "--format", "md", "-o", "-")
    assert result.code == 0
    changes = result.out.split("## ")[1]
    assert changes.startswith("Changes from Risk: the Dutch rules")  # the base by its title
    assert (
        "on **equal dice the attacker** wins. (was: Compare the highest dice in pairs; on "
        "**equal dice the defender** wins.)" in changes
    )
    assert "Every set is worth **10 armies**." in changes
    assert "▌ Every set is worth **10 armies**." in result.out  # marked where it stands


def test_a_manual_sheet_has_no_changes_box() -> None:
    """da-2006 is a manual, not a change to the shared `classic` abstraction: its players see
    the Kommandomanual's rules, not a list of differences from a ruleset nobody plays."""
    ws, eff = locate("da-2006")
    sheet = build_for(ws, eff, "da")
    assert sheet.changes == [] and not sheet.strings["new"]
    assert not any(line.changed for line in sheet.lines)
    ws, eff = locate("da-2006-2p-active")
    assert build_for(ws, eff, "da").changes  # a variant shows what it changes


def test_citation_modes() -> None:
    ws, eff = locate("da-2006")
    sections = build_for(ws, eff, "da", citations="sections")
    assert all(b.sources for b in sections.blocks) and not sections.footnotes
    rules = build_for(ws, eff, "da", citations="rules")
    assert rules.footnotes and not any(b.sources for b in rules.blocks)
    assert all(not n.startswith(("da0", "nl0")) for n in rules.footnotes)  # no internal ids
    none = build_for(ws, eff, "da", citations="none")
    assert not none.footnotes and not none.manuals and not any(b.sources for b in none.blocks)
    md = str(render(none, "md"))
    assert "Kilder" not in md and "Kommandomanual, s." not in md


def test_the_sheet_speaks_the_rulesets_language_by_default() -> None:
    result = run_cli("summary", "da-2006", "--format", "md", "-o", "-")
    assert result.code == 0 and "## Din tur" in result.out
    result = run_cli("summary", "nl-classic", "--format", "md", "-o", "-")
    assert "## Je beurt" in result.out
    result = run_cli("summary", "classic", "--format", "md", "-o", "-")
    assert "## Your turn" in result.out


def test_markup_in_a_title_is_escaped(tmp_path: Path) -> None:
    house = tmp_path / "evil.rules"
    house.write_text('ruleset evil "<script>alert(1)</script>" extends classic {\n}\n')
    result = run_cli("summary", str(house), "--format", "html", "-o", "-")
    assert result.code == 0
    assert (
        "<script>alert" not in result.out and "&lt;script&gt;alert(1)&lt;/script&gt;" in result.out
    )


def test_summary_to_a_file_and_a_pdf_without_one_to_a_named_file(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    assert run_cli("summary", "da-web", "--lang", "da", "--format", "pdf", "-o", str(out)).code == 0
    assert out.read_bytes().startswith(b"%PDF")
    # Without -o, the PDF goes to a file named for the ruleset and language, never the terminal.
    result = run_cli("summary", "da-web", "--format", "pdf", cwd=tmp_path)
    assert result.code == 0 and result.out == "", result.err
    assert (tmp_path / "da-web.da.pdf").read_bytes().startswith(b"%PDF")


def test_diff_as_html() -> None:
    result = run_cli("diff", "nl-classic", "da-2006", "--format", "html", "--lang", "nl")
    assert result.code == 0 and "<table" in result.out
    # Each value said by the sheet's sentence (its key words in bold), never the rules text.
    words = " ".join(re.sub(r"<[^>]+>", "", result.out).split())
    assert "langs een reeks eigen gebieden" in words and "connected through" not in words


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
    the changes box never shows old and new text that are the same."""
    ws, eff = locate(name)
    for lang in LANGS:
        sheet = build_for(ws, eff, lang)
        for line in sheet.changes:
            # something old is shown (a sentence, a table), and it is not what the rule says now
            assert line.was is not None or line.was_cells, (lang, line.rules)
            was = line.was if line.was is not None else line.text
            assert (was, line.was_cells) != (line.text, line.cells), (lang, line.rules)


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
    own_titles = {eff.source(d).short for d in own if eff.source(d)}  # type: ignore[union-attr]
    by_id = {c.id: c for c in eff.clauses}
    for lang in LANGS:
        sheet = build_for(ws, eff, lang, citations="rules")
        for line in sheet.lines:
            clause = by_id.get(line.rules[0])
            if clause is None or not line.notes:
                continue
            assert len(line.notes) <= len(line.rules), (lang, line.rules)
            shown = sheet.footnotes[line.notes[0] - 1].split(",", 1)[0]
            if any(c.document in own for c in clause.citations):
                assert shown in own_titles, (lang, line.rules, shown)


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    """One headless Chromium for the session (a browser's start costs more than a print)."""
    started = Chromium(tmp_path_factory.mktemp("chromium"))
    yield started
    started.close()


@pytest.mark.browser
@pytest.mark.skipif(
    chromium.executable() is None, reason="no Chromium here: the browser print is not checked"
)
@pytest.mark.parametrize("name", BUILTINS)
def test_the_html_prints_from_a_browser_as_the_pdf(
    name: str, tmp_path: Path, browser: Chromium, fitted_sheets: Fitted
) -> None:
    """The HTML sheet `summary --format html` writes (the studio's sheet, printed where there is
    no WeasyPrint), printed by headless Chromium, has as many pages as WeasyPrint's PDF of it,
    in every language: its script sets the type as the PDF's fitting does (sheets/printfit.py;
    at its own 9 pt, five of these sheets printed on two pages where the PDF has one). Each
    table stays with its sentence."""
    from riskrules.tools.sheets.summary import render_html

    for lang in LANGS:
        _, _, pages = fitted_sheets(name, lang)  # as `summary --format pdf` gives it
        html = render_html(build_for(*locate(name), lang))  # as `--format html` gives it
        page = tmp_path / f"{lang}.html"
        page.write_text(html, encoding="utf-8")
        printed = browser.print_to_pdf(page)
        assert pdf_page_count(printed) == pages, (name, lang)
        _check_printed_together(html, printed, (name, lang))


def _printed_text(pdf: bytes) -> list[tuple[str, int, int]]:
    """Each character a PDF shows (no spaces; ligatures as their letters), with its page and
    column, in the order the PDF draws them (Chromium draws a page's text in layout order)."""
    import unicodedata

    import pypdf

    shown: list[tuple[str, int, int]] = []
    for number, page in enumerate(pypdf.PdfReader(io.BytesIO(pdf)).pages):
        middle = float(page.mediabox.width) / 2

        def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            for char in unicodedata.normalize("NFKC", text):
                if not char.isspace():
                    shown.append((char, number, int(x >= middle)))  # noqa: B023

        page.extract_text(visitor_text=visit)
    return shown


def _plain(fragment: str) -> str:
    import html as markup
    import unicodedata

    text = markup.unescape(re.sub(r"<[^>]+>", "", fragment)).replace("\xad", "")
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def _check_printed_together(html: str, printed: bytes, what: tuple[str, str]) -> None:
    """In a browser's print of a sheet: each lead-in sentence with its whole table, and each
    section's last rule with its source line, in one column of one page."""
    shown = _printed_text(printed)
    text = "".join(char for char, _, _ in shown)
    kept = re.findall(r'<div class="(?:keep|ends)">(.*?)</div>', html, re.S)
    assert kept, what
    for group in map(_plain, kept):
        at = text.find(group)
        assert at >= 0, (what, group[:60])  # every group is found in the printed text
        places = {(page, column) for _, page, column in shown[at : at + len(group)]}
        assert len(places) == 1, (what, places, group[:60])


@pytest.mark.browser
@pytest.mark.skipif(
    chromium.executable() is None, reason="no Chromium here: the browser print is not checked"
)
@pytest.mark.parametrize("name", EXAMPLES)
def test_the_browser_prints_the_html_sheet_kept_together(
    name: str, tmp_path: Path, browser: Chromium
) -> None:
    """An example house rule's `summary --format html` (laid out by the browser alone, fitted
    by its script): its print keeps what the PDF keeps together, in every language, on at most
    MOST_PAGES pages (a built-in's: test_the_html_prints_from_a_browser_as_the_pdf)."""
    from riskrules.tools.sheets.summary import MOST_PAGES, render_html

    for lang in LANGS:
        html = render_html(build_for(*locate(name), lang))
        page = tmp_path / f"{lang}.html"
        page.write_text(html, encoding="utf-8")
        printed = browser.print_to_pdf(page)
        assert pdf_page_count(printed) <= MOST_PAGES, (name, lang)
        _check_printed_together(html, printed, (name, lang))
