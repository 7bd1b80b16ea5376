"""The two-player, Mission RISK and team rulesets: clean, and the numbers the issue names."""

from __future__ import annotations

import pytest

import riskrules
from helpers import VARIANTS, run_cli


def test_variants_check_clean_with_only_assumed_warnings() -> None:
    result = run_cli("check", *VARIANTS, "--format", "json")
    assert result.code == 0, result.out
    assert {d["code"] for d in result.json()["diagnostics"]} <= {"RR0501"}


@pytest.mark.parametrize("n", [1, 2, 3, 7, 20])
def test_mission_sets_by_symbol(n: int) -> None:
    rules = riskrules.load("da-2006-mission")
    assert rules.trade_value(n, kind="infantry") == 4
    assert rules.trade_value(n, kind="cavalry") == 6
    assert rules.trade_value(n, kind="artillery") == 8
    with pytest.raises(ValueError, match="kind"):
        rules.trade_value(n)


def test_team_control_by_majority() -> None:
    teams = riskrules.load("da-2006-teams")
    assert teams.controller({"black": 4, "red": 4}) is None
    assert teams.controller({"black": 2, "red": 3}) == "red"
    assert riskrules.load("da-2006").controller({"red": 3}) == "red"


def test_two_player_start_armies() -> None:
    assert riskrules.load("da-2006-2p-passive").start_armies(2) == 36
    assert riskrules.load("da-web-2p").start_armies(2) == 40
    assert riskrules.load("da-web-2p-classic").start_armies(2) == 50
    with pytest.raises(riskrules.RulesError):
        riskrules.load("da-web-2p").start_armies(3)


def test_missions_are_marked_assumed() -> None:
    data = run_cli(
        "explain", "da-2006-mission", "missions.deck.general_left.goal", "--format", "json"
    )
    assert data.json()["assumed"] is True


def test_neutral_cards_and_team_hands_are_conserved() -> None:
    """A bribe moves a card to the neutral; a team hand moves to the next team-mate."""
    import random

    for name in ("da-2006-2p-active", "da-2006-teams"):
        rules = riskrules.load(name)
        game = riskrules.Game(rules)
        rng = random.Random(4)
        low, _ = rules.players
        state = game.start([f"p{i}" for i in range(low)])
        held_by_neutrals = 0
        for _ in range(3000):
            if state.phase == "over":
                break
            offered = game.legal_actions(state)
            preferred = [a for a in offered if isinstance(a, (riskrules.Bribe, riskrules.Attack))]
            action = rng.choice(preferred if preferred and rng.random() < 0.8 else offered)
            state = game.apply(state, game.chance(state, action, rng))
            assert state.cards_in_play() == len(rules.deck)
            held_by_neutrals = max(
                held_by_neutrals,
                sum(len(state.hands[i]) for i, s in enumerate(state.seats) if s.neutral),
            )
        if name == "da-2006-2p-active":
            assert held_by_neutrals > 0  # bribes happened and their cards were counted
