"""Receipts (issue 47): a record's header and balance.json say which riskrules and which exact
ruleset text produced them; the referee warns, or with --strict refuses, a record played under
another text of the ruleset it is given."""

from __future__ import annotations

import json
from pathlib import Path

import riskrules
from helpers import run_cli
from riskrules.grammar import __version__
from riskrules.grammar.receipt import effective_text, ruleset_hash

HOUSE = (
    "ruleset house extends classic {\n"
    "  override combat.ties: attacker\n"
    '    note "we play it so"\n'
    "}\n"
)


def _record(tmp_path: Path, rules: Path) -> Path:
    folder = tmp_path / "games"
    result = run_cli(
        "simulate", str(rules), "--games", "1", "--seed", "5", "--record", str(folder),
        "--workers", "1",
    )  # fmt: skip
    assert result.code == 0, result.err
    (record,) = sorted(folder.glob("*.jsonl"))
    return record


def test_the_hash_is_of_the_rules_the_game_plays() -> None:
    """The same rules give the same hash; a value changed gives another; a reason, a citation
    or a note reworded gives the same (they change no game)."""
    classic = riskrules.load("classic").effective
    assert ruleset_hash(classic) == ruleset_hash(riskrules.load("classic").effective)
    assert ruleset_hash(classic).startswith("sha256:") and len(ruleset_hash(classic)) == 71
    assert "combat.ties: defender" in effective_text(classic)
    assert "because" not in effective_text(classic) and "cite" not in effective_text(classic)
    one = riskrules.load_sources("house", {"/tmp/h.rules": HOUSE}).effective
    reworded = riskrules.load_sources(
        "house", {"/tmp/h.rules": HOUSE.replace("we play it so", "faster")}
    ).effective
    changed = riskrules.load_sources(
        "house", {"/tmp/h.rules": HOUSE.replace("attacker", "defender")}
    ).effective
    assert ruleset_hash(one) == ruleset_hash(reworded) != ruleset_hash(changed)
    assert ruleset_hash(one) != ruleset_hash(classic)


def test_a_record_carries_its_receipt_and_the_referee_checks_it(tmp_path: Path) -> None:
    rules = tmp_path / "house.rules"
    rules.write_text(HOUSE, encoding="utf-8")
    record = _record(tmp_path, rules)
    head = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    played = riskrules.load_sources("house", {str(rules): HOUSE}).effective
    assert head["riskrules"] == __version__ and head["ruleset_hash"] == ruleset_hash(played)
    same = run_cli("referee", str(rules), str(record), "--strict", "--format", "json")
    assert same.code == 0 and same.json()["warnings"] == [], same.out  # type: ignore[index]
    # Months later the house rule says the attacker loses no more than 3 a roll (a change no
    # roll of two defending dice can show): the game still referees, with a warning.
    rules.write_text(HOUSE.replace("}\n", "  combat.loss_cap: 3\n}\n"), encoding="utf-8")
    later = run_cli("referee", str(rules), str(record))
    assert later.code == 0, later.out + later.err
    assert "warning: the record was played under another text of 'house'" in later.err
    strict = run_cli("referee", str(rules), str(record), "--strict", "--format", "json")
    verdict = strict.json()
    assert strict.code == 1 and verdict["line"] == 1  # type: ignore[index]
    assert "another text of 'house'" in verdict["message"]  # type: ignore[index]


def test_a_record_without_a_receipt_is_warned_of(tmp_path: Path) -> None:
    rules = tmp_path / "house.rules"
    rules.write_text(HOUSE, encoding="utf-8")
    record = _record(tmp_path, rules)
    lines = record.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    del head["riskrules"], head["ruleset_hash"]
    record.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    plain = run_cli("referee", str(rules), str(record), "--format", "json")
    assert plain.code == 0 and "no hash" in plain.json()["warnings"][0]  # type: ignore[index]
    assert run_cli("referee", str(rules), str(record), "--strict").code == 1


def test_balance_json_carries_each_rulesets_hash(tmp_path: Path) -> None:
    rules = tmp_path / "house.rules"
    rules.write_text(HOUSE, encoding="utf-8")
    result = run_cli("balance", "classic", str(rules), "-g", "2", "-w", "1", "--format", "json")
    assert result.code == 0, result.err
    found = result.json()
    assert found["version"] == __version__  # type: ignore[index]
    hashes = {r["name"]: r["ruleset_hash"] for r in found["rulesets"]}  # type: ignore[index]
    assert hashes["classic"] == ruleset_hash(riskrules.load("classic").effective)
    assert hashes["house"] == ruleset_hash(
        riskrules.load_sources("house", {str(rules): HOUSE}).effective
    )
