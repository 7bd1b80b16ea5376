"""The command line as a process of its own, where the process is what is tested: the installed
script, exit statuses, standard input through a pipe, Ctrl-C and a closed pipe. (The other
tests run commands in the test process, through the same entry point: helpers.run_cli.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import riskrules
from helpers import ROOT, run_process

pytestmark = pytest.mark.process

BAD = 'ruleset h "H" extends classic {\n  override combat.ties: attackr\n}\n'


def test_the_installed_script_is_the_command() -> None:
    """`pip install` puts a `riskrules` script beside the interpreter ([project.scripts])."""
    script = Path(sys.executable).with_name("riskrules")
    assert script.exists(), f"{script} is missing: is riskrules installed in this environment?"
    proc = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"riskrules {riskrules.__version__} (engine: ")


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (("list",), 0, "classic"),
        (("check", str(ROOT / "tests" / "hostile" / "divide-by-zero.rules")), 1, "RR0220"),
        (("show", "clasic"), 2, "did you mean 'classic'?"),
    ],
)
def test_the_exit_status_of_the_process(args: tuple[str, ...], status: int, words: str) -> None:
    result = run_process(*args)
    assert result.code == status, result.err
    assert words in result.out + result.err


def test_standard_input_through_a_pipe() -> None:
    checked = run_process("check", "-", stdin=BAD)
    assert checked.code == 1
    assert "<stdin>.rules:2:25" in checked.out and "attackr" in checked.out


def _simulation(tmp_path: Path, workers: int) -> tuple[subprocess.Popen[str], Path]:
    """A long simulation, started in a session of its own (as a terminal's job is), returned
    once it plays: its first record file is open."""
    records = tmp_path / "records"
    play = ["simulate", "classic", "--games", "100000", "--workers", str(workers)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "riskrules", *play, "--record", str(records)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # As a shell starts a job: Ctrl-C not ignored (a pytest-xdist worker ignores it, and a
        # child would inherit that).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while not (records.is_dir() and any(records.iterdir())):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            _out, err = proc.communicate()
            pytest.fail(f"the simulation did not start (exit {proc.returncode}): {err[-2000:]}")
        time.sleep(0.05)
    return proc, records


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_a_simulation_with_a_word_not_a_traceback(
    tmp_path: Path, workers: int
) -> None:
    """With a pool too: the workers leave Ctrl-C to the command, which ends them at once (they
    once played every game they had been handed first: 450 more records, half a minute)."""
    proc, records = _simulation(tmp_path, workers=workers)
    played = len(list(records.iterdir()))
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole job gets it
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err[-2000:]
    assert "aborted" in err
    assert "Traceback" not in err, err[-2000:]
    assert _descendants(proc.pid) == []  # no worker left behind
    assert len(list(records.iterdir())) - played <= 2 * workers  # no game begun after Ctrl-C


def _descendants(pid: int) -> list[int]:
    """The processes started by `pid`, and by those, from /proc."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended while read
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes in /proc")
def test_a_worker_killed_ends_the_simulation_with_a_word_not_a_hang(tmp_path: Path) -> None:
    """A worker the machine kills (out of memory) used to leave the command waiting for ever
    for its games."""
    proc, _records = _simulation(tmp_path, workers=2)
    try:
        workers = _descendants(proc.pid)
        assert workers, "the simulation plays in worker processes"
        os.kill(workers[-1], signal.SIGKILL)
        _out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 2, err[-2000:]  # as a lost Dask cluster is: run it otherwise
    assert "a worker process stopped before its games were played" in err
    assert "--workers 1" in err and "Traceback" not in err, err[-2000:]


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    """`riskrules odds classic --table 120 | head`: the reader goes away after a few lines (of
    more than a pipe holds)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "riskrules", "odds", "classic", "--table", "120"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(100)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert err == ""
    assert proc.returncode in (0, 1)  # not 3 (an internal error), nor Python's 120
