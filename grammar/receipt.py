"""A ruleset's receipt: a hash of its effective text (every rule's value and the board), so a
game record or a study says which rules produced it, and a record refereed later against an
edited rules file is told so.

The text hashed is what the game plays: each effective rule's value (with `assumed` markers
and their reasons left out: a reason reworded changes no game), the cases marked assumed by
name, and the board's continents, territories and borders. Citations, notes and titles are
not in it."""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Protocol

from . import __version__
from . import model as m
from .printer import value_text
from .resolve import EffectiveRuleset

PREFIX = "sha256:"


def played(value: m.Value) -> m.Value:
    """The value as the game plays it: every `assumed` wrapper and reason taken out."""
    if isinstance(value, m.Assumed):
        return played(value.value)
    if isinstance(value, m.Table):
        entries = tuple(dataclasses.replace(e, value=played(e.value)) for e in value.entries)
        return dataclasses.replace(value, entries=entries)
    if isinstance(value, m.ListValue):
        return dataclasses.replace(value, items=tuple(played(i) for i in value.items))
    if isinstance(value, m.Schedule):
        segments = tuple(dataclasses.replace(s, assumed=None) for s in value.segments)
        table = played(value.table) if value.table is not None else None
        return dataclasses.replace(value, segments=segments, table=table)  # type: ignore[arg-type]
    return value


def effective_text(eff: EffectiveRuleset) -> str:
    """The ruleset as the game plays it, one line a rule (sorted by id), then the board."""
    lines = [f"ruleset {eff.name}"]
    for clause in sorted(eff.clauses, key=lambda c: c.id):
        lines.append(f"{clause.id}: {value_text(played(clause.value))}")
        lines.extend(f"  assumed {edge.name}" for edge in clause.edges)
    board = eff.board
    if board is not None:
        for continent in board.continents:
            names = ", ".join(t.id for t in continent.territories)
            lines.append(f"continent {continent.id}: {names}")
        lines.extend(f"border {b.a} {b.kind} {b.b}" for b in board.borders)
    return "\n".join(lines) + "\n"


def ruleset_hash(eff: EffectiveRuleset) -> str:
    """`sha256:` and the hex digest of the effective text."""
    return PREFIX + hashlib.sha256(effective_text(eff).encode("utf-8")).hexdigest()


class _HasEffective(Protocol):
    @property
    def effective(self) -> EffectiveRuleset: ...


def receipt(rules: _HasEffective) -> tuple[str, str]:
    """(riskrules' version, the ruleset's hash): what a record's header and a study carry."""
    return __version__, ruleset_hash(rules.effective)
