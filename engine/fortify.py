"""Fortifying: the moves a player, and an active neutral ally they command, may make once the
attacks are over (how many, how far, what stays behind, and in which order)."""

from __future__ import annotations

from collections.abc import Iterator

from ..grammar.messages import msg
from .actions import Fortify
from .relations import Relations
from .rows import shift_two, with_seat
from .state import GameState


class Fortifying:
    """The `fortify.*` rules, and the allies' moves of `neutrals.ally.fortify_moves`."""

    def __init__(self, relations: Relations) -> None:
        self.rel = relations
        self.rules = relations.rules
        # Read once, not on every fortifying move: whether the turn puts the player's own troop
        # transfer before the allies' (000's two-player game: phase 5, then phase 6).
        phases = list(self.rules.words("turn.phases"))
        self._own_moves_first = (
            "fortify" in phases
            and "ally_fortify" in phases
            and phases.index("fortify") < phases.index("ally_fortify")
        )
        self._ally_allowance = self.rules.integer("neutrals.ally.fortify_moves", 0)

    def moves(self, state: GameState, seat: int) -> Iterator[Fortify]:
        leave = self.rules.integer("fortify.leave_behind")
        allies_moved = self._allies_moved(state, seat)
        for mover in sorted(self.rel.commanded(state, seat)):
            if self._moves_left(state, seat, mover) < 1 or (mover == seat and allies_moved):
                continue
            passable = self.passable(state, mover)
            for source in sorted(t for t in state.territories if state.armies_in(t)[mover] > 0):
                movable = min(state.armies_in(source)[mover], state.total(source) - leave)
                if movable < 1:
                    continue
                for target in sorted(self.rules.reachable(source, passable)):
                    for k in range(1, min(movable, self.rel.room(state, target)) + 1):
                        yield Fortify(source, target, k)

    def fortify(self, state: GameState, action: Fortify) -> GameState:
        if state.phase != "fortify":
            raise self.rel.phase_error(state, msg("fortifying"))
        seat = state.current
        name = state.seats[seat].name
        self.rel.check_territory(action.source)
        self.rel.check_territory(action.target)
        commanded = self.rel.commanded(state, seat)
        movers = [m for m in sorted(commanded) if state.armies_in(action.source)[m] > 0]
        if not movers:
            raise self.rel.violation(
                "territory.control",
                msg("{name} has no armies to move in {source}", name=name, source=action.source),
            )
        mover = movers[0]
        if mover == seat and self._allies_moved(state, seat):
            raise self.rel.violation(
                "turn.phases",
                msg(
                    "{name} moves their own armies before their allies' (the turn's order)",
                    name=name,
                ),
            )
        if self._moves_left(state, seat, mover) < 1:
            rule = "fortify.moves" if mover == seat else "neutrals.ally.fortify_moves"
            raise self.rel.violation(
                rule, msg("no fortifying moves left for {name}", name=state.seats[mover].name)
            )
        passable = self.passable(state, mover)
        if action.target not in passable:
            raise self.rel.violation(
                "territory.control",
                msg(
                    "{target} is not held by {name}",
                    target=action.target,
                    name=state.seats[mover].name,
                ),
            )
        if action.target not in self.rules.reachable(action.source, passable):
            raise self.rel.violation(
                "fortify.reach",
                msg(
                    "{name} cannot move armies from {source} to {target}",
                    name=name,
                    source=action.source,
                    target=action.target,
                ),
            )
        leave = self.rules.integer("fortify.leave_behind")
        movable = min(state.armies_in(action.source)[mover], state.total(action.source) - leave)
        if not 1 <= action.armies <= movable:
            raise self.rel.violation(
                "fortify.leave_behind",
                msg(
                    "{source} can send 1 to {max} armies, not {armies}",
                    source=action.source,
                    max=max(movable, 0),
                    armies=action.armies,
                ),
            )
        self.rel.check_room(state, action.target, action.armies)
        source, target = state.index[action.source], state.index[action.target]
        rows = shift_two(state.armies, source, mover, -action.armies, target, mover, action.armies)
        state = state.evolve(armies=rows)
        if mover == seat:
            return state.evolve(fortifies_left=state.fortifies_left - 1)
        return state.evolve(
            ally_moves=with_seat(state.ally_moves, mover, state.ally_moves[mover] - 1)
        )

    def _moves_left(self, state: GameState, seat: int, mover: int) -> int:
        if mover == seat:
            return state.fortifies_left
        self.rules.note("neutrals.ally.fortify_moves")
        return state.ally_moves[mover] if state.ally_moves else 0

    def _allies_moved(self, state: GameState, seat: int) -> bool:
        """Has an ally made a fortifying move this turn, where the turn puts the player's own
        troop transfer before the allies' (000: phase 5, then phase 6)?"""
        if not (self._own_moves_first and state.ally_moves):
            return False
        return any(
            state.ally_moves[a] < self._ally_allowance
            for a in self.rel.commanded(state, seat)
            if a != seat and a < len(state.ally_moves)
        )

    def passable(self, state: GameState, mover: int) -> set[str]:
        """Territories a fortifying move may pass: those of the mover and their team-mates."""
        friends = self.rel.friendly(state, mover)
        if len(friends) > 1:
            self.rules.note("teams.fortify.into_team")
        if len(friends) == 1:  # no team-mates: the territories the mover alone occupies
            alone = set()
            names, rows = state.territories, state.armies
            totals = self.rel.view(state).totals  # each territory's armies, kept by the view
            for i in range(len(rows)):
                own = rows[i][mover]
                if own > 0 and totals[i] == own:
                    alone.add(names[i])
            return alone
        out = set()
        for t, row in zip(state.territories, state.armies, strict=True):
            if any(row[i] > 0 for i in friends) and all(
                row[i] == 0 or i in friends for i in range(len(row))
            ):
                out.add(t)
        return out
