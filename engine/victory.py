"""Whether a seat has won, and the quantities a victory or mission condition reads."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from ..grammar import expr as ex
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
        return _Lazy(self._counts(state, seat))

    def quantities(self, state: GameState, seat: int) -> dict[str, ex.Number]:
        """The named quantities a victory or mission condition may read, for one seat."""
        return {name: count() for name, count in self._counts(state, seat).items()}

    def _counts(self, state: GameState, seat: int) -> dict[str, Callable[[], ex.Number]]:
        rel = self.rel

        def opponents() -> int:
            friends = rel.friendly(state, seat)
            return sum(
                1
                for i in rel.players(state)
                if i not in friends and i not in state.eliminated and rel.alive(state, i)
            )

        def fallen() -> int:
            friends = rel.friendly(state, seat)
            seats = state.seats
            return sum(1 for i in state.eliminated if i not in friends and not seats[i].neutral)

        return {
            "territories": lambda: len(rel.owned(state, seat)),
            "continents": lambda: len(self.geo.held_continents(rel.owned(state, seat))),
            "opponents": opponents,
            "armies": lambda: sum(row[seat] for row in state.armies),
            "missions_completed": lambda: len(state.completed[seat]) if state.completed else 0,
            "opposing_players_eliminated": fallen,
            "capitals": lambda: sum(
                1 for c in state.capitals if c is not None and rel.controller(state, c) == seat
            ),
            "capitals_in_play": lambda: sum(1 for c in state.capitals if c is not None),
        }

    def functions(self, state: GameState, seat: int) -> dict[str, ex.Function]:
        """The functions a condition may call (controls(asia), eliminated(left), …)."""
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

        return {
            "controls": controls,
            "territories_with_at_least": at_least,
            "eliminated": eliminated,
        }


class _Lazy(Mapping[str, "ex.Number"]):
    """Quantities counted when a condition first reads them, then remembered."""

    def __init__(self, counts: dict[str, Callable[[], ex.Number]]) -> None:
        self._counts = counts
        self._known: dict[str, ex.Number] = {}

    def __getitem__(self, name: str) -> ex.Number:
        if name not in self._known:
            self._known[name] = self._counts[name]()
        return self._known[name]

    def __contains__(self, name: object) -> bool:
        return name in self._counts

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)
