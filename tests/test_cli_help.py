"""The command line's frame in the reader's language: a Danish or Dutch player's `--help` (click's
Usage:, Options:, Show this message and exit., and every command's and option's help) and a
bad option's error (Error:, Try … for help.) hold no English sentence of the English run, and
the exit codes stay (0 for help, 2 for usage)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from helpers import run_cli
from riskrules.tools import cli

# Every command ([] is `riskrules` itself, `site`'s two its own).
TRANSLATED = [
    [],
    *([name] for name in sorted(cli.cli.commands)),
    ["site", "build"],
    ["site", "serve"],
]
READERS = {"da": "da_DK.UTF-8", "nl": "nl_NL.UTF-8"}


def _sentences(text: str) -> list[str]:
    """English phrases of a help or an error: a column's text of three words or more."""
    found = []
    for line in text.splitlines():
        for chunk in re.split(r"\s{2,}", line.strip()):
            words = [w for w in chunk.split() if w.strip(".,:;()'\"").isalpha()]
            command_line = re.match(r"(riskrules|cat|eval) ", chunk)  # an example's
            if sum(len(w) > 2 for w in words) >= 3 and not command_line:
                found.append(chunk)
    return found


def _flat(text: str) -> str:
    return " ".join(text.split())


def _run(args: list[str], lang: str) -> tuple[int, str, str]:
    env = {"LANG": READERS.get(lang, "en_GB.UTF-8"), "LC_ALL": "", "LANGUAGE": ""}
    result = run_cli(*args, env=env)
    return result.code, result.out, result.err


@pytest.mark.parametrize("lang", ["da", "nl"])
@pytest.mark.parametrize("command", TRANSLATED, ids=lambda c: " ".join(c) or "riskrules")
def test_help_is_in_the_readers_language(command: list[str], lang: str) -> None:
    code, english, _ = _run([*command, "--help"], "en")
    assert code == 0 and english.startswith("Usage: ")
    runs = [_run([*command, "--help"], lang)]  # the locale's language
    if "--lang [" in english:  # and --lang, where the command has it, before or after --help
        runs.append(_run([*command, "--lang", lang, "--help"], "en"))
        runs.append(_run([*command, "--help", f"--lang={lang}"], "en"))
    for code, shown, _ in runs:
        assert code == 0, shown
        assert shown.startswith({"da": "Brug: ", "nl": "Gebruik: "}[lang]), shown[:40]
        left = [s for s in _sentences(english) if _flat(s) in _flat(shown)]
        assert not left, left[:5]


@pytest.mark.parametrize("lang", ["da", "nl"])
@pytest.mark.parametrize(
    "args",
    [
        ["check", "--bogus"],
        ["check", "--format", "xml"],
        ["chek"],
        ["odds", "classic", "--attackers", "three"],
        ["simulate", "classic", "--games", "0.5"],
        ["simulate", "classic", "--players", "0"],
        ["fmt", "no-such-file.rules"],
        ["check", "--report"],
    ],
    ids=" ".join,
)
def test_a_usage_error_is_in_the_readers_language(args: list[str], lang: str) -> None:
    code, _, english = _run(args, "en")
    assert code == 2 and "Error: " in english
    code, _, shown = _run(args, lang)
    assert code == 2, shown
    if "Try 'riskrules" in english:  # (click offers it where it knows the command)
        assert {"da": "Prøv 'riskrules", "nl": "Probeer 'riskrules"}[lang] in shown
    assert {"da": "Fejl: ", "nl": "Fout: "}[lang] in shown
    left = [s for s in _sentences(english) if _flat(s) in _flat(shown)]
    assert not left, left
    assert not re.search(r"\b(integer|float)\b", shown), shown  # (a value's type, named)


def test_the_lang_option_chooses_the_language_of_a_usage_error() -> None:
    code, _, shown = _run(["check", "--lang", "nl", "--format", "xml"], "en")
    assert code == 2
    assert "Fout: Ongeldige waarde voor '--format'" in shown, shown


def test_the_words_of_click_translated_are_clicks_own(tmp_path: Path) -> None:
    """frame.py's list of click's words is click's (a click that rewords one would leave it
    English), and frame.py reaches every module of click that binds gettext."""
    from riskrules.tools.cli import frame

    folder = Path(click.__file__).parent
    pot = tmp_path / "click.pot"
    keywords = ["-k", "_", "-k", "ngettext:1,2", "--no-default-keywords"]
    extract = [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", *keywords]
    subprocess.run([*extract, "-o", str(pot), str(folder)], check=True, capture_output=True)
    from babel.messages.pofile import read_po

    with pot.open("rb") as handle:
        clicks = {m.id for m in read_po(handle) if m.id}
    ours = ast.parse(Path(frame.__file__).read_text())
    words = next(
        node.value
        for node in ours.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CLICK_WORDS"
    )
    marked = [
        tuple(a.value for a in node.args if isinstance(a, ast.Constant))
        for node in ast.walk(words)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "").startswith("help_text")
    ]
    listed = [m[0] if len(m) == 1 else m for m in marked if m]
    listed.remove("required")  # (passed through gettext as a variable: _(extra["required"]))
    assert len(listed) > 30
    assert not [m for m in listed if m not in clicks], [m for m in listed if m not in clicks]
    binding = {
        p.stem
        for p in folder.glob("*.py")
        if re.search(r"^from gettext import", p.read_text(), flags=re.M)
    }
    assert binding - {"_winconsole"} <= set(frame.CLICK_MODULES)


@pytest.mark.parametrize("command", [["check"], ["site", "build"]], ids=" ".join)
def test_english_help_is_left_as_it_was(command: list[str]) -> None:
    """The swap of help texts puts the English back: a Danish help first (the first to make
    --help's own option), then the English one."""
    from riskrules.tools.cli.commands.site import site

    for each in (cli.cli.commands["check"], site.commands["build"]):
        each._help_option = None  # (as in a new process)
    _run([*command, "--help"], "da")
    code, shown, _ = _run([*command, "--help"], "en")
    assert code == 0 and "Show this message and exit." in shown
    if command == ["check"]:
        assert "Check rules files, folders of them, or built-in rulesets" in _flat(shown)


@pytest.mark.parametrize("lang", ["da", "nl"])
def test_the_usage_line_and_the_values_are_named_in_the_readers_language(lang: str) -> None:
    """[OPTIONS], COMMAND [ARGS]..., INTEGER RANGE, TEXT, DIRECTORY: click's names of what is
    typed, in the reader's words; the arguments (RULESET) stay as the help's text names them."""
    code, shown, _ = _run(["odds", "--help"], lang)
    assert code == 0
    words = {"da": ("[TILVALG]", "HELTAL", "TEKST"), "nl": ("[OPTIES]", "GETAL", "TEKST")}[lang]
    assert all(w in shown for w in words), shown
    assert "RULESET" in shown and not re.search(r"OPTIONS|INTEGER|\bTEXT\b", shown)
    code, shown, _ = _run(["check", "--help"], lang)
    assert {"da": "--report MAPPE", "nl": "--report MAP"}[lang] in shown
    _, top, _ = _run(["--help"], lang)
    assert {"da": "KOMMANDO [ARGUMENTER]", "nl": "OPDRACHT [ARGUMENTEN]"}[lang] in top
