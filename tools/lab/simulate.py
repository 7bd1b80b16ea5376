"""`riskrules simulate`: complete games played by the built-in agents, every invariant checked
after every action, records written on request."""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from ... import load, load_sources
from ...engine.agents import AGENTS, prepare
from ...engine.game import Game
from ...engine.invariants import Watch
from ...engine.record import encode, header, to_json
from ...engine.rules import Rules
from ...engine.state import GameState
from ...grammar.limits import DEFAULT_MAX_ACTIONS

_RULES: dict[tuple[str, tuple[tuple[str, str], ...]], Rules] = {}


@dataclass
class GameResult:
    index: int
    completed: bool
    winner: str | None
    turns: int
    actions: int
    violation: str | None = None
    record: str | None = None  # the record's path, when one was written
    # What a balance study reads (seat numbers, players only in `order`):
    winner_seat: int | None = None
    order: tuple[int, ...] = ()  # the players' seats in turn order, the first player first
    eliminations: int = 0  # players and neutral armies knocked out
    holders: dict[str, int | None] | None = None  # each continent's holder at `observe_turn`


@dataclass
class Job:
    ruleset: str
    players: int
    seed: int
    index: int
    agent: str
    max_turns: int
    record_dir: str | None
    names: list[str] = field(default_factory=list)
    max_actions: int = DEFAULT_MAX_ACTIONS
    # The text of rules files that are not built-ins, by path: a ruleset made in memory (a
    # sweep) or read on this machine travels with the job to another process or machine.
    sources: tuple[tuple[str, str], ...] = ()
    observe_turn: int = 10


def rules_for(job: Job) -> Rules:
    """The job's rules, loaded once per process (per ruleset and sources)."""
    key = (job.ruleset, job.sources)
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = (
            load_sources(job.ruleset, dict(job.sources)) if job.sources else load(job.ruleset)
        )
    return found


def play(job: Job) -> GameResult:
    """One complete game (or one that reaches the turn or action limit), checked as it goes.

    It holds one state at a time: a record is written line by line as the game goes, and a game
    that breaks an invariant without a record wanted is played again from its seed (the games
    are deterministic) to write the record of what went wrong.
    """
    rules = rules_for(job)
    game = Game(rules)
    rng = random.Random(job.seed)
    agent = AGENTS[job.agent]
    names = job.names or [f"p{i + 1}" for i in range(job.players)]
    state = game.start(names)
    neutrals = [s.name for s in state.seats if s.neutral]
    out: TextIO | None = None
    path = None
    if job.record_dir is not None:
        folder = Path(job.record_dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = str(folder / f"game-{job.index + 1:04d}.jsonl")
        out = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed below, on every path
    problem = None
    count = 0
    watch = Watch(game)
    watch.check(state)
    holders: dict[str, int | None] | None = None
    order = tuple(game.rel.players(state))  # play begins with the first of them
    try:
        if out is not None:
            out.write(encode(header(rules.name, names, neutrals, job.seed)).decode() + "\n")
        while state.phase != "over" and state.turn <= job.max_turns and count < job.max_actions:
            action = agent(game, state, rng)
            if out is not None:
                out.write(encode(to_json(state, action)).decode() + "\n")
            state = game.apply(state, action)
            count += 1
            found = watch.check(state)
            if found:
                problem = f"after line {count + 1}: {'; '.join(found)}"
                break
            if holders is None and state.turn >= job.observe_turn:
                holders = continent_holders(game, state)
    finally:
        if out is not None:
            out.close()
    if problem is not None and path is None:
        again = replace(job, record_dir=tempfile.mkdtemp(prefix="riskrules-violation-"))
        path = play(again).record
    winner = state.seats[state.winner].name if state.winner is not None else None
    return GameResult(
        job.index,
        state.phase == "over",
        winner,
        state.turn,
        count,
        problem,
        path,
        winner_seat=state.winner,
        order=order,
        eliminations=len(state.eliminated),
        holders=holders,
    )


def continent_holders(game: Game, state: GameState) -> dict[str, int | None]:
    """Each continent's holder (None: no one holds all of it), in the board's order."""
    holders: dict[str, int | None] = dict.fromkeys(game.geo.continents)
    for seat in range(len(state.seats)):
        for continent in game.geo.held_continents(game.owned(state, seat)):
            holders[continent] = seat
    return holders


@dataclass
class Summary:
    ruleset: str
    players: int
    results: list[GameResult]
    elapsed: float

    def to_json(self) -> dict[str, object]:
        turns = [r.turns for r in self.results] or [0]
        winners = Counter(r.winner for r in self.results if r.winner is not None)
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "games": len(self.results),
            "completed": sum(1 for r in self.results if r.completed),
            "unfinished": sum(1 for r in self.results if not r.completed and not r.violation),
            "violations": [
                {"game": r.index + 1, "message": r.violation, "record": r.record}
                for r in self.results
                if r.violation
            ],
            "winners": dict(sorted(winners.items())),
            "turns": {"mean": round(statistics.fmean(turns), 1), "max": max(turns)},
            "actions": sum(r.actions for r in self.results),
            "elapsed_s": round(self.elapsed, 3),
            "games_per_s": round(len(self.results) / self.elapsed, 2) if self.elapsed else None,
        }


def jobs(
    ruleset: str,
    players: int,
    games: int,
    seed: int,
    agent: str,
    max_turns: int,
    record: str | None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> list[Job]:
    return [
        Job(ruleset, players, seed + i, i, agent, max_turns, record, max_actions=max_actions)
        for i in range(games)
    ]


def run(
    all_jobs: list[Job], workers: int, progress: object = None
) -> tuple[list[GameResult], float]:
    """Play the jobs, in this process or spread over `workers` processes."""
    start = time.perf_counter()
    results: list[GameResult] = []
    tick = getattr(progress, "update", None)
    if workers <= 1:
        for job in all_jobs:
            results.append(play(job))
            if tick:
                tick(1)
    else:
        import multiprocessing

        fork = os.name == "posix"
        context = multiprocessing.get_context("fork" if fork else "spawn")
        if fork:  # loaded once here, inherited by every worker instead of made in each
            for job in {(job.ruleset, job.sources): job for job in all_jobs}.values():
                prepare(rules_for(job))
        with context.Pool(workers) as pool:
            # Chunks of games per task, sixteen per worker: one game per task spends its time on
            # the pool's messages, a few large chunks leave a worker idle while the last runs.
            chunk = max(1, len(all_jobs) // (workers * 16))
            for result in pool.imap_unordered(play, all_jobs, chunksize=chunk):
                results.append(result)
                if tick:
                    tick(1)
    results.sort(key=lambda r: r.index)
    return results, time.perf_counter() - start
