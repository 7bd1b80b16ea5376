"""The figures of a balance study, from the games' results: rates with Wilson intervals, game
lengths with quartiles, and each variant against the base game by game (the same seeds), with a
paired test for every difference. SciPy does the statistics; nothing here is a hand-written
distribution. SciPy is imported when a figure is first computed, not with this module: it costs
about a second of CPU that a study's start-up, its usage errors and its workers (they import the
simulator only) need not pay (issue 31)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from .simulate import GameResult

LEVEL = 0.95
Figure = dict[str, Any]  # JSON: what --format json prints


def _stats() -> Any:
    """`scipy.stats`, imported on the first figure computed (see above)."""
    from scipy import stats

    return stats


def wilson(count: int, total: int) -> list[float] | None:
    """The 95% Wilson interval of a rate (None for no trials)."""
    if total == 0:
        return None
    ci = _stats().binomtest(count, total).proportion_ci(LEVEL, method="wilson")
    return [float(ci.low), float(ci.high)]


def proportion(count: int, total: int) -> Figure:
    """`count` of `total`, as a rate with its 95% Wilson interval."""
    rate = count / total if total else None
    return {"count": count, "of": total, "rate": rate, "ci": wilson(count, total)}


def spread(values: Sequence[float]) -> Figure:
    """Mean (with its t interval), median, quartiles, least and most."""
    if not values:
        return {"n": 0, "mean": None, "ci": None, "median": None, "q1": None, "q3": None}
    n = len(values)
    mean = statistics.fmean(values)
    ci: list[float] | None = None
    if n > 1:
        sd = statistics.stdev(values)
        half = float(_stats().t.ppf((1 + LEVEL) / 2, n - 1)) * sd / math.sqrt(n)
        ci = [mean - half, mean + half]
    q1, median, q3 = statistics.quantiles(values, n=4) if n > 1 else [values[0]] * 3
    return {
        "n": n,
        "mean": mean,
        "ci": ci,
        "median": median,
        "q1": q1,
        "q3": q3,
        "min": min(values),
        "max": max(values),
    }


def seat_label(seat: int) -> str:
    """A place in the turn order (0: first), as the measures and tables name it."""
    return "first player wins" if seat == 0 else f"player {seat + 1} wins"


def position_won(result: GameResult) -> int | None:
    """The winner's place in the turn order (0: the player who went first), if any."""
    if result.winner_seat is None or result.winner_seat not in result.order:
        return None
    return result.order.index(result.winner_seat)


def ruleset_figures(name: str, results: Sequence[GameResult], players: int) -> Figure:
    """Everything a balance study reports about one ruleset's games."""
    n = len(results)
    finished = [r for r in results if r.completed]
    # Wins are shares of the finished games: an unfinished game (reported on its own) has no
    # winner, and counting it as everyone's loss would make every seat look weak.
    done = len(finished)
    places = [position_won(r) for r in finished]
    wins = [proportion(sum(1 for p in places if p == seat), done) for seat in range(players)]
    fair = 1 / players
    first_wins = sum(1 for p in places if p == 0)
    interval = wilson(first_wins, done)
    advantage = {
        "rate": first_wins / done if done else None,
        "fair_share": fair,
        "advantage": first_wins / done - fair if done else None,
        "ci": [c - fair for c in interval] if interval else None,
        "p_value": float(_stats().binomtest(first_wins, done, fair).pvalue) if done else None,
        "test": "exact binomial test against a fair share (finished games)",
    }
    continents: dict[str, Figure] = {}
    observed = [r for r in results if r.holders is not None]
    names = list(observed[0].holders or {}) if observed else []
    for continent in names:
        held = [r for r in observed if (r.holders or {}).get(continent) is not None]
        won = sum(1 for r in held if (r.holders or {})[continent] == r.winner_seat)
        continents[continent] = proportion(won, len(held))
    return {
        "name": name,
        "games": n,
        "completed": len(finished),
        "unfinished": proportion(n - len(finished), n),
        "violations": sum(1 for r in results if r.violation),
        "wins_by_seat": wins,
        "first_player": advantage,
        "turns": spread([r.turns for r in finished]),
        "actions": spread([r.actions for r in finished]),
        "eliminations": spread([r.eliminations for r in results]),
        "turns_by_game": [r.turns if r.completed else None for r in results],
        "continent_holder_wins": continents,
    }


# ------------------------------------------------------------------------- a variant vs the base


def paired_rate(base: Sequence[bool], variant: Sequence[bool]) -> Figure:
    """The difference of two rates over the same seeds: the variant's minus the base's, its
    95% interval (the paired normal interval), and McNemar's exact test on the discordant
    games."""
    n = len(base)
    only_base = sum(1 for b, v in zip(base, variant, strict=True) if b and not v)
    only_variant = sum(1 for b, v in zip(base, variant, strict=True) if v and not b)
    diff = (only_variant - only_base) / n if n else 0.0
    discordant = only_base + only_variant
    p = float(_stats().binomtest(only_base, discordant, 0.5).pvalue) if discordant else 1.0
    z = float(_stats().norm.ppf((1 + LEVEL) / 2))
    se = math.sqrt(max(discordant - (only_variant - only_base) ** 2 / n, 0.0)) / n if n else 0.0
    return {
        "base": sum(base) / n if n else None,
        "variant": sum(variant) / n if n else None,
        "difference": diff,
        "ci": [diff - z * se, diff + z * se],
        "p_value": p,
        "n": n,
        "test": "McNemar's exact test (paired by seed)",
    }


def paired_mean(base: Sequence[float], variant: Sequence[float]) -> Figure:
    """The difference of two means over the same seeds, with the paired t interval and test."""
    n = len(base)
    diffs = [v - b for b, v in zip(base, variant, strict=True)]
    out: Figure = {
        "base": statistics.fmean(base) if n else None,
        "variant": statistics.fmean(variant) if n else None,
        "difference": statistics.fmean(diffs) if n else None,
        "ci": None,
        "p_value": None,
        "n": n,
        "test": "paired t-test (by seed)",
    }
    if n < 2:
        return out
    if all(d == diffs[0] for d in diffs):  # no spread: the test is undefined, the answer plain
        out["ci"] = [diffs[0], diffs[0]]
        out["p_value"] = 1.0 if diffs[0] == 0 else 0.0
        return out
    test = _stats().ttest_rel(variant, base)
    interval = test.confidence_interval(LEVEL)
    out["ci"] = [float(interval.low), float(interval.high)]
    out["p_value"] = float(test.pvalue)
    return out


def compare(
    base: Sequence[GameResult], variant: Sequence[GameResult], players: int
) -> list[Figure]:
    """Each measure of the variant against the base, game by game (same index, same seed)."""
    pairs = list(zip(base, variant, strict=True))
    out: list[Figure] = []

    def rate(measure: str, test: Callable[[GameResult], bool]) -> None:
        figure = paired_rate([test(b) for b, _ in pairs], [test(v) for _, v in pairs])
        out.append({"measure": measure, "kind": "rate", **figure})

    def mean(measure: str, value: Callable[[GameResult], float], finished: bool) -> None:
        chosen = [(b, v) for b, v in pairs if not finished or (b.completed and v.completed)]
        figure = paired_mean([value(b) for b, _ in chosen], [value(v) for _, v in chosen])
        out.append({"measure": measure, "kind": "mean", **figure})

    mean("turns", lambda r: r.turns, finished=True)
    mean("actions", lambda r: r.actions, finished=True)
    for seat in range(players):
        rate(seat_label(seat), _wins_at(seat))
    rate("unfinished", lambda r: not r.completed)
    mean("eliminations", lambda r: r.eliminations, finished=False)
    return out


def _wins_at(seat: int) -> Callable[[GameResult], bool]:
    return lambda result: position_won(result) == seat
