"""Values back to ruleset syntax: how `show`, `explain` and `diff` print a rule's value."""

from __future__ import annotations

from . import model as m

_PRECEDENCE = {
    "or": 1,
    "and": 2,
    "==": 4,
    "!=": 4,
    "<": 4,
    "<=": 4,
    ">": 4,
    ">=": 4,
    "+": 5,
    "-": 5,
    "*": 6,
    "//": 6,
    "%": 6,
}


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def expr_text(expr: m.Expr, parent: int = 0) -> str:
    if isinstance(expr, m.Int):
        return str(expr.value)
    if isinstance(expr, m.Bool):
        return "yes" if expr.value else "no"
    if isinstance(expr, m.Name):
        return expr.name
    if isinstance(expr, m.Neg):
        return "-" + expr_text(expr.operand, 7)
    if isinstance(expr, m.Not):
        return "not " + expr_text(expr.operand, 3)
    if isinstance(expr, m.Call):
        return f"{expr.func}({', '.join(expr_text(a) for a in expr.args)})"
    prec = _PRECEDENCE[expr.op]
    text = f"{expr_text(expr.left, prec)} {expr.op} {expr_text(expr.right, prec + 1)}"
    return f"({text})" if prec < parent else text


def _list_text(value: m.ListValue, top: bool) -> str:
    body = ", ".join(value_text(i, top=False) for i in value.items)
    return body if top and len(value.items) > 1 else f"[{body}]"


def value_text(value: m.Value, top: bool = True) -> str:
    """The value as it would be written in a rules file (without citations)."""
    if isinstance(value, (m.Int, m.Bool, m.Name, m.Neg, m.Not, m.BinOp, m.Call)):
        return expr_text(value)
    if isinstance(value, m.Text):
        return quote(value.text)
    if isinstance(value, m.Phrase):
        return value.text
    if isinstance(value, m.Range):
        return f"{expr_text(value.low)} .. {expr_text(value.high)}"
    if isinstance(value, m.ListValue):
        return _list_text(value, top)
    if isinstance(value, m.Table):
        entries = ", ".join(
            f"{key_text(e.key)}: {value_text(e.value, top=False)}" for e in value.entries
        )
        return "{" + entries + "}"
    if isinstance(value, m.Assumed):
        return f"assumed {value_text(value.value, top)} because {reason_text(value.reason)}"
    return _schedule_text(value)


def reason_text(reason: str) -> str:
    """A reason (a title, a note) as written: one string, or one per language."""
    if isinstance(reason, m.Localized) and reason.texts:
        return "{" + ", ".join(f"{lang}: {quote(text)}" for lang, text in reason.texts) + "}"
    return quote(reason)


def title_text(title: str) -> str:
    """A ruleset's title as written after its name: `"…"`, or `title {en: "…", da: "…"}`."""
    if isinstance(title, m.Localized) and title.texts:
        return f"title {reason_text(title)}"
    return quote(title)


def note_text(note: str) -> str:
    """A rule's note as written after it: `note "…"` or `note {en: "…", da: "…"}`."""
    return f"note {reason_text(note)}"


def edge_text(edge: m.Edge) -> str:
    """A rule's assumed edge as written after its citations: `assumed tie because …`."""
    return f"assumed {edge.name} because {reason_text(edge.reason)}"


def key_text(key: str | int) -> str:
    return str(key) if isinstance(key, int) or key.isidentifier() else quote(key)


def _schedule_text(value: m.Schedule) -> str:
    if value.kind == "fixed":
        return f"fixed {value.values[0]}"
    if value.kind == "by_kind":
        return "by kind " + (value_text(value.table) if value.table else "{}")
    parts = []
    for seg in value.segments:
        numbers = ", ".join(str(v) for v in seg.values)
        if seg.assumed:
            numbers = f"assumed {numbers} because {reason_text(seg.assumed)}"
        parts.append(numbers)
    body = f"{value.kind} " + " then ".join(parts)
    if value.kind == "sequence":
        return body + (f" then +{value.step}" if value.step is not None else "")
    return body + (f" after last +{value.step}" if value.step is not None else " after last stay")


def to_json(value: m.Value) -> object:
    """A JSON rendering of a value that scripts can read without parsing ruleset syntax."""
    if isinstance(value, m.Int):
        return value.value
    if isinstance(value, m.Bool):
        return value.value
    if isinstance(value, m.Name):
        return value.name
    if isinstance(value, (m.Text,)):
        return value.text
    if isinstance(value, m.Phrase):
        return value.text
    if isinstance(value, m.ListValue):
        return [to_json(i) for i in value.items]
    if isinstance(value, m.Table):
        return {str(e.key): to_json(e.value) for e in value.entries}
    if isinstance(value, m.Assumed):
        reason = value.reason
        texts = reason.texts if isinstance(reason, m.Reason) else ()
        return {"assumed": to_json(value.value), "because": dict(texts) if texts else reason}
    if isinstance(value, m.Schedule):
        out: dict[str, object] = {"kind": value.kind}
        if value.kind == "by_kind" and value.table is not None:
            out["values"] = to_json(value.table)
        else:
            out["values"] = list(value.values)
            out["assumed"] = [list(s.values) for s in value.segments if s.assumed]
            out["step"] = value.step
        return out
    return value_text(value)
