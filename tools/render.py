"""Diagnostics for people: a header, the source line and a caret under the spot, the hint."""

from __future__ import annotations

import functools
import os

from ..grammar.diagnostics import Diagnostic, Severity


@functools.lru_cache(maxsize=64)
def _lines(path: str) -> tuple[str, ...]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return tuple(handle.read().split("\n"))
    except OSError:
        return ()


def display_path(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if not rel.startswith("..") else path


def diagnostic_text(diag: Diagnostic, color: bool = False) -> str:
    s = diag.span
    label = diag.severity.value
    if color:
        tint = "\x1b[1;31m" if diag.severity == Severity.ERROR else "\x1b[1;33m"
        label = f"{tint}{label}\x1b[0m"
    out = [f"{label}[{diag.code}]: {diag.message}"]
    number = str(s.line)
    pad = " " * len(number)
    out.append(f"{pad}--> {display_path(s.file)}:{s.line}:{s.column}")
    lines = _lines(s.file)
    if 1 <= s.line <= len(lines):
        text = lines[s.line - 1].replace("\t", " ")
        width = (s.end_column - s.column) if s.end_line == s.line else len(text) - s.column + 1
        width = max(1, min(width, max(1, len(text) - s.column + 1)))
        out.append(f"{pad} |")
        out.append(f"{number} | {text}")
        out.append(f"{pad} | {' ' * (s.column - 1)}{'^' * width}")
    if diag.hint:
        out.append(f"{pad} = hint: {diag.hint}")
    return "\n".join(out)


def summary_line(errors: int, warnings: int) -> str:
    if not errors and not warnings:
        return "ok: no problems found"
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return ", ".join(parts)
