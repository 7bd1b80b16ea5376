"""The actions a player takes. Chance (dice, the card drawn) is part of the action, so a game
is a replayable list of actions: `legal_actions` offers them without it and `with_chance`
fills it in from a seeded random generator."""

from __future__ import annotations

import random
from typing import Final

from ..grammar.messages import Message
from ..grammar.model import Citation
from .plain import Plain


class Claim(Plain):
    FIELDS = ("territory",)

    def __init__(self, territory: str) -> None:
        self.territory: Final = territory


class Place(Plain):
    FIELDS = ("territory", "armies")

    def __init__(self, territory: str, armies: int) -> None:
        self.territory: Final = territory
        self.armies: Final = armies


class Trade(Plain):
    FIELDS = ("cards", "kind", "bonus")

    def __init__(
        self, cards: tuple[int, int, int], kind: str | None = None, bonus: str | None = None
    ) -> None:
        self.cards: Final = cards
        self.kind: Final = kind  # for sets valued by kind; None: the most valuable it can be
        # The held territory shown on a traded card that gets cards.territory_bonus: named
        # whenever the trade earns the bonus (the player's choice); None when it earns none.
        self.bonus: Final = bonus


class Attack(Plain):
    FIELDS = ("source", "target", "attacker_dice", "defender_dice", "rolls")

    def __init__(
        self,
        source: str,
        target: str,
        attacker_dice: int,
        defender_dice: int,
        rolls: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    ) -> None:
        self.source: Final = source
        self.target: Final = target
        self.attacker_dice: Final = attacker_dice
        self.defender_dice: Final = defender_dice
        self.rolls: Final = rolls  # (attacker's, defender's)


class ChooseCapital(Plain):
    """Capital Risk: the player names one of their territories as their capital."""

    FIELDS = ("territory",)

    def __init__(self, territory: str) -> None:
        self.territory: Final = territory


class MoveIn(Plain):
    FIELDS = ("armies",)

    def __init__(self, armies: int) -> None:
        self.armies: Final = armies


class EndAttack(Plain):
    pass


class Fortify(Plain):
    FIELDS = ("source", "target", "armies")

    def __init__(self, source: str, target: str, armies: int) -> None:
        self.source: Final = source
        self.target: Final = target
        self.armies: Final = armies


class EndTurn(Plain):
    pass


class Draw(Plain):
    FIELDS = ("card",)

    def __init__(self, card: int | None = None) -> None:
        self.card: Final = card  # the card drawn; None until chance fills it in


class Deal(Plain):
    """The territory cards dealt to every seat (players, then neutrals) to decide the start."""

    FIELDS = ("hands",)

    def __init__(self, hands: tuple[tuple[int, ...], ...] | None = None) -> None:
        self.hands: Final = hands


class AssignMissions(Plain):
    """The missions each player draws, one per rank (Mission RISK)."""

    FIELDS = ("missions",)

    def __init__(self, missions: tuple[tuple[str, ...], ...] | None = None) -> None:
        self.missions: Final = missions


class Bribe(Plain):
    """Give a RISK card to a neutral army to move its status one step toward you."""

    FIELDS = ("neutral", "card")

    def __init__(self, neutral: str, card: int) -> None:
        self.neutral: Final = neutral
        self.card: Final = card


class AllyReinforce(Plain):
    """Roll one die for an ally: it receives that many armies, placed by the player."""

    FIELDS = ("neutral", "die")

    def __init__(self, neutral: str, die: int | None = None) -> None:
        self.neutral: Final = neutral
        self.die: Final = die


class StatusRoll(Plain):
    """After an invasion involving a neutral: 1-4 moves it a step away from you, 5-6 keeps it."""

    FIELDS = ("neutral", "die")

    def __init__(self, neutral: str, die: int | None = None) -> None:
        self.neutral: Final = neutral
        self.die: Final = die


class ClaimMission(Plain):
    FIELDS = ("mission",)

    def __init__(self, mission: str) -> None:
        self.mission: Final = mission


class TakeCards(Plain):
    """The player who eliminated a neutral army takes these of its cards; the rest are
    discarded (neutrals.elimination.cards: one_chosen_by_conqueror, chosen_by_conqueror)."""

    FIELDS = ("cards",)

    def __init__(self, cards: tuple[int, ...]) -> None:
        self.cards: Final = cards


class StartRoll(Plain):
    """A roll of the setup, each player one die: after a deal, the highest places first
    (setup.deal.place_roll); after the setup, the highest takes the first turn
    (setup.first_turn: roll_again). `rounds` holds every round rolled, each a (player, die)
    for every player still in it: the first round every player, each next round those tied
    at the top of the one before, until one roll is highest."""

    FIELDS = ("rounds",)

    def __init__(self, rounds: tuple[tuple[tuple[str, int], ...], ...] | None = None) -> None:
        self.rounds: Final = rounds


class EndPhase(Plain):
    """Done with an optional phase (bribing, reinforcing allies)."""


# In the order of a game (the setup's, then a turn's), as records list them.
Action = (
    Deal
    | AssignMissions
    | Claim
    | Place
    | Trade
    | Attack
    | MoveIn
    | EndAttack
    | Fortify
    | Draw
    | EndTurn
    | Bribe
    | AllyReinforce
    | StatusRoll
    | ClaimMission
    | EndPhase
    | ChooseCapital
    | StartRoll
    | TakeCards
)


class RuleViolation(Exception):
    """An action the ruleset forbids: names the rule it breaks and that rule's citation; what
    it says (`said`, a Message) is rendered in the reader's language where it is shown,
    `message` is its English."""

    def __init__(self, rule: str, said: Message, citation: Citation | None = None) -> None:
        self.rule = rule
        self.said = said
        self.message = said.render()
        self.citation = citation
        where = f", {citation.document} '{citation.anchor}'" if citation else ""
        super().__init__(f"{self.message} (rule {rule}{where})")

    def __reduce__(self) -> tuple[type[RuleViolation], tuple[str, Message, Citation | None]]:
        # Made again from its parts where it is read (a worker's error reaches the command).
        return (RuleViolation, (self.rule, self.said, self.citation))


def die(rng: random.Random) -> int:
    """One die: `rng.randint(1, 6)` as CPython computes it (three random bits, drawn again while
    they make 6 or 7), so seeded games are the same, without its three Python-level calls (a
    simulated game rolls over a thousand dice)."""
    bits = rng.getrandbits(3)
    while bits >= 6:
        bits = rng.getrandbits(3)
    return bits + 1


def roll(rng: random.Random, dice: int) -> tuple[int, ...]:
    """`dice` dice, each as `die` rolls it."""
    bits = rng.getrandbits  # looked up once, not once a die
    out = []
    for _ in range(dice):
        face = bits(3)
        while face >= 6:
            face = bits(3)
        out.append(face + 1)
    return tuple(out)


def with_chance(action: Action, rng: random.Random, draw_pile: frozenset[int]) -> Action:
    """The action with its chance part filled in: dice rolled, a card drawn.

    Deals and mission draws are filled in by `Game.chance`, which knows the deck sizes.
    """
    if isinstance(action, Attack) and action.rolls is None:
        rolls = (roll(rng, action.attacker_dice), roll(rng, action.defender_dice))
        return Attack(
            action.source, action.target, action.attacker_dice, action.defender_dice, rolls
        )
    if isinstance(action, Draw) and action.card is None and draw_pile:
        return Draw(rng.choice(sorted(draw_pile)))
    if isinstance(action, AllyReinforce) and action.die is None:
        return AllyReinforce(action.neutral, die(rng))
    if isinstance(action, StatusRoll) and action.die is None:
        return StatusRoll(action.neutral, die(rng))
    return action


def dice_lost(
    attack: tuple[int, ...], defence: tuple[int, ...], ties_to_attacker: bool
) -> tuple[int, int]:
    """(attacker losses, defender losses) of one roll before any cap: the highest die of each
    side compared, then the second highest, as far as the fewer dice go; a tie goes to the
    defender unless `ties_to_attacker`. Most rolls (up to three dice against two) by
    comparisons, with no sorted copies."""
    lost_a = lost_d = 0
    na, nd = len(attack), len(defence)
    if 0 < na <= 3 and 0 < nd <= 2:
        a1, a2 = attack[0], 0
        if na > 1:
            b = attack[1]
            a1, a2 = (b, a1) if b > a1 else (a1, b)
            if na > 2:
                c = attack[2]
                if c > a1:
                    a1, a2 = c, a1
                elif c > a2:
                    a2 = c
        d1, d2 = defence[0], 0
        if nd > 1:
            b = defence[1]
            d1, d2 = (b, d1) if b > d1 else (d1, b)
        if a1 > d1 or (a1 == d1 and ties_to_attacker):
            lost_d = 1
        else:
            lost_a = 1
        if na > 1 and nd > 1:
            if a2 > d2 or (a2 == d2 and ties_to_attacker):
                lost_d += 1
            else:
                lost_a += 1
        return lost_a, lost_d
    attack_sorted = _descending(attack)
    defence_sorted = _descending(defence)
    for k in range(min(len(attack_sorted), len(defence_sorted))):
        a, d = attack_sorted[k], defence_sorted[k]
        if a > d or (a == d and ties_to_attacker):
            lost_d += 1
        else:
            lost_a += 1
    return lost_a, lost_d


def dice_shown(attack: tuple[int, ...], defence: tuple[int, ...]) -> bool:
    """Does every die of a roll, the attacker's and the defender's, show 1 to 6?"""
    # Loops, not all() over a generator (compiled, that calls into Python); one call a roll.
    for dice in (attack, defence):
        for d in dice:
            if not 1 <= d <= 6:
                return False
    return True


def _descending(dice: tuple[int, ...]) -> list[int]:
    """The dice from highest to lowest: two or three by comparisons (most rolls), more by
    insertion."""
    n = len(dice)
    if n == 2:
        a, b = dice[0], dice[1]
        return [a, b] if a >= b else [b, a]
    if n == 3:
        a, b, c = dice[0], dice[1], dice[2]
        if a < b:
            a, b = b, a
        if b < c:
            b, c = c, b
            if a < b:
                a, b = b, a
        return [a, b, c]
    out: list[int] = []
    for die in dice:
        k = len(out)
        out.append(die)
        while k > 0 and out[k - 1] < die:
            out[k] = out[k - 1]
            k -= 1
        out[k] = die
    return out
