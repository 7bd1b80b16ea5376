"""What a user wrote, shown: markup, control sequences and a reversing character in a house
rule's title, reasons, names, a manual and a scenario reach every output as written (escaped
for its format), obeyed by none. Through the real command line, as tests/test_hostile.py runs
it."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from hostilerun import run

# ---------------------------------------------------------------- what a user wrote, shown
# A title, a reason (one per language), names, a manual's name, a citation's section and
# anchor, a scenario's title: each holds markup of HTML and Markdown, a control sequence that
# clears a terminal and a character that reverses the text after it. Every output shows them
# as written (escaped for its format) and obeys none.
CLEAR = "\x1b[2J"
REVERSE = "\u202e"
SCRIPT = "<script>alert(1)</script>"
LINK = "[x](javascript:alert(1))"
CELLS = "| a | b |"
CODE = "`code`"
TITLE = f"# heading {SCRIPT} {LINK} {CELLS} {CODE} {CLEAR}{REVERSE}"
REASON = {
    "en": f"{SCRIPT} {LINK} {CELLS} {CODE}",
    "da": f"# heading {SCRIPT} {CLEAR}",
    "nl": f"{CELLS} {CODE} {LINK}",
}
CONTINENT = {"en": f"# heading {SCRIPT}", "da": f"{CODE} nord", "nl": f"{CELLS} noord"}
MANUAL = f"{SCRIPT} manual"
SHORT = f"{LINK} {CELLS}"
SECTION = f"# heading {SCRIPT} {CLEAR}"
ANCHOR = f"{LINK} {CELLS}"
SCENARIO = f"{SCRIPT} {LINK} {CLEAR}"
# the author's note on a rule, printed beneath its sentence on each sheet in its language
NOTE = {"en": f"{CODE} {SCRIPT} note", "da": f"{LINK} # heading", "nl": f"{CELLS} {CLEAR} noot"}
HOSTILE_RULES = f"""\
source hx "hostile.txt" language en
  title "{MANUAL}" short "{SHORT}"
board tiny "Tiny" {{
  continent north en "{CONTINENT["en"]}" da "{CONTINENT["da"]}" nl "{CONTINENT["nl"]}" {{
    a1 en "{SCRIPT}" da "{LINK}" nl "{CODE}"
    a2 en "A2" da "A2" nl "A2"
  }}
  continent south en "South" da "Syd" nl "Zuid" {{
    b1 en "B1" da "B1" nl "B1"
    b2 en "B2" da "B2" nl "B2"
  }}
  borders {{
    a1 - a2, b1
    a2 - b2
    b1 - b2
  }}
}}
ruleset hostile "{TITLE}" extends classic {{
  from hx
  override board: tiny
  override players: 3 .. 4
  override continents.bonus: {{
    north: assumed 3 because {{en: "{REASON["en"]}", da: "{REASON["da"]}", nl: "{REASON["nl"]}"}},
    south: 2
  }}
    cite hx section "{SECTION}" "{ANCHOR}"
  override fortify.moves: 2
    cite hx page 3 "{SCRIPT} {CODE}"
    note {{en: "{NOTE["en"]}", da: "{NOTE["da"]}", nl: "{NOTE["nl"]}"}}
  ignore hx page 1 "page one" because "{REASON["en"]}"
}}
"""
HOSTILE_MANUAL = (
    f"1 The {MANUAL}, page one.\n"
    f"2 Each player must take 3 armies {ANCHOR} # heading {CODE} {CLEAR} here.\n"
    f"3 {SCRIPT} {CODE} is on this page: you must move 2 armies.\n"
)
HOSTILE_FEATURE = (
    'Feature: hostile\n  Background:\n    Given the ruleset "hostile"\n\n'
    f"  Scenario: {SCENARIO}\n    Then each of 3 players starts with 99 armies\n"
)
RAW = [SCRIPT, "<script>", LINK, CELLS, CODE, "<i>", CLEAR, REVERSE]


def html_shows(page: str, *texts: str) -> None:
    """An HTML page holds no markup a user wrote and shows each text, escaped."""
    for raw in ("<script", "javascript:alert(1)</", CLEAR, REVERSE, "\x1b"):
        assert raw not in page, raw
    for text in texts:
        shown = html_lib.escape(visible(text), quote=False)
        assert shown in page or html_lib.escape(visible(text)) in page, (text, page[:3000])


def markdown_shows(page: str, *texts: str) -> None:
    """A Markdown page holds none of the Markdown or HTML a user wrote, unescaped (no heading,
    link, code, table cell, raw HTML, control character), and shows each text, escaped."""
    for raw in RAW:
        assert raw not in page, (raw, page[:3000])
    assert not re.search(r"(?<!\\)# heading", page), page[:3000]
    for text in texts:
        assert md_escaped(text) in page, (md_escaped(text), page[:3000])


def text_shows(out: str, *texts: str) -> None:
    """Text for a terminal: no control character or reversal a user wrote, each text shown
    as written, its control characters as escapes."""
    assert "\x1b" not in out and REVERSE not in out, out[:3000]
    for text in texts:
        assert visible(text) in out, (visible(text), out[:3000])


def json_holds(data: object, *texts: str) -> None:
    """JSON carries each text exactly as written (its own escaping, undone by a parser)."""
    found = json.dumps(data, ensure_ascii=False)
    for text in texts:
        assert json.dumps(text, ensure_ascii=False)[1:-1] in found, (text, found[:3000])


def visible(text: str) -> str:
    return text.replace(CLEAR, "\\x1b[2J").replace(REVERSE, "\\u202e")


def md_escaped(text: str) -> str:
    """What a Markdown page must hold for `text` (written out here, not by the code under
    test): entities for HTML, a backslash before each active character."""
    out = visible(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_\[\]|~#])", r"\\\1", out)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("markup")
    (folder / "hostile.rules").write_text(HOSTILE_RULES, encoding="utf-8")
    (folder / "hostile.txt").write_text(HOSTILE_MANUAL, encoding="utf-8")
    (folder / "hostile.feature").write_text(HOSTILE_FEATURE, encoding="utf-8")
    return folder


def test_the_hostile_ruleset_checks(hostile: Path) -> None:
    code, out = run("check", str(hostile / "hostile.rules"))
    assert code == 0, out
    text_shows(out, REASON["en"])


@pytest.mark.parametrize("lang", ["en", "da", "nl"])
def test_sheets_show_what_the_author_wrote(hostile: Path, lang: str) -> None:
    """`summary` as HTML (fitted as the PDF prints it), as Markdown, and with a note per rule:
    the title, the reason in the sheet's language, the continents' names in it, the manual's
    names and the section cited."""
    rules = str(hostile / "hostile.rules")
    said = [TITLE, REASON[lang], CONTINENT[lang], MANUAL, SHORT, SECTION, NOTE[lang]]
    for fmt, shows in (("html", html_shows), ("md", markdown_shows)):
        for citations in ("sections", "rules"):
            target = hostile / f"sheet-{lang}-{citations}.{fmt}"
            args = ("--lang", lang, "--format", fmt, "--citations", citations, "-o", str(target))
            code, out = run("summary", rules, *args)
            assert code == 0, out
            written = target.read_text(encoding="utf-8")
            shows(_without_the_sheets_scripts(written) if fmt == "html" else written, *said)
    # The reference card: the title and the continents' names (its bonuses), escaped; its PDF
    # laid out within its bounded fitting (in Danish here; the `sheets` marker in the others).
    for fmt in ("html", "pdf") if lang == "da" else ("html",):
        _card(hostile, rules, lang, fmt)
    html_shows(hostile.joinpath(f"card-{lang}.html").read_text(encoding="utf-8"), TITLE)
    html_shows(hostile.joinpath(f"card-{lang}.html").read_text(encoding="utf-8"), CONTINENT[lang])


def _card(hostile: Path, rules: str, lang: str, fmt: str) -> None:
    target = hostile / f"card-{lang}.{fmt}"
    code, out = run("summary", rules, "--lang", lang, "--layout", "card", "-o", str(target))
    assert code == 0, out
    assert target.stat().st_size > 0


@pytest.mark.sheets
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_hostile_card_is_laid_out_in_every_language(hostile: Path, lang: str) -> None:
    _card(hostile, str(hostile / "hostile.rules"), lang, "pdf")


def test_the_diff_shows_what_the_author_wrote(hostile: Path) -> None:
    rules = str(hostile / "hostile.rules")
    written = [REASON["en"], REASON["da"], REASON["nl"], SECTION, ANCHOR]
    code, out = run("diff", "classic", rules)
    assert code == 0, out
    text_shows(out, SECTION, ANCHOR)  # the value is cut at 70 characters; the citation is not
    code, out = run("diff", "classic", rules, "--format", "md")
    assert code == 0, out
    markdown_shows(out, *written)
    code, out = run("diff", "classic", rules, "--format", "html")
    assert code == 0, out
    html_shows(out, SECTION, ANCHOR)
    code, out = run("diff", "classic", rules, "--format", "json")
    assert code == 0, out
    json_holds(json.loads(out), *written)


def test_the_report_shows_what_the_author_wrote(hostile: Path) -> None:
    folder = hostile / "report"
    code, out = run("check", str(hostile / "hostile.rules"), "--report", str(folder))
    assert code == 0, out
    markdown_shows((folder / "index.md").read_text(encoding="utf-8"), TITLE)
    markdown_shows(
        (folder / "hostile.md").read_text(encoding="utf-8"), TITLE, REASON["en"], SECTION, ANCHOR
    )
    for lang in ("en", "da", "nl"):
        sheet = (folder / f"hostile.{lang}.html").read_text(encoding="utf-8")
        html_shows(_without_the_sheets_scripts(sheet), TITLE, REASON[lang])


def test_show_and_explain_show_what_the_author_wrote(hostile: Path) -> None:
    rules = str(hostile / "hostile.rules")
    code, out = run("show", rules)
    assert code == 0, out
    text_shows(out, TITLE, REASON["da"], SECTION, ANCHOR, NOTE["nl"])
    code, out = run("show", rules, "--format", "json")
    assert code == 0, out
    json_holds(json.loads(out), TITLE, REASON["da"], SECTION, ANCHOR)
    code, out = run("explain", rules, "continents.bonus")
    assert code == 0, out
    text_shows(out, REASON["da"], SECTION, ANCHOR)
    code, out = run("explain", rules, "continents.bonus", "--format", "json")
    assert code == 0, out
    json_holds(json.loads(out), REASON["da"], SECTION, ANCHOR)


def test_trace_and_test_show_what_the_author_wrote(hostile: Path) -> None:
    """The section not found in the manual, the scenario's title, the manual's own passages."""
    rules, feature = str(hostile / "hostile.rules"), str(hostile / "hostile.feature")
    common = ("trace", rules, "--sources", str(hostile), "--features", feature)
    code, out = run(*common)
    assert code == 1, out
    text_shows(out, SECTION, ANCHOR)
    code, out = run(*common, "--format", "json")
    assert code == 1, out
    json_holds(json.loads(out[out.index("{") :]), SECTION, ANCHOR)
    code, out = run("trace", rules, "--sources", str(hostile), "--uncovered")
    assert code == 0, out
    text_shows(out, SHORT)
    code, out = run("trace", rules, "--sources", str(hostile), "--format", "html")
    assert code == 0, out
    html_shows(out, MANUAL, SCRIPT, CODE, REASON["en"])
    code, out = run("show", rules)
    assert code == 0, out
    text_shows(out, REASON["en"])
    junit = hostile / "junit.xml"
    code, out = run("test", rules, feature, "--junitxml", str(junit))
    assert code == 1, out
    text_shows(out, SCENARIO)
    # JUnit XML that a CI service can read (a raw control character would make it unreadable),
    # naming the scenario as written.
    case = ElementTree.parse(junit).getroot().find("testsuite/testcase")
    assert case is not None and case.get("name") == f"Scenario: {visible(SCENARIO)}", case


def test_the_studio_shows_what_the_author_wrote(hostile: Path) -> None:
    """The studio's panels (the sheet, the diff, the rule form, the diagnostics) and its start
    page hold no markup the author wrote; the text itself is shown in the editor escaped."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from riskrules.tools.studio.app import guarded
    from riskrules.tools.studio.security import Door

    door = Door("t", port=1)
    client = TestClient(guarded(hostile, door), base_url="http://127.0.0.1:1" + door.root)
    file = {"file": "hostile.rules"}
    for lang in ("en", "da", "nl"):
        sheet = client.get("/sheet", params={**file, "lang": lang})
        assert sheet.status_code == 200
        html_shows(_without_the_sheets_scripts(sheet.text), TITLE, REASON[lang], CONTINENT[lang])
    html_shows(client.get("/diff", params=file).text, SECTION, ANCHOR)
    text = HOSTILE_RULES.replace("fortify.moves", "fortify.move")  # a diagnostic, a quick fix
    diagnostics = client.post("/text", data={**file, "text": text})
    assert "RR0104" in diagnostics.text
    html_shows(diagnostics.text)
    html_shows(client.get("/form", params=file).text, SECTION)  # the form's citations
    # The text as a closing tab's beacon sends it (/draft): kept exactly, shown escaped.
    kept = HOSTILE_RULES + "# typed as the tab closed\n"
    assert client.post("/draft", data={**file, "text": kept}).status_code == 204
    from riskrules.tools.studio.drafts import Folder

    assert Folder.of(hostile).draft("hostile.rules") == kept
    page = client.get("/edit", params=file).text
    before, textarea = page.split("<textarea", 1)
    textarea, after = textarea.split("</textarea>", 1)
    outside = _without_the_studios_scripts(before, door.root) + after
    html_shows(outside, TITLE)  # the form's heading
    assert "<script" not in textarea and html_lib.escape(SCRIPT, quote=False) in textarea
    start = client.get("/").text
    assert "<script" not in _without_the_studios_scripts(start, door.root)


def _without_the_sheets_scripts(page: str) -> str:
    """A sheet's HTML without its own two scripts, exactly as the code writes them (its print
    fitting and the figures it reads, tools/sheets/printfit.py), at its end: nothing of the
    author's among them or anywhere else."""
    from riskrules.tools.sheets.printfit import SCRIPT, figures

    own = (
        f'<script type="application/json" id="fitting">{figures("a4")}</script>\n'
        f"<script>{SCRIPT}</script>\n</body>"
    )
    assert page.count(own) == 1, page[-3000:]
    return page.replace(own, "</body>", 1)


def _without_the_studios_scripts(page: str, root: str) -> str:
    """A studio page without its own two scripts (htmx and studio.js, from ROOT/static)."""
    for own in (
        f'<script src="{root}/static/htmx.min.js"></script>',
        f'<script src="{root}/static/studio.js" defer></script>',
    ):
        assert own in page
        page = page.replace(own, "", 1)
    return page
