"""Exact battle odds: one roll's outcome distribution and a whole invasion's, by dynamic
programming over (attacking armies, defending armies), computed from the ruleset's own combat
rules (dice limits, the tie rule, any loss cap) so a house rule changes the figures."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
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
        win_x, _, _ = _solve(rules, attackers, defenders, Fraction(1), Fraction)
        return [row[1:] for row in win_x[1:]]
    win_f, _, _ = _solve(rules, attackers, defenders, 1.0, float)
    return [row[1:] for row in win_f[1:]]


def battle_odds(
    rules: CombatRules, attackers: int, defenders: int, exact: bool = False
) -> BattleOdds[float] | BattleOdds[Fraction]:
    """The whole invasion: win probability and expected survivors on both sides."""
    if attackers < 0 or defenders < 0:
        raise ValueError("army counts cannot be negative")
    if exact:
        wx, ax, dx = _solve(rules, attackers, defenders, Fraction(1), Fraction)
        return BattleOdds(
            attackers,
            defenders,
            wx[attackers][defenders],
            ax[attackers][defenders],
            dx[attackers][defenders],
        )
    wf, af, df = _solve(rules, attackers, defenders, 1.0, float)
    return BattleOdds(
        attackers,
        defenders,
        wf[attackers][defenders],
        af[attackers][defenders],
        df[attackers][defenders],
    )


Grid = list[list[P]]


def _solve(
    rules: CombatRules, attackers: int, defenders: int, one: P, convert: Callable[[Fraction], P]
) -> tuple[Grid[P], Grid[P], Grid[P]]:
    """Win probability and expected survivors for every (a, d) up to the given sizes."""
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
    att: Grid[P] = [[zero] * (defenders + 1) for _ in range(attackers + 1)]
    dfn: Grid[P] = [[zero] * (defenders + 1) for _ in range(attackers + 1)]
    for a in range(attackers + 1):
        win[a][0] = one
        att[a][0] = one * a
        for d in range(1, defenders + 1):
            ad, dd = dice(a, d)
            if ad == 0 or dd == 0:
                att[a][d] = one * a
                dfn[a][d] = one * d
                continue
            w = e_a = e_d = stay = zero
            for al, dl, p in outcomes(ad, dd):
                na, nd = max(a - al, 0), max(d - dl, 0)
                if na == a and nd == d:
                    stay = stay + p
                    continue
                w = w + p * win[na][nd]
                e_a = e_a + p * att[na][nd]
                e_d = e_d + p * dfn[na][nd]
            if stay != zero:
                scale = one - stay
                w, e_a, e_d = w / scale, e_a / scale, e_d / scale
            win[a][d], att[a][d], dfn[a][d] = w, e_a, e_d
    return win, att, dfn
