"""Exact odds against published Markov-chain analyses of Risk battles.

Sources (values transcribed, not computed here):
- J. A. Osborne, "Markov Chains for the RISK Board Game Revisited", Mathematics Magazine 76
  (2003), Table 3: P(attacker wins) for A attacking armies (the territory holds A + 1) against D,
  printed to 3 decimals; rows A = 1..5, columns D = 1..5 below.
- A MATLAB Cody problem's test suite (problem 1260, "RISK Board Game Battle Simulation"), which
  counts the attacker's armies including the one left behind: 8 vs 7 -> 0.5355 (4 decimals).
- recreationalmath.com's exact calculator, quoted in that problem's comments: 10 vs 10 (again
  counting the army left behind) -> 0.47993525647768026.
- J. Bader's visualisation of Osborne's chain: 5 vs 3 attacker wins 76.9 %, loses 2.18 on average.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import riskrules
from helpers import run_cli
from riskrules.engine.odds import battle_odds, battle_table, roll_outcomes

OSBORNE = [
    [0.417, 0.106, 0.027, 0.007, 0.002],
    [0.754, 0.363, 0.206, 0.091, 0.049],
    [0.916, 0.656, 0.470, 0.315, 0.206],
    [0.972, 0.785, 0.642, 0.477, 0.359],
    [0.990, 0.890, 0.769, 0.638, 0.506],
]


@pytest.fixture(scope="module")
def classic() -> riskrules.Rules:
    return riskrules.load("classic")


def test_osborne_table(classic: riskrules.Rules) -> None:
    table = battle_table(classic, 5, 5)
    for a in range(5):
        for d in range(5):
            assert round(float(table[a][d]), 3) == OSBORNE[a][d], (a + 1, d + 1)


def test_published_points(classic: riskrules.Rules) -> None:
    assert round(float(classic.conquest_odds(7, 7)), 4) == 0.5355
    assert abs(float(classic.conquest_odds(9, 10)) - 0.47993525647768026) < 1e-12
    five_three = battle_odds(classic, 5, 3)
    assert round(float(five_three.attacker_wins), 3) == 0.769
    assert round(5 - float(five_three.expected_attacker_survivors), 2) == 2.18


def test_one_roll_three_against_two(classic: riskrules.Rules) -> None:
    outcomes = {
        (o.attacker_loses, o.defender_loses): o.probability for o in roll_outcomes(classic, 3, 2)
    }
    assert outcomes == {
        (2, 0): Fraction(2275, 7776),
        (1, 1): Fraction(2611, 7776),
        (0, 2): Fraction(2890, 7776),
    }


def test_exact_and_float_agree(classic: riskrules.Rules) -> None:
    exact = battle_table(classic, 6, 6, exact=True)
    approx = battle_table(classic, 6, 6)
    for row_x, row_f in zip(exact, approx, strict=True):
        for x, f in zip(row_x, row_f, strict=True):
            assert isinstance(x, Fraction)
            assert abs(float(x) - float(f)) < 1e-12


def test_cli_roll_exact() -> None:
    data = run_cli("odds", "classic", "--roll", "3v2", "--exact", "--format", "json").json()
    probabilities = {
        (o["attacker_loses"], o["defender_loses"]): o["probability"] for o in data["outcomes"]
    }
    assert probabilities == {(2, 0): "2275/7776", (1, 1): "2611/7776", (0, 2): "2890/7776"}


def test_cli_table_matches_osborne() -> None:
    data = run_cli("odds", "classic", "--table", "10", "--format", "json").json()
    table = data["table"]
    assert len(table) == 10 and all(len(row) == 10 for row in table)
    for a in range(5):
        for d in range(5):
            assert round(table[a][d], 3) == OSBORNE[a][d]
    assert round(table[6][6], 4) == 0.5355
    assert round(table[8][9], 4) == 0.4799
    text = run_cli("odds", "classic", "--table", "10")
    assert text.code == 0 and "0.5355" in text.out


def test_cli_single_battle_and_usage() -> None:
    data = run_cli("odds", "classic", "-a", "1", "-d", "1", "--exact", "--format", "json").json()
    assert data["attacker_wins"] == "5/12"
    assert set(data) >= {"attackers", "defenders", "attacker_wins", "expected_attacker_survivors"}
    assert run_cli("odds", "classic").code == 2
    assert run_cli("odds", "classic", "--roll", "three").code == 2


def test_house_rule_changes_the_figures(tmp_path) -> None:
    house = tmp_path / "house.rules"
    house.write_text("ruleset house extends classic {\n  override combat.ties: attacker\n}\n")
    data = run_cli("odds", str(house), "--roll", "1v1", "--exact", "--format", "json").json()
    probabilities = {
        (o["attacker_loses"], o["defender_loses"]): o["probability"] for o in data["outcomes"]
    }
    assert probabilities == {(0, 1): "21/36", (1, 0): "15/36"}
