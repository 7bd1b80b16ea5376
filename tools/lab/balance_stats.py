"""The figures of a balance study, from the games' results. SciPy does the statistics; nothing
here is a hand-written distribution. NumPy and SciPy are imported by the functions that compute,
when first called, not with this module: importing them costs about a second of CPU that a
study's start-up, its usage errors and its workers (they import the simulator only) need not pay
(issue 31).

One definition per figure:
- a share is of all games, "unfinished" (still going at the cap) being an outcome of its own
  beside each place in the turn order winning; the shares of a ruleset add up to one;
- game length is a survival measure: an unfinished game is censored at the turn it reached,
  not dropped (SciPy's `ecdf` of `CensoredData`), shown as Kaplan-Meier medians (the one median
  there is) with intervals and as curves; a median that more than half the games did not reach
  is "too few finished games", not a number; lengths are compared by their restricted means
  (game_length.py), which use every game;
- each interval is the inversion of the test its p-value comes from, at any level (McNemar's
  exact test for a share, the paired t-test of the log ratio for length), so "p < 0.05" and
  "the 95% interval excludes 0" say the same, and so do the adjusted p-value and interval;
- the p-values of a study's comparisons (every variant, every measure, every strength, and
  whether each effect depends on the strength) are one family, adjusted together (family.py);
  a figure that cannot vary (eliminations in a finished game, always one fewer than the
  players) is not compared at all; one that did not vary in these games is, with the exact
  bound on how often it could have.
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from . import pure_stats
from .comparison import LEVEL, Comparison, Measure
from .family import ALPHA, weighted_holm, weights
from .figures import Fairness, Length, MeanLength, RulesetFigures, SeatShare, Share
from .game_length import length_contrast, paired_length, restricted_mean, share_contrast
from .simulate import GameResult

MIN_PER_SEAT = 5  # finished games per seat the fairness test (chi-square) needs
Figure = dict[str, Any]  # JSON: what --format json prints
TOO_FEW = "too few finished games"


def wilson(count: int, total: int) -> tuple[float, float] | None:
    """The 95% Wilson interval of a share (None for no games): a share on its own, no test."""
    if total == 0:
        return None
    if pure_stats.PURE:
        low, high = pure_stats.wilson_interval(count, total, LEVEL)
        return (low, high)
    from scipy import stats

    ci = stats.binomtest(count, total).proportion_ci(LEVEL, method="wilson")
    return (float(ci.low), float(ci.high))


def proportion(count: int, total: int) -> Share:
    """`count` of `total`, as a share with its 95% Wilson interval."""
    return Share(count, total, count / total if total else None, wilson(count, total))


def central_p(k: int, n: int, p: float) -> float:
    """The two-sided exact binomial p-value that the Clopper-Pearson interval inverts: twice
    the smaller tail (SciPy's `binomtest` sums the outcomes as unlikely instead, which the
    exact interval does not invert, so the two could disagree)."""
    if n == 0:
        return 1.0
    if pure_stats.PURE:
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
    if pure_stats.PURE:
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


def survival(lengths: Sequence[int], finished: Sequence[bool]) -> Length:
    """Game length as a survival curve: finished games end at their length, unfinished ones
    are censored at theirs (still going). The median (the first length by which half the
    games are over) with the 95% interval read off the curve's pointwise interval (None
    above: beyond the longest game seen), and the curve itself as (length, share going on)."""
    done = [t for t, f in zip(lengths, finished, strict=True) if f]
    going = [t for t, f in zip(lengths, finished, strict=True) if not f]
    out = Length(len(done), len(going), None, None, (), TOO_FEW)
    if not done:
        return out
    times, curve, low, high = (_pure_curve if pure_stats.PURE else _scipy_curve)(done, going)

    def first_at_half(values: list[float]) -> float | None:
        return next((float(times[i]) for i, x in enumerate(values) if x <= 0.5), None)

    shown = tuple((float(t), round(float(c), 6)) for t, c in zip(times, curve, strict=True))
    out = dataclasses.replace(out, curve=shown)
    median = first_at_half(curve)
    if median is None:
        return out
    bounds = (first_at_half(low), first_at_half(high))
    return dataclasses.replace(out, median=median, note=None, ci=bounds)


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


def ruleset_figures(
    name: str,
    results: Sequence[GameResult],
    players: int,
    tau: int,
    ruleset: str = "",
    receipt: str = "",
) -> RulesetFigures:
    """Everything a balance study reports about one ruleset's games, each share of all games
    (`ruleset`: its name, `name` as tables show it, `receipt` its text's hash); the mean length
    counts every game up to turn τ (game_length.horizon)."""

    n = len(results)
    finished = [r for r in results if r.completed]
    done = len(finished)
    places = [position_won(r) for r in finished]
    wins = tuple(proportion(sum(1 for p in places if p == seat), n) for seat in range(players))
    test = "chi-square test that every place in the turn order wins as often (finished games)"
    fairness = Fairness(test, done, None, TOO_FEW)
    if done >= MIN_PER_SEAT * players:
        counts = [sum(1 for p in places if p == seat) for seat in range(players)]
        fairness = Fairness(test, done, chisquare_p(counts), None)
    continents: dict[str, Share] = {}
    observed = [r for r in results if r.holders is not None]
    names = list(observed[0].holders or {}) if observed else []
    for continent in names:
        held = [r for r in observed if (r.holders or {}).get(continent) is not None]
        won = sum(1 for r in held if (r.holders or {})[continent] == r.winner_seat)
        continents[continent] = proportion(won, len(held))
    ended = [r.completed for r in results]
    return RulesetFigures(
        ruleset or name,
        receipt,
        name,
        n,
        done,
        proportion(n - done, n),
        sum(1 for r in results if r.violation),
        wins,
        fairness,
        seat_share(places, 0, n, players),
        seat_share(places, players - 1, n, players),
        # An unfinished game is censored at the turn it reached (the cap's: the cap).
        survival([r.turns for r in results], ended),
        MeanLength(tau, restricted_mean(results, tau)),
        survival([r.rounds for r in results], ended),
        continents,
    )


def chisquare_p(counts: list[int]) -> float:
    """The chi-square test's p-value that every count is equally likely (SciPy's chisquare)."""
    if pure_stats.PURE:
        mean = sum(counts) / len(counts)
        statistic = sum((c - mean) ** 2 / mean for c in counts)
        return pure_stats.chi2_sf(statistic, len(counts) - 1)
    from scipy import stats

    return float(stats.chisquare(counts).pvalue)


def seat_share(places: Sequence[int | None], seat: int, games: int, players: int) -> SeatShare:
    """One place's wins against its fair share, in points of all games: the fair share is the
    finished games' share split evenly; the exact binomial test (given the finished games) and
    the interval that inverts it."""
    done = len(places)
    won = sum(1 for p in places if p == seat)
    test = "exact binomial test against a fair share of the finished games"
    share = won / games if games else None
    fair_share = done / players / games if games else None
    if not done:
        return SeatShare(seat + 1, share, fair_share, None, None, None, TOO_FEW, test)
    low, high = exact_ci(won, done, LEVEL)
    fair = done / players
    ci = ((low * done - fair) / games, (high * done - fair) / games)
    p = central_p(won, done, 1 / players)
    return SeatShare(seat + 1, share, fair_share, (won - fair) / games, ci, p, None, test)


# --------------------------------------------------------------------------- a variant vs the base


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


def compare(
    base: Sequence[GameResult], variant: Sequence[GameResult], players: int, tau: int
) -> list[Comparison]:
    """Each measure of the variant against the base, game by game (same index, same seed);
    game length up to the horizon τ (game_length.horizon)."""
    pairs = list(zip(base, variant, strict=True))
    out = [paired_length(base, variant, tau)]

    def share(measure: str, test: Callable[[GameResult], bool]) -> None:
        out.append(paired_share(measure, [test(b) for b, _ in pairs], [test(v) for _, v in pairs]))

    for seat in range(players):
        share(seat_label(seat), _wins_at(seat))
    share("unfinished", lambda r: not r.completed)
    return out


def contrast(
    first: tuple[Sequence[GameResult], Sequence[GameResult]],
    other: tuple[Sequence[GameResult], Sequence[GameResult]],
    players: int,
    tau: int,
) -> list[Comparison]:
    """Whether each effect of a variant (game length, each place's wins) differs between two
    strengths of players, over the same seeds: the other strength's effect minus the first's."""
    out = [length_contrast(first, other, tau)]
    for seat in range(players):
        wins = _wins_at(seat)
        out.append(
            share_contrast(
                seat_label(seat),
                ([wins(r) for r in first[0]], [wins(r) for r in first[1]]),
                ([wins(r) for r in other[0]], [wins(r) for r in other[1]]),
            )
        )
    return out


def _wins_at(seat: int) -> Callable[[GameResult], bool]:
    return lambda result: position_won(result) == seat


def holm(p_values: Sequence[float]) -> tuple[list[float], list[float]]:
    """Holm's step-down adjustment, every comparison weighed alike (family.weighted_holm):
    each adjusted p-value, and the level of an interval that agrees with it."""
    m = len(p_values)
    return weighted_holm(p_values, [1.0 / m] * m)


def adjust(
    comparisons: Sequence[Sequence[Comparison]], alpha: float = ALPHA
) -> list[list[Measure]]:
    """Every part's comparisons as figures, the tested ones adjusted together (the weighted
    Holm procedure: the headline comparisons first, family.py). `alpha`: the share of α these
    comparisons may spend (a look of a study in stages, stages.py; α itself otherwise): the
    intervals are at the levels that agree with it, and each adjusted p-value is multiplied
    by α / alpha (Bonferroni over the looks), so that it is below α exactly when the
    comparison is clear at this look."""
    tested = [(k, j) for k, part in enumerate(comparisons) for j, c in enumerate(part)]
    tested = [(k, j) for k, j in tested if comparisons[k][j].p_value is not None]
    heads = [comparisons[k][j].headline for k, j in tested]
    adjusted, levels = weighted_holm(
        [float(comparisons[k][j].p_value or 0) for k, j in tested], weights(heads), alpha
    )
    if alpha != ALPHA:
        adjusted = [min(1.0, a * ALPHA / alpha) for a in adjusted]
    found = {kj: (a, lv) for kj, a, lv in zip(tested, adjusted, levels, strict=True)}
    return [
        [c.adjusted(*found.get((k, j), (None, None))) for j, c in enumerate(part)]
        for k, part in enumerate(comparisons)
    ]
