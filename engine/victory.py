"""Whether a seat has won, and the quantities a victory or mission condition reads."""

from __future__ import annotations

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
        names = self.quantities(state, seat)
        return bool(self.rules.evaluate("victory", names, self.functions(state, seat)))

    def quantities(self, state: GameState, seat: int) -> dict[str, ex.Number]:
        """The named quantities a victory or mission condition may read, for one seat."""
        rel = self.rel
        mine = rel.owned(state, seat)
        friends = rel.friendly(state, seat)
        opponents = [
            i
            for i in rel.players(state)
            if i not in friends and i not in state.eliminated and rel.alive(state, i)
        ]
        fallen = [i for i in state.eliminated if i not in friends and not state.seats[i].neutral]
        completed = state.completed[seat] if state.completed else ()
        return {
            "territories": len(mine),
            "continents": len(self.geo.held_continents(mine)),
            "opponents": len(opponents),
            "armies": sum(row[seat] for row in state.armies),
            "missions_completed": len(completed),
            "opposing_players_eliminated": len(fallen),
        }

    def functions(self, state: GameState, seat: int) -> dict[str, ex.Function]:
        """The functions a condition may call (controls(asia), eliminated(left), …)."""
        mine = set(self.rel.owned(state, seat))
        players = self.rel.players(state)

        def controls(continent: object) -> bool:
            return self.geo.continents.get(str(continent), frozenset({""})) <= mine

        def at_least(n: object) -> int:
            return sum(1 for t in mine if state.armies_in(t)[seat] >= int(str(n)))

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
