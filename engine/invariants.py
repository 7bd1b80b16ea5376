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
    out = []
    checking = state.phase not in ("deal", "missions", "claim")
    changed: list[int] | None = None
    if since is not None and since.territories is state.territories:
        old = since.armies
        changed = [i for i, row in enumerate(state.armies) if row is not old[i]]
    on_board = state.board_armies() + sum(state.reserves)
    if on_board != state.created - state.destroyed:
        out.append(
            f"armies not conserved: {on_board} on the board and in reserve, "
            f"{state.created} handed out, {state.destroyed} lost"
        )
    cards = state.cards_in_play()
    if cards != len(game.rules.deck):
        out.append(
            f"cards not conserved: {cards} in hands and piles, deck of {len(game.rules.deck)}"
        )
    rows = state.armies if changed is None else [state.armies[i] for i in changed]
    if rows and min(map(min, rows)) < 0:
        out.append("a negative number of armies")
    if not checking:
        return out
    pending = state.pending.target if state.pending else None
    indices: Iterable[int] = range(len(state.territories))
    if (
        changed is not None
        and since is not None
        and since.phase not in ("deal", "missions", "claim")
    ):
        again = set(changed)
        if since.pending:
            again.add(state.index[since.pending.target])
        indices = sorted(again)
    sole = game.rules.word("territory.control") == "sole_occupant"
    empty = []
    for i in indices:
        t = state.territories[i]
        row = state.armies[i]
        occupied = len(row) - row.count(0)
        if not occupied:
            if t != pending:
                empty.append(t)
            continue
        owner = game.controller(state, t)
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
