"""Hostile input through the real command line: every case in tests/hostile/ (and a few made
here, too big or too odd to keep in the repository) ends with a clear message and exit 1 or 2,
never an internal error (3), within a time and memory limit."""

from __future__ import annotations

import contextlib
import html as html_lib
import io
import itertools
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO
from xml.etree import ElementTree

import pytest

import riskrules
from forkserver import run_forked
from helpers import NOT_HERE, ROOT, dask_processes, long_house_rule
from riskrules.engine.actions import EndAttack, EndTurn, Place
from riskrules.engine.record import encode, header, to_json
from riskrules.grammar.limits import (
    MAX_LSP_MESSAGE,
    MAX_RECORD_ACTIONS,
    MAX_RECORD_BYTES,
    MAX_RECORD_LINE,
)

HOSTILE = ROOT / "tests" / "hostile"
TIES = str(ROOT / "tests" / "houserules" / "ties-to-attacker.rules")
SIXTY_FOUR = ",".join(str(n) for n in range(1, 65))
THOUSAND = ",".join(str(n) for n in range(1, 1001))
MEMORY = 1_500 * 2**20  # bytes of address space a command may use
SECONDS = 90


def _limit() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


# The cases name the manuals' folder when they use one (`--sources`); CI's RISKRULES_SOURCES
# would otherwise give one to a case that tests having none.
_ENV = {k: v for k, v in os.environ.items() if k != "RISKRULES_SOURCES"}


def run(*args: str, cwd: Path | None = None, stdin: bytes | None = None) -> tuple[int, str]:
    """`python -m riskrules ARGS` as a process of its own, forked from a server that has
    imported the command line (tests/forkserver.py), within MEMORY bytes and SECONDS."""
    proc = run_forked(*args, cwd=cwd, stdin=stdin, env=_ENV, memory=MEMORY, seconds=SECONDS)
    out = (proc.out + proc.err).decode("utf-8", errors="replace")
    assert proc.code >= 0, f"ended by signal {-proc.code} (14: after {SECONDS} s)\n{out[-2000:]}"
    assert "internal error" not in out and "Traceback" not in out, out[-2000:]
    assert proc.code != 3, out[-2000:]
    return proc.code, out


def run_measured(*args: str, cwd: Path | None = None) -> tuple[int, str, float, float]:
    """`run`, and what the command cost: its CPU seconds (user and system, which a busy
    machine does not inflate as the wall clock) and its peak memory in MiB."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "peak")
        proc = subprocess.Popen(
            [sys.executable, "-c", _PEAK, report, *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            preexec_fn=_limit if os.name == "posix" else None,
        )
        timer = threading.Timer(SECONDS, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", errors="replace")
        try:
            peak = int(Path(report).read_text()) / 1024
        except (OSError, ValueError):  # no report (killed): the kernel's figure, an upper bound
            peak = usage.ru_maxrss / 1024
    assert "internal error" not in text and "Traceback" not in text, text[-2000:]
    assert code not in (3, -9), text[-2000:]  # -9: killed after SECONDS
    return code, text, usage.ru_utime + usage.ru_stime, peak


# `python -m riskrules ARGS`, which writes its peak memory (KiB) to the file named first. The
# kernel's ru_maxrss for a child counts the forked copy of the test process it started as (a
# big pytest worker: 130 MiB for a usage error); VmHWM is the command's own, from its exec on.
_PEAK = """
import atexit, runpy, sys
report = sys.argv.pop(1)
def peak():
    try:
        with open("/proc/self/status") as status:
            kib = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    except OSError:  # not Linux: the caller falls back to the kernel's figure
        return
    with open(report, "w") as out:
        out.write(kib)
atexit.register(peak)
sys.argv[0] = "riskrules"
runpy.run_module("riskrules", run_name="__main__", alter_sys=True)
"""


def run_streaming(*args: str, stdin: BinaryIO | Iterator[bytes]) -> tuple[int, str]:
    """`run`, with standard input a file (/dev/zero) or fed from `stdin`'s chunks for as long
    as the command reads them: an endless stream must be refused, not read to the end."""
    feed = None
    if isinstance(stdin, io.IOBase):  # (a file is an iterator too, of lines: not that way)
        source: BinaryIO | int = stdin
    else:
        source, chunks = subprocess.PIPE, stdin
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "riskrules", *args],
            stdin=source,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=_limit if os.name == "posix" else None,
        )
        if proc.stdin is not None:
            pipe = proc.stdin

            def pour() -> None:
                with contextlib.suppress(BrokenPipeError, ValueError):  # it stopped reading
                    for chunk in chunks:
                        pipe.write(chunk)
                with contextlib.suppress(BrokenPipeError, ValueError):
                    pipe.close()

            feed = threading.Thread(target=pour, daemon=True)
            feed.start()
        try:
            code = proc.wait(timeout=SECONDS)
        finally:
            proc.kill()
        if feed is not None:
            feed.join(timeout=10)
        out.seek(0)
        text = out.read().decode("utf-8", errors="replace")
    assert "internal error" not in text and "Traceback" not in text, text[-2000:]
    assert code != 3, text[-2000:]
    return code, text


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


def test_a_record_of_zeros_is_refused_at_its_first_line() -> None:
    """/dev/zero as the record on standard input: refused where the line passes its limit, in
    bounded time and memory. (This and the three below were one test; four processes in one
    test ran past its time on a loaded machine.)"""
    with open("/dev/zero", "rb") as zeros:
        code, out = run_streaming("referee", "classic", "-", stdin=zeros)
    assert code == 1 and f"-:1: the line is longer than {MAX_RECORD_LINE:,} bytes" in out, out


def test_an_endless_stream_of_blank_lines_is_refused_at_the_action_limit() -> None:
    blank = _forever(b"\n" * 65_536)
    code, out = run_streaming("referee", "classic", "-", stdin=blank)
    assert code == 1 and f"-:{MAX_RECORD_ACTIONS + 2}: the record has more than" in out, out


def test_an_endless_stream_of_long_lines_is_refused_at_the_size_limit() -> None:
    spaces = _forever((b" " * (MAX_RECORD_LINE - 1) + b"\n") * 10)
    code, out = run_streaming("referee", "classic", "-", stdin=spaces)
    line = 1 + (MAX_RECORD_BYTES - len(HEADER)) // MAX_RECORD_LINE + 1  # the first past it
    assert code == 1 and f"-:{line}: the record is longer than {MAX_RECORD_BYTES:,}" in out, out


@pytest.mark.limits  # the referee plays half a million moves (the limit of actions itself is
# in the default run: the endless stream of blank lines below counts to it)
def test_a_game_that_never_ends_is_refused_at_the_action_limit() -> None:
    code, out = run_streaming("referee", "classic", "-", stdin=endless_game())
    assert code == 1, out
    assert f"more than {MAX_RECORD_ACTIONS:,} lines after the header" in out, out


def _lsp_message(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_the_language_server_survives_what_is_not_lsp() -> None:
    """/dev/zero or an endless stream of short lines as the language server's input: it stops
    with a message after MAX_LSP_MESSAGE bytes without a message header's end. A message past
    the limit is refused, and the session goes on to its end."""
    with open("/dev/zero", "rb") as zeros:
        code, out = run_streaming("lsp", stdin=zeros)
    assert code == 1 and "this is not the Language Server Protocol" in out, out
    code, out = run_streaming("lsp", stdin=itertools.repeat(b"y\n" * 32_768))
    assert code == 1 and "this is not the Language Server Protocol" in out, out
    huge = _lsp_message(b" " * (MAX_LSP_MESSAGE + 1))
    end = _lsp_message(b'{"jsonrpc":"2.0","id":1,"method":"shutdown"}')
    end += _lsp_message(b'{"jsonrpc":"2.0","method":"exit"}')
    code, out = run("lsp", stdin=huge + end)
    assert code == 0 and f"past the limit of {MAX_LSP_MESSAGE:,} bytes" in out, out
    assert '"id": 1' in out and '"result": null' in out, out  # the shutdown, answered


def h(name: str) -> str:
    return str(HOSTILE / name)


KOMMANDO = "000_c088f9ca3cbe1af9.txt"  # the manual da-2006 encodes
# (arguments, the exit code, words the output must hold)
CASES = [
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
    (("check", "/dev/zero"), 1, "not a regular file"),
    (("check", "{tmp}/big.rules"), 1, "rules files are limited"),
    (("check", "{tmp}/fifo.rules"), 1, "not a regular file"),
    (("check", "{tmp}/long-string.rules"), 1, "RR0006"),  # a 1 MB string: refused as lexed
    (("fmt", "--check", "{tmp}/long-string.rules"), 1, "strings are limited to 1,000"),
    (("referee", "classic", "{tmp}/deep.jsonl"), 1, "nested too deeply"),
    (("referee", "classic", "{tmp}/long.jsonl"), 1, "longer than 100,000 bytes"),
    (("referee", "classic", "{tmp}/version.jsonl"), 1, "unsupported record version"),
    (("referee", "classic", "/dev/zero"), 1, "/dev/zero:1: the line is longer than 100,000"),
    (("referee", "classic", "{tmp}/zeros.jsonl"), 1, "zeros.jsonl:2: the line is longer than"),
    (("referee", "classic", "{tmp}/twice.jsonl"), 1, "'a' is named twice"),
    (("referee", "classic", "{tmp}/neutrals.jsonl"), 1, "no neutral armies, but 1 is named"),
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
    (("trace", "da-2006", "--sources", "{tmp}/fifo-manual"), 2, "not a regular file"),
    (("trace", "da-2006", "--uncovered", "--sources", "{tmp}/huge-manual"), 2, "20,000,000"),
    # Issue 33: the new rules' bad values, and a roll for the first turn a record gets wrong.
    (("simulate", h("forced-trade-sets-zero.rules"), "-g", "1"), 1, "RR0217"),
    (("simulate", h("first-turn-typo.rules"), "-g", "1"), 1, "did you mean 'roll_again'"),
    (("check", h("neutral-cards-typo.rules")), 1, "RR0202"),
    (("referee", "da-2006", "{tmp}/start-roll-tie.jsonl"), 1, "p1, p2 are tied at the top"),
    (("referee", "da-2006", "{tmp}/start-roll-order.jsonl"), 1, "roll 1 is for p1, p2, p3"),
    (
        ("referee", "da-2006", "{tmp}/start-roll-die.jsonl"),
        1,
        "'rounds' holds a number that is not a die",
    ),
    (("referee", "da-2006", "{tmp}/start-roll-stranger.jsonl"), 1, "names 'zed', who is not"),
    (("referee", "da-2006", "{tmp}/start-roll-early.jsonl"), 1, "rolling for the first turn"),
    (("trace", "da-2006", "--format", "html"), 2, "--format html shows the manuals' text"),
    (("trace", "da-2006", "--format", "html", "--sources", "{tmp}/huge-manual"), 2, "20,000,000"),
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


@pytest.mark.limits
@pytest.mark.parametrize(("args", "code", "words"), AT_THE_LIMITS, ids=lambda v: str(v)[:40])
def test_hostile_input_at_the_limits(
    tmp: Path, args: tuple[str, ...], code: int, words: str
) -> None:
    _full_manual(tmp)
    test_hostile_input(tmp, args, code, words)


# ------------------------------------------------------------------ a Dask cluster lost or broken


def test_an_unreachable_scheduler_is_exit_2_within_the_connect_timeout(tmp: Path) -> None:
    pytest.importorskip("distributed")
    args = ("balance", "classic", TIES, "-g", "2", "--scheduler", "127.0.0.1:9")
    code, out = run(*args, "--connect-timeout", "1", cwd=tmp)
    assert code == 2, out[-2000:]
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 1 s" in out, out


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
        code, out = run(*args, "--connect-timeout", "2", cwd=tmp)
    assert code == 2, out[-2000:]
    assert f"no Dask scheduler answered at {address} within 4 s" in out, out


@pytest.mark.cluster
def test_a_scheduler_with_no_worker_is_exit_2_within_the_worker_timeout(tmp: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None) as lone:
        address = lone.scheduler_address
        args = ("balance", "classic", TIES, "-g", "2", "--scheduler", address)
        code, out = run(*args, "--worker-timeout", "1", cwd=tmp)
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
        code, out = run(*args, "--scheduler", cluster.address, "--worker-timeout", "2", cwd=tmp)
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


def test_trace_reads_manuals_only_inside_the_sources_folder(tmp: Path) -> None:
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
    # The Latin-1 manual is read (its anchor found); /bin/ls, outside the folder, is not.
    assert report["anchors_checked"] == 1 and report["anchors_found"] == 1, report


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
# costs now (the start-up, about 0.3 s and 30 MiB, included), far below what it cost then.
BUDGETS = [
    # 448 MiB and 1.8 s before strings were limited (RR0006); now about 31 MiB
    (("check", "{tmp}/long-string.rules"), 1, "RR0006", 5.0, 120),
    # 8 s and 327 MiB when every position was solved backwards; now about 0.5 s and 28 MiB
    (("odds", "classic", "-a", "1000", "-d", "1000"), 0, "0.9989", 3.0, 120),
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


@pytest.mark.skipif(not hasattr(os, "wait4"), reason="no per-process usage here")
def test_a_long_house_rule_prints_on_two_pages_at_most(tmp: Path) -> None:
    """Every rule changed, 60 reasons of 1,000 characters: seven pages and 6 s of CPU before
    reasons were shortened and many changes counted; now one page in about 2 s."""
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("weasyprint")
    pdf = tmp / "long-house.pdf"
    args = ("summary", str(tmp / "long-house.rules"), "--format", "pdf", "-o", str(pdf))
    code, out, cpu, peak = run_measured(*args, cwd=tmp)
    assert code == 0 and "warning" not in out, out[-2000:]
    assert len(pypdf.PdfReader(pdf).pages) <= 2
    assert cpu < 20 and peak < 400, (cpu, peak)


# ---------------------------------------------------------------- what a user wrote, shown
# A title, a reason (one per language), names, a manual's name, a citation's section and
# anchor, a scenario's title: each holds markup of HTML and Markdown, a control sequence that
# clears a terminal and a character that reverses the text after it. Every output shows them
# as written (escaped for its format) and obeys none.
CLEAR = "\x1b[2J"
REVERSE = "\u202e"
SCRIPT = "<script>alert(1)</script>"
LINK = "[x](javascript:alert(1))"
CELLS = "| a | b |"
CODE = "`code`"
TITLE = f"# heading {SCRIPT} {LINK} {CELLS} {CODE} {CLEAR}{REVERSE}"
REASON = {
    "en": f"{SCRIPT} {LINK} {CELLS} {CODE}",
    "da": f"# heading {SCRIPT} {CLEAR}",
    "nl": f"{CELLS} {CODE} {LINK}",
}
CONTINENT = {"en": f"# heading {SCRIPT}", "da": f"{CODE} nord", "nl": f"{CELLS} noord"}
MANUAL = f"{SCRIPT} manual"
SHORT = f"{LINK} {CELLS}"
SECTION = f"# heading {SCRIPT} {CLEAR}"
ANCHOR = f"{LINK} {CELLS}"
SCENARIO = f"{SCRIPT} {LINK} {CLEAR}"
# the author's note on a rule, printed beneath its sentence on each sheet in its language
NOTE = {"en": f"{CODE} {SCRIPT} note", "da": f"{LINK} # heading", "nl": f"{CELLS} {CLEAR} noot"}
HOSTILE_RULES = f"""\
source hx "hostile.txt" language en
  title "{MANUAL}" short "{SHORT}"
board tiny "Tiny" {{
  continent north en "{CONTINENT["en"]}" da "{CONTINENT["da"]}" nl "{CONTINENT["nl"]}" {{
    a1 en "{SCRIPT}" da "{LINK}" nl "{CODE}"
    a2 en "A2" da "A2" nl "A2"
  }}
  continent south en "South" da "Syd" nl "Zuid" {{
    b1 en "B1" da "B1" nl "B1"
    b2 en "B2" da "B2" nl "B2"
  }}
  borders {{
    a1 - a2, b1
    a2 - b2
    b1 - b2
  }}
}}
ruleset hostile "{TITLE}" extends classic {{
  from hx
  override board: tiny
  override players: 3 .. 4
  override continents.bonus: {{
    north: assumed 3 because {{en: "{REASON["en"]}", da: "{REASON["da"]}", nl: "{REASON["nl"]}"}},
    south: 2
  }}
    cite hx section "{SECTION}" "{ANCHOR}"
  override fortify.moves: 2
    cite hx page 3 "{SCRIPT} {CODE}"
    note {{en: "{NOTE["en"]}", da: "{NOTE["da"]}", nl: "{NOTE["nl"]}"}}
  ignore hx page 1 "page one" because "{REASON["en"]}"
}}
"""
HOSTILE_MANUAL = (
    f"1 The {MANUAL}, page one.\n"
    f"2 Each player must take 3 armies {ANCHOR} # heading {CODE} {CLEAR} here.\n"
    f"3 {SCRIPT} {CODE} is on this page: you must move 2 armies.\n"
)
HOSTILE_FEATURE = (
    'Feature: hostile\n  Background:\n    Given the ruleset "hostile"\n\n'
    f"  Scenario: {SCENARIO}\n    Then each of 3 players starts with 99 armies\n"
)
RAW = [SCRIPT, "<script>", LINK, CELLS, CODE, "<i>", CLEAR, REVERSE]


def html_shows(page: str, *texts: str) -> None:
    """An HTML page holds no markup a user wrote and shows each text, escaped."""
    for raw in ("<script", "javascript:alert(1)</", CLEAR, REVERSE, "\x1b"):
        assert raw not in page, raw
    for text in texts:
        shown = html_lib.escape(visible(text), quote=False)
        assert shown in page or html_lib.escape(visible(text)) in page, (text, page[:3000])


def markdown_shows(page: str, *texts: str) -> None:
    """A Markdown page holds none of the Markdown or HTML a user wrote, unescaped (no heading,
    link, code, table cell, raw HTML, control character), and shows each text, escaped."""
    for raw in RAW:
        assert raw not in page, (raw, page[:3000])
    assert not re.search(r"(?<!\\)# heading", page), page[:3000]
    for text in texts:
        assert md_escaped(text) in page, (md_escaped(text), page[:3000])


def text_shows(out: str, *texts: str) -> None:
    """Text for a terminal: no control character or reversal a user wrote, each text shown
    as written, its control characters as escapes."""
    assert "\x1b" not in out and REVERSE not in out, out[:3000]
    for text in texts:
        assert visible(text) in out, (visible(text), out[:3000])


def json_holds(data: object, *texts: str) -> None:
    """JSON carries each text exactly as written (its own escaping, undone by a parser)."""
    found = json.dumps(data, ensure_ascii=False)
    for text in texts:
        assert json.dumps(text, ensure_ascii=False)[1:-1] in found, (text, found[:3000])


def visible(text: str) -> str:
    return text.replace(CLEAR, "\\x1b[2J").replace(REVERSE, "\\u202e")


def md_escaped(text: str) -> str:
    """What a Markdown page must hold for `text` (written out here, not by the code under
    test): entities for HTML, a backslash before each active character."""
    out = visible(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_\[\]|~#])", r"\\\1", out)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("markup")
    (folder / "hostile.rules").write_text(HOSTILE_RULES, encoding="utf-8")
    (folder / "hostile.txt").write_text(HOSTILE_MANUAL, encoding="utf-8")
    (folder / "hostile.feature").write_text(HOSTILE_FEATURE, encoding="utf-8")
    return folder


def test_the_hostile_ruleset_checks(hostile: Path) -> None:
    code, out = run("check", str(hostile / "hostile.rules"))
    assert code == 0, out
    text_shows(out, REASON["en"])


@pytest.mark.parametrize("lang", ["en", "da", "nl"])
def test_sheets_show_what_the_author_wrote(hostile: Path, lang: str) -> None:
    """`summary` as HTML (fitted as the PDF prints it), as Markdown, and with a note per rule:
    the title, the reason in the sheet's language, the continents' names in it, the manual's
    names and the section cited."""
    rules = str(hostile / "hostile.rules")
    said = [TITLE, REASON[lang], CONTINENT[lang], MANUAL, SHORT, SECTION, NOTE[lang]]
    for fmt, shows in (("html", html_shows), ("md", markdown_shows)):
        for citations in ("sections", "rules"):
            target = hostile / f"sheet-{lang}-{citations}.{fmt}"
            args = ("--lang", lang, "--format", fmt, "--citations", citations, "-o", str(target))
            code, out = run("summary", rules, *args)
            assert code == 0, out
            shows(target.read_text(encoding="utf-8"), *said)
    # The reference card: the title and the continents' names (its bonuses), escaped; its PDF
    # laid out within its bounded fitting (in Danish here; the `sheets` marker in the others).
    for fmt in ("html", "pdf") if lang == "da" else ("html",):
        _card(hostile, rules, lang, fmt)
    html_shows(hostile.joinpath(f"card-{lang}.html").read_text(encoding="utf-8"), TITLE)
    html_shows(hostile.joinpath(f"card-{lang}.html").read_text(encoding="utf-8"), CONTINENT[lang])


def _card(hostile: Path, rules: str, lang: str, fmt: str) -> None:
    target = hostile / f"card-{lang}.{fmt}"
    code, out = run("summary", rules, "--lang", lang, "--layout", "card", "-o", str(target))
    assert code == 0, out
    assert target.stat().st_size > 0


@pytest.mark.sheets
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_hostile_card_is_laid_out_in_every_language(hostile: Path, lang: str) -> None:
    _card(hostile, str(hostile / "hostile.rules"), lang, "pdf")


def test_the_diff_shows_what_the_author_wrote(hostile: Path) -> None:
    rules = str(hostile / "hostile.rules")
    written = [REASON["en"], REASON["da"], REASON["nl"], SECTION, ANCHOR]
    code, out = run("diff", "classic", rules)
    assert code == 0, out
    text_shows(out, SECTION, ANCHOR)  # the value is cut at 70 characters; the citation is not
    code, out = run("diff", "classic", rules, "--format", "md")
    assert code == 0, out
    markdown_shows(out, *written)
    code, out = run("diff", "classic", rules, "--format", "html")
    assert code == 0, out
    html_shows(out, SECTION, ANCHOR)
    code, out = run("diff", "classic", rules, "--format", "json")
    assert code == 0, out
    json_holds(json.loads(out), *written)


def test_the_report_shows_what_the_author_wrote(hostile: Path) -> None:
    folder = hostile / "report"
    code, out = run("check", str(hostile / "hostile.rules"), "--report", str(folder))
    assert code == 0, out
    markdown_shows((folder / "index.md").read_text(encoding="utf-8"), TITLE)
    markdown_shows(
        (folder / "hostile.md").read_text(encoding="utf-8"), TITLE, REASON["en"], SECTION, ANCHOR
    )
    for lang in ("en", "da", "nl"):
        html_shows(
            (folder / f"hostile.{lang}.html").read_text(encoding="utf-8"), TITLE, REASON[lang]
        )


def test_show_and_explain_show_what_the_author_wrote(hostile: Path) -> None:
    rules = str(hostile / "hostile.rules")
    code, out = run("show", rules)
    assert code == 0, out
    text_shows(out, TITLE, REASON["da"], SECTION, ANCHOR, NOTE["nl"])
    code, out = run("show", rules, "--format", "json")
    assert code == 0, out
    json_holds(json.loads(out), TITLE, REASON["da"], SECTION, ANCHOR)
    code, out = run("explain", rules, "continents.bonus")
    assert code == 0, out
    text_shows(out, REASON["da"], SECTION, ANCHOR)
    code, out = run("explain", rules, "continents.bonus", "--format", "json")
    assert code == 0, out
    json_holds(json.loads(out), REASON["da"], SECTION, ANCHOR)


def test_trace_and_test_show_what_the_author_wrote(hostile: Path) -> None:
    """The section not found in the manual, the scenario's title, the manual's own passages."""
    rules, feature = str(hostile / "hostile.rules"), str(hostile / "hostile.feature")
    common = ("trace", rules, "--sources", str(hostile), "--features", feature)
    code, out = run(*common)
    assert code == 1, out
    text_shows(out, SECTION, ANCHOR)
    code, out = run(*common, "--format", "json")
    assert code == 1, out
    json_holds(json.loads(out[out.index("{") :]), SECTION, ANCHOR)
    code, out = run("trace", rules, "--sources", str(hostile), "--uncovered")
    assert code == 0, out
    text_shows(out, SHORT)
    code, out = run("trace", rules, "--sources", str(hostile), "--format", "html")
    assert code == 0, out
    html_shows(out, MANUAL, SCRIPT, CODE, REASON["en"])
    code, out = run("show", rules)
    assert code == 0, out
    text_shows(out, REASON["en"])
    junit = hostile / "junit.xml"
    code, out = run("test", rules, feature, "--junitxml", str(junit))
    assert code == 1, out
    text_shows(out, SCENARIO)
    # JUnit XML that a CI service can read (a raw control character would make it unreadable),
    # naming the scenario as written.
    case = ElementTree.parse(junit).getroot().find("testsuite/testcase")
    assert case is not None and case.get("name") == f"Scenario: {visible(SCENARIO)}", case


def test_the_studio_shows_what_the_author_wrote(hostile: Path) -> None:
    """The studio's panels (the sheet, the diff, the rule form, the diagnostics) and its start
    page hold no markup the author wrote; the text itself is shown in the editor escaped."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from riskrules.tools.studio.app import guarded
    from riskrules.tools.studio.security import Door

    door = Door("t", port=1)
    client = TestClient(guarded(hostile, door), base_url="http://127.0.0.1:1")
    client.cookies.set(door.cookie_name(), "t")
    file = {"file": "hostile.rules"}
    for lang in ("en", "da", "nl"):
        sheet = client.get("/sheet", params={**file, "lang": lang})
        assert sheet.status_code == 200
        html_shows(sheet.text, TITLE, REASON[lang], CONTINENT[lang])
    html_shows(client.get("/diff", params=file).text, SECTION, ANCHOR)
    text = HOSTILE_RULES.replace("fortify.moves", "fortify.move")  # a diagnostic, a quick fix
    diagnostics = client.post("/text", data={**file, "text": text})
    assert "RR0104" in diagnostics.text
    html_shows(diagnostics.text)
    html_shows(client.get("/form", params=file).text, SECTION)  # the form's citations
    # The text as a closing tab's beacon sends it (/draft): kept exactly, shown escaped.
    kept = HOSTILE_RULES + "# typed as the tab closed\n"
    assert client.post("/draft", data={**file, "text": kept}).status_code == 204
    assert (hostile / ".hostile.rules.draft").read_bytes().decode() == kept
    page = client.get("/edit", params=file).text
    before, textarea = page.split("<textarea", 1)
    textarea, after = textarea.split("</textarea>", 1)
    outside = _without_the_studios_scripts(before) + after
    html_shows(outside, TITLE)  # the form's heading
    assert "<script" not in textarea and html_lib.escape(SCRIPT, quote=False) in textarea
    start = client.get("/").text
    assert "<script" not in _without_the_studios_scripts(start)


def _without_the_studios_scripts(page: str) -> str:
    """A studio page without its own two scripts (htmx and studio.js, from /static)."""
    for own in (
        '<script src="/static/htmx.min.js"></script>',
        '<script src="/static/studio.js" defer></script>',
    ):
        assert own in page
        page = page.replace(own, "", 1)
    return page
