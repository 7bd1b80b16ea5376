"""The `search` player's lookahead at its fortifying move (engine/ladder.py plays it): what each
move it could make costs or earns on the turns that follow, by the ruleset's exact battle odds.

Each territory the player holds beside an enemy has a *term*. Against it: the chance that the
enemy stacks beside it take it on the opponents' next turns (each stack with the armies it will
have: its own and, at the worst, its player's next reinforcements on it; several stacks beside
one territory are as many chances to lose it) times the territory and the bonus of a continent
held whole that losing it breaks, and the armies the player is expected to lose in the
strongest stack's attack less those the attacker is expected to lose (a stack that makes an
attack cost the attacker more is worth its armies; one that is lost either way is not). For it:
what the territory's stack can do on the player's own next turn, its best conquest's chance
(exact odds) times the conquest's worth (the territory, a continent completed, one broken).

A fortifying move changes two territories' armies, so its worth is the change of those two
territories' terms: one evaluation a candidate, counted against SEARCH_EVALUATIONS like the
attack lookahead's. The candidates are bounded: the largest movable stacks, each to every
territory of the player it reaches, all of its movable armies or half; and not moving.
"""

from __future__ import annotations

import functools
from typing import Final

from ..grammar.limits import SEARCH_EVALUATIONS
from .actions import Action, EndTurn, Fortify
from .agents import ODDS_SIZE
from .game import Game
from .odds import battle_odds
from .rules import Rules
from .state import GameState
from .ties import codes, continent_codes, draw, salt

# The weights of a territory's term (chosen by measuring: docs/lab.md, the search row).
REINFORCED: Final = 1.0  # how much of an opponent's next reinforcements a stack beside is given
OWN_ATTACK: Final = 0.5  # the weight of the player's own next conquest against its losses
SOURCES: Final = 6  # the largest movable stacks a fortifying move is looked for from
TERRITORY: Final = 1.0  # a territory's own worth, in armies


class Board:
    """The continents of a ruleset's board by territory number: their members and bonuses, and
    each territory's continent (-1: none). Continents, members, `order` (every territory) and
    `adjacent` (each one's neighbours) come in the order of their ids, never as the board
    lists them, so that sums of floats made over them (the search's evaluations) come out the
    same to the last bit for a board listed in any order; `codes` are the continents' codes
    for tie-breaking draws (engine/ties.py)."""

    def __init__(self, rules: Rules) -> None:
        index = rules.geo.index
        names = sorted(rules.geo.continents)
        self.members: list[tuple[int, ...]] = [
            tuple(index[t] for t in sorted(rules.geo.continents[c])) for c in names
        ]
        self.bonus: list[int] = [rules.continent_bonus(c) for c in names]
        self.codes: list[int] = [continent_codes(rules)[c] for c in names]
        self.home: list[int] = [-1] * len(index)
        for k, members in enumerate(self.members):
            for i in members:
                self.home[i] = k
        self.order: tuple[int, ...] = tuple(index[t] for t in sorted(index))
        territories = rules.geo.territories
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(near, key=territories.__getitem__)) for near in rules.geo.adjacent_index
        )


@functools.lru_cache(maxsize=32)
def board_of(rules: Rules) -> Board:
    return Board(rules)


@functools.lru_cache(maxsize=4096)
def invasion(rules: Rules, attackers: int, defenders: int) -> tuple[float, float, float]:
    """A whole invasion of `defenders` by `attackers` armies able to fight (scaled down to the
    odds table's size past it): the chance of the conquest, the attackers expected to survive
    it when it succeeds and the defenders expected to survive when it fails (exact odds)."""
    largest = max(attackers, defenders)
    scale = 1.0
    if largest > ODDS_SIZE:
        scale = largest / ODDS_SIZE
        attackers = max(1, round(attackers / scale))
        defenders = max(1, round(defenders / scale))
    if attackers < 1:
        return 0.0, 0.0, float(defenders) * scale
    if defenders < 1:
        return 1.0, float(attackers) * scale, 0.0
    found = battle_odds(rules, attackers, defenders)
    p = float(found.attacker_wins)
    won = float(found.expected_attacker_survivors) / p if p > 0 else 0.0
    lost = float(found.expected_defender_survivors) / (1 - p) if p < 1 else 0.0
    return p, won * scale, lost * scale


def income(board: Board, holders: list[int], seat: int) -> float:
    """The armies `seat` receives next turn for its territories and whole continents (classic's
    count: a third of the territories, at least 3; no cards)."""
    held = sum(1 for h in holders if h == seat)
    if not held:
        return 0.0
    total = float(max(3, held // 3))
    for k, members in enumerate(board.members):
        if all(holders[i] == seat for i in members):
            total += board.bonus[k]
    return total


class Exposure:
    """One position's territory terms for `seat` (see the module's text): `term(i, armies)` is
    what territory i earns on the next own turn less what it stands to lose on the opponents'
    turns, with `armies` in it. `count` is the evaluations made, which the budget bounds."""

    def __init__(self, game: Game, state: GameState, seat: int) -> None:
        view = game.rel.view(state)
        self.rules = game.rules
        self.board = board_of(game.rules)
        self.seat = seat
        self.friends = game.rel.friends(state, seat)
        self.adjacent = self.board.adjacent
        self.holders = view.holders
        self.totals = view.totals
        self.count = 0
        seats = len(state.seats)
        self.reinforced = [REINFORCED * income(self.board, self.holders, s) for s in range(seats)]
        # Who holds each continent whole (-1: no one).
        self.whole = [
            -1 if not members else self.holders[members[0]] for members in self.board.members
        ]
        for k, members in enumerate(self.board.members):
            if any(self.holders[i] != self.whole[k] for i in members):
                self.whole[k] = -1

    def term(self, i: int, armies: int) -> float:
        holders, totals, friends, board = self.holders, self.totals, self.friends, self.board
        if holders[i] != self.seat:
            return 0.0
        kept = 1.0
        gain = 0.0
        worst = 0
        for j in self.adjacent[i]:
            holder = holders[j]
            if holder < 0 or friends[holder]:
                continue
            enemy = round(totals[j] - 1 + self.reinforced[holder])
            if enemy >= 1:
                kept *= 1.0 - invasion(self.rules, enemy, armies)[0]
                worst = max(worst, enemy)
            if armies >= 2:
                k = board.home[j]
                worth = TERRITORY
                if k >= 0:
                    if self.whole[k] == holder:
                        worth += board.bonus[k]  # breaks it
                    elif all(holders[m] == self.seat for m in board.members[k] if m != j):
                        worth += board.bonus[k]  # completes it
                gain = max(gain, invasion(self.rules, armies - 1, totals[j])[0] * worth)
        k = board.home[i]
        held = k >= 0 and self.whole[k] == self.seat
        stake = TERRITORY + (board.bonus[k] if held else 0)
        swing = 0.0
        if worst >= 1:  # the armies both sides lose when the strongest stack beside attacks
            p, won, lost = invasion(self.rules, worst, armies)
            swing = (armies - (1 - p) * lost) - (worst - p * won)
        return OWN_ATTACK * gain - (1.0 - kept) * stake - swing

    def move(self, source: int, target: int, armies: int) -> float:
        """What moving `armies` from `source` to `target` changes (one evaluation)."""
        self.count += 1
        totals = self.totals
        before = self.term(source, totals[source]) + self.term(target, totals[target])
        after = self.term(source, totals[source] - armies)
        after += self.term(target, totals[target] + armies)
        return after - before


def fortify_lookahead(game: Game, state: GameState, seat: int) -> Action:
    """The fortifying move that changes the position's terms the most for the better, among the
    bounded candidates, within the budget; not moving when none does."""
    return weigh_fortify(game, state, seat)[0]


def weigh_fortify(game: Game, state: GameState, seat: int) -> tuple[Action, int]:
    """fortify_lookahead's move and the evaluations it made to find it."""
    if state.fortifies_left <= 0:
        return EndTurn(), 0
    leave = game.rules.integer("fortify.leave_behind")
    passable = game.fortifying.passable(state, seat)
    index = state.index
    mixed, code = salt(state.turn, seat), codes(game.rules)
    sources: list[tuple[int, int, str]] = []  # the largest first, equals by their draws
    for t in passable:
        movable = min(state.armies_in(t)[seat], state.total(t) - leave)
        if movable > 0:
            sources.append((-movable, draw(code[index[t]], mixed), t))
    sources.sort()
    ex = Exposure(game, state, seat)
    best: Fortify | None = None
    best_worth = 1e-9
    for least, _draw, source in sources[:SOURCES]:
        movable = -least
        reach = game.rules.reachable(source, passable)
        for target in sorted(reach, key=lambda t: (draw(code[index[t]], mixed), t)):
            room = game.rel.room(state, target)
            for armies in sorted({min(movable, room), min(movable // 2, room)}, reverse=True):
                if armies < 1 or ex.count >= SEARCH_EVALUATIONS:
                    continue
                worth = ex.move(index[source], index[target], armies)
                if worth > best_worth:
                    best, best_worth = Fortify(source, target, armies), worth
    return (best if best is not None else EndTurn()), ex.count
