"""Building the parts of a new state: army rows, hands, one value per seat.

Each returns new tuples that share every row it does not change (structural sharing); a
simulated game builds tens of thousands.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import is_not
from typing import Final, TypeVar

from .state import GameState

_T = TypeVar("_T")
Board = tuple[tuple[int, ...], ...]


def with_seat(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """`values` (one per seat) with the seat's replaced."""
    out = list(values)
    out[seat] = value
    return tuple(out)


def with_hand(
    hands: tuple[tuple[int, ...], ...], seat: int, cards: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    out = list(hands)
    out[seat] = tuple(sorted(cards))
    return tuple(out)


def add_armies(
    state: GameState, territory: str, seat: int, delta: int
) -> tuple[tuple[int, ...], ...]:
    return shift_armies(state.armies, state.index[territory], seat, delta)


def shift_armies(
    armies: tuple[tuple[int, ...], ...], i: int, seat: int, delta: int
) -> tuple[tuple[int, ...], ...]:
    """`armies` with `delta` more of `seat`'s armies in territory number `i`."""
    if delta == 0:
        return armies
    out = list(armies)
    row = list(armies[i])
    row[seat] += delta
    out[i] = tuple(row)
    made = tuple(out)
    _MADE[0] = (made, armies, (i,))
    return made


def shift_two(
    armies: tuple[tuple[int, ...], ...],
    i: int,
    seat_i: int,
    delta_i: int,
    j: int,
    seat_j: int,
    delta_j: int,
) -> tuple[tuple[int, ...], ...]:
    """`shift_armies` of two territories at once (an attack's losses, a move between two),
    making one new board instead of two. A row shifted by 0 stays the very same row."""
    if i == j:
        return shift_armies(shift_armies(armies, i, seat_i, delta_i), j, seat_j, delta_j)
    if delta_i == 0:  # one row shifted (a roll that cost one side only): j's, as i's below
        i, seat_i, delta_i, delta_j = j, seat_j, delta_j, 0
        if delta_i == 0:
            return armies
    out = list(armies)
    row = list(armies[i])  # as shift_armies shifts a row
    row[seat_i] += delta_i
    out[i] = tuple(row)
    if delta_j == 0:  # one row: `shift_armies`'s board, made here (a call fewer, most rolls)
        made = tuple(out)
        _MADE[0] = (made, armies, (i,))
        return made
    row = list(armies[j])
    row[seat_j] += delta_j
    out[j] = tuple(row)
    made = tuple(out)
    _MADE[0] = (made, armies, (i, j) if i < j else (j, i))
    return made


def empty(row: tuple[int, ...]) -> bool:
    """Has no seat an army in the row?"""
    for n in row:  # noqa: SIM110 (compiled, all() over a generator calls into Python)
        if n:
            return False
    return True


def changed_rows(new: tuple[tuple[int, ...], ...], old: tuple[tuple[int, ...], ...]) -> list[int]:
    """The territories whose row in `new` is not the very row of `old` (positions share the
    rows an action did not change), in board order. When `new` is the board the last shift
    made from `old`, those are the rows it shifted; otherwise they are found in C by the
    standard library (a loop of Python over 42 rows costs the Python engine three times as
    much, and compiled about the same)."""
    made = _MADE[0]
    if made is not None and made[0] is new and made[1] is old:
        return list(made[2])
    return list(compress(range(len(new)), map(is_not, new, old)))


# The last board a shift made: (the board, the board it was made from, the rows it replaced);
# one reference, replaced whole (safe for threads). It holds two boards at most; it saves the
# board-wide comparison for the positions most actions make. A tuple, not a class: made for
# every roll, and a tuple is the cheaper to make in Python.
_MADE: Final[list[tuple[Board, Board, tuple[int, ...]] | None]] = [None]


def _interpreted() -> bool:
    """Is the engine run by the interpreter (the Python engine), not compiled by mypyc? A
    compiled function has no code object."""
    return hasattr(_interpreted, "__code__")


# The Python engine: a memo of what is read of an army row pays there (a dictionary looks a
# row up in C, where a loop of Python over it costs several times as much); compiled, the loop
# is the cheaper.
INTERPRETED: Final = _interpreted()


def refill(state: GameState) -> GameState:
    """An empty draw pile is refilled from the traded cards."""
    if not state.draw_pile and state.discards:
        return state.evolve(draw_pile=frozenset(state.discards), discards=())
    return state
