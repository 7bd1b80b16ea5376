"""What does it do? One balance study at a time (the lab's service), with its progress read by
the page and a Cancel the page's button sets; bounded in games (MAX_STUDIO_GAMES, a number this
machine plays well within the time limit) and in time (MAX_STUDIO_SECONDS: then it stops with
the figures of the seeds every ruleset finished, or, failing that, is cancelled).

The study is played in a process of its own (a fresh interpreter, not a fork of the server's
threads), in a session and process group of its own with the lab's workers it forks: Cancel
and the time limit stop the whole group at once, within a second, instead of waiting for the
games the workers hold (a chunk of up to 64 games, several seconds each on a busy machine). A
thread of the server reads its progress and its result from the process's output.

However the studio ends, the study ends with it: as its server shuts down (Ctrl+C, SIGTERM,
SIGHUP) the studio stops the group (stop_all), and where it has no chance to (SIGKILL) the
kernel kills the study's process when the studio ends, and each worker when the study's
process ends (Linux's parent-death signal, tools/shared/lifetime.py)."""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from ...grammar.limits import MAX_STUDIO_GAMES, MAX_STUDIO_SECONDS
from ...grammar.messages import Message, msg
from ..service import lab
from ..service.errors import ServiceError
from ..service.progress import Cancel, TimeLeft
from ..shared.lifetime import end_with_parent

if TYPE_CHECKING:
    from .document import Document

DEFAULT_GAMES = MAX_STUDIO_GAMES  # the most a study plays: it looks at 100, 200, 400 and
# 1,000 games per ruleset and stops at the first look whose answer is clear (tools/lab/stages.py)
STOP_WAIT = 1.0  # seconds a stopped study's processes have to end before they are killed
WRAP_UP = 30.0  # seconds a study at the time limit has to finish its games and compare them
TIME_UP = "the studio's time limit"  # why a study stopped there, in the lab's report


def time_limit() -> int:
    """The seconds a study may play before it stops (read here, where a test shortens it)."""
    return MAX_STUDIO_SECONDS


class Busy(Exception):
    """A study is running already (one at a time)."""


@dataclass
class Run:
    """One study: its progress, and its end (the result, or why there is none)."""

    file: str
    base: str
    games: int
    total: int = 0
    done: int = 0
    started: float = field(default_factory=time.monotonic)
    cancel: Cancel = field(default_factory=Cancel)
    result: lab.StudyResult | None = None
    error: Message | None = None  # said in the page's language
    cancelled: bool = False
    timed_out: bool = False
    finished: bool = False
    group: int | None = None  # the process group playing it (its process and the workers)
    looks: tuple[int, ...] = ()  # the games per ruleset it looks at (the last: `games`)
    look: lab.StudyResult | None = None  # the figures at the last look, while it plays on
    pace: TimeLeft = field(init=False)  # the games' pace (from the first results)

    def __post_init__(self) -> None:
        self.pace = TimeLeft(self.total)

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    @property
    def per_seed(self) -> int:
        """Games played per seed: every ruleset under every strength."""
        return self.total // max(self.games, 1)

    @property
    def next_look(self) -> int:
        """The games per ruleset of the look it plays towards."""
        taken = self.look.games if self.look is not None else 0
        return next((n for n in self.looks if n > taken), self.games)

    def seconds_left(self, games: int) -> float | None:
        """The seconds until `games` per ruleset are played, at the pace so far (None: before a
        tenth of the way there, or before results have come since the first: until then the
        pace would count the workers' start as the games' time)."""
        target = games * self.per_seed
        start = self.look.games * self.per_seed if self.look is not None else 0
        if self.done - start < max(1, (target - start) // 10) or not self.pace.measured(self.done):
            return None
        return self.time_to(target)

    def time_to(self, games: int) -> float | None:
        """The seconds until `games` games in all are done, at the pace so far (measured from
        the first results, progress.TimeLeft; before them, from the study's start)."""
        if self.pace.first is None:  # (read now: `started` is the study's, however set)
            self.pace.start = self.started
        return self.pace.seconds(self.done, games)


Launch = Callable[[Run, "lab.StudyPlan"], None]


class Studies:
    """The studio's one study slot. `launch` plays a planned study: by default in a process
    of its own (below); the static site's page passes its own (a Web Worker, tools/site)."""

    def __init__(self, launch: Launch | None = None) -> None:
        self.lock = threading.Lock()
        self.run: Run | None = None
        self.launch: Launch = launch or self._in_a_process

    def start(self, doc: Document, games: int, scheduler: str | None) -> Run:
        """Plan the study in stages of at most `games` per ruleset (a bad request fails here,
        before any game) and start it."""
        if not 1 <= games <= MAX_STUDIO_GAMES:
            raise ServiceError(
                msg(
                    "a study from the studio plays 1 to {most:,} games per ruleset, not "
                    "{games:,} (riskrules balance plays more)",
                    most=MAX_STUDIO_GAMES,
                    games=games,
                )
            )
        base = doc.base()
        if base is None:
            raise ServiceError(
                msg(
                    "this file extends no ruleset, so there is nothing to compare it with: "
                    "write `extends` and a base, such as `extends classic`"
                )
            )
        request = lab.Study(games=games, scheduler=scheduler or None, until_clear=True)
        plan = lab.plan_balance(doc.snapshot, base, [doc.ref], request)
        with self.lock:
            if self.run is not None and not self.run.finished:
                raise Busy()
            run = Run(doc.path.name, base, games, total=plan.total, looks=plan.looks)
            self.run = run
        self.launch(run, plan)
        return run

    def _in_a_process(self, run: Run, plan: lab.StudyPlan) -> None:
        threading.Thread(target=self._play, args=(run, plan), daemon=True).start()
        threading.Thread(target=self._watch, args=(run,), daemon=True).start()

    def _play(self, run: Run, plan: lab.StudyPlan) -> None:
        """Start the study's process and follow it until it ends or is stopped."""
        process: subprocess.Popen[bytes] | None = None
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", CHILD, str(os.getpid())],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # its own process group: its workers stop with it
            )
            _RUNNING.add(process)
            run.group = process.pid
            assert process.stdin is not None and process.stdout is not None
            reader = threading.Thread(target=_read, args=(run, process.stdout), daemon=True)
            reader.start()
            pickle.dump(plan, process.stdin)
            process.stdin.close()
            while process.poll() is None and not run.cancel.cancelled:
                time.sleep(0.1)
            if run.cancel.cancelled:
                run.cancelled = not run.timed_out
                _stop(process)
            reader.join(5.0)
            if run.result is None and run.error is None and not run.cancel.cancelled:
                run.error = msg("the study stopped: its process ended without a result")
        except Exception as exc:  # the process could not start: said in the page
            run.error = _stopped(exc)
        finally:
            if process is not None:
                _stop(process)
                _RUNNING.discard(process)
            run.finished = True

    def _watch(self, run: Run) -> None:
        """At the time limit the study is asked to stop with its figures so far (its process
        compares the seeds every ruleset finished, lab.run_study's `enough`); one that has
        not ended WRAP_UP seconds later is stopped without."""
        while not run.finished and time.monotonic() < run.started + time_limit():
            time.sleep(0.5)
        if run.finished:
            return
        run.timed_out = True
        wrap_up = getattr(signal, "SIGUSR1", None)
        rulesets = run.total // max(run.games, 1)  # each ruleset at each strength
        some = run.done >= 2 * rulesets  # perhaps two seeds by each: figures worth waiting for
        if some and wrap_up is not None and run.group is not None:
            with contextlib.suppress(OSError):
                os.kill(run.group, wrap_up)
            until = time.monotonic() + WRAP_UP
            while not run.finished and time.monotonic() < until:
                time.sleep(0.2)
        if not run.finished:
            run.cancel.cancel()

    def cancel(self) -> None:
        with self.lock:
            if self.run is not None and not self.run.finished:
                self.run.cancel.cancel()


_RUNNING: set[subprocess.Popen[bytes]] = set()  # the study's process while one runs
CHILD = "from riskrules.tools.studio.study import study_process; study_process()"


def _read(run: Run, out: IO[bytes]) -> None:
    """The study's messages as they come: its progress, then its result or why none."""
    try:
        while True:
            kind, *values = pickle.load(out)  # the studio's own child process
            if kind == "progress":
                run.done, run.total = values
                run.pace.seconds(run.done)  # the pace is measured from the first results
            elif kind == "look":
                run.look = values[0]
            elif kind == "result":
                run.result = values[0]
            else:
                run.error = values[0]
    except (EOFError, OSError, pickle.UnpicklingError, ValueError):
        return


def _stopped(exc: Exception) -> Message:
    what = type(exc).__name__ + ": " + str(exc)
    return msg("the study stopped: {error}", error=what)


def study_process() -> None:
    """The study's process: the plan from stdin, each message pickled to stdout (the lab's
    own output, if any, goes to stderr)."""
    end_with_parent(int(sys.argv[1]))  # the studio: it started this process from _play
    stop: list[str] = []
    if hasattr(signal, "SIGUSR1"):  # the studio's time limit: end with the figures so far
        signal.signal(signal.SIGUSR1, lambda *_: stop.append(TIME_UP))
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    plan = pickle.load(sys.stdin.buffer)  # from the studio that started it

    def send(*message: object) -> None:
        pickle.dump(message, out)
        out.flush()

    try:
        result = lab.run_study(
            plan,
            lambda done, total: send("progress", done, total),
            enough=lambda: stop[0] if stop else None,
            on_look=lambda found: send("look", found),
        )
        send("result", result)
    except ServiceError as exc:
        send("error", exc.said or msg("{error}", error=exc.message))
    except Exception as exc:  # a worker that died: said in the page, not a traceback
        send("error", _stopped(exc))
    finally:
        out.close()


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End the study's process group (its workers with it): asked first, then killed."""
    for sig in (signal.SIGTERM, getattr(signal, "SIGKILL", signal.SIGTERM)):
        if process.poll() is not None and not _group_alive(process.pid):
            break
        try:
            os.killpg(process.pid, sig)
        except (AttributeError, OSError):  # no process groups here: the process alone
            with contextlib.suppress(OSError):
                process.kill()
        deadline = time.monotonic() + STOP_WAIT
        while time.monotonic() < deadline:
            process.poll()
            if process.returncode is not None and not _group_alive(process.pid):
                break
            time.sleep(0.05)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5.0)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except (AttributeError, OSError):
        return False
    return True


@atexit.register
def stop_all() -> None:
    """The studio is stopping (Ctrl+C, SIGTERM, SIGHUP): no study left playing. Called by the
    server as it shuts down (uvicorn ends the process with the signal it caught, so exit
    handlers do not run then), and at exit."""
    for process in list(_RUNNING):
        _stop(process)
