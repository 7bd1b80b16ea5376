"""Quick fixes for a rules file's diagnostics: each did-you-mean as a replacement, `override`
added to a rule the base already sets, and dropped from one it does not. The language server
offers these as code actions and the studio as buttons: both ask here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...grammar.diagnostics import Diagnostic, Span
from ...grammar.messages import Message, msg
from .language import check_document
from .snapshot import Snapshot

_WORD = re.compile(r"[a-z_][a-z0-9_.]*")


@dataclass(frozen=True)
class QuickFix:
    """Replace `span` (1-based lines and columns, the end exclusive, as a diagnostic's) with
    `replacement` to fix `diagnostic`."""

    title: Message
    span: Span
    replacement: str
    diagnostic: Diagnostic
    preferred: bool = False

    def to_json(self, lang: str = "en") -> dict[str, object]:
        return {
            "title": self.title.render(lang),
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "replacement": self.replacement,
            "preferred": self.preferred,
            "code": self.diagnostic.code,
            "message": self.diagnostic.text(lang),
        }

    def applied(self, text: str) -> str:
        """The text with this fix made."""
        start = offset(text, self.span.line, self.span.column)
        end = offset(text, self.span.end_line, self.span.end_column)
        return text[:start] + self.replacement + text[end:]


def fix_from_hint(diag: Diagnostic) -> list[str]:
    """The replacements a diagnostic's did-you-mean offers (its `fix` arguments)."""
    return diag.fixes()


def quick_fixes(snapshot: Snapshot, path: str) -> list[QuickFix]:
    """Every quick fix for the diagnostics of the text at `path` in the snapshot (a rules
    file, saved or not), as `riskrules check` reports them."""
    text = snapshot.text(path)
    if text is None:
        return []
    return fixes_for(text, check_document(snapshot, path).diagnostics)


def fixes_for(text: str, diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> list[QuickFix]:
    """The quick fixes for these diagnostics of `text`, each diagnostic's best one first."""
    lines = text.split("\n")
    fixes: list[QuickFix] = []
    for diag in diagnostics:
        span = diag.span
        if diag.code == "RR0401":  # a rule the base sets, written without `override`
            written = _on_line(lines, span)
            if written:
                title = msg("Add 'override'")
                fixes.append(QuickFix(title, span, f"override {written}", diag, True))
            continue
        first = True
        for word in diag.fixes():
            where = _narrowed(lines, span, diag.said.words(), word)
            fixes.append(QuickFix(msg("Change to '{fix}'", fix=word), where, word, diag, first))
            first = False
        if diag.code == "RR0402" and 1 <= span.line <= len(lines):
            line = lines[span.line - 1]
            found = re.search(r"\boverride\s+$", line[: span.column - 1])
            if found:
                gone = Span(span.file, span.line, found.start() + 1, span.line, found.end() + 1)
                title = msg("Drop 'override' (the base does not set this rule)")
                fixes.append(QuickFix(title, gone, "", diag, True))
    return fixes


def _narrowed(lines: list[str], span: Span, quoted: list[str], meant: str) -> Span:
    """The part of a diagnostic's span a one-word did-you-mean replaces: the misspelt word
    the message quotes, where the span covers more ("unknown function 'maximum'" over the
    whole call `maximum(3, territories // 3)`)."""
    written = _on_line(lines, span)
    if not _WORD.fullmatch(meant):
        return span
    for word in quoted:
        if word == meant or not _WORD.fullmatch(word):
            continue
        found = re.search(rf"(?<![\w.]){re.escape(word)}(?![\w.])", written)
        if found and word != written:
            start = span.column + found.start()
            return Span(span.file, span.line, start, span.line, start + len(word))
    return span


def _on_line(lines: list[str], span: Span) -> str:
    """The text a one-line span covers ('' for a span over several lines)."""
    if span.line != span.end_line or not 1 <= span.line <= len(lines):
        return ""
    return lines[span.line - 1][span.column - 1 : span.end_column - 1]


def offset(text: str, line: int, column: int) -> int:
    """The offset in `text` of a 1-based line and column."""
    at = 0
    for _ in range(line - 1):
        found = text.find("\n", at)
        if found < 0:
            return len(text)
        at = found + 1
    return min(at + column - 1, len(text))
