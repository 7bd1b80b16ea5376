"""Authoring house rules: the formatter, the scaffold, the lexer, the hooks and the editor."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from helpers import ROOT, run_cli
from riskrules.grammar.layout import format_text
from riskrules.grammar.reader import read_rules

SPECS = sorted((ROOT / "specs").glob("*.rules"))
BUILTINS = [r["name"] for r in run_cli("list", "--format", "json").json()]  # type: ignore[union-attr]
_SPLIT = re.compile(r'("(?:[^"\\\n]|\\.)*"|#[^\n]*)')


def _model(text: str) -> object:
    result = read_rules(text, "x.rules")
    assert result.file is not None, result.diagnostics
    return result.file


def _mess_up(text: str, rng: random.Random) -> str:
    """Re-indent every line and re-space it, leaving strings and comments alone."""
    out = []
    for line in text.split("\n"):
        pieces = _SPLIT.split(line.strip())
        messy = []
        for n, piece in enumerate(pieces):
            if n % 2:  # a string or a comment
                messy.append(piece)
                continue
            piece = re.sub(r" +", lambda _m: " " * rng.randint(1, 3), piece)
            piece = re.sub(r", ", lambda _m: rng.choice([",", ", ", " ,  "]), piece)
            piece = re.sub(r": ", lambda _m: rng.choice([":", ": ", " :   "]), piece)
            messy.append(piece)
        out.append(" " * rng.randint(0, 9) + "".join(messy))
    return "\n".join(out)


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_fmt_round_trips_and_is_idempotent(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    once = format_text(text)
    assert _model(once) == _model(text)
    assert format_text(once) == once
    assert once == text, "the built-in specs are kept in the canonical layout"
    comments = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("#")]
    assert [ln.strip() for ln in once.splitlines() if ln.strip().startswith("#")] == comments
    rng = random.Random(path.name)
    for _ in range(3):
        messy = _mess_up(text, rng)
        assert _model(messy) == _model(text)
        assert format_text(messy) == once


def test_fmt_command(tmp_path: Path) -> None:
    messy = tmp_path / "messy.rules"
    messy.write_text(
        "# our rules\nruleset   family extends classic {\n"
        "      override combat.ties:attacker   # a comment stays\n\n\n"
        "  override reinforcements.territories : max( 3 ,territories//2 )\n}\n"
    )
    check = run_cli("fmt", "--check", str(messy))
    assert check.code == 1 and "would reformat" in check.out
    diff = run_cli("fmt", "--diff", str(messy))
    assert diff.code == 1 and "+  override combat.ties: attacker  # a comment stays" in diff.out
    assert run_cli("fmt", str(messy)).code == 0
    assert messy.read_text() == (
        "# our rules\nruleset family extends classic {\n"
        "  override combat.ties: attacker  # a comment stays\n\n"
        "  override reinforcements.territories: max(3, territories // 2)\n}\n"
    )
    assert run_cli("fmt", "--check", str(messy)).code == 0
    broken = tmp_path / "broken.rules"
    broken.write_text("ruleset x {\n  combat.ties attacker\n}\n")
    result = run_cli("fmt", str(broken))
    assert result.code == 1 and "RR0001" in result.err
    assert broken.read_text() == "ruleset x {\n  combat.ties attacker\n}\n"


def test_builtin_specs_pass_fmt_check() -> None:
    assert run_cli("fmt", "--check", *map(str, SPECS)).code == 0


@pytest.mark.parametrize("base", BUILTINS)
def test_scaffold_checks_clean_for_every_base(base: str, tmp_path: Path) -> None:
    target = tmp_path / "house.rules"
    result = run_cli("new", "house", "--extends", base, "-o", str(target))
    assert result.code == 0, result.err
    text = target.read_text()
    assert f"extends {base}" in text and "# override cards.trade_values:" in text
    assert "# override combat.ties:" in text and "# override fortify.reach:" in text
    check = run_cli("check", str(target), "--format", "json").json()
    assert check["errors"] == 0 and check["warnings"] == 0
    assert run_cli("fmt", "--check", str(target)).code == 0
    # Each commented example is itself a valid override, once uncommented.
    live = re.sub(r"^  # (override .*)$", r"  \1", text, flags=re.M)
    check = run_cli("check", str(target.with_name("live.rules")), "--format", "json")
    target.with_name("live.rules").write_text(live.replace("ruleset house", "ruleset live"))
    check = run_cli("check", str(target.with_name("live.rules")), "--format", "json")
    assert check.json()["errors"] == 0, check.out
    assert run_cli("new", "house", "--extends", base, "-o", str(target)).code == 2  # no overwrite


def test_lexer_tokenises_every_spec() -> None:
    from pygments.lexers import get_lexer_by_name
    from pygments.token import Error, Keyword, Name

    lexer = get_lexer_by_name("riskrules")
    for path in SPECS:
        tokens = list(lexer.get_tokens(path.read_text(encoding="utf-8")))
        assert not [v for t, v in tokens if t in Error], path.name
    sample = list(
        lexer.get_tokens("ruleset family extends classic {\n  combat.ties: attacker\n}\n")
    )
    assert (Keyword, "ruleset") in sample and (Name.Class, "family") in sample
    assert (Name.Attribute, "combat.ties") in sample


def test_pre_commit_hooks_and_editor_folder() -> None:
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text()
    assert "id: riskrules-check" in hooks and "id: riskrules-fmt" in hooks
    assert "entry: riskrules fmt" in hooks
    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text())
    assert package["contributes"]["languages"][0]["extensions"] == [".rules"]
    assert package["contributes"]["configuration"]["properties"]["riskrules.server.args"][
        "default"
    ] == ["lsp"]
    grammar = json.loads(
        (ROOT / "editors" / "vscode" / "syntaxes" / "riskrules.tmLanguage.json").read_text()
    )
    assert grammar["scopeName"] == "source.riskrules"
    for pattern in ("keyword", "rule", "header"):
        re.compile(grammar["repository"][pattern]["match"])


def test_fmt_indents_a_reason_table_under_its_line() -> None:
    """A table opened on a continuation line (`because {`) is indented under that line, its
    closer level with it, and formatting it again changes nothing."""
    text = (
        "ruleset house extends classic {\n"
        "  override cards.territory_bonus:\n"
        "    assumed 0 because {\n"
        '  en: "no bonus",\n'
        '          da: "ingen bonus",\n'
        "}\n"
        '    cite da000 page 5 "Antallet af forstærkninger"\n'
        "}\n"
    )
    expected = (
        "ruleset house extends classic {\n"
        "  override cards.territory_bonus:\n"
        "    assumed 0 because {\n"
        '      en: "no bonus",\n'
        '      da: "ingen bonus",\n'
        "    }\n"
        '    cite da000 page 5 "Antallet af forstærkninger"\n'
        "}\n"
    )
    assert format_text(text) == expected
    assert format_text(expected) == expected
