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
    # The text a player reads gives percentages (Osborne's 0.5355 is 54%); JSON the decimals.
    text = run_cli("odds", "classic", "--table", "10")
    assert text.code == 0 and text.out.splitlines()[8].split()[7] == "54%"
    assert "0.5355" not in text.out
    one = run_cli("odds", "classic", "-a", "7", "-d", "7")
    assert "attacker takes the territory: 54%" in one.out


def test_a_chance_reads_as_a_percentage_never_certain_unless_it_is() -> None:
    from riskrules.tools.service.odds import percent

    assert [percent(p) for p in (0.7694, 0.5355, 0.007, 0.992, 0.9999, 0.00004)] == [
        "77%",
        "54%",
        "0.7%",
        "99.2%",
        ">99.9%",
        "<0.1%",
    ]
    assert percent(1.0) == "100%" and percent(0.0) == "0%"
    assert percent(Fraction(5, 12), exact=True) == "5/12"


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


ODD_DICE = """ruleset odd "Dice that change with the armies" extends classic {
  override combat.attacker.dice: 1 .. min(3, armies - 1, armies % 3 + 1)
  override combat.defender.dice: 1 .. min(armies, armies % 4 + 1)
  override combat.attack_requires: armies >= 3
  combat.loss_cap: 1
}
"""


def _by_recursion(rules: riskrules.Rules, a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P(win), E[attackers left], E[defenders left]) straight from the definition, position
    by position: an oracle for the invasion's chain, slow and simple."""
    import functools

    @functools.cache
    def solve(a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
        if d == 0:
            return Fraction(1), Fraction(a), Fraction(0)
        if a < 1 or not rules.attack_allowed(a + 1):
            return Fraction(0), Fraction(a), Fraction(d)
        ad, dd = min(rules.attacker_dice(a + 1)[1], a), min(rules.defender_dice(d)[1], d)
        rolls = roll_outcomes(rules, ad, dd)
        stay = sum((o.probability for o in rolls if not o.attacker_loses + o.defender_loses), 0)
        total = [Fraction(0)] * 3
        for o in rolls:
            if o.attacker_loses + o.defender_loses:
                after = solve(a - o.attacker_loses, d - o.defender_loses)
                for i in range(3):
                    total[i] += o.probability / (1 - stay) * after[i]
        return total[0], total[1], total[2]

    return solve(a, d)


@pytest.mark.parametrize("name", ["classic", "da-web", "odd"])
def test_an_invasion_is_its_chain_solved_exactly(tmp_path, name: str) -> None:
    """battle_odds carries chances forward from (A, D); every figure equals the chain solved
    backwards from its definition, exactly, for dice that change with the armies too."""
    if name == "odd":
        (tmp_path / "odd.rules").write_text(ODD_DICE)
        rules = riskrules.load(str(tmp_path / "odd.rules"))
    else:
        rules = riskrules.load(name)
    for a, d in [(0, 0), (0, 4), (4, 0), (1, 1), (2, 7), (5, 3), (13, 11), (25, 24)]:
        got = battle_odds(rules, a, d, exact=True)
        figures = (got.attacker_wins, got.expected_attacker_survivors)
        assert (*figures, got.expected_defender_survivors) == _by_recursion(rules, a, d), (a, d)
        approx = battle_odds(rules, a, d)
        assert abs(float(approx.attacker_wins) - float(got.attacker_wins)) < 1e-12


def test_a_thousand_against_a_thousand() -> None:
    """The largest invasion `odds` takes (grammar/limits.py) in well under a second of CPU
    (about 0.25 s here; solving every position backwards took 8 s and 330 MB)."""
    import time

    from riskrules.grammar.limits import MAX_ODDS_ARMIES

    classic = riskrules.load("classic")
    start = time.process_time()
    result = battle_odds(classic, MAX_ODDS_ARMIES, MAX_ODDS_ARMIES)
    assert time.process_time() - start < 2.0
    assert round(float(result.attacker_wins), 4) == 0.9989
    assert round(float(result.expected_attacker_survivors), 2) == 146.82


def test_cli_names_the_odds_limits() -> None:
    for args, words in [
        (("-a", "1001", "-d", "1"), "1<=x<=1000"),
        (("--table", "201"), "1<=x<=200"),
        (("-a", "61", "-d", "2", "--exact"), "--exact works up to 60 armies a side, not 61"),
    ]:
        result = run_cli("odds", "classic", *args)
        assert result.code == 2 and words in result.err, result.err
