"""Build mid-game positions the way the manuals' examples describe them."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import riskrules
from riskrules import Game, GameState
from riskrules.engine import ladder


def layout(
    rules: riskrules.Rules,
    players: list[str],
    holdings: Mapping[str, tuple[str, int]] | None = None,
    filler: str | None = None,
) -> dict[str, dict[str, int]]:
    """Every territory held: the given ones as stated, the rest by `filler` (or in turn)."""
    out: dict[str, dict[str, int]] = {}
    for i, territory in enumerate(rules.geo.territories):
        if holdings and territory in holdings:
            who, armies = holdings[territory]
        else:
            who, armies = (filler or players[i % len(players)]), 1
        out[territory] = {who: armies}
    return out


def position(
    rules: riskrules.Rules,
    players: list[str],
    holdings: Mapping[str, tuple[str, int]] | None = None,
    filler: str | None = None,
    current: str | None = None,
    **kwargs: object,
) -> tuple[Game, GameState]:
    game = Game(rules)
    state = game.position(players, layout(rules, players, holdings, filler), current, **kwargs)  # type: ignore[arg-type]
    return game, state


def place_all(game: Game, state: GameState, territory: str) -> GameState:
    """Place every reserve army of the current player on one territory."""
    return game.apply(state, riskrules.Place(territory, state.reserves[state.current]))


def four_seats(seat_armies: Callable[[str], tuple[int, int, int, int]]) -> tuple[Game, GameState]:
    """A classic 4-player game after a positional setup, each territory's armies by seat set
    by `seat_armies(territory)` (one seat holds each), for a test to give its phase and turn."""
    game = Game(riskrules.load("classic"))
    rng = random.Random(1)
    state = game.start(["p1", "p2", "p3", "p4"])
    while state.phase != "attack":
        state = game.apply(state, ladder.positional_agent(game, state, rng))
    return game, state.evolve(armies=tuple(seat_armies(t) for t in state.territories))
