"""One test per step of the classic game, driven by the ruleset."""

from __future__ import annotations

import random

import pytest

import riskrules
from gamehelpers import place_all, position
from helpers import ROOT
from riskrules import (
    Attack,
    Claim,
    Draw,
    EndAttack,
    EndTurn,
    Fortify,
    Game,
    MoveIn,
    Place,
    RuleViolation,
    Trade,
    with_chance,
)

HOUSE = ROOT / "tests" / "houserules"


@pytest.fixture(scope="module")
def classic() -> riskrules.Rules:
    return riskrules.load("classic")


def test_setup_claim_then_reinforce(classic: riskrules.Rules) -> None:
    game = Game(classic)
    state = game.start(["red", "blue", "green"])
    assert state.phase == "claim" and state.reserves == (35, 35, 35)  # nl004: 3 players, 35
    with pytest.raises(RuleViolation) as exc:
        game.start(["solo"])
    assert exc.value.rule == "players"
    rng = random.Random(3)
    claimed = 0
    while state.phase == "claim":
        if claimed == 0:
            with pytest.raises(RuleViolation) as bad:
                game.apply(state, Place("alaska", 1))
            assert bad.value.rule == "turn.phases"
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        claimed += 1
    assert claimed == 42 and state.phase == "place"
    with pytest.raises(RuleViolation) as taken:
        game.apply(state, Claim("alaska"))
    assert taken.value.rule == "turn.phases"
    while state.phase == "place":
        actions = game.legal_actions(state)
        assert all(isinstance(a, Place) and a.armies == 1 for a in actions)
        state = game.apply(state, rng.choice(actions))
    assert state.phase == "reinforce" and state.turn == 1 and state.current == 0
    assert state.board_armies() == 105
    assert state.reserves[0] == classic.reinforcements(14, [])


def test_reinforcements_with_continent(classic: riskrules.Rules) -> None:
    australia = {t: ("red", 2) for t in classic.geo.continents["australia"]}
    _game, state = position(classic, ["red", "blue"], australia, filler="blue", current="red")
    assert state.reserves[0] == 3 + 2  # 4 territories -> minimum 3, plus Australia's 2


def test_forced_trade_and_trade_values(classic: riskrules.Rules) -> None:
    infantry = [c.id for c in classic.deck if c.symbol == "infantry"][:5]
    game, state = position(classic, ["red", "blue"], current="red", hands={"red": infantry})
    assert state.must_trade
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, Place(game.owned(state, 0)[0], 1))
    assert exc.value.rule == "cards.forced_trade"
    trade = next(a for a in game.legal_actions(state) if isinstance(a, Trade))
    before = state.reserves[0]
    after = game.apply(state, trade)
    assert after.sets_traded == 1 and not after.must_trade
    gained = after.reserves[0] - before
    bonus = after.board_armies() - state.board_armies()
    assert gained == 4  # the first set of the game
    assert bonus in (0, 2)  # +2 on a pictured territory the player holds
    third = game.position(
        ["red", "blue"], _layout(classic), "red", {"red": infantry[:3]}, sets_traded=2
    )
    trade = next(a for a in game.legal_actions(third) if isinstance(a, Trade))
    traded = game.apply(third, trade)
    assert traded.reserves[0] - third.reserves[0] == 8  # nl004: the game's 3rd set gives 8


def _layout(rules: riskrules.Rules) -> dict[str, dict[str, int]]:
    from gamehelpers import layout

    return layout(rules, ["red", "blue"])


def test_territory_bonus_cap(classic: riskrules.Rules) -> None:
    capped = riskrules.load(HOUSE / "capped-bonus.rules")
    cards = [c for c in capped.deck if c.symbol == "infantry"][:6]
    holdings = {c.territory: ("red", 1) for c in cards if c.territory}
    game, state = position(
        capped,
        ["red", "blue"],
        holdings,
        filler="blue",
        current="red",
        hands={"red": [c.id for c in cards]},
    )
    first_set = (cards[0].id, cards[1].id, cards[2].id)
    first = game.apply(state, Trade(first_set, None, cards[0].territory))
    assert first.bonus_taken == 2
    second_set = (cards[3].id, cards[4].id, cards[5].id)
    # The turn's extra armies are all placed: the next trade earns none, so names none.
    with pytest.raises(RuleViolation) as refused:
        game.apply(first, Trade(second_set, None, cards[3].territory))
    assert refused.value.rule == "cards.territory_bonus"
    second = game.apply(first, Trade(second_set))
    assert second.bonus_taken == 2  # at most 2 extra armies a turn
    assert second.board_armies() == state.board_armies() + 2


def test_attack_legality_names_rules(classic: riskrules.Rules) -> None:
    holdings = {
        "alaska": ("red", 5),
        "kamchatka": ("blue", 2),
        "brazil": ("blue", 3),
        "northwest_territory": ("red", 1),
    }
    game, state = position(classic, ["red", "blue"], holdings, current="red")
    state = place_all(game, state, "alaska")
    assert state.phase == "attack"
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, Attack("alaska", "brazil", 3, 2, ((6, 6, 6), (1, 1))))
    assert exc.value.rule == "combat.adjacency"
    assert exc.value.citation is not None and exc.value.citation.document == "nl004"
    assert "alaska does not border brazil" in str(exc.value)
    with pytest.raises(RuleViolation) as one:
        game.apply(state, Attack("northwest_territory", "greenland", 1, 1, ((6,), (1,))))
    assert one.value.rule in ("combat.attack_requires", "combat.adjacency", "territory.control")
    with pytest.raises(RuleViolation) as dice:
        game.apply(state, Attack("alaska", "kamchatka", 3, 3, ((6, 6, 6), (1, 1, 1))))
    assert dice.value.rule == "combat.defender.dice"
    armies = state.total("alaska")
    with pytest.raises(RuleViolation) as too_many:
        game.apply(state, Attack("alaska", "kamchatka", 4, 2, ((6, 6, 6, 6), (1, 1))))
    assert too_many.value.rule == "combat.attacker.dice" and armies >= 5


def test_conquest_move_in_and_card(classic: riskrules.Rules) -> None:
    holdings = {"alaska": ("red", 6), "kamchatka": ("blue", 1)}
    game, state = position(classic, ["red", "blue"], holdings, current="red")
    state = place_all(game, state, "alaska")
    state = game.apply(state, Attack("alaska", "kamchatka", 3, 1, ((6, 5, 4), (2,))))
    assert state.phase == "move_in"
    total = state.total("alaska")
    assert [a.armies for a in game.legal_actions(state)] == list(range(3, total))
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, MoveIn(2))
    assert exc.value.rule == "conquest.move_in.minimum"
    with pytest.raises(RuleViolation) as leave:
        game.apply(state, MoveIn(total))
    assert leave.value.rule == "conquest.move_in.maximum"
    state = game.apply(state, MoveIn(3))
    assert state.phase == "attack" and state.conquered
    state = game.apply(state, EndTurn())
    assert state.phase == "draw"
    with pytest.raises(RuleViolation) as twice:
        game.apply(state, EndTurn())
    assert twice.value.rule == "turn.phases"
    card = next(iter(state.draw_pile))
    after = game.apply(state, Draw(card))
    assert card in after.hands[0] and after.current == 1 and after.phase == "reinforce"
    with pytest.raises(RuleViolation) as extra:
        game.apply(after, Draw(next(iter(after.draw_pile))))
    assert extra.value.rule == "cards.draw"


def test_no_card_without_a_conquest(classic: riskrules.Rules) -> None:
    game, state = position(classic, ["red", "blue"], {"alaska": ("red", 4)}, current="red")
    state = place_all(game, state, "alaska")
    after = game.apply(state, EndTurn())
    assert after.current == 1 and all(len(h) == 0 for h in after.hands)


def test_fortify_adjacent_only(classic: riskrules.Rules) -> None:
    path = ["indonesia", "siam", "india", "afghanistan", "ukraine"]
    holdings = {t: ("blue", 5) for t in path}
    game, state = position(classic, ["red", "blue"], holdings, filler="red", current="blue")
    state = game.apply(place_all(game, state, "indonesia"), EndAttack())
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, Fortify("indonesia", "ukraine", 2))
    assert exc.value.rule == "fortify.reach"
    with pytest.raises(RuleViolation) as leave:
        game.apply(state, Fortify("indonesia", "siam", state.total("indonesia")))
    assert leave.value.rule == "fortify.leave_behind"
    moved = game.apply(state, Fortify("indonesia", "siam", 2))
    assert moved.total("siam") == 7
    with pytest.raises(RuleViolation) as again:
        game.apply(moved, Fortify("siam", "india", 1))
    assert again.value.rule == "fortify.moves"


def test_fortify_connected_in_house_rules() -> None:
    family = riskrules.load(HOUSE / "family.rules")
    path = ["indonesia", "siam", "india", "afghanistan", "ukraine"]
    holdings = {t: ("blue", 5) for t in path}
    game, state = position(family, ["red", "blue"], holdings, filler="red", current="blue")
    state = game.apply(place_all(game, state, "indonesia"), EndAttack())
    moved = game.apply(state, Fortify("indonesia", "ukraine", 2))
    assert moved.total("ukraine") == 7 and moved.fortifies_left == 1


def test_elimination_hands_over_cards_and_victory(classic: riskrules.Rules) -> None:
    cards = [c.id for c in classic.deck][:2]
    holdings = {"alaska": ("red", 6), "kamchatka": ("green", 1)}
    players = ["red", "blue", "green"]
    layout = {}
    from gamehelpers import layout as make

    layout = make(classic, players, holdings, filler="blue")
    game = Game(classic)
    state = game.position(players, layout, "red", {"green": cards})
    state = place_all(game, state, "alaska")
    state = game.apply(state, Attack("alaska", "kamchatka", 3, 1, ((6, 6, 6), (1,))))
    state = game.apply(state, MoveIn(3))
    assert 2 in state.eliminated and set(cards) <= set(state.hands[0])
    assert state.phase == "attack"


def test_victory_when_no_opponent_left(classic: riskrules.Rules) -> None:
    holdings = {"kamchatka": ("blue", 1), "alaska": ("red", 4)}
    game, state = position(classic, ["red", "blue"], holdings, filler="red", current="red")
    state = place_all(game, state, "alaska")
    state = game.apply(state, Attack("alaska", "kamchatka", 3, 1, ((6, 6, 6), (1,))))
    state = game.apply(state, MoveIn(3))
    assert state.phase == "over" and state.winner == 0
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, EndTurn())
    assert exc.value.rule == "victory"


def test_trade_down_after_elimination() -> None:
    rules = riskrules.load(HOUSE / "capped-bonus.rules")
    infantry = [c.id for c in rules.deck if c.symbol == "infantry"]
    holdings = {"alaska": ("red", 6), "kamchatka": ("green", 1)}
    from gamehelpers import layout as make

    players = ["red", "blue", "green"]
    game = Game(rules)
    state = game.position(
        players,
        make(rules, players, holdings, filler="blue"),
        "red",
        {"red": infantry[:3], "green": infantry[3:6]},
    )
    state = place_all(game, state, "alaska")
    state = game.apply(state, Attack("alaska", "kamchatka", 3, 1, ((6, 6, 6), (1,))))
    state = game.apply(state, MoveIn(3))
    assert state.phase == "reinforce" and state.must_trade and len(state.hands[0]) == 6
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, Place("alaska", 1))
    assert exc.value.rule == "elimination.trade_down_to"
    state = game.apply(state, next(a for a in game.legal_actions(state) if isinstance(a, Trade)))
    state = game.apply(state, next(a for a in game.legal_actions(state) if isinstance(a, Trade)))
    assert len(state.hands[0]) == 0 and not state.must_trade
    state = place_all(game, state, "alaska")
    assert state.phase == "attack"


def test_seeded_games_replay_exactly(classic: riskrules.Rules) -> None:
    def play(seed: int) -> list[object]:
        game = Game(classic)
        rng = random.Random(seed)
        state = game.start(["a", "b", "c"])
        taken = []
        for _ in range(400):
            action = with_chance(rng.choice(game.legal_actions(state)), rng, state.draw_pile)
            taken.append(action)
            state = game.apply(state, action)
        return taken

    first = play(7)
    assert play(7) == first
    game = Game(classic)
    state = game.start(["a", "b", "c"])
    for action in first:
        state = game.apply(state, action)  # a record replays with no RNG
