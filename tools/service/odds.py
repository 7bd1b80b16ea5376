"""Exact battle odds from a ruleset's combat rules: one invasion, a table, one roll."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ...grammar.limits import MAX_EXACT_ODDS, MAX_ODDS_ARMIES
from ...grammar.messages import msg
from .errors import UsageError
from .snapshot import Snapshot


def _exact_within(armies: int, exact: bool) -> None:
    if exact and armies > MAX_EXACT_ODDS:
        raise UsageError(
            msg(
                "--exact works up to {most} armies a side, not {armies:,} (exact fractions grow "
                "very long); leave out --exact for decimals",
                most=MAX_EXACT_ODDS,
                armies=armies,
            )
        )


def probability(value: float | Fraction, exact: bool) -> str | float:
    """A probability for JSON: a fraction `n/d` when exact, else a float."""
    if exact:
        frac = Fraction(value)
        return f"{frac.numerator}/{frac.denominator}"
    return float(value)


@dataclass(frozen=True)
class Battle:
    """One invasion: `attackers` armies able to fight (the territory holds one more) against
    `defenders`, each side rolling the most dice its rule allows."""

    ruleset: str
    attackers: int
    defenders: int
    exact: bool
    attacker_wins: float | Fraction
    expected_attacker_survivors: float | Fraction
    expected_defender_survivors: float | Fraction

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "attackers": self.attackers,
            "defenders": self.defenders,
            "attacker_wins": probability(self.attacker_wins, self.exact),
            "defender_wins": probability(1 - self.attacker_wins, self.exact),
            "expected_attacker_survivors": probability(
                self.expected_attacker_survivors, self.exact
            ),
            "expected_defender_survivors": probability(
                self.expected_defender_survivors, self.exact
            ),
        }


def battle(
    snapshot: Snapshot, ref: str, attackers: int | None, defenders: int | None, exact: bool = False
) -> Battle:
    """(Either side missing is refused once the ruleset is known to check.)"""
    _exact_within(max(attackers or 0, defenders or 0), exact)
    rules = snapshot.rules(ref)
    if attackers is None or defenders is None:
        raise UsageError(msg("give both --attackers and --defenders"))
    from ...engine.odds import battle_odds

    found = battle_odds(rules, attackers, defenders, exact=exact)
    return Battle(
        rules.name,
        attackers,
        defenders,
        exact,
        found.attacker_wins,
        found.expected_attacker_survivors,
        found.expected_defender_survivors,
    )


@dataclass(frozen=True)
class Table:
    """P(attacker takes the territory) for A, D = 1..size (rows A, columns D)."""

    ruleset: str
    size: int
    exact: bool
    grid: list[list[float]] | list[list[Fraction]]

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "size": self.size,
            "table": [[probability(p, self.exact) for p in row] for row in self.grid],
        }


def table(snapshot: Snapshot, ref: str, size: int, exact: bool = False) -> Table:
    _exact_within(size, exact)
    rules = snapshot.rules(ref)
    from ...engine.odds import battle_table

    return Table(rules.name, size, exact, battle_table(rules, size, size, exact=exact))


@dataclass(frozen=True)
class Outcome:
    attacker_loses: int
    defender_loses: int
    probability: Fraction


@dataclass(frozen=True)
class Roll:
    """One roll's outcomes: each pair of losses with its probability."""

    ruleset: str
    attacker_dice: int
    defender_dice: int
    exact: bool
    outcomes: tuple[Outcome, ...]

    def to_json(self) -> dict[str, object]:
        total = 6 ** (self.attacker_dice + self.defender_dice)

        def shown(value: Fraction) -> str | float:
            # over all 6**dice equally likely rolls, as the manuals count
            return f"{value * total}/{total}" if self.exact else float(value)

        return {
            "ruleset": self.ruleset,
            "attacker_dice": self.attacker_dice,
            "defender_dice": self.defender_dice,
            "outcomes": [
                {
                    "attacker_loses": o.attacker_loses,
                    "defender_loses": o.defender_loses,
                    "probability": shown(o.probability),
                }
                for o in self.outcomes
            ],
        }


def roll(snapshot: Snapshot, ref: str, dice: str, exact: bool = False) -> Roll:
    """`dice` is each side's dice, such as `3v2`; each within what the ruleset lets it roll."""
    rules = snapshot.rules(ref)
    match = re.fullmatch(r"\s*(\d+)\s*[vVxX]\s*(\d+)\s*", dice)
    if not match:
        raise UsageError(
            msg("--roll takes the dice of each side, such as 3v2, not {dice}", dice=repr(dice))
        )
    ad, dd = int(match.group(1)), int(match.group(2))
    for count, said, rule, most_of in (
        (
            ad,
            msg("{ruleset} lets the attacker roll 1 to {most} dice, not {count} (rule {rule})"),
            "combat.attacker.dice",
            rules.attacker_dice,
        ),
        (
            dd,
            msg("{ruleset} lets the defender roll 1 to {most} dice, not {count} (rule {rule})"),
            "combat.defender.dice",
            rules.defender_dice,
        ),
    ):
        most = max(most_of(armies)[1] for armies in range(1, MAX_ODDS_ARMIES + 1))
        if not 1 <= count <= most:
            found = said.with_args(ruleset=rules.name, most=most, count=count, rule=rule)
            raise UsageError(found)
    from ...engine.odds import roll_outcomes

    outcomes = tuple(
        Outcome(o.attacker_loses, o.defender_loses, o.probability)
        for o in roll_outcomes(rules, ad, dd)
    )
    return Roll(rules.name, ad, dd, exact, outcomes)


def percent(value: float | Fraction, exact: bool = False) -> str:
    """A chance as a player reads it: 77%, or 0.7% and 99.6% near the ends, where a whole
    percentage would say 1% or 100% of what is not certain; never 100% or 0% but for a
    certainty (the exact fraction with --exact; JSON keeps the decimal)."""
    if exact:
        return f"{Fraction(value)}"
    p = 100 * float(value)
    if p in (0.0, 100.0) or 1.0 <= p < 99.0:
        return f"{p:.0f}%"
    shown = f"{p:.1f}%"
    if shown in ("0.0%", "100.0%"):  # not certain, but rounds to it
        return "<0.1%" if p < 50 else ">99.9%"
    return shown
