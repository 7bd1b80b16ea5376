"""The text of a rules file as the advice on its mistakes reads it (grammar/mistakes.py): the
keywords, the symbols a player types for the language's operators, where the parser stopped,
the blocks open around it, and the hint that offers a quick fix."""

import difflib
import re
from dataclasses import dataclass

from .diagnostics import Span
from .messages import Message, msg

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
_RANGE = msg("write a range of numbers with '..', such as 3 .. 6")
_SYMBOLS = {
    "≥": (">=", msg("write 'at least' as >=")),
    "≤": ("<=", msg("write 'at most' as <=")),
    "≠": ("!=", msg("write 'not equal' as !=")),
    "÷": ("//", msg("write division as // (a whole number, rounded down)")),
    "×": ("*", msg("write multiplication as *")),
    "–": ("..", _RANGE),
    "—": ("..", _RANGE),
    "…": ("..", _RANGE),
}
SCHEDULE_FORMS = msg(
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


def fix(replacement: str, why: Message | None = None) -> Message:
    """A hint offering one replacement of the diagnostic's span: the language server shows it
    as a quick fix ("did you mean 'X'?"; the replacement is its `fix` argument)."""
    if why is None:
        return msg("did you mean '{fix}'?", fix=replacement)
    return msg("did you mean '{fix}'? {why}", fix=replacement, why=why)


def closest(word: str, candidates: tuple[str, ...] | list[str], cutoff: float = 0.75) -> str | None:
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return found[0] if found else None
