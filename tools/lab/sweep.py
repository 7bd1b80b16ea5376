"""`riskrules sweep`: a grid of one or two rule values, each point written as a small house rule
extending the base (in memory, never on disk) and checked like any other rules file.

A rule whose value is a table (start armies by player count, continent bonuses) is varied an
entry at a time: `setup.start_armies[4]=30,35` writes the base's whole table with the entry for
4 players set to 30, then to 35 (an override replaces a table whole)."""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

from ...grammar import model as m
from ...grammar.diagnostics import did_you_mean
from ...grammar.limits import MAX_SWEEP_POINTS
from ...grammar.printer import quote, value_text
from ...grammar.resolve import EffectiveRuleset

_RULE = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*")
_KEY = re.compile(r"[0-9]{1,9}|[a-z_][a-z0-9_]{0,99}")  # a player count, a name
FORM = "RULE=VALUE,VALUE (e.g. combat.ties=attacker), or RULE[ENTRY]=VALUE,VALUE for an entry "
FORM += "of a table (e.g. setup.start_armies[4]=30,35)"


class SweepError(Exception):
    """A `--vary` the user typed that cannot be used (exit 2, with this message)."""


@dataclass(frozen=True)
class Vary:
    rule: str
    values: tuple[str, ...]
    key: str | int | None = None  # the table's entry varied (None: the rule's whole value)

    @property
    def name(self) -> str:
        """The rule as the grid's labels write it: `combat.ties`, `setup.start_armies[4]`."""
        return self.rule if self.key is None else f"{self.rule}[{self.key}]"


def parse_vary(text: str) -> Vary:
    """`RULE=VALUE,VALUE…` or `RULE[ENTRY]=VALUE,VALUE…`; values holding commas (a track
    `4, 6, 8`) are separated by `|`."""
    target, sep, rest = text.partition("=")
    target = target.strip()
    if not sep or not target or not rest.strip():
        raise SweepError(f"--vary {text}: write {FORM}")
    rule, key = target, None
    if "[" in target or "]" in target:
        found = re.fullmatch(r"([^\[\]]*)\[\s*([^\[\]]*?)\s*\]", target)
        if found is None or not _KEY.fullmatch(found.group(2)):
            raise SweepError(
                f"--vary {text}: '{target}' names no table entry: write RULE[ENTRY], the entry "
                "a player count or a name (setup.start_armies[4], continents.bonus[asia])"
            )
        rule, entry = found.group(1).strip(), found.group(2)
        key = int(entry) if entry.isdigit() else entry
    if not _RULE.fullmatch(rule):
        raise SweepError(f"--vary {text}: '{rule}' is not a rule id (e.g. combat.ties)")
    parts = rest.split("|") if "|" in rest else rest.split(",")
    values = tuple(dict.fromkeys(v.strip() for v in parts if v.strip()))
    if not values:
        raise SweepError(f"--vary {text}: no values")
    if any("\n" in v or "{" in v or "}" in v for v in values):
        raise SweepError(f"--vary {text}: a value is one line, without braces")
    return Vary(rule, values, key)


@dataclass(frozen=True)
class Point:
    """One house rule of the grid: its name, what it sets, and its text."""

    name: str
    settings: tuple[tuple[str, str], ...]
    path: str
    text: str

    @property
    def label(self) -> str:
        return ", ".join(f"{rule}={value}" for rule, value in self.settings)


def _table(base: EffectiveRuleset, vary: Vary) -> m.Table:
    """The base's table whose entry `vary` varies; a SweepError when the base sets no such
    table or the table has no such entry."""
    clause = base.clause(vary.rule)
    if clause is None:
        hint = did_you_mean(vary.rule, [c.id for c in base.clauses])
        raise SweepError(
            f"--vary {vary.name}: {base.name} sets no rule '{vary.rule}' to vary an entry of"
            + (f" ({hint})" if hint else "")
        )
    table = m.strip_assumed(clause.value)
    if not isinstance(table, m.Table):
        raise SweepError(
            f"--vary {vary.name}: '{vary.rule}' is not a table in {base.name} (it is "
            f"{value_text(table)}): vary its value as {vary.rule}=VALUE,VALUE"
        )
    if table.get(vary.key if vary.key is not None else "") is None:
        keys = ", ".join(str(e.key) for e in table.entries)
        raise SweepError(
            f"--vary {vary.name}: the table '{vary.rule}' of {base.name} has no entry "
            f"{vary.key} (its entries: {keys})"
        )
    return table


def entry_hint(base: EffectiveRuleset, rule: str) -> str | None:
    """For a whole value refused where the base's rule is a table: how to vary one entry."""
    clause = base.clause(rule)
    table = m.strip_assumed(clause.value) if clause is not None else None
    if not isinstance(table, m.Table) or not table.entries:
        return None
    first = table.entries[0]
    return (
        f"to vary one entry of the table, write {rule}[{_key(first.key)}]=VALUE,VALUE "
        f"(here {value_text(first.value, top=False)})"
    )


def _key(key: str | int) -> str:
    """A table's key as the language writes it (a name, a number, else quoted)."""
    return str(key) if isinstance(key, int) or key.isidentifier() else quote(key)


def _body(base: EffectiveRuleset, settings: tuple[tuple[Vary, str], ...]) -> str:
    """The grid point's rules: each whole value as given; each table the base's, with the
    entries varied set (two entries of one table go in one override)."""
    lines: dict[str, str] = {}
    tables: dict[str, dict[str | int, str]] = {}
    for vary, value in settings:
        if vary.key is None:
            lines[vary.rule] = value
        else:
            tables.setdefault(vary.rule, {})[vary.key] = value
    for rule, entries in tables.items():
        table = _table(base, Vary(rule, (), next(iter(entries))))
        cells = [
            f"{_key(e.key)}: "
            + (entries[e.key] if e.key in entries else value_text(e.value, top=False))
            for e in table.entries
        ]
        lines[rule] = "{" + ", ".join(cells) + "}"
    return "".join(
        f"  {'override ' if base.clause(rule) is not None else ''}{rule}: {value}\n"
        for rule, value in lines.items()
    )


def points(base: EffectiveRuleset, varies: list[Vary]) -> list[Point]:
    """Every combination of the values, as a ruleset extending `base`."""
    if not 1 <= len(varies) <= 2:
        raise SweepError("sweep takes one or two --vary options")
    if len({v.name for v in varies}) != len(varies):
        raise SweepError("vary each rule (or table entry) once")
    if any(v.key is None for v in varies) and len({v.rule for v in varies}) != len(varies):
        raise SweepError("vary a table whole or by its entries, not both")
    for vary in varies:
        if vary.key is not None:
            _table(base, vary)  # refused before any point is made
    size = math.prod(len(v.values) for v in varies)  # counted before any point is made
    if size > MAX_SWEEP_POINTS:
        raise SweepError(f"the grid has {size:,} points; a sweep has at most {MAX_SWEEP_POINTS}")
    grid = list(itertools.product(*[[(v, value) for value in v.values] for v in varies]))
    out = []
    for k, settings in enumerate(grid, start=1):
        name = f"{base.name}-sweep-{k}"
        labels = tuple((vary.name, value) for vary, value in settings)
        title = ", ".join(f"{rule}={value}" for rule, value in labels).replace('"', "'")
        text = f'ruleset {name} "{title}" extends {base.name} {{\n{_body(base, settings)}}}\n'
        out.append(Point(name, labels, f"<sweep>/{name}.rules", text))
    return out
