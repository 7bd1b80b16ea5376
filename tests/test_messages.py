"""The messages' catalogues (grammar/locale): every message of the code is in the template,
every entry is translated into Danish and Dutch with the same places, and a Danish or Dutch
reader of `check` sees no English message (the English catalogue's ids are what is looked for)."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from helpers import ROOT, run_cli

LOCALE = ROOT / "grammar" / "locale"


def _catalogue(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _places(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_template_holds_every_message_of_the_code(tmp_path: Path) -> None:
    fresh = tmp_path / "messages.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "-q",
            "extract",
            "-F",
            str(LOCALE / "babel.cfg"),
            "-k",
            "msg",
            "-k",
            "msg_n:1,2",
            "-k",
            "help_text",
            "-k",
            "help_text_n:1,2",
            "--no-default-keywords",
            "--no-location",
            "--sort-output",
            "--omit-header",
            "-o",
            str(fresh),
            "grammar",
            "engine",
            "tools",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with fresh.open("rb") as handle:
        wanted = {m.id for m in read_po(handle) if m.id}
    with (LOCALE / "messages.pot").open("rb") as handle:
        kept = {m.id for m in read_po(handle) if m.id}
    assert wanted == kept, "run the pybabel extract in grammar/locale/babel.cfg"


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_every_message_is_translated_with_its_places(lang: str) -> None:
    with (LOCALE / "messages.pot").open("rb") as handle:
        ids = {m.id for m in read_po(handle) if m.id}
    found = {m.id: m for m in _catalogue(lang) if m.id}
    assert ids <= set(found), sorted(map(str, ids - set(found)))[:10]
    for msgid in ids:
        entry = found[msgid]
        assert not entry.fuzzy, msgid
        english = msgid if isinstance(msgid, tuple) else (msgid,)
        said = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(said), f"untranslated: {msgid!r}"
        for form, text in enumerate(said):  # (click's plurals name a place per form)
            source = english[min(form, len(english) - 1)]
            assert _places(text) <= _places(english[0]) | _places(english[-1]) | {"count"}, (
                msgid,
                text,
            )
            assert _places(source) - {"count"} <= _places(text) | {"count"}, (msgid, text)


def _english_sentences() -> list[str]:
    """The English catalogue's messages long enough to be recognised, as their fixed parts."""
    with (LOCALE / "messages.pot").open("rb") as handle:
        ids = [m.id for m in read_po(handle) if m.id]
    parts: list[str] = []
    for msgid in ids:
        for text in msgid if isinstance(msgid, tuple) else (msgid,):
            for literal, *_ in string.Formatter().parse(text):
                words = literal.strip(" :;,.()'\"")
                if sum(w.isalpha() and len(w) > 2 for w in words.split()) >= 3:
                    parts.append(words)
    return parts


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_check_says_nothing_in_english_to_a_danish_or_dutch_reader(lang: str) -> None:
    """Every mistake of the corpus and every diagnostic sample, checked in `lang`: no fixed
    part of an English message is left in what `check` prints."""
    files = sorted(str(p) for p in (ROOT / "tests" / "mistakes").glob("*.rules"))
    files += sorted(str(p) for p in (ROOT / "tests" / "diagnostics").glob("*.rules"))
    result = run_cli("check", "--lang", lang, *files)
    assert result.code == 1 and "RR0" in result.out
    shown = re.sub(r"^\s*\d* \|.*$", "", result.out, flags=re.M)  # the files' own lines
    left = [part for part in _english_sentences() if part in shown]
    assert not left, left[:5]


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_the_command_line_refuses_in_the_readers_language(lang: str, tmp_path: Path) -> None:
    """What the command line says to a Danish or Dutch reader (LANG) when it refuses: a usage
    error of `odds` and of `summary`, a write refused by safewrite (a link planted where the
    sheet goes), the study's agents; each in the reader's words, no fixed English part."""
    (tmp_path / "elsewhere.txt").write_text("kept\n")
    (tmp_path / "sheet.html").symlink_to(tmp_path / "elsewhere.txt")
    env = {"LANG": f"{lang}_{lang.upper()}.UTF-8", "LC_ALL": "", "LANGUAGE": ""}
    cases = [
        ("odds", "classic"),  # neither --attackers nor --table nor --roll
        ("odds", "classic", "--roll", "three"),
        ("odds", "classic", "-a", "61", "-d", "3", "--exact"),
        ("summary", "classic", "--format", "html", "-o", str(tmp_path / "sheet.pdf")),
        ("summary", "classic", "-o", str(tmp_path / "sheet.txt")),
        ("summary", "classic", "--layout", "card", "--format", "md"),
        ("summary", "classic", "-o", str(tmp_path / "sheet.html")),  # a link: refused
        ("balance", "classic", "classic", "--agents", "random,random"),
    ]
    english = _english_sentences()
    for args in cases:
        result = run_cli(*args, env=env)
        assert result.code == 2, (args, result.err)
        said = result.err.strip().splitlines()[-1]
        assert said.startswith({"da": "fejl:", "nl": "fout:"}[lang]) or "--agents" in said, said
        left = [part for part in english if part in said]
        assert not left, (args, left)
    assert (tmp_path / "elsewhere.txt").read_text() == "kept\n"
