"""`riskrules simulate`: complete games played by the built-in agents, every invariant checked
after every action, records written on request."""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.context
import os
import pickle
import random
import signal
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from typing import TextIO, overload

from ... import load, load_sources
from ...engine.actions import Attack, Trade
from ...engine.agents import prepare
from ...engine.game import Game
from ...engine.invariants import Watch
from ...engine.players import AGENTS
from ...engine.record import encode, header, to_json
from ...engine.rules import Rules
from ...engine.state import GameState
from ...grammar.limits import DEFAULT_MAX_ACTIONS
from ...grammar.receipt import receipt
from ..shared import safewrite
from ..shared.lifetime import end_with_parent

_RULES: dict[tuple[str, tuple[tuple[str, str], ...]], Rules] = {}


@dataclass(slots=True)
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
    # What balance.json keeps of every game (so that every figure can be recomputed from it):
    seed: int = 0
    rounds: int = 0  # rounds begun: a round is every player's turn once, the first player first
    eliminated_at: tuple[tuple[int, int], ...] = ()  # (seat, turn) as each was knocked out
    agents: tuple[str, ...] = ()  # the agent in each player's seat (seat numbers)
    trades: int = 0  # sets of cards traded in, by every player
    conquests: int = 0  # territories conquered


@dataclass(slots=True)
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
    # The agent in each player's seat, by seat number (the order of `names`); empty: `agent`
    # in every seat. A neutral army that acts is played by `agent`.
    seats: tuple[str, ...] = ()

    def seated(self) -> tuple[str, ...]:
        """The agent of each player's seat."""
        return self.seats or (self.agent,) * self.players


def rules_for(job: Job) -> Rules:
    """The job's rules, loaded once per process (per ruleset and sources)."""
    key = (job.ruleset, job.sources)
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = (
            load_sources(job.ruleset, dict(job.sources)) if job.sources else load(job.ruleset)
        )
    return found


@dataclass(slots=True)
class _Course:
    """What a game's course shows besides its last position, counted as it is played: the
    rounds begun, who was knocked out when, the trades and conquests, the continents' holders
    at the turn observed."""

    order: tuple[int, ...]  # the players' seats in turn order: play begins with the first
    place: int  # the place in the order of the last turn's player
    rounds: int = 0
    began: bool = False  # whether the last turn to begin began a round
    eliminated: list[tuple[int, int]] = field(default_factory=list)
    trades: int = 0
    conquests: int = 0
    holders: dict[str, int | None] | None = None

    def turn_begins(self, seat: int) -> None:
        now = self.order.index(seat)
        self.began = now <= self.place  # back to (or past) the first player: a new round
        self.rounds += self.began
        self.place = now

    def knocked_out(self, seen: frozenset[int], turn: int) -> None:
        if len(seen) > len(self.eliminated):
            known = {seat for seat, _ in self.eliminated}
            self.eliminated.extend((s, turn) for s in sorted(seen - known))


def play(job: Job, on_turn: Callable[[int], None] | None = None) -> GameResult:
    """One complete game (or one that reaches the turn or action limit), checked as it goes;
    `on_turn(turn)` as each turn begins (a long game's progress, played in this process).

    It holds one state at a time: a record is written line by line as the game goes, and a game
    that breaks an invariant without a record wanted is played again from its seed (the games
    are deterministic) to write the record of what went wrong.
    """
    rules = rules_for(job)
    game = Game(rules)
    names = job.names or [f"p{i + 1}" for i in range(job.players)]
    state = game.start(names)
    order = tuple(game.rel.players(state))
    course = _Course(order, len(order))
    path = None
    with contextlib.ExitStack() as written:  # the record, put in place on every path (safewrite)
        out = None
        if job.record_dir is not None:
            path = str(safewrite.folder(job.record_dir) / f"game-{job.index + 1:04d}.jsonl")
            out = written.enter_context(safewrite.open_text(path))
            agents = list(job.seated()) if job.seats else []
            neutrals = [s.name for s in state.seats if s.neutral]
            line = header(rules.name, names, neutrals, job.seed, agents, receipt(rules))
            out.write(encode(line).decode() + "\n")
        state, count, problem = _moves(job, game, state, course, out, on_turn)
    if problem is not None and path is None:
        again = replace(job, record_dir=tempfile.mkdtemp(prefix="riskrules-violation-"))
        path = play(again).record
    return _result(job, state, course, count, problem, path)


def _moves(
    job: Job,
    game: Game,
    state: GameState,
    course: _Course,
    out: TextIO | None,
    on_turn: Callable[[int], None] | None,
) -> tuple[GameState, int, str | None]:
    """The game played from `state` to its end or a limit, each action written to `out` (if
    any) and checked: (the last position, the actions taken, what went wrong or None)."""
    rng = random.Random(job.seed)
    seated = job.seated()
    by_seat = [AGENTS[name] for name in seated]
    default = AGENTS[job.agent]
    watch = Watch(game)
    watch.check(state)
    count = 0
    max_turns, max_actions, observe_turn = job.max_turns, job.max_actions, job.observe_turn
    seen = state.eliminated  # the set of eliminated seats last looked at
    order = course.order
    apply, check = game.apply, watch.check
    while state.phase != "over" and state.turn <= max_turns and count < max_actions:
        seat = state.current
        action = (by_seat[seat] if seat < len(by_seat) else default)(game, state, rng)
        if out is not None:
            out.write(encode(to_json(state, action)).decode() + "\n")
        turn = state.turn
        state = apply(state, action)
        count += 1
        # The agents' actions are these very classes: compared by identity, as an
        # isinstance test that fails costs the Python engine a lookup of __class__.
        kind = type(action)
        if kind is Trade:
            course.trades += 1
        elif kind is Attack and state.pending is not None:
            course.conquests += 1  # the territory emptied: a conquest to move into
        if state.turn != turn and state.current in order:  # a turn begins
            course.turn_begins(state.current)
            if on_turn is not None:
                on_turn(state.turn)
        if state.eliminated is not seen:  # a state keeps the very set until someone goes
            seen = state.eliminated
            course.knocked_out(seen, state.turn)
        found = check(state)
        if found:
            return state, count, f"after line {count + 1}: {'; '.join(found)}"
        if course.holders is None and state.turn >= observe_turn:
            course.holders = continent_holders(game, state)
    return state, count, None


def _result(
    job: Job, state: GameState, course: _Course, count: int, problem: str | None, path: str | None
) -> GameResult:
    winner = state.seats[state.winner].name if state.winner is not None else None
    # Stopped at the turn limit, the game has just begun the turn past it and played none of it.
    played, rounds = state.turn, course.rounds
    if state.phase != "over" and state.turn > job.max_turns:
        played -= 1
        rounds -= course.began  # nor of the round that turn began
    return GameResult(
        job.index,
        state.phase == "over",
        winner,
        played,
        count,
        problem,
        path,
        winner_seat=state.winner,
        order=course.order,
        eliminations=len(state.eliminated),
        holders=course.holders,
        seed=job.seed,
        rounds=rounds,
        eliminated_at=tuple(course.eliminated),
        agents=job.seated(),
        trades=course.trades,
        conquests=course.conquests,
    )


def play_batch(batch: list[Job]) -> list[GameResult]:
    """Several games in one task: what a Dask worker runs (one game per task would spend the
    time on scheduling). It lives here, not with the study, so that a worker imports the
    simulator and the engine, not the study's statistics (SciPy)."""
    return [play(job) for job in batch]


def continent_holders(game: Game, state: GameState) -> dict[str, int | None]:
    """Each continent's holder (None: no one holds all of it), in the board's order."""
    holders: dict[str, int | None] = dict.fromkeys(game.geo.continents)
    for seat in range(len(state.seats)):
        for continent in game.geo.held_continents(game.owned(state, seat)):
            holders[continent] = seat
    return holders


@dataclass(slots=True)
class Summary:
    """What `simulate` reports, gathered game by game as the results come (so that it holds
    one result at a time, however many games are played): the games that broke an invariant
    are the only ones kept."""

    ruleset: str
    players: int
    elapsed: float = 0.0
    games: int = 0
    completed: int = 0
    unfinished: int = 0
    broken: list[GameResult] = field(default_factory=list)
    winners: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    most_turns: int = 0
    actions: int = 0

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.completed += result.completed
        self.unfinished += not result.completed and not result.violation
        if result.violation:
            self.broken.append(result)
        if result.winner is not None:
            self.winners[result.winner] += 1
        self.turns += result.turns
        self.most_turns = max(self.most_turns, result.turns)
        self.actions += result.actions

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "games": self.games,
            "completed": self.completed,
            "unfinished": self.unfinished,
            "violations": [
                {"game": r.index + 1, "message": r.violation, "record": r.record}
                for r in sorted(self.broken, key=lambda r: r.index)
            ],
            "winners": dict(sorted(self.winners.items())),
            # The mean of whole numbers, exactly as statistics.fmean gives it (0 for no game).
            "turns": {
                "mean": round(self.turns / self.games, 1) if self.games else 0.0,
                "max": self.most_turns,
            },
            "actions": self.actions,
            "elapsed_s": round(self.elapsed, 3),
            "games_per_s": round(self.games / self.elapsed, 2) if self.elapsed else None,
        }

    def text(self, max_turns: int, lang: str = "en") -> str:
        """For people, in `lang`: the games, who won them (a row per seat, in seat order: its
        wins and their share of the games), how long they ran, how fast they were played."""
        from ..shared.escape import terminal
        from .i18n import translations

        _ = translations(lang).gettext
        seats = [f"p{i + 1}" for i in range(self.players)]
        seats += sorted(set(self.winners) - set(seats))  # a winner not named p1…pN
        heads = (_("seat"), _("wins"), _("share"))
        width = max(len(heads[0]), *(len(s) for s in seats))
        wide = (max(4, len(heads[1])), max(5, len(heads[2])))
        rows = [f"  {heads[0].ljust(width)}  {heads[1].rjust(wide[0])}  {heads[2].rjust(wide[1])}"]
        for seat in seats:
            wins = self.winners[seat]
            share = f"{100 * wins / self.games:.0f}%" if self.games else "-"
            shown = f"  {terminal(seat).ljust(width)}  {wins:>{wide[0]}}  {share:>{wide[1]}}"
            rows.append(shown)
        mean = self.turns / self.games if self.games else 0.0
        rate = f"{round(self.games / self.elapsed, 2)}" if self.elapsed else "-"
        lines = [
            _(
                "{ruleset}, {players} players: {completed}/{games} games completed, "
                "{unfinished} unfinished at {turns} turns, {violations} violations"
            ).format(
                ruleset=terminal(self.ruleset),
                players=self.players,
                completed=self.completed,
                games=self.games,
                unfinished=self.unfinished,
                turns=max_turns,
                violations=len(self.broken),
            ),
            *rows,
            "  "
            + _("turns: {mean} on average, {most} at most").format(
                mean=f"{mean:.1f}", most=self.most_turns
            ),
            "  "
            + _("{seconds} s, {rate} games/s").format(seconds=round(self.elapsed, 3), rate=rate),
        ]
        for r in sorted(self.broken, key=lambda r: r.index):
            said = _("violation in game {game}: {violation} (record: {record})").format(
                game=r.index + 1, violation=r.violation, record=r.record
            )
            lines.append(terminal(f"  {said}"))
        return "\n".join(lines) + "\n"


class Plan(Sequence[Job]):
    """Games to play, each job made only when it is asked for (so that a plan of a million
    games costs no more memory than one of ten): `games` games of each template, game i of
    each with the template's seed plus i. Template k's game i has index `k * games + i`; the
    plan lists them seed by seed (game 0 of every template, then game 1, …), so that the games
    played first are whole seeds."""

    def __init__(self, templates: Sequence[Job], games: int) -> None:
        self.templates = tuple(templates)
        self.games = games

    def __len__(self) -> int:
        return len(self.templates) * self.games

    @overload
    def __getitem__(self, at: int) -> Job: ...

    @overload
    def __getitem__(self, at: slice) -> list[Job]: ...

    def __getitem__(self, at: int | slice) -> Job | list[Job]:
        if isinstance(at, slice):
            return [self[n] for n in range(*at.indices(len(self)))]
        n = at + len(self) if at < 0 else at
        if not 0 <= n < len(self):
            raise IndexError(at)
        game, k = divmod(n, len(self.templates))
        template = self.templates[k]
        return replace(template, seed=template.seed + game, index=k * self.games + game)


def jobs(
    ruleset: str,
    players: int,
    games: int,
    seed: int,
    agent: str,
    max_turns: int,
    record: str | None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    seats: tuple[str, ...] = (),
) -> Plan:
    """`games` games of one ruleset, game i (index i) with seed `seed + i`; `seats`: the agent
    of each player's seat (none: `agent` in every seat)."""
    first = Job(
        ruleset, players, seed, 0, agent, max_turns, record, max_actions=max_actions, seats=seats
    )
    return Plan([first], games)


MAX_CHUNK = 64  # games per task in a pool of processes (a few seconds of work)
TASKS_AHEAD = 4  # tasks handed to each worker ahead of its results, never the whole plan
STOP_SECONDS = 5  # how long a stopped pool's thread is waited for, once its workers are ended


def _context() -> multiprocessing.context.BaseContext:
    """How to start the workers. Forking copies the tables made for the rules, so that each
    worker need not make them again; but forking a process that runs other threads (the
    studio's server, a study's watch) copies whatever locks those threads held, and the
    worker can hang on one for ever. Such a process starts its workers from a fresh server
    process instead, which imports the simulator once."""
    if os.name == "posix" and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def _worker_start() -> None:
    """Ctrl-C is the parent's to answer: it ends the workers itself (each would otherwise
    print a traceback of its own). A parent ended without that chance (SIGKILL, SIGHUP) ends
    its workers all the same: on Linux the kernel kills each when its parent ends, instead of
    leaving it to play its games for nobody."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The process that started this one, as the kernel sees it: the pool's owner when forked
    # or spawned, the fork server when started from one (multiprocessing.parent_process()
    # names the pool's owner then; the fork server ends when the owner does).
    end_with_parent(os.getppid())


def _play_here(batch: list[Job]) -> list[GameResult]:
    """play_batch in a worker of this machine's pool. Its error must reach the command as it
    would from one process: one that cannot be pickled back would break the pool instead,
    and read as a lost worker."""
    try:
        return play_batch(batch)
    except Exception as exc:
        try:
            pickle.loads(pickle.dumps(exc))
        except Exception:
            raise RuntimeError(f"{type(exc).__name__}: {exc}") from None
        raise


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now, not after the tasks they hold (a cancelled study, Ctrl-C)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    # Taken before the shutdown, which forgets them: the workers would play every task they
    # had been handed (half a minute of games) before the command could end.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    if manager is not None:  # (see play_all: no thread of the pool left as Python exits)
        manager.join(timeout=STOP_SECONDS)


def play_all(
    plan: Plan, workers: int, on_turn: Callable[[int], None] | None = None
) -> Iterator[GameResult]:
    """Each game's result as soon as it is played (not in the plan's order), in this process
    or spread over `workers` processes. The jobs are made as the workers take them: the pool
    is handed a few chunks per worker at a time, never the whole plan. A worker that dies (the
    machine ran out of memory, someone killed it) ends the run with WorkerLost, not a hang.
    `on_turn`: each turn's beginning, when the games are played in this process."""
    if workers <= 1:
        for job in plan:
            yield play(job, on_turn)
        return
    context = _context()
    if context.get_start_method() == "fork":  # made once here, inherited by every worker
        for template in plan.templates:
            prepare(rules_for(template))
    # Chunks of games per task, sixteen per worker: one game per task spends its time on
    # the pool's messages, a few large chunks leave a worker idle while the last runs.
    chunk = max(1, min(len(plan) // (workers * 16), MAX_CHUNK))
    starts = iter(range(0, len(plan), chunk))
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_start)
    pending: set[Future[list[GameResult]]] = set()
    try:
        for start in itertools.islice(starts, workers * TASKS_AHEAD):
            pending.add(pool.submit(_play_here, plan[start : start + chunk]))
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for task in done:
                try:
                    results = task.result()
                except BrokenProcessPool as exc:
                    raise WorkerLost() from exc
                yield from results
                more = next(starts, None)
                if more is not None:
                    pending.add(pool.submit(_play_here, plan[more : more + chunk]))
    except BaseException:
        _stop(pool)
        raise
    # Every task is done: the workers end at once. Waiting for them (and for the pool's own
    # thread) leaves no thread of the pool running as Python exits, where it closed the pipe
    # Python's exit handler was writing to (`OSError: Bad file descriptor` after the output,
    # in 2 to 4 runs of 100 of `simulate -g 2 --workers 2`).
    pool.shutdown(wait=True)


class WorkerLost(RuntimeError):
    """A worker process ended before its games did."""

    def __str__(self) -> str:
        return (
            "a worker process stopped before its games were played (the machine may have run "
            "out of memory): run again with fewer --workers, or with --workers 1"
        )


def run(plan: Plan, workers: int, progress: object = None) -> tuple[list[GameResult], float]:
    """Play the jobs, in this process or spread over `workers` processes: the results in the
    order of their index, and the seconds it took."""
    start = time.perf_counter()
    results: list[GameResult] = []
    tick = getattr(progress, "update", None)
    for result in play_all(plan, workers):
        results.append(result)
        if tick:
            tick(1)
    results.sort(key=lambda r: r.index)
    return results, time.perf_counter() - start
