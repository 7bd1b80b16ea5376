"""What must hold after every action, whatever the ruleset: the simulator checks these."""

from __future__ import annotations

from .game import Game
from .state import GameState


def violations(game: Game, state: GameState, since: GameState | None = None) -> list[str]:
    """Every invariant the position breaks (empty when all hold).

    With `since`, the position just before (and sound), a territory whose row of armies is the
    very same object as before is not looked at again (states share unchanged rows), nor are the
    cards counted when no hand or pile changed: only what an action changed is re-checked,
    besides the armies' count, which spans the whole game.
    """
    changed = _changed(state, since)
    return _check(game, state, since, changed, _board_armies(state), _rules_read(game))


class Watch:
    """The invariants of one game checked position after position, each against the last.

    It keeps the armies on the board as a running total (adding what the changed rows gained
    or lost), so a check costs what the action changed, not a scan of the board. The total
    lives here, with the simulator's game, not in the pure state.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._last: GameState | None = None
        self._on_board = 0
        self._read = _rules_read(game)

    def check(self, state: GameState) -> list[str]:
        last = self._last
        changed = _changed(state, last)
        if last is None or changed is None:
            on_board = _board_armies(state)
        else:
            new, old = state.armies, last.armies
            on_board = self._on_board
            for i in changed:
                on_board += _sum(new[i]) - _sum(old[i])
        self._last, self._on_board = state, on_board
        return _check(self.game, state, last, changed, on_board, self._read)


def _setting_up(phase: str) -> bool:
    """Territories are still being handed out (they may be empty, and control is not read)."""
    return phase == "deal" or phase == "missions" or phase == "claim"


def _rules_read(game: Game) -> tuple[int, bool]:
    """What the checks read of the rules, once per game: the deck's size, and whether a
    territory holds one player's armies only."""
    return len(game.rules.deck), game.rules.word("territory.control") == "sole_occupant"


def _sum(values: tuple[int, ...]) -> int:
    # A plain loop: compiled (mypyc) it stays in C, where sum() is a call into Python's.
    total = 0
    for n in values:
        total += n
    return total


def _board_armies(state: GameState) -> int:
    total = 0
    for row in state.armies:
        total += _sum(row)
    return total


def _changed(state: GameState, since: GameState | None) -> list[int] | None:
    """The territories whose row differs from `since` (None: compare everything)."""
    if since is None or since.territories is not state.territories:
        return None
    # A plain loop: compiled (mypyc) it is a few instructions a row, where compress and map
    # call back into Python for each.
    new, old = state.armies, since.armies
    return [i for i in range(len(new)) if new[i] is not old[i]]


def _check(
    game: Game,
    state: GameState,
    since: GameState | None,
    changed: list[int] | None,
    on_board: int,
    read: tuple[int, bool],
) -> list[str]:
    """The checks, of the whole position (`changed` None) or of what changed since `since`."""
    deck, sole = read
    out = []
    in_reserve = _sum(state.reserves)
    if on_board + in_reserve != state.created - state.destroyed:
        out.append(
            f"armies not conserved: {on_board + in_reserve} on the board and in "
            f"reserve, {state.created} handed out, {state.destroyed} lost"
        )
    cards_moved = (
        since is None
        or state.hands is not since.hands
        or state.draw_pile is not since.draw_pile
        or state.discards is not since.discards
    )
    if cards_moved and state.cards_in_play() != deck:
        out.append(
            f"cards not conserved: {state.cards_in_play()} in hands and piles, deck of {deck}"
        )
    if changed is None or since is None:
        indices = list(range(len(state.territories)))
        looked = indices
    else:
        if not changed and state.pending is since.pending and not _setting_up(since.phase):
            return out  # no row changed (and the board was checked whole): nothing more broke
        looked = changed
        if _setting_up(since.phase):
            indices = list(range(len(state.territories)))  # the setup is over: the whole board
        else:
            indices = changed
            if since.pending:
                again = state.index[since.pending.target]
                if again not in changed:
                    indices = sorted([*changed, again])
    rows = state.armies
    for i in looked:
        if _negative(rows[i]):
            out.append("a negative number of armies")
            break
    if _setting_up(state.phase):
        return out
    out.extend(_control(game, state, indices, sole))
    return out


def _negative(row: tuple[int, ...]) -> bool:
    for n in row:
        if n < 0:
            return True
    return False


def _control(game: Game, state: GameState, indices: list[int], sole: bool) -> list[str]:
    """Every territory among `indices` is held by its rightful seat, and none is left empty
    (but the one a conquest is waiting to move into). The rightful seat is counted here from
    the row, apart from the engine's own reading (its view of the position, which the next
    decision reads too)."""
    out = []
    pending = state.pending.target if state.pending else None
    control = game.rel.view(state).control
    empty = []
    for i in indices:
        t = state.territories[i]
        row = state.armies[i]
        occupied, top, first, tops = 0, 0, -1, 0
        for k in range(len(row)):
            n = row[k]
            if n != 0:
                occupied += 1
            if n > top:
                top, first, tops = n, k, 1
            elif n == top and n > 0:
                tops += 1
        if not occupied:
            if t != pending:
                empty.append(t)
            continue
        owner = control[i]
        if sole:
            if occupied > 1:
                out.append(f"{t} is shared, but this ruleset lets one player hold a territory")
            elif owner != first:
                out.append(f"{t} is controlled by the wrong seat")
        elif owner != (first if tops == 1 else -1):
            out.append(f"{t} is controlled by the wrong seat")
    if empty:
        out.append(f"empty territories: {', '.join(empty[:5])}")
    return out
