"""The canonical layout of a rules file: what `riskrules fmt` writes.

Indentation and spacing are the formatter's: two spaces a bracket level, two more for a line
that continues a statement (`cite …`, `then …`, a line after a trailing comma), one space
between tokens except where punctuation wants none. Line breaks, blank lines (at most one in a
row) and comments stay where the author put them. The formatter only ever moves whitespace, so
the formatted file means exactly what the original meant; callers check that by parsing both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(
    r"""
    (?P<string>"[^"\\\n]*(?:\\.[^"\\\n]*)*")
  | (?P<comment>\#[^\n]*)
  | (?P<newline>\r?\n)
  | (?P<space>[ \t\f\r]+)
  | (?P<op>\.\.|//|==|!=|<=|>=|[{}()\[\],:<>+\-*%~])
  | (?P<word>[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)
  | (?P<other>.)
    """,
    re.VERBOSE,
)
CONTINUES = {"cite", "then", "because", "after", "title", "short", "extends", "note", "assumed"}
OPENERS = {"{", "(", "["}
CLOSERS = {"}", ")", "]"}
BINARY = {"..", "//", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "%", "~"}
NO_END = {",", ":", "(", "[", "..", "//", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "%", "~"}
NOT_CALLS = {
    "not",
    "and",
    "or",
    "then",
    "last",
    "assumed",
    "because",
    "cite",
    "page",
    "section",
    "note",
}


@dataclass
class _Tok:
    kind: str
    text: str


def _tokens(line: str) -> list[_Tok]:
    out = []
    for match in _TOKEN.finditer(line):
        kind = match.lastgroup or "other"
        if kind in ("space", "newline"):
            continue
        text = match.group()
        out.append(_Tok(kind, text.rstrip() if kind == "comment" else text))
    return _glue_ruleset_names(out)


def _glue_ruleset_names(tokens: list[_Tok]) -> list[_Tok]:
    """`ruleset nl-classic` and `extends da-2006`: the hyphens belong to the name."""
    out: list[_Tok] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if (
            out
            and out[-1].kind == "word"
            and len(out) >= 2
            and out[-2].text in ("ruleset", "extends")
        ):
            while i + 1 < len(tokens) and tok.text == "-" and tokens[i + 1].kind == "word":
                out[-1] = _Tok("word", out[-1].text + "-" + tokens[i + 1].text)
                i += 2
                tok = tokens[i] if i < len(tokens) else _Tok("end", "")
            if i >= len(tokens):
                break
        out.append(tok)
        i += 1
    return out


def _unary(prev: _Tok | None) -> bool:
    """Is a `-` or `+` after `prev` a sign rather than a binary operator?"""
    if prev is None:
        return True
    if prev.kind == "op":
        return prev.text not in CLOSERS
    return prev.text in ("then", "last", "fixed", "sequence", "track")


def _spaced(prev: _Tok, tok: _Tok, tokens: list[_Tok], after_sign: bool) -> bool:
    """Is there a space between `prev` and `tok`?"""
    text = tok.text
    if tok.kind == "op" and text in (",", ":", ")", "]"):
        return False
    if prev.kind == "op" and prev.text in ("(", "["):
        return False
    if tok.kind == "op" and text == "}" and _table_close(tokens, tok):
        return False
    if prev.kind == "op" and prev.text == "{" and not _block_open(tokens, prev):
        return False
    if text == "(" and prev.kind == "word" and prev.text not in NOT_CALLS:
        return False  # a call: min(3, armies)
    return not after_sign


def _join(tokens: list[_Tok]) -> str:
    out = ""
    prev: _Tok | None = None
    after_sign = False
    for tok in tokens:
        if prev is None:
            out = tok.text
        elif tok.kind == "comment":
            out += "  " + tok.text
        else:
            out += (" " if _spaced(prev, tok, tokens, after_sign) else "") + tok.text
        after_sign = tok.kind == "op" and tok.text in ("-", "+") and _unary(prev)
        prev = tok
    return out


def _block_open(tokens: list[_Tok], tok: _Tok) -> bool:
    """A `{` that opens a block ends its line (a comment aside); a table's does not."""
    i = tokens.index(tok)
    rest = [t for t in tokens[i + 1 :] if t.kind != "comment"]
    return not rest


def _table_close(tokens: list[_Tok], tok: _Tok) -> bool:
    """A `}` closing a table follows a value on the same line; a block's stands alone."""
    i = tokens.index(tok)
    return i > 0


def format_text(text: str) -> str:
    """The canonical layout of a rules file (assumed to parse)."""
    lines = text.replace("\r\n", "\n").split("\n")
    out: list[str] = []
    # Open brackets: (a block's `{`?, the indentation of the line that opened it). A bracket's
    # lines sit two spaces in from that line and its closer level with it, so a table opened on
    # a continuation line (`because {`) is indented under that line, not under the statement.
    stack: list[tuple[bool, int]] = []
    continuing = False  # the previous line ended where its statement cannot end
    blank = 0
    for raw in lines:
        tokens = _tokens(raw)
        if not tokens:
            blank += 1
            continue
        if blank and out:
            out.append("")
        blank = 0
        leading = 0
        for tok in tokens:
            if tok.kind == "op" and tok.text in CLOSERS:
                leading += 1
            else:
                break
        level = max(len(stack) - leading, 0)
        at_statement_level = all(block for block, _ in stack[:level]) if level else True
        first = tokens[0]
        starts_continuation = first.kind == "word" and first.text in CONTINUES
        extra = 0
        if leading == 0 and at_statement_level and (continuing or starts_continuation):
            extra = 2
        if leading and level < len(stack):
            indent = stack[level][1]
        elif level:
            indent = stack[level - 1][1] + 2
        else:
            indent = 0
        indent += extra
        out.append(" " * indent + _join(tokens))
        code = [t for t in tokens if t.kind != "comment"]
        for n, tok in enumerate(code):
            if tok.kind == "op" and tok.text in OPENERS:
                before = code[n - 1].text if n else ""
                value = before in (
                    ":",
                    "assumed",
                    "kind",
                    ",",
                    "[",
                    "(",
                    "{",
                    "because",
                    "title",
                    "note",
                )
                block = tok.text == "{" and n == len(code) - 1 and not value
                # A block opened on a continuation line (`  extends classic {`) is the
                # statement's: its lines sit two spaces in from the statement, not the line.
                stack.append((block, indent - extra if block else indent))
            elif tok.kind == "op" and tok.text in CLOSERS and stack:
                stack.pop()
        if code:
            last = code[-1]
            continuing = last.kind == "op" and last.text in NO_END
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"
