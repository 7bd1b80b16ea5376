"""Where each rule stands on a rule sheet: a block of the setup, a step of the turn (one of
the ruleset's phases), or a section after the turn. The sheet (summary.py) and the studio's
rule form (service/editing.py) group the rules by these functions, so both group them alike."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...engine.rules import Rules
from ...grammar import model as m
from ...grammar.schema import CATALOGUE, lookup

# The longest matching prefix wins; a rule whose phase the ruleset does not play falls back to
# its catalogue section.
PLACES: dict[str, str] = {
    "board": "setup",
    "players": "setup",
    "setup.": "setup",
    "territory.control": "setup",
    "cards.in_play": "setup",
    "cards.symbols": "setup",
    "cards.wild": "setup",
    "reinforcements.": "reinforce",
    "continents.": "reinforce",
    "cards.": "reinforce",
    "cards.draw": "draw",
    "combat.": "attack",
    "conquest.": "attack",
    "elimination.": "attack",
    "fortify.": "fortify",
    "neutrals.": "neutrals",
    "neutrals.bribe.": "bribe",
    "neutrals.ally.reinforce": "ally_reinforce",
    "neutrals.ally.fortify_moves": "ally_fortify",
    "teams.": "teams",
    "teams.friendly_fire": "attack",
    "teams.fortify.": "fortify",
    "teams.reinforce.": "reinforce",
    "victory": "victory",
    "missions.": "victory",
}
# The sections a sheet prints before the turn, in this order; "victory" comes after it.
BEFORE_TURN = ("setup", "neutrals", "teams")
# The rules a sheet leaves out when the cards are out of the game (cards.in_play: no).
CARD_RULES = {
    spec.id for spec in CATALOGUE if spec.id.startswith("cards.") and spec.id != "cards.in_play"
} | {
    "elimination.cards",
    "elimination.trade_at",
    "elimination.trade_down_to",
    "elimination.trade_placement",
}


def place_of(rule_id: str) -> str:
    best = ""
    for prefix in PLACES:
        matches = rule_id == prefix or (prefix.endswith(".") and rule_id.startswith(prefix))
        if matches and len(prefix) > len(best):
            best = prefix
    return PLACES[best] if best else "setup"


def phases_of(clause: m.Clause | None) -> list[str]:
    """The phases a `turn.phases` clause lists, in order."""
    if clause is None:
        return []
    value = m.strip_assumed(clause.value)
    if isinstance(value, m.ListValue):
        return [str(i.name) for i in value.items if isinstance(i, m.Name)]
    return []


def cards_off(rules: Rules) -> bool:
    """Whether the cards are out of the game (the sheet then leaves out every rule about them)."""
    return not rules.flag("cards.in_play", True)


def sheet_phases(rules: Rules) -> list[str]:
    """The steps of the turn a sheet numbers: the ruleset's phases (no draw without cards)."""
    phases = phases_of(rules.effective.clause("turn.phases"))
    return [p for p in phases if p != "draw"] if cards_off(rules) else phases


def section_of(rule_id: str, phases: Sequence[str]) -> str:
    """The section (a block before the turn, a step of it, or one after) a rule stands in."""
    where = place_of(rule_id)
    if where not in (*BEFORE_TURN, "victory") and where not in phases:
        spec = lookup(rule_id)
        where = spec.section if spec else "setup"
    return where


def after_turn(keys: Iterable[str], phases: Sequence[str]) -> list[str]:
    """The sections after the turn, in the order the sheet prints them: winning first, then
    the others as `keys` (the sections in the rules' catalogue order) meet them."""
    return ["victory"] + [key for key in keys if key not in (*BEFORE_TURN, *phases, "victory")]
