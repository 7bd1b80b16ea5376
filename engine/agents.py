"""Built-in players for the simulator: pure functions from (game, state, rng) to an action.

`random`: a random legal action of those a beginner would consider (see random_agent), within a
bounded number of attack rolls and fortifying moves a turn: the ladder's baseline, whose games
end. `aggressive`: trades whenever it can, masses its
reinforcements where an attack looks best, attacks whenever the exact odds (computed from the
ruleset) are good, moves everything in, fortifies towards the front, claims missions, bribes.
"""

from __future__ import annotations

import functools
import random
import zlib
from collections.abc import Callable
from typing import Final

from . import actions as act
from .game import Game
from .odds import battle_table
from .relations import View
from .rules import Rules
from .state import GameState
from .ties import card_key, codes, draw, salt

Agent = Callable[[Game, GameState, random.Random], act.Action]
ODDS_SIZE: Final = 40
RANDOM_ATTACKS: Final = 100  # attack rolls a turn, at most, by the random player
RANDOM_FORTIFIES: Final = 3  # fortifying moves a turn, at most, by the random player


def random_agent(
    game: Game, state: GameState, rng: random.Random, rolls: int = RANDOM_ATTACKS
) -> act.Action:
    """The ladder's baseline: a random legal action, of those a beginner would consider, so that
    its games end. It trades a random set whenever it may, places all its reinforcements at once
    on a random territory of its front (one beside an opponent's), attacks at random but only
    from a territory that outnumbers the one it attacks, on the opponent holding fewest
    territories, until there is no such attack or it has rolled `rolls` (RANDOM_ATTACKS)
    times this turn, moves every army it may into a conquest, and makes at most
    RANDOM_FORTIFIES random fortifying moves (its own and its allies') a turn.
    Every other decision is a uniformly random legal action.

    Every phase of a turn ends by itself or by those bounds, so a turn ends within a bounded
    number of actions (unlimited fortifying offers thousands of moves against one way to end
    the turn: a 200-turn game once took 160 s). Uniformly random attacks and placements never
    end a 4-player game: the stacks are spread thin, no opponent is ever knocked out, and the
    cards' armies outgrow 20 rolls a turn (0 of 60 classic games ended within 500 turns).
    """
    actions: list[act.Action] = list(game.legal_actions(state))
    phase = state.phase
    if phase == "reinforce":
        trades = [a for a in actions if isinstance(a, act.Trade)]
        if trades:
            return rng.choice(sorted(trades, key=lambda a: _action_key(game, a)))
        places = [a for a in actions if isinstance(a, act.Place)]
        if places:
            view = game.rel.view(state)
            spots = sorted({a.territory for a in places})  # by name: not as the board lists them
            front = [t for t in spots if view.borders[state.index[t]]]
            where = rng.choice(front or spots)
            return max((a for a in places if a.territory == where), key=lambda a: a.armies)
    elif phase == "attack":
        attacks = [a for a in actions if isinstance(a, act.Attack)]
        others: list[act.Action] = [a for a in actions if not isinstance(a, act.Attack)] or actions
        if state.rolls >= rolls:
            actions = others
        else:
            good = [a for a in attacks if state.total(a.source) > state.total(a.target)]
            if good:
                held = game.rel.view(state).held
                holders = game.rel.view(state).holders
                weakest = min(held[holders[state.index[a.target]]] for a in good)
                actions = [a for a in good if held[holders[state.index[a.target]]] == weakest]
            else:
                actions = others
    elif phase == "move_in":
        moves = [a for a in actions if isinstance(a, act.MoveIn)]
        if moves:
            return max(moves, key=lambda a: a.armies)
    elif phase == "fortify" and _moves_made(game, state) >= RANDOM_FORTIFIES:
        actions = [a for a in actions if not isinstance(a, act.Fortify)] or actions
    actions.sort(key=lambda a: _action_key(game, a))
    return game.chance(state, rng.choice(actions), rng)


def _action_key(game: Game, action: act.Action) -> tuple[str, ...]:
    """An action as the game knows it, whatever order the board and the deck are listed in:
    its kind and its fields, cards by the territories they show (what a random choice is made
    in, so that the same seed makes the same choice)."""
    key = [type(action).__name__]
    for field in action.FIELDS:
        value = getattr(action, field)
        if field == "cards" and isinstance(value, tuple):
            key.extend(card_key(game.rules, value))
        elif field == "card" and isinstance(value, int):
            key.extend(card_key(game.rules, (value,)))
        else:
            key.append(repr(value))
    return tuple(key)


def _moves_made(game: Game, state: GameState) -> int:
    """Fortifying moves made this turn, by the current player and its allies."""
    own = game.rules.count_or_unlimited("fortify.moves") - state.fortifies_left
    allowance = game.rules.integer("neutrals.ally.fortify_moves", 0)
    allies = sum(allowance - left for left in state.ally_moves)
    return own + allies


class Odds:
    """The chance that `a` armies able to fight take a territory held by `d`, for a, d up to
    ODDS_SIZE (and past it by the ratio of the armies), and that chance rounded to a tenth, as
    the aggressive player compares attacks: flat lists read through `cell`."""

    def __init__(self, rules: Rules) -> None:
        table = battle_table(rules, ODDS_SIZE, ODDS_SIZE)
        wins = [float(p) for row in table for p in row]
        wins += [0.0, 1.0]  # no army to attack with; no army defending
        self.wins: list[float] = wins
        self.steps: list[float] = [round(p, 1) for p in wins]

    def cell(self, attackers: int, defenders: int) -> int:
        """Where the chance of `attackers` against `defenders` is in `wins` and `steps`."""
        if attackers < 1:
            return ODDS_SIZE * ODDS_SIZE
        if defenders < 1:
            return ODDS_SIZE * ODDS_SIZE + 1
        largest = attackers if attackers > defenders else defenders
        if largest > ODDS_SIZE:
            # Past the table, the odds follow the ratio of the armies: scale both sides down to
            # it. (Capping each side at the table's edge made a 457-army stack see 40 against
            # 40 when facing 260, never attack, and left da-2006 games going round for 500
            # turns.)
            attackers = max(1, round(attackers * ODDS_SIZE / largest))
            defenders = max(1, round(defenders * ODDS_SIZE / largest))
        return (attackers - 1) * ODDS_SIZE + defenders - 1


@functools.lru_cache(maxsize=32)
def _odds_for(rules: Rules) -> Odds:
    return Odds(rules)


@functools.lru_cache(maxsize=32)
def _may_attack(rules: Rules) -> tuple[bool, ...]:
    """Whether a territory of n armies may attack, for n up to the odds table's size."""
    return tuple(rules.attack_allowed(n) for n in range(ODDS_SIZE + 1))


def prepare(rules: Rules) -> None:
    """Make the tables the agents read for these rules now (a process about to fork workers
    makes them once for all)."""
    _odds_for(rules)
    _may_attack(rules)


_LAST: Final[list[tuple[Rules, Odds, tuple[bool, ...]]]] = []  # the rules last asked about


def _tables(rules: Rules) -> tuple[Odds, tuple[bool, ...]]:
    """The odds and the attack table of these rules: computed once per ruleset, not once per
    game, and the last ruleset's at hand (a cached function's call is a call into Python)."""
    if _LAST and _LAST[0][0] is rules:
        return _LAST[0][1], _LAST[0][2]
    found = (rules, _odds_for(rules), _may_attack(rules))
    _LAST[:] = [found]
    return found[1], found[2]


def _odds(game: Game) -> Odds:
    """The odds of the game's rules: computed once per ruleset, not once per game."""
    return _tables(game.rules)[0]


def aggressive_agent(game: Game, state: GameState, rng: random.Random) -> act.Action:
    phase = state.phase
    seat = state.current
    if phase == "attack" and state.invasion is None and not game.missions.deck:
        return _attack(game, state, seat, rng)  # most decisions: what the branches below reach
    if phase == "move_in":  # every other decision of the attack phase: a conquest's
        _low, high = game._move_in_range(state)
        return act.MoveIn(high)
    if phase in ("deal", "missions"):
        return game.chance(state, act.Deal() if phase == "deal" else act.AssignMissions(), rng)
    if phase == "start_roll":
        return game.chance(state, act.StartRoll(), rng)
    if phase == "spoils":
        return _take_neutral_cards(game, state)
    if phase == "claim":
        return _claim(game, state, rng)
    if phase == "place":
        return _setup_place(game, state, rng)
    if phase == "capital":
        return _capital(game, state, seat)
    if game.missions.deck and phase in (
        "reinforce",
        "attack",
        "fortify",
        "bribe",
        "ally_reinforce",
    ):
        claim = next(iter(game.mission_claims(state)), None)
        if claim is not None:
            return claim
    if phase == "bribe":
        return _bribe(game, state, seat)
    if phase == "reinforce":
        trio = best_set(game, state, seat)
        if trio is not None:
            kinds = game.rules.set_kinds(trio)
            return act.Trade(trio, kinds[0], _trade_bonus(game, state, seat, trio))
        return _place(game, state, seat, state.reserves[seat])
    if phase == "ally_reinforce":
        return _ally_reinforce(game, state, seat, rng)
    if phase in ("attack", "status"):
        if state.invasion is not None:  # status rolls come only after an invasion
            rolls = list(game.status_rolls(state))
            if rolls:
                return game.chance(state, rolls[0], rng)
        return _attack(game, state, seat, rng)
    if phase == "fortify":
        return fortify_front(game, state, seat, len(state.territories), _first_front)
    if phase == "draw":
        return game.chance(state, act.Draw(), rng)
    return game.chance(state, rng.choice(game.legal_actions(state)), rng)


def _capital(game: Game, state: GameState, seat: int) -> act.Action:
    """The strongest territory, the lowest draw (engine/ties.py) on a tie: a function of its
    own, so that its key's closure makes no cells in every call of `aggressive_agent` (the
    Python engine makes a closure's cells when the function is entered, used or not)."""
    owned = game.owned(state, seat)
    mixed, index, code = salt(state.turn, seat), state.index, codes(game.rules)
    return act.ChooseCapital(
        min(owned, key=lambda t: (-state.armies_in(t)[seat], draw(code[index[t]], mixed)))
    )


def _at_front(view: View, friends: list[bool], i: int, adjacent: tuple[int, ...]) -> bool:
    """Does a neighbour of territory `i` have its most armies (the first of them on a tie)
    someone's who is not a friend?"""
    holders = view.holders
    for j in view.borders[i] if _friend(friends, holders[i]) else adjacent:
        if holders[j] >= 0 and not friends[holders[j]]:
            return True
    return False


def _friend(friends: list[bool], seat: int) -> bool:
    """Is `seat` (-1: nobody) a friend?"""
    return seat >= 0 and friends[seat]


def _place(game: Game, state: GameState, seat: int, armies: int) -> act.Place:
    """Place `armies` where they give the best attack; with a cap, only as many as fit."""
    where = _front(game, state, seat, armies)
    return act.Place(where, min(armies, game.rel.room(state, where)))


def _front(game: Game, state: GameState, seat: int, extra: int) -> str:
    """The territory where `extra` more armies would give the best attack (of equals, the
    lowest draw: engine/ties.py)."""
    best, best_score = -1, -1.0
    mixed = b""  # the draws' salt, made at the first tie
    rel = game.rel
    friends = rel.friends(state, seat)
    rows = state.armies
    view = rel.view(state)
    holders, borders, totals = view.holders, view.borders, view.totals
    adjacent = rel.adjacent
    odds = _odds(game)
    wins = odds.wins
    if rel.teams or rel.max_armies is not None:
        index = state.index
        candidates = [index[t] for t in _places(game, state, seat)]
    else:
        # Without team-mates or a cap, a player places where they control (`placeable`), and
        # only those of them at the front (`Relations.fronts`, kept) border another seat's.
        candidates = rel.fronts(view, seat)
    for i in candidates:
        armies = rows[i][seat] + extra
        # The neighbours another seat holds; of them, those no friend holds.
        here = holders[i]
        for j in borders[i] if here >= 0 and friends[here] else adjacent[i]:
            holder = holders[j]
            if holder < 0 or friends[holder]:
                continue
            defending = totals[j]
            if 1 < armies <= ODDS_SIZE and 0 < defending <= ODDS_SIZE:
                k = (armies - 2) * ODDS_SIZE + defending - 1  # odds.cell, at hand
            else:
                k = odds.cell(armies - 1, defending)
            score = wins[k]
            if score > best_score:
                best, best_score = i, score
            elif score == best_score and i != best:
                if not mixed:
                    mixed, code = salt(state.turn, seat), codes(game.rules)
                if draw(code[i], mixed) < draw(code[best], mixed):
                    best = i
    if best < 0:
        return first_drawn(game, state, seat, _places(game, state, seat) or game.owned(state, seat))
    return state.territories[best]


def first_drawn(game: Game, state: GameState, seat: int, names: list[str]) -> str:
    """Of equally good territories, the one of the lowest draw (engine/ties.py)."""
    mixed, index, code = salt(state.turn, seat), state.index, codes(game.rules)
    return min(names, key=lambda t: draw(code[index[t]], mixed))


def _places(game: Game, state: GameState, seat: int) -> list[str]:
    """Where `seat` may place reinforcements (`placeable`); with a cap, those with room (all
    of them when none has)."""
    places = game.placeable(state, seat)
    if game.rel.max_armies is not None:  # only where armies still fit
        places = [t for t in places if game.rel.room(state, t) > 0] or places
    return places


def _claim(game: Game, state: GameState, rng: random.Random) -> act.Action:
    seat = state.current
    view = game.rel.view(state)
    control, holders = view.control, view.holders
    adjacent = game.rel.adjacent
    # The free territories, and those beside the seat's (borders go both ways), in one pass.
    free = []
    beside: set[int] = set()
    for i in range(len(holders)):
        if holders[i] < 0:
            free.append(i)
        elif control[i] == seat:
            beside.update(adjacent[i])
    near = []
    for i in free:
        if i in beside:
            near.append(i)
    names = sorted(state.territories[i] for i in near or free)  # by name, not board order
    return act.Claim(rng.choice(names))


def _setup_place(game: Game, state: GameState, rng: random.Random) -> act.Action:
    seat = state.current
    neutrals = game.setup.neutrals_to_place(state)
    own_left = min(game.setup.per_round() - state.placed, state.reserves[seat])
    if own_left > 0:
        return _place(game, state, seat, own_left)
    neutral = neutrals[0]
    places = game.owned(state, neutral)
    if game.rel.max_armies is not None:
        places = [t for t in places if game.rel.room(state, t) > 0] or places
    return act.Place(rng.choice(sorted(places)), 1)


def _bribe(game: Game, state: GameState, seat: int) -> act.Action:
    if len(state.hands[seat]) >= 2:
        for bribe in sorted(game.bribes(state), key=lambda b: _action_key(game, b)):
            if game.ally_of(state, game.seat_named(state, bribe.neutral, "neutrals.mode")) is None:
                return bribe
    return act.EndPhase()


def _ally_reinforce(game: Game, state: GameState, seat: int, rng: random.Random) -> act.Action:
    for ally in game.allies(state, seat):
        if state.reserves[ally] > 0:
            return _place(game, state, ally, state.reserves[ally])
    for ally in game.allies(state, seat):
        if ally not in state.allies_reinforced:
            return game.chance(state, act.AllyReinforce(state.seats[ally].name), rng)
    return act.EndPhase()


def _attack(game: Game, state: GameState, seat: int, rng: random.Random) -> act.Action:
    """The attack with good odds on the weakest opponent (fewest territories), the best odds
    first among those and then the largest army: going after one player and their stack ends
    games, where always taking the easiest territory left stacks roaming past each other for
    hundreds of turns.

    It reads the position's frontier (`Relations.view`, kept up to date row by row), not the
    whole board: the territories the army holds that border another seat's, and those borders.
    """
    invasion = state.invasion
    only = invasion.target if invasion is not None and game._invasion_open(state) else None
    only_index = -1 if only is None else state.index[only]
    threshold = 0.5 if state.turn < 150 else 0.3
    view = game.rel.view(state)
    holders, held, totals = view.holders, view.held, view.totals
    borders = view.borders
    odds, may = _tables(game.rules)
    wins, steps = odds.wins, odds.steps
    found = False
    best_source = best_target = best_armies = 0
    # The best key so far: (-territories of the defender, odds in steps of a tenth, defenders).
    best_held, best_step, best_defending = 0, 0.0, 0
    friends = game.rel.friends(state, seat)
    rows = state.armies
    allowed = game.rules.attack_allowed
    rel = game.rel
    # `armies_commanded`, asked only where neutral armies may be commanded: most rulesets.
    for army in rel.armies_commanded(state, seat) if rel.active_neutrals else (seat,):
        for source in rel.fronts(view, army):
            armies = rows[source][army]
            if not (may[armies] if armies <= ODDS_SIZE else allowed(armies)):
                continue
            # odds.cell(armies - 1, defending), at hand: this row's start in the table.
            row = (armies - 2) * ODDS_SIZE - 1 if 1 < armies <= ODDS_SIZE else -1
            for target in borders[source]:
                if only_index >= 0 and target != only_index:
                    continue
                defender = holders[target]  # as Game._defender decides
                if friends[defender] or defender == army:
                    continue
                defending = totals[target]
                if row >= 0 and 0 < defending <= ODDS_SIZE:
                    k = row + defending
                else:
                    k = odds.cell(armies - 1, defending)
                if wins[k] < threshold:
                    continue
                # Odds in steps of a tenth, then the larger army: a stack that can beat the
                # enemy's stack does so, instead of picking off single armies around it.
                weak, step = -held[defender], steps[k]
                key = (weak, step, defending)
                if (
                    not found
                    or key > (best_held, best_step, best_defending)
                    or (
                        key == (best_held, best_step, best_defending)
                        and _drawn_before(
                            game, state, seat, (source, target), best_source, best_target
                        )
                    )
                ):
                    found = True
                    best_source, best_target, best_armies = source, target, armies
                    best_held, best_step, best_defending = weak, step, defending
    if found:
        a_high = game.rules.attacker_dice(best_armies)[1]
        d_high = game.rules.defender_dice(best_defending)[1]
        names = state.territories
        # Rolled here as `Game.chance` rolls an attack (the attacker's dice, then the
        # defender's): one action made a roll, not two.
        rolled = (act.roll(rng, a_high), act.roll(rng, d_high))
        return act.Attack(names[best_source], names[best_target], a_high, d_high, rolled)
    if only is not None:
        rolls = list(game.status_rolls(state))
        if rolls:
            return game.chance(state, rolls[0], rng)
    return act.EndAttack()


def _drawn_before(
    game: Game, state: GameState, seat: int, attack: tuple[int, int], source2: int, target2: int
) -> bool:
    """Does the attack from `attack[0]` on `attack[1]` come before the equally good one from
    `source2` on `target2` by their draws (engine/ties.py)?"""
    mixed, code = salt(state.turn, seat), codes(game.rules)
    one = (draw(code[attack[0]], mixed), draw(code[attack[1]], mixed))
    return one < (draw(code[source2], mixed), draw(code[target2], mixed))


# A fortifying target's worth to `fortify_front` (None: not a target): from the view, the
# seat's friends, the target's number and its neighbours.
TargetScore = Callable[[View, list[bool], int, tuple[int, ...]], "int | None"]


def _first_front(view: View, friends: list[bool], i: int, adjacent: tuple[int, ...]) -> int | None:
    """The aggressive player's targets: every territory at the front, all worth the same."""
    return 0 if _at_front(view, friends, i, adjacent) else None


def fortify_front(
    game: Game, state: GameState, seat: int, sources: int, score: TargetScore
) -> act.Action:
    """The one fortifying search of the aggressive and positional players: the largest stack
    (of the `sources` largest) that faces no enemy moves all it may to the territory it reaches
    that `score` rates highest. Equal stacks and equal targets are taken by their draws
    (engine/ties.py), never in board order."""
    if state.fortifies_left <= 0:
        return act.EndTurn()
    leave = game.rules.integer("fortify.leave_behind")
    passable = game.fortifying.passable(state, seat)
    view = game.rel.view(state)
    friends = game.rel.friends(state, seat)
    adjacent = game.rel.adjacent
    index = state.index
    mixed, code = salt(state.turn, seat), codes(game.rules)
    interior = [
        (-state.armies_in(t)[seat], draw(code[index[t]], mixed), t)
        for t in passable
        if state.armies_in(t)[seat] > leave
        and not _at_front(view, friends, index[t], adjacent[index[t]])
    ]
    interior.sort()
    for _size, _draw, source in interior[:sources]:
        targets = []
        for t in game.rules.reachable(source, passable):
            worth = score(view, friends, index[t], adjacent[index[t]])
            if worth is not None:
                targets.append((-worth, draw(code[index[t]], mixed), t))
        targets.sort()
        for _worth, _drawn, target in targets:
            movable = min(state.armies_in(source)[seat], state.total(source) - leave)
            movable = min(movable, game.rel.room(state, target))
            if movable > 0:
                return act.Fortify(source, target, movable)
    return act.EndTurn()


# ---------------------------------------------------------------- decisions of issue 33
# Each a function of its own, which any agent may call.


def best_set(game: Game, state: GameState, seat: int) -> tuple[int, int, int] | None:
    """The set to trade (None: no set in hand): the most valuable kind, then the fewest wild
    cards (kept for a later set), then the most territories held among those shown (their
    bonus), then the lowest draw (engine/ties.py): never the first in the deck's order."""
    sets = game.rules.sets_in(state.hands[seat])
    if len(sets) < 2:
        return sets[0] if sets else None
    rules = game.rules
    deck = rules.deck
    mixed = salt(state.turn, seat)
    held = set(game.owned(state, seat))

    def key(trio: tuple[int, int, int]) -> tuple[int, int, int, int]:
        worth = rules.kind_value(rules.set_kinds(trio)[0])  # 0 unless valued by kind
        shown = [deck[c].territory for c in trio]
        wilds = sum(1 for t in shown if t is None)
        mine = sum(1 for t in shown if t in held)
        shown_code = zlib.crc32("|".join(card_key(rules, trio)).encode())
        return (-worth, wilds, -mine, draw(shown_code, mixed))

    return min(sets, key=key)


def _trade_bonus(
    game: Game, state: GameState, seat: int, cards: tuple[int, int, int]
) -> str | None:
    """Where a set's cards.territory_bonus goes (the trade must name it when it earns one):
    the only place, else one at the front, else any; of several, the lowest draw (None: the
    trade earns no extra armies)."""
    places = game.reinforcing.bonus_places(state, seat, cards)
    if len(places) < 2:
        return places[0] if places else None
    view = game.rel.view(state)
    friends = game.rel.friends(state, seat)
    adjacent = game.rel.adjacent
    index = state.index
    front = [t for t in places if _at_front(view, friends, index[t], adjacent[index[t]])]
    return first_drawn(game, state, seat, front or places)


def _take_neutral_cards(game: Game, state: GameState) -> act.Action:
    """Of an eliminated neutral army's cards (neutrals.elimination.cards: one or any number
    chosen by the conqueror), take as many as it may: more cards make more sets (the first
    choice the game offers)."""
    return next(iter(game.legal_actions(state)))


AGENTS: dict[str, Agent] = {"random": random_agent, "aggressive": aggressive_agent}
