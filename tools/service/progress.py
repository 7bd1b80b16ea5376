"""How a long service (simulate, a balance study, a sweep) reports progress and is stopped."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .errors import Cancelled

if TYPE_CHECKING:
    from ...grammar.messages import Message

Progress = Callable[[int, int], None]
"""Called after each game with (games done, games in all); one with a `turn(turn)` method too
as each turn of a game played in this process begins."""


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

    def turn(self, turn: int) -> None:
        """A turn of a game played in this process began: passed on to the caller's Progress
        if it follows turns (a `turn` method: one long game is not silent until its end), and
        the Cancel looked at (one long game is stopped mid-game)."""
        follow = getattr(self.progress, "turn", None)
        if follow is not None:
            follow(turn)
        if self.cancel is not None:
            self.cancel.check()

    @staticmethod
    def of(total: int, progress: Progress | None, cancel: Cancel | None) -> Ticker | None:
        if cancel is not None:
            cancel.check()  # set before any game is played
        return Ticker(total, progress, cancel) if progress or cancel else None


SAMPLES = 256  # (games done, when) kept to find the pace of the later half of a run
BURST = 1.0  # seconds: results within this of the first are the first results (each
# worker's first chunk of games: a pool's workers start together and finish them together)


class TimeLeft:
    """How long the rest of a run will take, from the games done so far: the time the later
    half of the games done since the first results took (a tenth of the run at least), over
    those games, times the games to go. Averaged over many games (not over the last few
    seconds), a burst of results from a pool's chunk moves it little, and over the later half,
    a machine that got faster or slower (a shared machine drifts twofold) is followed;
    measured from the first results, not from the start, the workers' start (forking, loading
    the rules) is not counted as the games' time; the first results are every worker's first
    chunk (those that come within BURST seconds of the first), or the second worker's chunk,
    landing just after the first's, would count as games played in no time. Within a factor
    of two of the truth once a tenth of the games are done, when the games' lengths do not
    drift through the run (a study lists them seed by seed)."""

    def __init__(self, total: int, now: Callable[[], float] | None = None) -> None:
        import time

        self.total = total
        self.clock = now or time.monotonic
        self.start = self.clock()
        self.first: tuple[int, float] | None = None  # the games done when results first came
        self.began = self.start  # when the first results came
        self.seen: list[tuple[int, float]] = []  # (games done, when), a sample of the run

    def seconds(self, done: int, until: int | None = None) -> float | None:
        """The seconds left after `done` games until `until` are done (the total by default;
        None before the first is done)."""
        if done <= 0:
            return None
        now = self.clock()
        if self.first is None or now - self.began <= BURST:
            if self.first is None:
                self.began = now
            self.first = (done, now)  # every worker's first chunk: they come together
        if not self.seen or done > self.seen[-1][0]:
            self.seen.append((done, now))
            if len(self.seen) > SAMPLES:
                self.seen = self.seen[::2]
        since, at = self.first
        todo = max((self.total if until is None else until) - done, 0)
        if done > since and now > at:
            # the later half of the games since the first, and at least a tenth of the run's
            half = max(since, min(since + (done - since) // 2, done - self.total // 10))
            since, at = max(
                ((d, t) for d, t in self.seen if since <= d <= half), default=(since, at)
            )
            return (now - at) / (done - since) * todo
        return (now - self.start) / done * todo

    def measured(self, done: int) -> bool:
        """Whether games have been done since the first results (the pace is theirs)."""
        return self.first is not None and done > self.first[0]

    def text(self, done: int, lang: str = "en") -> str:
        """The time left as a progress bar shows it: "about 2 min 10 s left"."""
        from ...grammar.messages import msg

        left = self.seconds(done)
        if left is None:
            return ""
        whole = round(left)
        if whole < 60:
            return msg("about {s} s left", s=whole).render(lang)
        minutes, seconds = divmod(whole, 60)
        if minutes < 60:
            two = str(seconds).zfill(2)
            return msg("about {min} min {s} s left", min=minutes, s=two).render(lang)
        two = str(minutes % 60).zfill(2)
        return msg("about {h} h {min} min left", h=minutes // 60, min=two).render(lang)


FEW = 10  # seconds a page calls "a few" (a look's own figures take a few to work out)


def duration(seconds: float) -> Message:
    """A time to wait as a page says it: "about 40 s", "about 2 min 10 s", "about 1 h 05 min"."""
    from ...grammar.messages import msg

    whole = round(seconds)
    if whole < FEW:
        return msg("a few seconds")
    if whole < 60:
        return msg("about {s} s", s=whole)
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return msg("about {min} min {s} s", min=minutes, s=str(rest).zfill(2))
    return msg("about {h} h {min} min", h=minutes // 60, min=str(minutes % 60).zfill(2))
