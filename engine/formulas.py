"""A ruleset's expressions compiled once into plain functions.

`grammar/expr.py` evaluates an expression by walking its tree (the language's own definition,
used by the checker). A game evaluates a few expressions thousands of times (the victory
condition after every conquest, a mission's goal on every action of Mission RISK, dice and
reinforcements for each new count), so the engine compiles each once into nested closures,
or a constant when it reads no quantity: no tree walk, no dispatch on node types, and compiled
by mypyc with the engine. The results are those of `grammar.expr.evaluate`, booleans as 0 and
1 (tests/test_engine_properties.py compares them on every expression of the built-ins).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from ..grammar import expr as ex
from ..grammar import model as m
from ..grammar.messages import msg


class Quantities:
    """What a formula reads: the value of a named quantity, the result of a function."""

    def has(self, name: str) -> bool:
        return False

    def get(self, name: str) -> int:
        raise ex.EvalError(msg("unknown quantity '{name}'", name=name))

    def calls(self, name: str) -> bool:
        return False

    def call(self, name: str, args: list[object]) -> int:
        raise ex.EvalError(msg("'{name}' cannot be used here", name=name))


class Given(Quantities):
    """Quantities (and functions) given as mappings, as `grammar.expr.evaluate` takes them."""

    def __init__(
        self, names: Mapping[str, ex.Number], functions: Mapping[str, ex.Function] | None = None
    ) -> None:
        self.names = names
        self.functions = functions

    def has(self, name: str) -> bool:
        return name in self.names

    def get(self, name: str) -> int:
        if name not in self.names:
            raise ex.EvalError(msg("unknown quantity '{name}'", name=name))
        return int(self.names[name])

    def calls(self, name: str) -> bool:
        return self.functions is not None and name in self.functions

    def call(self, name: str, args: list[object]) -> int:
        if self.functions is None or name not in self.functions:
            raise ex.EvalError(msg("'{name}' cannot be used here", name=name))
        return int(self.functions[name](*args))


class One(Quantities):
    """A single quantity: `armies` in a dice limit, `territories` in a reinforcement rule."""

    def __init__(self, name: str, value: int) -> None:
        self.name = name
        self.value = value

    def has(self, name: str) -> bool:
        return name == self.name

    def get(self, name: str) -> int:
        if name != self.name:
            raise ex.EvalError(msg("unknown quantity '{name}'", name=name))
        return self.value


Formula = Callable[[Quantities], int]


def compile_formula(expr: m.Expr) -> Formula:
    """`expr` as a function of its quantities."""
    constant = _constant(expr)
    if constant is not None:
        value = constant
        return lambda q: value
    if isinstance(expr, m.Name):
        name = expr.name
        return lambda q: q.get(name)
    if isinstance(expr, m.Neg):
        operand = compile_formula(expr.operand)
        return lambda q: -operand(q)
    if isinstance(expr, m.Not):
        inner = compile_formula(expr.operand)
        return lambda q: 0 if inner(q) else 1
    if isinstance(expr, m.BinOp):
        if isinstance(expr.left, m.Name) and expr.op in _COMPARISONS:
            bound = _constant(expr.right)
            if bound is not None:
                return _compared(expr.op, expr.left.name, bound)
        return _binop(expr.op, compile_formula(expr.left), compile_formula(expr.right))
    if isinstance(expr, m.Call):
        return _call(expr)
    raise ex.EvalError(msg("not an expression: {kind}", kind=type(expr).__name__))


def _constant(expr: m.Expr) -> int | None:
    """The value of an expression that reads no quantity and calls no function (None if it
    does, or if evaluating it fails: then it fails when it is evaluated, as it would)."""
    for node in ex.walk(expr):
        if isinstance(node, m.Name) or (
            isinstance(node, m.Call) and node.func not in ("min", "max")
        ):
            return None
    try:
        return int(ex.evaluate(expr, {}))
    except ex.EvalError:
        return None


def _binop(op: str, left: Formula, right: Formula) -> Formula:
    if op == "and":
        return lambda q: 1 if left(q) and right(q) else 0
    if op == "or":
        return lambda q: 1 if left(q) or right(q) else 0
    if op == "+":
        return lambda q: left(q) + right(q)
    if op == "-":
        return lambda q: left(q) - right(q)
    if op == "*":
        return lambda q: left(q) * right(q)
    if op == "//":
        return lambda q: _floordiv(left(q), right(q))
    if op == "%":
        return lambda q: _mod(left(q), right(q))
    if op == "==":
        return lambda q: 1 if left(q) == right(q) else 0
    if op == "!=":
        return lambda q: 1 if left(q) != right(q) else 0
    if op == "<":
        return lambda q: 1 if left(q) < right(q) else 0
    if op == "<=":
        return lambda q: 1 if left(q) <= right(q) else 0
    if op == ">":
        return lambda q: 1 if left(q) > right(q) else 0
    if op == ">=":
        return lambda q: 1 if left(q) >= right(q) else 0
    raise ex.EvalError(msg("unknown operator {op}", op=op))


_COMPARISONS: Final = frozenset(("==", "!=", "<", "<=", ">", ">="))


def _compared(op: str, name: str, value: int) -> Formula:
    """A quantity compared with a constant (`opponents == 0`, the victory condition of most
    rulesets, asked after every conquest): one closure, where `_binop` would call three."""
    if op == "==":
        return lambda q: 1 if q.get(name) == value else 0
    if op == "!=":
        return lambda q: 1 if q.get(name) != value else 0
    if op == "<":
        return lambda q: 1 if q.get(name) < value else 0
    if op == "<=":
        return lambda q: 1 if q.get(name) <= value else 0
    if op == ">":
        return lambda q: 1 if q.get(name) > value else 0
    return lambda q: 1 if q.get(name) >= value else 0


def _floordiv(a: int, b: int) -> int:
    if b == 0:
        raise ex.EvalError(msg("division by zero"))
    return a // b


def _mod(a: int, b: int) -> int:
    if b == 0:
        raise ex.EvalError(msg("division by zero"))
    return a % b


def _call(expr: m.Call) -> Formula:
    args = [compile_formula(a) for a in expr.args]
    if expr.func == "min":
        return lambda q: min([a(q) for a in args])
    if expr.func == "max":
        return lambda q: max([a(q) for a in args])
    func = expr.func
    # A bare name passes as itself (a continent, a seat) unless it names a quantity.
    names = [a.name if isinstance(a, m.Name) else None for a in expr.args]

    def call(q: Quantities) -> int:
        if not q.calls(func):
            raise ex.EvalError(msg("'{name}' cannot be used here", name=func))
        values: list[object] = []
        for name, arg in zip(names, args, strict=True):
            values.append(name if name is not None and not q.has(name) else arg(q))
        return q.call(func, values)

    return call
