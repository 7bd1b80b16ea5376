"""How a long service (simulate, a balance study, a sweep) reports progress and is stopped."""

from __future__ import annotations

import threading
from collections.abc import Callable

from .errors import Cancelled

Progress = Callable[[int, int], None]
"""Called after each game with (games done, games in all)."""


class Cancel:
    """A token the caller sets (from another thread, a signal handler, a button) to stop a
    simulation or a study: the service raises `Cancelled` after the game that is finishing,
    and a pool of worker processes is stopped with it."""

    def __init__(self) -> None:
        self._set = threading.Event()

    def cancel(self) -> None:
        self._set.set()

    @property
    def cancelled(self) -> bool:
        return self._set.is_set()

    def check(self) -> None:
        if self.cancelled:
            raise Cancelled()


class Ticker:
    """The games' runner's progress hook (`update(1)` after each game), passed on to the
    caller's Progress, with the Cancel looked at after every game."""

    def __init__(self, total: int, progress: Progress | None, cancel: Cancel | None) -> None:
        self.total = total
        self.done = 0
        self.progress = progress
        self.cancel = cancel

    def update(self, games: int) -> None:
        self.done += games
        if self.progress is not None:
            self.progress(self.done, self.total)
        if self.cancel is not None:
            self.cancel.check()

    @staticmethod
    def of(total: int, progress: Progress | None, cancel: Cancel | None) -> Ticker | None:
        if cancel is not None:
            cancel.check()  # set before any game is played
        return Ticker(total, progress, cancel) if progress or cancel else None
