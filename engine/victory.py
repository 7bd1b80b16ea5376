"""Whether a seat has won, and the quantities a victory or mission condition reads."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..grammar import expr as ex
from ..grammar.schema import PLAYER_QUANTITIES
from .relations import Relations
from .state import GameState


class Victory:
    """The ruleset's `victory` expression, evaluated for one seat of a position."""

    def __init__(self, relations: Relations) -> None:
        self.rel = relations
        self.rules = relations.rules
        self.geo = relations.geo

    def has_won(self, state: GameState, seat: int) -> bool:
        names = self.lazy_quantities(state, seat)
        return bool(self.rules.evaluate("victory", names, self.functions(state, seat)))

    def lazy_quantities(self, state: GameState, seat: int) -> Mapping[str, ex.Number]:
        """The quantities, each counted only if a condition reads it (they are checked after
        every conquest, and a condition names one or two of them)."""
        return _Lazy(self, state, seat)

    def quantities(self, state: GameState, seat: int) -> dict[str, ex.Number]:
        """The named quantities a victory or mission condition may read, for one seat."""
        return {name: self.count(name, state, seat) for name in QUANTITIES}

    def count(self, name: str, state: GameState, seat: int) -> ex.Number:
        """One quantity (QUANTITIES) for one seat of a position."""
        rel = self.rel
        if name == "territories":
            return len(rel.owned(state, seat))
        if name == "continents":
            return len(self.geo.held_continents(rel.owned(state, seat)))
        if name == "opponents":
            friends = rel.friendly(state, seat)
            return sum(
                1
                for i in rel.players(state)
                if i not in friends and i not in state.eliminated and rel.alive(state, i)
            )
        if name == "armies":
            return sum(row[seat] for row in state.armies)
        if name == "missions_completed":
            return len(state.completed[seat]) if state.completed else 0
        if name == "opposing_players_eliminated":
            friends = rel.friendly(state, seat)
            seats = state.seats
            return sum(1 for i in state.eliminated if i not in friends and not seats[i].neutral)
        if name == "capitals":
            return sum(
                1 for c in state.capitals if c is not None and rel.controller(state, c) == seat
            )
        if name == "capitals_in_play":
            return sum(1 for c in state.capitals if c is not None)
        raise KeyError(name)

    def functions(self, state: GameState, seat: int) -> Mapping[str, ex.Function]:
        """The functions a condition may call (controls(asia), eliminated(left), …), made
        when a condition calls one."""
        return _Functions(self, state, seat)

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


# What `count` and `call` answer: the names the language lets a condition read or call.
QUANTITIES = PLAYER_QUANTITIES
FUNCTIONS = ("controls", "territories_with_at_least", "eliminated")  # min, max: expr's own


class _Lazy(Mapping[str, "ex.Number"]):
    """Quantities counted when a condition first reads them, then remembered."""

    def __init__(self, victory: Victory, state: GameState, seat: int) -> None:
        self._victory, self._state, self._seat = victory, state, seat
        self._known: dict[str, ex.Number] = {}

    def __getitem__(self, name: str) -> ex.Number:
        if name not in self._known:
            self._known[name] = self._victory.count(name, self._state, self._seat)
        return self._known[name]

    def __contains__(self, name: object) -> bool:
        return name in QUANTITIES

    def __iter__(self) -> Iterator[str]:
        return iter(QUANTITIES)

    def __len__(self) -> int:
        return len(QUANTITIES)


class _Functions(Mapping[str, "ex.Function"]):
    """The functions of one seat of a position, made when a condition calls one."""

    def __init__(self, victory: Victory, state: GameState, seat: int) -> None:
        self._victory, self._state, self._seat = victory, state, seat

    def __getitem__(self, name: str) -> ex.Function:
        if name not in FUNCTIONS:
            raise KeyError(name)
        return self._victory.call(name, self._state, self._seat)

    def __contains__(self, name: object) -> bool:
        return name in FUNCTIONS

    def __iter__(self) -> Iterator[str]:
        return iter(FUNCTIONS)

    def __len__(self) -> int:
        return len(FUNCTIONS)
