"""Built-in players for the simulator: pure functions from (game, state, rng) to an action.

`random`: a uniformly random legal action, within a bounded number of attacks and fortifying
moves a turn (see random_agent). `aggressive`: trades whenever it can, masses its
reinforcements where an attack looks best, attacks whenever the exact odds (computed from the
ruleset) are good, moves everything in, fortifies towards the front, claims missions, bribes.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from .actions import (
    Action,
    AllyReinforce,
    AssignMissions,
    Attack,
    ChooseCapital,
    Claim,
    Deal,
    Draw,
    EndAttack,
    EndPhase,
    EndTurn,
    Fortify,
    MoveIn,
    Place,
    Trade,
)
from .game import Game
from .odds import battle_table
from .relations import strongest_in
from .rules import Rules
from .state import GameState

Agent = Callable[[Game, GameState, random.Random], Action]
ODDS_SIZE = 40
RANDOM_ATTACKS = 20  # attack rolls a turn, at most, by the random player
RANDOM_FORTIFIES = 3  # fortifying moves a turn, at most, by the random player


def random_agent(game: Game, state: GameState, rng: random.Random) -> Action:
    """A uniformly random legal action, but at most RANDOM_ATTACKS attack rolls and
    RANDOM_FORTIFIES fortifying moves (its own and its allies') a turn: past either, it picks
    among the legal actions that are not attacks or not moves (ending the phase or the turn, a
    status roll, a mission claim), when there are any.

    Every other phase of a turn ends by itself (reinforcements run out, a conquest is moved
    into once, a card is drawn once), so a turn ends within a bounded number of actions. Without
    the bounds, `fortify.moves: unlimited` offers thousands of moves (every number of armies
    along every path) against one way to end the turn, and a 200-turn game took 160 s.
    """
    actions = game.legal_actions(state)
    if state.phase == "attack" and state.rolls >= RANDOM_ATTACKS:
        actions = [a for a in actions if not isinstance(a, Attack)] or actions
    elif state.phase == "fortify" and _moves_made(game, state) >= RANDOM_FORTIFIES:
        actions = [a for a in actions if not isinstance(a, Fortify)] or actions
    return game.chance(state, rng.choice(actions), rng)


def _moves_made(game: Game, state: GameState) -> int:
    """Fortifying moves made this turn, by the current player and its allies."""
    own = game.rules.count_or_unlimited("fortify.moves") - state.fortifies_left
    allowance = game.rules.integer("neutrals.ally.fortify_moves", 0)
    allies = sum(allowance - left for left in state.ally_moves)
    return own + allies


@functools.lru_cache(maxsize=32)
def _odds_for(rules: Rules) -> list[list[float]]:
    table = battle_table(rules, ODDS_SIZE, ODDS_SIZE)
    return [[float(p) for p in row] for row in table]


@functools.lru_cache(maxsize=32)
def _may_attack(rules: Rules) -> tuple[bool, ...]:
    """Whether a territory of n armies may attack, for n up to the odds table's size."""
    return tuple(rules.attack_allowed(n) for n in range(ODDS_SIZE + 1))


def prepare(rules: Rules) -> None:
    """Make the tables the agents read for these rules now (a process about to fork workers
    makes them once for all)."""
    _odds_for(rules)
    _may_attack(rules)


def _odds(game: Game) -> list[list[float]]:
    """The odds table of the game's rules: computed once per ruleset, not once per game."""
    return _odds_for(game.rules)


def _win_chance(game: Game, attackers: int, defenders: int) -> float:
    if attackers < 1:
        return 0.0
    if defenders < 1:
        return 1.0
    table = _odds(game)
    largest = max(attackers, defenders)
    if largest > ODDS_SIZE:
        # Past the table, the odds follow the ratio of the armies: scale both sides down to it.
        # (Capping each side at the table's edge made a 457-army stack see 40 against 40 when
        # facing 260, never attack, and left da-2006 games going round for 500 turns.)
        attackers = max(1, round(attackers * ODDS_SIZE / largest))
        defenders = max(1, round(defenders * ODDS_SIZE / largest))
    return table[attackers - 1][defenders - 1]


def aggressive_agent(game: Game, state: GameState, rng: random.Random) -> Action:
    phase = state.phase
    seat = state.current
    if phase in ("deal", "missions"):
        return game.chance(state, Deal() if phase == "deal" else AssignMissions(), rng)
    if phase == "claim":
        return _claim(game, state, rng)
    if phase == "place":
        return _setup_place(game, state, rng)
    if phase == "capital":  # the strongest territory, the first in board order on a tie
        owned = game.owned(state, seat)
        return ChooseCapital(max(owned, key=lambda t: state.armies_in(t)[seat]))
    if phase in ("reinforce", "attack", "fortify", "bribe", "ally_reinforce"):
        claim = next(iter(game.mission_claims(state)), None)
        if claim is not None:
            return claim
    if phase == "bribe":
        return _bribe(game, state, seat)
    if phase == "reinforce":
        sets = game.rules.sets_in(state.hands[seat])
        if sets:
            kinds = game.rules.set_kinds(sets[0])
            return Trade(sets[0], kinds[0])
        return _place(game, state, seat, state.reserves[seat])
    if phase == "ally_reinforce":
        return _ally_reinforce(game, state, seat, rng)
    if phase in ("attack", "status"):
        rolls = list(game.status_rolls(state))
        if rolls:
            return game.chance(state, rolls[0], rng)
        return _attack(game, state, seat, rng)
    if phase == "move_in":
        _low, high = game._move_in_range(state)
        return MoveIn(high)
    if phase == "fortify":
        return _fortify(game, state, seat)
    if phase == "draw":
        return game.chance(state, Draw(), rng)
    return game.chance(state, rng.choice(game.legal_actions(state)), rng)


def _enemy_neighbours(
    game: Game, state: GameState, seat: int, territory: str, friends: set[int] | None = None
) -> list[str]:
    """Neighbours whose strongest army (the first of them on a tie) is not a friend's."""
    if friends is None:
        friends = game.friendly(state, seat)
    names = state.territories
    index = state.index[territory]
    return [names[j] for j in _enemies_near(game, state, index, friends)]


def _strongest(owners: list[int | None], rows: tuple[tuple[int, ...], ...], i: int) -> int | None:
    """The seat with most armies in territory `i` (the first on a tie): its controller when it
    has one (the same seat, already counted), else counted from the row."""
    owner = owners[i]
    return owner if owner is not None else strongest_in(rows[i])


def _enemies_near(game: Game, state: GameState, i: int, friends: set[int]) -> list[int]:
    """The same by index: neighbours of territory `i` whose strongest army is not a friend's."""
    owners, rows = game.rel.controllers(state), state.armies
    out = []
    for j in game.geo.adjacent_index[i]:
        holder = _strongest(owners, rows, j)
        if holder is not None and holder not in friends:
            out.append(j)
    return out


def _place(game: Game, state: GameState, seat: int, armies: int) -> Place:
    """Place `armies` where they give the best attack; with a cap, only as many as fit."""
    where = _front(game, state, seat, armies)
    return Place(where, min(armies, game.rel.room(state, where)))


def _front(game: Game, state: GameState, seat: int, extra: int) -> str:
    """The territory where `extra` more armies would give the best attack."""
    best, best_score = None, -1.0
    friends = game.friendly(state, seat)
    rows, index = state.armies, state.index
    places = game.placeable(state, seat)
    if game.rel.max_armies is not None:  # only where armies still fit
        places = [t for t in places if game.rel.room(state, t) > 0] or places
    for t in places:
        armies = rows[index[t]][seat] + extra
        for j in _enemies_near(game, state, index[t], friends):
            score = _win_chance(game, armies - 1, sum(rows[j]))
            if score > best_score:
                best, best_score = t, score
    if best is None:
        return places[0] if places else game.owned(state, seat)[0]
    return best


def _claim(game: Game, state: GameState, rng: random.Random) -> Action:
    seat = state.current
    mine = set(game.owned(state, seat))
    names, rows = state.territories, state.armies
    free = [names[i] for i in range(len(rows)) if not any(rows[i])]
    near = [t for t in free if not game.geo.neighbours[t].isdisjoint(mine)]
    return Claim(rng.choice(near or free))


def _setup_place(game: Game, state: GameState, rng: random.Random) -> Action:
    seat = state.current
    neutrals = game.setup.neutrals_to_place(state)
    own_left = min(game.setup.per_round() - state.placed, state.reserves[seat])
    if own_left > 0:
        return _place(game, state, seat, own_left)
    neutral = neutrals[0]
    places = game.owned(state, neutral)
    if game.rel.max_armies is not None:
        places = [t for t in places if game.rel.room(state, t) > 0] or places
    return Place(rng.choice(places), 1)


def _bribe(game: Game, state: GameState, seat: int) -> Action:
    if len(state.hands[seat]) >= 2:
        for bribe in game.bribes(state):
            if game.ally_of(state, game.seat_named(state, bribe.neutral, "neutrals.mode")) is None:
                return bribe
    return EndPhase()


def _ally_reinforce(game: Game, state: GameState, seat: int, rng: random.Random) -> Action:
    for ally in game.allies(state, seat):
        if state.reserves[ally] > 0:
            return _place(game, state, ally, state.reserves[ally])
    for ally in game.allies(state, seat):
        if ally not in state.allies_reinforced:
            return game.chance(state, AllyReinforce(state.seats[ally].name), rng)
    return EndPhase()


def _attack(game: Game, state: GameState, seat: int, rng: random.Random) -> Action:
    """The attack with good odds on the weakest opponent (fewest territories), the best odds
    first among those and then the largest army: going after one player and their stack ends
    games, where always taking the easiest territory left stacks roaming past each other for
    hundreds of turns."""
    only = state.invasion.target if game._invasion_open(state) and state.invasion else None
    only_index = None if only is None else state.index[only]
    threshold = 0.5 if state.turn < 150 else 0.3
    owners = game.rel.controllers(state)
    held = [0] * len(state.seats)
    for owner in owners:
        if owner is not None:
            held[owner] += 1
    best: tuple[int, int, int] | None = None
    best_key: tuple[int, float, int] = (0, 0.0, 0)
    friends = game.friendly(state, seat)
    rows = state.armies
    adjacent = game.geo.adjacent_index
    may = _may_attack(game.rules)
    allowed = game.rules.attack_allowed
    for army in sorted(game.commanded(state, seat)):
        for source, owner in enumerate(owners):
            if owner != army:
                continue
            armies = rows[source][army]
            if not (may[armies] if armies <= ODDS_SIZE else allowed(armies)):
                continue
            for target in adjacent[source]:
                if only_index is not None and target != only_index:
                    continue
                row = rows[target]
                defender = _strongest(owners, rows, target)  # as Game._defender decides
                if defender is None or defender in friends or defender == army:
                    continue
                defending = sum(row)
                chance = _win_chance(game, armies - 1, defending)
                if chance < threshold:
                    continue
                # Odds in steps of a tenth, then the larger army: a stack that can beat the
                # enemy's stack does so, instead of picking off single armies around it.
                key = (-held[defender], round(chance, 1), defending)
                if best is None or key > best_key:
                    best, best_key = (source, target, armies), key
    if best is not None:
        source, target, armies = best
        a_high = game.rules.attacker_dice(armies)[1]
        d_high = game.rules.defender_dice(best_key[2])[1]
        names = state.territories
        return game.chance(state, Attack(names[source], names[target], a_high, d_high), rng)
    if only is not None:
        rolls = list(game.status_rolls(state))
        if rolls:
            return game.chance(state, rolls[0], rng)
    return EndAttack()


def _fortify(game: Game, state: GameState, seat: int) -> Action:
    if state.fortifies_left > 0:
        leave = game.rules.integer("fortify.leave_behind")
        passable = game.fortifying.passable(state, seat)
        order = game.geo.index.__getitem__  # board order: the same choice in every process
        interior = [
            t
            for t in sorted(passable, key=order)
            if state.armies_in(t)[seat] > leave and not _enemy_neighbours(game, state, seat, t)
        ]
        interior.sort(key=lambda t: -state.armies_in(t)[seat])
        for source in interior:
            reach = sorted(game.rules.reachable(source, passable), key=order)
            targets = [t for t in reach if _enemy_neighbours(game, state, seat, t)]
            for target in targets:
                movable = min(state.armies_in(source)[seat], state.total(source) - leave)
                movable = min(movable, game.rel.room(state, target))
                if movable > 0:
                    return Fortify(source, target, movable)
    return EndTurn()


AGENTS: dict[str, Agent] = {"random": random_agent, "aggressive": aggressive_agent}
