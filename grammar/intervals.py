"""Interval arithmetic over the named quantities' domains: the interval an expression stays in,
and every divisor in it that can be zero (grammar/ranges.py proves what the checker needs with
it). Every quantity has a finite domain, so every interval is finite; the bounds are sound (an
expression never leaves its interval) though not always tight (`x - x` is given -n .. n).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import model as m


@dataclass(frozen=True)
class Interval:
    lo: int
    hi: int

    def __str__(self) -> str:
        return str(self.lo) if self.lo == self.hi else f"{self.lo} .. {self.hi}"

    def __contains__(self, value: int) -> bool:
        return self.lo <= value <= self.hi


BOOL = Interval(0, 1)


@dataclass
class Bounds:
    """The interval of an expression, and every divisor in it whose interval holds zero."""

    interval: Interval
    zero_divisors: list[tuple[m.Expr, Interval]] = field(default_factory=list)


def bounds(
    expr: m.Expr, domains: Mapping[str, Interval], calls: Mapping[str, Interval] | None = None
) -> Bounds:
    """The interval `expr` stays in when each name ranges over its domain (and each function
    named in `calls` gives a result in its interval).

    A name without a domain (a bare continent or seat in a call) counts as 0 .. 0: such names
    only appear as arguments of functions whose result does not depend on their value's size.
    """
    problems: list[tuple[m.Expr, Interval]] = []
    return Bounds(_walk(expr, domains, problems, calls or {}), problems)


def _walk(
    expr: m.Expr,
    domains: Mapping[str, Interval],
    problems: list[tuple[m.Expr, Interval]],
    calls: Mapping[str, Interval],
) -> Interval:
    if isinstance(expr, m.Int):
        return Interval(expr.value, expr.value)
    if isinstance(expr, m.Bool):
        return Interval(int(expr.value), int(expr.value))
    if isinstance(expr, m.Name):
        return domains.get(expr.name, Interval(0, 0))
    if isinstance(expr, m.Neg):
        inner = _walk(expr.operand, domains, problems, calls)
        return Interval(-inner.hi, -inner.lo)
    if isinstance(expr, m.Not):
        inner = _walk(expr.operand, domains, problems, calls)
        if inner.lo > 0:
            return Interval(0, 0)
        if inner.hi == 0 and inner.lo == 0:
            return Interval(1, 1)
        return BOOL
    if isinstance(expr, m.BinOp):
        return _binop(expr, domains, problems, calls)
    if isinstance(expr, m.Call):
        args = [_walk(a, domains, problems, calls) for a in expr.args]
        if expr.func in calls:
            return calls[expr.func]
        if expr.func == "min" and args:
            return Interval(min(a.lo for a in args), min(a.hi for a in args))
        if expr.func == "max" and args:
            return Interval(max(a.lo for a in args), max(a.hi for a in args))
        if expr.func == "territories_with_at_least":
            return domains.get("territories", Interval(0, 0))
        return BOOL
    return Interval(0, 0)


def _binop(
    expr: m.BinOp,
    domains: Mapping[str, Interval],
    problems: list[tuple[m.Expr, Interval]],
    calls: Mapping[str, Interval],
) -> Interval:
    left = _walk(expr.left, domains, problems, calls)
    right = _walk(expr.right, domains, problems, calls)
    op = expr.op
    if op == "and":
        if left.hi == 0 or right.hi == 0:
            return Interval(0, 0)
        return Interval(1, 1) if left.lo > 0 and right.lo > 0 else BOOL
    if op == "or":
        if left.lo > 0 or right.lo > 0:
            return Interval(1, 1)
        return Interval(0, 0) if left.hi == 0 and right.hi == 0 else BOOL
    if op in ("==", "!=", "<", "<=", ">", ">="):
        return _compare(op, left, right)
    if op == "+":
        return Interval(left.lo + right.lo, left.hi + right.hi)
    if op == "-":
        return Interval(left.lo - right.hi, left.hi - right.lo)
    if op == "*":
        corners = [a * b for a in (left.lo, left.hi) for b in (right.lo, right.hi)]
        return Interval(min(corners), max(corners))
    if 0 in right:
        problems.append((expr.right, right))
    # Go on with the divisor's non-zero values, so one report does not hide the rest. Within
    # one sign, floor division is monotone in each operand: the extremes are at the corners.
    divisors = [b for b in (right.lo, right.hi, -1, 1) if b != 0 and b in right]
    if not divisors:
        return Interval(0, 0)
    if op == "//":
        corners = [a // b for a in (left.lo, left.hi) for b in divisors]
        return Interval(min(corners), max(corners))
    if op == "%":
        return Interval(min(0, min(divisors) + 1), max(0, max(divisors) - 1))
    return Interval(0, 0)


def _compare(op: str, left: Interval, right: Interval) -> Interval:
    always = never = False
    if op == "<":
        always, never = left.hi < right.lo, left.lo >= right.hi
    elif op == "<=":
        always, never = left.hi <= right.lo, left.lo > right.hi
    elif op == ">":
        always, never = left.lo > right.hi, left.hi <= right.lo
    elif op == ">=":
        always, never = left.lo >= right.hi, left.hi < right.lo
    elif op == "==":
        always = left.lo == left.hi == right.lo == right.hi
        never = left.hi < right.lo or right.hi < left.lo
    elif op == "!=":
        never = left.lo == left.hi == right.lo == right.hi
        always = left.hi < right.lo or right.hi < left.lo
    if always:
        return Interval(1, 1)
    if never:
        return Interval(0, 0)
    return BOOL
