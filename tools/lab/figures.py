"""A ruleset's figures in a balance study, typed: what balance_stats computes and balance.json
holds, field for field (`to_json` makes the JSON, in the file's order, at the edge)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

Bounds = tuple[float | None, float | None]  # an interval; None: beyond what was seen


def to_json(value: Any) -> Any:
    """A figure as JSON: a dataclass as an object of its fields in order, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Share:
    """`count` of `of` games, with its 95% Wilson interval (None: no games)."""

    count: int
    of: int
    rate: float | None
    ci: tuple[float, float] | None


@dataclass(frozen=True)
class Length:
    """Game length as a survival curve (Kaplan-Meier; unfinished games censored at the turn
    they reached): its median with a 95% interval, and the curve as (length, share going on)."""

    finished: int
    unfinished: int
    median: float | None  # None: more than half the games never ended
    ci: Bounds | None
    curve: tuple[tuple[float, float], ...]
    note: str | None


@dataclass(frozen=True)
class MeanLength:
    """The restricted mean: the average turns, each game counted up to `horizon`."""

    horizon: int
    mean: float | None


@dataclass(frozen=True)
class Fairness:
    """The chi-square test that every place in the turn order wins as often."""

    test: str
    finished: int
    p_value: float | None
    note: str | None


@dataclass(frozen=True)
class SeatShare:
    """One place's wins against its fair share, in fractions of all games."""

    place: int
    share: float | None
    fair_share: float | None
    advantage: float | None
    ci: tuple[float, float] | None
    p_value: float | None
    note: str | None
    test: str


@dataclass(frozen=True)
class RulesetFigures:
    """Everything a study reports about one ruleset's games, each share of all games."""

    ruleset: str  # its name
    ruleset_hash: str  # the hash of its effective text (grammar/receipt.py)
    name: str  # as tables show it (a sweep's point: its settings)
    games: int
    completed: int
    unfinished: Share
    violations: int
    wins_by_seat: tuple[Share, ...]  # by place in the turn order
    fairness: Fairness
    first_player: SeatShare
    last_player: SeatShare
    turns: Length
    mean_turns: MeanLength
    rounds: Length
    continent_holder_wins: dict[str, Share]  # by continent, in the board's order

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = to_json(self)
        return found
