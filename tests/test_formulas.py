"""The engine's compiled expressions (engine/formulas.py) give what the language's own
evaluator (grammar/expr.py) gives: for every expression of the built-in rulesets, and for each
comparison of a quantity with a constant, which is compiled into one closure of its own."""

from __future__ import annotations

import pytest

import riskrules
from riskrules.engine.formulas import Given, compile_formula
from riskrules.grammar import expr as ex
from riskrules.grammar import model as m
from riskrules.grammar.library import Workspace

OPS = ("==", "!=", "<", "<=", ">", ">=")


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("constant", [m.Int(2), m.Neg(m.Int(1)), m.BinOp("+", m.Int(1), m.Int(2))])
def test_a_quantity_compared_with_a_constant(op: str, constant: m.Expr) -> None:
    expr = m.BinOp(op, m.Name("opponents"), constant)
    compiled = compile_formula(expr)
    for value in range(-2, 5):
        wanted = int(ex.evaluate(expr, {"opponents": value}))
        assert compiled(Given({"opponents": value})) == wanted, (op, value)


def test_an_unknown_quantity_compared_with_a_constant_is_refused() -> None:
    compiled = compile_formula(m.BinOp("==", m.Name("nothing"), m.Int(0)))
    with pytest.raises(ex.EvalError, match="unknown quantity 'nothing'"):
        compiled(Given({"opponents": 0}))


def _victories() -> list[tuple[str, m.Expr]]:
    found = []
    for name in sorted(Workspace.open().index.rulesets):
        rules = riskrules.load(name)
        if rules.has("victory"):
            found.append((name, rules.expression("victory")))
    return found


def test_every_builtin_victory_condition_as_the_language_evaluates_it() -> None:
    victories = _victories()
    assert victories
    names = ("territories", "continents", "opponents", "armies", "missions_completed")
    for ruleset, expr in victories:
        compiled = compile_formula(expr)
        for value in (0, 1, 2, 42):
            quantities = dict.fromkeys(names, value)
            try:
                wanted: int | None = int(ex.evaluate(expr, quantities))
            except ex.EvalError:
                wanted = None  # a quantity or function not given here: both refuse it
            if wanted is None:
                with pytest.raises(ex.EvalError):
                    compiled(Given(quantities))
            else:
                assert compiled(Given(quantities)) == wanted, (ruleset, value)
