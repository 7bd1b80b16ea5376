"""The results of the studio's rule form (service/editing.py): the form of one ruleset, its
sections in the sheet's order, and each rule's field, all JSON-able."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...grammar.diagnostics import Diagnostic
from ...grammar.schema import SET_KINDS
from .parts import PartSource
from .presets import Preset


@dataclass(frozen=True)
class FormCitation:
    """Where a manual states a rule: the manual's id, its name as the sheet gives it, the page
    or section, the anchor (the passage's words)."""

    document: str
    manual: str
    page: int | None
    section: str | None
    anchor: str

    def to_json(self) -> dict[str, object]:
        return {
            "document": self.document,
            "manual": self.manual,
            "page": self.page,
            "section": self.section,
            "anchor": self.anchor,
        }


def schedule_text(kind: str, values: Sequence[str], step: str = "") -> str:
    """The trade values a table gives, as the rules text writes them (`sequence 4, 6, 8 then
    +2`, `track 4, 6 after last stay`, `by kind {infantry: 4, …}`, `fixed 10`); a cell left
    empty is left out; a cell that is not a whole number is refused by the checker."""
    cells = [v.strip() for v in values]
    step = step.strip()
    if kind == "fixed":
        return f"fixed {next((c for c in cells if c), '')}"
    if kind == "by_kind":
        given = [f"{k}: {c}" for k, c in zip(SET_KINDS, cells, strict=False) if c]
        return "by kind {" + ", ".join(given) + "}"
    numbers = ", ".join(c for c in cells if c)
    if kind == "track":
        return f"track {numbers} after last " + (f"+{step}" if step else "stay")
    if kind == "sequence":
        return f"sequence {numbers}" + (f" then +{step}" if step else "")
    raise ValueError(f"no kind of trade values '{kind}'")


@dataclass(frozen=True)
class TradeTable:
    """The trade values as a table a player edits: a sequence's or a track's values set by
    set, then `step` more for each further set (None: a sequence repeats its last value, a
    track stays on it); the armies for each kind of set; or one value for every set."""

    kind: str  # "sequence", "track", "by_kind" or "fixed"
    values: tuple[int, ...] = ()
    step: int | None = None
    rows: tuple[tuple[str, str, str], ...] = ()  # by kind: the kind, its words, its armies

    @property
    def text(self) -> str:
        """The table as the rules text writes it (what the form compares a change with)."""
        cells = (
            [r[2] for r in self.rows] if self.kind == "by_kind" else [str(v) for v in self.values]
        )
        return schedule_text(self.kind, cells, str(self.step) if self.step is not None else "")

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "values": list(self.values),
            "step": self.step,
            "rows": [list(r) for r in self.rows],
        }


@dataclass(frozen=True)
class FormField:
    """One rule of the form. Values are rules-language text (None: not set); a table's are
    also given as rows (key, value), in the order written."""

    rule: str
    label: str  # the rule's name in the form's language
    summary: str  # the catalogue's description (English)
    kind: str  # the schema's kind: "int", "choice", "by_players", "schedule", …
    kind_text: str  # what the kind's value looks like ("a whole number")
    widget: str  # "menu", "number", "table" or "text"
    choices: tuple[str, ...]  # the words a menu offers (or a number field besides numbers)
    keys: tuple[str, ...]  # a table's keys on this board and player counts
    least: int | None
    most: int | None
    sentence: str | None  # as the sheet prints it now, HTML (key words in <b>)
    sentence_text: str | None  # the same without markup
    base_sentence: str | None
    value: str | None
    rows: tuple[tuple[str, str], ...] | None
    base_value: str | None
    base_rows: tuple[tuple[str, str], ...] | None
    set_here: bool  # the house-rules file writes this rule
    overridden: bool  # ... and the base sets it too (an `override`)
    citations: tuple[FormCitation, ...]  # the current value's, the reader's manual first
    base_citations: tuple[FormCitation, ...]
    because: dict[str, str]  # the reason given for an assumed value, by language
    # The controls in words: a menu's options (value, words), the word a number field also
    # takes (`none`: "no limit"), a table's rows' names (key, name) and its cells' options,
    # a formula's presets (each with the sheet's sentence), the author's note by language.
    options: tuple[tuple[str, str], ...] = ()
    word: tuple[str, str] | None = None
    row_names: tuple[tuple[str, str], ...] = ()
    cell_options: tuple[tuple[str, str], ...] = ()
    presets: tuple[Preset, ...] = ()
    note: dict[str, str] = field(default_factory=dict)
    trade: TradeTable | None = None  # the trade values as a table (cards.trade_values)

    @property
    def preset(self) -> Preset | None:
        """The preset the rule's value is (None: a formula of the author's own)."""
        return next((p for p in self.presets if p.value == self.value), None)

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "label": self.label,
            "summary": self.summary,
            "kind": self.kind,
            "kind_text": self.kind_text,
            "widget": self.widget,
            "choices": list(self.choices),
            "keys": list(self.keys),
            "least": self.least,
            "most": self.most,
            "sentence": self.sentence,
            "sentence_text": self.sentence_text,
            "base_sentence": self.base_sentence,
            "value": self.value,
            "rows": [list(r) for r in self.rows] if self.rows is not None else None,
            "base_value": self.base_value,
            "base_rows": [list(r) for r in self.base_rows] if self.base_rows is not None else None,
            "set_here": self.set_here,
            "overridden": self.overridden,
            "citations": [c.to_json() for c in self.citations],
            "base_citations": [c.to_json() for c in self.base_citations],
            "because": dict(self.because),
            "options": [list(o) for o in self.options],
            "word": list(self.word) if self.word else None,
            "row_names": [list(r) for r in self.row_names],
            "cell_options": [list(o) for o in self.cell_options],
            "presets": [p.to_json() for p in self.presets],
            "note": dict(self.note),
            "trade": self.trade.to_json() if self.trade is not None else None,
        }


@dataclass(frozen=True)
class FormSection:
    """A block of the sheet: `number` is the step of the turn (None before and after it)."""

    key: str
    title: str
    number: int | None
    fields: tuple[FormField, ...]
    # The games that play this part, to add it as one of them does (a part not played yet).
    sources: tuple[PartSource, ...] = ()

    # The parts of a game a ruleset may leave out; the form offers to add them when it does.
    OPTIONAL = ("teams", "neutrals", "missions")

    @property
    def addable(self) -> bool:
        """A part of the game the ruleset does not play, which the player may add."""
        return self.key in self.OPTIONAL and not self.used

    @property
    def used(self) -> bool:
        """Whether the ruleset sets any rule of the section (one of a variant it does not
        play, such as neutral armies, sets none)."""
        return any(f.value is not None for f in self.fields)

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "title": self.title,
            "number": self.number,
            "used": self.used,
            "addable": self.addable,
            "sources": [p.to_json() for p in self.sources],
            "fields": [f.to_json() for f in self.fields],
        }


@dataclass(frozen=True)
class RuleForm:
    """The form of one ruleset of a file: its sections in the sheet's order. With errors in
    the text, no sentence is said (`sentence` None) and `diagnostics` holds them. `rulesets`
    names every ruleset the file declares, in its order (a picker's choices)."""

    ruleset: str
    title: str | None
    base: str | None
    lang: str
    sections: tuple[FormSection, ...]
    diagnostics: tuple[Diagnostic, ...]
    rulesets: tuple[str, ...] = ()
    titles: dict[str, str] = field(
        default_factory=dict
    )  # the title the ruleset writes, by language
    base_title: str | None = None  # the base's title in the form's language
    ruleset_titles: tuple[str, ...] = ()  # each of `rulesets` by its title, in the language

    @property
    def fields(self) -> list[FormField]:
        return [f for s in self.sections for f in s.fields]

    def field(self, rule: str) -> FormField | None:
        return next((f for f in self.fields if f.rule == rule), None)

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "title": self.title,
            "base": self.base,
            "lang": self.lang,
            "sections": [s.to_json() for s in self.sections],
            "diagnostics": [d.to_json() for d in self.diagnostics],
            "rulesets": list(self.rulesets),
            "titles": dict(self.titles),
            "base_title": self.base_title,
            "ruleset_titles": list(self.ruleset_titles),
        }
