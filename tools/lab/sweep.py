"""`riskrules sweep`: a grid of one or two rule values, each point written as a small house rule
extending the base (in memory, never on disk) and checked like any other rules file."""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

from ...grammar.limits import MAX_SWEEP_POINTS
from ...grammar.resolve import EffectiveRuleset


class SweepError(Exception):
    """A `--vary` the user typed that cannot be used (exit 2, with this message)."""


@dataclass(frozen=True)
class Vary:
    rule: str
    values: tuple[str, ...]


def parse_vary(text: str) -> Vary:
    """`RULE=VALUE,VALUE…`; values holding commas (a track `4, 6, 8`) are separated by `|`."""
    rule, sep, rest = text.partition("=")
    rule = rule.strip()
    if not sep or not rule or not rest.strip():
        raise SweepError(f"--vary {text!r}: write RULE=VALUE,VALUE (e.g. combat.ties=attacker)")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*", rule):
        raise SweepError(f"--vary {text!r}: '{rule}' is not a rule id (e.g. combat.ties)")
    parts = rest.split("|") if "|" in rest else rest.split(",")
    values = tuple(dict.fromkeys(v.strip() for v in parts if v.strip()))
    if not values:
        raise SweepError(f"--vary {text!r}: no values")
    if any("\n" in v or "{" in v or "}" in v for v in values):
        raise SweepError(f"--vary {text!r}: a value is one line, without braces")
    return Vary(rule, values)


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


def points(base: EffectiveRuleset, varies: list[Vary]) -> list[Point]:
    """Every combination of the values, as a ruleset extending `base`."""
    if not 1 <= len(varies) <= 2:
        raise SweepError("sweep takes one or two --vary options")
    if len({v.rule for v in varies}) != len(varies):
        raise SweepError("vary each rule once")
    size = math.prod(len(v.values) for v in varies)  # counted before any point is made
    if size > MAX_SWEEP_POINTS:
        raise SweepError(f"the grid has {size:,} points; a sweep has at most {MAX_SWEEP_POINTS}")
    grid = list(itertools.product(*[[(v.rule, value) for value in v.values] for v in varies]))
    out = []
    for k, settings in enumerate(grid, start=1):
        name = f"{base.name}-sweep-{k}"
        title = ", ".join(f"{rule}={value}" for rule, value in settings).replace('"', "'")
        body = "".join(
            f"  {'override ' if base.clause(rule) is not None else ''}{rule}: {value}\n"
            for rule, value in settings
        )
        text = f'ruleset {name} "{title}" extends {base.name} {{\n{body}}}\n'
        out.append(Point(name, tuple(settings), f"<sweep>/{name}.rules", text))
    return out
