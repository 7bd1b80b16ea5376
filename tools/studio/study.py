"""What does it do? One balance study at a time (the lab's service), with its progress read by
the page and a Cancel the page's button sets; bounded in games (MAX_STUDIO_GAMES) and in time
(MAX_STUDIO_SECONDS, then cancelled).

The study is played in a process of its own (a fresh interpreter, not a fork of the server's
threads), in a session and process group of its own with the lab's workers it forks: Cancel
and the time limit stop the whole group at once, within a second, instead of waiting for the
games the workers hold (a chunk of up to 64 games, several seconds each on a busy machine). A
thread of the server reads its progress and its result from the process's output."""

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
from ..service import lab
from ..service.errors import ServiceError
from ..service.progress import Cancel

if TYPE_CHECKING:
    from .document import Document

DEFAULT_GAMES = 100  # a first look in about a minute on two cores; the form allows more
STOP_WAIT = 1.0  # seconds a stopped study's processes have to end before they are killed


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
    error: str | None = None
    cancelled: bool = False
    timed_out: bool = False
    finished: bool = False
    group: int | None = None  # the process group playing it (its process and the workers)

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


Launch = Callable[[Run, "lab.StudyPlan"], None]


class Studies:
    """The studio's one study slot. `launch` plays a planned study: by default in a process
    of its own (below); the static site's page passes its own (a Web Worker, tools/site)."""

    def __init__(self, launch: Launch | None = None) -> None:
        self.lock = threading.Lock()
        self.run: Run | None = None
        self.launch: Launch = launch or self._in_a_process

    def start(self, doc: Document, games: int, scheduler: str | None) -> Run:
        """Plan the study (a bad request fails here, before any game) and start it."""
        if not 1 <= games <= MAX_STUDIO_GAMES:
            raise ServiceError(
                f"a study from the studio plays 1 to {MAX_STUDIO_GAMES:,} games per ruleset, "
                f"not {games:,} (riskrules balance plays more)"
            )
        base = doc.base()
        if base is None:
            raise ServiceError(
                "this file extends no ruleset, so there is nothing to compare it with: "
                "write `extends` and a base, such as `extends classic`"
            )
        request = lab.Study(games=games, scheduler=scheduler or None)
        plan = lab.plan_balance(base, [doc.ref], request, doc.texts)
        with self.lock:
            if self.run is not None and not self.run.finished:
                raise Busy()
            run = Run(doc.path.name, base, games, total=plan.total)
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
                [sys.executable, "-c", CHILD],
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
                run.error = "the study stopped: its process ended without a result"
        except Exception as exc:  # the process could not start: said in the page
            run.error = f"the study stopped: {type(exc).__name__}: {exc}"
        finally:
            if process is not None:
                _stop(process)
                _RUNNING.discard(process)
            run.finished = True

    def _watch(self, run: Run) -> None:
        deadline = run.started + MAX_STUDIO_SECONDS
        while not run.finished and time.monotonic() < deadline:
            time.sleep(0.5)
        if not run.finished:
            run.timed_out = True
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
            elif kind == "result":
                run.result = values[0]
            else:
                run.error = values[0]
    except (EOFError, OSError, pickle.UnpicklingError, ValueError):
        return


def study_process() -> None:
    """The study's process: the plan from stdin, each message pickled to stdout (the lab's
    own output, if any, goes to stderr)."""
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    plan = pickle.load(sys.stdin.buffer)  # from the studio that started it

    def send(*message: object) -> None:
        pickle.dump(message, out)
        out.flush()

    try:
        send("result", lab.run_study(plan, lambda done, total: send("progress", done, total)))
    except ServiceError as exc:
        send("error", exc.message)
    except Exception as exc:  # a worker that died: said in the page, not a traceback
        send("error", f"the study stopped: {type(exc).__name__}: {exc}")
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
def _stop_all() -> None:  # the studio stopped (Ctrl+C): no study left playing
    for process in list(_RUNNING):
        _stop(process)
