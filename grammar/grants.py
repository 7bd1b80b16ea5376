"""Armies given at once stay within the engine's limits (RR0222): start armies, a continent
bonus, a minimum income, a set, what each further set adds, and a traded card's extra armies.

The engine offers a player's choices army by army (place 1 .. n, move in 1 .. n, fortify
1 .. n), so an army count the checker lets through is work and memory in every game: one
traded card's territory worth 1,000,000 armies made a 12-turn game of classic take 17 s and
1.4 GB (tests/test_contract.py found it).
"""

from __future__ import annotations

from collections.abc import Mapping

from . import model as m
from .diagnostics import Diagnostic, Span, error
from .facts import int_of
from .limits import MAX_GRANT, MAX_TRADE_STEP
from .messages import Message, msg
from .resolve import EffectiveRuleset


def check_grants(eff: EffectiveRuleset, own: Mapping[str, m.Clause]) -> list[Diagnostic]:
    """The rules this ruleset writes itself that give more than MAX_GRANT armies at once."""
    out: list[Diagnostic] = []
    for rule_id, what in (
        ("setup.start_armies", msg("start armies")),
        ("continents.bonus", msg("a continent bonus")),
        ("neutrals.start_armies", msg("neutral start armies")),
        ("reinforcements.minimum", msg("a minimum income")),
    ):
        clause = own.get(rule_id)
        if clause is not None:
            out.extend(_numbers_past(m.strip_assumed(clause.value), clause.value.span, what))
    out.extend(_sets(own))
    out.extend(_territory_bonus(eff, own))
    return out


def _numbers_past(value: m.Value, span: Span, what: Message) -> list[Diagnostic]:
    """A number past MAX_GRANT, or each number of a table past it (at its entry)."""
    if isinstance(value, m.Table):
        entries = [(m.strip_assumed(e.value), e.span) for e in value.entries]
        return [d for v, at in entries if isinstance(v, m.Int) for d in _past(v.value, at, what)]
    return _past(value.value, span, what) if isinstance(value, m.Int) else []


def _past(value: int, span: Span, what: Message) -> list[Diagnostic]:
    if value <= MAX_GRANT:
        return []
    return [
        error(
            "RR0222",
            msg(
                "{what}: {value:,} armies, past the limit of {max_grant:,} armies given at once",
                what=what,
                value=value,
                max_grant=MAX_GRANT,
            ),
            span,
        )
    ]


def _sets(own: Mapping[str, m.Clause]) -> list[Diagnostic]:
    """A set's armies, and what each further set adds."""
    clause = own.get("cards.trade_values")
    schedule = m.strip_assumed(clause.value) if clause else None
    if clause is None or not isinstance(schedule, m.Schedule):
        return []
    out: list[Diagnostic] = []
    for v in schedule.values:
        if v > MAX_GRANT:
            out.extend(_past(v, schedule.span, msg("a set")))
            break
    if schedule.table is not None:
        out.extend(_numbers_past(schedule.table, schedule.span, msg("a set")))
    if schedule.step is not None and abs(schedule.step) > MAX_TRADE_STEP:
        out.append(
            error(
                "RR0222",
                msg(
                    "each further set adds {step:,} armies, past the limit of {max_trade_step}",
                    step=schedule.step,
                    max_trade_step=MAX_TRADE_STEP,
                ),
                schedule.span,
            )
        )
    return out


def _territory_bonus(eff: EffectiveRuleset, own: Mapping[str, m.Clause]) -> list[Diagnostic]:
    """The extra armies a traded card's territory gets: the bonus, or the turn's cap when it is
    lower (the engine places at most the cap a turn). Reported on the rule this ruleset writes:
    the bonus, or the cap it lifts (`none`, or a cap past the limit) over an inherited bonus."""
    bonus = int_of(eff, "cards.territory_bonus") or 0
    cap = int_of(eff, "cards.territory_bonus_cap")
    given = bonus if cap is None else min(bonus, cap)
    shown, other = "cards.territory_bonus", "cards.territory_bonus_cap"
    if cap is not None and cap < bonus:
        shown, other = other, shown
    clause = own.get(shown) or own.get(other)
    if clause is None:
        return []
    return _past(given, clause.value.span, msg("a traded card's extra armies"))
