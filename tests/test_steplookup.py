"""The faster step search (tools/compliance/steplookup.py) finds, for every step, the same step
definitions in the same order as pytest-bdd's own, and the scenarios end as they did."""

from __future__ import annotations

import importlib
from pathlib import Path

from helpers import ROOT
from riskrules.tools.compliance import steplookup
from riskrules.tools.compliance.scenarios import run_features

FEATURES = [ROOT / "features" / f"{name}.feature" for name in ("da-2006-2p-active", "da-web")]


def test_the_faster_search_finds_what_pytest_bdds_own_finds(tmp_path: Path) -> None:
    steplookup.install()
    scenario = importlib.import_module("pytest_bdd.scenario")
    faster, own = scenario.find_fixturedefs_for_step, steplookup.ORIGINAL
    assert own is not None and faster is not own, "the faster search is in place"
    # A step no definition matches, and one of another kind than its words: both found by none.
    odd = tmp_path / "odd.feature"
    odd.write_text(
        'Feature: odd\n  Scenario: odd\n    Given the ruleset "classic"\n'
        '    When nothing any step says\n    Then the ruleset "classic"\n',
        encoding="utf-8",
    )
    compared: list[tuple[str, int]] = []
    differ: list[str] = []

    def both(step, fixturemanager, node):  # type: ignore[no-untyped-def]
        mine = list(faster(step, fixturemanager, node))
        theirs = list(own(step, fixturemanager, node))
        compared.append((step.name, len(theirs)))
        if mine != theirs:
            differ.append(f"{step.type} {step.name}: {mine} != {theirs}")
        return iter(theirs)

    scenario.find_fixturedefs_for_step = both
    try:
        code, results, _ = run_features([str(p) for p in [*FEATURES, odd]])
    finally:
        scenario.find_fixturedefs_for_step = faster
    assert not differ, differ[:5]
    assert len(compared) > 200 and {n for _, n in compared} >= {0, 1}, len(compared)
    assert code == 1 and [r.outcome for r in results].count("failed") == 1
    again_code, again, _ = run_features([str(p) for p in [*FEATURES, odd]])
    assert again_code == code
    assert [(r.title, r.outcome, r.step) for r in again] == [
        (r.title, r.outcome, r.step) for r in results
    ]
