"""examples/house-rules/: the variants people play, each a small ruleset with scenarios that pin
what it changes. Each checks clean, its scenarios pass on it and fail on its base (so they pin
the change, not the box), and it plays to the end with records the referee accepts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import ROOT, run_cli
from riskrules import Game, load
from riskrules.engine.agents import aggressive_agent
from riskrules.engine.record import encode, header, to_json
from riskrules.grammar.library import locate
from riskrules.tools.compliance.referee import referee

FOLDER = ROOT / "examples" / "house-rules"
EXAMPLES = sorted(FOLDER.glob("*.rules"))


def test_there_are_at_least_ten_and_the_readme_lists_each() -> None:
    assert len(EXAMPLES) >= 10
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in EXAMPLES:
        assert f"examples/house-rules/{path.name}" in readme, path.name


def test_scenarios_are_written_in_english_danish_and_dutch() -> None:
    languages = {
        (f.read_text(encoding="utf-8").split("\n", 1)[0].removeprefix("# language: ").strip()
         if f.read_text(encoding="utf-8").startswith("# language:") else "en")
        for f in FOLDER.glob("*.feature")
    }  # fmt: skip
    assert {"en", "da", "nl"} <= languages


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_checks_and_its_scenarios_pin_its_change(path: Path) -> None:
    feature = path.with_suffix(".feature")
    assert feature.exists(), f"{path.name} has no scenarios"
    checked = run_cli("check", "--strict", str(path))
    assert checked.code == 0, checked.out
    assert run_cli("test", str(path), str(feature)).code == 0
    base = locate(str(path))[1].chain[1]
    against_base = run_cli("test", base, str(feature), "--lang", "en")
    assert against_base.code == 1 and "failed" in against_base.out, against_base.out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_plays_to_the_end_and_passes_the_referee(path: Path) -> None:
    rules = load(str(path))
    game = Game(rules)
    for seed in (1, 2):
        rng = random.Random(seed)
        names = ["a", "b", "c"]
        neutrals = game.neutral_names()  # a ruleset with neutral armies seats them too
        state = game.start(names, neutrals)
        lines = [encode(header(rules.name, names, neutrals, seed))]
        for _ in range(100_000):
            if state.phase == "over":
                break
            action = aggressive_agent(game, state, rng)
            lines.append(encode(to_json(state, action)))
            state = game.apply(state, action)
        assert state.phase == "over", f"{path.stem}, seed {seed}: unfinished"
        verdict = referee(rules, lines)
        assert verdict.ok and verdict.winner is not None, verdict


def test_new_starts_from_an_example(tmp_path: Path) -> None:
    made = run_cli("new", "ours", "--from", "capital-risk", "-o", str(tmp_path / "ours.rules"))
    assert made.code == 0, made.err
    text = (tmp_path / "ours.rules").read_text(encoding="utf-8")
    assert text.count("ruleset ours\n  title {") == 1 and 'en: "Capital Risk",' in text
    assert "  extends classic {" in text  # the example's title kept in every language
    assert run_cli("check", "--strict", str(tmp_path / "ours.rules")).code == 0
    wrong = run_cli("new", "ours", "--from", "capitl")
    assert wrong.code == 2 and "did you mean 'capital-risk'" in wrong.err


def test_reinforcements_that_find_no_room_are_lost() -> None:
    """With a cap of 12, a player whose every territory is full loses the armies left to place:
    placing stops, the attack begins, and the lost armies are counted (armies are conserved)."""
    from riskrules.engine.actions import Place, RuleViolation

    rules = load(str(FOLDER / "army-cap.rules"))
    game = Game(rules)
    territories = list(rules.geo.index)
    layout = {t: {"red": 1} for t in territories}
    layout["brazil"] = {"blue": 10}
    layout["peru"] = {"blue": 12}
    state = game.position(["blue", "red", "green"], layout, current="blue")
    assert state.phase == "reinforce" and state.reserves[0] == 3  # the fewest a turn
    with pytest.raises(RuleViolation) as refused:
        game.apply(state, Place("brazil", 3))
    assert refused.value.rule == "territory.max_armies"
    after = game.apply(state, Place("brazil", 2))
    assert after.phase == "attack" and after.reserves[0] == 0
    assert after.destroyed == state.destroyed + 1  # the third army had no room
