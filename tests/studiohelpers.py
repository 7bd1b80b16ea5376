"""The studio as a user starts it: `riskrules studio FOLDER --no-browser --port 0` in a process
of its own, its address read from what it prints."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ADDRESS = re.compile(r"Open (http://127\.0\.0\.1:(\d+)/\?token=([\w-]+))")


@dataclass(frozen=True)
class Running:
    url: str  # with the token, as printed
    port: int
    token: str
    started: float  # seconds from the command to the address printed

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def studio(folder: Path, *extra: str, env: dict[str, str] | None = None) -> Iterator[Running]:
    script = Path(sys.executable).parent / "riskrules"
    command = [str(script), "studio", str(folder), "--no-browser", "--port", "0", *extra]
    start = time.perf_counter()
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    try:
        assert process.stdout is not None
        found = None
        for line in process.stdout:
            found = ADDRESS.search(line)
            if found:
                break
        if found is None:
            raise AssertionError(f"the studio printed no address: {process.stderr.read()}")
        yield Running(
            found.group(1), int(found.group(2)), found.group(3), time.perf_counter() - start
        )
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
