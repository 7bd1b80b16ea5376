"""A measure of this machine's speed right now, printed beside every benchmark figure.

The machines are shared and their speed drifts up to 2x within minutes, so a figure means
little alone: read it as a ratio to this calibration, measured in the same run. The loop is
the dice of one simulated game: 1,800 rolls of three dice against two, compared as Risk does,
in plain Python (it is the floor under any simulator: everything else is overhead).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

ROLLS_PER_GAME = 1_800


def dice_games_per_second(
    seconds: float = 0.5, clock: Callable[[], float] = time.perf_counter
) -> float:
    """How many 'games' of bare dice rolling this machine does per second, now: per second of
    `clock` (wall time by default; `time.process_time` for a figure per CPU-second, the one
    to set beside games per CPU-second on a machine other processes share)."""
    rng = random.Random(1)
    games = 0
    start = clock()
    while clock() - start < seconds:
        for _ in range(ROLLS_PER_GAME):
            attack = sorted((rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)), reverse=True)
            defence = sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True)
            _losses = sum(1 for a, d in zip(attack, defence, strict=False) if a <= d)
        games += 1
    return games / (clock() - start)


def beside(measure: Callable[[], T]) -> tuple[T, float]:
    """What `measure` returns, and the calibration around it (measured just before and just
    after, averaged): the machine's speed while the figure was taken, not minutes earlier."""
    before = dice_games_per_second(0.3)
    result = measure()
    after = dice_games_per_second(0.3)
    return result, (before + after) / 2


def engine() -> str:
    """Which engine the figures are of: compiled by mypyc (a plain `pip install`) or Python (an
    editable install, or no C compiler)."""
    from riskrules import engine_kind

    return f"engine: {engine_kind()}"


def line(label: str, figure: float, unit: str, calibration: float) -> str:
    """`label: figure unit (ratio to the calibration)`."""
    return (
        f"{label}: {figure:,.1f} {unit} "
        f"({figure / calibration:.3f} x the dice calibration of {calibration:.1f})"
    )


if __name__ == "__main__":
    print(f"dice calibration: {dice_games_per_second():.1f} games of 1,800 bare 3v2 rolls per s")
