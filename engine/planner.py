"""The `planner`, the ladder's top rung: a Monte Carlo search over its turn's plans.

At the first decision of each of its turns it lists a few *plans*: where to put its
reinforcements (the positional player's choice, the aggressive player's, the border most
outnumbered) and how far to attack (as the search player presses, or only until the turn's first
conquest has earned a card: against five opponents every army spent is one fewer against the
next one's attack); and, when the turn's armies can knock an opponent out, a *hunt*: all the
reinforcements beside that opponent (the one holding the most cards: they go to whoever knocks
it out, and where sets grow in value a hand taken can be traded at once, the same turn), every
attack on it while the odds are PREY_ODDS or better, and once it is out, the next opponent the
armies at hand can knock out, or on as the search player. It plays each plan out: its own turn,
then every opponent's as the positional player plays it, up to its next turn, with dice from the
game's seed; and it weighs the position reached with the search player's evaluation plus the
cards in its hand (each a third of the next set's armies, times CARD_WORTH: the evaluation alone
does not see that a hunt took a hand of cards). The rollouts go to the plans as UCB1 sends them
(the root of a Monte Carlo tree search: each plan is played once, then the plan of the best mean
plus its uncertainty again, PLANNER_ROLLOUTS in all, counted, not timed), every plan's k-th
rollout with the same dice (common random numbers: the plans are compared on the same luck), and
the plan played most often is taken. The turn's decisions then follow it, each made as the
search player makes it.

The plan is remembered for the rest of the turn (`_PLANS`, keyed by the game's own index of its
territories, which every state of one game shares and no other game has while it is kept): a
decision asked of a position the planner has not planned (a position made by hand) plans from
there. Either way the same seed gives the same game in any process.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final

from ..grammar.limits import PLANNER_ROLLOUTS
from .actions import Action, Draw, EndAttack, Place
from .agents import _front, _tables, best_set
from .game import Game
from .ladder import (
    OWN_PHASES,
    Evaluator,
    _positional_place,
    _roll,
    _threat,
    positional_agent,
    search_agent,
)
from .rules import RulesError
from .state import GameState
from .ties import card_key, codes, draw, salt

ROLLOUT_ACTIONS: Final = 3000  # a rollout's actions, at most (one round is a few hundred)
WON: Final = 1000.0  # a rollout that ends in the planner's win (its evaluation is at most ~100)
KEPT: Final = 64  # games whose plans are remembered at once
# The hunt (see the module): set by reasoning, not tuned; measured as a whole (docs/lab.md).
PREY_ODDS: Final = 0.35  # the worst odds a hunt attacks its prey at
PREY_MARGIN: Final = 1.2  # the turn's armies beside a prey, at least, against each of its armies
CARD_WORTH: Final = 0.1  # the weight of a card in hand (a third of the next set's armies)


class Plan:
    """Where the turn's reinforcements go (None: as the search player places them) and how far
    it attacks: PRESS as the search player does, CARD until its first conquest, HUNT its `prey`
    (a seat) out of the game."""

    def __init__(self, where: str | None, attacks: int, prey: int = -1) -> None:
        self.where: Final = where
        self.attacks: Final = attacks
        self.prey: Final = prey


PRESS, CARD, HUNT = 0, 1, 2


# id(state.index) -> (that index, turn, seat, plan): the plan of the turn in progress.
_PLANS: Final[dict[int, tuple[dict[str, int], int, int, Plan]]] = {}


def planner_agent(game: Game, state: GameState, rng: random.Random) -> Action:
    """The planner's decision (see the module): its turn's plan, played as the search player
    plays."""
    seat = state.current
    if (
        state.phase not in OWN_PHASES
        or game.missions.deck
        or len(game.rel.armies_commanded(state, seat)) > 1
    ):
        return search_agent(game, state, rng)
    return _planned(game, state, seat, _plan_of(game, state, seat, rng), rng, False)


def _plan_of(game: Game, state: GameState, seat: int, rng: random.Random) -> Plan:
    known = _PLANS.get(id(state.index))
    if known is not None and known[0] is state.index and known[1:3] == (state.turn, seat):
        return known[3]
    plan = choose_plan(game, state, seat, rng)[0]
    if len(_PLANS) >= KEPT:
        del _PLANS[next(iter(_PLANS))]  # the oldest
    _PLANS[id(state.index)] = (state.index, state.turn, seat, plan)
    return plan


def _planned(
    game: Game, state: GameState, seat: int, plan: Plan, rng: random.Random, rollout: bool
) -> Action:
    """The decision of `seat` following `plan`: as the search player (the positional player
    in a rollout, as fast as the opponents there) but for where it places and when it stops."""
    phase = state.phase
    where = plan.where
    if plan.attacks == HUNT:
        hunted = _hunting(game, state, seat, plan, rng, rollout)
        if hunted is not None:
            return hunted
    if (
        phase == "reinforce"
        and where is not None
        and state.reserves[seat] > 0
        and best_set(game, state, seat) is None
        and where in game.placeable(state, seat)
        and game.rel.room(state, where) > 0
    ):
        return Place(where, min(state.reserves[seat], game.rel.room(state, where)))
    stops = plan.attacks == CARD and state.conquered
    if phase == "attack" and state.invasion is None and stops:
        return EndAttack()
    return positional_agent(game, state, rng) if rollout else search_agent(game, state, rng)


def plans(game: Game, state: GameState, seat: int) -> list[Plan]:
    """The turn's plans: each placement (see the module) with each way of attacking."""
    places: list[str | None] = [None]
    reserves = state.reserves[seat]
    if state.phase == "reinforce" and reserves > 0:
        named = {_front(game, state, seat, reserves)}
        placed = _positional_place(game, state, seat)
        if isinstance(placed, Place):
            named.add(placed.territory)
        named.add(_most_outnumbered(game, state, seat))
        places = [t for t in sorted(named) if t]  # by name: the same plans for any listing
    found = [Plan(where, attacks) for attacks in (PRESS, CARD) for where in places]
    if state.phase == "reinforce":
        prey = _prey(game, state, seat)
        if prey is not None:
            found.append(Plan(prey[1], HUNT, prey[0]))
    return found


def _next_set(game: Game, state: GameState) -> int:
    """The armies the game's next set is worth (0 where sets are valued by their kind)."""
    try:
        return game.rules.trade_value(state.sets_traded + 1)
    except (ValueError, RulesError):
        return 0


def _prey(game: Game, state: GameState, seat: int) -> tuple[int, str] | None:
    """The opponent the turn's armies can knock out, beside a territory of `seat` whose stack
    and reserves (and the set in hand) outnumber all its armies PREY_MARGIN times over and one
    for each territory it holds: of several, the one holding the most cards, then the fewest
    armies; and that territory, the largest such stack (of equals, the lowest draw). None: no
    opponent can be."""
    view = game.rel.view(state)
    friends = game.rel.friends(state, seat)
    adjacent = game.rel.adjacent
    index = state.index
    strength = [0] * len(state.seats)
    for holder, total in zip(view.holders, view.totals, strict=True):
        if holder >= 0:
            strength[holder] += total
    reserves = state.reserves[seat]
    if best_set(game, state, seat) is not None:
        reserves += _next_set(game, state)
    mixed, code = salt(state.turn, seat), codes(game.rules)
    best: tuple[int, str] | None = None
    best_key = (-1, 0, 0, 0, 0)
    for t in game.placeable(state, seat):
        i = index[t]
        power = view.totals[i] + reserves - 1
        for j in adjacent[i]:
            h = view.holders[j]
            if h < 0 or friends[h] or power < PREY_MARGIN * strength[h] + view.held[h]:
                continue
            key = (len(state.hands[h]), -strength[h], view.totals[i], -draw(code[i], mixed), -h)
            if key > best_key:
                best, best_key = (h, t), key
    return best


def _hunting(
    game: Game, state: GameState, seat: int, plan: Plan, rng: random.Random, rollout: bool
) -> Action | None:
    """A hunt's decision: a placement in the middle of the turn (a set traded after a knockout)
    beside the prey, an attack on it; once it is out, the next prey's, or as the search player
    (the positional player in a rollout). None: as the plan's other decisions are made."""
    view = game.rel.view(state)
    prey = plan.prey
    if view.held[prey] == 0:
        found = _prey(game, state, seat) if state.conquered else None
        if found is None:
            return positional_agent(game, state, rng) if rollout else search_agent(game, state, rng)
        prey = found[0]
    if state.phase == "reinforce" and state.conquered and state.reserves[seat] > 0:
        if best_set(game, state, seat) is not None:
            return None
        where = _largest_beside(game, state, seat, prey)
        if where:
            return Place(where, min(state.reserves[seat], game.rel.room(state, where)))
        return None
    if state.phase != "attack" or state.invasion is not None:
        return None
    odds, _may = _tables(game.rules)
    mixed, code = salt(state.turn, seat), codes(game.rules)
    adjacent = game.rel.adjacent
    found_attack: tuple[int, int, int] | None = None
    best_key = (PREY_ODDS, 0, 0)
    for source in range(len(view.control)):
        armies = state.armies[source][seat]
        if view.control[source] != seat or not game.rules.attack_allowed(armies):
            continue
        for target in adjacent[source]:
            if view.holders[target] == prey:
                p = odds.wins[odds.cell(armies - 1, view.totals[target])]
                key = (p, -draw(code[source], mixed), -draw(code[target], mixed))
                if key > best_key:
                    found_attack, best_key = (source, target, armies), key
    if found_attack is not None:
        return _roll(game, state, *found_attack, rng)
    return EndAttack() if state.conquered else None


def _largest_beside(game: Game, state: GameState, seat: int, prey: int) -> str:
    """The territory `seat` may place on beside `prey` with the most armies (of equals, the
    lowest draw; "": none)."""
    view = game.rel.view(state)
    adjacent = game.rel.adjacent

    def armies(i: int, t: str) -> float | None:
        beside = any(view.holders[j] == prey for j in adjacent[i])
        return view.totals[i] if beside and game.rel.room(state, t) > 0 else None

    return _best_placeable(game, state, seat, armies, 0.0)


def _most_outnumbered(game: Game, state: GameState, seat: int) -> str:
    """The territory `seat` may place on with the most enemy armies beside it for each of its
    own (of equals, the lowest draw: engine/ties.py)."""
    view = game.rel.view(state)
    friends = game.rel.friends(state, seat)
    adjacent = game.rel.adjacent

    def outnumbered(i: int, _t: str) -> float | None:
        return _threat(view, friends, i, adjacent[i]) / view.totals[i]

    return _best_placeable(game, state, seat, outnumbered, -1.0)


def _best_placeable(
    game: Game,
    state: GameState,
    seat: int,
    score: Callable[[int, str], float | None],
    floor: float,
) -> str:
    """The territory `seat` may place on whose score (by its number and id; None: not one to
    choose) is highest and above `floor`; of equals, the lowest draw (engine/ties.py); "":
    none."""
    index = state.index
    mixed, code = salt(state.turn, seat), codes(game.rules)
    best, best_key = "", (floor, 0)
    for t in game.placeable(state, seat):
        i = index[t]
        found = score(i, t)
        if found is not None:
            key = (found, -draw(code[i], mixed))
            if key > best_key:
                best, best_key = t, key
    return best


def choose_plan(game: Game, state: GameState, seat: int, rng: random.Random) -> tuple[Plan, int]:
    """The plan played most often of PLANNER_ROLLOUTS rollouts sent by UCB1 (see the module),
    and the rollouts played."""
    found = plans(game, state, seat)
    if len(found) == 1:
        return found[0], 0
    seeds = [rng.getrandbits(32) for _ in range(PLANNER_ROLLOUTS)]
    played = [0] * len(found)
    sums = [0.0] * len(found)
    results: list[float] = []
    for n in range(PLANNER_ROLLOUTS):
        if n < len(found):
            k = n
        else:
            spread = _spread(results)
            k = max(
                range(len(found)),
                key=lambda j: sums[j] / played[j] + spread * math.sqrt(math.log(n) / played[j]),
            )
        value = rollout(game, state, seat, found[k], random.Random(seeds[played[k]]))
        played[k] += 1
        sums[k] += value
        results.append(value)
    best = max(range(len(found)), key=lambda j: (played[j], sums[j] / played[j], -j))
    return found[best], len(results)


def _spread(values: list[float]) -> float:
    """The standard deviation of the rollouts so far: UCB1's scale (its rewards are not 0..1)."""
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values)) + 1e-9


def rollout(game: Game, state: GameState, seat: int, plan: Plan, rng: random.Random) -> float:
    """The plan played out to `seat`'s next turn (every opponent as the positional player),
    and the position reached as the search player weighs it."""
    start = state.turn
    for _ in range(ROLLOUT_ACTIONS):
        if state.winner is not None or (state.current == seat and state.turn > start):
            break
        if state.phase == "draw":
            action: Action = _drawn(game, state, rng)  # not in the deck's listed order
        elif state.current == seat and state.turn == start:
            action = _planned(game, state, seat, plan, rng, True)
        else:
            action = positional_agent(game, state, rng)
        state = game.apply(state, action)
    if state.winner is not None:
        return WON if state.winner == seat else -WON
    view = game.rel.view(state)
    value = Evaluator(game, state, seat).value(list(view.holders), list(view.totals))
    return value + CARD_WORTH * len(state.hands[seat]) * _next_set(game, state) / 3


def _drawn(game: Game, state: GameState, rng: random.Random) -> Action:
    """A card drawn in a rollout, from the pile in the order of the territories shown."""
    pile = sorted(state.draw_pile, key=lambda c: card_key(game.rules, (c,)))
    return Draw(rng.choice(pile)) if pile else Draw()
