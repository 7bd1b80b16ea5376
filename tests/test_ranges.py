"""What `check` accepts, the engine runs: generated formulas that check clean evaluate without
error over their whole domain and within the engine's limits; the range arithmetic is sound."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import examples
from riskrules import Rules, RulesError
from riskrules.grammar import expr as ex
from riskrules.grammar.diagnostics import Severity
from riskrules.grammar.library import Workspace
from riskrules.grammar.limits import MAX_DICE, MAX_GRANT
from riskrules.grammar.ranges import Interval, bounds
from riskrules.grammar.reader import read_rules


def _formula(name: str) -> st.SearchStrategy[str]:
    leaves = st.one_of(st.just(name), st.integers(0, 50).map(str))

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"
        )
        calls = st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(
            lambda t: f"{t[0]}({t[1]}, {t[2]})"
        )
        return st.one_of(binary, calls, inner.map(lambda e: f"-{e}"))

    return st.recursive(leaves, grow, max_leaves=6)


def _checked(line: str) -> Rules | None:
    """Rules for `classic` plus one override, or None when check reports an error."""
    path = os.path.abspath("generated-house.rules")
    ws = Workspace.open(texts={path: f"ruleset generated extends classic {{\n  {line}\n}}\n"})
    if any(d.severity == Severity.ERROR for d in ws.diagnostics_for([path])):
        return None
    return Rules(ws.resolved["generated"])


SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(_formula("territories"))
def test_a_reinforcement_formula_that_checks_gives_armies_for_every_board(formula: str) -> None:
    rules = _checked(f"override reinforcements.territories: {formula}")
    if rules is None:
        return
    for territories in range(1, len(rules.geo.territories) + 1):
        income = rules.reinforcements(territories, [])
        assert 1 <= income <= MAX_GRANT, (formula, territories, income)


@SETTINGS
@given(_formula("armies"))
def test_a_dice_rule_that_checks_rolls_within_the_limit(formula: str) -> None:
    rules = _checked(f"override combat.defender.dice: 1 .. min(armies, {formula})")
    if rules is None:
        return
    for armies in [*range(1, 60), 999, 123_456, 1_000_000]:
        _low, high = rules.defender_dice(armies)
        assert high <= MAX_DICE, (formula, armies, high)


@SETTINGS
@given(_formula("dice"))
def test_a_move_in_rule_that_checks_never_leaves_a_conquest_empty(formula: str) -> None:
    rules = _checked(f"override conquest.move_in.minimum: {formula}")
    if rules is None:
        return
    for dice in range(1, 4):
        for armies in (dice + 1, dice + 2, 50):
            low, high = rules.move_in(dice, armies)
            assert low >= 1 and high >= low, (formula, dice, armies)


@settings(max_examples=examples(300), deadline=None)
@given(_formula("x"), st.integers(-5, 60), st.integers(-5, 0), st.integers(0, 60))
def test_the_range_arithmetic_is_sound(formula: str, x: int, lo: int, span: int) -> None:
    read = read_rules(f"ruleset r {{\n  victory: {formula} == 0\n}}\n", "r.rules")
    assert read.file is not None
    expr = read.file.rulesets[0].clauses[0].value
    domain = Interval(min(lo, x), max(lo + span, x))
    found = bounds(expr, {"x": domain})
    try:
        value = ex.evaluate(expr, {"x": x})
    except ex.EvalError:
        assert found.zero_divisors, formula  # every division by zero is foreseen
        return
    assert value in found.interval


def test_the_library_raises_rules_error_not_eval_error() -> None:
    path = os.path.abspath("bad-house.rules")
    ws = Workspace.open(
        texts={
            path: "ruleset bad extends classic {\n  "
            "override reinforcements.territories: territories // 0\n}\n"
        }
    )
    rules = Rules(ws.resolved["bad"])  # built around `check`, as a library user might
    try:
        rules.reinforcements(14, [])
    except RulesError as exc:
        assert "reinforcements.territories" in str(exc)
    else:
        raise AssertionError("a division by zero went unnoticed")
