"""The command line's option forms and what a careless user writes (issue 42): every FILE:NAME
form in every command that takes a ruleset, `-o` naming nothing or something that is not a
file, a ruleset that is there but unusable, a manual outside the sources folder, a mission
card that is never dealt, a house rule at the stated limits, a game that goes on and on, a
pool of workers at its end, a Dask cluster's leftovers. Each through the real command line, as
tests/test_hostile.py runs it: a clear message and exit 0, 1 or 2, never an internal error."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from helpers import NOT_HERE, ROOT
from hostilerun import run
from riskrules.grammar.limits import MAX_EXPR_DEPTH, MAX_STRING

HOSTILE = ROOT / "tests" / "hostile"
FEATURE = ROOT / "examples" / "house-rules" / "fixed-ten.feature"

# Two rulesets in one file, the second extending the first: a FILE:NAME must name the one meant
# (a file of one ruleset would load without its name).
TWO = """\
ruleset fixed-ten "Ten a set" extends classic {
  override cards.trade_values: fixed 10
}

ruleset fixed-ten-ties "Ten a set, ties to the attacker" extends fixed-ten {
  override combat.ties: attacker
}
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    here = tmp_path_factory.mktemp("forms")
    (here / "h.rules").write_text(TWO, encoding="utf-8")
    (here / "elsewhere").mkdir()
    code, out = run("simulate", "h.rules:fixed-ten-ties", "-g", "1", "--record", "rec", cwd=here)
    assert code == 0, out
    if hasattr(os, "mkfifo"):
        os.mkfifo(here / "fifo")
    return here


def _forms(folder: Path) -> dict[str, str]:
    return {
        "relative": "h.rules:fixed-ten-ties",
        "absolute": f"{folder / 'h.rules'}:fixed-ten-ties",
    }


# Every command that takes a ruleset, with RULESET where the reference goes, and the words its
# output must hold (the ruleset found by its name, not the other in the file).
COMMANDS = [
    (("check", "RULESET"), 0, "2 rulesets: ok"),
    (("show", "RULESET"), 0, "combat.ties: attacker"),
    (("explain", "RULESET", "combat.ties"), 0, "fixed-ten-ties"),
    (("diff", "classic", "RULESET"), 0, "combat.ties"),
    (("odds", "RULESET", "-a", "3", "-d", "2"), 0, "attacker takes"),
    (("summary", "RULESET", "--format", "md", "-o", "-"), 0, "Ten a set, ties to the attacker"),
    (("new", "mine", "--extends", "RULESET", "-o", "-"), 0, "extends fixed-ten-ties"),
    (("test", "RULESET", str(FEATURE)), 0, "1 passed"),
    (("referee", "RULESET", "rec/game-0001.jsonl"), 0, "legal"),
    (("simulate", "RULESET", "-g", "1", "-w", "1"), 0, "1/1 games completed"),
    (("simulate", "RULESET", "-g", "2", "--workers", "2"), 0, "2/2 games completed"),
    (("ladder", "RULESET", "-g", "1", "--rungs", "random,aggressive", "-w", "1"), 0, "random"),
    (("ladder", "RULESET", "-g", "2", "--rungs", "random,aggressive", "-w", "2"), 0, "random"),
    # (one strength of players: the form is read, in the workers too, whichever plays)
    (
        ("balance", "classic", "RULESET", "-g", "2", "-w", "2", "--agent", "aggressive"),
        0,
        "fixed-ten-ties",
    ),
    (
        (
            "sweep",
            "RULESET",
            "--vary",
            "fortify.moves=1,2",
            "-g",
            "2",
            "-w",
            "1",
            "--agent",
            "aggressive",
        ),
        0,
        "fortify",
    ),
    (("trace", "RULESET", "--features", str(FEATURE)), 1, "fixed-ten-ties:"),
]


@pytest.mark.parametrize("form", ["relative", "absolute"])
@pytest.mark.parametrize(("args", "code", "words"), COMMANDS, ids=lambda v: str(v)[:40])
def test_every_file_name_form_in_every_command(
    folder: Path, form: str, args: tuple[str, ...], code: int, words: str
) -> None:
    """`h.rules:fixed-ten-ties` in the file's folder, and its absolute path from another:
    both reach the ruleset named, in this process and in workers (which load it again)."""
    ref = _forms(folder)[form]
    cwd = folder if form == "relative" else folder / "elsewhere"
    if form == "absolute":
        args = tuple(str(folder / a) if a.startswith("rec/") else a for a in args)
    got, out = run(*(ref if a == "RULESET" else a for a in args), cwd=cwd)
    assert got == code, out[-2000:]
    assert words in out, out[-2000:]


@pytest.mark.parametrize(
    ("ref", "words"),
    [
        ("h.rules:nobody", "unknown ruleset 'nobody'"),
        ("missing.rules:fixed-ten", "no such file: missing.rules"),
        ("h.rules", "h.rules holds 2 rulesets (fixed-ten, fixed-ten-ties)"),
    ],
)
def test_a_file_name_form_that_names_nothing_is_a_usage_error(
    folder: Path, ref: str, words: str
) -> None:
    for args in (("simulate", ref, "-g", "1"), ("ladder", ref, "-g", "1"), ("show", ref)):
        code, out = run(*args, cwd=folder)
        assert code == 2 and words in out, out[-2000:]
    code, out = run("check", "h.rules:nobody", cwd=folder)
    assert code == 2 and "declares no ruleset 'nobody'" in out, out


# ------------------------------------------------------------------ -o and the other outputs

OUTPUTS = [
    (("summary", "classic", "-o", ""), "the name is empty"),
    (("diff", "classic", "da-2006", "-o", ""), "the name is empty"),
    (("new", "mine", "-o", ""), "the name is empty"),
    (("test", "classic", str(FEATURE), "--junitxml", ""), "the name is empty"),
    (("check", "classic", "--report", ""), "the name is empty"),
    (("simulate", "classic", "-g", "1", "--record", ""), "the name is empty"),
    (("balance", "classic", "{folder}/h.rules:fixed-ten", "--report", ""), "the name is empty"),
    (("summary", "classic", "--format", "md", "-o", "{folder}/fifo"), "it is a pipe"),
    (("diff", "classic", "da-2006", "-o", "{folder}/fifo"), "it is a pipe"),
    (("new", "mine", "--force", "-o", "{folder}/fifo"), "it is a pipe"),
    (("test", "classic", str(FEATURE), "--junitxml", "{folder}/fifo"), "it is a pipe"),
    (("summary", "classic", "--format", "md", "-o", "/dev/null"), "it is a device"),
    (("summary", "classic", "-o", "{folder}/elsewhere"), "is a folder"),
]


@pytest.mark.parametrize(("args", "words"), OUTPUTS, ids=lambda v: str(v)[:50])
def test_an_output_that_is_no_file_is_a_usage_error_at_once(
    folder: Path, args: tuple[str, ...], words: str
) -> None:
    """Refused before any work: `-o ''` wrote the default name (or standard output) as if no
    `-o` were given, and a pipe no program read held `summary` for ever."""
    if any("fifo" in a for a in args) and not hasattr(os, "mkfifo"):
        pytest.skip(NOT_HERE + "no FIFOs on this system")
    start = time.monotonic()
    code, out = run(*(a.replace("{folder}", str(folder)) for a in args), cwd=folder)
    assert code == 2 and words in out, out[-2000:]
    assert time.monotonic() - start < 30
    assert not (folder / "classic.en.html").exists() and not (folder / "mine.rules").exists()


# ------------------------------------------------------- rules that are there, but not usable


def _chain(length: int) -> str:
    rulesets = ["ruleset r0 extends classic {\n  override fortify.moves: 2\n}\n"]
    rulesets += [f"ruleset r{i} extends r{i - 1} {{\n}}\n" for i in range(1, length)]
    return "\n".join(rulesets)


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "-g", "1"),
        ("summary", "-o", "x.html"),
        ("show",),
        ("odds", "-a", "3", "-d", "2"),
    ],
)
def test_an_extends_chain_past_its_limit_is_a_finding(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """A chain of 33 `extends`: its diagnostic (RR0405) and exit 1, where it was exit 2 as if
    the ruleset's name were wrong; a cycle the same (RR0403)."""
    (tmp_path / "chain.rules").write_text(_chain(33), encoding="utf-8")
    code, out = run(args[0], "chain.rules:r32", *args[1:], cwd=tmp_path)
    assert code == 1 and "RR0405" in out and "deeper than 32" in out, out[-2000:]
    cycle = str(ROOT / "tests" / "diagnostics" / "RR0403-cycle.rules")
    code, out = run(args[0], f"{cycle}:first", *args[1:], cwd=tmp_path)
    assert code == 1 and "RR0403" in out, out[-2000:]


@pytest.mark.parametrize("name", ["source-outside-absolute.rules", "source-outside-parent.rules"])
def test_a_manual_outside_the_sources_folder_is_a_finding(name: str) -> None:
    """The README promises a finding for it; it was exit 2 ('no manual could be read') when
    it was the only manual the ruleset cites."""
    code, out = run("trace", str(HOSTILE / name), "--sources", str(HOSTILE))
    assert code == 1 and "error[RR0125]" in out and "outside the manuals' folder" in out, out
    code, out = run("check", str(HOSTILE / name))
    assert code == 1 and "RR0125" in out, out


def test_a_mission_card_with_only_a_goal_is_an_error() -> None:
    """It checked clean, and the engine, which deals only cards with a rank and a goal, never
    dealt it."""
    path = str(HOSTILE / "mission-without-rank.rules")
    code, out = run("check", "--lang", "en", path)
    assert code == 1 and "error[RR0229]" in out and "'lonely' has no rank" in out, out
    code, out = run("simulate", path, "-g", "1")
    assert code == 1 and "RR0229" in out, out


# ------------------------------------------------------------------ a house rule at the limits


def _at_the_limits() -> str:
    """About 65 kB: every reason as long as a string may be, one formula of exactly
    MAX_EXPR_DEPTH operators nested, one of 63 brackets inside the ruleset's braces (64)."""
    said = "We tried the printed rule for three winters; the evenings ran long, so we voted. "
    reason = (said * 20)[:MAX_STRING]
    chain = (
        " + ".join(["1"] * MAX_EXPR_DEPTH) + " + territories // 3"
    )  # 64 nested: ((1 + 1) + …) + …
    nested = "(" * 63 + "4" + ")" * 63
    rules = [
        f"  override reinforcements.territories: {chain}",
        f"  override reinforcements.minimum: {nested}",
    ]
    for value in ("fortify.moves: 2", "combat.ties: attacker", "cards.wild: 4", "cards.draw: 2"):
        rules.append(f'  override {value}\n    note {{en: "{reason}"}}')
    body = "\n".join(rules)
    comments = "\n".join(f"# {i}: {reason}" for i in range(60))  # the rest of the 65 kB
    return f'{comments}\nruleset edge "At the limits" extends classic {{\n{body}\n}}\n'


def test_a_house_rule_at_the_stated_limits_checks_clean_and_prints(tmp_path: Path) -> None:
    """64 operators nested were refused as 'more than 64' (a leaf counted as a level)."""
    text = _at_the_limits()
    assert len(text.encode()) > 60_000
    (tmp_path / "edge.rules").write_text(text, encoding="utf-8")
    code, out = run("check", "edge.rules", cwd=tmp_path)
    assert code == 0 and "ok: no problems found" in out, out[-2000:]
    code, out = run("summary", "edge.rules", "-o", "edge.md", cwd=tmp_path)
    assert code == 0 and "wrote edge.md" in out, out[-2000:]
    assert "At the limits" in (tmp_path / "edge.md").read_text(encoding="utf-8")
    past = text.replace(" + territories // 3\n", " + 1 + territories // 3\n", 1)  # 65
    (tmp_path / "past.rules").write_text(past, encoding="utf-8")
    code, out = run("check", "past.rules", cwd=tmp_path)
    assert code == 1 and f"more than {MAX_EXPR_DEPTH} operators nested" in out, out[-2000:]


# ------------------------------------------------------------------ a game that goes on and on

UNWINNABLE = (
    'ruleset never "Never won" extends classic {\n  override victory: territories >= 43\n}\n'
)


@pytest.mark.process  # (a terminal of its own)
@pytest.mark.skipif(os.name != "posix", reason=NOT_HERE + "no pseudo-terminal")
def test_a_long_game_says_how_far_it_is_on_a_terminal_only(tmp_path: Path) -> None:
    """An unwinnable house rule, up to 20,000 turns: on a terminal, the bar names the turn the
    game has reached as it goes (it was silent until the end), and Ctrl-C once it has named
    two ends it with a word; into a file, nothing, and the game played to its end is exit 0.
    (The bar is redrawn every TURNS_EVERY seconds, so a game shows as many turns as it lasts
    half-seconds: the terminal's game is stopped once it has shown two, whatever this machine's
    speed, instead of playing 20,000 turns for 4 CPU-seconds.)"""
    (tmp_path / "never.rules").write_text(UNWINNABLE, encoding="utf-8")
    args = [sys.executable, "-m", "riskrules", "simulate", "never.rules", "-g", "1"]
    args += ["--max-turns", "20000", "-w", "1"]
    main, other = pty.openpty()
    proc = subprocess.Popen(
        args,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=other,
        stdin=subprocess.DEVNULL,
        # Ctrl-C not ignored (a pytest-xdist worker ignores it, and a child would inherit that)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(other)
    shown = b""
    try:
        while len(set(_turns(shown))) < 2:
            ready = select.select([main], [], [], 60)[0]
            if not ready:
                break
            try:
                chunk = os.read(main, 65_536)
            except OSError:  # the terminal's other end closed: the command ended
                break
            if not chunk:
                break
            shown += chunk
        proc.send_signal(signal.SIGINT)  # what Ctrl-C does
        with contextlib.suppress(OSError):  # (until the terminal's other end closes)
            while select.select([main], [], [], 60)[0] and (chunk := os.read(main, 65_536)):
                shown += chunk
    finally:
        os.close(main)
        code = proc.wait(timeout=120)
    turns = [int(t.replace(b",", b"")) for t in _turns(shown)]
    assert len(set(turns)) >= 2 and turns == sorted(turns), shown[-2000:]
    assert b"of at most 20,000" in shown
    assert code == 130 and b"aborted" in shown and b"Traceback" not in shown, shown[-2000:]
    args[args.index("20000")] = "2000"  # (its bar, of games and turns, drawn on a terminal)
    quiet = subprocess.run(args, cwd=tmp_path, capture_output=True, timeout=120)
    assert quiet.returncode == 0 and quiet.stderr == b"", quiet.stderr[-2000:]
    assert b"0/1 games completed" in quiet.stdout, quiet.stdout[-2000:]


def _turns(shown: bytes) -> list[bytes]:
    import re

    return re.findall(rb"game 1: turn ([\d,]+)", shown)


# ------------------------------------------------------------------ processes and threads


def test_no_thread_of_the_pool_outlives_the_games() -> None:
    """`simulate --workers 2` printed `OSError: Bad file descriptor` after its output in 4
    runs of 100: the pool's own thread, still closing, raced Python's exit. Once the games
    are played no thread of the pool is left."""
    from riskrules.tools.lab.simulate import jobs, play_all

    before = set(threading.enumerate())
    plan = jobs("classic", 3, 4, 1, "random", 30, None)
    assert len(list(play_all(plan, 2))) == 4
    left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert not left, left


def test_an_orphaned_wait_of_a_lost_cluster_prints_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Dask's client leaves a task waiting on a lost result behind when a result is waited for
    with a timeout (a worker left with it); when collected it was logged with an `AllExit`
    traceback before the study's own exit 1. A study drops that line, and no other."""
    pytest.importorskip("distributed")
    from distributed.client import AllExit

    from riskrules.tools.lab.balance import ClusterError, run_on_cluster
    from riskrules.tools.lab.simulate import jobs

    plan = jobs("classic", 3, 1, 1, "random", 30, None)
    with pytest.raises(ClusterError):  # nothing listens there: refused at once
        list(run_on_cluster(plan, "tcp://127.0.0.1:9", 1, connect_timeout=1))

    async def lost(exc: Exception) -> None:
        await asyncio.sleep(0)
        raise exc

    async def orphans() -> None:
        tasks = [asyncio.ensure_future(lost(AllExit())), asyncio.ensure_future(lost(KeyError()))]
        await asyncio.sleep(0.05)
        tasks.clear()
        gc.collect()

    with caplog.at_level(logging.ERROR, logger="asyncio"):
        asyncio.run(orphans())
    logged = [r.exc_info[1] for r in caplog.records if r.exc_info]
    assert [type(e).__name__ for e in logged] == ["KeyError"], logged


def test_an_expression_past_the_limit_is_one_error(tmp_path: Path) -> None:
    """A victory of 76 operators nested: RR0004 alone. The 0 put in its place was also told
    it is no condition ('a territory may attack with 0 armies or more', RR0201) and never
    true (RR0225)."""
    victory = "opponents == 0"
    for _ in range(25):
        victory = f"not (territories < 1 or not {victory})"
    text = f"ruleset deep extends classic {{\n  override victory: {victory}\n}}\n"
    (tmp_path / "deep.rules").write_text(text, encoding="utf-8")
    code, out = run("check", "deep.rules", cwd=tmp_path)
    assert code == 1 and "RR0004" in out and "1 error" in out, out[-2000:]
    assert "RR0201" not in out and "RR0225" not in out, out[-2000:]
