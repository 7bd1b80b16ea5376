"""How many more games would settle an effect that is not clear yet, as a range: settled is
clear, or inside the margin, at the adjusted level the study used.

- The low end: the games after which the effect, if it is what these games suggest (a flat
  prior around the estimate: the future estimate is normal around it), would be settled with
  a chance of at least 80%. An estimate that is noise predicts too few: the low end alone came
  true in a minority of studies of a ruleset against itself.
- The high end: the games after which it would be settled with that chance whatever the true
  effect within the interval (the slowest: an effect half the margin, or the smallest the
  interval allows), each true effect's chance computed for the games to come alone.

A normal approximation on the scale the interval is symmetric on (the log of a ratio of
lengths; points of all games for a share). tests/bench/bench_lab_calibration.py prints the
share of predictions settled at each end on studies of a ruleset against itself and of a
known effect."""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import NormalDist

CHANCE = 0.8  # the chance, at the size named, that the effect is settled
MOST = 10_000_000  # past this many more games per ruleset: "more than a study can play"
_NORMAL = NormalDist()


def nice(games: float) -> int:
    """A number of games rounded up to two significant figures (1,234 → 1,300), at least 10."""
    if games <= 10:
        return 10
    step = 10 ** (int(math.log10(games)) - 1)
    return int(math.ceil(games / step) * step)


def _p(low: float, high: float, mean: float, sd: float) -> float:
    """P(low < X < high) for X ~ N(mean, sd²)."""
    if high <= low:
        return 0.0
    return _NORMAL.cdf((high - mean) / sd) - _NORMAL.cdf((low - mean) / sd)


def settled_chance(
    estimate: float, se: float, n: int, more: int, z: float, margin: tuple[float, float]
) -> float:
    """The chance that after `more` games the interval excludes 0 or fits in the margin."""
    total = n + more
    se_then = se * math.sqrt(n / total)
    sd = se * math.sqrt(more / total)  # the spread of the estimate then, around this one
    edge = z * se_then
    inside = (margin[0] + edge, margin[1] - edge)  # where "no meaningful difference" is said
    clear = _p(-math.inf, -edge, estimate, sd) + _p(edge, math.inf, estimate, sd)
    same = _p(*inside, estimate, sd)
    both = _p(inside[0], min(inside[1], -edge), estimate, sd)
    both += _p(max(inside[0], edge), inside[1], estimate, sd)
    return clear + same - both


def known_chance(
    effect: float, se: float, n: int, more: int, z: float, margin: tuple[float, float]
) -> float:
    """The chance that the games to come alone (`n + more` of them, none of these) settle an
    effect whose true size is `effect`."""
    se_then = se * math.sqrt(n / (n + more))
    edge = z * se_then
    inside = (margin[0] + edge, margin[1] - edge)
    clear = _p(-math.inf, -edge, effect, se_then) + _p(edge, math.inf, effect, se_then)
    both = _p(inside[0], min(inside[1], -edge), effect, se_then)
    both += _p(max(inside[0], edge), inside[1], effect, se_then)
    return clear + _p(*inside, effect, se_then) - both


def _first(chance: Callable[[int], float]) -> int | None:
    """The first round number of more games at which `chance` reaches CHANCE (None: past MOST)."""
    more = 10
    while more <= MOST:
        if chance(more) >= CHANCE:
            return more
        more = nice(more * 1.1 + 1)
    return None


def predicted(
    estimate: float,
    interval: tuple[float, float],
    level: float,
    n: int,
    margin: tuple[float, float],
    log_scale: bool,
) -> tuple[int | None, int | None]:
    """More games per ruleset (round numbers) that would settle the effect with a chance of
    at least CHANCE: if it is as estimated, and whatever it is within the interval; None where
    these games cannot say (an unbounded interval, or more than MOST)."""
    low, high = interval
    if not (math.isfinite(low) and math.isfinite(high) and math.isfinite(estimate)) or n < 2:
        return None, None
    scale = math.log1p if log_scale else float
    if log_scale and (low <= -1 or estimate <= -1):
        return None, None
    z = _NORMAL.inv_cdf(1 - (1 - level) / 2)
    lo, hi, at = scale(low), scale(high), scale(estimate)
    se = (hi - lo) / 2 / z
    if se <= 0:
        return None, None
    bounds = (scale(margin[0]), scale(margin[1]))
    likely = _first(lambda more: settled_chance(at, se, n, more, z, bounds))
    effects = [lo + (hi - lo) * k / 40 for k in range(41)]
    effects += [x for x in (0.0, bounds[0] / 2, bounds[1] / 2) if lo <= x <= hi]
    worst: int | None = 0
    for effect in effects:

        def chance(more: int, effect: float = effect) -> float:
            return known_chance(effect, se, n, more, z, bounds)

        found = _first(chance)
        if found is None:
            worst = None
            break
        worst = max(worst or 0, found)
    if likely is not None and worst is not None:
        likely = min(likely, worst)
    return likely, worst
