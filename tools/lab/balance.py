"""`riskrules balance`: what a house rule does to the game. Every ruleset plays the same seeds
(common random numbers), so a difference comes from the rules, not the dice; the games run in
this process, in a pool of processes, or on a Dask cluster, with the same results for the same
seed whichever runs them.

The games are made as they are handed out (a plan, never a list of every job) and a cluster is
given a few tasks per worker thread at a time, so a study's memory is its finished games' small
results, whatever `--games` and the grid. A cluster that is lost mid-study (the scheduler, or
every worker for longer than the worker timeout) stops it with the games finished so far: the
figures of the seeds every ruleset finished, which are those of a shorter study."""

from __future__ import annotations

import dataclasses
import logging
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ...grammar.library import Workspace
from ...grammar.limits import (
    DEFAULT_CONNECT_TIMEOUT,
    DEFAULT_MAX_ACTIONS,
    DEFAULT_MAX_TURNS,
    DEFAULT_WORKER_TIMEOUT,
    MAX_GAMES_IN_FLIGHT,
    TASKS_PER_THREAD,
)
from ...grammar.resolve import EffectiveRuleset
from .balance_stats import Figure, adjust, compare, contrast, ruleset_figures
from .comparison import LEVEL, Difference, Measure
from .family import ALPHA, HEADLINE_SHARE
from .game_length import horizon
from .simulate import GameResult, Job, Plan, play_all, play_batch
from .stages import Look, answered, look_at
from .study_figures import Family, StrengthFigures, StudyFigures


@dataclass(frozen=True)
class Arm:
    """One ruleset of a study: its name and the text of each file of its chain that is not a
    built-in (so that another process or machine loads exactly what was checked here)."""

    name: str
    sources: tuple[tuple[str, str], ...] = ()
    label: str = ""  # how tables name it (a sweep's point: its settings); the name by default
    receipt: str = ""  # the hash of its effective text (grammar/receipt.py), for balance.json

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
    from ...grammar.receipt import ruleset_hash

    return Arm(eff.name, tuple(dict.fromkeys(sources)), label, ruleset_hash(eff))


@dataclass(frozen=True)
class Settings:
    players: int
    games: int
    seed: int = 1
    agent: str = "aggressive"
    max_turns: int = DEFAULT_MAX_TURNS
    max_actions: int = DEFAULT_MAX_ACTIONS
    observe_turn: int = 10
    # The players' strengths the study is played under, each a seating (the agent of every
    # seat); none: `agent` in every seat. Every ruleset plays every strength on the same seeds.
    strengths: tuple[tuple[str, ...], ...] = ()

    def seatings(self) -> tuple[tuple[str, ...], ...]:
        return self.strengths or ((self.agent,) * self.players,)


def strength_label(seats: Sequence[str]) -> str:
    """A strength as tables name it: the agent, when it sits in every seat; else the seats'."""
    return seats[0] if len(set(seats)) == 1 else ",".join(seats)


def plan_for(arms: Sequence[Arm], settings: Settings) -> Plan:
    """Every game of every arm under every strength, made when asked for: game i of each has
    seed `seed + i` (strength s, arm k's game i has index `(s * arms + k) * games + i`), listed
    seed by seed."""
    return Plan(
        [
            Job(
                a.name,
                settings.players,
                settings.seed,
                0,
                seats[0],
                settings.max_turns,
                None,
                max_actions=settings.max_actions,
                sources=a.sources,
                observe_turn=settings.observe_turn,
                seats=seats if settings.strengths else (),
            )
            for seats in settings.seatings()
            for a in arms
        ],
        settings.games,
    )


class ClusterError(Exception):
    """The Dask cluster cannot be used: not installed, an address that is not one, not
    reachable, no worker in time."""


class ClusterLost(ClusterError):
    """The cluster went away mid-study: the scheduler, or every worker for too long, or a
    worker that could not play its games."""


class StopEarly(Exception):
    """Raised by a study's progress hook to end it now with the figures of the seeds every
    ruleset finished (a time limit reached), as a lost cluster ends it."""


ADDRESS_FORM = "write tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)"
SCHEMES = ("tcp", "tls", "ws", "wss")  # what a `dask scheduler` listens on
_HOST = re.compile(r"[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?")
_IPV6 = re.compile(r"[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.-]+)?")


def scheduler_address(text: str) -> str:
    """The address of a Dask scheduler as Dask reads it (tcp:// when no scheme is written), or
    a ClusterError saying what is wrong with it and what the right form is."""

    def bad(what: str) -> ClusterError:
        return ClusterError(f"the Dask scheduler address {text!r} {what}; {ADDRESS_FORM}")

    scheme, sep, rest = text.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", scheme
    if scheme not in SCHEMES:
        known = ", ".join(f"{s}://" for s in SCHEMES)
        raise bad(f"has the scheme {scheme + '://'!r}, not one of {known}")
    if not rest:
        raise bad("is empty" if not text.strip() else "has no host and port")
    if rest.startswith("["):  # an IPv6 address: [::1]:8786
        inside, bracket, port = rest[1:].partition("]")
        if not bracket or not _IPV6.fullmatch(inside):
            raise bad("has an IPv6 host that is not one in brackets (e.g. [::1])")
        host = f"[{inside}]"
        if not port.startswith(":"):
            raise bad("has no port after the host")
        port = port[1:]
    else:
        host, colon, port = rest.rpartition(":")
        if not colon:
            raise bad("has no port (a scheduler listens on 8786 unless told otherwise)")
        if ":" in host:
            raise bad("has an IPv6 host without brackets (e.g. tcp://[::1]:8786)")
        if not host:
            raise bad("has no host")
        if not _HOST.fullmatch(host):
            raise bad(f"has a host {host!r} that is not a name or an IP address")
    if not port.isascii() or not port.isdigit() or not 1 <= int(port) <= 65_535:
        raise bad(f"has the port {port!r}, not a number from 1 to 65535")
    return f"{scheme}://{host}:{int(port)}"


@contextmanager
def _dask_quiet() -> Iterator[None]:
    """Dask's own log lines (a lost connection's errors, with their tracebacks) held back while
    a study uses the cluster: the study says what went wrong, once, in its own words."""
    loggers = [
        logger
        for name, logger in logging.Logger.manager.loggerDict.items()
        if isinstance(logger, logging.Logger)
        and (name == "distributed" or (name.startswith("distributed.") and logger.level))
    ]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _not_all_exit(record: logging.LogRecord) -> bool:
    """Dask's client waits on a result's key in a task of its own, which raises its private
    AllExit when the key is lost; a result waited for with a timeout (`_stream`, when a worker
    left with the results) leaves that task behind, and asyncio logs it, with its traceback,
    when it is collected: often after the study has said, once, that its workers left, or at
    the command's exit. That log line is dropped; every other asyncio message is kept."""
    exc = record.exc_info[1] if record.exc_info else None
    return type(exc).__name__ != "AllExit" or type(exc).__module__ != "distributed.client"


def run_on_cluster(
    plan: Plan,
    address: str,
    batch: int,
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT,
) -> Iterator[GameResult]:
    """The games on an existing Dask distributed cluster, `batch` games per task, each result
    as its task finishes (in no set order). At most TASKS_PER_THREAD tasks per worker thread
    (and MAX_GAMES_IN_FLIGHT games) are on the cluster at once; the next are made as those
    finish. ClusterError before the first game (the address, the connection, no worker in
    `worker_timeout` seconds); ClusterLost after it, once the results it had are given."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask distributed: pip install 'riskrules[cluster]'"
        ) from None
    where = scheduler_address(address)
    asyncio_log = logging.getLogger("asyncio")
    if _not_all_exit not in asyncio_log.filters:  # (for the process: see _not_all_exit)
        asyncio_log.addFilter(_not_all_exit)
    with _dask_quiet():
        try:
            _handshake(where, connect_timeout)
            client = Client(where, timeout=connect_timeout, set_as_default=False)
        except TimeoutError:
            raise ClusterError(
                f"no Dask scheduler answered at {where} within {2 * connect_timeout:g} s: "
                "something else may be listening there (a scheduler prints its address when "
                "it starts)"
            ) from None
        except Exception as exc:  # refused, no such host, not a Dask scheduler
            raise ClusterError(
                f"cannot reach the Dask scheduler at {where} within {connect_timeout:g} s: "
                f"{_why(exc)}"
            ) from None
        try:
            try:
                client.wait_for_workers(1, timeout=worker_timeout)
            except TimeoutError:
                raise ClusterError(
                    f"the Dask scheduler at {where} has no worker: none joined within "
                    f"{worker_timeout:g} s (start one with `dask worker {where}`, or wait "
                    "longer with --worker-timeout)"
                ) from None
            except (OSError, CancelledError) as exc:
                raise ClusterError(f"lost the Dask scheduler at {where}: {_why(exc)}") from None
            yield from _stream(client, plan, batch, where, connect_timeout, worker_timeout)
        finally:
            client.close(timeout=connect_timeout)


def _handshake(where: str, timeout: float) -> None:
    """Connect to the address (an OSError past `timeout` seconds) and exchange Dask's greeting
    (a TimeoutError when it has not come within twice that in all). Dask bounds the connection
    but not the greeting that follows: a server that is not a scheduler (a web server on that
    port) would hold the client for ever."""
    import asyncio

    from distributed.comm.core import connect
    from distributed.security import Security

    # What a client would use: TLS certificates set in Dask's configuration, if any.
    options = Security().get_connection_args("client")

    async def greet() -> None:
        shaking = connect(where, timeout=timeout, **options)
        comm = await asyncio.wait_for(shaking, 2 * timeout)
        await comm.close()

    asyncio.run(greet())


def _why(exc: BaseException) -> str:
    """An exception as one line: its message (the first line), or its type."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _stream(
    client: Any, plan: Plan, batch: int, where: str, connect_timeout: float, worker_timeout: float
) -> Iterator[GameResult]:
    """The plan's games through a connected client, a window of tasks at a time (see
    run_on_cluster); the cluster's health and size are looked at once a second."""
    from distributed import as_completed

    todo = iter(plan)
    running = as_completed(loop=client.loop)
    window = 1
    checked = 0.0
    alone: float | None = None  # since when the cluster has had no worker

    def top_up() -> None:
        while running.count() < window:
            chunk = [job for _, job in zip(range(batch), todo, strict=False)]
            if not chunk:
                return
            running.add(client.submit(play_batch, chunk, pure=False))

    def lost(exc: BaseException | None = None) -> ClusterLost:
        # A cancelled future is what a lost connection leaves; an OSError names what broke it.
        if isinstance(exc, TimeoutError):
            why = f"it did not answer within {connect_timeout:g} s (--connect-timeout)"
        else:
            broke = f" ({type(exc).__name__})" if isinstance(exc, OSError) else ""
            why = f"the connection closed{broke}"
        return ClusterLost(f"lost the Dask scheduler at {where}: {why}")

    while True:
        now = time.monotonic()
        if now - checked >= 1.0:  # the cluster's health and size, once a second
            checked = now
            if client.status != "running":
                raise lost()
            try:
                threads = sum(client.nthreads(callback_timeout=connect_timeout).values())
            except (OSError, CancelledError) as exc:  # a TimeoutError is an OSError
                raise lost(exc) from None
            if threads:
                alone = None
                window = max(1, min(TASKS_PER_THREAD * threads, MAX_GAMES_IN_FLIGHT // batch))
            elif alone is None:
                alone = now
            elif now - alone > worker_timeout:
                raise ClusterLost(
                    f"every worker of the Dask scheduler at {where} left, and none came back "
                    f"within {worker_timeout:g} s (--worker-timeout)"
                )
        top_up()
        if running.is_empty():
            return
        if not running.has_ready():
            time.sleep(0.02)
            continue
        for future in running.next_batch(block=False):
            try:
                if future.status == "error":
                    failure = future.exception()
                    raise ClusterLost(
                        f"a worker of the Dask scheduler at {where} could not play its games: "
                        f"{type(failure).__name__}: {_why(failure)}"
                    )
                results: list[GameResult] = future.result(timeout=connect_timeout)
            except TimeoutError:  # its worker left with the results: Dask plays them again
                running.add(future)
                continue
            except CancelledError:
                raise lost() from None
            except OSError as exc:
                raise lost(exc) from None
            yield from results


def _kept(result: GameResult, shared: dict[object, Any]) -> GameResult:
    """A result as a study keeps it until the end: the values most games repeat (the turn
    order, the continents' holders, the winner's name) shared rather than held by each."""
    result.order = shared.setdefault(result.order, result.order)
    if result.holders is not None:
        result.holders = shared.setdefault(tuple(result.holders.items()), result.holders)
    if result.winner is not None:
        result.winner = sys.intern(result.winner)
    return result


@dataclass(frozen=True)
class Played:
    """A study's games: each strength's arms' games in seed order (the seeds every arm
    finished), how many were played in all and in how long, and why it stopped early (None:
    it played every game)."""

    every: list[list[GameResult]]
    played: int
    elapsed: float
    stopped: str | None = None


def study(
    arms: Sequence[Arm],
    settings: Settings,
    workers: int = 1,
    scheduler: str | None = None,
    batch: int = 25,
    progress: object = None,
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT,
    grid: Figure | None = None,
    looks: Sequence[int] = (),
    on_look: Callable[[StudyFigures], None] | None = None,
) -> StudyFigures:
    """Play every arm and compare each to the first (the base): the whole study as figures.

    In stages (`looks`: games per ruleset, the last `settings.games`, stages.py): at each look
    the figures of the seeds every arm finished so far go to `on_look`, and the study ends at
    the first look whose answer is clear (stages.answered). A cluster lost mid-study
    (ClusterLost) ends it with the seeds that every arm finished, from the first: the figures
    are those of a study of that many games (and say why it stopped, under "stopped"). Fewer
    than two such seeds is a ClusterError."""
    plan = plan_for(arms, settings)
    if scheduler is not None:
        source = run_on_cluster(plan, scheduler, batch, connect_timeout, worker_timeout)
    else:
        source = play_all(plan, workers)
    staged = _Stages(arms, settings, grid, looks, on_look, len(plan.templates)) if looks else None
    found = collect(plan, settings.games, source, progress, staged)
    whole = len(found.every[0]) if found.every else 0
    figured = staged.last if staged is not None and staged.taken == whole else None  # its look
    if figured is None:
        look = staged.look(whole) if staged is not None else None
        figured = figures(arms, settings, found.every, grid, look)
    stopped = found.stopped
    return dataclasses.replace(
        figured,
        elapsed_s=round(found.elapsed, 3),
        games_per_s=round(found.played / found.elapsed, 2) if found.elapsed else None,
        stopped=None
        if stopped is None
        else {"reason": stopped, "games_planned": settings.games, "games_played": found.played},
    )


def collect(
    plan: Plan,
    games: int,
    source: Iterator[GameResult],
    progress: object = None,
    staged: _Stages | None = None,
) -> Played:
    """The games of `plan` as `source` plays them (here or on a cluster), each arm's in seed
    order, up to the seeds every arm finished when the study stopped early (see `study`)."""
    kept: list[list[GameResult | None]] = [[None] * games for _ in plan.templates]
    shared: dict[object, Any] = {}
    tick = getattr(progress, "update", None)
    played = 0
    stopped: str | None = None
    start = time.perf_counter()
    try:
        for result in source:
            arm_at, game = divmod(result.index, games)
            kept[arm_at][game] = _kept(result, shared)
            played += 1
            if staged is not None and staged.seen(kept, arm_at):
                getattr(source, "close", lambda: None)()  # the games in hand are not needed
                break
            if tick:
                tick(1)
    except (ClusterLost, StopEarly) as exc:
        stopped = str(exc)
        getattr(source, "close", lambda: None)()  # the workers stopped now, not when collected
    elapsed = time.perf_counter() - start
    whole = min(next((i for i, r in enumerate(part) if r is None), games) for part in kept)
    if staged is not None and staged.taken > whole:  # stopped at a look: of its seeds only
        whole = staged.taken
    if stopped is not None and whole < 2:
        raise ClusterError(
            f"{stopped}; {played} of {len(plan)} games had been played, and fewer than two "
            "seeds by every ruleset: nothing to report"
        )
    every = [[r for r in part[:whole] if r is not None] for part in kept]
    return Played(every, played, elapsed, stopped)


OnLook = Callable[[StudyFigures], None] | None


class _Stages:
    """A study in stages as its games come (in no set order): the seeds every arm finished
    from the first, and the figures at each look as it is reached (stages.py)."""

    def __init__(self, arms: Sequence[Arm], settings: Settings, grid: Figure | None,
                 looks: Sequence[int], on_look: OnLook, templates: int) -> None:  # fmt: skip
        self.arms, self.settings, self.grid = arms, settings, grid
        self.looks, self.on_look = tuple(looks), on_look
        self.ahead = [0] * templates  # each template's seeds finished from the first
        self.taken = 0  # games per ruleset at the last look
        self.last: StudyFigures | None = None

    def seen(self, kept: list[list[GameResult | None]], template: int) -> bool:
        """A game of `template` kept: whether it completes a look whose answer is clear."""
        row = kept[template]
        while self.ahead[template] < len(row) and row[self.ahead[template]] is not None:
            self.ahead[template] += 1
        due = [n for n in self.looks if self.taken < n <= min(self.ahead)]
        if not due:
            return False
        every = [[r for r in part[: due[-1]] if r is not None] for part in kept]
        look = self.look(due[-1])
        self.taken, self.last = due[-1], figures(self.arms, self.settings, every, self.grid, look)
        if self.on_look is not None:
            self.on_look(self.last)
        return answered(self.last.comparisons())

    def look(self, games: int) -> Look:  # the look at `games` per ruleset, after the last
        return look_at(games, self.settings.games, self.taken, self.looks)


def figures(
    arms: Sequence[Arm],
    settings: Settings,
    every: list[list[GameResult]],
    grid: Figure | None = None,
    look: Look | None = None,
) -> StudyFigures:
    """A study's figures from its games (`every`: each strength's arms' games, in seed order),
    every comparison adjusted together: each variant against the base under each strength,
    and each strength's effects against the first's; at a look of a study in stages, at that
    look's share of α (stages.py)."""
    seatings = settings.seatings()
    n = len(arms)
    whole = len(every[0]) if every else 0
    groups = [every[s * n : (s + 1) * n] for s in range(len(seatings))]
    tau = horizon((r for part in every for r in part), settings.max_turns)
    parts = [
        compare(by_arm[0], part, settings.players, tau) for by_arm in groups for part in by_arm[1:]
    ]
    contrasts = [
        contrast((groups[0][0], groups[0][k]), (by_arm[0], by_arm[k]), settings.players, tau)
        for by_arm in groups[1:]
        for k in range(1, n)
    ]
    measures = adjust([*parts, *contrasts], look.alpha if look else ALPHA)  # one family
    from ...grammar import __version__

    def strength(s: int) -> StrengthFigures:
        found = measures[s * (n - 1) : (s + 1) * (n - 1)]
        at = len(parts) + (s - 1) * (n - 1)
        against = measures[at : at + n - 1] if s else None
        return _strength(arms, settings, seatings[s], groups[s], found, against, tau)

    family = Family(
        "weighted Holm",
        ALPHA,
        HEADLINE_SHARE,
        sum(1 for part in measures for m in part if m.tested),
        "every measure tested of every variant against the base, under every strength, and "
        "each strength's effects against the first's; game length first",
        look,
    )
    return StudyFigures(
        __version__,
        settings.players,
        whole,
        (settings.seed, settings.seed + whole - 1),
        settings.max_turns,
        settings.max_actions,
        settings.observe_turn,
        LEVEL,
        tau,
        family,
        tuple(strength(s) for s in range(len(seatings))),
        grid,
    )


def _strength(
    arms: Sequence[Arm],
    settings: Settings,
    seats: tuple[str, ...],
    by_arm: list[list[GameResult]],
    measures: list[list[Measure]],
    contrasts: list[list[Measure]] | None,
    tau: int,
) -> StrengthFigures:
    """One strength's figures: its rulesets', its differences, its contrasts with the first
    strength (None: it is the first), its games."""
    base = arms[0].shown
    return StrengthFigures(
        strength_label(seats),
        seats,
        tuple(
            ruleset_figures(a.shown, part, settings.players, tau, a.name, a.receipt)
            for a, part in zip(arms, by_arm, strict=True)
        ),
        tuple(Difference(base, a.shown, tuple(m)) for a, m in zip(arms[1:], measures, strict=True)),
        tuple((a.shown, tuple(part)) for a, part in zip(arms, by_arm, strict=True)),
        None
        if contrasts is None
        else tuple(
            Difference(base, a.shown, tuple(m)) for a, m in zip(arms[1:], contrasts, strict=True)
        ),
    )
