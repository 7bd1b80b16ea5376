"""What the game engine needs to know about a position: who controls what, and how the seats
stand to each other (team-mates, allied neutral armies, opponents)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..grammar.diagnostics import did_you_mean
from ..grammar.messages import Message, msg
from . import refusals
from .actions import RuleViolation
from .rows import INTERPRETED, changed_rows
from .rules import UNLIMITED, Rules
from .state import GameState
from .trace import OPEN

TRACK_DEFAULT: Final = ("ally_of_first", "not_involved", "ally_of_second")


def strongest_in(row: tuple[int, ...]) -> int | None:
    """The seat with most armies in one territory's row (the first of them on a tie; None when
    it is empty)."""
    best = max(row)
    return row.index(best) if best > 0 else None


class View:
    """What one position's army rows say, territory by territory: who controls each, who has
    most armies in it, its armies, and its *frontier*: the neighbours where another seat has
    most armies. Made once and then kept up to date by `Relations.view`, which looks again
    only at the rows that changed since the last position (positions share unchanged rows), so
    a decision reads the front lines instead of rescanning the board.

    Lists are by territory number, seats as numbers and -1 for none: `control[i]` (none:
    empty, or a tie under majority control), `holders[i]` (the seat with most armies, the first
    on a tie; none: empty), `totals[i]` (its armies), `borders[i]` (the neighbours, in board
    order, whose holder is another seat; none for an empty territory). By seat: `present[s]`, the
    territories where s has armies (alive while above 0), and `held[s]`, those it controls.
    A view is never changed once made: the next position's is a new one sharing what did not
    move.
    """

    def __init__(
        self,
        armies: tuple[tuple[int, ...], ...],
        control: list[int],
        holders: list[int],
        totals: list[int],
        present: list[int],
        held: list[int],
        borders: list[tuple[int, ...]],
    ) -> None:
        self.armies: Final = armies
        self.control: Final = control
        self.holders: Final = holders
        self.totals: Final = totals
        self.present: Final = present
        self.held: Final = held
        self.borders: Final = borders


class Relations:
    """Read-only questions about a state, shared by every part of the engine."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geo = rules.geo
        self._open = OPEN  # recordings open: none, and `view` notes nothing (no call)
        # The board's lookups the hot paths read, held here as well: compiled, an attribute
        # of this class is read in C, one of the (interpreted) Geography through a lookup.
        self.index: dict[str, int] = rules.geo.index
        self.adjacent: tuple[tuple[int, ...], ...] = rules.geo.adjacent_index
        self.neighbours: dict[str, frozenset[str]] = rules.geo.neighbours
        self._most_armies = rules.has("territory.control") and (
            rules.word("territory.control") == "most_armies"
        )
        track = rules.words("neutrals.status.track") if rules.has("neutrals.status.track") else ()
        self.track: tuple[str, ...] = track or TRACK_DEFAULT
        self.active_neutrals = (
            rules.has("neutrals.mode") and rules.word("neutrals.mode") == "active"
        )
        self.max_armies = rules.limit("territory.max_armies")
        # Team play: a player may control no territory and still have armies on the board.
        self.teams = rules.has("teams.count") and rules.integer("teams.count", 0) > 0
        # Memos of pure functions of a position (controller by army row, the last position's
        # controllers): a Game holds no game state, only these.
        self._control: dict[tuple[int, ...], int | None] = {}
        self._view: View | None = None
        self._friends_of: object = None
        self._changed_new: object = None
        self._changed_old: object = None
        self._changed: list[int] = []
        self._seated: list[int] = []  # the seats in each row of the last view (`_facts`)
        self._friends: list[list[bool]] = []
        self._fronts_of: tuple[list[int], list[tuple[int, ...]]] | None = None
        self._fronts: dict[int, list[int]] = {}
        self._owned_of: list[int] | None = None
        self._owned_names: tuple[str, ...] = ()
        self._owned: dict[int, list[str]] = {}

    # ---------------------------------------------------------------- errors

    def violation(self, rule: str, message: Message) -> RuleViolation:
        self.rules.note(rule)
        return RuleViolation(rule, message, self.rules.citation(rule))

    def phase_error(self, state: GameState, what: Message) -> RuleViolation:
        return self.violation(
            "turn.phases",
            msg(
                "{what} is not allowed now: it is {name}'s {phase} phase",
                what=what,
                name=state.seats[state.current].name,
                phase=refusals.phase(state.phase),
            ),
        )

    def check_territory(self, name: str) -> None:
        if name not in self.index:
            hint = did_you_mean(name, self.geo.territories)
            said = msg("unknown territory '{name}'", name=name)
            if hint is not None:
                said = msg("{message} ({hint})", message=said, hint=hint)
            raise self.violation("board", said)

    # ---------------------------------------------------------------- control

    def controller(self, state: GameState, territory: str) -> int | None:
        """The seat controlling a territory (None: empty, or a tie under majority control)."""
        found = self.view(state).control[state.index[territory]]
        return None if found < 0 else found

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
        """Every territory's controller, in board order (None: nobody)."""
        return [None if c < 0 else c for c in self.view(state).control]

    def view(self, state: GameState) -> View:
        """The position's `View`: the last one when the rows are the very same, else the last
        one patched where rows differ (found by identity), else made afresh."""
        if self._open[0]:
            self.rules.note("territory.control")
        last = self._view
        rows = state.armies
        if last is not None:
            if last.armies is rows:
                return last
            if len(last.armies) == len(rows) and len(last.present) == len(rows[0]):
                found = self._patched(last, rows)
                self._view = found
                return found
        found = self._fresh(rows)
        self._view = found
        self._seated = [_facts(row)[3] for row in rows]
        return found

    def _fresh(self, rows: tuple[tuple[int, ...], ...]) -> View:
        seats = len(rows[0]) if rows else 0
        control: list[int] = []
        holders: list[int] = []
        totals: list[int] = []
        present = [0] * seats
        held = [0] * seats
        for row in rows:
            total, holder, tied, seated = _facts(row)
            owner = -1 if tied and self._most_armies else holder
            control.append(owner)
            holders.append(holder)
            totals.append(total)
            if owner >= 0:
                held[owner] = held[owner] + 1
            for k in range(seats):
                if seated >> k & 1:
                    present[k] = present[k] + 1
        adjacent = self.adjacent
        borders = [_border(adjacent[i], holders, holders[i]) for i in range(len(rows))]
        return View(rows, control, holders, totals, present, held, borders)

    def _patched(self, last: View, rows: tuple[tuple[int, ...], ...]) -> View:
        """`last` brought up to `rows`: each list is copied only when one of its entries
        changes (most actions change armies only, and no list at all)."""
        old = last.armies
        control, holders, present, held = last.control, last.holders, last.present, last.held
        totals = last.totals.copy()
        copied = 0  # bits: control, holders, present, held
        moved: list[int] = []  # territories whose strongest seat changed
        majority = self._most_armies
        if self._changed_new is rows and self._changed_old is old:  # self.changed, at hand
            changed = self._changed
        else:
            changed = self.changed(rows, old)
        facts = _FACTS
        seated_in = self._seated  # the seats in each row of `last` (kept with the last view)
        for i in changed:
            row = rows[i]
            if facts is None:
                total, holder, tied, seated = _facts(row)
            else:  # the Python engine: the rows read before, remembered
                found = facts.get(row)
                if found is None:
                    found = _facts(row)
                    if len(facts) < MEMO_FACTS:
                        facts[row] = found
                total, holder, tied, seated = found
            was = seated_in[i]
            if seated != was:  # seats came (armies now, none before) or went
                seated_in[i] = seated
                if not copied & 4:
                    present = present.copy()
                    copied |= 4
                diff, k = seated ^ was, 0
                while diff:  # the seats that came or went (mostly one), not every seat
                    if diff & 1:
                        present[k] = present[k] + (1 if seated >> k & 1 else -1)
                    diff >>= 1
                    k += 1
            owner = -1 if tied and majority else holder
            totals[i] = total
            before = control[i]
            if owner != before:
                if not copied & 1:
                    control, held = control.copy(), held.copy()
                    copied |= 1
                if before >= 0:
                    held[before] = held[before] - 1
                if owner >= 0:
                    held[owner] = held[owner] + 1
                control[i] = owner
            if holder != holders[i]:
                if not copied & 2:
                    holders = holders.copy()
                    copied |= 2
                holders[i] = holder
                moved.append(i)
        borders = self._moved(last.borders, moved, holders) if moved else last.borders
        return View(rows, control, holders, totals, present, held, borders)

    def _moved(
        self, before: list[tuple[int, ...]], moved: list[int], holders: list[int]
    ) -> list[tuple[int, ...]]:
        """The frontiers after the territories `moved` changed their strongest seat: theirs,
        and a neighbour's where the territory joins or leaves it."""
        adjacent = self.adjacent
        toggles = _TOGGLED
        borders = before.copy()
        for i in moved:
            borders[i] = _border(adjacent[i], holders, holders[i])
            # A neighbour's frontier changes only if i joins or leaves it.
            h = holders[i]
            for j in adjacent[i]:
                hj = holders[j]
                near = borders[j]
                if (h >= 0 and hj >= 0 and h != hj) != (i in near):
                    if hj < 0:
                        borders[j] = ()
                    elif toggles is None:
                        borders[j] = _toggled(near, i)
                    else:  # the Python engine: the frontiers toggled before, remembered
                        key = (near, i)
                        toggled = toggles.get(key)
                        if toggled is None:
                            toggled = _toggled(near, i)
                            if len(toggles) < MEMO_TOGGLED:
                                toggles[key] = toggled
                        borders[j] = toggled
        return borders

    def fronts(self, view: View, army: int) -> list[int]:
        """The territories `army` controls that border another seat's, in board order: where
        its attacks start. Remembered while the view's controllers and frontier are the very
        lists of the last view asked about (a view copies a list only when an entry changes,
        so most rolls keep both), so a decision reads a few territories, not the board."""
        control, borders = view.control, view.borders
        known = self._fronts_of
        if known is None or known[0] is not control or known[1] is not borders:
            self._fronts_of = (control, borders)
            self._fronts = {}
        else:
            found = self._fronts.get(army)
            if found is not None:
                return found
        made = []
        for i in range(len(control)):
            if control[i] == army and borders[i]:
                made.append(i)
        self._fronts[army] = made
        return made

    def changed(
        self, new: tuple[tuple[int, ...], ...], old: tuple[tuple[int, ...], ...]
    ) -> list[int]:
        """`rows.changed_rows(new, old)`, remembered for the last pair asked about (the view
        and the simulator's invariant watch both ask it of each new position)."""
        if self._changed_new is new and self._changed_old is old:
            return self._changed
        found = changed_rows(new, old)
        self._changed_new, self._changed_old, self._changed = new, old, found
        return found

    def strongest(self, state: GameState, territory: str) -> int | None:
        """The seat with most armies in a territory (the first of them on a tie)."""
        found = self.view(state).holders[state.index[territory]]
        return None if found < 0 else found

    def owned(self, state: GameState, seat: int) -> list[str]:
        """The territories `seat` controls, in board order (a new list). Remembered while the
        view's controllers are the very list of the last view asked about (it is copied only
        when a territory changes hands: placing, most rolls and turns keep it)."""
        control = self.view(state).control
        names = state.territories
        if self._owned_of is not control or self._owned_names is not names:
            self._owned_of, self._owned_names = control, names
            self._owned = {}
        else:
            known = self._owned.get(seat)
            if known is not None:
                return known.copy()
        out = []  # a loop: no comprehension's frame (CPython 3.11), compiled the same
        for i in range(len(control)):
            if control[i] == seat:
                out.append(names[i])
        self._owned[seat] = out
        return out.copy()

    def placeable(self, state: GameState, seat: int) -> list[str]:
        """Where a player may put reinforcements: territories they control and, in team play
        where teams.reinforce.into_team allows it, those their armies share with team-mates
        only."""
        if not self._into_team(state, seat):
            return self.owned(state, seat)  # the same, from the remembered controllers
        return [t for t in state.territories if self.can_place(state, seat, t)]

    def _into_team(self, state: GameState, seat: int) -> bool:
        """May `seat` reinforce territories shared with team-mates (teams.reinforce.into_team;
        absent: no, only the territories the player controls)?"""
        if not self.teammates(state, seat):
            return False
        return self.rules.flag("teams.reinforce.into_team", False)

    def can_place(self, state: GameState, seat: int, territory: str) -> bool:
        row = state.armies[state.index[territory]]
        if self._owner(row) == seat:
            return True
        if not self._into_team(state, seat):
            return False
        return self.shared_with_team(state, seat, territory)

    def shared_with_team(self, state: GameState, seat: int, territory: str) -> bool:
        """Does `seat` have armies in `territory`, beside team-mates' armies only?"""
        row = state.armies[state.index[territory]]
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
                msg(
                    "{territory} may hold at most {max_armies} armies; {room} more fit, not "
                    "{armies}",
                    territory=territory,
                    max_armies=self.max_armies,
                    room=self.room(state, territory),
                    armies=armies,
                ),
            )

    def placeable_with_room(self, state: GameState, seat: int) -> list[str]:
        """The territories where a player may put reinforcements and that have room."""
        places = self.placeable(state, seat)
        if self.max_armies is None:
            return places
        return [t for t in places if self.room(state, t) > 0]

    def defence_roller(self, state: GameState, defender: int) -> int | None:
        """Who rolls the defence of `defender`'s armies against the player whose turn it is: a
        player rolls their own; a neutral army's are rolled as neutrals.defence_rolled_by
        says (opponent: the first player after the attacker, in turn, who is not the
        attacker's friend: in a game of two, the other player). None: the ruleset says not."""
        if not state.seats[defender].neutral:
            return defender
        if not self.rules.has("neutrals.defence_rolled_by"):
            return None
        if self.rules.word("neutrals.defence_rolled_by") != "opponent":
            return None
        attacker = state.current
        n = len(state.seats)
        for step in range(1, n):
            seat = (attacker + step) % n
            if (
                not state.seats[seat].neutral
                and seat not in state.eliminated
                and self.alive(state, seat)
                and not self.is_friend(state, attacker, seat)
            ):
                return seat
        return None

    def alive(self, state: GameState, seat: int) -> bool:
        return self.view(state).present[seat] > 0  # counts are never negative

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

    def friends(self, state: GameState, seat: int) -> list[bool]:
        """`friendly(state, seat)` as a flag per seat (remembered for the seating)."""
        if self._friends_of is not state.seats:
            seats = len(state.seats)
            self._friends = [
                [self.is_friend(state, s, o) for o in range(seats)] for s in range(seats)
            ]
            self._friends_of = state.seats
        return self._friends[seat]

    def is_friend(self, state: GameState, seat: int, other: int) -> bool:
        """Is `other` in `friendly(state, seat)`?"""
        if other == seat:
            return True
        team = state.seats[seat].team
        return team is not None and state.seats[other].team == team

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

    def armies_commanded(self, state: GameState, seat: int) -> list[int]:
        """`commanded(state, seat)` in seat order."""
        if not self.active_neutrals:
            return [seat]
        return sorted(self.commanded(state, seat))

    def commands(self, state: GameState, seat: int, army: int) -> bool:
        """Is `army` in `commanded(state, seat)`?"""
        return army == seat or (self.active_neutrals and army in self.allies(state, seat))

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
        raise self.violation(rule, msg("no seat is called '{name}'", name=name))


def _facts(row: tuple[int, ...]) -> tuple[int, int, bool, int]:
    """A row's armies, its strongest seat (the first of them; -1: none), whether another seat
    has as many, and the seats with armies in it (bit k for seat k), in one pass."""
    best, holder, tied, total, seated = 0, -1, False, 0, 0
    for k in range(len(row)):
        n = row[k]
        if n:
            total += n
            if n > 0:
                seated |= 1 << k
                if n > best:
                    best, holder, tied = n, k, False
                elif n == best:
                    tied = True
    return total, holder, tied, seated


# `_facts` of the rows the Python engine's views have read (rows repeat: a few hundred in a
# thousand games of classic), at most MEMO_FACTS of them; compiled, none (the loop is cheaper).
MEMO_FACTS: Final = 8_192
_FACTS: Final[dict[tuple[int, ...], tuple[int, int, bool, int]] | None] = (
    {} if INTERPRETED else None
)

# `_toggled` of the frontiers the Python engine's views have toggled (a conquest toggles the
# same few again and again), at most MEMO_TOGGLED of them; compiled, none (it is cheaper).
MEMO_TOGGLED: Final = 8_192
_TOGGLED: Final[dict[tuple[tuple[int, ...], int], tuple[int, ...]] | None] = (
    {} if INTERPRETED else None
)


def _toggled(near: tuple[int, ...], i: int) -> tuple[int, ...]:
    """A frontier (territories in board order) with `i` taken out if it is in, put in its
    place if not: a neighbour's frontier when territory i joins or leaves it."""
    k = 0
    while k < len(near) and near[k] < i:
        k += 1
    if k < len(near) and near[k] == i:
        return near[:k] + near[k + 1 :]
    return (*near[:k], i, *near[k:])


def _border(near: tuple[int, ...], holders: list[int], holder: int) -> tuple[int, ...]:
    """The neighbours (of a territory whose strongest seat is `holder`) where another seat has
    most armies; none for an empty territory."""
    if holder < 0:
        return ()
    out = []  # a loop, not a comprehension: a few neighbours, and no frame of its own
    for j in near:
        h = holders[j]
        if h >= 0 and h != holder:
            out.append(j)
    return tuple(out)
