"""One comparison of a study: a measure of a variant against the base (or of one strength's
effect against another's), with its test and the interval that inverts that test at any level.
Its own module so that the figures' modules (balance_stats, game_length) share it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

LEVEL = 0.95
Interval = Callable[[float], list[float | None]]  # a level -> [low, high] (None: unbounded)


@dataclass(frozen=True)
class Comparison:
    """One measure of a variant against the base, paired by seed: the difference, its p-value
    and the interval at any level (the inversion of the same test). `headline` marks the
    comparisons the study's adjustment weighs first (game length: see family.py)."""

    measure: str
    kind: str  # "share" (points of all games) or "length" (a ratio of means, minus one)
    n: int
    base: float | None
    variant: float | None
    difference: float | None
    p_value: float | None  # None: not tested (`note` says why)
    interval: Interval | None
    test: str
    note: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    headline: bool = False

    def figure(self, adjusted: float | None = None, level: float | None = None) -> dict[str, Any]:
        """The comparison as balance.json holds it, with its adjusted p-value and the interval
        at the adjusted level (the one that agrees with the adjusted test)."""
        out: dict[str, Any] = {
            "measure": self.measure,
            "kind": self.kind,
            "n": self.n,
            "base": self.base,
            "variant": self.variant,
            "difference": self.difference,
            "ci": self.interval(LEVEL) if self.interval else None,
            "p_value": self.p_value,
            "p_adjusted": adjusted,
            "level_adjusted": level,
            "ci_adjusted": self.interval(level) if self.interval and level else None,
            "test": self.test,
            "note": self.note,
        }
        return out | self.extra
