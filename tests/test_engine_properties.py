"""Properties over random games: conservation, no empty territory, offered actions accepted,
random other actions either refused with a known rule id or among those offered."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import riskrules
from helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from riskrules import (
    Attack,
    Claim,
    Draw,
    EndAttack,
    EndTurn,
    Fortify,
    Game,
    GameState,
    MoveIn,
    Place,
    RuleViolation,
    Trade,
    with_chance,
)
from riskrules.engine.schema import lookup

RULESETS = ["classic", *sorted(str(p) for p in (ROOT / "tests" / "houserules").glob("*.rules"))]
_CACHE: dict[str, riskrules.Rules] = {}


def rules_for(name: str) -> riskrules.Rules:
    if name not in _CACHE:
        _CACHE[name] = riskrules.load(name)
    return _CACHE[name]


def check_invariants(rules: riskrules.Rules, game: Game, state: GameState) -> None:
    assert state.board_armies() + sum(state.reserves) == state.created - state.destroyed
    assert state.cards_in_play() == len(rules.deck)
    assert all(n >= 0 for row in state.armies for n in row)
    if state.phase not in ("claim",):
        empty = [t for t in state.territories if state.total(t) == 0]
        pending = state.pending.target if state.pending else None
        assert empty in ([], [pending]), empty
        for t in state.territories:
            if state.total(t):
                assert game.controller(state, t) is not None


def random_action(rng: random.Random, state: GameState, rules: riskrules.Rules) -> object:
    territories = state.territories
    t1, t2 = rng.choice(territories), rng.choice(territories)
    hand = [*list(state.hands[state.current]), rng.randrange(len(rules.deck))]
    kind = rng.randrange(9)
    if kind == 0:
        return Claim(t1)
    if kind == 1:
        return Place(t1, rng.randint(-1, 8))
    if kind == 2:
        cards = rng.sample(hand, 3) if len(hand) >= 3 else hand + [0, 1][: 3 - len(hand)]
        return Trade(tuple(cards))  # type: ignore[arg-type]
    if kind == 3:
        a, d = rng.randint(0, 4), rng.randint(0, 3)
        return Attack(
            t1,
            t2,
            a,
            d,
            (
                tuple(rng.randint(0, 7) for _ in range(a)),
                tuple(rng.randint(1, 6) for _ in range(d)),
            ),
        )
    if kind == 4:
        return MoveIn(rng.randint(0, 8))
    if kind == 5:
        return Fortify(t1, t2, rng.randint(0, 6))
    if kind == 6:
        return Draw(rng.randrange(len(rules.deck)))
    if kind == 7:
        return EndAttack()
    return EndTurn()


def _strip(action: object) -> object:
    if isinstance(action, Attack):
        return Attack(action.source, action.target, action.attacker_dice, action.defender_dice)
    if isinstance(action, Draw):
        return Draw()
    if isinstance(action, Trade):
        return Trade(tuple(sorted(action.cards)), action.kind)  # type: ignore[arg-type]
    return action


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_games_keep_invariants(name: str, players: int, seed: int) -> None:
    rules = rules_for(name)
    low, high = rules.players
    players = min(max(players, low), high)
    game = Game(rules)
    rng = random.Random(seed)
    state = game.start([f"p{i}" for i in range(players)])
    for _ in range(600):
        if state.phase == "over":
            break
        offered = game.legal_actions(state)
        assert offered, state.phase
        # A random action that may be illegal: refused with a real rule id, or else offered.
        probe = random_action(rng, state, rules)
        try:
            game.apply(state, with_chance(probe, rng, state.draw_pile))  # type: ignore[arg-type]
        except RuleViolation as exc:
            assert lookup(exc.rule) is not None, exc.rule
        except ValueError:
            pass
        else:
            stripped = _strip(probe)
            if isinstance(stripped, Trade):
                assert any(isinstance(a, Trade) and a.cards == stripped.cards for a in offered)
            else:
                assert stripped in offered, (probe, state.phase)
        # Prefer attacks and conquests so games progress past the opening.
        attacks = [a for a in offered if isinstance(a, (Attack, MoveIn))]
        action = rng.choice(attacks if attacks and rng.random() < 0.7 else offered)
        state = game.apply(state, with_chance(action, rng, state.draw_pile))
        check_invariants(rules, game, state)


@pytest.mark.parametrize("name", RULESETS, ids=lambda n: Path(n).stem)
def test_every_offered_action_is_accepted(name: str) -> None:
    rules = rules_for(name)
    game = Game(rules)
    rng = random.Random(11)
    state = game.start(["a", "b", "c"])
    for _ in range(300):
        offered = game.legal_actions(state)
        for action in rng.sample(offered, min(len(offered), 5)):
            game.apply(state, with_chance(action, rng, state.draw_pile))
        state = game.apply(state, with_chance(rng.choice(offered), rng, state.draw_pile))
