"""docs/rule-catalogue.md, generated from the rule catalogue in grammar/schema.py.

Run `python -m riskrules.tools.authoring.catalogue > docs/rule-catalogue.md`; a test keeps it
current.
"""

from __future__ import annotations

from ...grammar.diagnostics import plural
from ...grammar.expr import FUNCTIONS
from ...grammar.schema import CATALOGUE, STATEMENTS

RESULT_WORDS = {"int": "a whole number", "bool": "yes or no"}


def catalogue_markdown() -> str:
    lines = [
        "# Rule catalogue",
        "",
        "Every rule id the language knows (generated from `grammar/schema.py`). *Required* rules",
        "must be present in every effective ruleset; a `*` stands for any name.",
        "",
        "| rule id | value | required | meaning |",
        "|---|---|---|---|",
    ]
    for spec in CATALOGUE:
        value = spec.kind.value
        if spec.choices:
            value += ": " + ", ".join(f"`{c}`" for c in spec.choices)
        if spec.names:
            value += "; may use " + ", ".join(f"`{n}`" for n in spec.names)
        if spec.edges:
            value += "; cases a manual may leave open: " + ", ".join(f"`{e}`" for e in spec.edges)
        required = "yes" if spec.required else ""
        lines.append(f"| `{spec.id}` | {value} | {required} | {spec.summary} |")
    lines += ["", "## Statements", "", "| statement | meaning |", "|---|---|"]
    lines += [f"| `{form}` | {meaning} |" for form, meaning in STATEMENTS]
    lines += ["", "## Functions in expressions", ""]
    for fn in FUNCTIONS.values():
        low, high = fn.arity
        arity = str(low) if low == high else f"{low}–{high}"
        arg = f"; its argument names a {fn.symbolic}" if fn.symbolic else ""
        words = plural(high, "argument", "arguments")
        lines.append(
            f"- `{fn.name}` ({arity} {words}, gives {RESULT_WORDS.get(fn.result, fn.result)}){arg}"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(catalogue_markdown(), end="")
