"""Hostile input through the command line: every case in tests/hostile/ (and a few made here,
too big or too odd to keep in the repository) ends with a clear message and exit 1 or 2, never
an internal error (3). Most run in the test's own process; an input only a limit would stop
(endless, blocking or huge) runs as a process of its own within a time and memory limit, as do
the budgets of what a command costs (marked `process`)."""

from __future__ import annotations

import itertools
import json
import os
import random
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import riskrules
from helpers import NOT_HERE, ROOT, dask_processes, long_house_rule
from hostilerun import run, run_bounded, run_measured
from riskrules.engine.actions import EndAttack, EndTurn, Place
from riskrules.engine.record import encode, header, to_json
from riskrules.grammar.limits import (
    MAX_RECORD_ACTIONS,
    MAX_RECORD_BYTES,
    MAX_RECORD_LINE,
)

HOSTILE = ROOT / "tests" / "hostile"
TIES = str(ROOT / "tests" / "houserules" / "ties-to-attacker.rules")
SIXTY_FOUR = ",".join(str(n) for n in range(1, 65))
THOUSAND = ",".join(str(n) for n in range(1, 1001))

HEADER = encode(header("classic", ["a", "b", "c"], [], None)) + b"\n"


def _forever(chunk: bytes) -> Iterator[bytes]:
    yield HEADER
    yield from itertools.repeat(chunk)


def endless_game() -> Iterator[bytes]:
    """A legal classic record that never ends: the setup, then turns in which each player
    places their armies on one territory and neither attacks nor fortifies."""
    game = riskrules.Game(riskrules.load("classic"))
    state = game.start(["a", "b", "c"])
    rng = random.Random(1)
    yield HEADER
    while state.turn == 0:
        action = game.chance(state, game.legal_actions(state)[0], rng)
        yield encode(to_json(state, action)) + b"\n"
        state = game.apply(state, action)
    templates = []  # one round of turns, with the turn number left open
    for _ in range(3):
        seat = state.current
        for action in (Place(game.owned(state, seat)[0], state.reserves[seat]), EndAttack()):
            templates.append(_template(state, action))
            state = game.apply(state, action)
        templates.append(_template(state, EndTurn()))
        state = game.apply(state, EndTurn())
    for round_ in itertools.count():
        yield b"".join(line % (turn + 3 * round_) for turn, line in templates)


def _template(state: riskrules.GameState, action: riskrules.Action) -> tuple[int, bytes]:
    line = encode(to_json(state, action)) + b"\n"
    return state.turn, line.replace(b'"turn":%d,' % state.turn, b'"turn":%d,')


@pytest.mark.process
def test_a_record_of_zeros_is_refused_at_its_first_line() -> None:
    """/dev/zero as the record on standard input: refused where the line passes its limit, in
    bounded time and memory."""
    code, out = run_bounded("referee", "classic", "-", stdin=Path("/dev/zero"))
    assert code == 1 and f"-:1: the line is longer than {MAX_RECORD_LINE:,} bytes" in out, out


@pytest.mark.process
def test_an_endless_stream_of_blank_lines_is_refused_at_the_action_limit() -> None:
    blank = _forever(b"\n" * 65_536)
    code, out = run_bounded("referee", "classic", "-", stdin=blank)
    assert code == 1 and f"-:{MAX_RECORD_ACTIONS + 2}: the record has more than" in out, out


@pytest.mark.process
def test_an_endless_stream_of_long_lines_is_refused_at_the_size_limit() -> None:
    spaces = _forever((b" " * (MAX_RECORD_LINE - 1) + b"\n") * 10)
    code, out = run_bounded("referee", "classic", "-", stdin=spaces)
    line = 1 + (MAX_RECORD_BYTES - len(HEADER)) // MAX_RECORD_LINE + 1  # the first past it
    assert code == 1 and f"-:{line}: the record is longer than {MAX_RECORD_BYTES:,}" in out, out


@pytest.mark.limits  # the referee plays half a million moves (the limit of actions itself is
# in the default run: the endless stream of blank lines below counts to it)
@pytest.mark.process
def test_a_game_that_never_ends_is_refused_at_the_action_limit() -> None:
    code, out = run_bounded("referee", "classic", "-", stdin=endless_game())
    assert code == 1, out
    assert f"more than {MAX_RECORD_ACTIONS:,} lines after the header" in out, out


@pytest.mark.process
def test_the_language_server_survives_what_is_not_lsp() -> None:
    """/dev/zero or an endless stream of short lines as the language server's input: it stops
    with a message after MAX_LSP_MESSAGE bytes without a message header's end. (A message past
    the limit is refused and the session goes on to its end, exit 0: tests/test_lsp.py's
    malformed messages, in a session of their own.)"""
    code, out = run_bounded("lsp", stdin=Path("/dev/zero"))
    assert code == 1 and "this is not the Language Server Protocol" in out, out
    code, out = run_bounded("lsp", stdin=itertools.repeat(b"y\n" * 32_768))
    assert code == 1 and "this is not the Language Server Protocol" in out, out


def h(name: str) -> str:
    return str(HOSTILE / name)


KOMMANDO = "000_c088f9ca3cbe1af9.txt"  # the manual da-2006 encodes
CASES = [  # (arguments, the exit code, words the output must hold)
    # the studio: a folder that is not one, an address it cannot listen on, a port out of range
    (("studio", "{tmp}/file", "--no-browser"), 2, "is a file"),
    (("studio", "{tmp}", "--host", "256.0.0.1", "--no-browser"), 2, "cannot listen on"),
    (("studio", "{tmp}", "--port", "-1", "--no-browser"), 2, "-1 is not in the range"),
    (("summary", h("misspelt-quantity.rules"), "-o", "{tmp}/x.html"), 1, "RR0211"),
    (("check", h("misspelt-quantity.rules"), "--report", "{tmp}/report"), 1, "RR0211"),
    (("check", h("divide-by-zero.rules")), 1, "RR0220"),
    (("check", h("bad-title-and-note.rules")), 1, "RR0124"),
    (("summary", h("bad-title-and-note.rules"), "-o", "{tmp}/x.html"), 1, "RR0124"),
    (("show", h("bad-title-and-note.rules")), 0, 'title {en: "Ours", xx: "?", en: "Again"}'),
    (("check", h("divide-at-14.rules")), 1, "territories = 14"),
    (("check", h("divide-dice.rules")), 1, "RR0220"),
    (("simulate", h("divide-by-zero.rules"), "-g", "1"), 1, "RR0220"),
    (("odds", h("divide-by-zero.rules"), "-a", "3", "-d", "2"), 1, "RR0220"),
    (("summary", h("divide-by-zero.rules")), 1, "RR0220"),
    (("check", h("long-expression.rules")), 1, "RR0004"),
    (("fmt", "--check", h("long-expression.rules")), 0, ""),  # fmt lays out; check reports
    (("check", h("ten-dice.rules")), 1, "RR0223"),
    (("odds", h("ten-dice.rules"), "-a", "10", "-d", "10"), 1, "RR0223"),
    (("check", h("huge-income.rules")), 1, "RR0222"),
    (("check", h("huge-trade.rules")), 1, "RR0222"),
    (("simulate", h("huge-start.rules"), "-g", "1"), 1, "RR0222"),
    (("check", h("zero-minimum.rules")), 1, "RR0221"),
    (("check", h("negative-move-in.rules")), 1, "RR0224"),
    # Issue 29: what `check` accepts, every command plays; the rest is refused with its code.
    (("simulate", h("missing-start-armies.rules"), "-g", "1", "-p", "5"), 1, "RR0213"),
    (("simulate", h("capitals-without-capitals.rules"), "-g", "1"), 1, "RR0226"),
    (("simulate", h("assumed-board.rules"), "-g", "1"), 0, "1/1 games completed"),
    (("odds", h("assumed-board.rules"), "-a", "3", "-d", "2"), 0, "attacker takes"),
    (("summary", h("assumed-board.rules"), "-o", "{tmp}/assumed.html"), 0, "wrote"),
    (("simulate", h("no-placing.rules"), "-g", "1"), 1, "RR0217"),
    (("simulate", h("deal-without-cards.rules"), "-g", "1"), 1, "RR0227"),
    (("simulate", h("teams-of-five.rules"), "-g", "1"), 1, "RR0216"),
    (("simulate", h("nothing-left-behind.rules"), "-g", "1"), 1, "RR0217"),
    (("simulate", h("million-wild-cards.rules"), "-g", "1"), 1, "cards.wild"),
    (("simulate", h("exact-start-armies.rules"), "-g", "1"), 1, "RR0203"),
    (("simulate", h("one-team-alone.rules"), "-g", "1"), 1, "RR0227"),
    (("check", h("many-syntax-errors.rules")), 1, "20 errors"),
    (("check", h("error-after-deep-expression.rules")), 1, "'attacke' is not a choice"),
    (("check", h("half-typed-lines.rules")), 1, "'attacke' is not a choice"),
    (("check", h("leading-zeros.rules")), 0, "no problems"),
    (("check", h("bom.rules")), 0, "no problems"),
    (("check", h("stray-cr.rules")), 0, "no problems"),
    (("fmt", "--diff", h("stray-cr.rules")), 1, "fortify.moves: 2"),
    (("check", h("ring.rules")), 1, "cycle of 200"),
    (("test", "classic", h("empty.feature")), 1, "no feature found"),
    (("test", "classic", h("not-gherkin.feature")), 1, "not valid Gherkin"),
    (
        ("trace", h("sources.rules"), "--sources", str(HOSTILE), "--features", h("empty.feature")),
        1,
        "no feature found",
    ),
    (("summary", "classic", "-o", "{tmp}/missing/x.html"), 2, "cannot write"),
    # -o FILE: the format its suffix names; a clash with --format, a suffix of no format.
    (("summary", "classic", "--format", "md", "-o", "{tmp}/x.pdf"), 2, "disagree"),
    (("summary", "classic", "-o", "{tmp}/x.exe"), 2, "cannot tell the format"),
    (("diff", "classic", "da-2006", "--format", "json", "-o", "{tmp}/x.md"), 2, "disagree"),
    (("summary", "classic", "--format", "md"), 0, "wrote classic.en.md in the current folder"),
    # A sweep over a table's entry: an entry of 5,000 digits, one that is not there, a value
    # past the limits, a quoted key.
    (("sweep", "classic", "--vary", f"setup.start_armies[{'9' * 5000}]=3"), 2, "no table entry"),
    (("sweep", "classic", "--vary", "setup.start_armies[2]=40"), 2, "has no entry 2"),
    (("sweep", "classic", "--vary", f"setup.start_armies[3]={'9' * 100}"), 2, "past the limit"),
    (("sweep", "classic", "--vary", 'continents.bonus["x"]=3'), 2, "no table entry"),
    # A step that matches none, 500,000 characters long: answered at once, the closest offered.
    (("test", "classic", "{tmp}/long-step.feature"), 1, "no step like this one"),
    # A record of another ruleset, its name written to move the terminal: refused, escaped.
    (("referee", "classic", "{tmp}/other.jsonl"), 1, "names the ruleset 'evil\\x1b[31m'"),
    (("summary", "classic", "-o", "/dev/full"), 2, "cannot write"),
    (("check", "--report", "{tmp}/file/sub"), 2, "cannot write"),
    (("new", "mine", "-o", "{tmp}/missing/mine.rules"), 2, "cannot write"),
    (("simulate", "classic", "-g", "1", "--record", "{tmp}/file/sub"), 2, "cannot write"),
    (("check", "{tmp}/long-string.rules"), 1, "RR0006"),  # a 1 MB string: refused as lexed
    (("fmt", "--check", "{tmp}/long-string.rules"), 1, "strings are limited to 1,000"),
    (("referee", "classic", "{tmp}/version.jsonl"), 1, "unsupported record version"),
    (("referee", "classic", "{tmp}/twice.jsonl"), 1, "'a' is named twice"),
    (("referee", "classic", "{tmp}/neutrals.jsonl"), 1, "no neutral armies, but 1 is named"),
    # Seats and rungs that are not agents, or not one per player: named, before any game.
    (("balance", "classic", TIES, "-p", "4", "--seats", "search,random"), 2, "names 2 agents"),
    (("balance", "classic", TIES, "--agents", "search,search"), 2, "each once"),
    (("simulate", "classic", "--seats", "random,\u001b[31m"), 2, "no agent"),
    (("ladder", "classic", "--rungs", "search"), 2, "two agents or more"),
    (("ladder", "classic", "-g", "1000000"), 2, "at most"),
    (("ladder", "classic", "--players", "13"), 2, "13"),
    # A scheduler address that is not one: named, with the right form, before any game.
    (("balance", "classic", TIES, "--scheduler", "garbage"), 2, "'garbage' has no port"),
    (("balance", "classic", TIES, "--scheduler", ""), 2, "address '' is empty; write tcp://"),
    (("balance", "classic", TIES, "--scheduler", "tcp://"), 2, "has no host and port"),
    (
        ("sweep", "classic", "--vary", "combat.ties=attacker", "--scheduler", "tcp://h:x"),
        2,
        "port 'x'",
    ),
    (("balance", "classic", TIES, "--scheduler", "http://x:1"), 2, "the scheme 'http://'"),
    (("balance", "classic", TIES, "--scheduler", ":8786"), 2, "':8786' has no host"),
    (("balance", "classic", TIES, "--scheduler", "tcp://[::1"), 2, "IPv6 host"),
    (("balance", "classic", TIES, "--scheduler", "tcp://127.0.0.1:99999"), 2, "'99999', not a"),
    # A language the verdicts are not written in; a study in which no game finishes says so.
    (("balance", "classic", TIES, "-g", "2", "--lang", "tlh"), 2, "'tlh' is not one of"),
    (
        ("balance", "classic", TIES, "-g", "3", "-w", "1", "--max-turns", "1"),
        0,
        "Too few finished games to say how long games are.",
    ),
    # trace --sources: a folder that gives no manual is named with the files it should hold.
    (("trace", "da-2006", "--sources", "{tmp}/nowhere"), 2, "no such folder"),
    (
        ("trace", "da-2006", "--sources", "{tmp}/no-manuals"),
        2,
        f"no-manuals; expected the texts the rulesets cite: {KOMMANDO} (da000): not in the folder",
    ),
    (("trace", "da-2006", "--uncovered", "--sources", "{tmp}/no-manuals"), 2, KOMMANDO),
    # Issue 33: the new rules' bad values, and a roll for the first turn a record gets wrong.
    (("simulate", h("forced-trade-sets-zero.rules"), "-g", "1"), 1, "RR0217"),
    (("simulate", h("first-turn-typo.rules"), "-g", "1"), 1, "did you mean 'roll_again'"),
    (("check", h("neutral-cards-typo.rules")), 1, "RR0202"),
    (
        ("referee", "--lang", "en", "da-2006", "{tmp}/start-roll-tie.jsonl"),
        1,
        "p1, p2 are tied at the top",
    ),
    (
        ("referee", "--lang", "en", "da-2006", "{tmp}/start-roll-order.jsonl"),
        1,
        "roll 1 is for p1, p2, p3",
    ),
    (
        ("referee", "--lang", "en", "da-2006", "{tmp}/start-roll-die.jsonl"),
        1,
        "'rounds' holds a number that is not a die",
    ),
    (
        ("referee", "--lang", "en", "da-2006", "{tmp}/start-roll-stranger.jsonl"),
        1,
        "names 'zed', who is not",
    ),
    (
        ("referee", "--lang", "en", "da-2006", "{tmp}/start-roll-early.jsonl"),
        1,
        "rolling for the first turn",
    ),
    (("trace", "da-2006", "--format", "html"), 2, "--format html shows the manuals' text"),
]


# Inputs only a limit would stop if the command did not refuse them: endless (/dev/zero), blocking
# (a FIFO), huge (sparse files of 30-300 MB, a line of 50 MB, nesting 99,000 deep) or a study's
# size that once filled the memory. Each runs as a process of its own within MEMORY and SECONDS.
BOUNDED = [
    (("check", "/dev/zero"), 1, "not a regular file"),
    (("check", "{tmp}/big.rules"), 1, "rules files are limited"),
    (("check", "{tmp}/fifo.rules"), 1, "not a regular file"),
    (("referee", "classic", "{tmp}/deep.jsonl"), 1, "nested too deeply"),
    (("referee", "classic", "{tmp}/long.jsonl"), 1, "longer than 100,000 bytes"),
    (("referee", "classic", "/dev/zero"), 1, "/dev/zero:1: the line is longer than 100,000"),
    (("referee", "classic", "{tmp}/zeros.jsonl"), 1, "zeros.jsonl:2: the line is longer than"),
    (("trace", "da-2006", "--sources", "{tmp}/fifo-manual"), 2, "not a regular file"),
    (("trace", "da-2006", "--uncovered", "--sources", "{tmp}/huge-manual"), 2, "20,000,000"),
    (("trace", "da-2006", "--format", "html", "--sources", "{tmp}/huge-manual"), 2, "20,000,000"),
    # A study's size is refused before anything is made: 65 rulesets of a million games were
    # 65 million jobs in memory (3.6 GB, then a MemoryError); a grid is counted, not built.
    (
        ("sweep", "classic", "--vary", f"fortify.moves={SIXTY_FOUR}", "--games", "1000000"),
        2,
        "a study plays at most 1,000,000 games in all: --games 7,692 or fewer",
    ),
    (
        (
            "sweep",
            "classic",
            "--vary",
            f"fortify.moves={THOUSAND}",
            "--vary",
            f"cards.sets={THOUSAND}",
        ),
        2,
        "the grid has 1,000,000 points; a sweep has at most 64",
    ),
    (
        ("balance", "classic", TIES, "-g", "500001", "-w", "1"),
        2,
        "(2 rulesets × 2 strengths of players × 500,001)",
    ),
    (
        ("balance", "classic", TIES, "-g", "500001", "--agent", "search"),
        2,
        "(2 rulesets × 500,001)",
    ),
]


# Inputs at the size limits: a manual of 20 MB read whole (15-20 CPU-s each). The `limits`
# marker runs them (.ci/run does); the default run refuses the manual past the limit above.
AT_THE_LIMITS = [
    # A manual at the size limit, 772,000 short rule-bearing passages: counted, 1,000 listed.
    (("trace", "da-2006", "--uncovered", "--sources", "{tmp}/full-manual"), 1, "771,445 more"),
    # The page of every sentence: the first 20,000 passages of a manual shown, the rest counted.
    (
        ("trace", "da-2006", "--format", "html", "--sources", "{tmp}/full-manual"),
        1,
        "… and 752,445 more passages, not shown",
    ),
]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "file").write_text("a file, not a folder\n")
    with open(folder / "big.rules", "wb") as handle:  # 300 MB, sparse: costs no disk
        handle.truncate(300_000_000)
    (folder / "long-house.rules").write_text(long_house_rule(), encoding="utf-8")
    (folder / "long-string.rules").write_text(
        "ruleset house extends classic {\n"
        f'  override combat.ties: assumed attacker because "{"x" * 999_000}"\n'
        "}\n"
    )
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.rules")
    header = json.dumps(
        {
            "format": "riskrules-record",
            "version": 1,
            "ruleset": "classic",
            "players": ["a", "b", "c"],
            "neutrals": [],
        }
    )
    (folder / "deep.jsonl").write_text(header + "\n" + '{"x": ' + "[" * 99_000 + "\n")
    with open(folder / "long.jsonl", "w") as handle:
        handle.write(header + "\n")
        handle.write(" " * 50_000_000 + "\n")
    (folder / "version.jsonl").write_text(header.replace('"version": 1', '"version": true') + "\n")
    with open(folder / "zeros.jsonl", "wb") as handle:  # a header, then 300 MB of NULs, sparse
        handle.write(header.encode() + b"\n")
        handle.truncate(300_000_000)
    (folder / "twice.jsonl").write_text(header.replace('"c"]', '"a"]') + "\n")
    _start_roll_records(folder)
    (folder / "neutrals.jsonl").write_text(header.replace("[]", '["grey"]') + "\n")
    (folder / "other.jsonl").write_text(header.replace('"classic"', '"evil\\u001b[31m"') + "\n")
    (folder / "long-step.feature").write_text(
        'Feature: long\n  Scenario: one step\n    Given the ruleset "classic"\n'
        f"    When a player hold {'13 ' * 170_000}territories\n"
    )

    (folder / "no-manuals").mkdir()
    (folder / "no-manuals" / "notes.txt").write_text("not a manual\n")
    for name in ("fifo-manual", "huge-manual", "full-manual"):
        (folder / name).mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo-manual" / KOMMANDO)
    with open(folder / "huge-manual" / KOMMANDO, "wb") as handle:  # sparse: costs no disk
        handle.truncate(30_000_000)
    return folder


def _full_manual(folder: Path) -> None:
    """A manual just under the size limit, in `folder`/full-manual (made once a module)."""
    path = folder / "full-manual" / KOMMANDO
    if path.exists():
        return
    with open(path, "w", encoding="utf-8") as handle:
        size = number = 0
        while size < 19_900_000:  # page markers up to 99,998, then lines without one
            number += 1
            line = "Du skal tage 3 hære nu.\n"
            line = f"{number} {line}" if number < 99_999 else line
            size += len(line.encode())
            handle.write(line)


def _start_roll_records(folder: Path) -> None:
    """da-2006 records up to the roll for the first turn (setup.first_turn), with that roll
    tied, out of seating order, past a die, naming a stranger, and one rolled too early."""
    from riskrules import Game, load
    from riskrules.engine import record

    game = Game(load("da-2006"))
    players = ["p1", "p2", "p3"]
    state = game.start(players)
    lines = [record.encode(record.header("da-2006", players, [], None)).decode()]
    while state.phase != "start_roll":
        action = game.legal_actions(state)[0]
        lines.append(record.encode(record.to_json(state, action)).decode())
        state = game.apply(state, action)
    setup = "\n".join(lines)
    roll = '{{"action": "start_roll", "turn": 0, "player": "p1", "rounds": {}}}'
    bad = {
        "tie": '[{"p1": 6, "p2": 6, "p3": 1}]',
        "order": '[{"p2": 6, "p1": 5, "p3": 1}]',
        "die": '[{"p1": 7, "p2": 6, "p3": 1}]',
        "stranger": '[{"p1": 6, "zed": 5, "p3": 1}]',
    }
    for name, rounds in bad.items():
        (folder / f"start-roll-{name}.jsonl").write_text(f"{setup}\n{roll.format(rounds)}\n")
    early_roll = roll.replace('"player": "p1"', '"player": "p2"')  # p2 claims next
    early = "\n".join([*lines[:2], early_roll.format('[{"p1": 6, "p2": 5, "p3": 1}]')])
    (folder / "start-roll-early.jsonl").write_text(early + "\n")


@pytest.mark.parametrize(("args", "code", "words"), CASES, ids=lambda v: str(v)[:40])
def test_hostile_input(tmp: Path, args: tuple[str, ...], code: int, words: str) -> None:
    if any("fifo" in a for a in args) and not hasattr(os, "mkfifo"):
        pytest.skip(NOT_HERE + "no FIFOs on this system")
    got, out = run(*(a.replace("{tmp}", str(tmp)) for a in args), cwd=tmp)
    assert got == code, out[-2000:]
    assert words in out, out[-2000:]


@pytest.mark.process
@pytest.mark.parametrize(("args", "code", "words"), BOUNDED, ids=lambda v: str(v)[:40])
def test_hostile_input_within_a_limit(
    tmp: Path, args: tuple[str, ...], code: int, words: str
) -> None:
    if any("fifo" in a for a in args) and not hasattr(os, "mkfifo"):
        pytest.skip(NOT_HERE + "no FIFOs on this system")
    got, out = run_bounded(*(a.replace("{tmp}", str(tmp)) for a in args), cwd=tmp)
    assert got == code, out[-2000:]
    assert words in out, out[-2000:]


@pytest.mark.limits
@pytest.mark.process
@pytest.mark.parametrize(("args", "code", "words"), AT_THE_LIMITS, ids=lambda v: str(v)[:40])
def test_hostile_input_at_the_limits(
    tmp: Path, args: tuple[str, ...], code: int, words: str
) -> None:
    _full_manual(tmp)
    test_hostile_input_within_a_limit(tmp, args, code, words)


# ------------------------------------------------------------------ a Dask cluster lost or broken


@pytest.mark.process
def test_an_unreachable_scheduler_is_exit_2_within_the_connect_timeout(tmp: Path) -> None:
    pytest.importorskip("distributed")
    args = ("balance", "classic", TIES, "-g", "2", "--scheduler", "127.0.0.1:9")
    code, out = run_bounded(*args, "--connect-timeout", "1", cwd=tmp)
    assert code == 2, out[-2000:]
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 1 s" in out, out


@pytest.mark.process
def test_a_port_where_no_scheduler_answers_is_exit_2_within_the_connect_timeout(
    tmp: Path,
) -> None:
    """Something listens (the kernel takes the connection) but never answers: Dask's own
    client would wait for its greeting for ever."""
    pytest.importorskip("distributed")
    with socket.socket() as mute:
        mute.bind(("127.0.0.1", 0))
        mute.listen()
        address = f"tcp://127.0.0.1:{mute.getsockname()[1]}"
        args = ("balance", "classic", TIES, "-g", "2", "--scheduler", address)
        code, out = run_bounded(*args, "--connect-timeout", "1", cwd=tmp)
    assert code == 2, out[-2000:]
    assert f"no Dask scheduler answered at {address} within 2 s" in out, out


@pytest.mark.cluster
def test_a_scheduler_with_no_worker_is_exit_2_within_the_worker_timeout(tmp: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None) as lone:
        address = lone.scheduler_address
        args = ("balance", "classic", TIES, "-g", "2", "--scheduler", address)
        code, out = run_bounded(*args, "--worker-timeout", "1", cwd=tmp)
    assert code == 2, out[-2000:]
    assert f"the Dask scheduler at {address} has no worker: none joined within 1 s" in out, out


@pytest.mark.parametrize(
    ("lost", "why"),
    [("worker", "every worker of the Dask scheduler"), ("scheduler", "lost the Dask scheduler")],
)
@pytest.mark.cluster
def test_a_cluster_lost_mid_study_leaves_the_seeds_finished(tmp: Path, lost: str, why: str) -> None:
    """The worker or the scheduler ends, as a crash would, when its twelfth game starts or
    ends: the study stops (exit 1) with the seeds every ruleset finished, shown and written,
    and says so."""
    pytest.importorskip("distributed")
    report = tmp / f"lost-{lost}"
    with dask_processes(workers=1, preload=lost, die_after=12) as cluster:
        args = ("balance", "classic", TIES, "-g", "50", "--batch", "1", "--report", str(report))
        code, out = run_bounded(
            *args, "--scheduler", cluster.address, "--worker-timeout", "2", cwd=tmp
        )
    assert code == 1, out[-2000:]
    assert f"error: the study stopped early: {why}" in out, out[-2000:]
    found = json.loads((report / "balance.json").read_text())
    assert why in found["stopped"]["reason"]
    assert 2 <= found["games"] < 50 and found["seeds"] == [1, found["games"]]
    assert f"the study of --games {found['games']}" in out
    assert "Stopped early" in (report / "balance.html").read_text()


def test_the_report_escapes_what_a_title_holds(tmp: Path) -> None:
    run("check", h("script-title.rules"), "--report", str(tmp / "escaped"))
    index = (tmp / "escaped" / "index.md").read_text()
    assert "<script>" not in index and "&lt;script&gt;" in index


def test_trace_reads_a_latin_1_manual(tmp: Path) -> None:
    """(A source outside the folder is RR0125: tests/test_hostile_forms.py.)"""
    _code, out = run(
        "trace",
        h("sources.rules"),
        "--sources",
        str(HOSTILE),
        "--format",
        "json",
        "--features",
        str(ROOT / "features" / "nl-classic.feature"),
    )
    report = json.loads(out[out.index("{") :])["rulesets"][0]
    # The Latin-1 manual is read (its anchor found).
    assert report["anchors_checked"] == 1 and report["anchors_found"] == 1, report


@pytest.mark.process
def test_same_seed_same_record_bytes_under_any_hash_seed(tmp: Path) -> None:
    folders = []
    for seed in ("1", "2"):
        folder = tmp / f"hash-{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "riskrules",
                "simulate",
                "da-2006",
                "-p",
                "3",
                "-g",
                "2",
                "--seed",
                "7",
                "--record",
                str(folder),
            ],
            check=True,
            env=env,
            capture_output=True,
            timeout=300,
        )
        folders.append(folder)
    for name in ("game-0001.jsonl", "game-0002.jsonl"):
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes()


# (arguments, the exit code, words the output must hold, CPU seconds, MiB): what each cost
# before its limit or its better algorithm is in the comment; a budget is a few times what it
# costs now (Python's start-up, about 0.3 s and 30 MiB, included), far below what it cost then.
BUDGETS = [
    # 448 MiB and 1.8 s before strings were limited (RR0006); now about 31 MiB
    (("check", "{tmp}/long-string.rules"), 1, "RR0006", 5.0, 120),
    # 8 s and 327 MiB when every position was solved backwards; now about 0.5 s and 28 MiB
    (("odds", "classic", "-a", "1000", "-d", "1000"), 0, "99.9%", 3.0, 120),
    (("odds", "classic", "-a", "1001", "-d", "1000"), 2, "1<=x<=1000", 5.0, 120),
    (("odds", "classic", "--table", "201"), 2, "1<=x<=200", 5.0, 120),
    (("odds", "classic", "--table", "61", "--exact"), 2, "--exact works up to 60", 5.0, 120),
    # 58 s of CPU (41,799 fortifying moves) when a random player's turn had no bound; now 2.4 s
    (
        (
            *("simulate", str(ROOT / "examples" / "house-rules" / "unlimited-fortify.rules")),
            *("--agent", "random", "-g", "1", "--max-turns", "200", "-w", "1"),
        ),
        0,
        "0 violations",
        20.0,
        200,
    ),
    # The search player's fortifying lookahead with no limit on the moves: each move must gain,
    # so its turns end (at most 13 moves a turn on seeds 1 to 3); about 1.4 s and 35 MiB
    (
        (
            *("simulate", str(ROOT / "examples" / "house-rules" / "unlimited-fortify.rules")),
            *("--agent", "search", "-p", "4", "-g", "1", "--max-turns", "200", "-w", "1"),
        ),
        0,
        "0 violations",
        10.0,
        200,
    ),
]


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "wait4"), reason="no per-process usage here")
@pytest.mark.parametrize(("args", "code", "words", "seconds", "mib"), BUDGETS, ids=str)
def test_hostile_input_within_a_budget(
    tmp: Path, args: tuple[str, ...], code: int, words: str, seconds: float, mib: int
) -> None:
    got, out, cpu, peak = run_measured(*(a.replace("{tmp}", str(tmp)) for a in args), cwd=tmp)
    assert got == code, out[-2000:]
    assert words in out, out[-2000:]
    assert cpu < seconds, f"{cpu:.1f} s of CPU"
    assert peak < mib, f"{peak:.0f} MiB at the peak"


@pytest.mark.process
@pytest.mark.skipif(not hasattr(os, "wait4"), reason="no per-process usage here")
@pytest.mark.limits  # (its pages and words in the default run: test_sheet_layouts.py)
def test_a_long_house_rule_prints_on_two_pages_at_most(tmp: Path) -> None:
    """Every rule changed, 60 reasons of 1,000 characters: seven pages and 6 s of CPU before
    reasons were shortened and many changes counted; now one page within its budget."""
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("weasyprint")
    pdf = tmp / "long-house.pdf"
    args = ("summary", str(tmp / "long-house.rules"), "--format", "pdf", "-o", str(pdf))
    code, out, cpu, peak = run_measured(*args, cwd=tmp)
    assert code == 0 and "warning" not in out, out[-2000:]
    assert len(pypdf.PdfReader(pdf).pages) <= 2
    assert cpu < 20 and peak < 400, (cpu, peak)
