"""Benchmark: the 100 x 100 odds table, and `apply` throughput on a scripted game.

Run `python tests/bench/bench_engine.py`; it prints figures (not a timed test).
Target (issue 3): the odds table in < 0.1 s in-process.
"""

from __future__ import annotations

import random
import time

import riskrules
from riskrules import Attack, Game, MoveIn, with_chance
from riskrules.engine.odds import battle_table


def odds_table(rules: riskrules.Rules, runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        battle_table(rules, 100, 100)
        best = min(best, time.perf_counter() - start)
    return best


def scripted_game(rules: riskrules.Rules, actions: int = 20_000, seed: int = 1) -> list[object]:
    game = Game(rules)
    rng = random.Random(seed)
    state = game.start(["red", "blue", "green", "yellow"])
    script: list[object] = []
    while len(script) < actions and state.phase != "over":
        offered = game.legal_actions(state)
        attacks = [a for a in offered if isinstance(a, (Attack, MoveIn))]
        action = with_chance(
            rng.choice(attacks if attacks and rng.random() < 0.8 else offered), rng, state.draw_pile
        )
        script.append(action)
        state = game.apply(state, action)
    return script


def apply_rate(rules: riskrules.Rules, script: list[object]) -> float:
    game = Game(rules)
    best = float("inf")
    for _ in range(3):
        state = game.start(["red", "blue", "green", "yellow"])
        start = time.perf_counter()
        for action in script:
            state = game.apply(state, action)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - start)
    return len(script) / best


if __name__ == "__main__":
    rules = riskrules.load("classic")
    print(f"odds table 100 x 100 (classic), best of 5: {odds_table(rules):.3f} s", flush=True)
    script = scripted_game(rules)
    print(
        f"apply on a scripted {len(script)}-action 4-player classic game: "
        f"{apply_rate(rules, script):,.0f} actions/s"
    )
