"""Slow work off the studio's event loop. The routes are coroutines on one loop: a PDF laid out
there (WeasyPrint, one to four seconds of Python) held every other panel until it was done,
and thirty downloads at once held them for a minute. A Lane runs such work in threads of its
own, at most `width` at once, with at most `waiting` more in line; past that the request is
refused in words (status 503) instead of waiting without end. Where no thread can start (the
static site, in the page's Pyodide), the work is done in place."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class Full(Exception):
    """The lane's line is full; the page says to try again in a moment."""


class Lane:
    def __init__(self, name: str, width: int, waiting: int) -> None:
        self.name = name
        self.width = width
        self.waiting = waiting
        self._lock = threading.Lock()
        self._queued = 0  # running or in line
        self._pool: ThreadPoolExecutor | None = None

    async def run(self, work: Callable[[], T]) -> T:
        """`work()` in one of the lane's threads; its result, or its exception."""
        with self._lock:
            if self._queued >= self.width + self.waiting:
                raise Full()
            self._queued += 1
        try:
            try:
                future = self._executor().submit(work)
            except RuntimeError:  # no threads here (Pyodide): in place
                return work()
            return await asyncio.wrap_future(future)
        finally:
            with self._lock:
                self._queued -= 1

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.width, thread_name_prefix=self.name)
            return self._pool


# WeasyPrint is Python: a second thread would only share the interpreter's lock with the
# first, so one PDF is laid out at a time; thirty more may wait for their turn.
PDF = Lane("studio-pdf", width=1, waiting=30)
