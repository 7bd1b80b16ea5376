"""The scenarios exercise the rules (issue 47): the clauses `trace` finds exercised never fall
below what they were when the fourth fidelity pass ended, ruleset by ruleset, and the ruleset
of card sets by symbol is played by scenarios of its own."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import run_cli

# Clauses exercised by the built-in scenarios, per ruleset (riskrules trace --format json), on
# the branch of issue 47; main had 380 in all before it. Raise a figure when scenarios grow.
FLOOR = {
    "da-2006-2p-passive": 35,
    "da-2006-2p-active": 40,
    "da-2006-sets-by-symbol": 32,
    "da-2006-mission": 81,
    "da-2006-teams": 36,
    "da-2006": 36,
    "da-classic": 32,
    "da-web-2p": 29,
    "da-web-2p-classic": 14,
    "da-web": 36,
    "nl-classic": 33,
}


@pytest.fixture(scope="module")
def traced() -> Any:
    """`trace` of every ruleset, run once for both tests: it plays every built-in scenario
    whichever rulesets it is asked about, and reports each ruleset as `trace RULESET` does."""
    result = run_cli("trace", "--format", "json")
    assert result.code == 0, result.out[-2000:] + result.err
    return result.json()


def test_the_clauses_exercised_do_not_fall(traced: Any) -> None:
    found = traced
    assert found["scenarios_failed"] == 0
    exercised = {r["name"]: r["exercised"] for r in found["rulesets"]}
    fallen = {name: (exercised.get(name), least) for name, least in FLOOR.items()
              if (exercised.get(name) or 0) < least}  # fmt: skip
    assert not fallen, fallen
    assert sum(exercised.values()) >= 404


def test_sets_by_symbol_has_scenarios_of_its_own(traced: Any) -> None:
    (report,) = [r for r in traced["rulesets"] if r["name"] == "da-2006-sets-by-symbol"]
    values = next(r for r in report["rules"] if r["id"] == "cards.trade_values")
    assert values["defined_in"] == "da-2006-sets-by-symbol"
    assert (
        "test_et_sæt_er_værd_efter_sine_symboler_hvor_mange_sæt_der_end_er_byttet"
        in (values["scenarios"])
    )
