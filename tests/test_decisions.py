"""The engine side of issue 33: rules the engine played differently from its manual, and the
decisions a player makes that the engine made for them (each in the legal actions, made by an
agent, carried by a record and checked by the referee)."""

from __future__ import annotations

import os
import random

import pytest

import riskrules
from gamehelpers import position
from riskrules import (
    Game,
    Place,
    RuleViolation,
    StartRoll,
    TakeCards,
    Trade,
)
from riskrules.engine.agents import aggressive_agent, random_agent
from riskrules.engine.players import AGENTS as LADDER_AGENTS
from riskrules.engine.record import decode_line, encode, to_json


def _house(text: str) -> riskrules.Rules:
    path = os.path.abspath("issue33-house.rules")
    return riskrules.load_sources("house", {path: text})


def _round_trip(game: Game, state: riskrules.GameState, action: riskrules.Action) -> object:
    names = [s.name for s in state.seats]
    _player, _turn, back = decode_line(encode(to_json(state, action)), names)
    return back


def _after_setup(game: Game, players: list[str]) -> riskrules.GameState:
    state = game.start(players)
    while state.phase in ("claim", "place", "deal", "missions"):
        state = game.apply(state, game.legal_actions(state)[0])
    return state


# ---------------------------------------------------------------- who starts (000 p4, p8)


def test_the_second_roll_decides_the_first_turn() -> None:
    game = Game(riskrules.load("da-2006"))
    state = _after_setup(game, ["red", "blue", "green"])
    assert state.phase == "start_roll" and state.turn == 0
    assert game.legal_actions(state) == [StartRoll()]
    rolled = game.apply(state, StartRoll(((("red", 2), ("blue", 6), ("green", 4)),)))
    assert rolled.phase == "reinforce" and rolled.turn == 1 and rolled.current == 1
    tie_then_red = (
        (("red", 5), ("blue", 5), ("green", 1)),
        (("red", 6), ("blue", 3)),
    )
    assert game.apply(state, StartRoll(tie_then_red)).current == 0


@pytest.mark.parametrize(
    "rounds, words",
    [
        (((("red", 6), ("blue", 6), ("green", 1)),), "red, blue are tied at the top"),
        (((("blue", 6), ("red", 1), ("green", 1)),), "roll 1 is for red, blue, green"),
        (((("red", 6), ("blue", 1), ("green", 1)), (("red", 2),)), "nobody rolls again"),
        (((("red", 5), ("blue", 5), ("green", 1)), (("blue", 2), ("green", 1))), "for red, blue"),
        (((("red", 7), ("blue", 5), ("green", 5)),), "a die shows 1 to 6"),
        ((), "each player rolls one die"),
    ],
)
def test_a_wrong_start_roll_is_refused(rounds: tuple, words: str) -> None:  # type: ignore[type-arg]
    game = Game(riskrules.load("da-2006"))
    state = _after_setup(game, ["red", "blue", "green"])
    with pytest.raises(RuleViolation) as refused:
        game.apply(state, StartRoll(rounds))
    assert refused.value.rule == "setup.first_turn"
    assert words in refused.value.message


def test_the_start_roll_by_chance_and_in_a_record() -> None:
    game = Game(riskrules.load("da-2006"))
    state = _after_setup(game, ["red", "blue", "green", "yellow"])
    winners = set()
    for seed in range(40):
        action = game.chance(state, StartRoll(), random.Random(seed))
        assert isinstance(action, StartRoll) and action.rounds
        assert _round_trip(game, state, action) == action
        winners.add(game.apply(state, action).current)
    assert winners == {0, 1, 2, 3}  # anyone may start, not only whoever claimed first
    # Without the rule (classic), whoever claimed first starts at once.
    classic = Game(riskrules.load("classic"))
    assert _after_setup(classic, ["red", "blue", "green"]).phase == "reinforce"


# ---------------------------------------------------------------- 002's second set


def _six_cards(rules: riskrules.Rules) -> list[int]:
    """Two sets: three infantry cards, then three cavalry cards."""
    infantry = [c.id for c in rules.deck if c.symbol == "infantry"][:3]
    cavalry = [c.id for c in rules.deck if c.symbol == "cavalry"][:3]
    return infantry + cavalry


def _offered_trade(game: Game, state: riskrules.GameState, cards: list[int]) -> Trade:
    """The game's first trade of these cards (naming where any extra armies go)."""
    return next(
        a
        for a in game.legal_actions(state)
        if isinstance(a, Trade) and a.cards == tuple(sorted(cards))
    )


@pytest.mark.parametrize("ruleset, second", [("da-web", True), ("classic", False)])
def test_the_second_complete_set_must_be_traded(ruleset: str, second: bool) -> None:
    rules = riskrules.load(ruleset)
    hand = _six_cards(rules)
    game, state = position(rules, ["red", "blue", "green"], current="red", hands={"red": hand})
    assert state.must_trade
    first = game.apply(state, _offered_trade(game, state, hand[:3]))
    assert first.must_trade is second
    if second:
        with pytest.raises(RuleViolation) as refused:
            game.apply(first, Place(game.owned(first, 0)[0], 1))
        assert refused.value.rule == "cards.forced_trade_sets"
        done = game.apply(first, _offered_trade(game, first, hand[3:]))
        assert not done.must_trade and done.forced_left == 0
    else:
        game.apply(first, Place(game.owned(first, 0)[0], 1))


# ---------------------------------------------------------------- team reinforcements (000 p5)


def _shared(rules: riskrules.Rules) -> tuple[Game, riskrules.GameState]:
    layout = {t: {"yellow": 1} for t in rules.geo.territories}
    layout["greenland"] = {"black": 4, "red": 4}  # a tie: nobody controls it
    layout["eastern_united_states"] = {"black": 2, "red": 3}  # red, by majority
    layout["alaska"] = {"black": 2}
    game = Game(rules)
    players = ["red", "yellow", "black", "blue"]
    return game, game.position(players, layout, current="black")


def test_a_team_mates_territory_is_not_reinforced() -> None:
    game, state = _shared(riskrules.load("da-2006-teams"))
    assert game.placeable(state, 2) == ["alaska"]
    for territory in ("greenland", "eastern_united_states"):
        with pytest.raises(RuleViolation) as refused:
            game.apply(state, Place(territory, 1))
        assert refused.value.rule == "teams.reinforce.into_team"


def test_a_player_who_controls_nothing_loses_the_reinforcements() -> None:
    rules = riskrules.load("da-2006-teams")
    layout = {t: {"yellow": 1} for t in rules.geo.territories}
    layout["greenland"] = {"black": 4, "red": 4}
    layout["alaska"] = {"black": 1, "red": 2}
    game = Game(rules)
    state = game.position(["red", "yellow", "black", "blue"], layout, current="black")
    assert game.owned(state, 2) == [] and state.reserves[2] == 0
    assert state.phase == "attack" and state.destroyed == 3  # the minimum of 3, lost


def test_a_house_rule_may_allow_it() -> None:
    rules = _house(
        'ruleset house "Shared" extends da-2006-teams {\n'
        "  override teams.reinforce.into_team: yes\n}\n"
    )
    game, state = _shared(rules)
    assert set(game.placeable(state, 2)) == {"alaska", "greenland", "eastern_united_states"}
    game.apply(state, Place("greenland", 1))


# ---------------------------------------------------------------- where a set's +2 goes


def test_the_player_chooses_which_territory_gets_the_bonus() -> None:
    rules = riskrules.load("classic")
    cards = {c.territory: c.id for c in rules.deck if c.territory}
    hand = sorted([cards["alaska"], cards["northwest_territory"], cards["greenland"]])
    holdings = {"alaska": ("red", 3), "greenland": ("red", 2)}
    game, state = position(
        rules, ["red", "blue"], holdings, filler="blue", current="red", hands={"red": hand}
    )
    offered = [a for a in game.legal_actions(state) if isinstance(a, Trade)]
    assert {a.bonus for a in offered} == {"alaska", "greenland"}
    chosen = game.apply(state, Trade(tuple(hand), None, "greenland"))  # type: ignore[arg-type]
    assert chosen.armies_in("greenland")[0] == 4 and chosen.armies_in("alaska")[0] == 3
    # A trade that earns the extra armies names where they go (001 "Du skal placere begge
    # disse hære"): without the choice it is refused, citing the rule.
    for unnamed in (Trade(tuple(hand)), Trade(tuple(hand), None, "northwest_territory")):  # type: ignore[arg-type]
        with pytest.raises(RuleViolation) as refused:
            game.apply(state, unnamed)
        assert refused.value.rule == "cards.territory_bonus"
        assert refused.value.citation is not None
    for action in offered:
        assert _round_trip(game, state, action) == action
    made = aggressive_agent(game, state, random.Random(1))
    assert isinstance(made, Trade) and made.bonus in ("alaska", "greenland")


def test_one_place_for_the_bonus_is_still_named() -> None:
    """One held territory shown: one legal trade, naming it; the players name it too."""
    rules = riskrules.load("classic")
    cards = {c.territory: c.id for c in rules.deck if c.territory}
    hand = sorted([cards["alaska"], cards["northwest_territory"], cards["greenland"]])
    game, state = position(
        rules, ["red", "blue"], {"alaska": ("red", 3)}, filler="blue", current="red",
        hands={"red": hand},
    )  # fmt: skip
    offered = [a for a in game.legal_actions(state) if isinstance(a, Trade)]
    assert [a.bonus for a in offered] == ["alaska"]
    with pytest.raises(RuleViolation) as refused:
        game.apply(state, Trade(tuple(hand)))  # type: ignore[arg-type]
    assert refused.value.rule == "cards.territory_bonus"
    assert "alaska" in refused.value.message
    for name, agent in LADDER_AGENTS.items():
        if name == "random":  # (trades only when it happens to pick a trade)
            continue
        made = agent(game, state, random.Random(1))
        assert isinstance(made, Trade) and made.bonus == "alaska", name
        assert game.apply(state, made).armies_in("alaska")[0] == 5


# ---------------------------------------------------------------- a neutral army's cards (000 p9)


def _neutral_beaten(rules: riskrules.Rules | None = None) -> tuple[Game, riskrules.GameState]:
    rules = rules or riskrules.load("da-2006-2p-active")
    holdings = {"iceland": ("black", 1), "greenland": ("red", 5)}
    game, state = position(
        rules,
        ["red", "blue"],
        holdings,
        filler="blue",
        current="red",
        neutrals=["yellow", "black"],
        hands={"black": [0, 1, 2]},
    )
    state = state.evolve(phase="attack", reserves=(0, 0, 0, 0))
    state = game.apply(state, riskrules.Attack("greenland", "iceland", 3, 1, ((6, 6, 6), (1,))))
    state = game.apply(state, riskrules.MoveIn(3))
    return game, state


def test_the_conqueror_chooses_which_of_a_neutrals_cards_to_take() -> None:
    game, state = _neutral_beaten()
    assert state.phase == "spoils"
    offered = game.legal_actions(state)
    # 000 p9 "et hvilket som helst RISK-kort": one card of the three, or none.
    assert offered == [TakeCards((0,)), TakeCards((1,)), TakeCards((2,)), TakeCards(())]
    with pytest.raises(RuleViolation) as two:
        game.apply(state, TakeCards((0, 1)))
    assert two.value.rule == "neutrals.elimination.cards" and "1 of its cards" in two.value.message
    took = game.apply(state, TakeCards((1,)))
    assert took.hands[0] == (1,) and took.hands[3] == () and set(took.discards) >= {0, 2}
    assert took.cards_in_play() == state.cards_in_play()
    assert took.phase in ("attack", "status")
    with pytest.raises(RuleViolation) as refused:
        game.apply(state, TakeCards((5,)))
    assert refused.value.rule == "neutrals.elimination.cards"
    for action in offered:
        assert _round_trip(game, state, action) == action
    assert aggressive_agent(game, state, random.Random(1)) == TakeCards((0,))
    assert isinstance(random_agent(game, state, random.Random(1)), TakeCards)
    # The other reading, any number of them, is a choice a house rule can make.
    anyhow = _house(
        "ruleset house extends da-2006-2p-active {\n"
        "  override neutrals.elimination.cards: chosen_by_conqueror\n}\n"
    )
    game, state = _neutral_beaten(anyhow)
    offered = game.legal_actions(state)
    assert len(offered) == 8 and offered[0] == TakeCards((0, 1, 2))
    assert game.apply(state, TakeCards((0, 1))).hands[0] == (0, 1)


# ---------------------------------------------------------------- the trade-down's armies (000 p7)


def _traded_down(rules: riskrules.Rules) -> tuple[Game, riskrules.GameState]:
    """Blue has eliminated red mid-turn and traded the set that made 6 cards."""
    infantry = [c.id for c in rules.deck if c.symbol == "infantry"][:3]
    cavalry = [c.id for c in rules.deck if c.symbol == "cavalry"][:3]
    holdings = {"east_africa": ("blue", 6), "egypt": ("red", 1)}
    game, state = position(
        rules, ["blue", "red", "green"], holdings, filler="green", current="blue",
        hands={"blue": infantry, "red": cavalry},
    )  # fmt: skip
    state = state.evolve(phase="attack", reserves=(0, 0, 0))
    state = game.apply(state, riskrules.Attack("east_africa", "egypt", 3, 1, ((6, 6, 6), (1,))))
    state = game.apply(state, riskrules.MoveIn(3))
    assert state.must_trade
    trade = next(a for a in game.legal_actions(state) if isinstance(a, Trade))
    return game, game.apply(state, trade)


def test_the_trade_downs_armies_go_to_one_territory() -> None:
    """000 p7 "Placer disse forstærkninger i et af dine territorier": read as written, all in
    one territory; the other reading (split them) is a house rule's choice."""
    game, state = _traded_down(riskrules.load("da-2006"))
    reserves = state.reserves[0]
    assert reserves > 1
    places = [a for a in game.legal_actions(state) if isinstance(a, Place)]
    assert places and all(a.armies == reserves for a in places)
    with pytest.raises(RuleViolation) as refused:
        game.apply(state, Place("egypt", 1))
    assert refused.value.rule == "elimination.trade_placement"
    assert refused.value.citation is not None and refused.value.citation.page == 7
    split = _house(
        "ruleset house extends da-2006 {\n  override elimination.trade_placement: split\n}\n"
    )
    game, state = _traded_down(split)
    after = game.apply(state, Place("egypt", 1))
    assert after.reserves[0] == reserves - 1
