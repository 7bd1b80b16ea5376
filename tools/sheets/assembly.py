"""A sheet's lines and blocks, made rule by rule (tools/sheets/summary.py's `build` puts them in
order): each rule's sentence with what marks it (assumed, kept on purpose, changed from the
base, new), a sentence that finishes the one before it joined to it, the mission deck as a
table, and what a sheet gathers on the way and prints once: the manuals cited, the footnotes,
the reasons for assumed values, the reasons rules are the base's."""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from ...engine.rules import Rules
from ...grammar import model as m
from ...grammar.schema import CATALOGUE
from .describe import Words
from .i18n import translations
from .places import CARD_RULES, cards_off, section_of, sheet_phases
from .sentences import Sentences
from .view import Block, Line

# A sentence that finishes the one before it ("Make one move:" + "… to an adjacent one").
CONTINUES = {
    "fortify.reach": "fortify.moves",
    "elimination.trade_down_to": "elimination.trade_at",
    "elimination.trade_placement": "elimination.trade_down_to",
}
ORDER = {spec.id: i for i, spec in enumerate(CATALOGUE)}


def _generic(rule_id: str) -> str:
    if rule_id.startswith("missions.deck."):
        return "missions.deck.*." + rule_id.rsplit(".", 1)[1]
    return rule_id


def placed(rules: Rules) -> tuple[dict[str, list[m.Clause]], dict[str, dict[str, m.Clause]]]:
    """The ruleset's clauses by the section of the sheet they go in, in the catalogue's order,
    and the mission deck's parts by mission. Without cards, the sheet says so once and leaves
    out every rule about them; the turn's phases are the steps themselves."""
    phases = sheet_phases(rules)
    no_cards = cards_off(rules)
    places: dict[str, list[m.Clause]] = {}
    missions: dict[str, dict[str, m.Clause]] = {}
    clauses = rules.effective.clauses
    for clause in sorted(clauses, key=lambda c: ORDER.get(_generic(c.id), len(ORDER))):
        if clause.id.startswith("missions.deck."):
            _p, _d, mid, part = clause.id.split(".", 3)
            missions.setdefault(mid, {})[part] = clause
            continue
        if clause.id == "turn.phases":
            continue
        if no_cards and clause.id in CARD_RULES:
            continue
        places.setdefault(section_of(clause.id, phases), []).append(clause)
    return places, missions


def _joined(last: Line, line: Line, rule_id: str) -> None:
    """`line`, the sentence that finishes `last`, joined to it; where either changed, what the
    two were is joined too."""
    if (last.changed or line.changed) and not last.added:
        first = last.was if last.was is not None else last.text
        second = "" if line.added else (line.was if line.was is not None else line.text)
        last.was = Markup(f"{first} {second}".strip())
        old_first = last.was_cells if last.changed else last.cells
        old_second = line.was_cells if line.changed else line.cells
        last.was_cells = old_first + ([] if line.added else old_second)
    last.text = Markup(f"{last.text} {line.text}")
    last.rules.append(rule_id)
    last.cells += line.cells
    last.note = " ".join(n for n in (last.note, line.note) if n) or None
    last.assumed = last.assumed or line.assumed
    last.edges += line.edges
    last.inherited = last.inherited or line.inherited
    last.changed = last.changed or line.changed
    last.cites += line.cites


class Gathering:
    """One sheet's making: its sentences (and the base's, to compare), and what it gathers as
    lines are made, in the order they are first met."""

    def __init__(self, rules: Rules, lang: str, base_rules: Rules | None) -> None:
        eff = rules.effective
        base = base_rules.effective if base_rules is not None else None
        self.eff, self.lang = eff, lang
        self.tr = translations(lang)
        self.words = Words(self.tr, lang, eff.board)
        self.say = Sentences(rules, self.words)
        self.base_say = (
            Sentences(base_rules, Words(self.tr, lang, base.board))
            if base_rules is not None and base is not None
            else None
        )
        self.base_of = {c.id: c for c in base.clauses} if base else {}
        self.own = {c.id for c in eff.ruleset.clauses}
        self.on_purpose = {i.id: i for i in eff.inherited_on_purpose()}
        _ = self.tr.gettext
        self.page_word = _("p.")
        self.footnotes: list[str] = []
        self.manuals: list[str] = []  # the manuals cited, by title
        self.reasons: list[str] = []  # for assumed values, in the sheet's language
        self.has_assumed = False
        self.kept: list[str] = []  # the reasons of `inherit`, in the sheet's language ("": not)

    def title_of(self, doc: str) -> str:
        source = self.eff.source(doc)
        return source.label if source is not None else doc

    def reader_cites(self, clause: m.Clause) -> list[m.Citation]:
        cites = self.eff.for_reader(clause.citations, self.lang)[:1]
        for cite in cites:
            full = self.eff.source(cite.document)
            name = (full.title if full and full.title else None) or cite.document
            if name not in self.manuals:
                self.manuals.append(name)
        return cites

    def note(self, cite: m.Citation) -> int:
        """The footnote's number for `cite` (citations=rules), a new one the first time."""
        where = f"{self.page_word} {cite.page}" if cite.page is not None else (cite.section or "")
        text = f"{self.title_of(cite.document)}, {where}".rstrip(", ")
        if text not in self.footnotes:
            self.footnotes.append(text)
        return self.footnotes.index(text) + 1

    def remember_reasons(self, clause: m.Clause) -> None:
        """The reasons of an assumed value, in the sheet's language only (a reason given in
        English alone is not quoted on a Danish or Dutch sheet; the value is still marked)."""
        self.has_assumed = True
        found = m.assumed_reasons(clause.value) + [e.reason for e in clause.edges]
        for reason in found:
            said_reason = m.reason_in(reason, self.lang)
            if said_reason and said_reason not in self.reasons:
                self.reasons.append(said_reason)

    def line(self, clause: m.Clause) -> Line | None:
        """The rule's line (None: a rule the sheet has no sentence for)."""
        said = self.say.say(clause)
        if said is None:
            return None
        line = Line([clause.id], said.text, said.cells, assumed=clause.assumed)
        line.note = _note_in(clause.note, self.lang)
        line.edges = [t for e in clause.edges if (t := self.say.edge(clause, e.name)) is not None]
        if clause.assumed or line.edges:
            self.remember_reasons(clause)
        if (inherit := self.on_purpose.get(clause.id)) is not None:
            line.inherited = True
            self.kept.append(m.reason_in(inherit.reason, self.lang) or "")
        if self.base_say is not None and clause.id in self.own:
            self._against_base(line, clause)
        line.cites = self.reader_cites(clause)
        return line

    def _against_base(self, line: Line, clause: m.Clause) -> None:
        """`line` marked new, or changed with what the base's rule said, where it differs."""
        assert self.base_say is not None
        before = self.base_of.get(clause.id)
        was = self.base_say.say(before) if before is not None else None
        if before is None:
            line.added = True
            line.changed = True
        elif was is not None and (was.text, was.cells) != (line.text, line.cells):
            line.changed = True
            # The old sentence where it changed, and the old table as a table: the box
            # shows what the rule was in the form it shows what it is.
            if was.text != line.text:
                line.was = was.text
            line.was_cells = was.cells

    def block(
        self, key: str, title: str, clauses: list[m.Clause], number: int | None = None
    ) -> Block:
        block = Block(key, title, number=number)
        for clause in clauses:
            line = self.line(clause)
            if line is None:
                continue
            follows = CONTINUES.get(clause.id)
            if follows and block.lines and block.lines[-1].rules[-1] == follows:
                _joined(block.lines[-1], line, clause.id)
                continue
            block.lines.append(line)
        return block

    def mission_deck(self, missions: dict[str, dict[str, m.Clause]]) -> Line:
        """The mission deck as a table: a mission as its card words it, in the sheet's
        language; where the card's text is not given in that language, its goal said in words
        (never another language's text)."""
        _ = self.tr.gettext
        rows = [[_("Rank"), _("Mission")]]
        cites: list[m.Citation] = []
        for parts in missions.values():
            rank, text, goal = parts.get("rank"), parts.get("text"), parts.get("goal")
            if rank and goal:
                said = _in_language(text.value, self.lang) if text else None
                if said is None:
                    done = self.words.condition(m.strip_assumed(goal.value))  # type: ignore[arg-type]
                    said = _("Done when {condition}").format(condition=done)
                rows.append([self.words.value(rank.value), said])
                cites = cites or self.reader_cites(text or goal)
        deck = Line(
            ["missions.deck"], self.say.raw("missions", "deck"), rows, assumed=True, cites=cites
        )
        for parts in missions.values():
            for clause in parts.values():
                self.remember_reasons(clause)
        return deck

    def cite(self, blocks: list[Block], citations: str) -> None:
        """The citations as the sheet gives them: a footnote number on each line (`rules`), a
        line of sources under each block (`sections`), or none (and no manuals named)."""
        turn_clause = next((c for c in self.eff.clauses if c.id == "turn.phases"), None)
        own_docs = self.eff.own_documents()
        for block in blocks:
            cites = [c for line in block.lines for c in line.cites]
            if block.number == 1 and turn_clause is not None:
                cites = self.reader_cites(turn_clause) + cites
            cites.sort(key=lambda c: c.document not in own_docs)  # the reader's manual first
            if citations == "rules":
                for line in block.lines:
                    line.notes = sorted({self.note(c) for c in line.cites})
            elif citations == "sections":
                block.sources = _sources(cites, self.title_of, self.page_word)
        if citations == "none":
            self.manuals.clear()


def _note_in(note: str | None, lang: str) -> str | None:
    """The author's note in the sheet's language: a note in one string is printed on every
    sheet; a note per language on the sheets of the languages it gives."""
    if note is None:
        return None
    if isinstance(note, m.Localized) and note.texts:
        return note.in_language(lang)
    return str(note) or None


def _in_language(value: m.Value, lang: str) -> str | None:
    value = m.strip_assumed(value)
    if isinstance(value, m.Table):
        for entry in value.entries:
            if entry.key == lang and isinstance(entry.value, m.Text):
                return entry.value.text
    return None


def _pages(numbers: list[int], word: str) -> str:
    """[4, 5, 7] → "s. 4–5, 7"."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    text = ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
    return f"{word} {text}"


def _sources(cites: list[m.Citation], title_of: Callable[[str], str], page_word: str) -> str:
    """One short line naming the manuals of a block by title, with pages or sections, the
    first-cited manual first: "Kommandomanual, s. 4–5"."""
    docs: dict[str, tuple[list[int], list[str]]] = {}
    for cite in cites:
        pages, sections = docs.setdefault(cite.document, ([], []))
        if cite.page is not None:
            pages.append(cite.page)
        elif cite.section and cite.section not in sections:
            sections.append(cite.section)
    parts = []
    for doc, (pages, sections) in docs.items():
        where = [_pages(pages, page_word)] if pages else []
        where += [f"“{s}”" for s in sections]
        parts.append(f"{title_of(doc)}, {', '.join(where)}" if where else title_of(doc))
    return "; ".join(parts)
