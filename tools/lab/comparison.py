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

    def adjusted(self, p: float | None = None, level: float | None = None) -> Measure:
        """The comparison in its study's family: its adjusted p-value, and its interval at the
        95% level and at the adjusted level (the one that agrees with the adjusted test)."""
        return Measure(
            self.measure,
            self.kind,
            self.n,
            self.base,
            self.variant,
            self.difference,
            _pair(self.interval(LEVEL)) if self.interval else None,
            self.p_value,
            p,
            level,
            _pair(self.interval(level)) if self.interval and level else None,
            self.test,
            self.note,
            tuple(self.extra.items()),
        )

    def figure(self, adjusted: float | None = None, level: float | None = None) -> dict[str, Any]:
        """The comparison as balance.json holds it (`adjusted(...).to_json()`)."""
        return self.adjusted(adjusted, level).to_json()


Bounds = tuple[float | None, float | None]  # None: unbounded


def _pair(found: list[float | None]) -> Bounds:
    return (found[0], found[1])


@dataclass(frozen=True)
class Measure:
    """A comparison as a study reports it, adjusted with the rest of its family: what
    balance.json's `measures` hold, one to one (`to_json`, `from_json`)."""

    measure: str
    kind: str  # "share" or "length"
    n: int
    base: float | None
    variant: float | None
    difference: float | None
    ci: Bounds | None  # at 95%
    p_value: float | None  # None: not tested (`note` says why)
    p_adjusted: float | None
    level_adjusted: float | None
    ci_adjusted: Bounds | None  # at the adjusted level
    test: str
    note: str | None = None
    extra: tuple[tuple[str, Any], ...] = ()  # what else balance.json holds (a length's horizon)

    @property
    def tested(self) -> bool:
        return self.p_value is not None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "measure": self.measure,
            "kind": self.kind,
            "n": self.n,
            "base": self.base,
            "variant": self.variant,
            "difference": self.difference,
            "ci": list(self.ci) if self.ci is not None else None,
            "p_value": self.p_value,
            "p_adjusted": self.p_adjusted,
            "level_adjusted": self.level_adjusted,
            "ci_adjusted": list(self.ci_adjusted) if self.ci_adjusted is not None else None,
            "test": self.test,
            "note": self.note,
        }
        return out | dict(self.extra)

    @classmethod
    def from_json(cls, found: dict[str, Any]) -> Measure:
        ci, adjusted = found.get("ci"), found.get("ci_adjusted")
        named = set(cls.__dataclass_fields__) - {"extra"}
        return cls(
            str(found["measure"]),
            str(found["kind"]),
            int(found["n"]),
            found.get("base"),
            found.get("variant"),
            found.get("difference"),
            _pair(ci) if ci is not None else None,
            found.get("p_value"),
            found.get("p_adjusted"),
            found.get("level_adjusted"),
            _pair(adjusted) if adjusted is not None else None,
            str(found["test"]),
            found.get("note"),
            tuple((k, v) for k, v in found.items() if k not in named),
        )


@dataclass(frozen=True)
class Difference:
    """Every measure of one variant against the base under one strength (or, as a contrast,
    of one strength's effects against the first's)."""

    base: str
    variant: str
    measures: tuple[Measure, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "variant": self.variant,
            "measures": [m.to_json() for m in self.measures],
        }

    @classmethod
    def from_json(cls, found: dict[str, Any]) -> Difference:
        measures = tuple(Measure.from_json(m) for m in found["measures"])
        return cls(str(found["base"]), str(found["variant"]), measures)


@dataclass(frozen=True)
class StrengthComparisons:
    """One strength's comparisons: each variant against the base under it, and (a strength
    after the first) each variant's effects under it against those under the first."""

    agents: str
    differences: tuple[Difference, ...]
    contrasts: tuple[Difference, ...] = ()


@dataclass(frozen=True)
class Comparisons:
    """What the verdicts read of a study, typed: the players, the cap on turns and every
    strength's comparisons, the first strength first."""

    players: int
    max_turns: int
    strengths: tuple[StrengthComparisons, ...]

    @classmethod
    def from_json(cls, study: dict[str, Any]) -> Comparisons:
        """From a study's figures as balance.json holds them."""

        def differences(found: list[dict[str, Any]]) -> tuple[Difference, ...]:
            return tuple(Difference.from_json(d) for d in found)

        first = StrengthComparisons(str(study.get("agent", "")), differences(study["differences"]))
        others = tuple(
            StrengthComparisons(
                str(other["agents"]),
                differences(other["differences"]),
                differences(other.get("contrasts", [])),
            )
            for other in study.get("strengths", [])
        )
        return cls(int(study["players"]), int(study["max_turns"]), (first, *others))
