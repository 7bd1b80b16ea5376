"""The actions a player takes. Chance (dice, the card drawn) is part of the action, so a game
is a replayable list of actions: `legal_actions` offers them without it and `with_chance`
fills it in from a seeded random generator."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .model import Citation


@dataclass(frozen=True, slots=True)
class Claim:
    territory: str


@dataclass(frozen=True, slots=True)
class Place:
    territory: str
    armies: int


@dataclass(frozen=True, slots=True)
class Trade:
    cards: tuple[int, int, int]
    kind: str | None = None  # for sets valued by kind; None: the most valuable it can be


@dataclass(frozen=True, slots=True)
class Attack:
    source: str
    target: str
    attacker_dice: int
    defender_dice: int
    rolls: tuple[tuple[int, ...], tuple[int, ...]] | None = None  # (attacker's, defender's)


@dataclass(frozen=True, slots=True)
class MoveIn:
    armies: int


@dataclass(frozen=True, slots=True)
class EndAttack:
    pass


@dataclass(frozen=True, slots=True)
class Fortify:
    source: str
    target: str
    armies: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


@dataclass(frozen=True, slots=True)
class Draw:
    card: int | None = None  # the card drawn; None until chance fills it in


Action = Claim | Place | Trade | Attack | MoveIn | EndAttack | Fortify | EndTurn | Draw


class RuleViolation(Exception):
    """An action the ruleset forbids: names the rule it breaks and that rule's citation."""

    def __init__(self, rule: str, message: str, citation: Citation | None = None) -> None:
        self.rule = rule
        self.message = message
        self.citation = citation
        where = f", {citation.document} '{citation.anchor}'" if citation else ""
        super().__init__(f"{message} (rule {rule}{where})")


def roll(rng: random.Random, dice: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(dice))


def with_chance(action: Action, rng: random.Random, draw_pile: frozenset[int]) -> Action:
    """The action with its chance part filled in: dice rolled, a card drawn."""
    if isinstance(action, Attack) and action.rolls is None:
        return replace(
            action, rolls=(roll(rng, action.attacker_dice), roll(rng, action.defender_dice))
        )
    if isinstance(action, Draw) and action.card is None and draw_pile:
        return Draw(rng.choice(sorted(draw_pile)))
    return action
