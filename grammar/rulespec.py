"""What a rule of the catalogue is: its kind of value, its spec, and the words the catalogue
and the checks share (symbols, phases, the sheets' languages). The catalogue itself is
grammar/schema.py."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .messages import Message


class Kind(StrEnum):
    INT = "a whole number"
    OPTIONAL_INT = "a whole number or 'none'"
    COUNT_OR_UNLIMITED = "a whole number or 'unlimited'"
    BOOL = "yes or no"
    INT_RANGE = "a range such as 3 .. 6"
    DICE = "a dice range such as 1 .. min(3, armies - 1)"
    EXPR = "a number expression"
    CONDITION = "a condition"
    BY_PLAYERS = "a table by player count, such as {3: 35, 4: 30}"
    BY_CONTINENT = "a table by continent, such as {asia: 7, europe: 5}"
    BY_TERRITORY = "a table by territory, such as {alaska: infantry}"
    CHOICE = "one of the listed words"
    CHOICES = "a list of the listed words"
    SCHEDULE = "a trade schedule (sequence, track, by kind or fixed)"
    BOARD = "the name of a board"
    TEXT = 'a text by language, such as {en: "…", da: "…"}'


@dataclass(frozen=True)
class RuleSpec:
    id: str
    kind: Kind
    summary: str
    required: bool = False
    choices: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    section: str = "general"
    # The whole numbers the engine plays as meant (None: no bound), and why (RR0217).
    least: int | None = None
    most: int | None = None
    why: Message | None = None
    # The cases of the rule a manual may leave open and the engine decides one way (`assumed
    # NAME because …` marks one as assumed while the value stays the manual's).
    edges: tuple[str, ...] = ()

    @property
    def pattern(self) -> bool:
        return "*" in self.id


SYMBOLS = ("infantry", "cavalry", "artillery")
# The languages a rule sheet is printed in (reasons per language are checked against them).
SHEET_LANGUAGES = ("en", "da", "nl")
SET_KINDS = (*SYMBOLS, "mixed")
PHASES = (
    "bribe",
    "reinforce",
    "ally_reinforce",
    "attack",
    "fortify",
    "ally_fortify",
    "draw",
)
# Quantities a victory or mission condition may name; functions are listed in grammar/expr.py.
PLAYER_QUANTITIES = (
    "territories",
    "continents",
    "opponents",
    "armies",
    "missions_completed",
    "opposing_players_eliminated",
    "capitals",
    "capitals_in_play",
)
