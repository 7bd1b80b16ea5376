"""`riskrules ladder`: how strong each built-in agent is. Each rung plays the rung below it,
one of it against the others, its seat rotated game by game (every seat as often, the same
seeds in every seat); the weakest rung plays itself, as the baseline. `--matrix` plays every
rung so against every other (`matchups`): a whole matchup matrix, not only the rung below. A
rung's win share is of all its games (an unfinished game is not a win), with the exact
(Clopper-Pearson) interval and the exact binomial test against the fair share, both from
balance_stats: the interval is above the fair share exactly when the test says so."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .balance_stats import Figure, central_p, exact_ci
from .comparison import LEVEL
from .simulate import GameResult, Job, Plan, play_all


@dataclass(frozen=True)
class Rung:
    agent: str
    below: str  # the agent in every other seat (itself, for the baseline)


def rungs(ladder: Sequence[str]) -> list[Rung]:
    """The ladder's rungs, weakest first: the baseline against itself, then each against the
    one below."""
    return [Rung(ladder[0], ladder[0])] + [
        Rung(agent, ladder[k]) for k, agent in enumerate(ladder[1:])
    ]


def matchups(ladder: Sequence[str]) -> list[Rung]:
    """Every rung against every other, one in a seat against the other in the rest: the
    matrix's cells, row by row (the one in a seat) and column by column (the others)."""
    return [Rung(agent, other) for agent in ladder for other in ladder if other != agent]


def per_seat(games: int, players: int) -> int:
    """Games per seat of the rung's agent: `games` rounded up to a multiple of the players."""
    return math.ceil(games / players)


def plan_rung(
    rung: Rung,
    ruleset: str,
    players: int,
    games: int,
    seed: int,
    max_turns: int,
    sources: tuple[tuple[str, str], ...] = (),
) -> Plan:
    """The rung's games: for each seat, `per_seat` games (seeds `seed`, `seed + 1`, …) with the
    rung's agent in that seat and the rung below in the others."""
    templates = [
        Job(
            ruleset,
            players,
            seed,
            0,
            rung.below,
            max_turns,
            None,
            sources=sources,
            seats=tuple(rung.agent if s == seat else rung.below for s in range(players)),
        )
        for seat in range(players)
    ]
    return Plan(templates, per_seat(games, players))


def rung_figures(
    rung: Rung, results: Sequence[GameResult], players: int, per: int, elapsed: float
) -> Figure:
    """A rung's games (`per` games in each seat, plan_rung's): the share its agent won with
    the exact interval and the test against the fair share (1 / players), the unfinished
    games, and the games played a second."""
    n = len(results)
    won = sum(1 for r in results if r.completed and r.winner_seat == r.index // per)
    fair = 1 / players
    low, high = exact_ci(won, n, LEVEL) if n else (0.0, 1.0)
    unfinished = sum(1 for r in results if not r.completed)
    return {
        "agent": rung.agent,
        "against": rung.below,
        "games": n,
        "wins": won,
        "share": won / n if n else None,
        "ci": [low, high] if n else None,
        "fair_share": fair,
        "p_value": central_p(won, n, fair) if n else None,
        "beats_below": bool(n) and low > fair,
        "unfinished": unfinished,
        "turns_mean": sum(r.turns for r in results) / n if n else None,
        "elapsed_s": round(elapsed, 3),
        "games_per_s": round(n / elapsed, 2) if elapsed else None,
        "test": "exact binomial test against the fair share; Clopper-Pearson interval",
    }


def run_ladder(
    plans: Sequence[tuple[Rung, Plan]],
    players: int,
    workers: int,
    tick: Callable[[int], None] | None = None,
) -> list[Figure]:
    """Play each rung's games in turn (so that each rung's speed is its own) and its figures."""
    out = []
    for rung, plan in plans:
        start = time.perf_counter()
        results: list[GameResult] = []
        for result in _games(plan, workers):
            results.append(result)
            if tick is not None:
                tick(1)
        results.sort(key=lambda r: r.index)
        out.append(rung_figures(rung, results, players, plan.games, time.perf_counter() - start))
    return out


def _games(plan: Plan, workers: int) -> Iterator[GameResult]:
    yield from play_all(plan, workers)
