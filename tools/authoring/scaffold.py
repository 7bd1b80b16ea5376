"""`riskrules new`: a house-rules file that extends a ruleset, with the rules families change
most often written out as commented examples (their current values filled in from the base)."""

from __future__ import annotations

from dataclasses import replace

from ...grammar import model as m
from ...grammar.messages import msg
from ...grammar.printer import quote, value_text
from ...grammar.resolve import EffectiveRuleset

# The rules house rules change most, with a line on what changing them does.
COMMON = (
    (
        "cards.trade_values",
        msg("armies for each set traded, e.g. 'fixed 10' or 'sequence 4, 6, 8 then +2'"),
    ),
    ("continents.bonus", msg("extra armies for holding a continent")),
    ("fortify.reach", msg("'adjacent', or 'connected through own territories'")),
    ("fortify.moves", msg("how many fortifying moves a turn")),
    ("setup.start_armies", msg("start armies by number of players")),
    ("combat.ties", msg("who wins equal dice: 'defender' or 'attacker'")),
    ("combat.defender.dice", msg("e.g. '1 .. min(3, armies)' for three defender dice")),
    ("reinforcements.territories", msg("e.g. 'max(3, territories // 2)'")),
)


def scaffold(
    name: str,
    base: EffectiveRuleset,
    title: str | None = None,
    lang: str = "en",
    bare: bool = False,
) -> str:
    """The new file's text, its comments and its title (unless `title` is given) in `lang`;
    `bare`: the ruleset alone (the studio's form makes the changes, so no commented examples
    and no commands to run)."""
    named = m.title_in(base.ruleset, lang)
    heading = title or msg("House rules on {base}", base=named).render(lang)
    if bare:
        return f"ruleset {name} {quote(heading)} extends {base.name} {{\n}}\n"
    told = (
        msg("These house rules start from the ruleset '{base}'.", base=base.name),
        msg(
            "Remove the '#' before a rule to change it; `riskrules check` tells you if it is right,"
        ),
        msg("`riskrules explain {file} RULE` shows where a rule comes from.", file=name + ".rules"),
    )
    lines = [f"# {heading}.", *(f"# {said.render(lang)}" for said in told), ""]
    lines.append(f"ruleset {name} {quote(heading)} extends {base.name} {{")
    first = True
    for rule_id, what in COMMON:
        clause = base.clause(rule_id)
        if clause is None:
            continue
        if not first:
            lines.append("")
        first = False
        lines.append(f"  # {rule_id}: {what.render(lang)}.")
        lines.append(f"  # override {rule_id}: {value_text(plain(clause.value))}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def plain(value: m.Value) -> m.Value:
    """The value without its `assumed` marks: a house rule states its values outright (the
    studio's presets too)."""
    value = m.strip_assumed(value)
    if isinstance(value, m.Schedule):
        segments = tuple(replace(seg, assumed=None) for seg in value.segments)
        table = value.table
        if table is not None:
            entries = tuple(replace(e, value=m.strip_assumed(e.value)) for e in table.entries)
            table = replace(table, entries=entries)
        return replace(value, segments=segments, table=table)
    if isinstance(value, m.Table):
        return replace(
            value, entries=tuple(replace(e, value=m.strip_assumed(e.value)) for e in value.entries)
        )
    return value


def examples() -> dict[str, str]:
    """The shipped example house rules, by name (the file's stem)."""
    from importlib import resources

    folder = resources.files("riskrules.examples").joinpath("house-rules")
    return {
        p.name.removesuffix(".rules"): p.read_text(encoding="utf-8")
        for p in sorted(folder.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".rules")
    }


def example_title(example: str, text: str, lang: str = "en") -> str:
    """The title the example's ruleset declares, in `lang` (its name in words when it declares
    none), as every front end shows a title (grammar.model.title_in)."""
    from ...grammar.reader import read_rules

    parsed = read_rules(text, f"{example}.rules").file
    for ruleset in parsed.rulesets if parsed is not None else ():
        if ruleset.name == example:
            return m.title_in(ruleset, lang)
    return example


def from_example(
    name: str, example: str, text: str, title: str | None = None, lang: str = "en"
) -> str:
    """An example's text as the start of the user's own ruleset NAME: the example's title (one
    string or one per language) kept, unless `title` replaces it."""
    import re

    from ...grammar.printer import quote

    header = rf"ruleset {re.escape(example)}(?![\w-])"
    written = r'(\s*"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\s+title\s*\{[^}]*\})?'
    new = f"ruleset {name} {quote(title)}" if title is not None else f"ruleset {name}"
    started = (
        "# "
        + msg(
            "Started from the example '{example}' (riskrules new --from {example}).",
            example=example,
        ).render(lang)
        + "\n"
    )
    return re.sub(
        header + (written if title is not None else ""),
        lambda _: new,
        started + text,
        count=1,
    )
