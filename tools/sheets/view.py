"""The view model of a rule sheet (tools/sheets/summary.py builds it, the card takes from it,
the templates render it): a sheet of blocks, a block of lines, a line one or more rules'
sentence with what marks it."""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from ...grammar import model as m


@dataclass
class Line:
    rules: list[str]
    text: Markup
    cells: list[list[str]] = field(default_factory=list)
    assumed: bool = False
    inherited: bool = False  # the base's rule, kept on purpose (`inherit RULE because …`)
    changed: bool = False
    was: Markup | None = None  # the base's sentence, where this ruleset changes it
    added: bool = False  # a rule the base does not have
    was_cells: list[list[str]] = field(default_factory=list)  # the base's table, where changed
    # The box of changes' one table: what changed in the table, the old beside the new
    # (tools/sheets/beside.py); empty where the two tables cannot be set side by side.
    beside: list[list[str]] = field(default_factory=list)
    note: str | None = None  # the author's own words on the rule (`note`), in the sheet's language
    # The rule's cases the manual leaves open (`assumed tie because …`), each a sentence of its
    # own marked †, while the rule's own sentence (the manual's) is not.
    edges: list[Markup] = field(default_factory=list)
    notes: list[int] = field(default_factory=list)  # footnote numbers (citations=rules)
    cites: list[m.Citation] = field(default_factory=list)  # the passages the reader is shown


@dataclass
class Block:
    key: str
    title: str
    lines: list[Line] = field(default_factory=list)
    number: int | None = None  # a step of the turn
    sources: str = ""  # "Kommandomanual, s. 4–5" (citations=sections)


@dataclass
class Sheet:
    name: str
    title: str
    lang: str
    base: str | None
    before: list[Block]  # setup and the sections that come before the turn
    steps: list[Block]  # the turn, numbered
    after: list[Block]  # winning, and what does not fit a step
    changes: list[Line]
    strings: dict[str, str]
    citations: str = "sections"
    paper: str = "a4"
    footnotes: list[str] = field(default_factory=list)
    manuals: list[str] = field(default_factory=list)  # the manuals cited, by title
    assumed: list[str] = field(default_factory=list)  # the reasons, in the sheet's language
    has_assumed: bool = False
    inherited: list[str] = field(default_factory=list)  # why rules are the base's ("": untold)
    pages: int | None = None  # set when the sheet runs past MOST_PAGES: it says so
    # The attacker's chance of taking the territory in FIGHTS, the base's beside this ruleset's
    # (a header row, then one row a fight), when the combat rules differ from the base's.
    battle: list[list[str]] = field(default_factory=list)

    @property
    def blocks(self) -> list[Block]:
        return [*self.before, *self.steps, *self.after]

    @property
    def lines(self) -> list[Line]:
        return [line for block in self.blocks for line in block.lines]
