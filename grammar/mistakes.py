"""Syntax errors in the author's terms: the usual mistakes recognised from the text around the
place the parser stopped, each answered with what was meant and the right form.

The parser says which token it did not expect and which it would have taken; a player wrote a
house rule. `advise` reads the line (and the blocks open around it) to tell a missing comma
from a word where a formula goes, a curly quote from a straight one, `/` from `//`, a title
without its quotes from a misspelt keyword. Where the fix is sure, the hint offers it as
"did you mean 'X'?" over exactly the text to replace: the form the language server turns into
a quick fix. Nothing here names the grammar's tokens.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .diagnostics import Diagnostic, Span, error
from .schema import Kind, known_ids, lookup
from .words import FOREIGN, NUMBER_WORDS

KEYWORDS = (
    "ruleset",
    "board",
    "source",
    "extends",
    "override",
    "assumed",
    "because",
    "cite",
    "page",
    "section",
    "sequence",
    "track",
    "fixed",
    "then",
    "after",
    "last",
    "stay",
    "by",
    "kind",
    "from",
    "inherit",
    "ignore",
    "continent",
    "borders",
    "language",
    "title",
    "short",
    "and",
    "or",
    "not",
    "yes",
    "no",
)
# Words that cannot end a statement: a line ending with one goes on on the next.
_GOES_ON = frozenset(KEYWORDS) - {"yes", "no", "stay"}
_QUANTITY_WORDS = (
    "territories",
    "continents",
    "opponents",
    "armies",
    "capitals",
    "missions_completed",
)
_OPERATOR = "<>=!/*+-%"
_CURLY = {"“": "”", "”": "”", "„": "“", "«": "»", "‘": "’", "’": "’", "‚": "‘"}
_SYMBOLS = {
    "≥": (">=", "write 'at least' as >="),
    "≤": ("<=", "write 'at most' as <="),
    "≠": ("!=", "write 'not equal' as !="),
    "÷": ("//", "write division as // (a whole number, rounded down)"),
    "×": ("*", "write multiplication as *"),
    "–": ("..", "write a range of numbers with '..', such as 3 .. 6"),
    "—": ("..", "write a range of numbers with '..', such as 3 .. 6"),
    "…": ("..", "write a range of numbers with '..', such as 3 .. 6"),
}
SCHEDULE_FORMS = (
    "write a fixed trade value as `fixed 10`, or a sequence as `sequence 4, 6, 8, 10 then +5`"
)


@dataclass(frozen=True)
class Failure:
    """Where and how the parser stopped: a token it did not expect (`token` is its terminal's
    name, "$END" at the end of the text), or a character no token starts with (`token` "")."""

    pos: int
    end: int
    token: str
    expected: frozenset[str]


@dataclass(frozen=True)
class Block:
    """A bracket left open before the failure: where, which bracket, and what it opens."""

    pos: int
    char: str
    kind: str  # "ruleset", "board", "group", "table", "paren", "list", "block"
    label: str  # the ruleset's or group's name, the rule id before a table


class Text:
    """The text of a rules file with the few questions the advice asks of it."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path

    def line_of(self, pos: int) -> tuple[int, int, str]:
        """(line number, offset of its start, its text) of the line holding `pos`."""
        pos = max(0, min(pos, len(self.text)))
        start = self.text.rfind("\n", 0, pos) + 1
        end = self.text.find("\n", pos)
        end = len(self.text) if end < 0 else end
        return self.text.count("\n", 0, pos) + 1, start, self.text[start:end]

    def span(self, start: int, end: int | None = None) -> Span:
        """The span of text[start:end] (one character when end is not given), on one line."""
        line, begin, content = self.line_of(start)
        end = start + 1 if end is None else end
        column = start - begin + 1
        width = max(0, min(end, begin + len(content) + 1) - start)
        return Span(self.path, line, column, line, column + max(width, 1 if end > start else 0))

    def word_at(self, pos: int) -> tuple[int, int, str]:
        """The word (letters, digits, `_`, `.`) around `pos`: (start, end, word)."""
        start = pos
        while start > 0 and _wordy(self.text[start - 1]):
            start -= 1
        end = pos
        while end < len(self.text) and _wordy(self.text[end]):
            end += 1
        return start, end, self.text[start:end]

    def before(self, pos: int) -> tuple[int, str]:
        """The last significant word or character before `pos` (comments skipped): its offset
        and text ("" at the start of the file)."""
        i = pos - 1
        while i >= 0:
            _line, begin, content = self.line_of(i)
            code = _code(content)
            if i - begin >= len(code):
                i = begin + len(code) - 1
                if i < begin:
                    i = begin - 1
                    continue
            ch = self.text[i]
            if ch.isspace():
                i -= 1
                continue
            if _wordy(ch):
                start, _end, word = self.word_at(i)
                return start, word
            start = i
            while start > 0 and self.text[start - 1] in _OPERATOR and ch in _OPERATOR:
                start -= 1
            return start, self.text[start : i + 1]
        return -1, ""

    def after(self, pos: int) -> tuple[int, str]:
        """The next significant word or character from `pos` on, on the same line."""
        _line, begin, content = self.line_of(pos)
        code = _code(content)
        i = pos
        while i < begin + len(code) and self.text[i].isspace():
            i += 1
        if i >= begin + len(code):
            return i, ""
        if _wordy(self.text[i]):
            start, _end, word = self.word_at(i)
            return start, word
        return i, self.text[i]

    def open_blocks(self, pos: int) -> list[Block]:
        """The brackets opened before `pos` and not closed, outermost first (strings and
        comments skipped)."""
        stack: list[Block] = []
        i = 0
        text = self.text
        closer = {"}": "{", ")": "(", "]": "["}
        while i < pos:
            ch = text[i]
            if ch == '"':
                j = i + 1
                while j < len(text) and text[j] not in '"\n':
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
                continue
            if ch == "#":
                j = text.find("\n", i)
                i = len(text) if j < 0 else j
                continue
            if ch in "{([":
                stack.append(self._block(i, ch))
            elif ch in closer and stack and stack[-1].char == closer[ch]:
                stack.pop()
            i += 1
        return stack

    def _block(self, pos: int, char: str) -> Block:
        if char == "(":
            return Block(pos, char, "paren", "")
        if char == "[":
            return Block(pos, char, "list", "")
        _, begin, content = self.line_of(pos)
        head = _code(content[: pos - begin]).strip()
        if re.match(r"ruleset\b", head):
            name = head.split()[1] if len(head.split()) > 1 else ""
            return Block(pos, char, "ruleset", name)
        if re.match(r"(board|continent|borders)\b", head):
            return Block(pos, char, "board", head.split()[0])
        group = re.fullmatch(r"(?:override\s+)?([a-z][a-z0-9_.]*)(?:\s+assumed\b.*)?", head)
        if group:
            return Block(pos, char, "group", group.group(1))
        rule = re.match(r"(?:override\s+)?([a-z][a-z0-9_.]*)\s*:", head)
        if head.endswith((":", ",", "{", "because", "kind")) or rule:
            return Block(pos, char, "table", rule.group(1) if rule else "")
        return Block(pos, char, "block", "")

    def rule_at(self, pos: int) -> tuple[str, int] | None:
        """The rule id of the statement around `pos` (its groups' prefixes included) and the
        offset where its value starts, when the statement is a rule `id: value`."""
        _line, begin, content = self.line_of(pos)
        while re.match(r"\s*(cite|then|because|after)\b", content) and begin > 0:
            _line, begin, content = self.line_of(begin - 1)
        found = re.match(
            r"(\s*(?:override\s+)?)([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)\s*:", content
        )
        if not found:
            return None
        groups = [b.label for b in self.open_blocks(begin) if b.kind == "group"]
        rule_id = ".".join([*groups, found.group(2)])
        return rule_id, begin + found.end()


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _wordy(ch: str) -> bool:
    return ch.isalnum() or ch in "_."


def _code(line: str) -> str:
    """A line without its comment (a `#` outside a string)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def fix(replacement: str, why: str = "") -> str:
    """A hint offering one replacement of the diagnostic's span: the language server shows it
    as a quick fix ("did you mean 'X'?")."""
    return f"did you mean '{replacement}'?" + (f" {why}" if why else "")


def closest(word: str, candidates: tuple[str, ...] | list[str], cutoff: float = 0.75) -> str | None:
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return found[0] if found else None


# ---------------------------------------------------------------- the advice


def advise(failure: Failure, text: str, path: str) -> Diagnostic | None:
    """A diagnostic in the author's terms for the usual mistakes, or None for the others."""
    t = Text(text, path)
    if failure.token == "":
        return _character(failure, t)
    for rule in _TOKEN_RULES:
        found = rule(failure, t)
        if found is not None:
            return found
    return None


def _character(f: Failure, t: Text) -> Diagnostic | None:
    text = t.text
    ch = text[f.pos] if f.pos < len(text) else ""
    nxt = text[f.pos + 1] if f.pos + 1 < len(text) else ""
    _prev_pos, prev = t.before(f.pos)
    if ch == "/" and nxt != "/":
        return error(
            "RR0002",
            "'/' is not division here: write // (a whole number, rounded down), such as "
            "territories // 3",
            t.span(f.pos),
            fix("//"),
        )
    if ch == "=":
        if nxt == ">":
            return error("RR0002", "write 'at least' as >=", t.span(f.pos, f.pos + 2), fix(">="))
        if nxt == "<":
            return error("RR0002", "write 'at most' as <=", t.span(f.pos, f.pos + 2), fix("<="))
        rule = t.rule_at(f.pos)
        if prev == ":":
            return error(
                "RR0002",
                "unexpected '=' after ':': a rule is written 'rule.id: value'",
                t.span(f.pos),
                "remove the '='",
            )
        if rule is None and re.fullmatch(r"[a-z][a-z0-9_.]*", prev or "-"):
            return error(
                "RR0002",
                "unexpected '=': a rule is written 'rule.id: value', with ':'",
                t.span(f.pos),
                fix(":", "('==' compares two numbers in a condition)"),
            )
        return error(
            "RR0002",
            "unexpected '=': compare two numbers with '=='",
            t.span(f.pos),
            fix("==", "a rule is written 'rule.id: value'"),
        )
    if ch in _SYMBOLS:
        written, why = _SYMBOLS[ch]
        return error("RR0002", f"'{ch}' cannot be typed here: {why}", t.span(f.pos), fix(written))
    if ch in "|&":
        word = "or" if ch == "|" else "and"
        end = f.pos + (2 if nxt == ch else 1)
        return error(
            "RR0002",
            f"write '{word}' to join two conditions, not '{text[f.pos : end]}'",
            t.span(f.pos, end),
            fix(word),
        )
    if ch == "!":
        return error(
            "RR0002", "write 'not' before a condition, not '!'", t.span(f.pos), fix("not ")
        )
    if ch == ";":
        if any(b.kind == "table" for b in t.open_blocks(f.pos)):
            return error(
                "RR0002",
                "separate a table's entries with ',', not ';'",
                t.span(f.pos),
                fix(","),
            )
        return error(
            "RR0002",
            "a rule ends at the end of its line: no ';' is needed",
            t.span(f.pos),
            "remove the ';'",
        )
    if ch in _CURLY or ch == "'":
        return _quotes(f, t, ch)
    if ch.isalpha() and (ch.isupper() or not ch.isascii()):
        return _letter(f, t)
    return None


def _quotes(f: Failure, t: Text, ch: str) -> Diagnostic:
    """A curly quote (pasted from a word processor) or a single one, where '"' is meant."""
    _, begin, content = t.line_of(f.pos)
    rest = t.text[f.pos + 1 : begin + len(content)]
    ends = [i for i, c in enumerate(rest) if c in "”“’‘'»«\"„"]
    what = "a single quote" if ch == "'" else f"a curly quote {ch} (as a word processor types it)"
    if not ends:
        return error(
            "RR0002",
            f'{what} cannot start a text: write straight double quotes "…"',
            t.span(f.pos),
            fix('"'),
        )
    inner = rest[: ends[0]]
    end = f.pos + 1 + ends[0] + 1
    rule = t.rule_at(f.pos)
    spec = lookup(rule[0]) if rule else None
    word = re.fullmatch(r"[a-z][a-z0-9_]*( [a-z][a-z0-9_]*)*", inner)
    _, prev = t.before(f.pos)
    text_goes_here = prev in ("because", "cite", "title", "short", "section", "page") or (
        prev.isdigit() and "cite" in content
    )
    if spec is not None and word and spec.kind != Kind.TEXT and not text_goes_here:
        return error(
            "RR0002",
            f"{what} around '{inner}': a word of a rule needs no quotes",
            t.span(f.pos, end),
            fix(inner),
        )
    return error(
        "RR0002",
        f"{what}: write a text in straight double quotes",
        t.span(f.pos, end),
        fix(f'"{inner}"'),
    )


def _letter(f: Failure, t: Text) -> Diagnostic:
    """An upper-case or non-ASCII letter: a title without quotes, a capital in a name, another
    language's word (with its letters: ø, æ, ë …)."""
    start, end, word = t.word_at(f.pos)
    while end < len(t.text) and (t.text[end].isalpha() or t.text[end] in "_-"):
        end += 1
    word = t.text[start:end]
    lowered = word.lower()
    _line, begin, content = t.line_of(f.pos)
    head = _code(content[: start - begin]).strip()
    header = re.fullmatch(r"ruleset\s+[a-z][a-z0-9_-]*", head)
    if header:
        stop = re.search(r"\s(extends\b|\{)", content[start - begin :])
        title = content[start - begin : start - begin + stop.start()] if stop else word
        title = title.strip()
        return error(
            "RR0002",
            f'a ruleset\'s title goes in quotes: "{title}"',
            t.span(start, start + len(title)),
            fix(f'"{title}"'),
        )
    meant = FOREIGN.get(lowered)
    if meant is not None:
        return error(
            "RR0002",
            f"'{word}' is {meant[1]} for '{meant[0]}': the rules are written in English words",
            t.span(start, end),
            fix(meant[0]),
        )
    if lowered.isascii():
        kind = "a ruleset's name" if re.fullmatch(r"ruleset", head) else "a name"
        return error(
            "RR0002",
            f"{kind} is written in lower case: '{lowered}', not '{word}'",
            t.span(start, end),
            fix(lowered, "(display names go in quotes)"),
        )
    ascii_word = _ascii(lowered)
    return error(
        "RR0002",
        f"'{word}' has a letter riskrules cannot read in a name ({t.text[f.pos]}): names are "
        "plain lower-case letters, digits and _; a display name goes in quotes",
        t.span(start, end),
        fix(ascii_word) if ascii_word else None,
    )


def _ascii(word: str) -> str:
    out = word
    for a, b in (("æ", "ae"), ("ø", "oe"), ("å", "aa"), ("ë", "e"), ("é", "e"), ("ü", "u")):
        out = out.replace(a, b)
    return out if out.isascii() and re.fullmatch(r"[a-z_][a-z0-9_]*", out) else ""


# ---------------------------------------------------------------- unexpected tokens


def _at_end(f: Failure, t: Text) -> Diagnostic | None:
    """The file ends inside a block: name the block left open."""
    if f.token != "$END":
        return None
    blocks = [b for b in t.open_blocks(len(t.text)) if b.char == "{"]
    if not blocks:
        return None
    block = blocks[-1]
    line, _, _ = t.line_of(block.pos)
    what = {
        "ruleset": f"ruleset '{block.label}'",
        "group": f"the group '{block.label} {{'",
        "table": "the table",
        "board": f"the {block.label}",
    }.get(block.kind, "a block")
    end = t.span(len(t.text), len(t.text))  # where the '}' goes
    return error(
        "RR0001",
        f"the file ends before {what} opened on line {line} is closed: missing '}}'",
        end,
        "close every '{' with a matching '}'",
    )


def _unclosed(f: Failure, t: Text) -> Diagnostic | None:
    """The error comes on a line that starts a new rule: the rule before it is unfinished (a
    bracket left open, or a line ending in an operator or a comma)."""
    line, begin, content = t.line_of(f.pos)
    starts_rule = re.match(r"\s*(override\b|[a-z][a-z0-9_.]*\s*[:{])", content)
    if not starts_rule or f.pos - begin > len(starts_rule.group(0)) + 40:
        return None
    if begin == 0:
        return None
    prev_pos, prev = t.before(begin)
    if prev_pos < 0:
        return None
    prev_line, _, _ = t.line_of(prev_pos)
    blocks = t.open_blocks(begin)
    if blocks and blocks[-1].kind in ("paren", "list"):
        opened = blocks[-1]
        at, _, _ = t.line_of(opened.pos)
        close = ")" if opened.char == "(" else "]"
        return error(
            "RR0001",
            f"the '{opened.char}' on line {at} is never closed: the rule goes on to line {line}",
            t.span(opened.pos),
            f"close it with '{close}' on line {at}",
        )
    if blocks and blocks[-1].kind == "table" and prev not in (",", "{", ":"):
        return None  # a table's entries on several lines: told by _table_open
    if prev.lower() in _GOES_ON or prev[-1] in _OPERATOR + ",:([":
        return error(
            "RR0001",
            f"the rule on line {prev_line} is unfinished: it ends with '{prev}'",
            t.span(prev_pos, prev_pos + len(prev)),
            "finish it on its own line (such as territories >= 30), or remove what is left over",
        )
    return None


def _table_open(f: Failure, t: Text) -> Diagnostic | None:
    """A line ends inside a table: its '}' is missing (or a ',' before the next entry)."""
    if f.token != "_NL":
        return None
    blocks = t.open_blocks(f.pos)
    if not blocks or blocks[-1].kind != "table":
        return None
    line, _, _ = t.line_of(blocks[-1].pos)
    end_pos, last = t.before(f.pos)
    return error(
        "RR0001",
        f"the table opened on line {line} is not closed: end it with '}}'",
        t.span(end_pos, end_pos + len(last)),
        "close the table on the line it is opened, or end each line of its entries with ','",
    )


def _missing_comma(f: Failure, t: Text) -> Diagnostic | None:
    """A value follows another where a ',' goes: in a table, a list, a sequence, a call."""
    if "COMMA" not in f.expected or f.token not in ("INT", "NAME", "RULE_ID", "STRING"):
        return None
    _, _begin, content = t.line_of(f.pos)
    written = t.text[f.pos : f.end]
    blocks = t.open_blocks(f.pos)
    inner = blocks[-1] if blocks else None
    _after_pos, after = t.after(f.end)
    why = ""
    if inner is not None and inner.kind == "table" and after == ":":
        why = "each entry of a table is followed by ','"
    elif inner is not None and inner.kind in ("paren", "list"):
        why = "the values in brackets are separated by ','"
    elif re.search(r":\s*(sequence|track)\b", content) and f.token == "INT":
        why = "the values of a sequence are separated by ','"
    if not why:
        return None
    return error(
        "RR0001",
        f"missing ',' before {written}?",
        t.span(f.pos, f.end),
        fix(f", {written}", why),
    )


def _formula_in_words(f: Failure, t: Text) -> Diagnostic | None:
    """A number and a quantity where a condition goes (`30 territories`), `3 to 6` for a
    range, `territories divided by 3` for a formula."""
    rule = t.rule_at(f.pos)
    if rule is None:
        return None
    rule_id, value_at = rule
    spec = lookup(rule_id)
    if spec is None:
        return None
    _, begin, content = t.line_of(value_at)
    value = _code(t.text[value_at : begin + len(content)]).strip()
    start = _skip_spaces(t.text, value_at)
    span = t.span(start, start + len(value))
    words = value.split()
    if spec.kind == Kind.CONDITION:
        found = re.fullmatch(r"(\d+)\s+([a-z_]+)(\s+or more)?", value)
        if found and found.group(2) in spec.names:
            formula = f"{found.group(2)} >= {found.group(1)}"
            return error(
                "RR0001",
                f"a condition is written as a comparison: '{formula}' for {value}",
                span,
                fix(formula, f"(or, for the last one standing too: {formula} or opponents == 0)"),
            )
    if spec.kind == Kind.INT_RANGE:
        found = re.fullmatch(r"(\d+)\s*(to|til|tot|-|–)\s*(\d+)", value)
        if found:
            written = f"{found.group(1)} .. {found.group(3)}"
            return error(
                "RR0001",
                f"a range is written with '..': {written}",
                span,
                fix(written),
            )
    if spec.kind in (Kind.EXPR, Kind.CONDITION) and len(words) >= 3:
        joined = " ".join(words)
        for said, op in (("divided by", "//"), ("times", "*"), ("plus", "+"), ("minus", "-")):
            found = re.fullmatch(rf"([a-z_]+|\d+) {said} ([a-z_]+|\d+)", joined)
            if found:
                formula = f"{found.group(1)} {op} {found.group(2)}"
                return error(
                    "RR0001",
                    f"a formula is written with {op}, not '{said}': {formula}",
                    span,
                    fix(formula),
                )
    if spec.kind == Kind.SCHEDULE and not re.match(r"(sequence|track|fixed|by)\b", value):
        numbers = re.fullmatch(r"\d+(\s*,\s*\d+)*(\s+then\s+\+?\s*\d+)?", value)
        if numbers:
            then = re.search(r"then\s+\+?\s*(\d+)", value)
            listed = value[: then.start()].strip() if then else value
            written = f"sequence {listed}" + (f" then +{then.group(1)}" if then else "")
            return error(
                "RR0001",
                f"trade values listed one after another are a sequence: '{written}'",
                span,
                fix(written, SCHEDULE_FORMS),
            )
    return None


def _schedule(f: Failure, t: Text) -> Diagnostic | None:
    """A trade schedule missing a part: `fixed` without its value, `by kind` without braces,
    `then 5` where `then +5` goes."""
    prev_pos, prev = t.before(f.pos)
    rule = t.rule_at(max(prev_pos, 0))
    spec = lookup(rule[0]) if rule is not None else None
    if spec is None or spec.kind != Kind.SCHEDULE:
        return None
    if prev == "fixed":
        return error(
            "RR0001",
            "'fixed' needs the armies every set is worth, such as fixed 10",
            t.span(prev_pos, prev_pos + len(prev)),
            fix("fixed 10"),
        )
    if prev == "kind" and "LBRACE" in f.expected:
        return error(
            "RR0001",
            "the values by kind go in braces: by kind {infantry: 4, cavalry: 6, artillery: 8, "
            "mixed: 10}",
            t.span(f.pos, f.end),
            None,
        )
    if prev == "then" and f.token == "INT":
        n = t.text[f.pos : f.end]
        return error(
            "RR0001",
            f"what each further set adds is written 'then +{n}'",
            t.span(f.pos, f.end),
            fix(f"+{n}"),
        )
    return None


def _rule_head(f: Failure, t: Text) -> Diagnostic | None:
    """After a rule id the parser wants ':' (or '{' for a group): a misspelt `override`, a
    rule id with a space for its dot, a name of two words in a table, a missing ':'."""
    if "COLON" not in f.expected or f.token not in (
        "RULE_ID",
        "NAME",
        "INT",
        "STRING",
        "YES",
        "NO",
    ):
        return None
    written = t.text[f.pos : f.end]
    prev_pos, prev = t.before(f.pos)
    _, begin, content = t.line_of(f.pos)
    blocks = t.open_blocks(f.pos)
    in_table = bool(blocks) and blocks[-1].kind == "table"
    if in_table and f.expected == frozenset({"COLON"}):
        if f.token in ("RULE_ID", "NAME") and re.fullmatch(r"[a-z_][a-z0-9_]*", prev or "-"):
            joined = f"{prev}_{written}"
            return error(
                "RR0001",
                f"a name of two words is written with '_': '{joined}'",
                t.span(prev_pos, f.end),
                fix(joined),
            )
        return error(
            "RR0001",
            f"each entry of a table is written KEY: VALUE, such as {prev}: {written}",
            t.span(f.pos, f.end),
            fix(f": {written}"),
        )
    if "LBRACE" not in f.expected:
        return None
    first = re.match(r"\s*(override\s+)?([a-z][a-z0-9_.]*)", content)
    if first and prev_pos == begin + first.start(2):
        head = first.group(2)
        if not first.group(1) and closest(head, ["override"], 0.7):
            return error(
                "RR0001",
                f"'{head}' is not a word of the language: did you mean 'override'?",
                t.span(prev_pos, prev_pos + len(head)),
                fix("override"),
            )
        joined = f"{head}.{written}"
        if lookup(joined) is not None or any(k.startswith(joined + ".") for k in known_ids()):
            return error(
                "RR0001",
                f"a rule id joins its parts with '.': '{joined}'",
                t.span(prev_pos, f.end),
                fix(joined),
            )
    return error(
        "RR0001",
        f"expected ':' after the rule id, found '{written}'",
        t.span(f.pos, f.end),
        fix(f": {written}", "a rule is written 'rule.id: value', a group 'prefix { … }'"),
    )


def _keyword(f: Failure, t: Text) -> Diagnostic | None:
    """A misspelt keyword where a declaration or `extends` goes, and a ruleset's title
    without its quotes."""
    if f.token not in ("RULE_ID", "NAME", "RULESET_NAME"):
        return None
    written = t.text[f.pos : f.end]
    if "RULESET" in f.expected:
        meant = closest(written, ["ruleset", "board", "source"], 0.6)
        return error(
            "RR0001",
            f"'{written}' does not start a declaration"
            + (f": did you mean '{meant}'?" if meant else ""),
            t.span(f.pos, f.end),
            fix(meant) if meant else 'a file holds rulesets: ruleset NAME "TITLE" extends BASE {',
        )
    if "EXTENDS" in f.expected and "LBRACE" in f.expected:
        if closest(written, ["extends"], 0.7):
            return error(
                "RR0001",
                f"'{written}' is not a word of the language: did you mean 'extends'?",
                t.span(f.pos, f.end),
                fix("extends"),
            )
        if "STRING" in f.expected:
            _, begin, content = t.line_of(f.pos)
            stop = re.search(r"\s(extends\b|\{)", content[f.pos - begin :])
            title = content[f.pos - begin : f.pos - begin + stop.start()] if stop else written
            return error(
                "RR0001",
                f'a ruleset\'s title goes in quotes: "{title.strip()}"',
                t.span(f.pos, f.pos + len(title.strip())),
                fix(f'"{title.strip()}"'),
            )
    return None


def _no_brace(f: Failure, t: Text) -> Diagnostic | None:
    """A ruleset's header without its '{'."""
    if f.expected != frozenset({"LBRACE"}):
        return None
    prev_pos, prev = t.before(f.pos)
    line, _, _ = t.line_of(prev_pos)
    here, _, _ = t.line_of(f.pos)
    if here == line:
        return None
    return error(
        "RR0001",
        f"a ruleset's rules go between '{{' and '}}': put '{{' at the end of line {line}",
        t.span(prev_pos, prev_pos + len(prev)),
        fix(f"{prev} {{"),
    )


def _quote_missing(f: Failure, t: Text) -> Diagnostic | None:
    """A reason after `because`, or a citation's anchor, written without quotes."""
    if "STRING" not in f.expected or f.token in ("STRING", "$END", "_NL"):
        return None
    _prev_pos, prev = t.before(f.pos)
    _, begin, content = t.line_of(f.pos)
    code = _code(content)
    rest = code[f.pos - begin :].strip()
    if prev == "because" and f.expected <= {"STRING", "LBRACE"}:
        return error(
            "RR0001",
            f'a reason goes in quotes: because "{rest}"',
            t.span(f.pos, f.pos + len(rest)),
            fix(f'"{rest}"'),
        )
    if f.expected <= {"STRING", "PAGE", "SECTION"}:
        return error(
            "RR0001",
            f'a citation\'s anchor goes in quotes: "{rest}"',
            t.span(f.pos, f.pos + len(rest)),
            fix(f'"{rest}"'),
        )
    return None


def _bracket_table(f: Failure, t: Text) -> Diagnostic | None:
    """`3: 35, 4: 30` without braces, or in square brackets: a table goes in braces."""
    if f.token != "COLON":
        return None
    rule = t.rule_at(f.pos)
    if rule is None:
        return None
    _, value_at = rule
    _, begin, content = t.line_of(value_at)
    value = _code(t.text[value_at : begin + len(content)]).strip()
    inner = value.strip("{}[] ")
    if not re.fullmatch(r"[a-z0-9_]+\s*:.*", inner):
        return None
    start = _skip_spaces(t.text, value_at)
    return error(
        "RR0001",
        f"a table goes in braces: {{{inner}}}",
        t.span(start, start + len(value)),
        fix(f"{{{inner}}}", "(a list of words goes without brackets, or in [ ])"),
    )


def _stray(f: Failure, t: Text) -> Diagnostic | None:
    """A closing brace too many, and `//` for a comment."""
    if f.token == "RBRACE" and f.expected <= {"$END", "_NL"}:
        return error(
            "RR0001",
            "one '}' too many: the ruleset is closed already",
            t.span(f.pos),
            "remove this '}' (or the one that closes the ruleset too early)",
        )
    if f.token == "MUL" and t.text[f.pos : f.pos + 2] == "//":
        _, begin, content = t.line_of(f.pos)
        if not content[: f.pos - begin].strip():
            return error(
                "RR0001",
                "a comment starts with '#', not '//'",
                t.span(f.pos, f.pos + 2),
                fix("#"),
            )
    return None


def _number_word(f: Failure, t: Text) -> Diagnostic | None:
    if f.token not in ("NAME", "RULE_ID"):
        return None
    written = t.text[f.pos : f.end].lower()
    if written in NUMBER_WORDS:
        n = NUMBER_WORDS[written]
        return error(
            "RR0001",
            f"write numbers in digits: {n} for '{written}'",
            t.span(f.pos, f.end),
            fix(str(n)),
        )
    return None


_TOKEN_RULES = (
    _at_end,
    _unclosed,
    _table_open,
    _stray,
    _schedule,
    _bracket_table,
    _missing_comma,
    _formula_in_words,
    _quote_missing,
    _rule_head,
    _keyword,
    _no_brace,
    _number_word,
)
