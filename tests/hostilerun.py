"""Hostile input through the command line, judged as a user would: an exit status of 0, 1 or 2,
never 3 (an internal error), and no traceback. `run` runs the command in the test's own process
(helpers.run_cli); `run_bounded` and `run_measured` as a process of its own within a memory
and time limit (tests/processes.py), for an input only a limit would stop (endless, blocking,
huge) and for what a command costs."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from helpers import run_cli
from processes import SECONDS, run_limited

# The cases name the manuals' folder when they use one (`--sources`); CI's RISKRULES_SOURCES
# would otherwise give one to a case that tests having none.
_UNSET = ("RISKRULES_SOURCES",)


def _judged(code: int, out: str) -> None:
    assert "internal error" not in out and "Traceback" not in out, out[-2000:]
    assert code != 3, out[-2000:]


def run(*args: str, cwd: Path | None = None) -> tuple[int, str]:
    """`riskrules ARGS` in this process: its exit status and its output (stdout, then
    stderr)."""
    result = run_cli(*args, cwd=cwd, unset=_UNSET)
    out = result.out + result.err
    _judged(result.code, out)
    return result.code, out


def run_bounded(
    *args: str, cwd: Path | None = None, stdin: bytes | Path | Iterable[bytes] | None = None
) -> tuple[int, str]:
    """`python -m riskrules ARGS` as a process of its own, within processes.MEMORY bytes and
    SECONDS; its standard input the bytes, the file or the endless chunks given."""
    env = {k: v for k, v in os.environ.items() if k not in _UNSET}
    ran = run_limited(*args, cwd=cwd, stdin=stdin, env=env)
    assert ran.code >= 0, f"ended by signal {-ran.code} (9: after {SECONDS} s)\n{ran.text[-2000:]}"
    _judged(ran.code, ran.text)
    return ran.code, ran.text


def run_measured(*args: str, cwd: Path | None = None) -> tuple[int, str, float, float]:
    """`run_bounded`, and what the command cost: its CPU seconds (user and system, which a busy
    machine does not inflate as it does the wall clock) and its peak memory in MiB, Python's
    start-up (about 0.3 s and 30 MiB) included."""
    ran = run_limited(*args, cwd=cwd, measured=True)
    _judged(ran.code, ran.text)
    assert ran.code >= 0 and ran.peak is not None, f"ended by a limit\n{ran.text[-2000:]}"
    return ran.code, ran.text, ran.cpu, ran.peak
