"""Hostile input through the real command line: every case in tests/hostile/ (and a few made
here, too big or too odd to keep in the repository) ends with a clear message and exit 1 or 2,
never an internal error (3), within a time and memory limit."""

from __future__ import annotations

import html as html_lib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from helpers import ROOT

HOSTILE = ROOT / "tests" / "hostile"
MEMORY = 1_500 * 2**20  # bytes of address space a command may use
SECONDS = 90


def _limit() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str, cwd: Path | None = None, stdin: bytes | None = None) -> tuple[int, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "riskrules", *args],
        capture_output=True,
        input=stdin,
        cwd=cwd,
        timeout=SECONDS,
        preexec_fn=_limit if os.name == "posix" else None,
    )
    out = (proc.stdout + proc.stderr).decode("utf-8", errors="replace")
    assert "internal error" not in out and "Traceback" not in out, out[-2000:]
    assert proc.returncode != 3, out[-2000:]
    return proc.returncode, out


def h(name: str) -> str:
    return str(HOSTILE / name)


KOMMANDO = "000_c088f9ca3cbe1af9.txt"  # the manual da-2006 encodes
# (arguments, the exit code, words the output must hold)
CASES = [
    (("summary", h("misspelt-quantity.rules"), "-o", "{tmp}/x.html"), 1, "RR0211"),
    (("check", h("misspelt-quantity.rules"), "--report", "{tmp}/report"), 1, "RR0211"),
    (("check", h("divide-by-zero.rules")), 1, "RR0220"),
    (("check", h("divide-at-14.rules")), 1, "territories = 14"),
    (("check", h("divide-dice.rules")), 1, "RR0220"),
    (("simulate", h("divide-by-zero.rules"), "-g", "1"), 1, "RR0220"),
    (("odds", h("divide-by-zero.rules"), "-a", "3", "-d", "2"), 1, "RR0220"),
    (("summary", h("divide-by-zero.rules")), 1, "RR0220"),
    (("check", h("long-expression.rules")), 1, "RR0004"),
    (("fmt", "--check", h("long-expression.rules")), 0, ""),  # fmt lays out; check reports
    (("check", h("ten-dice.rules")), 1, "RR0223"),
    (("odds", h("ten-dice.rules"), "-a", "10", "-d", "10"), 1, "RR0223"),
    (("check", h("huge-income.rules")), 1, "RR0222"),
    (("check", h("huge-trade.rules")), 1, "RR0222"),
    (("simulate", h("huge-start.rules"), "-g", "1"), 1, "RR0222"),
    (("check", h("zero-minimum.rules")), 1, "RR0221"),
    (("check", h("negative-move-in.rules")), 1, "RR0224"),
    (("check", h("leading-zeros.rules")), 0, "no problems"),
    (("check", h("bom.rules")), 0, "no problems"),
    (("check", h("stray-cr.rules")), 0, "no problems"),
    (("fmt", "--diff", h("stray-cr.rules")), 1, "fortify.moves: 2"),
    (("check", h("ring.rules")), 1, "cycle of 200"),
    (("test", "classic", h("empty.feature")), 1, "no feature found"),
    (("test", "classic", h("not-gherkin.feature")), 1, "not valid Gherkin"),
    (
        ("trace", h("sources.rules"), "--sources", str(HOSTILE), "--features", h("empty.feature")),
        1,
        "no feature found",
    ),
    (("summary", "classic", "-o", "{tmp}/missing/x.html"), 2, "cannot write"),
    (("summary", "classic", "-o", "/dev/full"), 2, "cannot write"),
    (("check", "--report", "{tmp}/file/sub"), 2, "cannot write"),
    (("new", "mine", "-o", "{tmp}/missing/mine.rules"), 2, "cannot write"),
    (("simulate", "classic", "-g", "1", "--record", "{tmp}/file/sub"), 2, "cannot write"),
    (("check", "/dev/zero"), 1, "not a regular file"),
    (("check", "{tmp}/big.rules"), 1, "rules files are limited"),
    (("check", "{tmp}/fifo.rules"), 1, "not a regular file"),
    (("referee", "classic", "{tmp}/deep.jsonl"), 1, "nested too deeply"),
    (("referee", "classic", "{tmp}/long.jsonl"), 1, "longer than 100,000 bytes"),
    (("referee", "classic", "{tmp}/version.jsonl"), 1, "unsupported record version"),
    # trace --sources: a folder that gives no manual is named with the files it should hold.
    (("trace", "da-2006", "--sources", "{tmp}/nowhere"), 2, "no such folder"),
    (
        ("trace", "da-2006", "--sources", "{tmp}/no-manuals"),
        2,
        f"no-manuals; expected the texts the rulesets cite: {KOMMANDO} (da000): not in the folder",
    ),
    (("trace", "da-2006", "--uncovered", "--sources", "{tmp}/no-manuals"), 2, KOMMANDO),
    (("trace", "da-2006", "--sources", "{tmp}/fifo-manual"), 2, "not a regular file"),
    (("trace", "da-2006", "--uncovered", "--sources", "{tmp}/huge-manual"), 2, "20,000,000"),
    # A manual at the size limit, 772,000 short rule-bearing passages: counted, 1,000 listed.
    (("trace", "da-2006", "--uncovered", "--sources", "{tmp}/full-manual"), 1, "771,445 more"),
]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "file").write_text("a file, not a folder\n")
    with open(folder / "big.rules", "wb") as handle:  # 300 MB, sparse: costs no disk
        handle.truncate(300_000_000)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.rules")
    header = json.dumps(
        {
            "format": "riskrules-record",
            "version": 1,
            "ruleset": "classic",
            "players": ["a", "b", "c"],
            "neutrals": [],
        }
    )
    (folder / "deep.jsonl").write_text(header + "\n" + '{"x": ' + "[" * 99_000 + "\n")
    with open(folder / "long.jsonl", "w") as handle:
        handle.write(header + "\n")
        handle.write(" " * 50_000_000 + "\n")
    (folder / "version.jsonl").write_text(header.replace('"version": 1', '"version": true') + "\n")
    (folder / "no-manuals").mkdir()
    (folder / "no-manuals" / "notes.txt").write_text("not a manual\n")
    for name in ("fifo-manual", "huge-manual", "full-manual"):
        (folder / name).mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo-manual" / KOMMANDO)
    with open(folder / "huge-manual" / KOMMANDO, "wb") as handle:  # sparse: costs no disk
        handle.truncate(30_000_000)
    with open(folder / "full-manual" / KOMMANDO, "w", encoding="utf-8") as handle:
        size = number = 0
        while size < 19_900_000:  # page markers up to 99,998, then lines without one
            number += 1
            line = "Du skal tage 3 hære nu.\n"
            line = f"{number} {line}" if number < 99_999 else line
            size += len(line.encode())
            handle.write(line)
    return folder


@pytest.mark.parametrize(("args", "code", "words"), CASES, ids=lambda v: str(v)[:40])
def test_hostile_input(tmp: Path, args: tuple[str, ...], code: int, words: str) -> None:
    if any("fifo" in a for a in args) and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    got, out = run(*(a.replace("{tmp}", str(tmp)) for a in args), cwd=tmp)
    assert got == code, out[-2000:]
    assert words in out, out[-2000:]


def test_the_report_escapes_what_a_title_holds(tmp: Path) -> None:
    run("check", h("script-title.rules"), "--report", str(tmp / "escaped"))
    index = (tmp / "escaped" / "index.md").read_text()
    assert "<script>" not in index and "&lt;script&gt;" in index


def test_trace_reads_manuals_only_inside_the_sources_folder(tmp: Path) -> None:
    _code, out = run(
        "trace",
        h("sources.rules"),
        "--sources",
        str(HOSTILE),
        "--format",
        "json",
        "--features",
        str(ROOT / "features" / "nl-classic.feature"),
    )
    report = json.loads(out[out.index("{") :])["rulesets"][0]
    # The Latin-1 manual is read (its anchor found); /bin/ls, outside the folder, is not.
    assert report["anchors_checked"] == 1 and report["anchors_found"] == 1, report


def test_same_seed_same_record_bytes_under_any_hash_seed(tmp: Path) -> None:
    folders = []
    for seed in ("1", "2"):
        folder = tmp / f"hash-{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "riskrules",
                "simulate",
                "da-2006",
                "-p",
                "3",
                "-g",
                "2",
                "--seed",
                "7",
                "--record",
                str(folder),
            ],
            check=True,
            env=env,
            capture_output=True,
            timeout=300,
        )
        folders.append(folder)
    for name in ("game-0001.jsonl", "game-0002.jsonl"):
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes()


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
  override continents.bonus: {{
    north: assumed 3 because {{en: "{REASON["en"]}", da: "{REASON["da"]}", nl: "{REASON["nl"]}"}},
    south: 2
  }}
    cite hx section "{SECTION}" "{ANCHOR}"
  override fortify.moves: 2
    cite hx page 3 "{SCRIPT} {CODE}"
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
    said = [TITLE, REASON[lang], CONTINENT[lang], MANUAL, SHORT, SECTION]
    for fmt, shows in (("html", html_shows), ("md", markdown_shows)):
        for citations in ("sections", "rules"):
            target = hostile / f"sheet-{lang}-{citations}.{fmt}"
            args = ("--lang", lang, "--format", fmt, "--citations", citations, "-o", str(target))
            code, out = run("summary", rules, *args)
            assert code == 0, out
            shows(target.read_text(encoding="utf-8"), *said)


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
        html_shows(
            (folder / f"hostile.{lang}.html").read_text(encoding="utf-8"), TITLE, REASON[lang]
        )


def test_show_and_explain_show_what_the_author_wrote(hostile: Path) -> None:
    rules = str(hostile / "hostile.rules")
    code, out = run("show", rules)
    assert code == 0, out
    text_shows(out, TITLE, REASON["da"], SECTION, ANCHOR)
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
    junit = hostile / "junit.xml"
    code, out = run("test", rules, feature, "--junitxml", str(junit))
    assert code == 1, out
    text_shows(out, SCENARIO)
    # JUnit XML that a CI service can read (a raw control character would make it unreadable),
    # naming the scenario as written.
    case = ElementTree.parse(junit).getroot().find("testsuite/testcase")
    assert case is not None and case.get("name") == f"Scenario: {visible(SCENARIO)}", case
