"""`riskrules balance`: what a house rule does to the game. Every ruleset plays the same seeds
(common random numbers), so a difference comes from the rules, not the dice; the games run in
this process, in a pool of processes, or on a Dask cluster, with the same results for the same
seed whichever runs them."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ...grammar.library import Workspace
from ...grammar.resolve import EffectiveRuleset
from .balance_stats import Figure, compare, ruleset_figures
from .simulate import GameResult, Job, play, run


@dataclass(frozen=True)
class Arm:
    """One ruleset of a study: its name and the text of each file of its chain that is not a
    built-in (so that another process or machine loads exactly what was checked here)."""

    name: str
    sources: tuple[tuple[str, str], ...] = ()
    label: str = ""  # how tables name it (a sweep's point: its settings); the name by default

    @property
    def shown(self) -> str:
        return self.label or self.name


def arm(
    ws: Workspace, eff: EffectiveRuleset, texts: dict[str, str] | None = None, label: str = ""
) -> Arm:
    """The arm for a checked ruleset; `texts` holds files that live only in memory (a sweep)."""
    from ...engine.rules import RulesError
    from ...grammar.reader import source_text

    texts = texts or {}
    sources = []
    for name in eff.chain:
        path = ws.index.rulesets[name].span.file
        if path in ws.builtin:
            continue
        text = texts.get(path)
        if text is None:
            text, problem = source_text(path)
            if text is None:
                raise RulesError(problem.message if problem else f"cannot read {path}")
        sources.append((path, text))
    return Arm(eff.name, tuple(dict.fromkeys(sources)), label)


@dataclass(frozen=True)
class Settings:
    players: int
    games: int
    seed: int = 1
    agent: str = "aggressive"
    max_turns: int = 500
    max_actions: int = 200_000
    observe_turn: int = 10


def jobs_for(arms: Sequence[Arm], settings: Settings) -> list[Job]:
    """Every game of every arm; game i of each arm has seed `seed + i`."""
    return [
        Job(
            a.name,
            settings.players,
            settings.seed + i,
            k * settings.games + i,
            settings.agent,
            settings.max_turns,
            None,
            max_actions=settings.max_actions,
            sources=a.sources,
            observe_turn=settings.observe_turn,
        )
        for k, a in enumerate(arms)
        for i in range(settings.games)
    ]


def play_batch(batch: list[Job]) -> list[GameResult]:
    """Several games in one task: what a cluster worker runs (one game per task would spend
    the time on scheduling)."""
    return [play(job) for job in batch]


class ClusterError(Exception):
    """The Dask scheduler cannot be used (not installed, not reachable)."""


def run_on_cluster(
    todo: list[Job], address: str, batch: int, timeout: float = 20.0
) -> tuple[list[GameResult], float]:
    """The games on an existing Dask distributed cluster, `batch` games per task."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask distributed: pip install 'riskrules[cluster]'"
        ) from None
    start = time.perf_counter()
    try:
        client = Client(address, timeout=timeout)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    with client:
        batches = [todo[i : i + batch] for i in range(0, len(todo), batch)]
        futures = client.map(play_batch, batches, pure=False)
        results = [r for part in client.gather(futures) for r in part]  # type: ignore[no-untyped-call]
    results.sort(key=lambda r: r.index)
    return results, time.perf_counter() - start


def study(
    arms: Sequence[Arm],
    settings: Settings,
    workers: int = 1,
    scheduler: str | None = None,
    batch: int = 25,
    progress: object = None,
) -> Figure:
    """Play every arm and compare each to the first (the base): the whole study as figures."""
    todo = jobs_for(arms, settings)
    if scheduler is not None:
        results, elapsed = run_on_cluster(todo, scheduler, batch)
    else:
        results, elapsed = run(todo, workers, progress)
    games = settings.games
    by_arm = [results[k * games : (k + 1) * games] for k in range(len(arms))]
    base = by_arm[0]
    return {
        "players": settings.players,
        "games": games,
        "seeds": [settings.seed, settings.seed + games - 1],
        "agent": settings.agent,
        "max_turns": settings.max_turns,
        "observe_turn": settings.observe_turn,
        "elapsed_s": round(elapsed, 3),
        "games_per_s": round(len(results) / elapsed, 2) if elapsed else None,
        "rulesets": [
            {"ruleset": a.name} | ruleset_figures(a.shown, part, settings.players)
            for a, part in zip(arms, by_arm, strict=True)
        ],
        "differences": [
            {
                "base": arms[0].shown,
                "variant": a.shown,
                "measures": compare(base, part, settings.players),
            }
            for a, part in zip(arms[1:], by_arm[1:], strict=True)
        ],
    }
