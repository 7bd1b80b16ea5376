"""Every built-in ruleset's games end: with the default agent, 12 seeded games at its fewest and
its most players each finish within the default turn limit (issue 19: da-2006 games once went
round for 500 turns while the agent's stacks roamed past each other)."""

from __future__ import annotations

import pytest

import riskrules
from riskrules.grammar.library import Workspace
from riskrules.grammar.limits import DEFAULT_MAX_TURNS
from riskrules.tools.simulate import jobs, run


def _cases() -> list[tuple[str, int]]:
    out = []
    for name in sorted(Workspace.open().index.rulesets):
        low, high = riskrules.load(name).players
        out += [(name, players) for players in sorted({low, high})]
    return out


pytestmark = pytest.mark.games  # 12 games at the fewest and the most players of each ruleset


@pytest.mark.parametrize(("ruleset", "players"), _cases())
def test_every_game_ends(ruleset: str, players: int) -> None:
    results, _ = run(jobs(ruleset, players, 12, 1, "aggressive", DEFAULT_MAX_TURNS, None), 2)
    assert not [r.violation for r in results if r.violation]
    unfinished = [r.index + 1 for r in results if not r.completed]
    assert not unfinished, f"games {unfinished} of {ruleset} ({players} players) did not end"
