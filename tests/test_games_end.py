"""Every built-in ruleset's games end: with the default agent, 12 seeded games at its fewest and
its most players each finish within the default turn limit (issue 19: da-2006 games once went
round for 500 turns while the agent's stacks roamed past each other)."""

from __future__ import annotations

import pytest

import riskrules
from helpers import ROOT
from riskrules.grammar.library import Workspace
from riskrules.grammar.limits import DEFAULT_MAX_TURNS
from riskrules.tools.lab.simulate import jobs, run


def _cases() -> list[tuple[str, int]]:
    out = []
    for name in sorted(Workspace.open().index.rulesets):
        low, high = riskrules.load(name).players
        out += [(name, players) for players in sorted({low, high})]
    return out


pytestmark = pytest.mark.games  # 12 games at the fewest and the most players of each ruleset
BOUND = 12  # attack rolls a turn for the random player in test_the_random_player_ends_every_turn


@pytest.mark.parametrize(("ruleset", "players"), _cases())
def test_every_game_ends(ruleset: str, players: int) -> None:
    results, _ = run(jobs(ruleset, players, 12, 1, "aggressive", DEFAULT_MAX_TURNS, None), 2)
    assert not [r.violation for r in results if r.violation]
    unfinished = [r.index + 1 for r in results if not r.completed]
    assert not unfinished, f"games {unfinished} of {ruleset} ({players} players) did not end"


@pytest.mark.parametrize(
    "ruleset",
    [str(ROOT / "examples" / "house-rules" / "unlimited-fortify.rules"), "da-2006-2p-active"],
)
def test_the_random_player_ends_every_turn(ruleset: str) -> None:
    """At most its bound of attack rolls (RANDOM_ATTACKS; BOUND here, which a 60-turn game
    reaches: the random player attacks only where it outnumbers the defender) and
    RANDOM_FORTIFIES fortifying moves a turn (an ally's included), and both bounds are reached:
    unlimited fortifying once let a random player make thousands of moves a turn (a 200-turn
    game took 160 s)."""
    import random
    from collections import Counter

    from riskrules import Game
    from riskrules.engine.actions import Attack, Fortify
    from riskrules.engine.agents import RANDOM_ATTACKS, RANDOM_FORTIFIES, random_agent

    game = Game(riskrules.load(ruleset))
    low, _ = game.rules.players
    state = game.start([f"p{i + 1}" for i in range(low)])
    rng = random.Random(5)
    attacks: Counter[tuple[int, int]] = Counter()
    moves: Counter[tuple[int, int]] = Counter()
    while state.phase != "over" and state.turn <= 60:
        action = random_agent(game, state, rng, BOUND)
        turn = (state.turn, state.current)
        attacks[turn] += isinstance(action, Attack)
        moves[turn] += isinstance(action, Fortify)
        state = game.apply(state, action)
    assert max(attacks.values()) == BOUND < RANDOM_ATTACKS
    if "unlimited" in ruleset:
        assert max(moves.values()) == RANDOM_FORTIFIES
    else:  # one move a turn of its own, one of its ally's
        assert max(moves.values()) <= RANDOM_FORTIFIES
