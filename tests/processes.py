"""`python -m riskrules ARGS` as a process of its own, for what only a process shows: its exit
status, a signal, a limit on its memory or time, the CPU and memory it used, its standard streams
as pipes. Every test that uses it is marked `process` (CONTRIBUTING.md lists the set); the rest
run the command line in the test's own process (helpers.run_cli)."""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

MEMORY = 1_500 * 2**20  # bytes of address space a command may use
SECONDS = 90  # of wall time, after which it is killed
# A process started from this one has this one's peak memory as its own (the kernel keeps a
# process's peak across exec), so its peak is measured by GNU time, a small process that
# starts it and reports its peak (`%M`, KiB).
TIME = shutil.which("time", path="/usr/bin:/bin")


@dataclass
class Ran:
    code: int  # the exit status; a negative number is the signal that ended it (-9: killed)
    out: str
    err: str
    cpu: float  # user and system CPU seconds, which a busy machine does not inflate
    peak: float | None  # MiB at the peak, Python's start-up in it (measured: `run_limited`)

    @property
    def text(self) -> str:
        return self.out + self.err


def _limited(memory: int) -> None:  # pragma: no cover - runs in the child, before Python starts
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def _pour(pipe: object, chunks: Iterable[bytes]) -> None:
    """`chunks` written into the command's standard input for as long as it reads."""
    assert hasattr(pipe, "write") and hasattr(pipe, "close")
    with contextlib.suppress(BrokenPipeError, ValueError, OSError):  # it stopped reading
        for chunk in chunks:
            pipe.write(chunk)
    with contextlib.suppress(BrokenPipeError, ValueError, OSError):
        pipe.close()


def run_limited(
    *args: str,
    cwd: Path | None = None,
    stdin: bytes | Path | Iterable[bytes] | None = None,
    env: Mapping[str, str] | None = None,
    memory: int = MEMORY,
    seconds: float = SECONDS,
    options: tuple[str, ...] = (),
    measured: bool = False,
) -> Ran:
    """`python OPTIONS -m riskrules ARGS` in `cwd` with `env` (this process's by default), within
    `memory` bytes of address space (0: no limit) and `seconds` of wall time (then killed).
    Its standard input: `stdin`'s bytes, the file at a path (/dev/zero reads for ever), the
    chunks of an iterable fed for as long as it reads them, or nothing (/dev/null). `measured`:
    its peak memory too (through GNU time, TIME)."""
    feed = None
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(tempfile.TemporaryFile())
        err = stack.enter_context(tempfile.TemporaryFile())
        peak = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "peak"
        command = [sys.executable, *options, "-m", "riskrules", *args]
        if measured:
            assert TIME is not None, "GNU time (/usr/bin/time) measures a process's peak"
            command = [TIME, "-f", "%M", "-o", str(peak), *command]
        if isinstance(stdin, Path):
            source: int | object = stack.enter_context(open(stdin, "rb"))
        elif stdin is None:
            source = subprocess.DEVNULL
        else:
            source = subprocess.PIPE
        proc = subprocess.Popen(
            command,
            stdin=source,  # type: ignore[arg-type]
            stdout=out,
            stderr=err,
            cwd=cwd,
            env=dict(os.environ if env is None else env),
            preexec_fn=lambda: _limited(memory),
            start_new_session=True,  # (ended with what it started, past its time)
        )
        if proc.stdin is not None:
            chunks = [stdin] if isinstance(stdin, bytes) else stdin
            assert chunks is not None and not isinstance(chunks, Path)
            feed = threading.Thread(target=_pour, args=(proc.stdin, chunks), daemon=True)
            feed.start()
        timer = threading.Timer(seconds, os.killpg, (proc.pid, signal.SIGKILL))
        timer.start()
        try:
            _pid, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if feed is not None:
            feed.join(timeout=10)
        out.seek(0)
        err.seek(0)
        return Ran(
            proc.returncode,
            out.read().decode("utf-8", errors="replace"),
            err.read().decode("utf-8", errors="replace"),
            usage.ru_utime + usage.ru_stime,  # (its children's that it waited for in it)
            int(peak.read_text().split()[-1]) / 1024 if measured and peak.exists() else None,
        )


def spawn(*args: str, env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    """`python -m riskrules ARGS` with pipes to talk to it as it runs (a language server's
    session, tests/lspclient.py)."""
    return subprocess.Popen(
        [sys.executable, "-m", "riskrules", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ if env is None else env),
    )
