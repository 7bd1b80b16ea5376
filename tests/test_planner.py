"""The top rung, `planner` (engine/planner.py): its hunt of an opponent the turn's armies can
knock out for its cards, and the same game for the same seed in any process. How strong it is
is measured by tests/bench/bench_planner.py (hundreds of games: too long for a test)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from gamehelpers import four_seats
from riskrules import Game
from riskrules.engine import planner
from riskrules.engine.actions import Attack, Place
from riskrules.tools.lab.simulate import Job, Plan, play, play_all


def _reinforce_position(own: dict[str, int], weak: int, cards: int) -> tuple[Game, Any]:
    """A classic 4-player position at p1's reinforcements (3 armies to place): p1 holds `own`,
    p3 holds Japan with `weak` armies and `cards` cards, p4 holds Eastern Australia with as many
    armies and no card, p2 every other territory with 5 armies each."""

    def seat_armies(t: str) -> tuple[int, int, int, int]:
        if t in own:
            return (own[t], 0, 0, 0)
        if t == "japan":
            return (0, 0, weak, 0)
        if t == "eastern_australia":
            return (0, 0, 0, weak)
        return (0, 5, 0, 0)

    game, state = four_seats(seat_armies)
    pile = sorted(state.draw_pile)
    hands = ((), (), tuple(pile[:cards]), ())
    state = state.evolve(
        hands=hands,
        draw_pile=frozenset(pile[cards:]),
        phase="reinforce",
        current=0,
        reserves=(3, 0, 0, 0),
        conquered=False,
    )
    return game, state


# p1's stacks: Kamchatka beside Japan (p3), New Guinea beside Eastern Australia (p4).
OWN = {"kamchatka": 8, "new_guinea": 8, "alaska": 1}


def test_the_planner_hunts_the_opponent_it_can_knock_out_for_its_cards() -> None:
    """p3 and p4 each hold one territory with 2 armies beside a stack of 8 of p1's; p3 holds 4
    cards, p4 none. The planner's plans include a hunt of p3 (its cards go to whoever knocks
    it out), from Kamchatka; followed, it places there, attacks Japan, and by the end of the
    turn p3 is out and p1 holds its 4 cards."""
    game, state = _reinforce_position(OWN, 2, 4)
    cards = state.hands[2]
    hunts = [p for p in planner.plans(game, state, 0) if p.attacks == planner.HUNT]
    assert [(p.prey, p.where) for p in hunts] == [(2, "kamchatka")]
    hunt = hunts[0]
    rng = random.Random(3)
    first = planner._planned(game, state, 0, hunt, rng, False)
    assert first == Place("kamchatka", 3)
    state = game.apply(state, first)
    attack = planner._planned(game, state, 0, hunt, rng, False)
    assert isinstance(attack, Attack)
    assert (attack.source, attack.target) == ("kamchatka", "japan")
    turn = state.turn
    while state.turn == turn and state.phase != "over":
        state = game.apply(state, planner._planned(game, state, 0, hunt, rng, False))
    assert 2 in state.eliminated
    assert set(cards) <= set(state.hands[0])


def test_no_hunt_where_no_opponent_can_be_knocked_out() -> None:
    """With 12 armies on Japan and on Eastern Australia, no stack of p1's with its reserves
    outnumbers either: no hunt among the plans."""
    game, state = _reinforce_position(OWN, 12, 4)
    assert all(p.attacks != planner.HUNT for p in planner.plans(game, state, 0))


def test_a_planner_game_is_the_same_in_any_process() -> None:
    """The same seed gives the same game with a planner in it, played here and in two worker
    processes (the planner's rollouts draw their dice from the game's seed, counted, not
    timed)."""
    job = Job("classic", 3, 7, 0, "search", 18, None, seats=("search", "planner", "search"))
    here = play(job)
    assert here.violation is None
    there = list(play_all(Plan([job, job], 1), 2))
    assert [dataclasses.replace(r, index=0) for r in there] == [here, here]
