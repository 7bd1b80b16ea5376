"""From text to a Lark tree: the grammar, the newline postlexer and readable syntax errors."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import sys
from collections.abc import Iterator
from importlib import resources
from typing import Any

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import Rule
from lark.lark import _LOAD_ALLOWED_OPTIONS as LOAD_OPTIONS
from lark.lark import PostLex
from lark.lexer import TerminalDef

from . import __version__, cache, recovery
from .diagnostics import Diagnostic, DiagnosticError, Span, error
from .keywords import grammar_text
from .limits import MAX_FILE_BYTES, MAX_NESTING, MAX_STRING
from .messages import Arg, Message, msg
from .mistake_text import Failure
from .mistakes import advise

# A newline ends a statement only after a token that can end one; elsewhere it is layout.
_CAN_END = frozenset({"STRING", "INT", "NAME", "RPAR", "RSQB", "RBRACE", "YES", "NO", "STAY"})
_OPENERS = {"LPAR": "RPAR", "LSQB": "RSQB", "LBRACE": "RBRACE"}
_CLOSERS = frozenset(_OPENERS.values())


class _TooDeep(Exception):
    def __init__(self, token: Token) -> None:
        super().__init__("nesting too deep")
        self.token = token


class _TooLong(Exception):
    def __init__(self, token: Token) -> None:
        super().__init__("string too long")
        self.token = token


class NewlinePostLex(PostLex):
    """Drops newlines that do not separate statements, bounds bracket nesting and the length
    of strings (each string is refused as it is lexed, before the parser or anything after it
    holds it)."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        stack: list[str] = []
        previous: Token | None = None
        for token in stream:
            if token.type == "_NL":
                inside_parens = bool(stack) and stack[-1] != "LBRACE"
                if previous is None or inside_parens or previous.type not in _CAN_END:
                    continue
            elif token.type in _OPENERS:
                stack.append(token.type)
                if len(stack) > MAX_NESTING:
                    raise _TooDeep(token)
            elif token.type in _CLOSERS and stack:
                stack.pop()
            elif token.type == "STRING" and len(token) - 2 > MAX_STRING:
                raise _TooLong(token)
            previous = token
            yield token


def build_parser(*, strict: bool = False, propagate_positions: bool = False) -> Lark:
    """Build the LALR parser from the grammar.

    It keeps every token in the tree and does not place the nodes: `positioned` does both in
    one pass after the parse, the same as Lark's `propagate_positions` (tested: the same spans
    for every rules file of the project) at a fraction of its cost, which was a third of the
    parse. `propagate_positions=True` builds Lark's own way, for that test.

    `strict=True` makes Lark refuse shift/reduce conflicts and colliding terminals; it needs the
    `interegular` package, so it runs in the test suite (tests/test_grammar.py), not for users.
    """
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        strict=strict,
        propagate_positions=propagate_positions,
        keep_all_tokens=not propagate_positions,
        maybe_placeholders=True,
        postlex=NewlinePostLex(),
    )


def _declared_terminals() -> frozenset[str]:
    """The terminals the grammar names (`NAME: …`): they stay in the tree. Keywords and
    punctuation written in quotes inside rules, and `_NL`, Lark leaves out of it."""
    return frozenset(
        match.group(1)
        for match in re.finditer(r"^([A-Z][A-Z0-9_]*)(?:\.\d+)?\s*:", grammar_text(), re.M)
    )


@functools.cache
def _shape() -> tuple[frozenset[str], frozenset[str]]:
    """(the rules whose one child takes their place, the terminals the grammar names)."""
    inlined = frozenset(r.origin.name for r in parser().rules if r.options.expand1 and not r.alias)
    return inlined, _declared_terminals()


def children_first(tree: Tree[Token]) -> list[Tree[Token]]:
    """Every node of a tree, each after its children, without recursion (hostile input can
    nest deeply). Lark's `iter_subtrees` gives the same order, but its bookkeeping made a read
    3-8% slower."""
    order: list[Tree[Token]] = []
    stack = [tree]
    while stack:  # parents before children; read back, children before parents
        node = stack.pop()
        order.append(node)
        stack.extend(child for child in node.children if type(child) is Tree)
    order.reverse()
    return order


def positioned(tree: Tree[Token]) -> tuple[Tree[Token], int]:
    """The tree as Lark builds it with `propagate_positions` (each node's `meta` spans its
    tokens, quoted keywords and punctuation included, which are then left out; a `?rule` with
    one child left gives way to it), and its depth. One pass down and one back up, without
    recursion: hostile input can nest deeply."""
    inlined, declared = _shape()
    # id(node) -> its first and last token, what stands for it in its parent, and its depth
    done: dict[int, tuple[Token | None, Token | None, Tree[Token] | Token, int]] = {}
    for node in children_first(tree):
        first: Token | None = None
        last: Token | None = None
        kept: list[Tree[Token] | Token] = []
        below = 0
        for child in node.children:
            if type(child) is Token:
                if first is None:
                    first = child
                last = child
                if child.type in declared:
                    kept.append(child)
            elif type(child) is Tree:
                start, end, shown, depth = done.pop(id(child))
                if start is not None:
                    if first is None:
                        first = start
                    last = end
                kept.append(shown)
                below = max(below, depth)
            else:  # an optional part that is absent (maybe_placeholders)
                kept.append(child)
        node.children = kept
        if first is not None and last is not None:
            meta = node.meta  # lexed tokens always carry their place
            meta.line, meta.column = first.line or 1, first.column or 1
            meta.end_line, meta.end_column = last.end_line or 1, last.end_column or 1
            meta.empty = False
        if len(kept) == 1 and node.data in inlined:
            done[id(node)] = (first, last, kept[0], below)
        else:
            done[id(node)] = (first, last, node, below + 1)
    _, _, top, depth = done[id(tree)]
    return (top if isinstance(top, Tree) else Tree("start", [top])), depth


@functools.cache
def _code_digest() -> str:
    """The hash of every module of this package: the code that turns a parse into the model (a
    changed dataclass or transformer must not meet a parse pickled before it). Read once a
    process: the installed code does not change under it."""
    code = hashlib.sha256()
    package = resources.files("riskrules.grammar")
    for entry in sorted(package.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".py") and entry.is_file():
            code.update(entry.name.encode("utf-8") + b"\0" + entry.read_bytes())
    return code.hexdigest()


def cache_key() -> str:
    """What every cached artefact depends on: riskrules', Lark's and Python's versions and the
    hash of the grammar and of the code that builds the model from it (`_code_digest`). A
    cache can only stand in for what this very install would build."""
    code = hashlib.sha256(grammar_text().encode("utf-8") + _code_digest().encode())
    digest = code.hexdigest()[:16]
    python = "".join(map(str, sys.version_info[:2]))
    return f"{__version__}-{digest}-lark{lark.__version__}-py{python}"


def cache_name() -> str:
    """The name the built parser is kept under in the private cache (grammar/cache.py)."""
    return f"parser-{cache_key()}.json"


@functools.cache
def parser() -> Lark:
    """The LALR parser, built once per process and kept on disk between runs in the private
    cache (a second of every start-up otherwise). Lark's own cache is a pickle it reads before
    checking it, so riskrules keeps Lark's saved tables itself, as JSON: a format that cannot
    run code, read only when the cache vouches for it (grammar/cache.py)."""
    name = cache_name()
    payload = cache.load(name)
    if payload is not None:
        loaded = _parser_from_json(payload)
        if loaded is not None:
            return loaded
    built = build_parser()
    cache.store(name, _parser_to_json(built))
    return built


def _parser_to_json(built: Lark) -> bytes:
    """Lark's saved tables (what `Lark.save` pickles) as JSON, tuples and non-text keys kept:
    every container is tagged ({"d": pairs}, {"t": items}, {"l": items})."""
    data, memo = built.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in LOAD_OPTIONS}

    def tagged(value: object) -> object:
        if isinstance(value, dict):
            return {"d": [[tagged(k), tagged(v)] for k, v in value.items()]}
        if isinstance(value, tuple):
            return {"t": [tagged(v) for v in value]}
        if isinstance(value, list):
            return {"l": [tagged(v) for v in value]}
        return value

    return json.dumps(tagged({"data": data, "memo": memo}), separators=(",", ":")).encode()


def _untag(obj: dict[str, list[Any]]) -> object:
    if "d" in obj:
        return {k: v for k, v in obj["d"]}
    if "t" in obj:
        return tuple(obj["t"])
    return obj["l"]


def _parser_from_json(payload: bytes) -> Lark | None:
    try:
        saved = json.loads(payload, object_hook=_untag)
        # What `Lark.load` does with a pickle, from the decoded tables (Lark's standalone
        # parsers load the same way); untyped in Lark.
        loaded = Lark._load_from_dict(  # type: ignore[no-untyped-call]
            saved["data"], saved["memo"], postlex=NewlinePostLex()
        )
    except Exception:  # a cache that does not load is rebuilt, whatever went wrong
        return None
    return loaded if isinstance(loaded, Lark) else None


def parse_tree(text: str, path: str) -> Tree[Token]:
    """Parse `text`; raise DiagnosticError with one syntax diagnostic on failure."""
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise DiagnosticError(
            [
                error(
                    "RR0003",
                    msg(
                        "file is {size:,} bytes; rules files are limited to {max_file_bytes:,}",
                        size=size,
                        max_file_bytes=MAX_FILE_BYTES,
                    ),
                    Span.point(path, 1, 1),
                    msg("split the rules into several files"),
                )
            ]
        )
    try:
        # Every syntax error of the file, the parser resuming at the next statement each time
        # (grammar/recovery.py); the statements that parsed come with them.
        tree, found = recovery.parse(parser(), text, lambda exc: syntax_diagnostic(exc, text, path))
    except _TooDeep as exc:
        span = Span.point(path, exc.token.line or 1, exc.token.column or 1)
        raise DiagnosticError(
            [
                error(
                    "RR0004",
                    msg(
                        "brackets nested deeper than {max_nesting} levels", max_nesting=MAX_NESTING
                    ),
                    span,
                )
            ]
        ) from None
    except _TooLong as exc:
        raise DiagnosticError([_long_string(exc.token, path)]) from None
    except UnexpectedInput as exc:
        raise DiagnosticError([syntax_diagnostic(exc, text, path)]) from None
    if found or tree is None:
        raise DiagnosticError(found, partial=tree)
    return tree


def _long_string(token: Token, path: str) -> Diagnostic:
    length = len(token) - 2
    return error(
        "RR0006",
        msg(
            "a string of {length:,} characters; strings are limited to {max_string:,}",
            length=length,
            max_string=MAX_STRING,
        ),
        Span.point(path, token.line or 1, token.column or 1, len(token)),
        msg(
            "shorten it: a title, a name or a reason is a sentence or two, an anchor at most 8 "
            "words"
        ),
    )


# ------------------------------------------------------------------ readable syntax errors

_TERMINAL_WORDS: dict[str, Arg] = {
    "RULE_ID": msg("a rule id (such as combat.ties)"),
    "RULESET_NAME": msg("a ruleset name (such as nl-classic)"),
    "NAME": msg("a name"),
    "STRING": msg('a quoted string ("…")'),
    "INT": msg("a number"),
    "LANG": msg("a language code (en, da, nl)"),
    "COLON": "':'",
    "COMMA": "','",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "DOTS": "'..'",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "ADD": msg("'+' or '-'"),
    "MUL": msg("'*', '//' or '%'"),
    "COMPARE": msg("a comparison"),
    "BORDER_KIND": msg("'-' (land) or '~' (sea)"),
    "_NL": msg("a new line"),
    "$END": msg("the end of the file"),
}


def _describe(terminal: str) -> Arg:
    if terminal in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[terminal]
    if terminal.isupper() and terminal.isalpha():
        return f"'{terminal.lower()}'"
    return terminal


def _found(token: Token) -> Arg:
    if token.type == "$END":
        return msg("the end of the file")
    if token.type == "_NL":
        return msg("the end of the line")
    return f"'{token}'"


def failure_of(exc: UnexpectedInput, text: str) -> Failure:
    """Where and how the parser stopped, in offsets of the text (grammar/mistakes.py)."""
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = frozenset(exc.accepts or exc.expected)
        if token.type == "$END":
            return Failure(len(text), len(text), "$END", expected)
        start = token.start_pos or 0
        return Failure(start, token.end_pos or start + len(str(token)), token.type, expected)
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        return Failure(pos, pos + 1, "", frozenset(exc.allowed or ()))
    return Failure(len(text), len(text), "$END", frozenset(getattr(exc, "expected", ()) or ()))


def syntax_diagnostic(exc: UnexpectedInput, text: str, path: str) -> Diagnostic:
    """One diagnostic for a Lark error: the usual mistakes in the author's terms
    (grammar/mistakes.py), else what was found and what a statement there looks like."""
    advice = advise(failure_of(exc, text), text, path)
    if advice is not None:
        return advice
    line = getattr(exc, "line", None) or 1
    column = getattr(exc, "column", None) or 1
    if line < 1:
        line, column = _end_position(text)
    if isinstance(exc, UnexpectedCharacters):
        return _bad_character(exc, text, path, line, column)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = set(exc.accepts or exc.expected)
        width = len(str(token)) if token.type not in ("$END", "_NL") else 1
        if token.type == "$END":
            line, column = _end_position(text)
        elif token.type == "_NL":
            line, column = _line_end(text, token)
        span = Span.point(path, line, column, width)
        if token.type == "$END" and _open_braces(text) > 0:
            return error(
                "RR0001",
                msg("the file ends before a block is closed: missing '}}'"),
                span,
                msg("close every '{{' with a matching '}}'"),
            )
        return _unexpected_token(token, expected, span)
    if isinstance(exc, UnexpectedEOF):
        line, column = _end_position(text)
        span = Span.point(path, line, column)
        return error(
            "RR0001",
            msg("the file ends in the middle of a statement"),
            span,
            _expected_hint(set(exc.expected)),
        )
    return error("RR0001", msg("{error}", error=str(exc)), Span.point(path, line, column))


def _open_braces(text: str) -> int:
    """How many '{' are left open, ignoring strings and comments."""
    depth = 0
    for line in text.split("\n"):
        in_string = False
        escaped = False
        for ch in line:
            if in_string:
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == '"':
                    in_string = False
            elif ch == '"':
                in_string = True
            elif ch == "#":
                break
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
    return depth


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def _line_end(text: str, token: Token) -> tuple[int, int]:
    """Where the line before a newline token ends: the caret goes after its last character."""
    start = token.start_pos or 0
    before = text[:start]
    line = before.count("\n") + 1
    return line, len(before) - (before.rfind("\n") + 1) + 1


def _bad_character(
    exc: UnexpectedCharacters, text: str, path: str, line: int, column: int
) -> Diagnostic:
    pos = exc.pos_in_stream or 0
    char = text[pos] if pos < len(text) else ""
    span = Span.point(path, line, column)
    if char == "=":
        return error(
            "RR0002",
            msg("unexpected '='"),
            span,
            msg("a rule is written 'rule.id: value' (with ':'); compare with '=='"),
        )
    if char == '"':
        return error(
            "RR0002",
            msg("unterminated string"),
            span,
            msg("close the string with '\"' on the same line"),
        )
    if char.isalpha() and (char.isupper() or not char.isascii()):
        rest = text[pos:].split(None, 1)[0] if text[pos:].strip() else char
        word = "".join(ch for ch in rest if ch.isalnum() or ch in "_-.")
        lowered = word.lower()
        hint = (
            msg("names are lower_snake_case ASCII: write '{fix}'", fix=lowered)
            if lowered.isascii()
            else msg("names are lower_snake_case ASCII; put display names in quotes")
        )
        return error("RR0002", msg("unexpected character {char}", char=repr(char)), span, hint)
    shown = char if char.strip() else repr(char)
    return error(
        "RR0002",
        msg("the character {shown} cannot appear in a rules file here", shown=repr(shown)),
        span,
        _expected_hint(set(exc.allowed or ())),
    )


def _unexpected_token(token: Token, expected: set[str], span: Span) -> Diagnostic:
    found = _found(token)
    if expected == {"BECAUSE"} or ("BECAUSE" in expected and len(expected) <= 2):
        return error(
            "RR0001",
            msg("an assumed value needs its reason, found {found}", found=found),
            span,
            msg('write: assumed VALUE because "why this value was chosen"'),
        )
    if "COLON" in expected and "LBRACE" in expected and token.type != "$END":
        return error(
            "RR0001",
            msg("expected ':' after the rule id, found {found}", found=found),
            span,
            msg("a rule is written 'rule.id: value', a group 'prefix {{ … }}'"),
        )
    if expected == {"STRING"} or expected == {"PAGE", "SECTION", "STRING"}:
        return error(
            "RR0001",
            msg("expected a quoted anchor phrase, found {found}", found=found),
            span,
            msg('a citation reads: cite DOCUMENT [page N | section "…"] "anchor words"'),
        )
    if token.type == "$END" and "RBRACE" in expected:
        return error("RR0001", msg("missing '}}' before the end of the file"), span, None)
    if token.type == "_NL" and expected & {"COLON", "DOTS", "INT", "NAME", "STRING"}:
        return error(
            "RR0001",
            msg("the statement is incomplete at the end of the line"),
            span,
            _expected_hint(expected),
        )
    return error("RR0001", msg("unexpected {found}", found=found), span, _expected_hint(expected))


def _expected_hint(expected: set[str]) -> Message:
    """What the parser would have taken, said as a player reads it: one or two things by name,
    else the form of what goes there (never a list of the grammar's tokens)."""
    words = sorted({_describe(t) for t in expected if not t.startswith("__")}, key=lambda w: str(w))
    if len(words) == 1:
        return msg("expected {what}", what=words[0])
    if len(words) == 2:
        return msg("expected {one} or {other}", one=words[0], other=words[1])
    if expected & {"RULESET", "BOARD", "SOURCE"}:
        return msg(
            'a file holds declarations, such as: ruleset NAME "TITLE" extends classic {{ … }}'
        )
    if expected & {"OVERRIDE", "RULE_ID"}:
        return msg(
            "a rule reads `rule.id: value`, one to a line, such as `override combat.ties: attacker`"
        )
    if expected & {"COMPARE", "ADD", "MUL"}:
        return msg(
            "a formula reads like `max(3, territories // 3)`, a condition like "
            "`territories >= 30 or opponents == 0`"
        )
    return msg(
        "a rule reads `rule.id: value`: a number, a word, a list `a, b`, a range `1 .. 3`, a "
        "table `{{3: 35, 4: 30}}` or a formula"
    )
