"""Diagnostics for people: a header, the source line and a caret under the spot, the hint."""

from __future__ import annotations

import functools
import os
from typing import TextIO

from ...grammar.diagnostics import Diagnostic, Severity, docs_page
from ...grammar.limits import MAX_FILE_BYTES
from ...grammar.messages import msg, msg_n
from ...grammar.reader import read_bounded
from ...grammar.shown import builtin_name
from .escape import terminal

# The widest source line shown under a diagnostic; longer lines are cropped around the spot.
SHOWN_WIDTH = 100


# Texts that are not files (a rules file read from standard input), by the path it is shown as.
_SOURCES: dict[str, tuple[str, ...]] = {}


def remember_source(path: str, text: str) -> None:
    """Show `text` as the source of diagnostics located in `path` (it is not on disk)."""
    _SOURCES[os.path.abspath(path)] = tuple(text.split("\n"))


def source_lines(path: str) -> tuple[str, ...]:
    return _SOURCES.get(path) or _lines(path)


def use_color(stream: TextIO, choice: str = "auto") -> bool:
    """`--color always|never|auto`; under auto, NO_COLOR turns colour off and FORCE_COLOR on
    (https://no-color.org, https://force-color.org), else colour on a terminal only."""
    if choice == "auto":  # a command's own --color says nothing: `riskrules --color …` may
        import click  # here: the studio in the page never imports the command line

        ctx = click.get_current_context(silent=True)
        choice = str(ctx.meta.get("riskrules.color", "auto")) if ctx is not None else "auto"
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stream.isatty()


_TINT = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.NOTE: "cyan"}


_SEVERITY_SAID = {
    Severity.ERROR: msg("error"),
    Severity.WARNING: msg("warning"),
    Severity.NOTE: msg("note"),
}


def severity_label(severity: Severity, color: bool, lang: str = "en") -> str:
    label = _SEVERITY_SAID[severity].render(lang)
    if not color:
        return label
    import click

    return click.style(label, fg=_TINT[severity], bold=True)


@functools.lru_cache(maxsize=64)
def _lines(path: str) -> tuple[str, ...]:
    """The file's lines, for showing them: only a regular file within the size limit is read
    (a diagnostic about a FIFO, a device or a huge file shows no source)."""
    data, problem = read_bounded(path, MAX_FILE_BYTES)
    if data is None or problem is not None:
        return ()
    return tuple(data.decode("utf-8", errors="replace").split("\n"))


def _crop(text: str, column: int, width: int) -> tuple[str, int, int]:
    """A window of at most SHOWN_WIDTH characters of `text` around the spot, with the spot's
    column and width in the window (an ellipsis marks each cut)."""
    if len(text) <= SHOWN_WIDTH:
        return text, column, width
    start = max(0, min(column - 1 - SHOWN_WIDTH // 3, len(text) - SHOWN_WIDTH))
    window = text[start : start + SHOWN_WIDTH]
    column -= start
    if start > 0:
        window = "…" + window
        column += 1
    if start + SHOWN_WIDTH < len(text):
        window += "…"
    width = max(1, min(width, len(window) - column + 1))
    return window, column, width


def display_path(path: str) -> str:
    """A file as messages name it: a built-in as `classic.rules (built-in)`, another file
    relative to the working folder when it is under it."""
    builtin = builtin_name(path)
    if builtin is not None:
        return builtin
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if not rel.startswith("..") else path


def installed_doc(name: str) -> str:
    """Where the installed copy of a reference page (docs/NAME: steps.md, diagnostics.md,
    rule-catalogue.md) is, as a path to open (package data, so a plain install has it)."""
    from importlib import resources

    return str(resources.files("riskrules.docs").joinpath(name))


def diagnostics_page(lang: str) -> str:
    """The reference page of the diagnostics in `lang` (docs/diagnostics.md, .da.md, .nl.md)."""
    return docs_page(lang)


def diagnostic_text(diag: Diagnostic, color: bool = False, lang: str = "en") -> str:
    """A diagnostic for a terminal; what the file holds (its line, a name or text quoted in the
    message) is shown with its control characters made visible (`escape.terminal`)."""
    s = diag.span
    label = severity_label(diag.severity, color, lang)
    out = [f"{label}[{diag.code}]: {terminal(diag.text(lang))}"]
    number = str(s.line)
    pad = " " * len(number)
    out.append(f"{pad}--> {terminal(display_path(s.file))}:{s.line}:{s.column}")
    lines = source_lines(s.file)
    if 1 <= s.line <= len(lines):
        text = lines[s.line - 1].replace("\t", " ")
        width = (s.end_column - s.column) if s.end_line == s.line else len(text) - s.column + 1
        width = max(1, min(width, max(1, len(text) - s.column + 1)))
        text, column, width = _crop(text, s.column, width)
        # The caret stays under the spot when a control character before it is shown longer.
        before, spot = text[: column - 1], text[column - 1 : column - 1 + width]
        column, width = len(terminal(before)) + 1, max(1, len(terminal(spot)))
        out.append(f"{pad} |")
        out.append(f"{number} | {terminal(text)}")
        out.append(f"{pad} | {' ' * (column - 1)}{'^' * width}")
    hint = diag.hint_text(lang)
    if hint:
        said = msg("hint: {hint}", hint=terminal(hint)).render(lang)
        out.append(f"{pad} = {said}")
    return "\n".join(out)


def summary_line(
    errors: int, warnings: int, notes: int = 0, ignored: int = 0, lang: str = "en"
) -> str:
    parts = []
    if errors:
        parts.append(msg_n("{count:,} error", "{count:,} errors", errors).render(lang))
    if warnings:
        parts.append(msg_n("{count:,} warning", "{count:,} warnings", warnings).render(lang))
    if notes:
        parts.append(msg_n("{count:,} note", "{count:,} notes", notes).render(lang))
    found = ", ".join(parts) if parts else msg("ok: no problems found").render(lang)
    if ignored:
        return msg("{found} ({ignored:,} ignored)", found=found, ignored=ignored).render(lang)
    return found
