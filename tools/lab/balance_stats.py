"""The figures of a balance study, from the games' results. SciPy does the statistics; nothing
here is a hand-written distribution. NumPy and SciPy are imported by the functions that compute,
when first called, not with this module: importing them costs about a second of CPU that a
study's start-up, its usage errors and its workers (they import the simulator only) need not pay
(issue 31).

One definition per figure:
- a share is of all games, "unfinished" (still going at the cap) being an outcome of its own
  beside each place in the turn order winning; the shares of a ruleset add up to one;
- game length is a survival measure: an unfinished game is censored at the cap, not dropped
  (SciPy's `ecdf` of `CensoredData`), reported as medians with intervals and as curves; a median
  that more than half the games did not reach is "too few finished games", not a number;
- each interval is the inversion of the test its p-value comes from, at any level (McNemar's
  exact test for a share, the paired bootstrap for length), so "p < 0.05" and "the 95% interval
  excludes 0" say the same, and so do the Holm-adjusted p-value and the adjusted interval;
- the p-values of a study's comparisons (every variant, every measure) are one family, adjusted
  together by Holm's method; a figure that cannot vary (eliminations in a finished game, always
  one fewer than the players) is not compared at all; one that did not vary in these games is,
  with the exact bound on how often it could have.
"""

from __future__ import annotations

import importlib.util
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import pure_stats
from .simulate import GameResult

LEVEL = 0.95
ALPHA = 0.05  # 1 - LEVEL, written exactly
RESAMPLES = 1999  # the paired bootstrap's resamples (p-values in steps of 1/1999)
MIN_PER_SEAT = 5  # finished games per seat the fairness test (chi-square) needs
Figure = dict[str, Any]  # JSON: what --format json prints
TOO_FEW = "too few finished games"
# Where SciPy cannot be installed (the static site's page: Pyodide has no SciPy or NumPy),
# and only there, the same figures come from pure_stats.py, checked against SciPy in the tests.
PURE = importlib.util.find_spec("scipy") is None


def wilson(count: int, total: int) -> list[float] | None:
    """The 95% Wilson interval of a share (None for no games): a share on its own, no test."""
    if total == 0:
        return None
    if PURE:
        return list(pure_stats.wilson_interval(count, total, LEVEL))
    from scipy import stats

    ci = stats.binomtest(count, total).proportion_ci(LEVEL, method="wilson")
    return [float(ci.low), float(ci.high)]


def proportion(count: int, total: int) -> Figure:
    """`count` of `total`, as a share with its 95% Wilson interval."""
    rate = count / total if total else None
    return {"count": count, "of": total, "rate": rate, "ci": wilson(count, total)}


def central_p(k: int, n: int, p: float) -> float:
    """The two-sided exact binomial p-value that the Clopper-Pearson interval inverts: twice
    the smaller tail (SciPy's `binomtest` sums the outcomes as unlikely instead, which the
    exact interval does not invert, so the two could disagree)."""
    if n == 0:
        return 1.0
    if PURE:
        low, high = pure_stats.binom_cdf(k, n, p), pure_stats.binom_sf(k - 1, n, p)
        return min(1.0, 2 * min(low, high))
    from scipy import stats

    low = float(stats.binom.cdf(k, n, p))
    high = float(stats.binom.sf(k - 1, n, p))
    return min(1.0, 2 * min(low, high))


def exact_ci(k: int, n: int, level: float) -> tuple[float, float]:
    """The Clopper-Pearson interval of k in n at `level`: what `central_p` inverts. Its ends are
    the beta quantiles that equal the binomial tails (P(X >= k | p) = I_p(k, n - k + 1)), SciPy's
    beta distribution: the same interval as `binomtest(...).proportion_ci(method="exact")`,
    which finds them by root finding, a hundred times slower."""
    tail = (1 - level) / 2
    if PURE:
        ppf: Callable[[float, int, int], float] = pure_stats.beta_ppf
    else:
        from scipy import stats

        def ppf(q: float, a: int, b: int) -> float:
            return float(stats.beta.ppf(q, a, b))

    low = ppf(tail, k, n - k + 1) if k > 0 else 0.0
    high = ppf(1 - tail, k + 1, n - k) if k < n else 1.0
    return low, high


def seat_label(seat: int) -> str:
    """A place in the turn order (0: first), as the measures and tables name it."""
    return "first player wins" if seat == 0 else f"player {seat + 1} wins"


def position_won(result: GameResult) -> int | None:
    """The winner's place in the turn order (0: the player who went first), if any."""
    if result.winner_seat is None or result.winner_seat not in result.order:
        return None
    return result.order.index(result.winner_seat)


# --------------------------------------------------------------------------- one ruleset


def survival(lengths: Sequence[int], finished: Sequence[bool]) -> Figure:
    """Game length as a survival curve: finished games end at their length, unfinished ones
    are censored at theirs (still going). The median (the first length by which half the
    games are over) with the 95% interval read off the curve's pointwise interval (None
    above: beyond the longest game seen), and the curve itself as [length, share going on]."""
    done = [t for t, f in zip(lengths, finished, strict=True) if f]
    going = [t for t, f in zip(lengths, finished, strict=True) if not f]
    out: Figure = {"finished": len(done), "unfinished": len(going), "median": None}
    out |= {"ci": None, "curve": [], "note": TOO_FEW}
    if not done:
        return out
    times, curve, low, high = (_pure_curve if PURE else _scipy_curve)(done, going)

    def first_at_half(values: list[float]) -> float | None:
        return next((float(times[i]) for i, x in enumerate(values) if x <= 0.5), None)

    out["curve"] = [[float(t), round(float(s), 6)] for t, s in zip(times, curve, strict=True)]
    median = first_at_half(curve)
    if median is None:
        return out
    out |= {"median": median, "note": None, "ci": [first_at_half(low), first_at_half(high)]}
    return out


Curve = tuple[list[float], list[float], list[float], list[float]]


def _scipy_curve(done: list[int], going: list[int]) -> Curve:
    """The Kaplan-Meier curve (SciPy's `ecdf` of `CensoredData`) and its pointwise 95% band,
    which is the curve itself where it is undefined (the curve at 1 or 0)."""
    import numpy as np
    from scipy import stats

    found = stats.ecdf(stats.CensoredData(uncensored=done, right=going))
    curve = found.sf.probabilities
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # undefined where the curve is 0 or 1
        band = found.sf.confidence_interval(LEVEL)
    low = np.where(np.isnan(band.low.probabilities), curve, band.low.probabilities)
    high = np.where(np.isnan(band.high.probabilities), curve, band.high.probabilities)
    return found.sf.quantiles.tolist(), curve.tolist(), low.tolist(), high.tolist()


def _pure_curve(done: list[int], going: list[int]) -> Curve:
    times, curve, risk, deaths = pure_stats.ecdf_sf(done, going)
    low, high = pure_stats.greenwood_band(curve, risk, deaths, LEVEL)
    low = [c if math.isnan(x) else x for c, x in zip(curve, low, strict=True)]
    high = [c if math.isnan(x) else x for c, x in zip(curve, high, strict=True)]
    return [float(t) for t in times], curve, low, high


def ruleset_figures(name: str, results: Sequence[GameResult], players: int) -> Figure:
    """Everything a balance study reports about one ruleset's games, each share of all games."""
    n = len(results)
    finished = [r for r in results if r.completed]
    done = len(finished)
    places = [position_won(r) for r in finished]
    wins = [proportion(sum(1 for p in places if p == seat), n) for seat in range(players)]
    fairness: Figure = {
        "test": "chi-square test that every place in the turn order wins as often (finished games)",
        "finished": done,
        "p_value": None,
        "note": None,
    }
    if done >= MIN_PER_SEAT * players:
        counts = [sum(1 for p in places if p == seat) for seat in range(players)]
        fairness["p_value"] = chisquare_p(counts)
    else:
        fairness["note"] = TOO_FEW
    continents: dict[str, Figure] = {}
    observed = [r for r in results if r.holders is not None]
    names = list(observed[0].holders or {}) if observed else []
    for continent in names:
        held = [r for r in observed if (r.holders or {}).get(continent) is not None]
        won = sum(1 for r in held if (r.holders or {})[continent] == r.winner_seat)
        continents[continent] = proportion(won, len(held))
    lengths = [r.turns if r.completed else r.turns - 1 for r in results]  # censored: played
    return {
        "name": name,
        "games": n,
        "completed": done,
        "unfinished": proportion(n - done, n),
        "violations": sum(1 for r in results if r.violation),
        "wins_by_seat": wins,
        "fairness": fairness,
        "first_player": seat_share(places, 0, n, players),
        "last_player": seat_share(places, players - 1, n, players),
        "turns": survival(lengths, [r.completed for r in results]),
        "rounds": survival([r.rounds for r in results], [r.completed for r in results]),
        "continent_holder_wins": continents,
    }


def chisquare_p(counts: list[int]) -> float:
    """The chi-square test's p-value that every count is equally likely (SciPy's chisquare)."""
    if PURE:
        mean = sum(counts) / len(counts)
        statistic = sum((c - mean) ** 2 / mean for c in counts)
        return pure_stats.chi2_sf(statistic, len(counts) - 1)
    from scipy import stats

    return float(stats.chisquare(counts).pvalue)


def seat_share(places: Sequence[int | None], seat: int, games: int, players: int) -> Figure:
    """One place's wins against its fair share, in points of all games: the fair share is the
    finished games' share split evenly; the exact binomial test (given the finished games) and
    the interval that inverts it."""
    done = len(places)
    won = sum(1 for p in places if p == seat)
    out: Figure = {"place": seat + 1, "share": won / games if games else None}
    out |= {"fair_share": done / players / games if games else None, "advantage": None}
    out |= {"ci": None, "p_value": None, "note": TOO_FEW if not done else None}
    if done:
        low, high = exact_ci(won, done, LEVEL)
        fair = done / players
        out["advantage"] = (won - fair) / games
        out["ci"] = [(low * done - fair) / games, (high * done - fair) / games]
        out["p_value"] = central_p(won, done, 1 / players)
    out["test"] = "exact binomial test against a fair share of the finished games"
    return out


# --------------------------------------------------------------------------- a variant vs the base


@dataclass
class Comparison:
    """One measure of a variant against the base, paired by seed: the difference, its p-value
    and the interval at any level (the inversion of the same test)."""

    measure: str
    kind: str  # "share" (points of all games) or "length" (a ratio of medians, minus one)
    n: int
    base: float | None
    variant: float | None
    difference: float | None
    p_value: float | None  # None: not tested (`note` says why)
    interval: Callable[[float], list[float | None]] | None
    test: str
    note: str | None = None
    extra: Figure = field(default_factory=dict)

    def figure(self, adjusted: float | None = None, level: float | None = None) -> Figure:
        out: Figure = {
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


def paired_share(measure: str, base: Sequence[bool], variant: Sequence[bool]) -> Comparison:
    """The difference of two shares over the same seeds (the variant's minus the base's), with
    McNemar's exact test: given the d games where only one of them has the outcome, the
    variant's count of those is binomial(d, ½) when the rule changes nothing. The interval is
    Clopper-Pearson's for that binomial, carried over to the difference (inverting the test);
    with no such game, the difference is 0 and the interval the exact bound on how often the
    two could differ at all."""
    n = len(base)
    only_base = sum(1 for b, v in zip(base, variant, strict=True) if b and not v)
    only_variant = sum(1 for b, v in zip(base, variant, strict=True) if v and not b)
    d = only_base + only_variant
    test = "McNemar's exact test (paired by seed)"
    shares = (sum(base) / n if n else None, sum(variant) / n if n else None)
    if n == 0:
        return Comparison(measure, "share", n, *shares, None, None, None, test, "no games")

    def interval(level: float) -> list[float | None]:
        if d == 0:
            bound = exact_ci(0, n, level)[1]
            return [-bound, bound]
        low, high = exact_ci(only_variant, d, level)
        return [d * (2 * low - 1) / n, d * (2 * high - 1) / n]

    p = central_p(only_variant, d, 0.5)
    return Comparison(
        measure, "share", n, *shares, (only_variant - only_base) / n, p, interval, test
    )


def _median_at_cap(lengths: Any, axis: int = -1) -> Any:
    """The median length, an unfinished game (infinite here) counting as longer than every
    finished one: the survival curve's median when the games are censored at the cap."""
    import numpy as np

    with np.errstate(all="ignore"):
        return np.median(lengths, axis=axis)


def paired_length(
    base: Sequence[GameResult], variant: Sequence[GameResult], seed: int = 0
) -> Comparison:
    """How much longer the variant's games are: its median length in turns over the base's,
    minus one (−0.17: 17% shorter). SciPy's paired bootstrap resamples the seeds; the p-value
    is twice the share of resampled ratios on the far side of 1 and the interval their
    quantiles at the level asked, so the interval excludes no change exactly when p is below
    one minus the level."""
    test = f"paired bootstrap of the ratio of median lengths ({RESAMPLES} resamples of the seeds)"
    n = len(base)
    b = [r.turns if r.completed else math.inf for r in base]
    v = [r.turns if r.completed else math.inf for r in variant]
    median = pure_stats.median if PURE else _numpy_median
    mb, mv = median(b) if n else math.inf, median(v) if n else 0
    medians = (mb if math.isfinite(mb) else None, mv if math.isfinite(mv) else None)
    if n < 2 or not (math.isfinite(mb) and math.isfinite(mv)):
        return Comparison("game length", "length", n, *medians, None, None, None, test, TOO_FEW)
    if b == v:
        # Not one game's length changed: resampling would say "exactly 0", however few the
        # games. As for a share no game of which differs, the interval is the exact bound on
        # the share of games that could differ (a game that changes could change any amount).
        def unseen(level: float) -> list[float | None]:
            bound = exact_ci(0, n, level)[1]
            return [-bound, bound]

        why = "no game's length changed: the interval is the exact bound on how many could"
        return Comparison("game length", "length", n, *medians, 0.0, 1.0, unseen, test, why)
    if PURE:
        ratios = sorted(pure_stats.paired_bootstrap(b, v, _pure_ratio, RESAMPLES, seed))
    else:
        ratios = _scipy_ratios(b, v, seed)
    below, above = sum(1 for r in ratios if r <= 1), sum(1 for r in ratios if r >= 1)
    p = min(1.0, 2 * min(below, above) / RESAMPLES)

    def interval(level: float) -> list[float | None]:
        # The m-th smallest and m-th largest (m = ⌈(1 - level)·B/2⌉): the lower bound is
        # above 1 exactly when fewer than (1 - level)·B/2 resamples are at or below 1.
        m = max(1, math.ceil((1 - level) * RESAMPLES / 2))
        return [_relative(ratios[m - 1]), _relative(ratios[RESAMPLES - m])]

    return Comparison("game length", "length", n, *medians, mv / mb - 1, p, interval, test)


def _numpy_median(values: list[float]) -> float:
    import numpy as np

    return float(_median_at_cap(np.array(values, dtype=float)))


def _scipy_ratios(b: list[float], v: list[float], seed: int) -> list[float]:
    """SciPy's paired bootstrap of the ratio of medians, sorted."""
    import numpy as np
    from scipy import stats

    def ratio(x: Any, y: Any, axis: int = -1) -> Any:
        # A plain quotient, not a log ratio: division is correctly rounded everywhere, where
        # NumPy's vectorized log and expm1 differ in the last digit between CPUs and releases.
        with np.errstate(all="ignore"):
            found = _median_at_cap(y, axis) / _median_at_cap(x, axis)
        # both past the cap in a resample: no evidence (an infinite ratio stays infinite)
        return np.nan_to_num(found, nan=1.0, posinf=math.inf)

    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a median past the cap: infinite
        boot = stats.bootstrap(
            (np.array(b, dtype=float), np.array(v, dtype=float)),
            ratio,
            paired=True,
            vectorized=True,
            n_resamples=RESAMPLES,
            method="percentile",
            rng=np.random.default_rng(seed),
        )
    found: list[float] = np.sort(boot.bootstrap_distribution).tolist()
    return found


def _pure_ratio(x: list[float], y: list[float]) -> float:
    """`ratio` above for one resample: NaN (both medians past the cap) is 1, no evidence."""
    found = pure_stats.median(y) / pure_stats.median(x)
    return 1.0 if math.isnan(found) else found


def _relative(ratio: float) -> float | None:
    """A ratio of medians as a relative change (−0.17: 17% shorter); None past the cap (a
    resample's variant median infinite: unbounded)."""
    return None if ratio == math.inf else float(ratio) - 1.0


def compare(
    base: Sequence[GameResult], variant: Sequence[GameResult], players: int, seed: int = 0
) -> list[Comparison]:
    """Each measure of the variant against the base, game by game (same index, same seed)."""
    pairs = list(zip(base, variant, strict=True))
    out = [paired_length(base, variant, seed)]

    def share(measure: str, test: Callable[[GameResult], bool]) -> None:
        out.append(paired_share(measure, [test(b) for b, _ in pairs], [test(v) for _, v in pairs]))

    for seat in range(players):
        share(seat_label(seat), _wins_at(seat))
    share("unfinished", lambda r: not r.completed)
    return out


def _wins_at(seat: int) -> Callable[[GameResult], bool]:
    return lambda result: position_won(result) == seat


def holm(p_values: Sequence[float]) -> tuple[list[float], list[float]]:
    """Holm's step-down adjustment (written here: statsmodels is not a dependency, and SciPy's
    `false_discovery_control` is Benjamini-Hochberg's, which bounds a different error): each
    adjusted p-value, and the level of an interval that agrees with it. Sorted, the i-th
    smallest of m is compared with α/(m - i + 1); a rejected one's interval is at that level,
    every one not rejected at the level of the first step that failed, so an adjusted interval
    excludes 0 exactly when the adjusted p-value is below α."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    levels = [LEVEL] * m
    running = 0.0
    failed: float | None = None
    for step, i in enumerate(order):
        factor = m - step
        running = max(running, min(1.0, factor * p_values[i]))
        adjusted[i] = running
        if failed is None and running >= ALPHA:
            failed = 1 - ALPHA / factor
        levels[i] = failed if failed is not None else 1 - ALPHA / factor
    return adjusted, levels


def adjust(comparisons: Sequence[Sequence[Comparison]]) -> list[list[Figure]]:
    """Every variant's comparisons as figures, the tested ones adjusted together (Holm)."""
    tested = [(k, j) for k, part in enumerate(comparisons) for j, c in enumerate(part)]
    tested = [(k, j) for k, j in tested if comparisons[k][j].p_value is not None]
    adjusted, levels = holm([float(comparisons[k][j].p_value or 0) for k, j in tested])
    found = {kj: (a, lv) for kj, a, lv in zip(tested, adjusted, levels, strict=True)}
    return [
        [c.figure(*found.get((k, j), (None, None))) for j, c in enumerate(part)]
        for k, part in enumerate(comparisons)
    ]
