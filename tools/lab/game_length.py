"""How a study compares game length: the restricted mean, in turns, paired by seed.

Each game counts its turns up to a horizon τ: the cap on turns, or the earliest turn at which
a game of the study was stopped unfinished for another reason (its action limit), so that
every game's length up to τ is known; a game still going at τ counts τ. The mean of these is
the restricted mean survival time at τ (the area under the Kaplan-Meier curve up to τ): it
uses the whole distribution, the long duels included, where a median of whole turns moves in
lumps and ignores the tail (why it replaced the ratio of medians: docs/lab.md). A variant's
effect is the ratio of its restricted mean to the base's, minus one; the test is the paired
t-test of the log of that ratio (the delta method over the seeds, so that the same seed's two
games are compared), and the interval at any level the inversion of that test: the interval
excludes no change exactly when the p-value is below one minus its level.

Whether an effect depends on the players' strength is a test of the difference between two
strengths' effects (their log ratios, or their differences in points), over the same seeds.

SciPy gives Student's t where it can be installed; in the web page (no SciPy) pure_stats.py
gives the same figures (tests/test_pure_stats.py checks them against SciPy)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from . import pure_stats
from .comparison import Comparison
from .simulate import GameResult

TOO_FEW = "too few finished games"
TEST = "paired t-test of the ratio of mean lengths up to the cap (restricted mean)"
CONTRAST_LENGTH = "t-test of the difference between the two strengths' ratios (same seeds)"
CONTRAST_SHARE = "t-test of the difference between the two strengths' differences (same seeds)"


def horizon(results: Iterable[GameResult], cap: int) -> int:
    """τ: the cap, or the earliest turn at which a game was stopped unfinished before it (a
    game that broke an invariant is not a game's length, and is reported on its own)."""
    stops = [r.turns for r in results if not r.completed and not r.violation]
    return max(1, min([cap, *stops]))


def restricted(results: Sequence[GameResult], tau: int) -> list[float]:
    """Each game's turns up to τ (a game still going at τ: τ)."""
    return [float(min(r.turns, tau)) for r in results]


def restricted_mean(results: Sequence[GameResult], tau: int) -> float | None:
    found = restricted(results, tau)
    return sum(found) / len(found) if found else None


# ------------------------------------------------------------------------------ Student's t


def t_sf(x: float, df: int) -> float:
    """P(T > x) for Student's t with `df` degrees of freedom."""
    if pure_stats.PURE:
        return pure_stats.t_sf(x, df)
    from scipy import stats

    return float(stats.t.sf(x, df))


def t_ppf(q: float, df: int) -> float:
    """The q-quantile of Student's t with `df` degrees of freedom."""
    if pure_stats.PURE:
        return pure_stats.t_ppf(q, df)
    from scipy import stats

    return float(stats.t.ppf(q, df))


# ------------------------------------------------------------------------------ the tests


def _t_test(estimate: float, se: float, n: int) -> tuple[float, float]:
    """The two-sided p-value of estimate/se on n - 1 degrees of freedom, and that t."""
    if se == 0.0:
        return (1.0 if estimate == 0.0 else 0.0), math.inf
    t = estimate / se
    return min(1.0, 2.0 * t_sf(abs(t), n - 1)), t


def _spread(values: Sequence[float]) -> tuple[float, float]:
    """The mean of `values` and the standard error of that mean."""
    n = len(values)
    mean = math.fsum(values) / n
    var = math.fsum((x - mean) ** 2 for x in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _log_ratio_terms(base: Sequence[float], variant: Sequence[float]) -> tuple[float, list[float]]:
    """log(mean(variant) / mean(base)) and each seed's term of it (the delta method: its
    influence, whose mean is 0 and whose spread gives the estimate's standard error)."""
    mb = math.fsum(base) / len(base)
    mv = math.fsum(variant) / len(variant)
    terms = [(v - mv) / mv - (b - mb) / mb for b, v in zip(base, variant, strict=True)]
    return math.log(mv / mb), terms


def _exact_bound(n: int, level: float) -> float:
    """The exact upper bound on a share never seen in n games (Clopper-Pearson: k = 0)."""
    return 1.0 - float(((1.0 - level) / 2.0) ** (1.0 / n))


def paired_length(
    base: Sequence[GameResult], variant: Sequence[GameResult], tau: int
) -> Comparison:
    """How much longer the variant's games are: its restricted mean in turns over the base's,
    minus one (−0.17: 17% shorter), tested by the paired t-test of the log ratio."""
    n = len(base)
    b, v = restricted(base, tau), restricted(variant, tau)
    means = (sum(b) / n if n else None, sum(v) / n if n else None)
    extra = {"horizon": tau}
    if n < 2:
        return Comparison(
            "game length", "length", n, *means, None, None, None, TEST, TOO_FEW, extra, True
        )
    if all(x == tau for x in (*b, *v)):  # every game still going at τ: nothing to compare
        return Comparison(
            "game length", "length", n, *means, None, None, None, TEST, TOO_FEW, extra, True
        )
    if b == v:
        # Not one game's length changed: the interval is the exact bound on the share of games
        # that could differ (a game that changes could change any amount).
        def unseen(level: float) -> list[float | None]:
            bound = _exact_bound(n, level)
            return [-bound, bound]

        why = "no game's length changed: the interval is the exact bound on how many could"
        return Comparison(
            "game length", "length", n, *means, 0.0, 1.0, unseen, TEST, why, extra, True
        )
    estimate, terms = _log_ratio_terms(b, v)
    se = math.sqrt(math.fsum(x * x for x in terms) / (n * (n - 1)))
    p, _t = _t_test(estimate, se, n)

    def interval(level: float) -> list[float | None]:
        q = t_ppf(1.0 - (1.0 - level) / 2.0, n - 1)
        return [_ratio(estimate - q * se), _ratio(estimate + q * se)]

    found = math.expm1(estimate)
    return Comparison(
        "game length", "length", n, *means, found, p, interval, TEST, None, extra, True
    )


def length_contrast(
    first: tuple[Sequence[GameResult], Sequence[GameResult]],
    other: tuple[Sequence[GameResult], Sequence[GameResult]],
    tau: int,
) -> Comparison:
    """Whether a variant changes game length differently under another strength of players:
    the other strength's ratio over the first's, minus one, tested over the same seeds. `base`
    and `variant` hold the two strengths' effects (the first's, the other's)."""
    n = len(first[0])
    fb, fv = restricted(first[0], tau), restricted(first[1], tau)
    ob, ov = restricted(other[0], tau), restricted(other[1], tau)
    if n < 2 or all(x == tau for x in (*fb, *fv, *ob, *ov)):
        return Comparison(
            "game length", "length", n, None, None, None, None, None, CONTRAST_LENGTH, TOO_FEW
        )
    est_f, terms_f = _log_ratio_terms(fb, fv)
    est_o, terms_o = _log_ratio_terms(ob, ov)
    estimate = est_o - est_f
    terms = [o - f for f, o in zip(terms_f, terms_o, strict=True)]
    se = math.sqrt(math.fsum(x * x for x in terms) / (n * (n - 1)))
    p, _t = _t_test(estimate, se, n)

    def interval(level: float) -> list[float | None]:
        q = t_ppf(1.0 - (1.0 - level) / 2.0, n - 1)
        return [_ratio(estimate - q * se), _ratio(estimate + q * se)]

    effects = (math.expm1(est_f), math.expm1(est_o))
    return Comparison(
        "game length",
        "length",
        n,
        *effects,
        math.expm1(estimate),
        p,
        interval,
        CONTRAST_LENGTH,
    )


def share_contrast(
    measure: str,
    first: tuple[Sequence[bool], Sequence[bool]],
    other: tuple[Sequence[bool], Sequence[bool]],
) -> Comparison:
    """Whether a variant changes a share differently under another strength of players: the
    other strength's difference minus the first's, in points of all games, tested over the
    same seeds (each seed's two differences, a whole number from −2 to 2)."""
    n = len(first[0])
    diffs = [
        (int(ov) - int(ob)) - (int(fv) - int(fb))
        for fb, fv, ob, ov in zip(first[0], first[1], other[0], other[1], strict=True)
    ]
    if n < 2:
        return Comparison(
            measure, "share", n, None, None, None, None, None, CONTRAST_SHARE, TOO_FEW
        )
    effects = (
        (sum(first[1]) - sum(first[0])) / n,
        (sum(other[1]) - sum(other[0])) / n,
    )
    if not any(diffs):

        def unseen(level: float) -> list[float | None]:
            bound = 2.0 * _exact_bound(n, level)
            return [-bound, bound]

        why = "no seed's difference changed: the interval is the exact bound on how many could"
        return Comparison(measure, "share", n, *effects, 0.0, 1.0, unseen, CONTRAST_SHARE, why)
    mean, se = _spread(diffs)
    p, _t = _t_test(mean, se, n)

    def interval(level: float) -> list[float | None]:
        q = t_ppf(1.0 - (1.0 - level) / 2.0, n - 1)
        return [mean - q * se, mean + q * se]

    return Comparison(measure, "share", n, *effects, mean, p, interval, CONTRAST_SHARE)


def _ratio(log_ratio: float) -> float:
    """A log ratio as a relative change; past what a float holds (a tiny study's interval at a
    strict level: its t quantile is huge), an unbounded end, which the verdicts say in words."""
    return math.expm1(log_ratio) if log_ratio < 700.0 else math.inf
