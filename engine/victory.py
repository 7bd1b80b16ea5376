"""Whether a seat has won, and the quantities a victory or mission condition reads."""

from __future__ import annotations

from typing import Final

from ..grammar import expr as ex
from ..grammar.messages import msg
from ..grammar.schema import PLAYER_QUANTITIES
from .formulas import Formula, Quantities
from .relations import Relations
from .state import GameState
from .trace import OPEN


class Victory:
    """The ruleset's `victory` expression, evaluated for one seat of a position."""

    def __init__(self, relations: Relations) -> None:
        self.rel = relations
        self.rules = relations.rules
        self.geo = relations.geo
        self._goal: Formula | None = None  # the victory expression, compiled when first read

    def has_won(self, state: GameState, seat: int) -> bool:
        """Has `seat` won (it is asked after every conquest)? The expression compiled once,
        and noted each time, as reading it notes it, while a recording is open."""
        goal = self._goal
        if goal is None or OPEN[0]:
            goal = self._goal = self.rules.formula(self.rules.expression("victory"))
        return bool(self.rules.run("victory", goal, Position(self, state, seat)))

    def position(self, state: GameState, seat: int) -> Quantities:
        """What a victory or mission condition reads of one seat of a position: each quantity
        counted only if the condition reads it (they are checked after every conquest, and a
        condition names one or two of them), each function made when it is called."""
        return Position(self, state, seat)

    def quantities(self, state: GameState, seat: int) -> dict[str, ex.Number]:
        """The named quantities a victory or mission condition may read, for one seat."""
        return {name: self.count(name, state, seat) for name in QUANTITIES}

    def count(self, name: str, state: GameState, seat: int) -> ex.Number:
        """One quantity (QUANTITIES) for one seat of a position."""
        rel = self.rel
        if name == "territories":
            return rel.view(state).held[seat]  # len(rel.owned(state, seat)), kept by the view
        if name == "continents":
            return len(self.geo.held_continents(rel.owned(state, seat)))
        if name == "opponents":
            flags = rel.friends(state, seat)
            seats, present = state.seats, rel.view(state).present
            count = 0
            for i in range(len(seats)):
                if not (seats[i].neutral or flags[i] or i in state.eliminated) and present[i]:
                    count += 1
            return count
        if name == "missions_completed":
            return len(state.completed[seat]) if state.completed else 0
        return _counted(rel, name, state, seat)

    def call(self, name: str, state: GameState, seat: int) -> ex.Function:
        """One function (FUNCTIONS) for one seat of a position."""
        players = self.rel.players(state)

        def mine() -> set[str]:
            return set(self.rel.owned(state, seat))

        def controls(continent: object) -> bool:
            return self.geo.continents.get(str(continent), frozenset({""})) <= mine()

        def at_least(n: object) -> int:
            return sum(1 for t in mine() if state.armies_in(t)[seat] >= int(str(n)))

        def eliminated(who: object) -> bool:
            if seat not in players:
                return False
            i = players.index(seat)
            if who == "left":
                return players[(i + 1) % len(players)] in state.eliminated
            if who == "right":
                return players[(i - 1) % len(players)] in state.eliminated
            return any(p in state.eliminated for p in players if p != seat)

        found: dict[str, ex.Function] = {
            "controls": controls,
            "territories_with_at_least": at_least,
            "eliminated": eliminated,
        }
        return found[name]


def _counted(rel: Relations, name: str, state: GameState, seat: int) -> int:
    """`Victory.count` of the quantities counted by a generator: a function of its own, as
    the Python engine makes a generator's cells when a function is entered (`count` is asked
    after every conquest, mostly for territories or opponents)."""
    if name == "armies":
        return sum(row[seat] for row in state.armies)
    if name == "opposing_players_eliminated":
        friends = rel.friendly(state, seat)
        seats = state.seats
        return sum(1 for i in state.eliminated if i not in friends and not seats[i].neutral)
    if name == "capitals":
        return sum(1 for c in state.capitals if c is not None and rel.controller(state, c) == seat)
    if name == "capitals_in_play":
        return sum(1 for c in state.capitals if c is not None)
    raise KeyError(name)


# What `count` and `call` answer: the names the language lets a condition read or call.
QUANTITIES: Final = PLAYER_QUANTITIES
FUNCTIONS: Final = ("controls", "territories_with_at_least", "eliminated")  # min, max: expr's own


class Position(Quantities):
    """The quantities and functions of one seat of a position, for a compiled condition."""

    def __init__(self, victory: Victory, state: GameState, seat: int) -> None:
        self.victory, self.state, self.seat = victory, state, seat
        self.known: dict[str, int] = {}

    def has(self, name: str) -> bool:
        return name in QUANTITIES

    def get(self, name: str) -> int:
        found = self.known.get(name)
        if found is None:
            if name not in QUANTITIES:
                raise ex.EvalError(msg("unknown quantity '{name}'", name=name))
            found = self.known[name] = int(self.victory.count(name, self.state, self.seat))
        return found

    def calls(self, name: str) -> bool:
        return name in FUNCTIONS

    def call(self, name: str, args: list[object]) -> int:
        if name not in FUNCTIONS:
            raise ex.EvalError(msg("'{name}' cannot be used here", name=name))
        return int(self.victory.call(name, self.state, self.seat)(*args))
