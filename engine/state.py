"""The state of a game.

Immutable, with structural sharing: an action builds a new state that reuses every tuple it
does not change (one territory's army row, one hand). Copying 42 pointers is cheaper than
deep-copying a mutable game, every past state stays valid for replays and tests, and the
engine stays pure: `apply(state, action)` never changes its argument.
"""

from __future__ import annotations

import enum
import functools
from typing import Final, Literal

from .plain import Plain


class Seat(Plain):
    FIELDS = ("name", "neutral", "team")

    def __init__(self, name: str, neutral: bool = False, team: int | None = None) -> None:
        self.name: Final = name
        self.neutral: Final = neutral
        self.team: Final = team


class Pending(Plain):
    """A conquest waiting for its armies to move in."""

    FIELDS = ("source", "target", "dice", "defender")

    def __init__(self, source: str, target: str, dice: int, defender: int) -> None:
        self.source: Final = source
        self.target: Final = target
        self.dice: Final = dice
        self.defender: Final = defender


class Invasion(Plain):
    """An invasion in progress: its target and the neutral seats involved (for status rolls)."""

    FIELDS = ("target", "neutrals", "rolled")

    def __init__(
        self, target: str, neutrals: frozenset[int], rolled: frozenset[int] = frozenset()
    ) -> None:
        self.target: Final = target
        self.neutrals: Final = neutrals
        self.rolled: Final = rolled


class _Keep(enum.Enum):
    """The value of an `evolve` argument not given: the field keeps its value. An enum member,
    so that `x is KEEP` (one comparison) tells mypy the rest of the argument's type."""

    KEEP = 0


KEEP: Final = _Keep.KEEP


class GameState:
    """A position. Immutable: every attribute is `Final` (mypy refuses an assignment anywhere),
    and `evolve` makes a changed copy that shares every part it does not change.

    A plain class with its own `__init__` rather than a frozen dataclass: compiled by mypyc, a
    frozen dataclass is built through a Python-level setattr per field (5.4 us for 33 fields),
    this class natively (0.07 us); in pure Python both cost the same. Equality is identity.
    """

    # Generated from engine/state_fields.py (edit the table there, not these lines).
    def __init__(
        self,
        seats: tuple[Seat, ...],
        territories: tuple[str, ...],
        armies: tuple[tuple[int, ...], ...],
        hands: tuple[tuple[int, ...], ...],
        draw_pile: frozenset[int],
        discards: tuple[int, ...],
        reserves: tuple[int, ...],
        phase: str,
        current: int,
        turn: int = 0,
        sets_traded: int = 0,
        placed: int = 0,
        conquered: bool = False,
        traded: bool = False,
        must_trade: bool = False,
        trade_down_to: int | None = None,
        bonus_taken: int = 0,
        fortifies_left: int = 0,
        pending: Pending | None = None,
        eliminated: frozenset[int] = frozenset(),
        winner: int | None = None,
        created: int = 0,
        destroyed: int = 0,
        status: tuple[int, ...] = (),
        placed_neutrals: frozenset[int] = frozenset(),
        allies_reinforced: frozenset[int] = frozenset(),
        ally_moves: tuple[int, ...] = (),
        invasion: Invasion | None = None,
        missions: tuple[tuple[str, ...], ...] = (),
        completed: tuple[tuple[str, ...], ...] = (),
        claims: int = 0,
        capitals: tuple[str | None, ...] = (),
        index: dict[str, int] | None = None,
        rolls: int = 0,
        forced_left: int = 0,
    ) -> None:
        self.seats: Final[tuple[Seat, ...]] = seats
        self.territories: Final[tuple[str, ...]] = territories
        self.armies: Final[tuple[tuple[int, ...], ...]] = armies  # [territory][seat]
        self.hands: Final[tuple[tuple[int, ...], ...]] = hands  # [seat]: card ids, sorted
        self.draw_pile: Final[frozenset[int]] = draw_pile
        self.discards: Final[tuple[int, ...]] = discards
        self.reserves: Final[tuple[int, ...]] = reserves  # [seat]: armies not yet placed
        # deal, missions, claim, place, bribe, reinforce, ally_reinforce, attack, move_in,
        # status, fortify, draw, over
        self.phase: Final[str] = phase
        self.current: Final[int] = current  # the seat to act
        self.turn: Final[int] = turn  # 0 during setup
        self.sets_traded: Final[int] = sets_traded
        self.placed: Final[int] = placed  # armies placed in this setup round
        self.conquered: Final[bool] = conquered
        self.traded: Final[bool] = traded
        self.must_trade: Final[bool] = must_trade
        self.trade_down_to: Final[int | None] = trade_down_to
        self.bonus_taken: Final[int] = bonus_taken
        self.fortifies_left: Final[int] = fortifies_left
        self.pending: Final[Pending | None] = pending
        self.eliminated: Final[frozenset[int]] = eliminated
        self.winner: Final[int | None] = winner
        self.created: Final[int] = created  # every army ever handed out
        self.destroyed: Final[int] = destroyed  # every army lost in battle
        # Neutral armies (two-player games): each seat's place on the status track (players: 0).
        self.status: Final[tuple[int, ...]] = status
        self.placed_neutrals: Final[frozenset[int]] = placed_neutrals  # given an army this round
        self.allies_reinforced: Final[frozenset[int]] = allies_reinforced
        self.ally_moves: Final[tuple[int, ...]] = ally_moves  # [seat]: an ally's moves left
        self.invasion: Final[Invasion | None] = invasion
        # Mission RISK: each player's missions, and those completed.
        self.missions: Final[tuple[tuple[str, ...], ...]] = missions
        self.completed: Final[tuple[tuple[str, ...], ...]] = completed
        self.claims: Final[int] = claims  # missions claimed this turn
        # Capital Risk: each seat's capital (None: not chosen; empty: the ruleset has none).
        self.capitals: Final[tuple[str | None, ...]] = capitals
        # Territory name -> its number in `territories`, `armies` (shared by every state).
        self.index: Final[dict[str, int]] = index if index is not None else {}
        self.rolls: Final[int] = rolls  # attack rolls this turn (a random player stops at some)
        self.forced_left: Final[int] = forced_left  # sets still forced (cards.forced_trade_sets)

    def evolve(
        self,
        *,
        seats: tuple[Seat, ...] | Literal[_Keep.KEEP] = KEEP,
        territories: tuple[str, ...] | Literal[_Keep.KEEP] = KEEP,
        armies: tuple[tuple[int, ...], ...] | Literal[_Keep.KEEP] = KEEP,
        hands: tuple[tuple[int, ...], ...] | Literal[_Keep.KEEP] = KEEP,
        draw_pile: frozenset[int] | Literal[_Keep.KEEP] = KEEP,
        discards: tuple[int, ...] | Literal[_Keep.KEEP] = KEEP,
        reserves: tuple[int, ...] | Literal[_Keep.KEEP] = KEEP,
        phase: str | Literal[_Keep.KEEP] = KEEP,
        current: int | Literal[_Keep.KEEP] = KEEP,
        turn: int | Literal[_Keep.KEEP] = KEEP,
        sets_traded: int | Literal[_Keep.KEEP] = KEEP,
        placed: int | Literal[_Keep.KEEP] = KEEP,
        conquered: bool | Literal[_Keep.KEEP] = KEEP,
        traded: bool | Literal[_Keep.KEEP] = KEEP,
        must_trade: bool | Literal[_Keep.KEEP] = KEEP,
        trade_down_to: int | Literal[_Keep.KEEP] | None = KEEP,
        bonus_taken: int | Literal[_Keep.KEEP] = KEEP,
        fortifies_left: int | Literal[_Keep.KEEP] = KEEP,
        pending: Pending | Literal[_Keep.KEEP] | None = KEEP,
        eliminated: frozenset[int] | Literal[_Keep.KEEP] = KEEP,
        winner: int | Literal[_Keep.KEEP] | None = KEEP,
        created: int | Literal[_Keep.KEEP] = KEEP,
        destroyed: int | Literal[_Keep.KEEP] = KEEP,
        status: tuple[int, ...] | Literal[_Keep.KEEP] = KEEP,
        placed_neutrals: frozenset[int] | Literal[_Keep.KEEP] = KEEP,
        allies_reinforced: frozenset[int] | Literal[_Keep.KEEP] = KEEP,
        ally_moves: tuple[int, ...] | Literal[_Keep.KEEP] = KEEP,
        invasion: Invasion | Literal[_Keep.KEEP] | None = KEEP,
        missions: tuple[tuple[str, ...], ...] | Literal[_Keep.KEEP] = KEEP,
        completed: tuple[tuple[str, ...], ...] | Literal[_Keep.KEEP] = KEEP,
        claims: int | Literal[_Keep.KEEP] = KEEP,
        capitals: tuple[str | None, ...] | Literal[_Keep.KEEP] = KEEP,
        rolls: int | Literal[_Keep.KEEP] = KEEP,
        forced_left: int | Literal[_Keep.KEEP] = KEEP,
    ) -> GameState:
        """A copy with the fields given changed (a field not given keeps its value).

        The Python engine calls `_evolve_dict` instead (see the end of this module)."""
        return GameState(
            self.seats if seats is KEEP else seats,
            self.territories if territories is KEEP else territories,
            self.armies if armies is KEEP else armies,
            self.hands if hands is KEEP else hands,
            self.draw_pile if draw_pile is KEEP else draw_pile,
            self.discards if discards is KEEP else discards,
            self.reserves if reserves is KEEP else reserves,
            self.phase if phase is KEEP else phase,
            self.current if current is KEEP else current,
            self.turn if turn is KEEP else turn,
            self.sets_traded if sets_traded is KEEP else sets_traded,
            self.placed if placed is KEEP else placed,
            self.conquered if conquered is KEEP else conquered,
            self.traded if traded is KEEP else traded,
            self.must_trade if must_trade is KEEP else must_trade,
            self.trade_down_to if trade_down_to is KEEP else trade_down_to,
            self.bonus_taken if bonus_taken is KEEP else bonus_taken,
            self.fortifies_left if fortifies_left is KEEP else fortifies_left,
            self.pending if pending is KEEP else pending,
            self.eliminated if eliminated is KEEP else eliminated,
            self.winner if winner is KEEP else winner,
            self.created if created is KEEP else created,
            self.destroyed if destroyed is KEEP else destroyed,
            self.status if status is KEEP else status,
            self.placed_neutrals if placed_neutrals is KEEP else placed_neutrals,
            self.allies_reinforced if allies_reinforced is KEEP else allies_reinforced,
            self.ally_moves if ally_moves is KEEP else ally_moves,
            self.invasion if invasion is KEEP else invasion,
            self.missions if missions is KEEP else missions,
            self.completed if completed is KEEP else completed,
            self.claims if claims is KEEP else claims,
            self.capitals if capitals is KEEP else capitals,
            self.index,
            self.rolls if rolls is KEEP else rolls,
            self.forced_left if forced_left is KEEP else forced_left,
        )

    def rolled(
        self,
        armies: tuple[tuple[int, ...], ...],
        destroyed: int,
        invasion: Invasion | None,
        rolls: int,
    ) -> GameState:
        """`evolve(armies=, destroyed=, invasion=, rolls=)`, written out: the position after a
        roll that took no territory, most of a game's positions (no test of the other fields)."""
        if _DICTS:
            fields = self.__dict__.copy()
            fields["armies"] = armies
            fields["destroyed"] = destroyed
            fields["invasion"] = invasion
            fields["rolls"] = rolls
            made: GameState = object.__new__(GameState)  # as `_evolve_dict` makes one
            made.__dict__ = fields
            return made
        return GameState(
            self.seats,
            self.territories,
            armies,
            self.hands,
            self.draw_pile,
            self.discards,
            self.reserves,
            self.phase,
            self.current,
            self.turn,
            self.sets_traded,
            self.placed,
            self.conquered,
            self.traded,
            self.must_trade,
            self.trade_down_to,
            self.bonus_taken,
            self.fortifies_left,
            self.pending,
            self.eliminated,
            self.winner,
            self.created,
            destroyed,
            self.status,
            self.placed_neutrals,
            self.allies_reinforced,
            self.ally_moves,
            invasion,
            self.missions,
            self.completed,
            self.claims,
            self.capitals,
            self.index,
            rolls,
            self.forced_left,
        )

    # End of the generated part.

    def armies_in(self, territory: str) -> tuple[int, ...]:
        return self.armies[self.index[territory]]

    def total(self, territory: str) -> int:
        total = 0
        for n in self.armies[self.index[territory]]:  # compiled, sum() calls into Python
            total += n
        return total

    def board_armies(self) -> int:
        return sum(map(sum, self.armies))

    def cards_in_play(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.draw_pile) + len(self.discards)


def _has_dicts() -> bool:
    """Do states keep their attributes in a dictionary (the Python engine), or natively (the
    engine compiled by mypyc, where the constructor is the cheap way: 0.07 us)?"""
    return hasattr(GameState((), (), (), (), frozenset(), (), (), "deal", 0), "__dict__")


_DICTS: Final = _has_dicts()


def _evolve_dict(self: GameState, **changes: object) -> GameState:
    """`GameState.evolve` for the Python engine, with its signature: an instance made without
    its `__init__`, given a copy of the state's attributes with the changes set, and no test of
    the 34 fields not given. Copying a dictionary of 35 entries is one call into C; calling the
    constructor with 35 arguments that set 35 attributes cost four times as much (7 us an
    evolve, not 1.3: 20% of a simulated game). mypy checks the keywords against `evolve`'s at
    every call. Written out here and in `rolled` (generated), not called: a call is a tenth of
    it."""
    fields = self.__dict__.copy()
    fields |= changes  # an operator, not a method's call (dict.update's takes *args, **kwargs)
    made: GameState = object.__new__(GameState)
    made.__dict__ = fields
    return made


if _DICTS:
    setattr(GameState, "evolve", functools.wraps(GameState.evolve)(_evolve_dict))  # noqa: B010
