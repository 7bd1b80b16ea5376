"""Running a command as hostile input gets it: its own process (forked from a server that
has imported the command line, tests/forkserver.py), within MEMORY bytes of address space and
SECONDS of wall time; with its CPU and peak memory measured; or fed an endless stream."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from forkserver import run_forked

MEMORY = 1_500 * 2**20  # bytes of address space a command may use
SECONDS = 90


def _limit() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


# The cases name the manuals' folder when they use one (`--sources`); CI's RISKRULES_SOURCES
# would otherwise give one to a case that tests having none.
_ENV = {k: v for k, v in os.environ.items() if k != "RISKRULES_SOURCES"}


def run(
    *args: str,
    cwd: Path | None = None,
    stdin: bytes | None = None,
    stdin_path: str = "",
    endless: bool = False,
) -> tuple[int, str]:
    """`python -m riskrules ARGS` as a process of its own, forked from a server that has
    imported the command line (tests/forkserver.py), within MEMORY bytes and SECONDS; its
    standard input `stdin` or the file at `stdin_path` (`endless`: again and again, for as
    long as it reads)."""
    proc = run_forked(
        *args,
        cwd=cwd,
        stdin=stdin,
        env=_ENV,
        memory=MEMORY,
        seconds=SECONDS,
        stdin_path=stdin_path,
        endless=endless,
    )
    out = (proc.out + proc.err).decode("utf-8", errors="replace")
    assert proc.code >= 0, f"ended by signal {-proc.code} (14: after {SECONDS} s)\n{out[-2000:]}"
    assert "internal error" not in out and "Traceback" not in out, out[-2000:]
    assert proc.code != 3, out[-2000:]
    return proc.code, out


def run_measured(*args: str, cwd: Path | None = None) -> tuple[int, str, float, float]:
    """`run`, and what the command cost: its CPU seconds (user and system, which a busy
    machine does not inflate as the wall clock) and its peak memory in MiB. The command is
    forked from the fork server: the CPU leaves out Python's start-up (0.3 s); the peak counts
    the server's memory the command is given at the fork and what it touches after (25-29 MiB
    for the budget cases, where a process of its own has 28-35), and every byte the command
    allocates (checked: 200 MiB allocated in the command shows as 200 more)."""
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "peak")
        proc = run_forked(*args, cwd=cwd, memory=MEMORY, seconds=SECONDS, prelude=_PEAK % report)
        text = (proc.out + proc.err).decode("utf-8", errors="replace")
        try:
            peak = int(Path(report).read_text()) / 1024
        except (OSError, ValueError):  # no report (ended by a signal): the kernel's figure
            peak = proc.peak / 1024
    assert "internal error" not in text and "Traceback" not in text, text[-2000:]
    assert proc.code not in (3, -9, -14), text[-2000:]  # -9, -14: ended by a limit
    return proc.code, text, proc.cpu, peak


# Run in the forked command first: at its exit, it writes its peak memory (KiB, the kernel's
# VmHWM) to the file named, where the server's children's ru_maxrss is not told apart from
# the process it was forked from.
_PEAK = """
import atexit
def peak():
    try:
        with open("/proc/self/status") as status:
            kib = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    except OSError:  # not Linux: the caller falls back to the kernel's figure
        return
    with open(%r, "w") as out:
        out.write(kib)
atexit.register(peak)
"""


def run_streaming(*args: str, stdin: BinaryIO | Iterator[bytes]) -> tuple[int, str]:
    """`run`, with standard input a file (/dev/zero) or fed from `stdin`'s chunks for as long
    as the command reads them: an endless stream must be refused, not read to the end."""
    feed = None
    if isinstance(stdin, io.IOBase):  # (a file is an iterator too, of lines: not that way)
        # A file (/dev/zero) is piped in by the fork server, which copies it for as long as
        # the command reads: the same endless pipe, without Python's start-up.
        return run(*args, stdin_path=str(stdin.name))
    chunks = stdin
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "riskrules", *args],
            stdin=subprocess.PIPE,
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
