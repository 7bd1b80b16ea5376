"""The ladder of built-in players, weakest first: `random`, `aggressive` (both in agents.py),
`positional` and `search` (here). Each is a pure function from (game, state, rng) to an action,
so a game is the same for the same seed, whichever process plays it.

`positional` plays like `aggressive` (it trades as soon as it can, attacks with good odds, moves
in, fortifies towards the front) but reads the board: it picks a continent to take (the best
bonus for the fewest enemy armies in the way), masses its reinforcements at that continent's
edge, prefers the attacks that complete a continent of its own, break one an opponent holds or
knock a player out, attacks at worse odds when it has not yet conquered a territory this turn
(a card is worth having), moves everything into a conquest, and fortifies the border most
threatened. `search` looks ahead: for each attack it weighs the positions after it with the
ruleset's exact battle odds (a conquest's chance and the armies expected to survive it, from
`odds.battle_odds`) and an evaluation of the position, and for each fortifying move what it
changes in what its borders stand to lose on the opponents' next turns and can take on its own
(engine/lookahead.py), and takes the best; it makes at most SEARCH_EVALUATIONS evaluations a
decision, counted (not timed), so its games are the same on any machine.

Every player answers any decision it has no strategy of its own for as `aggressive` does (the
setup, missions, bribes, allies, status rolls), and a decision `aggressive` does not know
either with the first legal action of its kind.
"""

from __future__ import annotations

import random
from typing import Final

from ..grammar.limits import SEARCH_EVALUATIONS
from .actions import Action, Attack, EndAttack, MoveIn, Place, Trade
from .agents import (
    _front,
    _tables,
    _trade_bonus,
    aggressive_agent,
    best_set,
    fortify_front,
)
from .game import Game
from .lookahead import board_of as _board
from .lookahead import income as _income
from .lookahead import invasion as _invasion
from .lookahead import weigh_fortify
from .relations import View
from .state import GameState
from .ties import codes, draw, salt

OWN_PHASES: Final = ("reinforce", "attack", "move_in", "fortify")


def _first_of_kind(game: Game, state: GameState, rng: random.Random) -> Action:
    """A decision no strategy here covers: as `aggressive` answers it."""
    return aggressive_agent(game, state, rng)


# --------------------------------------------------------------------------- positional


def _goal(game: Game, state: GameState, seat: int, view: View) -> int:
    """The continent to take next (-1: none left): the best bonus per enemy army in the way,
    among those `seat` does not hold whole, the more of it held the better; of equals, the
    lowest draw (engine/ties.py), never the first the board lists."""
    board = _board(game.rules)
    holders, totals = view.holders, view.totals
    best, best_key = -1, (0.0, 0)
    mixed = salt(state.turn, seat)
    for k, members in enumerate(board.members):
        own = sum(1 for i in members if holders[i] == seat)
        if own == len(members) or board.bonus[k] <= 0:
            continue
        enemy = sum(totals[i] for i in members if holders[i] != seat)
        score = board.bonus[k] * (own + 1) / len(members) / (1 + enemy)
        key = (score, -draw(board.codes[k], mixed))
        if score > 0 and key > best_key:
            best, best_key = k, key
    return best


def _positional_place(game: Game, state: GameState, seat: int) -> Action:
    """All the reserves on the territory that attacks into the goal continent at the best
    odds; without one, the aggressive player's choice."""
    reserves = state.reserves[seat]
    view = game.rel.view(state)
    goal = _goal(game, state, seat, view)
    board = _board(game.rules)
    friends = game.rel.friends(state, seat)
    odds, _may = _tables(game.rules)
    index = state.index
    best, best_score = None, (-1.0, 0)
    mixed, code = salt(state.turn, seat), codes(game.rules)
    if goal >= 0:
        for t in game.placeable(state, seat):
            i = index[t]
            if view.holders[i] != seat or game.rel.room(state, t) <= 0:
                continue
            armies = view.totals[i] + reserves
            for j in view.borders[i]:
                holder = view.holders[j]
                if holder < 0 or friends[holder] or board.home[j] != goal:
                    continue
                p = odds.wins[odds.cell(armies - 1, view.totals[j])]
                score = (p, -draw(code[i], mixed))  # equals by their draws
                if score > best_score:
                    best, best_score = t, score
    where = best if best is not None else _front(game, state, seat, reserves)
    return Place(where, min(reserves, game.rel.room(state, where)))


def _attack_bonus(game: Game, state: GameState, view: View, army: int, target: int) -> float:
    """What conquering `target` is worth beyond the territory: a continent completed or broken,
    a player knocked out."""
    board = _board(game.rules)
    holders = view.holders
    defender = holders[target]
    bonus = 0.0
    k = board.home[target]
    if k >= 0:
        members = board.members[k]
        if all(holders[i] == army for i in members if i != target):
            bonus += 1.0  # completes a continent
        if all(holders[i] == defender for i in members):
            bonus += 0.6  # breaks an opponent's continent
    if view.held[defender] <= 1:
        bonus += 0.8  # knocks a player out (and takes their cards)
    return bonus


def _positional_attack(game: Game, state: GameState, seat: int, rng: random.Random) -> Action:
    """The attack of the best score (its odds plus what the conquest is worth) among those at
    good odds (worse ones while no territory has been conquered this turn); EndAttack when
    there is none."""
    if state.invasion is not None:
        return aggressive_agent(game, state, rng)
    view = game.rel.view(state)
    goal = _goal(game, state, seat, view)
    board = _board(game.rules)
    odds, _may = _tables(game.rules)
    friends = game.rel.friends(state, seat)
    threshold = 0.45 if not state.conquered else 0.6
    if state.turn >= 150:
        threshold = 0.3
    best: tuple[int, int, int] | None = None
    best_score = 0.0
    mixed, code = salt(state.turn, seat), codes(game.rules)
    best_draw = (0, 0)
    for army in game.rel.armies_commanded(state, seat):
        for source in range(len(view.control)):
            if view.control[source] != army or not view.borders[source]:
                continue
            armies = state.armies[source][army]
            if not game.rules.attack_allowed(armies):
                continue
            for target in view.borders[source]:
                defender = view.holders[target]
                if defender < 0 or friends[defender] or defender == army:
                    continue
                p = odds.wins[odds.cell(armies - 1, view.totals[target])]
                if p < threshold:
                    continue
                score = p + _attack_bonus(game, state, view, army, target)
                score += 0.3 if board.home[target] == goal else 0.0
                if best is None or score >= best_score:
                    drawn = (draw(code[source], mixed), draw(code[target], mixed))
                    if best is None or score > best_score or drawn < best_draw:
                        best, best_score, best_draw = (source, target, armies), score, drawn
    if best is None:
        return EndAttack()
    return _roll(game, state, *best, rng)


def _roll(
    game: Game, state: GameState, source: int, target: int, armies: int, rng: random.Random
) -> Action:
    a_high = game.rules.attacker_dice(armies)[1]
    d_high = game.rules.defender_dice(state.total(state.territories[target]))[1]
    names = state.territories
    return game.chance(state, Attack(names[source], names[target], a_high, d_high), rng)


def _threat(view: View, friends: list[bool], i: int, adjacent: tuple[int, ...]) -> int:
    """The most armies an enemy has beside territory `i`."""
    most = 0
    for j in adjacent:
        holder = view.holders[j]
        if holder >= 0 and not friends[holder] and view.totals[j] > most:
            most = view.totals[j]
    return most


def _positional_move_in(game: Game, state: GameState, seat: int) -> Action:
    """Everything in: the stack that conquered keeps rolling. (Leaving as many behind as the
    largest enemy stack beside the territory moved from won 31% of 200 games against three
    aggressive players, everything in 44%.)"""
    _low, high = game._move_in_range(state)
    return MoveIn(high)


def _most_threatened(
    view: View, friends: list[bool], i: int, adjacent: tuple[int, ...]
) -> int | None:
    """The positional player's fortifying targets: a border, the more enemy armies beside it
    than its own the better (None: no enemy beside it)."""
    threat = _threat(view, friends, i, adjacent)
    return threat - view.totals[i] if threat else None


def _positional_fortify(game: Game, state: GameState, seat: int) -> Action:
    """The largest stack (of the three largest) that faces no enemy moves to the most
    threatened border it reaches (agents.fortify_front, the aggressive player's search)."""
    return fortify_front(game, state, seat, 3, _most_threatened)


def positional_agent(game: Game, state: GameState, rng: random.Random) -> Action:
    phase = state.phase
    if phase not in OWN_PHASES:
        return _first_of_kind(game, state, rng)
    if game.missions.deck:
        claim = next(iter(game.mission_claims(state)), None)
        if claim is not None:
            return claim
    seat = state.current
    if phase == "reinforce":
        trio = best_set(game, state, seat)
        if trio is not None:
            kind = game.rules.set_kinds(trio)[0]
            return Trade(trio, kind, _trade_bonus(game, state, seat, trio))
        if state.reserves[seat] <= 0:
            return _first_of_kind(game, state, rng)
        return _positional_place(game, state, seat)
    if phase == "attack":
        return _positional_attack(game, state, seat, rng)
    if phase == "move_in":
        return _positional_move_in(game, state, seat)
    return _positional_fortify(game, state, seat)


# --------------------------------------------------------------------------- search


class Evaluator:
    """A position's worth to one seat, from the holder and armies of every territory: the
    armies it will receive next turn against its strongest opponent's, its progress in each
    continent, and what it stands to lose where an enemy stack is beside a weaker one of its
    own (by the exact odds). `count` is the evaluations made, which the budget bounds."""

    def __init__(self, game: Game, state: GameState, seat: int) -> None:
        self.game = game
        self.rules = game.rules
        self.board = _board(game.rules)
        self.seat = seat
        self.friends = game.rel.friends(state, seat)
        self.adjacent = self.board.adjacent  # in the order of the ids: sums the same to the bit
        self.count = 0
        self.seats = len(state.seats)

    def income(self, holders: list[int], seat: int) -> float:
        return _income(self.board, holders, seat)

    def value(self, holders: list[int], totals: list[int]) -> float:
        self.count += 1
        seat, friends, board = self.seat, self.friends, self.board
        mine = self.income(holders, seat)
        if mine == 0:
            return -1000.0
        rivals = max(
            (self.income(holders, s) for s in range(self.seats) if not friends[s]), default=0.0
        )
        progress = 0.0
        for k, members in enumerate(board.members):
            own = sum(1 for i in members if holders[i] == seat)
            progress += board.bonus[k] * (own / len(members)) ** 2
        risk = 0.0
        armies = 0
        for i in self.board.order:  # in the order of the ids: the same sum for any listing
            if holders[i] != seat:
                continue
            armies += totals[i]
            most = 0
            for j in self.adjacent[i]:
                h = holders[j]
                if h >= 0 and not friends[h] and totals[j] > most:
                    most = totals[j]
            if most > 1:
                p = _invasion(self.rules, most - 1, totals[i])[0]
                k = board.home[i]
                at_stake = 1.0 + (board.bonus[k] if k >= 0 and progress else 0.0) * 0.5
                risk += p * at_stake
        alive = sum(1 for s in range(self.seats) if not friends[s] and s in holders)
        return mine - 0.6 * rivals + 0.4 * progress + 0.03 * armies - 0.5 * risk - 2.0 * alive


def _search_attack(
    game: Game, state: GameState, seat: int, rng: random.Random
) -> tuple[Action, int]:
    """The invasion worth the most by the exact odds (the chance of the conquest times the
    position after it, plus the chance of failing times the position after that), or stopping
    when that is worth more; the candidates are the positional player's best, as many as the
    budget evaluates."""
    if state.invasion is not None or len(game.rel.armies_commanded(state, seat)) > 1:
        return _positional_attack(game, state, seat, rng), 0
    view = game.rel.view(state)
    ev = Evaluator(game, state, seat)
    friends = ev.friends
    odds, _may = _tables(game.rules)
    candidates: list[tuple[float, int, int, int]] = []
    for source in range(len(view.control)):
        if view.control[source] != seat or not view.borders[source]:
            continue
        armies = state.armies[source][seat]
        if not game.rules.attack_allowed(armies):
            continue
        for target in view.borders[source]:
            defender = view.holders[target]
            if defender < 0 or friends[defender]:
                continue
            p = odds.wins[odds.cell(armies - 1, view.totals[target])]
            if p < 0.2:
                continue
            score = p + _attack_bonus(game, state, view, seat, target)
            candidates.append((score, source, target, armies))
    if not candidates:
        return EndAttack(), 0
    # The best first, equals by their draws (engine/ties.py): which of them the budget reaches
    # never depends on the order the board is listed in.
    mixed, code = salt(state.turn, seat), codes(game.rules)
    candidates.sort(key=lambda c: (-c[0], draw(code[c[1]], mixed), draw(code[c[2]], mixed)))
    holders, totals = list(view.holders), list(view.totals)
    card = 0.0 if state.conquered else 1.5  # a first conquest this turn earns a card
    stop = ev.value(holders, totals)
    best: tuple[int, int, int] | None = None
    best_value = stop
    for _score, source, target, armies in candidates[: max(1, (SEARCH_EVALUATIONS - 1) // 2)]:
        p, won, kept = _invasion(game.rules, armies - 1, totals[target])
        after_win_h = holders.copy()
        after_win_t = totals.copy()
        after_win_h[target] = seat
        moved = max(1, round(won))
        after_win_t[target] = moved
        after_win_t[source] = max(1, totals[source] - moved)
        after_loss_t = totals.copy()
        after_loss_t[source] = max(1, totals[source] - (armies - 1))
        after_loss_t[target] = max(1, round(kept))
        worth = p * (ev.value(after_win_h, after_win_t) + card)
        worth += (1 - p) * ev.value(holders, after_loss_t)
        if worth > best_value:
            best, best_value = (source, target, armies), worth
    if best is None:
        return EndAttack(), ev.count
    return _roll(game, state, *best, rng), ev.count


def search_agent(game: Game, state: GameState, rng: random.Random) -> Action:
    """The positional player, with every attack decision (which invasion to press, or to stop)
    and its fortifying move looked ahead by the exact odds within the budget (see
    _search_attack, and lookahead.fortify_lookahead)."""
    return search_decision(game, state, rng)[0]


def search_decision(game: Game, state: GameState, rng: random.Random) -> tuple[Action, int]:
    """search_agent's action and the positions or moves it weighed to choose it (0 where it
    plays as positional): what the budget bounds."""
    phase = state.phase
    alone = len(game.rel.armies_commanded(state, state.current)) == 1
    if phase not in ("attack", "fortify") or not alone:
        return positional_agent(game, state, rng), 0
    if game.missions.deck:
        claim = next(iter(game.mission_claims(state)), None)
        if claim is not None:
            return claim, 0
    if phase == "fortify":
        return weigh_fortify(game, state, state.current)
    return _search_attack(game, state, state.current, rng)
