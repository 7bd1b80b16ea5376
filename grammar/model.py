"""The typed, immutable model of a rules file: what the Lark transformer builds.

Every node keeps the span it came from, so any later finding (a checker diagnostic, a rule
violation in a game, a diff line) can point back at the text. Spans are excluded from equality:
two values are equal when they say the same thing, wherever they were written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

from .diagnostics import Span

NO_SPAN = Span("<builtin>", 0, 0, 0, 0)


# ------------------------------------------------------------------ expressions


@dataclass(frozen=True)
class Int:
    value: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Bool:
    value: bool
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Name:
    name: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Neg:
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Not:
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class BinOp:
    """Arithmetic (`+ - * // %`), comparison (`== != < <= > >=`) or logic (`and`, `or`)."""

    op: str
    left: Expr
    right: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Call:
    func: str
    args: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


Expr = Int | Bool | Name | Neg | Not | BinOp | Call


# ------------------------------------------------------------------ values


@dataclass(frozen=True)
class Text:
    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Phrase:
    """A few words read as one keyword value: `connected through own territories`."""

    words: tuple[str, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    @property
    def text(self) -> str:
        return " ".join(self.words)


@dataclass(frozen=True)
class Range:
    """`low .. high`; the bounds are expressions so dice limits can depend on armies."""

    low: Expr
    high: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class ListValue:
    items: tuple[Value, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Entry:
    key: str | int
    value: Value
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Table:
    entries: tuple[Entry, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    def get(self, key: str | int) -> Value | None:
        for entry in self.entries:
            if entry.key == key:
                return entry.value
        return None


class Localized(str):
    """Words an author gives in one string (read as English) or one per language
    (`{en: "…", da: "…", nl: "…"}`): a reason, a ruleset's title, a rule's note. As a string it
    is the English text (or the first given); `table` keeps the written form for the checker's
    located diagnostics."""

    texts: tuple[tuple[str, str], ...] = ()
    table: Table | None = None

    @classmethod
    def of(cls, table: Table) -> Self:
        texts = tuple(
            (str(e.key), e.value.text) for e in table.entries if isinstance(e.value, Text)
        )
        given = dict(texts)
        words = cls(given.get("en") or (texts[0][1] if texts else ""))
        words.texts = texts
        words.table = table
        return words

    def in_language(self, lang: str) -> str | None:
        """The words in `lang`; a plain string counts as English."""
        if not self.texts:
            return str(self) if lang == "en" else None
        return dict(self.texts).get(lang)


class Reason(Localized):
    """Why an `assumed` value was chosen (`because "…"` or `because {en: "…", da: "…"}`), so
    each sheet gives it in its own language."""


def reason_in(reason: str, lang: str) -> str | None:
    """Localized words (a reason, a title, a note) in `lang`: a plain string is English."""
    return (
        reason.in_language(lang)
        if isinstance(reason, Localized)
        else (reason if lang == "en" else None)
    )


@dataclass(frozen=True)
class Assumed:
    """A value the manual does not give, written down with the reason it was chosen."""

    value: Value
    reason: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Edge:
    """`assumed NAME because …` after a rule's citations: the rule's value is the manual's, but
    one case the manual leaves open (an edge the rule catalogue names: a tie, a player with no
    territory) is played by assumption, for this reason."""

    name: str
    reason: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    name_span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Segment:
    values: tuple[int, ...]
    assumed: str | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Schedule:
    """Trade values.

    kind `sequence`: the listed values, then `step` more for each further set (None: stays);
    kind `track`: finite spaces, then `step` more each time or, with step None, stay on the last;
    kind `by_kind`: a table by set kind (infantry, cavalry, artillery, mixed);
    kind `fixed`: one value for every set.
    """

    kind: str
    segments: tuple[Segment, ...] = ()
    step: int | None = None
    table: Table | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(v for seg in self.segments for v in seg.values)


Value = (
    Int
    | Bool
    | Name
    | Neg
    | Not
    | BinOp
    | Call
    | Text
    | Phrase
    | Range
    | ListValue
    | Table
    | Assumed
    | Schedule
)


# ------------------------------------------------------------------ declarations


@dataclass(frozen=True)
class Citation:
    document: str
    anchor: str
    page: int | None = None
    section: str | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    def short(self) -> str:
        where = f" p.{self.page}" if self.page is not None else ""
        where += f' §"{self.section}"' if self.section else ""
        return f'{self.document}{where} "{self.anchor}"'

    def to_json(self) -> dict[str, object]:
        return {
            "document": self.document,
            "page": self.page,
            "section": self.section,
            "anchor": self.anchor,
        }


@dataclass(frozen=True)
class Source:
    id: str
    file: str
    language: str
    title: str | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    short: str | None = None  # the title as a sheet names it ("Kommandomanual")

    @property
    def label(self) -> str:
        """The name a reader is shown: the short title, else the title, else the id."""
        return self.short or self.title or self.id


@dataclass(frozen=True)
class Territory:
    id: str
    names: tuple[tuple[str, str], ...]
    continent: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    def name(self, lang: str) -> str:
        return dict(self.names).get(lang) or dict(self.names).get("en") or self.id


@dataclass(frozen=True)
class Continent:
    id: str
    names: tuple[tuple[str, str], ...]
    territories: tuple[Territory, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    def name(self, lang: str) -> str:
        return dict(self.names).get(lang) or dict(self.names).get("en") or self.id


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    kind: str  # "land" or "sea"
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True)
class Board:
    name: str
    title: str | None
    continents: tuple[Continent, ...]
    borders: tuple[Border, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    @property
    def territories(self) -> tuple[Territory, ...]:
        return tuple(t for c in self.continents for t in c.territories)


@dataclass(frozen=True)
class Clause:
    """One rule: `id: value cite …`, as written in one ruleset."""

    id: str
    value: Value
    citations: tuple[Citation, ...]
    override: bool
    ruleset: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    id_span: Span = field(default=NO_SPAN, compare=False, repr=False)
    # `note "…"` / `note {en: …, da: …}`: the author's words on the rule, for the sheet; not
    # part of the rule (two clauses that differ only in their notes are the same rule).
    note: str | None = field(default=None, compare=False, repr=False)
    # `assumed tie because …`: the cases of this rule the manual leaves open, each with its
    # reason (the value itself may be the manual's: then `assumed` is False).
    edges: tuple[Edge, ...] = field(default=(), compare=False, repr=False)

    @property
    def assumed(self) -> bool:
        """Is the value itself (or a part of it) assumed? (Its edges are not its value.)"""
        return contains_assumed(self.value)

    @property
    def any_assumed(self) -> bool:
        """Is anything of the rule assumed: its value or one of its edges?"""
        return self.assumed or bool(self.edges)


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str | None
    extends: str | None
    clauses: tuple[Clause, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    name_span: Span = field(default=NO_SPAN, compare=False, repr=False)
    extends_span: Span = field(default=NO_SPAN, compare=False, repr=False)
    # `from da000`: the manuals this ruleset encodes (empty: inferred from what it cites).
    manuals: tuple[str, ...] = ()
    manuals_span: Span = field(default=NO_SPAN, compare=False, repr=False)
    inherits: tuple[Inherit, ...] = ()
    ignores: tuple[Ignore, ...] = ()


def title_in(ruleset: Ruleset, lang: str) -> str:
    """A ruleset's title as a reader in `lang` is shown it: the title in that language, else in
    English, else the first one given (a single string is the title in every language); a
    ruleset with no title of its own is named by its id in words ("army-cap": "Army cap"),
    never by its base's title."""
    title = ruleset.title
    if isinstance(title, Localized) and title.texts:
        given = dict(title.texts)
        return given.get(lang) or given.get("en") or title.texts[0][1]
    if title:
        return str(title)
    words = ruleset.name.replace("-", " ").replace("_", " ")
    return words[:1].upper() + words[1:]


@dataclass(frozen=True)
class Ignore:
    """`ignore DOC page N "anchor", "anchor" because REASON`: passages of a manual that state no
    rule this ruleset encodes, on purpose (flavour text, box contents, advice, a rule of a game
    it does not play), one reason for them all; each anchor is a citation of its own."""

    citations: tuple[Citation, ...]
    reason: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    ruleset: str = ""  # the ruleset that writes it

    @property
    def citation(self) -> Citation:
        """The first passage set aside (every ignore names at least one)."""
        return self.citations[0]


@dataclass(frozen=True)
class Inherit:
    """`inherit RULE because REASON`: the ruleset's own manual does not state RULE; its base's
    value is taken on purpose (so the checker does not report it as a hidden gap)."""

    id: str
    reason: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    id_span: Span = field(default=NO_SPAN, compare=False, repr=False)
    ruleset: str = ""  # the ruleset that writes it


@dataclass(frozen=True)
class RulesFile:
    """Everything one `.rules` file declares."""

    path: str
    sources: tuple[Source, ...]
    boards: tuple[Board, ...]
    rulesets: tuple[Ruleset, ...]


def contains_assumed(value: Value) -> bool:
    """True when any part of the value is an `assumed` gap."""
    if isinstance(value, Assumed):
        return True
    if isinstance(value, Schedule):
        return any(s.assumed for s in value.segments) or (
            value.table is not None and contains_assumed(value.table)
        )
    if isinstance(value, Table):
        return any(contains_assumed(e.value) for e in value.entries)
    if isinstance(value, ListValue):
        return any(contains_assumed(i) for i in value.items)
    return False


def assumed_reasons(value: Value) -> list[str]:
    """The reasons given for every `assumed` part of a value."""
    if isinstance(value, Assumed):
        return [value.reason]
    if isinstance(value, Schedule):
        out = [s.assumed for s in value.segments if s.assumed]
        return out + (assumed_reasons(value.table) if value.table else [])
    if isinstance(value, Table):
        return [r for e in value.entries for r in assumed_reasons(e.value)]
    if isinstance(value, ListValue):
        return [r for i in value.items for r in assumed_reasons(i)]
    return []


def strip_assumed(value: Value) -> Value:
    """The value with its `assumed` wrappers removed: what the engine plays with."""
    return value.value if isinstance(value, Assumed) else value
