"""Exact battle odds: one roll's outcome distribution and a whole invasion's, by dynamic
programming over (attacking armies, defending armies), computed from the ruleset's own combat
rules (dice limits, the tie rule, any loss cap) so a house rule changes the figures. A table
(every A, D) is solved backwards, one invasion forwards from its (A, D)."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from operator import add, mul
from typing import Generic, Protocol, TypeVar

P = TypeVar("P", float, Fraction)


class CombatRules(Protocol):
    """The combat rules the odds are computed from (engine/rules.py's Rules has them). A
    protocol, not an import of Rules: Rules computes its own odds through this module."""

    def __hash__(self) -> int: ...

    def attack_allowed(self, armies: int) -> bool: ...

    def attacker_dice(self, armies: int) -> tuple[int, int]: ...

    def defender_dice(self, armies: int) -> tuple[int, int]: ...

    def battle(
        self, attacker_dice: Iterable[int], defender_dice: Iterable[int]
    ) -> tuple[int, int]: ...


@dataclass(frozen=True)
class Outcome(Generic[P]):
    attacker_loses: int
    defender_loses: int
    probability: P


@dataclass(frozen=True)
class BattleOdds(Generic[P]):
    attackers: int
    defenders: int
    attacker_wins: P
    expected_attacker_survivors: P
    expected_defender_survivors: P


def _multisets(dice: int) -> list[tuple[tuple[int, ...], int]]:
    """Sorted dice results with the number of ordered rolls giving each."""
    out = []
    for combo in combinations_with_replacement(range(1, 7), dice):
        weight = factorial(dice)
        for face in set(combo):
            weight //= factorial(combo.count(face))
        out.append((tuple(sorted(combo, reverse=True)), weight))
    return out


@functools.cache
def _tops(dice: int, n: int) -> list[tuple[tuple[int, ...], int]]:
    """The highest `n` of `dice` dice, each with the number of ordered rolls giving it."""
    grouped: dict[tuple[int, ...], int] = defaultdict(int)
    for roll, weight in _multisets(dice):
        grouped[roll[:n]] += weight
    return sorted(grouped.items())


def roll_outcomes(
    rules: CombatRules, attacker_dice: int, defender_dice: int
) -> list[Outcome[Fraction]]:
    """Exact distribution of one roll's losses, by the ruleset's battle rule."""
    return list(_roll_cached(rules, attacker_dice, defender_dice))


@functools.lru_cache(maxsize=256)
def _roll_cached(
    rules: CombatRules, attacker_dice: int, defender_dice: int
) -> tuple[Outcome[Fraction], ...]:
    if attacker_dice < 1 or defender_dice < 1:
        raise ValueError("each side rolls at least one die")
    counts: dict[tuple[int, int], int] = defaultdict(int)
    # Only each side's top n dice meet (n: the fewer dice), so rolls are grouped by those first:
    # 6 against 2 dice is 21 x 21 battles instead of 462 x 21.
    n = min(attacker_dice, defender_dice)
    for attack, wa in _tops(attacker_dice, n):
        for defence, wd in _tops(defender_dice, n):
            counts[rules.battle(attack, defence)] += wa * wd
    total = 6 ** (attacker_dice + defender_dice)
    return tuple(Outcome(al, dl, Fraction(n, total)) for (al, dl), n in sorted(counts.items()))


def _plan(
    rules: CombatRules, attackers: int, defenders: int
) -> Callable[[int, int], tuple[int, int]]:
    """Dice each side rolls with a armies able to fight and d defending (0 dice: no attack)."""

    @functools.cache
    def dice(a: int, d: int) -> tuple[int, int]:
        armies = a + 1
        if a < 1 or not rules.attack_allowed(armies):
            return 0, 0
        high_a = min(rules.attacker_dice(armies)[1], a)
        high_d = min(rules.defender_dice(d)[1], d)
        return max(high_a, 0), max(high_d, 0)

    return dice


def battle_table(
    rules: CombatRules, attackers: int, defenders: int, exact: bool = False
) -> list[list[float]] | list[list[Fraction]]:
    """P(attacker wins) for A = 1..attackers (rows) and D = 1..defenders (columns)."""
    if exact:
        win_x = _solve(rules, attackers, defenders, Fraction(1), Fraction)
        return [row[1:] for row in win_x[1:]]
    win_f = _solve(rules, attackers, defenders, 1.0, float)
    return [row[1:] for row in win_f[1:]]


def battle_odds(
    rules: CombatRules, attackers: int, defenders: int, exact: bool = False
) -> BattleOdds[float] | BattleOdds[Fraction]:
    """The whole invasion: win probability and expected survivors on both sides."""
    if attackers < 0 or defenders < 0:
        raise ValueError("army counts cannot be negative")
    if exact:
        wx, ax, dx = _invade(rules, attackers, defenders, Fraction(1), Fraction)
        return BattleOdds(attackers, defenders, wx, ax, dx)
    wf, af, df = _invade(rules, attackers, defenders, 1.0, float)
    return BattleOdds(attackers, defenders, wf, af, df)


def _invade(
    rules: CombatRules, attackers: int, defenders: int, one: P, convert: Callable[[Fraction], P]
) -> tuple[P, P, P]:
    """One invasion's win probability and expected survivors, by carrying the chance of each
    position (a, d) forward from (attackers, defenders) until the battle ends.

    A Markov chain over (a, d): every roll (after the rolls that change nothing, which only
    delay) takes at least one army, so a row of positions with a attackers is complete once the
    rows above it are, and its own positions from the most defenders down. One number a
    position (its chance) instead of three, so one pass over the A x D positions; the dice are
    asked of the rules once per army count, not per position; and each of a row's outcomes
    that costs the attacker armies moves the whole row at once (`map` over lists), leaving a
    Python loop only for the outcomes that cost the defender alone. 1,000 against 1,000 takes
    about 0.3 s (measured on this project's 2-core machine), where solving every position
    backwards took 8 s. Only the rows still to receive chances are kept: memory O(D).
    """
    zero = one - one
    if defenders == 0:
        return one, one * attackers, zero
    attacker_dice = [0] * (attackers + 1)
    for a in range(1, attackers + 1):
        if rules.attack_allowed(a + 1):
            attacker_dice[a] = max(min(rules.attacker_dice(a + 1)[1], a), 0)
    defender_dice = [0] + [
        max(min(rules.defender_dice(d)[1], d), 0) for d in range(1, defenders + 1)
    ]
    # Where a battle stops with defenders left: the attacker may not roll, or the defender not.
    stops = [d for d in range(1, defenders + 1) if defender_dice[d] == 0]

    same_row, other_rows = _moves(rules, attacker_dice, defender_dice, zero, convert)
    chance: dict[int, list[P]] = {attackers: [zero] * (defenders + 1)}
    chance[attackers][defenders] = one
    win = left_a = left_d = zero
    for a in range(attackers, -1, -1):
        row = chance.pop(a, None)
        if row is None:
            continue
        ad = attacker_dice[a]
        if ad == 0:  # no attack from here: the battle stops at every d
            for d in range(1, defenders + 1):
                left_d = left_d + row[d] * d
            left_a = left_a + sum(row[1:], zero) * a
        else:
            own = same_row[ad]
            for d in range(defenders, 0, -1):
                m = row[d]
                if m:
                    for dl, p in own[d]:
                        row[d - dl] += p * m
            for al, dl, low, high, chances in other_rows[ad]:
                target = chance.setdefault(max(a - al, 0), [zero] * (defenders + 1))
                moved = map(mul, chances[low : high + 1], row[low : high + 1])
                target[low - dl : high + 1 - dl] = map(add, target[low - dl : high + 1 - dl], moved)
            for d in stops:
                left_a, left_d = left_a + row[d] * a, left_d + row[d] * d
        win = win + row[0]
        left_a = left_a + row[0] * a
    return win, left_a, left_d


def _moves(
    rules: CombatRules,
    attacker_dice: list[int],
    defender_dice: list[int],
    zero: P,
    convert: Callable[[Fraction], P],
) -> tuple[
    dict[int, list[list[tuple[int, P]]]], dict[int, list[tuple[int, int, int, int, list[P]]]]
]:
    """What a roll does, per number of attacking dice (see _invade)."""
    defenders = len(defender_dice) - 1

    def outcomes(ad: int, dd: int) -> list[tuple[int, int, P]]:
        """A roll's losses with their chances, given that the roll changes something."""
        rolls = [
            (o.attacker_loses, o.defender_loses, o.probability) for o in _roll_cached(rules, ad, dd)
        ]
        stay = sum((p for al, dl, p in rolls if al == 0 and dl == 0), Fraction(0))
        return [(al, dl, convert(p / (1 - stay))) for al, dl, p in rolls if al or dl]

    # Per number of attacking dice: for each d, the outcomes that cost the defender alone
    # (same row); and per (attacker's, defender's losses) its chance at every d, with the
    # first and last d where it can happen (other rows).
    same_row: dict[int, list[list[tuple[int, P]]]] = {}
    other_rows: dict[int, list[tuple[int, int, int, int, list[P]]]] = {}
    for ad in sorted(set(attacker_dice) - {0}):
        own: list[list[tuple[int, P]]] = [[] for _ in range(defenders + 1)]
        rows: dict[tuple[int, int], list[P]] = {}
        where: dict[tuple[int, int], list[int]] = {}
        for dd in sorted(set(defender_dice[1:]) - {0}):
            at = [d for d in range(1, defenders + 1) if defender_dice[d] == dd]
            for al, dl, p in outcomes(ad, dd):
                if al == 0:
                    for d in at:
                        own[d].append((dl, p))
                else:
                    chances = rows.setdefault((al, dl), [zero] * (defenders + 1))
                    for d in at:
                        chances[d] = p
                    where.setdefault((al, dl), []).extend((at[0], at[-1]))
        same_row[ad] = own
        other_rows[ad] = [
            (al, dl, min(where[al, dl]), max(where[al, dl]), chances)
            for (al, dl), chances in rows.items()
        ]
    return same_row, other_rows


Grid = list[list[P]]


def _solve(
    rules: CombatRules, attackers: int, defenders: int, one: P, convert: Callable[[Fraction], P]
) -> Grid[P]:
    """Win probability for every (a, d) up to the given sizes, solved backwards: each position
    from the positions a roll leads to (the table every position is asked of). The agents
    read it, so its arithmetic stays as it is: the same seeds play the same games."""
    zero = one - one
    dice = _plan(rules, attackers, defenders)
    cache: dict[tuple[int, int], list[tuple[int, int, P]]] = {}

    def outcomes(ad: int, dd: int) -> list[tuple[int, int, P]]:
        key = (ad, dd)
        if key not in cache:
            cache[key] = [
                (o.attacker_loses, o.defender_loses, convert(o.probability))
                for o in _roll_cached(rules, ad, dd)
            ]
        return cache[key]

    win: Grid[P] = [[zero] * (defenders + 1) for _ in range(attackers + 1)]
    for a in range(attackers + 1):
        win[a][0] = one
        for d in range(1, defenders + 1):
            ad, dd = dice(a, d)
            if ad == 0 or dd == 0:
                continue
            w = stay = zero
            for al, dl, p in outcomes(ad, dd):
                na, nd = max(a - al, 0), max(d - dl, 0)
                if na == a and nd == d:
                    stay = stay + p
                    continue
                w = w + p * win[na][nd]
            if stay != zero:
                w = w / (one - stay)
            win[a][d] = w
    return win
