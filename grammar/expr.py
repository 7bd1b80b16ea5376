"""The expression sublanguage: evaluation and static checking.

Expressions are small (a formula such as `max(3, territories // 3)` or a condition such as
`opponents == 0`), so evaluation is a direct walk of the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass

from . import model as m
from .diagnostics import Diagnostic, did_you_mean, error
from .messages import Arg, Message, msg, msg_n
from .words import foreign, language_name

Number = int | bool
Function = Callable[..., Number]


class EvalError(Exception):
    """An expression could not be evaluated (a division by zero, an unknown name)."""

    def __init__(self, said: Message) -> None:
        super().__init__(said.render())
        self.said = said


@dataclass(frozen=True)
class FunctionSpec:
    name: str
    arity: tuple[int, int]  # fewest and most arguments
    result: str  # "int" or "bool"
    symbolic: str | None = None  # what a bare-name argument names: "continent", "seat"


FUNCTIONS: dict[str, FunctionSpec] = {
    "min": FunctionSpec("min", (1, 16), "int"),
    "max": FunctionSpec("max", (1, 16), "int"),
    "controls": FunctionSpec("controls", (1, 1), "bool", "continent"),
    "eliminated": FunctionSpec("eliminated", (1, 1), "bool", "seat"),
    "territories_with_at_least": FunctionSpec("territories_with_at_least", (1, 1), "int"),
}
SEATS = ("left", "right", "any_opponent")

_ARITH = {"+", "-", "*", "//", "%"}
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}
_LOGIC = {"and", "or"}


def at_least(value: m.Value, quantity: str) -> int | None:
    """`armies >= 2` → 2 (also `armies > 1` and `2 <= armies`); None for any other form."""
    if not isinstance(value, m.BinOp):
        return None
    left, right, op = value.left, value.right, value.op
    if isinstance(left, m.Int):
        left, right = right, left
        op = {">=": "<=", "<=": ">=", ">": "<", "<": ">"}.get(op, op)
    if left != m.Name(quantity) or not isinstance(right, m.Int):
        return None
    if op == ">=":
        return right.value
    if op == ">":
        return right.value + 1
    return None


def walk(expr: m.Expr) -> Iterator[m.Expr]:
    """Every node of an expression, without recursion. The bare-name arguments of a symbolic
    function (a continent in `controls(asia)`, a seat in `eliminated(left)`) are not quantities
    and are left out."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, m.Call):
            spec = FUNCTIONS.get(node.func)
            symbolic = spec is not None and spec.symbolic is not None
            stack.extend(a for a in node.args if not (symbolic and isinstance(a, m.Name)))
        elif isinstance(node, m.BinOp):
            stack.extend((node.left, node.right))
        elif isinstance(node, (m.Neg, m.Not)):
            stack.append(node.operand)


def evaluate(
    expr: m.Expr,
    names: Mapping[str, Number],
    functions: Mapping[str, Function] | None = None,
) -> Number:
    """The value of `expr` with the given quantities; bare names in calls pass as strings."""
    if isinstance(expr, m.Int):
        return expr.value
    if isinstance(expr, m.Bool):
        return expr.value
    if isinstance(expr, m.Name):
        if expr.name not in names:
            raise EvalError(msg("unknown quantity '{name}'", name=expr.name))
        return names[expr.name]
    if isinstance(expr, m.Neg):
        return -int(evaluate(expr.operand, names, functions))
    if isinstance(expr, m.Not):
        return not evaluate(expr.operand, names, functions)
    if isinstance(expr, m.BinOp):
        return _binop(expr, names, functions)
    if isinstance(expr, m.Call):
        return _call(expr, names, functions)
    raise EvalError(msg("not an expression: {kind}", kind=type(expr).__name__))


def _binop(
    expr: m.BinOp, names: Mapping[str, Number], functions: Mapping[str, Function] | None
) -> Number:
    if expr.op == "and":
        return bool(evaluate(expr.left, names, functions)) and bool(
            evaluate(expr.right, names, functions)
        )
    if expr.op == "or":
        return bool(evaluate(expr.left, names, functions)) or bool(
            evaluate(expr.right, names, functions)
        )
    left = int(evaluate(expr.left, names, functions))
    right = int(evaluate(expr.right, names, functions))
    match expr.op:
        case "+":
            return left + right
        case "-":
            return left - right
        case "*":
            return left * right
        case "//" | "%":
            if right == 0:
                raise EvalError(msg("division by zero"))
            return left // right if expr.op == "//" else left % right
        case "==":
            return left == right
        case "!=":
            return left != right
        case "<":
            return left < right
        case "<=":
            return left <= right
        case ">":
            return left > right
        case ">=":
            return left >= right
    raise EvalError(msg("unknown operator {op}", op=expr.op))


def _call(
    expr: m.Call, names: Mapping[str, Number], functions: Mapping[str, Function] | None
) -> Number:
    if expr.func in ("min", "max"):
        values = [int(evaluate(a, names, functions)) for a in expr.args]
        return min(values) if expr.func == "min" else max(values)
    if functions is None or expr.func not in functions:
        raise EvalError(msg("'{name}' cannot be used here", name=expr.func))
    args: list[object] = []
    for arg in expr.args:
        if isinstance(arg, m.Name) and arg.name not in names:
            args.append(arg.name)
        else:
            args.append(evaluate(arg, names, functions))
    return functions[expr.func](*args)


def check(
    expr: m.Expr,
    allowed: Collection[str],
    expect: str,
    continents: Collection[str] = (),
    rule_id: str = "",
) -> list[Diagnostic]:
    """Static checks: known quantities and functions, arity, and the result type."""
    out: list[Diagnostic] = []
    got = _infer(expr, allowed, continents, out)
    if got is not None and got != expect:
        what = msg("a number") if expect == "int" else msg("a condition (true or false)")
        out.append(
            error(
                "RR0210",
                msg("rule '{rule_id}' needs {what} here", rule_id=rule_id, what=what),
                expr.span,
                msg("compare with == < > to make a condition") if expect == "bool" else None,
            )
        )
    return out


def _infer(
    expr: m.Expr, allowed: Collection[str], continents: Collection[str], out: list[Diagnostic]
) -> str | None:
    if isinstance(expr, m.Int):
        return "int"
    if isinstance(expr, m.Bool):
        return "bool"
    if isinstance(expr, m.Name):
        if expr.name not in allowed:
            meant = foreign(expr.name, tuple(allowed))
            hint = (
                msg(
                    "did you mean '{fix}'? ('{name}' is {language} for it)",
                    fix=meant[0],
                    name=expr.name,
                    language=language_name(meant[1]),
                )
                if meant
                else did_you_mean(expr.name, allowed)
            )
            listed: Arg = tuple(sorted(allowed)) or msg("none")
            out.append(
                error(
                    "RR0211",
                    msg(
                        "unknown quantity '{name}' (this rule may use: {listed})",
                        name=expr.name,
                        listed=listed,
                    ),
                    expr.span,
                    hint,
                )
            )
            return None
        return "int"
    if isinstance(expr, m.Neg):
        _want(expr.operand, "int", allowed, continents, out)
        return "int"
    if isinstance(expr, m.Not):
        _want(expr.operand, "bool", allowed, continents, out)
        return "bool"
    if isinstance(expr, m.BinOp):
        if expr.op in _LOGIC:
            _want(expr.left, "bool", allowed, continents, out)
            _want(expr.right, "bool", allowed, continents, out)
            return "bool"
        _want(expr.left, "int", allowed, continents, out)
        _want(expr.right, "int", allowed, continents, out)
        return "bool" if expr.op in _COMPARE else "int"
    if isinstance(expr, m.Call):
        return _infer_call(expr, allowed, continents, out)
    return None


def _want(
    expr: m.Expr,
    kind: str,
    allowed: Collection[str],
    continents: Collection[str],
    out: list[Diagnostic],
) -> None:
    got = _infer(expr, allowed, continents, out)
    if got is not None and got != kind:
        what = msg("a number") if kind == "int" else msg("a condition")
        out.append(error("RR0210", msg("expected {what} here", what=what), expr.span))


def _infer_call(
    expr: m.Call, allowed: Collection[str], continents: Collection[str], out: list[Diagnostic]
) -> str | None:
    spec = FUNCTIONS.get(expr.func)
    if spec is None:
        out.append(
            error(
                "RR0212",
                msg("unknown function '{func}'", func=expr.func),
                expr.span,
                did_you_mean(expr.func, FUNCTIONS),
            )
        )
        return None
    low, high = spec.arity
    if not low <= len(expr.args) <= high:
        takes = (
            msg_n(
                "'{func}' takes {count} argument, got {n}",
                "'{func}' takes {count} arguments, got {n}",
                low,
                func=expr.func,
                n=len(expr.args),
            )
            if low == high
            else msg(
                "'{func}' takes {low} to {high} arguments, got {n}",
                func=expr.func,
                low=low,
                high=high,
                n=len(expr.args),
            )
        )
        out.append(
            error(
                "RR0212",
                takes,
                expr.span,
            )
        )
        return spec.result
    for arg in expr.args:
        if spec.symbolic == "continent":
            # No continents: the board is unknown, reported once already (not once per name).
            if not isinstance(arg, m.Name) or (continents and arg.name not in continents):
                word = arg.name if isinstance(arg, m.Name) else "this"
                out.append(
                    error(
                        "RR0101",
                        msg("unknown continent '{word}'", word=word),
                        arg.span,
                        did_you_mean(word, continents),
                    )
                )
        elif spec.symbolic == "seat":
            if not isinstance(arg, m.Name) or arg.name not in SEATS:
                word = arg.name if isinstance(arg, m.Name) else "this"
                out.append(
                    error(
                        "RR0211",
                        msg(
                            "unknown seat '{word}' (use {seats})", word=word, seats=", ".join(SEATS)
                        ),
                        arg.span,
                        did_you_mean(word, SEATS),
                    )
                )
        else:
            _want(arg, "int", allowed, continents, out)
    return spec.result
