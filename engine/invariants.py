"""What must hold after every action, whatever the ruleset: the simulator checks these."""

from __future__ import annotations

from .game import Game
from .state import GameState


def violations(game: Game, state: GameState) -> list[str]:
    """Every invariant the position breaks (empty when all hold)."""
    out = []
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
    if min(map(min, state.armies)) < 0:
        out.append("a negative number of armies")
    if state.phase in ("deal", "missions", "claim"):
        return out
    pending = state.pending.target if state.pending else None
    empty = [
        t
        for t, row in zip(state.territories, state.armies, strict=True)
        if not any(row) and t != pending
    ]
    if empty:
        out.append(f"empty territories: {', '.join(empty[:5])}")
    sole = game.rules.word("territory.control") == "sole_occupant"
    owners = game.controllers(state)
    for t, row, owner in zip(state.territories, state.armies, owners, strict=True):
        occupied = len(row) - row.count(0)
        if not occupied:
            continue
        top = max(row)
        if sole:
            if occupied > 1:
                out.append(f"{t} is shared, but this ruleset lets one player hold a territory")
            elif owner != row.index(top):
                out.append(f"{t} is controlled by the wrong seat")
        elif owner != (row.index(top) if row.count(top) == 1 else None):
            out.append(f"{t} is controlled by the wrong seat")
    return out
