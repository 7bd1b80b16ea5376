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
        for text in said:
            assert _places(text) <= _places(english[-1]) | {"count"}, (msgid, text)
            assert _places(english[0]) - {"count"} <= _places(text) | {"count"}, (msgid, text)


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
