"""How many more games would settle an effect that is not clear yet, said only as far as it
can be: the smallest number of games per ruleset after which the effect, if it is what these
games suggest (a flat prior around the estimate: the future estimate is normal around it),
would be either clear or inside the margin with a chance of at least 80%, at the adjusted level
the study used. A normal approximation on the scale the interval is symmetric on (the log of a
ratio of lengths; points of all games for a share). Checked on studies of a ruleset against
itself and of known effects (tests/bench/bench_lab_calibration.py): the share of predictions
that resolve at the size named is printed there."""

from __future__ import annotations

import math
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


def predicted(
    estimate: float,
    interval: tuple[float, float],
    level: float,
    n: int,
    margin: tuple[float, float],
    log_scale: bool,
) -> int | None:
    """More games per ruleset (a round number) that would settle the effect with a chance of
    at least CHANCE; None when these games cannot say (an unbounded interval, or more than
    MOST)."""
    low, high = interval
    if not (math.isfinite(low) and math.isfinite(high) and math.isfinite(estimate)) or n < 2:
        return None
    scale = math.log1p if log_scale else float
    if log_scale and (low <= -1 or estimate <= -1):
        return None
    z = _NORMAL.inv_cdf(1 - (1 - level) / 2)
    se = (scale(high) - scale(low)) / 2 / z
    if se <= 0:
        return None
    bounds = (scale(margin[0]), scale(margin[1]))
    more = 10
    while more <= MOST:
        if settled_chance(scale(estimate), se, n, more, z, bounds) >= CHANCE:
            return more
        more = nice(more * 1.1 + 1)
    return None
