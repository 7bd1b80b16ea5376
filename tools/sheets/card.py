"""A reference card: the turn, the bonuses, the trade values and the dice of a ruleset on one
side of a card two players share at the table (A5 landscape, or half-letter with `letter`
paper), in large type and without citations, in the reader's language.

Its view model is taken from the sheet's (summary.build, with citations `none` and no changes):
the same sentences and tables, the turn's steps by their titles, and only the rules a player
looks up mid-game (CARD_RULES). tools/sheets/pdf.py fits it to its one page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from markupsafe import Markup

from ...engine.rules import Rules
from ...grammar import model as m
from .i18n import translations
from .summary import SECTION_TITLES, build
from .view import Block, Line

if TYPE_CHECKING:
    from .pdf import Fit

# The card's sections after the turn, each the sheet's section title and the rules it shows,
# in this order: the bonuses, the trade values and the dice.
CARD_RULES: dict[str, tuple[str, ...]] = {
    "reinforcements": ("reinforcements.", "continents.bonus"),
    # What a set is, what it is worth, and when a trade is forced.
    "cards": ("cards.sets", "cards.trade_values", "cards.forced_trade", "cards.territory_bonus"),
    "combat": ("combat.attacker.dice", "combat.defender.dice", "combat.ties"),
}
# Changes to rules the card does not show, listed at its top (the rest counted).
CARD_CHANGES = 2
# Paper a card is printed on, by `--paper`: (width, height), landscape.
CARD_PAPER = {"a4": ("210mm", "148mm"), "letter": ("8.5in", "5.5in")}


@dataclass
class Card:
    name: str
    title: str
    lang: str
    paper: str
    turn: str  # "Your turn"
    steps: list[Block]  # the turn's steps: number and title
    sections: list[Block] = field(default_factory=list)
    changed: str = ""  # what the mark of a changed rule means ("" : a card with no changes)


def _shown(rule_id: str, prefixes: tuple[str, ...]) -> bool:
    return any(rule_id.startswith(p) if p.endswith(".") else rule_id == p for p in prefixes)


def build_card(rules: Rules, lang: str, paper: str = "a4", base: Rules | None = None) -> Card:
    """The card of a ruleset (as the engine reads it) in `lang` (`paper` a4: A5 landscape;
    letter: half-letter). With `base` (a house rule's), each rule it changes is marked, its
    author's note printed under it, and a changed rule the card does not otherwise show is
    added under the changes."""
    _ = translations(lang).gettext
    sheet = build(rules, lang, base, citations="none", paper=paper, changes=base is not None)
    every = [line for block in (*sheet.before, *sheet.steps, *sheet.after) for line in block.lines]
    sections = []
    shown: set[int] = set()
    for key, prefixes in CARD_RULES.items():
        lines = []
        for line in every:
            if any(_shown(rule, prefixes) for rule in line.rules) and id(line) not in shown:
                shown.add(id(line))
                lines.append(_on_card(line))
        if lines:
            sections.append(Block(key, _(SECTION_TITLES[key]), lines))
    # The changes the card has no place for: their sentences (not their tables), the first
    # few; the sheet has them all.
    others = [_on_card(line) for line in every if line.changed and id(line) not in shown]
    if others and base is not None:
        title = _("Changes from {base}").format(base=m.title_in(base.effective.ruleset, lang))
        listed = [Line(o.rules, o.text, changed=True, note=o.note) for o in others[:CARD_CHANGES]]
        if len(others) > CARD_CHANGES:
            more = len(others) - CARD_CHANGES
            listed.append(
                Line([], Markup(_("… and {n} more: the sheet has them all.").format(n=more)))
            )
        sections.insert(0, Block("changes", title, listed))
    marked = any(line.changed for block in sections for line in block.lines)
    changed = _("A rule marked like this one is a house rule.") if marked else ""
    steps = [Block(b.key, b.title, number=b.number) for b in sheet.steps]
    return Card(
        rules.name, sheet.title, lang, paper, sheet.strings["turn"], steps, sections, changed
    )


def _on_card(line: Line) -> Line:
    """A sheet's line as the card prints it: no † (the card has no footnotes), its change's
    mark and its author's note kept."""
    return Line(line.rules, line.text, line.cells, changed=line.changed, note=line.note)


def render_card_html(card: Card, fit: Fit | None = None) -> str:
    """The card's HTML, set as `fit` says (the PDF fitting's choice; by default CARD_TYPE)."""
    from .pdf import CARD_TYPE, Fit
    from .summary import _environment

    template = _environment().get_template("card.html.j2")
    return template.render(card=card, fit=fit or Fit(CARD_TYPE), paper=CARD_PAPER[card.paper])


def render_card(card: Card, fmt: str) -> tuple[str | bytes, int | None]:
    """The card as HTML (the browser's to lay out) or PDF (fitted to its one page), and the
    pages it prints on (None for HTML)."""
    if fmt != "pdf":
        return render_card_html(card), None
    from .pdf import fit_card

    chosen = fit_card(lambda fit: render_card_html(card, fit))
    return bytes(chosen.doc.write_pdf()), chosen.pages
