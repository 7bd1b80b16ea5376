"""Build mid-game positions the way the manuals' examples describe them."""

from __future__ import annotations

from collections.abc import Mapping

import riskrules
from riskrules import Game, GameState


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
