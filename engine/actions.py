"""The actions a player takes. Chance (dice, the card drawn) is part of the action, so a game
is a replayable list of actions: `legal_actions` offers them without it and `with_chance`
fills it in from a seeded random generator."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..grammar.model import Citation


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
class ChooseCapital:
    """Capital Risk: the player names one of their territories as their capital."""

    territory: str


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


@dataclass(frozen=True, slots=True)
class Deal:
    """The territory cards dealt to every seat (players, then neutrals) to decide the start."""

    hands: tuple[tuple[int, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class AssignMissions:
    """The missions each player draws, one per rank (Mission RISK)."""

    missions: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class Bribe:
    """Give a RISK card to a neutral army to move its status one step toward you."""

    neutral: str
    card: int


@dataclass(frozen=True, slots=True)
class AllyReinforce:
    """Roll one die for an ally: it receives that many armies, placed by the player."""

    neutral: str
    die: int | None = None


@dataclass(frozen=True, slots=True)
class StatusRoll:
    """After an invasion involving a neutral: 1-4 moves it a step away from you, 5-6 keeps it."""

    neutral: str
    die: int | None = None


@dataclass(frozen=True, slots=True)
class ClaimMission:
    mission: str


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Done with an optional phase (bribing, reinforcing allies)."""


Action = (
    Claim
    | Place
    | Trade
    | Attack
    | MoveIn
    | EndAttack
    | Fortify
    | EndTurn
    | Draw
    | Deal
    | AssignMissions
    | Bribe
    | AllyReinforce
    | StatusRoll
    | ClaimMission
    | ChooseCapital
    | EndPhase
)


class RuleViolation(Exception):
    """An action the ruleset forbids: names the rule it breaks and that rule's citation."""

    def __init__(self, rule: str, message: str, citation: Citation | None = None) -> None:
        self.rule = rule
        self.message = message
        self.citation = citation
        where = f", {citation.document} '{citation.anchor}'" if citation else ""
        super().__init__(f"{message} (rule {rule}{where})")


def die(rng: random.Random) -> int:
    """One die: `rng.randint(1, 6)` as CPython computes it (three random bits, drawn again while
    they make 6 or 7), so seeded games are the same, without its three Python-level calls (a
    simulated game rolls over a thousand dice)."""
    bits = rng.getrandbits(3)
    while bits >= 6:
        bits = rng.getrandbits(3)
    return bits + 1


def roll(rng: random.Random, dice: int) -> tuple[int, ...]:
    return tuple([die(rng) for _ in range(dice)])


def with_chance(action: Action, rng: random.Random, draw_pile: frozenset[int]) -> Action:
    """The action with its chance part filled in: dice rolled, a card drawn.

    Deals and mission draws are filled in by `Game.chance`, which knows the deck sizes.
    """
    if isinstance(action, Attack) and action.rolls is None:
        rolls = (roll(rng, action.attacker_dice), roll(rng, action.defender_dice))
        # The constructor, not dataclasses.replace: one attack roll in two actions is this.
        return Attack(
            action.source, action.target, action.attacker_dice, action.defender_dice, rolls
        )
    if isinstance(action, Draw) and action.card is None and draw_pile:
        return Draw(rng.choice(sorted(draw_pile)))
    if isinstance(action, (AllyReinforce, StatusRoll)) and action.die is None:
        return replace(action, die=die(rng))
    return action
