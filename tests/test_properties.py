"""Random edits of every built-in spec give diagnostics, never another exception."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import ROOT, examples, run_cli
from riskrules.grammar.library import Workspace
from riskrules.grammar.reader import read_rules

SPECS = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "specs").glob("*.rules"))}
TOKENS = [
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ":",
    ",",
    "..",
    "-",
    "~",
    "+",
    "//",
    "==",
    "\n",
    " ",
    '"',
    "cite",
    "override",
    "assumed",
    "because",
    "then",
    "after last",
    "by kind",
    "sequence",
    "track",
    "fixed",
    "ruleset",
    "extends",
    "board",
    "continent",
    "borders",
    "0",
    "7",
    "99999999999",
    "armies",
    "territories",
    "kamchatka",
    "asia",
    "not",
    "and",
    "#",
    "é",
    "X",
]


@st.composite
def edited(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(SPECS)))
    text = SPECS[name]
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        if kind == "insert":
            text = text[:pos] + draw(st.sampled_from(TOKENS)) + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 12)) :]
        else:
            piece = draw(st.text(min_size=1, max_size=6))
            text = text[:pos] + piece + text[pos + len(piece) :]
    return name, text


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited())
def test_random_edits_never_crash(tmp_path_factory, case: tuple[str, str]) -> None:
    name, text = case
    result = read_rules(text, name)
    assert result.file is not None or result.diagnostics
    folder = tmp_path_factory.mktemp("edit")
    path = folder / name.replace(".rules", "-edited.rules")
    path.write_text(text, encoding="utf-8")
    for diag in Workspace.open([str(path)]).diagnostics_for([str(path)]):
        assert diag.code.startswith("RR") and diag.span.line >= 1 and diag.message


def test_random_edit_through_the_command_line(tmp_path: Path) -> None:
    """A few edits through the real command: exit 0 or 1 and valid JSON, never a traceback."""
    text = SPECS["classic.rules"]
    edits = [
        text.replace("ties: defender", "ties: defender defender"),
        text.replace("{3: 35", "{3: 35,, "),
        text.replace("min(3, armies - 1)", "min(3, armies - )"),
        text.replace("ruleset classic", "ruleset classic2"),
        text[: len(text) // 2],
    ]
    for i, edit in enumerate(edits):
        path = tmp_path / f"edit{i}.rules"
        path.write_text(edit, encoding="utf-8")
        result = run_cli("check", str(path), "--format", "json")
        assert result.code in (0, 1), result.err
        assert "Traceback" not in result.err
        json.loads(result.out)
