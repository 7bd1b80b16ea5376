"""Records, the referee and the simulator: every simulated record passes, tampering is caught
at its line with the right rule, malformed lines are clear errors."""

from __future__ import annotations

import fcntl
import itertools
import json
import os
import random
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

import riskrules
from helpers import examples, run_cli
from riskrules.engine.record import decode_line, encode, header, schema, to_json
from riskrules.grammar.limits import MAX_RECORD_ACTIONS
from riskrules.tools.compliance.referee import referee

BUILTINS = [r["name"] for r in run_cli("list", "--format", "json").json()]  # type: ignore[union-attr]


class Records(Mapping[str, Path]):
    """Four simulated games of every built-in ruleset, recorded (enough to hold the rarer
    moments the tests below look for, such as a forced trade): each ruleset's folder, its games
    played when a test first asks for it (most tests read only classic's), once a session: the
    pytest-xdist workers (each makes the module's fixture) share the folder, a lock each. Played
    in the test's process (`--workers 1`): the same games from the same seeds as a pool plays
    (tests/test_balance.py shows it), without forking this process for four games."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.made: dict[str, Path] = {}

    def __getitem__(self, name: str) -> Path:
        if name not in BUILTINS:
            raise KeyError(name)
        if name not in self.made:
            with open(self.root / f"{name}.lock", "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # one worker plays them while others wait
                if not (self.root / f"{name}.json").exists():
                    self._play(name)
            self.made[name] = self.root / name
        return self.made[name]

    def _play(self, name: str) -> None:
        result = run_cli(
            "simulate",
            name,
            "--games",
            "4",
            "--seed",
            "3",
            "--workers",
            "1",
            "--record",
            str(self.root / name),
            "--format",
            "json",
        )
        assert result.code == 0, result.out + result.err
        summary = result.json()
        assert summary["violations"] == [] and summary["games"] == 4  # type: ignore[index]
        (self.root / f"{name}.json").write_text(result.out)  # last: the games are whole

    def __iter__(self) -> Iterator[str]:
        return iter(BUILTINS)

    def __len__(self) -> int:
        return len(BUILTINS)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Records:
    """One set of records a session: the workers of pytest-xdist share the session's
    temporary folder (its parent of theirs), and each ruleset's games are played once there."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = shared / "records"
    folder.mkdir(exist_ok=True)
    return Records(folder)


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
            verdict = run_cli("referee", "--lang", "en", name, str(path), "--format", "json").json()
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
    # Each line of an action is held to the schema whole once, and every other line of that
    # action to the one branch that can take it (each names its action in an enum of one, and
    # no line holds the header's "format"): the same verdict, at a twentieth of the cost of
    # trying every branch of the schema's oneOf for each of some 20,000 lines.
    branches = shipped["oneOf"][1]["discriminator"]["mapping"]
    rest = {k: v for k, v in shipped.items() if k not in ("oneOf", "$id")}
    branch = {
        action: jsonschema.Draft202012Validator({**rest, "$ref": ref})
        for action, ref in branches.items()
    }
    for folder in records.values():
        seen: set[object] = set()
        for text in next(iter(sorted(folder.glob("*.jsonl")))).read_text().splitlines():
            line = json.loads(text)
            action = line.get("action")
            if action in seen and "format" not in line:
                branch[action].validate(line)
            else:
                validator.validate(line)
                seen.add(action)
        assert seen - {None} <= set(branch)


def _lines(records: Records, name: str = "classic", game: int = 0) -> list[dict[str, object]]:
    path = sorted(records[name].glob("*.jsonl"))[game]
    return [json.loads(line) for line in path.read_text().splitlines()]


def _referee(
    tmp_path: Path, lines: list[dict[str, object]], name: str = "classic"
) -> dict[str, object]:
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    result = run_cli("referee", "--lang", "en", name, str(path), "--format", "json")
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


def test_trade_without_its_bonus_territory(records: Records, tmp_path: Path) -> None:
    """A trade that earned the +2 must say which territory got it (001 "Du skal placere
    begge disse hære"): the same record without the choice is refused at that line."""
    for name, game in itertools.product(("classic", "da-classic", "nl-classic"), range(4)):
        lines = _lines(records, name, game)
        i = next((i for i, line in enumerate(lines) if line.get("bonus")), None)
        if i is not None:
            lines[i] = {k: v for k, v in lines[i].items() if k != "bonus"}
            verdict = _referee(tmp_path, lines, name)
            assert (verdict["line"], verdict["rule"]) == (i + 1, "cards.territory_bonus")
            assert verdict["citation"] is not None
            return
    pytest.fail("no simulated game traded a set that earned the extra armies")


def test_the_game_for_two_rolls_for_who_places_first(records: Records, tmp_path: Path) -> None:
    """000 p8 "Kast terningerne for at se, hvem der skal placere forstærkningerne først": the
    record of a game for two has the roll after the deal, and the winner places first; a
    record without it, or with the loser placing first, is refused."""
    lines = _lines(records, "da-2006-2p-passive")
    assert [line["action"] for line in lines[1:3]] == ["deal", "start_roll"]
    rounds = lines[2]["rounds"]
    winner = max(rounds[-1], key=rounds[-1].get)  # type: ignore[index, arg-type]
    assert lines[3]["action"] == "place" and lines[3]["player"] == winner
    verdict = _referee(tmp_path, lines[:2] + lines[3:], "da-2006-2p-passive")
    assert (verdict["line"], verdict["rule"]) == (3, "turn.phases")
    reversed_roll = {p: 1 if p == winner else 6 for p in lines[0]["players"]}  # type: ignore[union-attr]
    swapped = [*lines[:2], {**lines[2], "rounds": [reversed_roll]}, *lines[3:]]
    verdict = _referee(tmp_path, swapped, "da-2006-2p-passive")
    assert verdict["line"] == 4 and verdict["rule"] == "turn.phases"


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
    result = run_cli("referee", "--lang", "en", "classic", str(path), "--format", "json")
    assert result.code == 1 and "Traceback" not in result.err
    verdict = result.json()
    assert verdict["ok"] is False and verdict["line"] == 4
    assert message in verdict["message"]  # type: ignore[operator]
    text = run_cli("referee", "--lang", "en", "classic", str(path))
    assert "broken.jsonl:4: " in text.out


def test_bad_header(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"format": "chess"}\n')
    verdict = run_cli("referee", "--lang", "en", "classic", str(path), "--format", "json").json()
    assert (
        verdict["ok"] is False and verdict["line"] == 1 and "riskrules record" in verdict["message"]
    )


@pytest.mark.process
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


HEADER = {
    "format": "riskrules-record",
    "version": 1,
    "ruleset": "classic",
    "players": ["red", "blue", "green"],
    "neutrals": [],
}
TWO = {**HEADER, "players": ["red", "blue"]}


@pytest.mark.parametrize(
    ("ruleset", "head", "words"),
    [
        ("classic", {**HEADER, "players": ["red", "blue", "red"]}, "'red' is named twice"),
        ("classic", {**HEADER, "neutrals": ["grey"]}, "no neutral armies, but 1 is named (grey)"),
        ("da-web-2p", {**TWO, "neutrals": ["red"]}, "'red' is named twice"),
        ("da-web-2p", TWO, "a neutral army (by default neutral-1), but none is named"),
        ("da-2006-2p-active", {**TWO, "neutrals": ["grey", "grey"]}, "'grey' is named twice"),
        ("da-2006-2p-active", {**TWO, "neutrals": ["grey"]}, "2 neutral armies"),
        ("classic", {**HEADER, "players": ["red"]}, "for 3 to 6 players, not 1"),
        ("da-2006-teams", HEADER, "for 4 players, not 3"),
        ("classic", {**HEADER, "players": []}, "the header's 'players' names no one"),
        ("classic", {**HEADER, "players": ["red", 2]}, "'players' must be a list of names"),
        ("classic", {**HEADER, "players": "red, blue"}, "'players' must be a list of names"),
        ("classic", {k: v for k, v in HEADER.items() if k != "ruleset"}, "has no 'ruleset'"),
        ("classic", {**HEADER, "seed": "seven"}, "the header's 'seed'"),
        ("classic", ["riskrules-record", 1], "the header must be a JSON object"),
    ],
)
def test_a_header_that_does_not_fit_is_refused_at_line_1(
    tmp_path: Path, ruleset: str, head: object, words: str
) -> None:
    path = tmp_path / "header.jsonl"
    path.write_text(json.dumps(head) + "\n")
    result = run_cli("referee", "--lang", "en", ruleset, str(path), "--format", "json")
    assert result.code == 1, result.out + result.err
    verdict = result.json()
    assert verdict["line"] == 1 and words in verdict["message"], verdict  # type: ignore[index, operator]


def test_a_blank_first_line_and_a_byte_order_mark(tmp_path: Path) -> None:
    claim = {"turn": 0, "player": "red", "action": "claim", "territory": "alaska"}
    path = tmp_path / "record.jsonl"
    path.write_text("\n" + json.dumps(HEADER) + "\n")
    blank = run_cli("referee", "--lang", "en", "classic", str(path))
    assert blank.code == 1 and "record.jsonl:1: the first line is blank" in blank.out, blank.out
    # A file saved by an editor that opens it with a byte-order mark is read as it is meant.
    path.write_bytes(b"\xef\xbb\xbf" + (json.dumps(HEADER) + "\n" + json.dumps(claim)).encode())
    marked = run_cli("referee", "--lang", "en", "classic", str(path), "--format", "json")
    assert marked.code == 0 and marked.json()["actions"] == 1, marked.out  # type: ignore[index]


def test_a_line_in_the_name_of_someone_not_at_the_table(tmp_path: Path) -> None:
    claim = {"turn": 0, "player": "p1", "action": "claim", "territory": "alaska"}
    path = tmp_path / "record.jsonl"
    path.write_text(json.dumps(HEADER) + "\n" + json.dumps(claim) + "\n")
    verdict = run_cli("referee", "--lang", "en", "classic", str(path), "--format", "json").json()
    assert verdict["line"] == 2, verdict  # type: ignore[index]
    assert "'p1' is not at this table: the header seats red, blue, green" in verdict["message"]  # type: ignore[index, operator]


def test_a_deal_or_missions_for_someone_not_at_the_table(tmp_path: Path) -> None:
    for name in ("da-2006-2p-active", "da-2006-mission"):
        game = riskrules.Game(riskrules.load(name))
        players = ["red", "blue"] if "2p" in name else ["red", "blue", "green"]
        neutrals = game.neutral_names()
        state = game.start(players, neutrals)
        action = game.chance(state, game.legal_actions(state)[0], random.Random(1))
        line = json.loads(encode(to_json(state, action)))
        field = "hands" if line["action"] == "deal" else "missions"
        line[field]["stranger"] = next(iter(line[field].values()))
        head = {**HEADER, "ruleset": name, "players": players, "neutrals": neutrals}
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps(head) + "\n" + json.dumps(line) + "\n")
        verdict = run_cli("referee", "--lang", "en", name, str(path), "--format", "json").json()
        assert verdict["line"] == 2, verdict  # type: ignore[index]
        assert (
            f"'{line['action']}' names 'stranger', who is not at this table" in verdict["message"]
        )  # type: ignore[index, operator]


def test_the_simulator_writes_no_record_longer_than_the_referee_reads() -> None:
    longer = run_cli("simulate", "classic", "-g", "1", "--max-actions", str(MAX_RECORD_ACTIONS + 1))
    assert longer.code == 2 and f"{MAX_RECORD_ACTIONS}" in longer.err, longer.err


def _mutated(value: object, rng: random.Random) -> object:
    """Something a hand editing a record, or a broken program writing one, might put instead."""
    odd: list[object] = [None, True, 0, -1, 7, 10**30, 1.5, "", "x", "p1", "neutral-1", [], [1]]
    odd += [{}, {"p1": []}, "\u0000", "\x1b[31m"]
    if isinstance(value, list) and value and rng.random() < 0.5:
        changed = list(value)
        changed[rng.randrange(len(changed))] = rng.choice([*odd, changed[0]])
        return rng.choice([changed, [*value, value[0]], value[1:]])
    if isinstance(value, dict) and value and rng.random() < 0.5:
        key = rng.choice(list(value))
        return rng.choice(
            [{**value, "zz": value[key]}, {k: v for k, v in value.items() if k != key}]
        )
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice([-1, 1, 100, 10**9])
    return rng.choice(odd)


@pytest.mark.hypothesis  # a property test of our own: .ci/run tries all 150 changes
@pytest.mark.parametrize("name", ["classic", "da-2006-2p-active", "da-2006-mission", "da-web-2p"])
def test_mutated_records_get_a_verdict_never_an_exception(name: str) -> None:
    """A simulated record changed at random in 150 ways (a fifth of them in a quick run: a
    field replaced, removed, added; a line repeated; the header's seats changed): the referee
    answers every one with a verdict, never an exception (the command line's exit 3)."""
    rules = riskrules.load(name)
    game = riskrules.Game(rules)
    rng = random.Random(name)
    players = ["p1", "p2"] if "2p" in name else ["p1", "p2", "p3"]
    neutrals = game.neutral_names()
    state = game.start(players, neutrals)
    lines = [json.loads(encode(header(name, players, neutrals, 1)))]
    for _ in range(400):
        if state.phase == "over":
            break
        action = game.chance(state, rng.choice(game.legal_actions(state)), rng)
        lines.append(json.loads(encode(to_json(state, action))))
        state = game.apply(state, action)
    assert referee(rules, [json.dumps(line) for line in lines]).ok
    for _ in range(examples(150)):
        changed = [dict(line) for line in lines]
        i = 0 if rng.random() < 0.3 else rng.randrange(1, len(changed))
        key = rng.choice(list(changed[i]))
        kind = rng.randrange(4)
        if kind == 0:
            changed[i][key] = _mutated(changed[i][key], rng)
        elif kind == 1:
            del changed[i][key]
        elif kind == 2 and i:
            changed.insert(i, changed[rng.randrange(1, len(changed))])
        else:
            changed[i][rng.choice(["extra", "neutrals", "players", "hands", "cards"])] = [1]
        verdict = referee(rules, [json.dumps(line) for line in changed[: i + 20]])
        assert verdict.ok or (verdict.line is not None and verdict.message), verdict


def test_every_action_of_the_engine_has_its_line_and_a_chance_part_left_out_is_refused() -> None:
    """The record's lines are made from the engine's actions (engine/record.py): each action
    of the engine has one, named as records name it, and an action whose chance part was
    never filled in (an attack's dice, a drawn card) is refused, not written as null."""
    from typing import get_args

    from riskrules import Action, Attack, Draw, EndTurn, Game
    from riskrules.engine import record

    assert list(record.LINES) == list(get_args(Action))
    assert record.ACTIONS[:3] == ("deal", "draw_missions", "claim")
    assert {"move_in", "ally_reinforce", "start_roll", "take_cards"} <= set(record.ACTIONS)
    state = Game(riskrules.load("classic")).start(["red", "blue", "green"])
    for action in (Attack("alaska", "kamchatka", 3, 2), Draw()):
        with pytest.raises(ValueError, match="chance part"):
            to_json(state, action)
    assert json.loads(encode(to_json(state, EndTurn()))) == {
        "action": "end_turn",
        "turn": 0,
        "player": "red",
    }
