"""Several syntax errors in one parse: the parser resumes at the next statement.

A half-typed line in an editor should not hide every other diagnostic of the file. When the
LALR parser meets a token it cannot take, Lark calls `on_error` with its interactive parser;
here the broken statement is dropped and the parse goes on:

1. the parser's stacks are popped back to the state where the broken statement began (one
   that takes the first token of a rule, or of a declaration at the top of the file): every
   value above it belongs to the broken statement, and is dropped with it;
2. the text is skipped to the end of that statement: the end of its line at the same depth of
   brackets (a bracket the statement opened is skipped to where it closes; a line that goes
   on, after a `,` or an operator, or with `cite`/`then`/`because` on the next, goes on), or
   the `}` of the block around it;
3. the lexer is set there, and the parse resumes.

A statement that breaks only on the next line (a line ending in `>=` or `:`, a `(` never
closed: the next rule's words are read as its value, until a token or a character it cannot
take) resumes at that next line instead, when it starts a rule. Each error is described as it is
found; the parse tree holds every statement that parsed, and the file is still refused (it has
errors), but the checks of the rest can run. At most MAX_SYNTAX_ERRORS are reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .diagnostics import Diagnostic
from .keywords import OPEN_WORDS
from .limits import MAX_SYNTAX_ERRORS

_OPENERS = "{(["
_CLOSERS = "})]"
_OPENER_TOKENS = {"LBRACE", "LPAR", "LSQB"}
_CLOSER_TOKENS = {"RBRACE", "RPAR", "RSQB"}
_GOES_ON = re.compile(r"(cite|then|because|after|title|short|extends|note|assumed)\b")
_STARTS = re.compile(r"[ \t]*(override\b|ruleset\b|board\b|source\b|[a-z][a-z0-9_.]*[ \t]*[:{])")


def parse(
    lark: Lark, text: str, describe: Callable[[UnexpectedInput], Diagnostic]
) -> tuple[Tree[Token] | None, list[Diagnostic]]:
    """The tree of every statement that parses (None when the parse could not go on), and a
    diagnostic for each syntax error met on the way (none: the text parsed whole)."""
    found: list[Diagnostic] = []
    last: list[tuple[int, int]] = [(-1, -1)]

    def on_error(exc: UnexpectedInput) -> bool:
        if len(found) < MAX_SYNTAX_ERRORS:  # past the limit: still skipped, not described
            found.append(describe(exc))
        where = _recover(exc, text)
        if where is None or where == last[0]:
            return False  # no statement to resume at, or no progress since the last error
        last[0] = where
        return True

    try:
        return lark.parse(text, on_error=on_error), found
    except UnexpectedInput as exc:
        if len(found) >= MAX_SYNTAX_ERRORS:
            return None, found
        described = describe(exc)
        if not found or (found[-1].span, found[-1].message) != (described.span, described.message):
            found.append(described)
        return None, found


def _recover(exc: UnexpectedInput, text: str) -> tuple[int, int] | None:
    """Drop the broken statement and set the parser to go on after it; (where it resumes, the
    depth of its stack), or None when it cannot."""
    parser = getattr(exc, "interactive_parser", None)
    if parser is None:
        return None
    state = parser.parser_state
    states = state.parse_conf.states
    stack, values = state.state_stack, state.value_stack
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            return None
        at = token.start_pos or 0
    elif isinstance(exc, UnexpectedCharacters):
        token = None
        at = exc.pos_in_stream or 0
    else:
        return None
    # 1. Back to where the broken statement began; count the brackets it left open.
    depth = 0
    began = at
    while len(stack) > 1 and not _starts_statement(states[stack[-1]]):
        value = values.pop()
        stack.pop()
        first = _first_token(value)
        if first is not None and first.start_pos is not None:
            began = min(began, first.start_pos)
        if isinstance(value, Token):
            if value.type in _OPENER_TOKENS:
                depth += 1
            elif value.type in _CLOSER_TOKENS:
                depth -= 1
    if not _starts_statement(states[stack[-1]]):
        return None
    # 2. Where the statement ends.
    line_start = text.rfind("\n", 0, at) + 1
    if token is not None and token.type == "_NL":
        resume = _next_statement(text, at)
    elif (
        text.rfind("\n", 0, began) < text.rfind("\n", 0, at)
        and _STARTS.match(text, line_start)
        and _accepts_start(states[stack[-1]], text, line_start)
    ):
        resume = _skip_blank(text, line_start)  # it broke on the next line: resume there
    else:
        resume = _statement_end(text, at, max(depth, 0))
    # 3. A block's `}` is taken where the last complete statement of the block was.
    if resume < len(text) and text[resume] in _CLOSERS:
        closer = {"}": "RBRACE", ")": "RPAR", "]": "RSQB"}[text[resume]]
        while len(stack) > 1 and closer not in states[stack[-1]]:
            value = values.pop()
            stack.pop()
            if not (isinstance(value, Token) and value.type == "_NL"):
                return None
        if closer not in states[stack[-1]]:
            return None
    _move(parser.lexer_thread.state.line_ctr, text, resume)
    return resume, len(stack)


def _starts_statement(actions: dict[str, object]) -> bool:
    """A state in which a rule (in a ruleset or a group) or a declaration may begin."""
    return "OVERRIDE" in actions or "RULESET" in actions


def _accepts_start(actions: dict[str, object], text: str, pos: int) -> bool:
    """Whether a state takes the statement that starts at `pos` (a rule in a ruleset's body,
    a declaration at the top of the file)."""
    word = re.compile(r"[ \t]*([a-z][a-z0-9_.]*)").match(text, pos)
    first = word.group(1) if word else ""
    if first in ("ruleset", "board", "source"):
        return first.upper() in actions
    return "OVERRIDE" in actions


def _first_token(value: object) -> Token | None:
    """The first token of a value on the parser's stack, without recursion (an expression can
    nest deeply)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, Token):
            return item
        if isinstance(item, Tree):
            pending.extend(reversed(item.children))
    return None


def _skip_blank(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\f":
        pos += 1
    return pos


def _next_statement(text: str, pos: int) -> int:
    """The first character of the next line that holds anything but a comment."""
    while pos < len(text):
        end = text.find("\n", pos)
        if end < 0:
            return len(text)
        pos = _skip_blank(text, end + 1)
        if pos < len(text) and text[pos] not in "#\n":
            return pos
    return len(text)


def _statement_end(text: str, pos: int, depth: int) -> int:
    """Where the statement around `pos` ends, with `depth` of its brackets open at `pos`: the
    next statement's first character, the `}` of the block around it, or the end."""
    i = pos
    last = ""  # the statement's last word or character so far
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            i = j + 1 if j < n and text[j] == '"' else j
            last = '"'
            continue
        if ch == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if ch in _OPENERS:
            depth += 1
        elif ch in _CLOSERS:
            if depth == 0:
                return i
            depth -= 1
        elif ch == "\n" and depth == 0 and not _goes_on(last):
            j = _next_statement(text, i)
            if j < n and (text[j] in _CLOSERS or not _GOES_ON.match(text, j)):
                return j
            i = j
            continue
        if not ch.isspace():
            if ch.isalnum() or ch == "_":
                k = i
                while k < n and (text[k].isalnum() or text[k] in "_."):
                    k += 1
                last = text[i:k]
                i = k
                continue
            last = ch
        i += 1
    return n


def _goes_on(last: str) -> bool:
    """Whether a statement whose last word or character is `last` goes on on the next line."""
    return last in OPEN_WORDS or (bool(last) and last[-1] in ",:{([<>=!+-*/%.")


def _move(counter: object, text: str, pos: int) -> None:
    """Set Lark's line counter (char_pos, line, column) to `pos` of the text, counting the
    lines from where it is (a file of many errors is not counted from its start each time)."""
    line_start = text.rfind("\n", 0, pos) + 1
    here: int = counter.char_pos  # type: ignore[attr-defined]
    line: int = counter.line  # type: ignore[attr-defined]
    if pos >= here:
        line += text.count("\n", here, pos)
    else:
        line -= text.count("\n", pos, here)
    counter.char_pos = pos  # type: ignore[attr-defined]
    counter.line = line  # type: ignore[attr-defined]
    counter.line_start_pos = line_start  # type: ignore[attr-defined]
    counter.column = pos - line_start + 1  # type: ignore[attr-defined]
