"""What the game engine needs to know about a position: who controls what, and how the seats
stand to each other (team-mates, allied neutral armies, opponents)."""

from __future__ import annotations

from collections.abc import Sequence

from ..grammar.diagnostics import did_you_mean
from .actions import RuleViolation
from .rules import UNLIMITED, Rules
from .state import GameState

TRACK_DEFAULT = ("ally_of_first", "not_involved", "ally_of_second")


def strongest_in(row: tuple[int, ...]) -> int | None:
    """The seat with most armies in one territory's row (the first of them on a tie; None when
    it is empty)."""
    best = max(row)
    return row.index(best) if best > 0 else None


class Relations:
    """Read-only questions about a state, shared by every part of the engine."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geo = rules.geo
        self._most_armies = rules.has("territory.control") and (
            rules.word("territory.control") == "most_armies"
        )
        track = rules.words("neutrals.status.track") if rules.has("neutrals.status.track") else ()
        self.track: tuple[str, ...] = track or TRACK_DEFAULT
        self.active_neutrals = (
            rules.has("neutrals.mode") and rules.word("neutrals.mode") == "active"
        )
        self.max_armies = rules.limit("territory.max_armies")
        # Memos of pure functions of a position (controller by army row, the last position's
        # controllers): a Game holds no game state, only these.
        self._control: dict[tuple[int, ...], int | None] = {}
        self._owners_of: object = None
        self._owners: list[int | None] = []

    # ---------------------------------------------------------------- errors

    def violation(self, rule: str, message: str) -> RuleViolation:
        self.rules.note(rule)
        return RuleViolation(rule, message, self.rules.citation(rule))

    def phase_error(self, state: GameState, what: str) -> RuleViolation:
        return self.violation(
            "turn.phases",
            f"{what} is not allowed now: it is "
            f"{state.seats[state.current].name}'s {state.phase} phase",
        )

    def check_territory(self, name: str) -> None:
        if name not in self.geo.index:
            hint = did_you_mean(name, self.geo.territories)
            raise self.violation(
                "board", f"unknown territory '{name}'" + (f" ({hint})" if hint else "")
            )

    # ---------------------------------------------------------------- control

    def controller(self, state: GameState, territory: str) -> int | None:
        """The seat controlling a territory (None: empty, or a tie under majority control)."""
        self.rules.note("territory.control")
        return self._owner(state.armies[state.index[territory]])

    def _owner(self, row: tuple[int, ...]) -> int | None:
        found = self._control.get(row, -1)
        if found != -1:
            return found
        best, seat, tied = 0, None, False
        for i, n in enumerate(row):
            if n > best:
                best, seat, tied = n, i, False
            elif n == best and n > 0:
                tied = True
        found = None if seat is None or (tied and self._most_armies) else seat
        if len(self._control) < 8_192:  # rows repeat; memory stays bounded (a few MiB)
            self._control[row] = found
        return found

    def controllers(self, state: GameState) -> list[int | None]:
        """Every territory's controller, in board order (remembered for the last position)."""
        if self._owners_of is state.armies:
            self.rules.note("territory.control")
            return self._owners
        self.rules.note("territory.control")
        last = self._owners_of
        if isinstance(last, tuple) and len(last) == len(state.armies):
            # Positions share unchanged rows: only the rows that differ are looked at again
            # (found by identity; a copy, since a caller may still hold the last list).
            rows = state.armies
            owners = self._owners.copy()
            for i in range(len(rows)):
                if rows[i] is not last[i]:
                    owners[i] = self._owner(rows[i])
        else:
            owners = [self._owner(row) for row in state.armies]
        self._owners_of, self._owners = state.armies, owners
        return owners

    def strongest(self, state: GameState, territory: str) -> int | None:
        """The seat with most armies in a territory (the first of them on a tie)."""
        return strongest_in(state.armies[state.index[territory]])

    def owned(self, state: GameState, seat: int) -> list[str]:
        owners = self.controllers(state)
        names = state.territories
        return [names[i] for i in range(len(owners)) if owners[i] == seat]

    def placeable(self, state: GameState, seat: int) -> list[str]:
        """Where a player may put reinforcements: territories they control and, in team play,
        those their armies share with team-mates only."""
        if not self.teammates(state, seat):
            return self.owned(state, seat)  # the same, from the remembered controllers
        return [t for t in state.territories if self.can_place(state, seat, t)]

    def can_place(self, state: GameState, seat: int, territory: str) -> bool:
        row = state.armies[state.index[territory]]
        if self._owner(row) == seat:
            return True
        if row[seat] == 0 or not self.teammates(state, seat):
            return False
        friends = self.friendly(state, seat)
        return all(n == 0 or i in friends for i, n in enumerate(row))

    def room(self, state: GameState, territory: str) -> int:
        """How many more armies a territory may hold (territory.max_armies; no cap: plenty)."""
        if self.max_armies is None:
            return UNLIMITED
        return max(0, self.max_armies - sum(state.armies[state.index[territory]]))

    def check_room(self, state: GameState, territory: str, armies: int) -> None:
        """Refuse a placement or move that would put more than the cap in a territory."""
        if self.max_armies is not None and armies > self.room(state, territory):
            raise self.violation(
                "territory.max_armies",
                f"{territory} may hold at most {self.max_armies} armies; "
                f"{self.room(state, territory)} more fit, not {armies}",
            )

    def placeable_with_room(self, state: GameState, seat: int) -> list[str]:
        """The territories where a player may put reinforcements and that have room."""
        places = self.placeable(state, seat)
        if self.max_armies is None:
            return places
        return [t for t in places if self.room(state, t) > 0]

    def alive(self, state: GameState, seat: int) -> bool:
        return any(row[seat] for row in state.armies)  # counts are never negative

    def players(self, state: GameState) -> list[int]:
        return [i for i, s in enumerate(state.seats) if not s.neutral]

    def neutrals(self, state: GameState) -> list[int]:
        return [i for i, s in enumerate(state.seats) if s.neutral]

    # ---------------------------------------------------------------- teams

    def teammates(self, state: GameState, seat: int) -> list[int]:
        team = state.seats[seat].team
        if team is None:
            return []
        return [i for i, s in enumerate(state.seats) if i != seat and s.team == team]

    def friendly(self, state: GameState, seat: int) -> set[int]:
        """Seats whose territories count as one's own for fortifying: oneself and team-mates."""
        return {seat, *self.teammates(state, seat)}

    # ---------------------------------------------------------------- neutral allies

    def ally_of(self, state: GameState, neutral: int) -> int | None:
        """The player an active neutral army is allied with (None: not involved)."""
        if not self.active_neutrals or not state.seats[neutral].neutral or not state.status:
            return None
        place = self.track[state.status[neutral]]
        players = self.players(state)
        if place == "ally_of_first":
            return players[0]
        if place == "ally_of_second" and len(players) > 1:
            return players[1]
        return None

    def allies(self, state: GameState, seat: int) -> list[int]:
        if not self.active_neutrals:  # only active neutral armies ally (ally_of says None)
            return []
        return [
            n
            for n in self.neutrals(state)
            if self.ally_of(state, n) == seat and self.alive(state, n)
        ]

    def commanded(self, state: GameState, seat: int) -> set[int]:
        """Seats whose armies a player moves and attacks with: their own and their allies'."""
        return {seat, *self.allies(state, seat)}

    def step_toward(self, state: GameState, neutral: int, seat: int, away: bool = False) -> int:
        """A neutral's next place on the status track toward (or away from) a player."""
        players = self.players(state)
        here = state.status[neutral]
        direction = -1 if seat == players[0] else 1
        if away:
            direction = -direction
        return min(max(here + direction, 0), len(self.track) - 1)

    def names(self, state: GameState, seats: Sequence[int]) -> str:
        return ", ".join(state.seats[i].name for i in seats)

    def seat_named(self, state: GameState, name: str, rule: str) -> int:
        for i, seat in enumerate(state.seats):
            if seat.name == name:
                return i
        raise self.violation(rule, f"no seat is called '{name}'")
