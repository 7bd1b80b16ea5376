"""The state of a game.

Immutable, with structural sharing: an action builds a new state that reuses every tuple it
does not change (one territory's army row, one hand). Copying 42 pointers is cheaper than
deep-copying a mutable game, every past state stays valid for replays and tests, and the
engine stays pure: `apply(state, action)` never changes its argument.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    neutral: bool = False
    team: int | None = None


@dataclass(frozen=True, slots=True)
class Pending:
    """A conquest waiting for its armies to move in."""

    source: str
    target: str
    dice: int
    defender: int


@dataclass(frozen=True, slots=True)
class Invasion:
    """An invasion in progress: its target and the neutral seats involved (for status rolls)."""

    target: str
    neutrals: frozenset[int]
    rolled: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class GameState:
    seats: tuple[Seat, ...]
    territories: tuple[str, ...]
    armies: tuple[tuple[int, ...], ...]  # [territory][seat]: several seats may share one
    hands: tuple[tuple[int, ...], ...]  # [seat]: card ids, sorted
    draw_pile: frozenset[int]
    discards: tuple[int, ...]
    reserves: tuple[int, ...]  # [seat]: armies received and not yet placed
    phase: str  # deal, missions, claim, place, bribe, reinforce, ally_reinforce, attack,
    # move_in, status, fortify, draw, over
    current: int  # the seat to act
    turn: int = 0  # 0 during setup
    sets_traded: int = 0
    placed: int = 0  # armies placed in this setup round
    conquered: bool = False
    traded: bool = False
    must_trade: bool = False
    trade_down_to: int | None = None
    bonus_taken: int = 0
    fortifies_left: int = 0
    pending: Pending | None = None
    eliminated: frozenset[int] = frozenset()
    winner: int | None = None
    created: int = 0  # every army ever handed out
    destroyed: int = 0  # every army lost in battle
    # Neutral armies (two-player games): each seat's place on the status track (players: 0).
    status: tuple[int, ...] = ()
    placed_neutrals: frozenset[int] = frozenset()  # neutrals given an army this setup round
    allies_reinforced: frozenset[int] = frozenset()
    ally_moves: tuple[int, ...] = ()  # [seat] fortifying moves left for each ally this turn
    invasion: Invasion | None = None
    # Mission RISK: each player's missions, and those completed.
    missions: tuple[tuple[str, ...], ...] = ()
    completed: tuple[tuple[str, ...], ...] = ()
    claims: int = 0  # missions claimed this turn
    index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def armies_in(self, territory: str) -> tuple[int, ...]:
        return self.armies[self.index[territory]]

    def total(self, territory: str) -> int:
        return sum(self.armies[self.index[territory]])

    def board_armies(self) -> int:
        return sum(map(sum, self.armies))

    def evolve(self, **changes: Any) -> GameState:
        """A copy with some fields changed: `dataclasses.replace`, without its overhead."""
        new = object.__new__(GameState)
        for name in _FIELDS:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def cards_in_play(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.draw_pile) + len(self.discards)


_FIELDS = tuple(f.name for f in fields(GameState))


# ---------------------------------------------------------------- building states
# Each returns new tuples that share every row it does not change (structural sharing).


def with_seat(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
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
    i = state.index[territory]
    row = list(state.armies[i])
    row[seat] += delta
    armies = list(state.armies)
    armies[i] = tuple(row)
    return tuple(armies)


def refill(state: GameState) -> GameState:
    """An empty draw pile is refilled from the traded cards."""
    if not state.draw_pile and state.discards:
        return state.evolve(draw_pile=frozenset(state.discards), discards=())
    return state
