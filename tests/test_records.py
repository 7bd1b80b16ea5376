"""Records, the referee and the simulator: every simulated record passes, tampering is caught
at its line with the right rule, malformed lines are clear errors."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

import riskrules
from helpers import run_cli
from riskrules.engine.record import decode_line, schema

BUILTINS = [r["name"] for r in run_cli("list", "--format", "json").json()]  # type: ignore[union-attr]


class Records(Mapping[str, Path]):
    """Four simulated games of every built-in ruleset, recorded (enough to hold the rarer
    moments the tests below look for, such as a forced trade): each ruleset's folder, its games
    played when a test first asks for it (pytest-xdist makes a module's fixture on every worker
    that runs one of its tests, and most tests read only classic's)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.made: dict[str, Path] = {}

    def __getitem__(self, name: str) -> Path:
        if name not in BUILTINS:
            raise KeyError(name)
        if name not in self.made:
            result = run_cli(
                "simulate",
                name,
                "--games",
                "4",
                "--seed",
                "3",
                "--record",
                str(self.root / name),
                "--format",
                "json",
            )
            assert result.code == 0, result.out + result.err
            summary = result.json()
            assert summary["violations"] == [] and summary["games"] == 4  # type: ignore[index]
            (self.root / f"{name}.json").write_text(result.out)
            self.made[name] = self.root / name
        return self.made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(BUILTINS)

    def __len__(self) -> int:
        return len(BUILTINS)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Records:
    return Records(tmp_path_factory.mktemp("records"))


def test_simulate_json_shape(records: Records) -> None:
    summary = json.loads((records["classic"].parent / "classic.json").read_text())
    assert set(summary) >= {
        "ruleset",
        "players",
        "games",
        "completed",
        "violations",
        "winners",
        "turns",
        "elapsed_s",
        "games_per_s",
    }
    assert set(summary["turns"]) == {"mean", "max"}


def test_every_simulated_record_passes_the_referee(records: Records) -> None:
    for name, folder in records.items():
        summary = json.loads((folder.parent / f"{name}.json").read_text())
        files = sorted(folder.glob("game-*.jsonl"))
        assert len(files) == 4
        winners = []
        for path in files:
            verdict = run_cli("referee", name, str(path), "--format", "json").json()
            assert verdict["ok"], (name, path.name, verdict)
            winners.append(verdict["winner"])
        expected = sum(summary["winners"].values())
        assert len([w for w in winners if w]) == expected, name
        for seat, count in summary["winners"].items():
            assert winners.count(seat) == count  # referee and simulator agree on the winner


def test_the_shipped_schema_is_the_one_the_decoder_uses() -> None:
    """One source of truth: record.schema.json is generated from the Structs that decode and
    validate a line (regenerate: python -m riskrules.engine.record > engine/record.schema.json)."""
    shipped = json.loads(
        resources.files("riskrules.engine").joinpath("record.schema.json").read_text()
    )
    assert shipped == schema()


def test_records_match_the_schema(records: Records) -> None:
    shipped = json.loads(
        resources.files("riskrules.engine").joinpath("record.schema.json").read_text()
    )
    validator = jsonschema.Draft202012Validator(shipped)
    for folder in records.values():
        for line in next(iter(sorted(folder.glob("*.jsonl")))).read_text().splitlines():
            validator.validate(json.loads(line))


def _lines(records: Records, name: str = "classic", game: int = 0) -> list[dict[str, object]]:
    path = sorted(records[name].glob("*.jsonl"))[game]
    return [json.loads(line) for line in path.read_text().splitlines()]


def _referee(
    tmp_path: Path, lines: list[dict[str, object]], name: str = "classic"
) -> dict[str, object]:
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    result = run_cli("referee", name, str(path), "--format", "json")
    assert result.code == 1, result.out
    return result.json()  # type: ignore[return-value]


def _replay(lines: list[dict[str, object]]) -> list[riskrules.GameState]:
    """The state before each line (index i: before line i + 1; the header has none)."""
    rules = riskrules.load(str(lines[0]["ruleset"]))
    game = riskrules.Game(rules)
    state = game.start(list(lines[0]["players"]), list(lines[0]["neutrals"]))  # type: ignore[arg-type]
    names = [s.name for s in state.seats]
    before: list[riskrules.GameState] = [state]
    for obj in lines[1:]:
        _, _, action = decode_line(json.dumps(obj), names)
        state = game.apply(state, action)
        before.append(state)
    return before


def test_non_bordering_attack(records: Records, tmp_path: Path) -> None:
    lines = _lines(records)
    i = next(i for i, line in enumerate(lines) if line.get("action") == "attack")
    rules = riskrules.load("classic")
    far = next(
        t
        for t in rules.geo.territories
        if not rules.geo.borders(str(lines[i]["from"]), t) and t != lines[i]["from"]
    )
    lines[i] = {**lines[i], "to": far}
    verdict = _referee(tmp_path, lines)
    assert verdict["line"] == i + 1
    assert verdict["rule"] in ("combat.adjacency",)


def test_too_many_dice(records: Records, tmp_path: Path) -> None:
    lines = _lines(records)
    i = next(i for i, line in enumerate(lines) if line.get("action") == "attack")
    lines[i] = {**lines[i], "attacker_dice": [6, 6, 6, 6]}
    verdict = _referee(tmp_path, lines)
    assert (verdict["line"], verdict["rule"]) == (i + 1, "combat.attacker.dice")
    assert verdict["citation"]["document"] in ("nl004", "da001", "da002", "da000")  # type: ignore[index]


def test_skipped_forced_trade(records: Records, tmp_path: Path) -> None:
    for name, game in itertools.product(
        ("classic", "nl-classic", "da-classic", "da-web", "da-2006"), range(4)
    ):
        lines = _lines(records, name, game)
        states = _replay(lines)
        candidates = [
            i
            for i in range(1, len(lines) - 1)
            if lines[i].get("action") == "trade"
            and states[i - 1].must_trade
            and lines[i + 1].get("action") == "place"
        ]
        if candidates:
            i = candidates[0]
            verdict = _referee(tmp_path, lines[:i] + lines[i + 1 :], name)
            assert verdict["line"] == i + 1
            assert verdict["rule"] in ("cards.forced_trade", "elimination.trade_down_to")
            return
    pytest.fail("no simulated game had a forced trade followed by a placement")


def test_extra_card_draw(records: Records, tmp_path: Path) -> None:
    lines = _lines(records)
    i = next(i for i, line in enumerate(lines) if line.get("action") == "end_attack")
    extra = {"turn": lines[i]["turn"], "player": lines[i]["player"], "action": "draw", "card": 0}
    verdict = _referee(tmp_path, [*lines[: i + 1], extra, *lines[i + 1 :]])
    assert (verdict["line"], verdict["rule"]) == (i + 2, "cards.draw")


def test_too_many_armies_placed(records: Records, tmp_path: Path) -> None:
    lines = _lines(records)
    states = _replay(lines)
    i = next(
        i
        for i, line in enumerate(lines)
        if line.get("action") == "place" and states[i - 1].phase == "reinforce"
    )
    seat = states[i - 1].current
    lines[i] = {**lines[i], "armies": states[i - 1].reserves[seat] + 1}
    verdict = _referee(tmp_path, lines)
    assert (verdict["line"], verdict["rule"]) == (i + 1, "reinforcements.territories")
    setup = next(i for i, line in enumerate(lines) if line.get("action") == "place")
    lines = _lines(records)
    lines[setup] = {**lines[setup], "armies": 2}
    verdict = _referee(tmp_path, lines)
    assert (verdict["line"], verdict["rule"]) == (setup + 1, "setup.place_per_turn")


def test_wrong_player_and_turn(records: Records, tmp_path: Path) -> None:
    lines = _lines(records)
    lines[1] = {**lines[1], "player": lines[0]["players"][1]}  # type: ignore[index]
    verdict = _referee(tmp_path, lines)
    assert (verdict["line"], verdict["rule"]) == (2, "turn.phases")


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ("{not json", "not JSON"),
        ('{"turn": 0, "player": "p1", "action": "teleport"}', "unknown action 'teleport'"),
        ('{"turn": 0, "player": "p1", "action": "claim"}', "needs the field 'territory'"),
        ('{"turn": 0, "player": "p1"}', "the line has no 'action'"),
        (
            '{"turn": 0, "player": "p1", "action": "place", "territory": "x", "armies": "two"}',
            "'armies'",
        ),
        (
            '{"turn": 1, "player": "p1", "action": "attack", "from": "alaska", "to": "kamchatka",'
            ' "attacker_dice": [7], "defender_dice": [1]}',
            "a die shows 1 to 6",
        ),
    ],
)
def test_malformed_lines_are_clear_errors(
    records: Records, tmp_path: Path, broken: str, message: str
) -> None:
    lines = [json.dumps(line) for line in _lines(records)]
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join([*lines[:3], broken, *lines[3:]]) + "\n")
    result = run_cli("referee", "classic", str(path), "--format", "json")
    assert result.code == 1 and "Traceback" not in result.err
    verdict = result.json()
    assert verdict["ok"] is False and verdict["line"] == 4
    assert message in verdict["message"]  # type: ignore[operator]
    text = run_cli("referee", "classic", str(path))
    assert "broken.jsonl:4: " in text.out


def test_bad_header(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"format": "chess"}\n')
    verdict = run_cli("referee", "classic", str(path), "--format", "json").json()
    assert (
        verdict["ok"] is False and verdict["line"] == 1 and "riskrules record" in verdict["message"]
    )


def test_a_seeded_simulation_is_the_same_in_every_process() -> None:
    """Iteration order must not depend on string hashing: the same seed, the same games."""
    import os
    import subprocess
    import sys

    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "riskrules",
                "simulate",
                "da-2006-teams",
                "--games",
                "2",
                "--seed",
                "9",
                "--format",
                "json",
            ],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        summary = json.loads(proc.stdout)
        outputs.add(json.dumps([summary["turns"], summary["winners"], summary["actions"]]))
    assert len(outputs) == 1
