"""The state of a game.

Immutable, with structural sharing: an action builds a new state that reuses every tuple it
does not change (one territory's army row, one hand). Copying 42 pointers is cheaper than
deep-copying a mutable game, every past state stays valid for replays and tests, and the
engine stays pure: `apply(state, action)` never changes its argument.
"""

from __future__ import annotations

from collections.abc import Callable
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
    # Capital Risk: each seat's capital (None: not chosen; empty: the ruleset has none).
    capitals: tuple[str | None, ...] = ()
    index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def armies_in(self, territory: str) -> tuple[int, ...]:
        return self.armies[self.index[territory]]

    def total(self, territory: str) -> int:
        return sum(self.armies[self.index[territory]])

    def board_armies(self) -> int:
        return sum(map(sum, self.armies))

    def evolve(self, **changes: Any) -> GameState:
        """A copy with some fields changed: `dataclasses.replace`, without its overhead.

        Replaced below by a function generated for these fields (keyword arguments, one plain
        store per field); an unknown field is a TypeError.
        """
        raise NotImplementedError  # pragma: no cover - replaced by _generated_evolve()

    def cards_in_play(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.draw_pile) + len(self.discards)


_FIELDS = tuple(f.name for f in fields(GameState))


def _generated_evolve() -> Callable[..., GameState]:
    """`evolve`, written out for GameState's fields: about six times faster than a loop of
    `object.__setattr__` calls, and it is called several times per action."""
    keep = object()
    parameters = ", ".join(f"{name}=_KEEP" for name in _FIELDS)
    stores = "".join(
        f"    new.{name} = self.{name} if {name} is _KEEP else {name}\n" for name in _FIELDS
    )
    source = (
        f"def evolve(self, *, {parameters}):\n    new = _new(GameState)\n{stores}    return new\n"
    )
    namespace: dict[str, Any] = {"_KEEP": keep, "_new": object.__new__, "GameState": GameState}
    exec(source, namespace)  # the fields' names are this module's own identifiers
    function: Callable[..., GameState] = namespace["evolve"]
    function.__doc__ = GameState.evolve.__doc__
    return function


# A state is immutable: mypy enforces it on all code (the class is declared frozen), and
# nothing in riskrules assigns to one. The run-time guard of frozen dataclasses (a __setattr__
# that raises) is removed, so that building a state is plain slot stores: the simulator and the
# referee build several states per action.
del GameState.__setattr__
del GameState.__delattr__
GameState.evolve = _generated_evolve()  # type: ignore[method-assign]
