"""`riskrules.load` and the Rules facade, against the manuals' stated numbers and house rules.

Expected values are the manuals' own examples (cited beside each), not the code's output.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import riskrules
from helpers import ROOT
from riskrules.engine.rules import WILD

HOUSE = ROOT / "tests" / "houserules"


@pytest.fixture(scope="module")
def classic() -> riskrules.Rules:
    return riskrules.load("classic")


def test_reinforcements_from_territories(classic: riskrules.Rules) -> None:
    # nl004 "Gebieden": 11 gebieden = 3 legers, 14 = 4, 17 = 5; minimum 3.
    assert classic.reinforcements(11, []) == 3
    assert classic.reinforcements(14, []) == 4
    assert classic.reinforcements(17, []) == 5
    # da000 p4: Green holds 13 -> 4; Red holds 5 -> 3 (always at least three).
    assert classic.reinforcements(13, []) == 4
    assert classic.reinforcements(5, []) == 3


def test_reinforcements_with_continents(classic: riskrules.Rules) -> None:
    # nl004 "Continenten": Azië 7, Noord-Amerika 5, Europa 5, Afrika 3, Zuid-Amerika 2, Australië 2.
    assert classic.reinforcements(12, ["asia"]) == 4 + 7
    assert classic.reinforcements(9, ["south_america", "australia"]) == 3 + 2 + 2
    assert classic.reinforcements(20, ["north_america", "europe", "africa"]) == 6 + 5 + 5 + 3


def test_trade_values(classic: riskrules.Rules) -> None:
    # da002 "Første sæt - 4 hære" … "Sjette sæt - 15 hære"; nl004: 7th set 20, 8th 25.
    assert [classic.trade_value(n) for n in range(1, 9)] == [4, 6, 8, 10, 12, 15, 20, 25]
    assert classic.trade_value(3) == 8  # nl004: the game's 3rd set gives 8
    with pytest.raises(ValueError):
        classic.trade_value(0)


def test_battle_and_ties(classic: riskrules.Rules) -> None:
    # da000 p6: Blue rolls 3 and 2, Red 6 and 2: Blue loses two (the defender wins ties).
    assert classic.battle((3, 2), (6, 2)) == (2, 0)
    assert classic.battle((6, 5, 1), (5, 4)) == (0, 2)
    assert classic.battle((4,), (4,)) == (1, 0)
    with pytest.raises(ValueError):
        classic.battle((7,), (1,))


def test_dice_limits(classic: riskrules.Rules) -> None:
    # da000 p5: 1 army no attack, 2: one die, 3: one or two, 4 or more: up to three.
    assert not classic.attack_allowed(1)
    assert classic.attacker_dice(2) == (1, 1)
    assert classic.attacker_dice(3) == (1, 2)
    assert classic.attacker_dice(4) == (1, 3)
    assert classic.attacker_dice(10) == (1, 3)
    # nl004: the defender rolls 1 or 2, two only with at least 2 armies.
    assert classic.defender_dice(1) == (1, 1)
    assert classic.defender_dice(5) == (1, 2)


def test_fortify_reach(classic: riskrules.Rules) -> None:
    owned = {"indonesia", "siam", "india", "afghanistan", "ukraine", "greenland", "iceland"}
    assert classic.can_fortify("greenland", "iceland", owned)
    assert classic.can_fortify("indonesia", "siam", owned)
    # Adjacent only in the classic rules: Indonesia to Ukraine is not one move.
    assert not classic.can_fortify("indonesia", "ukraine", owned)
    assert not classic.can_fortify("greenland", "quebec", owned)


def test_controller(classic: riskrules.Rules) -> None:
    assert classic.controller({"red": 3}) == "red"
    assert classic.controller({"red": 0, "blue": 2}) == "blue"
    assert classic.controller({}) is None


def test_sets(classic: riskrules.Rules) -> None:
    cavalry = [c.id for c in classic.deck if c.symbol == "cavalry"]
    infantry = [c.id for c in classic.deck if c.symbol == "infantry"]
    artillery = [c.id for c in classic.deck if c.symbol == "artillery"]
    wild = [c.id for c in classic.deck if c.symbol == WILD]
    assert len(classic.deck) == 44 and len(wild) == 2
    # da000 p5: Blue's two cavalry cards and a joker make a set.
    assert classic.set_kinds((cavalry[0], cavalry[1], wild[0])) == ["cavalry"]
    assert classic.set_kinds((infantry[0], cavalry[0], artillery[0])) == ["mixed"]
    assert classic.set_kinds((infantry[0], infantry[1], cavalry[0])) == []
    hand = [infantry[0], infantry[1], infantry[2], cavalry[0]]
    assert classic.sets_in(hand) == [tuple(sorted(infantry[:3]))]


def test_conquest_odds(classic: riskrules.Rules) -> None:
    assert classic.conquest_odds(1, 1, exact=True) == Fraction(15, 36)
    assert round(float(classic.conquest_odds(5, 3)), 3) == 0.769


def test_house_rules_change_the_answers(classic: riskrules.Rules) -> None:
    ties = riskrules.load(HOUSE / "ties-to-attacker.rules")
    assert ties.battle((3, 2), (6, 2)) == (1, 1)
    assert ties.conquest_odds(1, 1, exact=True) == Fraction(21, 36)
    three = riskrules.load(HOUSE / "three-defender-dice.rules")
    assert three.defender_dice(3) == (1, 3)
    assert three.battle((2, 2, 2), (6, 6, 6)) == (2, 0)  # the loss cap of 2
    assert three.conquest_odds(5, 3) < classic.conquest_odds(5, 3)
    family = riskrules.load(HOUSE / "family.rules")
    assert family.reinforcements(14, []) == 7
    assert family.reinforcements(4, []) == 3
    assert [family.trade_value(n) for n in (1, 2, 9)] == [10, 10, 10]
    owned = {"indonesia", "siam", "india", "afghanistan", "ukraine"}
    assert family.can_fortify("indonesia", "ukraine", owned)
    assert not family.can_fortify("indonesia", "ukraine", owned - {"india"})
    track = riskrules.load(HOUSE / "capped-bonus.rules")
    assert [track.trade_value(n) for n in range(1, 6)] == [4, 6, 8, 8, 8]


def test_load_refuses_rulesets_with_errors(tmp_path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("ruleset bad extends classic {\n  override combat.ties: attacke\n}\n")
    with pytest.raises(riskrules.RulesError, match="attacke"):
        riskrules.load(bad)
    with pytest.raises(riskrules.RulesError, match="did you mean"):
        riskrules.load("clasic")


def test_a_refusal_quotes_the_rulesets_own_manual_first() -> None:
    """da-2006 inherits combat.ties from classic, whose first citation is the Dutch manual; a
    da-2006 player is shown the 2006 Kommandomanual's passage instead. A house rule that cites
    nothing itself reads its base's manual."""
    import riskrules

    assert riskrules.load("classic").citation("combat.ties").document == "nl004"  # type: ignore[union-attr]
    assert riskrules.load("da-2006").citation("combat.ties").document == "da000"  # type: ignore[union-attr]
    house = riskrules.load(str(ROOT / "examples" / "house-rules" / "defender-three-dice.rules"))
    assert house.citation("combat.ties").document == "da001"  # type: ignore[union-attr]
