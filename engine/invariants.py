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
    if any(n < 0 for row in state.armies for n in row):
        out.append("a negative number of armies")
    if state.phase in ("deal", "missions", "claim"):
        return out
    pending = state.pending.target if state.pending else None
    empty = [t for t in state.territories if state.total(t) == 0 and t != pending]
    if empty:
        out.append(f"empty territories: {', '.join(empty[:5])}")
    sole = game.rules.word("territory.control") == "sole_occupant"
    for t, owner in zip(state.territories, game.controllers(state), strict=True):
        row = state.armies_in(t)
        occupants = [i for i, n in enumerate(row) if n > 0]
        if sole:
            if len(occupants) > 1:
                out.append(f"{t} is shared, but this ruleset lets one player hold a territory")
            elif occupants and owner != occupants[0]:
                out.append(f"{t} is controlled by the wrong seat")
        elif occupants:
            leaders = [i for i in occupants if row[i] == max(row)]
            if owner != (leaders[0] if len(leaders) == 1 else None):
                out.append(f"{t} is controlled by the wrong seat")
    return out
