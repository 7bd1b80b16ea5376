"""Compiler-grade diagnostics: a position, a stable code, a message and a hint.

The checker never raises on bad input; it returns these. Codes are stable and documented in
docs/diagnostics.md, so scripts and editors can key on them. The message and the hint are
Messages (grammar/messages.py): an id and its arguments, rendered in the reader's language at
the edge; `message` and `hint` give the English (logs, tests).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from .messages import Message, msg
from .shown import shown_file


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"  # worth knowing, never a failure (not even under --strict)


@dataclass(frozen=True, order=True)
class Span:
    """A region of a source file; lines and columns are 1-based, the end is exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def point(file: str, line: int, column: int, width: int = 1) -> Span:
        return Span(file, line, column, line, column + max(width, 1))

    def to(self, other: Span) -> Span:
        """The span from the start of this one to the end of `other`."""
        return Span(self.file, self.line, self.column, other.end_line, other.end_column)


@dataclass(frozen=True)
class Diagnostic:
    code: str
    severity: Severity
    said: Message
    span: Span
    advice: Message | None = None
    notes: tuple[tuple[str, Span], ...] = field(default=())

    @property
    def message(self) -> str:
        """The message in English."""
        return self.said.render()

    @property
    def hint(self) -> str | None:
        """The hint in English, if any."""
        return self.advice.render() if self.advice is not None else None

    def text(self, lang: str) -> str:
        """The message in `lang`."""
        return self.said.render(lang)

    def hint_text(self, lang: str) -> str | None:
        """The hint in `lang`, if any."""
        return self.advice.render(lang) if self.advice is not None else None

    def fixes(self) -> list[str]:
        """The replacements its did-you-mean offers (each a `fix` argument), best first."""
        found = self.said.find("fix")
        if self.advice is not None:
            found += self.advice.find("fix")
        return list(dict.fromkeys(found))

    def to_json(self, lang: str = "en") -> dict[str, object]:
        return {
            "file": shown_file(self.span.file),
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.text(lang),
            "hint": self.hint_text(lang),
            "arguments": self.said.arguments(lang),
            "hint_arguments": self.advice.arguments(lang) if self.advice is not None else None,
            "docs": docs_anchor(self.code, lang),
        }


def docs_page(lang: str = "en") -> str:
    """The reference page of the codes in `lang`: docs/diagnostics.md, .da.md, .nl.md."""
    return "diagnostics.md" if lang not in ("da", "nl") else f"diagnostics.{lang}.md"


def docs_anchor(code: str, lang: str = "en") -> str:
    """The code's entry in the reference page in `lang`."""
    return f"{docs_page(lang)}#{code.lower()}"


def plural(n: int, singular: str, plural: str) -> str:
    """The English word for `n` things, by Babel's ngettext (never "file(s)"); Babel is
    imported on first use, not at start-up (it costs a `check` 20 ms)."""
    from babel.support import NullTranslations

    return str(NullTranslations().ngettext(singular, plural, n))


def counted(n: int, singular: str, plural_form: str) -> str:
    """`1 file`, `2 files`."""
    return f"{n:,} {plural(n, singular, plural_form)}"


def error(code: str, message: Message, span: Span, hint: Message | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, span, hint)


def warning(code: str, message: Message, span: Span, hint: Message | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, span, hint)


def note(code: str, message: Message, span: Span, hint: Message | None = None) -> Diagnostic:
    return Diagnostic(code, Severity.NOTE, message, span, hint)


def suggest(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to a misspelt word, or None when nothing is close."""
    pool = sorted(set(candidates))
    matches = difflib.get_close_matches(word, pool, n=1, cutoff=0.6)
    if matches:
        return matches[0]
    # Prefix matches catch truncations such as "kamch" for "kamchatka".
    prefixed = [c for c in pool if c.startswith(word) or word.startswith(c)]
    return prefixed[0] if len(prefixed) == 1 else None


def did_you_mean(word: str, candidates: Iterable[str]) -> Message | None:
    best = suggest(word, candidates)
    return msg("did you mean '{fix}'?", fix=best) if best else None


class DiagnosticError(Exception):
    """Raised inside the front end to abandon a file; carries the diagnostics gathered, and
    what could be read of the file despite them (`partial`: the parse tree of the statements
    that parsed, after syntax errors), if anything."""

    def __init__(self, diagnostics: list[Diagnostic], partial: object = None) -> None:
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics
        self.partial = partial
