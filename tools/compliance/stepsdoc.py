"""docs/steps.md, generated from the step library (features/steps/).

Run `python -m riskrules.tools.compliance.stepsdoc > docs/steps.md`; a test keeps it current.
"""

from __future__ import annotations

import difflib
import functools
import re

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


# A quoted name, a number: what a step's parameters match, in the text and in the phrasings.
_QUOTED = re.compile(r'"[^"]*"')
_NUMBER = re.compile(r"\b\d+\b")
_FIELD = re.compile(r"\{[a-z_]+(?::[a-z])?\}")
_FIELD_NAME = re.compile(r"\{([a-z_]+):[a-z]\}")  # `{armies:d}` shown as `{armies}`


def _shape(text: str) -> str:
    return _NUMBER.sub("#", _QUOTED.sub('"#"', _FIELD.sub("#", text))).lower().strip()


@functools.cache
def _shapes() -> list[tuple[str, str, str]]:
    """Every phrasing of the library, with its kind and its shape (parameters as `#`)."""
    return [
        (kind, phrasing, _shape(phrasing))
        for kind, _meaning, phrasings in CATALOGUE
        for phrasing in phrasings.values()
    ]


def closest_steps(kind: str, text: str, most: int = 2) -> list[str]:
    """The phrasings (any language) nearest a step that matched none, of the step's kind
    (given, when, then) first: the placeholders of each as docs/steps.md writes them. Only
    the step's first 300 characters are compared (no phrasing is half as long)."""
    return list(_closest(kind, _shape(text[:300]), most))


@functools.lru_cache(maxsize=256)
def _closest(kind: str, written: str, most: int) -> tuple[str, ...]:
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(written)
    scored = []
    for step_kind, phrasing, shape in _shapes():
        matcher.set_seq1(shape)
        if matcher.real_quick_ratio() < 0.6 or matcher.quick_ratio() < 0.6:
            continue
        ratio = matcher.ratio()
        if step_kind != kind:
            ratio -= 0.1  # a Then written as a Given is less likely than a typo
        if ratio >= 0.6:
            scored.append((ratio, phrasing))
    scored.sort(key=lambda found: -found[0])
    best = list(dict.fromkeys(phrasing for _, phrasing in scored))
    return tuple(_FIELD_NAME.sub(r"{\1}", p) for p in best[:most])


if __name__ == "__main__":
    print(steps_markdown(), end="")
