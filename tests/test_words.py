"""Danish and Dutch all the way through: every studio page and every command's output that a
player reads, rendered in da and in nl, holds no English message. What counts as English is
read from the English side of the catalogues (the messages', the sheets' and studio's, the
lab's): each message's fixed words, where at least three of them are words (a rule id, a
formula or a number is the same in every language). The text a player wrote (the rules file in
the editor, a rule id in code) is left out; everything around it is checked.

Also: the language buttons work on every page, an open file included, and keep the work."""

from __future__ import annotations

import functools
import html
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from helpers import ROOT, run_cli

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from riskrules.tools.studio.app import guarded
from riskrules.tools.studio.security import Door

PORT = 8124
ORIGIN = f"http://127.0.0.1:{PORT}"
HOUSE = (
    'ruleset family "Vores bord" extends da-2006 {\n'
    "  override combat.ties: angriber\n"
    "  override kamp.uafgjort: attacker\n"
    "}\n"
)
CATALOGUES = (
    ROOT / "grammar" / "locale" / "messages.pot",
    ROOT / "tools" / "sheets" / "locale" / "riskrules.pot",
    ROOT / "tools" / "lab" / "locale" / "lab.pot",
)


@functools.cache
def english() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Every English message with 3 words or more in its fixed parts, as a pattern: its
    fixed parts in order, anything between them (its arguments)."""
    found: dict[str, re.Pattern[str]] = {}
    for pot in CATALOGUES:
        with pot.open("rb") as handle:
            ids = [m.id for m in read_po(handle) if m.id]
        for msgid in ids:
            for text in msgid if isinstance(msgid, tuple) else (msgid,):
                try:
                    literals = [lit for lit, *_ in string.Formatter().parse(text)]
                except ValueError:
                    continue
                words = " ".join(literals).split()
                if sum(w.strip(".,:;()'\"").isalpha() and len(w) > 2 for w in words) < 3:
                    continue
                pattern = r"[^\n]*?".join(re.escape(lit.strip()) for lit in literals if lit.strip())
                found[text] = re.compile(pattern)
    return tuple(sorted(found.items()))


def english_left(shown: str) -> list[str]:
    return [text for text, pattern in english() if pattern.search(shown)]


def readable(page: str) -> str:
    """What a page says to its reader: its text without the markup, the rules text in the
    editor, code (rule ids, formulas) and scripts."""
    page = re.sub(r"(?s)<(textarea|script|style|code|pre)\b.*?</\1>", " ", page)
    page = re.sub(r"(?s)<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(page))


def client(folder: Path, lang: str) -> TestClient:
    door = Door("the-token", port=PORT)
    found = TestClient(
        guarded(folder, door), base_url=ORIGIN + door.root, raise_server_exceptions=False
    )
    found.post("/language", data={"lang": lang, "back": door.root + "/"})
    return found


PAGES = (
    ("get", "/", None),
    ("get", "/edit?file=a.rules", None),
    ("get", "/form?file=a.rules", None),
    ("get", "/sheetpanel?file=a.rules", None),
    ("get", "/sheet?file=a.rules&lang={lang}", None),
    ("get", "/sheet?file=broken.rules", None),
    ("get", "/diff?file=a.rules", None),
    ("get", "/odds?file=a.rules", None),
    ("post", "/text", {"file": "a.rules", "text": HOUSE}),
    ("get", "/edit?file=missing.rules", None),
    ("get", "/nowhere", None),
    ("post", "/new", {}),
    ("post", "/new", {"base": "no-such-base"}),
    ("post", "/study", {"file": "a.rules", "games": "many"}),
    ("post", "/study", {"file": "a.rules", "games": "999999"}),
    ("post", "/fix", {"file": "a.rules", "fix": "7"}),
    ("get", "/study/report", None),
    ("post", "/save", {"file": "a.rules", "name": "bad/name"}),
    ("post", "/save", {"file": "", "name": ""}),
)


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_every_studio_page_speaks_danish_or_dutch(tmp_path: Path, lang: str) -> None:
    (tmp_path / "a.rules").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "broken.rules").write_text("ruleset {", encoding="utf-8")
    c = client(tmp_path, lang)
    seen = []
    for method, path, data in PAGES:
        path = path.format(lang=lang)
        answer = c.get(path) if method == "get" else c.post(path, data=data or {})
        assert answer.status_code in (200, 400, 404), (path, answer.status_code)
        shown = readable(answer.text)
        left = english_left(shown)
        assert not left, (path, left[:5])
        seen.append(shown)
    everything = " ".join(seen)
    # The checker's message, its quick fix and the Danish or Dutch word's did-you-mean:
    if lang == "da":
        assert "'angriber' er dansk for 'attacker'" in everything
        assert "Ret til 'attacker'" in everything
        assert "mente du 'combat.ties'?" in everything
    else:
        assert "'angriber' is Deens voor 'attacker'" in everything
        assert "Verander in 'attacker'" in everything
        assert "bedoelde je 'combat.ties'?" in everything


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_the_language_buttons_keep_an_open_file_and_its_work(tmp_path: Path, lang: str) -> None:
    """Pressing Dansk (or Nederlands) in the editor leads back to the same file, with the
    text typed since its last save (the draft), now in the language pressed."""
    (tmp_path / "a.rules").write_text(HOUSE, encoding="utf-8")
    c = client(tmp_path, "en")
    typed = HOUSE.replace("angriber", "forsvarer")
    c.post("/text", data={"file": "a.rules", "text": typed})
    editor = c.get("/edit?file=a.rules").text
    back = re.search(r'name="back" value="([^"]+)"', editor)
    assert back and html.unescape(back.group(1)) == "/s/the-token/edit?file=a.rules"
    answer = c.post("/language", data={"lang": lang, "back": html.unescape(back.group(1))})
    assert answer.status_code == 200 and answer.url.path == "/s/the-token/edit"
    assert "forsvarer" in answer.text  # the work typed, not the saved file
    said = "'forsvarer' er dansk for 'defender'" if lang == "da" else "is Deens voor 'defender'"
    assert said in html.unescape(answer.text)
    assert (tmp_path / "a.rules").read_text(encoding="utf-8") == HOUSE  # nothing saved


COMMANDS = (
    ("list",),
    ("show", "da-2006"),
    ("explain", "da-2006", "combat.ties"),
    ("explain", "da-2006", "no.such.rule"),
    ("new", "hus", "--extends", "da-2006", "-o", "-"),
    ("new", "--from", "list"),
    ("fmt", "--check", "{root}/tests/mistakes/da-attacker.rules"),
    ("fmt", "--check", "{root}/examples/house-rules/attacker-wins-ties.rules"),
    ("simulate", "da-2006", "-g", "2", "-w", "1"),
    # The rungs' rows are one form whichever agents play (the search and planner rungs, the
    # default's last two, only took 2 of its 2.3 CPU-seconds): the baseline's and another's.
    ("ladder", "classic", "-g", "2", "-w", "1", "--rungs", "random,aggressive,positional"),
    ("referee", "da-2006", "{root}/tests/golden/commands.txt"),
    ("test", "da-2006", "{root}/features/da-2006.feature"),
    ("diff", "classic", "da-2006"),
    ("check", "{mistakes}"),
    ("check", "--format", "json", "{root}/tests/mistakes/da-attacker.rules"),
    ("check", "{root}/tests/mistakes/nl-attacker.rules", "--strict"),
    ("check", "nothing-here.rules"),
    ("check", "no-such-ruleset"),
    (
        "balance",
        "classic",
        "{root}/examples/house-rules/attacker-wins-ties.rules",
        "--games",
        "8",
        "--workers",
        "1",
        "--agents",
        "aggressive",
    ),
)


@pytest.mark.parametrize("lang", ["da", "nl"])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_every_command_speaks_danish_or_dutch(lang: str, args: tuple[str, ...]) -> None:
    mistakes = sorted(str(p) for p in (ROOT / "tests" / "mistakes").glob("*.rules"))
    argv = [a for arg in args for a in (mistakes if arg == "{mistakes}" else [arg])]
    result = run_cli(*(a.replace("{root}", str(ROOT)) for a in argv), "--lang", lang)
    assert result.code in (0, 1, 2), result.err
    if "no-such" not in args[-1] and "nothing-here" not in args[-1]:
        assert "no such file" not in result.err and "ingen sådan fil" not in result.err
    said = result.out + result.err
    said = re.sub(r"(?m)^\s*\d* \|.*$", "", said)  # the files' own lines under a message
    left = english_left(said)
    assert not left, left[:5]


def test_a_study_in_the_studio_reports_in_the_pages_language(tmp_path: Path) -> None:
    """What does it do? in Danish: the verdict in the panel and the report page with its
    tables and plots' captions hold no English message."""
    import time

    (tmp_path / "a.rules").write_text(
        'ruleset family "Vores bord" extends da-2006 {\n  override combat.ties: attacker\n}\n',
        encoding="utf-8",
    )
    c = client(tmp_path, "da")
    c.post("/study", data={"file": "a.rules", "games": "4"})
    run = c.app.app.state.studio.studies.run  # type: ignore[attr-defined]
    began = time.monotonic()
    while not run.finished and time.monotonic() - began < 120:
        time.sleep(0.2)
    assert run.result is not None, run.error
    panel = readable(c.get("/study/progress").text)
    report = readable(c.get("/study/report").text)
    assert "Konklusioner" in report and "spil" in panel
    assert not english_left(panel), english_left(panel)[:5]
    assert not english_left(report), english_left(report)[:5]
