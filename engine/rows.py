"""Building the parts of a new state: army rows, hands, one value per seat.

Each returns new tuples that share every row it does not change (structural sharing); a
simulated game builds tens of thousands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .state import GameState

_T = TypeVar("_T")


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
    row = list(armies[i])
    row[seat] += delta
    out = list(armies)
    out[i] = tuple(row)
    return tuple(out)


def refill(state: GameState) -> GameState:
    """An empty draw pile is refilled from the traded cards."""
    if not state.draw_pile and state.discards:
        return state.evolve(draw_pile=frozenset(state.discards), discards=())
    return state
