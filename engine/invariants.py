"""What must hold after every action, whatever the ruleset: the simulator checks these."""

from __future__ import annotations

from collections.abc import Iterable

from .game import Game
from .state import GameState


def violations(game: Game, state: GameState, since: GameState | None = None) -> list[str]:
    """Every invariant the position breaks (empty when all hold).

    With `since`, the position just before, a territory whose row of armies is the very same
    object as before is not looked at again (states share unchanged rows): only what an action
    changed is re-checked, besides the counts that span the whole game.
    """
    return _check(game, state, since, _changed(state, since), state.board_armies())


class Watch:
    """The invariants of one game checked position after position, each against the last.

    It keeps the armies on the board as a running total (adding what the changed rows gained
    or lost), so a check costs what the action changed, not a scan of the board: the cards are
    counted again only when a hand or a pile changed, control only where a row did. The total
    lives here, with the simulator's game, not in the pure state.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._last: GameState | None = None
        self._on_board = 0
        self._deck = len(game.rules.deck)
        self._sole = game.rules.word("territory.control") == "sole_occupant"

    def check(self, state: GameState) -> list[str]:
        last = self._last
        changed = _changed(state, last)
        if last is None or changed is None:
            self._last, self._on_board = state, state.board_armies()
            return _check(self.game, state, None, None, self._on_board)
        new, old = state.armies, last.armies
        on_board = self._on_board
        for i in changed:
            on_board += sum(new[i]) - sum(old[i])
        self._last, self._on_board = state, on_board
        out: list[str] = []
        if on_board + sum(state.reserves) != state.created - state.destroyed:
            out.append(_leak(state, on_board))
        if (
            state.hands is not last.hands
            or state.draw_pile is not last.draw_pile
            or state.discards is not last.discards
        ) and state.cards_in_play() != self._deck:
            out.append(_card_leak(state, self._deck))
        if not changed and state.pending is last.pending and last.phase not in _SETTING_UP:
            return out  # no row changed (and the board was checked whole): nothing more broke
        if changed and min([min(new[i]) for i in changed]) < 0:
            out.append("a negative number of armies")
        if state.phase in _SETTING_UP:
            return out
        if last.phase in _SETTING_UP:
            indices: Iterable[int] = range(len(state.territories))
        else:
            again = set(changed)
            if last.pending:
                again.add(state.index[last.pending.target])
            indices = sorted(again)
        out.extend(_control(self.game, state, indices, self._sole))
        return out


_SETTING_UP = ("deal", "missions", "claim")


def _leak(state: GameState, on_board: int) -> str:
    return (
        f"armies not conserved: {on_board + sum(state.reserves)} on the board and in reserve, "
        f"{state.created} handed out, {state.destroyed} lost"
    )


def _card_leak(state: GameState, deck: int) -> str:
    return f"cards not conserved: {state.cards_in_play()} in hands and piles, deck of {deck}"


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
) -> list[str]:
    out = []
    if on_board + sum(state.reserves) != state.created - state.destroyed:
        out.append(_leak(state, on_board))
    deck = len(game.rules.deck)
    if state.cards_in_play() != deck:
        out.append(_card_leak(state, deck))
    rows = state.armies if changed is None else [state.armies[i] for i in changed]
    if rows and min(map(min, rows)) < 0:
        out.append("a negative number of armies")
    if state.phase in _SETTING_UP:
        return out
    indices: Iterable[int] = range(len(state.territories))
    if changed is not None and since is not None and since.phase not in _SETTING_UP:
        again = set(changed)
        if since.pending:
            again.add(state.index[since.pending.target])
        indices = sorted(again)
    sole = game.rules.word("territory.control") == "sole_occupant"
    out.extend(_control(game, state, indices, sole))
    return out


def _control(game: Game, state: GameState, indices: Iterable[int], sole: bool) -> list[str]:
    """Every territory among `indices` is held by its rightful seat, and none is left empty
    (but the one a conquest is waiting to move into)."""
    out = []
    pending = state.pending.target if state.pending else None
    owners = game.rel.controllers(state)  # remembered: the next decision reads them too
    empty = []
    for i in indices:
        t = state.territories[i]
        row = state.armies[i]
        occupied = len(row) - row.count(0)
        if not occupied:
            if t != pending:
                empty.append(t)
            continue
        owner = owners[i]
        top = max(row)
        if sole:
            if occupied > 1:
                out.append(f"{t} is shared, but this ruleset lets one player hold a territory")
            elif owner != row.index(top):
                out.append(f"{t} is controlled by the wrong seat")
        elif owner != (row.index(top) if row.count(top) == 1 else None):
            out.append(f"{t} is controlled by the wrong seat")
    if empty:
        out.append(f"empty territories: {', '.join(empty[:5])}")
    return out
