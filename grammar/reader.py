"""Read one rules file: text to model, with every problem as a diagnostic, never an exception."""

from __future__ import annotations

from dataclasses import dataclass

from .diagnostics import Diagnostic, DiagnosticError, Span, error
from .model import RulesFile
from .syntax import parse_tree
from .transform import MAX_TREE_DEPTH, ToModel, tree_depth


@dataclass(frozen=True)
class ReadResult:
    file: RulesFile | None
    diagnostics: tuple[Diagnostic, ...]


def read_rules(text: str, path: str) -> ReadResult:
    """Parse and transform; a file with a syntax error yields no model, only diagnostics."""
    try:
        tree = parse_tree(text, path)
    except DiagnosticError as exc:
        return ReadResult(None, tuple(exc.diagnostics))
    if tree_depth(tree) > MAX_TREE_DEPTH:
        return ReadResult(
            None,
            (
                error(
                    "RR0004",
                    "expressions nested too deeply",
                    Span.point(path, 1, 1),
                    "split the expression into simpler rules",
                ),
            ),
        )
    transformer = ToModel(path)
    rules = transformer.transform(tree)
    return ReadResult(rules, tuple(transformer.diagnostics))


def read_path(path: str) -> ReadResult:
    """Read a file from disk; unreadable or non-UTF-8 files are diagnostics too."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(2_000_001)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return ReadResult(
            None, (error("RR0005", f"cannot read file: {reason}", Span.point(path, 1, 1)),)
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        return ReadResult(
            None,
            (
                error(
                    "RR0005",
                    "the file is not valid UTF-8",
                    Span.point(path, line, column),
                    "save the file as UTF-8",
                ),
            ),
        )
    return read_rules(text, path)
