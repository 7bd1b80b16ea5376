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

from ...engine.rules import Rules
from .i18n import translations
from .summary import SECTION_TITLES, Block, Line, build

if TYPE_CHECKING:
    from .pdf import Fit

# The card's sections after the turn, each the sheet's section title and the rules it shows,
# in this order: the bonuses, the trade values and the dice.
CARD_RULES: dict[str, tuple[str, ...]] = {
    "reinforcements": ("reinforcements.", "continents.bonus"),
    "cards": ("cards.trade_values", "cards.territory_bonus"),
    "combat": ("combat.attacker.dice", "combat.defender.dice", "combat.ties"),
}
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


def _shown(rule_id: str, prefixes: tuple[str, ...]) -> bool:
    return any(rule_id.startswith(p) if p.endswith(".") else rule_id == p for p in prefixes)


def build_card(rules: Rules, lang: str, paper: str = "a4") -> Card:
    """The card of a ruleset (as the engine reads it) in `lang` (`paper` a4: A5 landscape;
    letter: half-letter)."""
    _ = translations(lang).gettext
    sheet = build(rules, lang, None, citations="none", paper=paper, changes=False)
    sections = []
    for key, prefixes in CARD_RULES.items():
        lines = [
            Line(line.rules, line.text, line.cells, assumed=False)
            for line in sheet.lines
            if any(_shown(rule, prefixes) for rule in line.rules)
        ]
        if lines:
            sections.append(Block(key, _(SECTION_TITLES[key]), lines))
    steps = [Block(b.key, b.title, number=b.number) for b in sheet.steps]
    return Card(rules.name, sheet.title, lang, paper, sheet.strings["turn"], steps, sections)


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
