"""docs/steps.md, generated from the step library (features/steps/).

Run `python -m riskrules.tools.compliance.stepsdoc > docs/steps.md`; a test keeps it current.
"""

from __future__ import annotations

from ...features.steps import CATALOGUE

LANGUAGES = (("en", "English"), ("da", "Dansk"), ("nl", "Nederlands"))
KEYWORDS = {
    "given": ("Given / And", "Givet / Og", "Gegeven / En"),
    "when": ("When / And", "Når / Og", "Als / En"),
    "then": ("Then / And", "Så / Og", "Dan / En"),
}


def steps_markdown() -> str:
    lines = [
        "# Steps for scenarios",
        "",
        "Scenarios are Gherkin feature files. Write them in English, Danish (`# language: da`)",
        "or Dutch (`# language: nl`); every step below has one meaning and one implementation,",
        "phrased in each language. `{n}` stands for a whole number, `{name}` for a name in",
        "quotes; territories and continents may be named in any of the three languages (or by",
        "their ids), card symbols too (infanteri, cavalerie, wild …). Lists read",
        '`"a, b og c"` / `"a, b en c"` / `"a, b and c"`.',
        "",
        "Run your own scenarios against any ruleset, house rules included:",
        "",
        "```sh",
        "riskrules test house.rules my-rules.feature",
        "```",
        "",
        "The ruleset given on the command line replaces the one the feature's Background names.",
        "Tag each scenario with the passage it verifies, e.g. `@cite:000:p4`.",
        "",
    ]
    for kind in ("given", "when", "then"):
        en_kw, da_kw, nl_kw = KEYWORDS[kind]
        lines += [
            f"## {kind.capitalize()} steps",
            "",
            f"| meaning | {en_kw} | {da_kw} | {nl_kw} |",
            "|---|---|---|---|",
        ]
        for step_kind, meaning, phrasings in CATALOGUE:
            if step_kind != kind:
                continue
            cells = [
                "`" + phrasings.get(code, "").replace("|", "\\|") + "`" for code, _ in LANGUAGES
            ]
            lines.append(f"| {meaning} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(steps_markdown(), end="")
