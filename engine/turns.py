"""The start of a player's turn: income counted, cards that must be traded, moves reset."""

from __future__ import annotations

from .relations import Relations
from .rows import with_seat
from .state import GameState


def begin_turn(rel: Relations, state: GameState, seat: int) -> GameState:
    """`seat`'s turn begins: reinforcements by territories and continents (an active neutral
    ally's territories counting where the ruleset says so), a forced trade, fresh moves."""
    rules = rel.rules
    territories = rel.owned(state, seat)
    if rel.active_neutrals and rules.flag("neutrals.ally.counts_for_reinforcements"):
        for ally in rel.allies(state, seat):
            territories += rel.owned(state, ally)
    continents = rel.geo.held_continents(territories)
    income = rules.reinforcements(len(territories), continents)
    forced = len(state.hands[seat]) >= rules.integer("cards.forced_trade")
    must = forced and bool(rules.sets_in(state.hands[seat]))
    moves = rules.count_or_unlimited("fortify.moves")
    phases = rules.words("turn.phases")
    ally_moves = rules.integer("neutrals.ally.fortify_moves", 0)
    return state.evolve(
        phase="bribe" if "bribe" in phases and rel.active_neutrals else "reinforce",
        current=seat,
        turn=state.turn + 1,
        reserves=with_seat(state.reserves, seat, state.reserves[seat] + income),
        created=state.created + income,
        conquered=False,
        traded=False,
        must_trade=must,
        forced_left=forced_sets(rel, must),
        trade_down_to=None,
        bonus_taken=0,
        fortifies_left=moves,
        pending=None,
        invasion=None,
        allies_reinforced=frozenset(),
        ally_moves=tuple(ally_moves for _ in state.seats),
        claims=0,
        rolls=0,
    )


def forced_sets(rel: Relations, must: bool) -> int:
    """How many sets a forced trade takes (cards.forced_trade_sets, 1 when absent): the first
    one, then each next while the hand still holds a complete set; 0 when none is forced."""
    if not must:
        return 0
    return rel.rules.integer("cards.forced_trade_sets", 1)
