"""What does it do? One balance study at a time (the lab's service), in a background thread, with
its progress read by the page and a Cancel the page's button sets; bounded in games
(MAX_STUDIO_GAMES) and in time (MAX_STUDIO_SECONDS, then cancelled)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from ...grammar.limits import MAX_STUDIO_GAMES, MAX_STUDIO_SECONDS
from ..service import lab
from ..service.errors import ServiceError
from ..service.progress import Cancel
from .document import Document

DEFAULT_GAMES = 100  # a first look in about a minute on two cores; the form allows more


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

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


class Studies:
    """The studio's one study slot."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.run: Run | None = None

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
        threading.Thread(target=self._play, args=(run, plan), daemon=True).start()
        threading.Thread(target=self._watch, args=(run,), daemon=True).start()
        return run

    def _play(self, run: Run, plan: lab.StudyPlan) -> None:
        def progress(done: int, total: int) -> None:
            run.done, run.total = done, total

        try:
            run.result = lab.run_study(plan, progress, run.cancel)
        except ServiceError as exc:
            run.cancelled = run.cancel.cancelled
            run.error = None if run.cancelled else exc.message
        except Exception as exc:  # a worker that died: said in the page, not a traceback
            run.error = f"the study stopped: {type(exc).__name__}: {exc}"
        finally:
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
