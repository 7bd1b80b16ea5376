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
from typing import Any

ADDRESS = re.compile(r"Open (http://127\.0\.0\.1:(\d+)/s/([\w-]+)/)")


@dataclass(frozen=True)
class Running:
    url: str  # with the token, as printed: http://127.0.0.1:PORT/s/TOKEN/
    port: int
    token: str
    started: float  # seconds from the command to the address printed
    pid: int  # the studio's process

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def root(self) -> str:
        """The studio's addresses: the origin, then the token's path."""
        return f"{self.origin}/s/{self.token}"


@contextmanager
def studio(
    folder: Path, *extra: str, log: Path | None = None, env: dict[str, str] | None = None
) -> Iterator[Running]:
    """The studio started on `folder`; with `log`, what it prints on its terminal's standard
    error is kept in that file (a traceback there is what a user would see); `env`: more of
    its environment."""
    script = Path(sys.executable).parent / "riskrules"
    command = [str(script), "studio", str(folder), "--no-browser", "--port", "0", *extra]
    start = time.perf_counter()
    errors = open(log, "w") if log is not None else None  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=errors or subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    try:
        found = first_match(process, ADDRESS)
        if found is None:
            said = process.stderr.read() if process.stderr else log and log.read_text()
            raise AssertionError(f"the studio printed no address: {said}")
        yield Running(
            found.group(1),
            int(found.group(2)),
            found.group(3),
            time.perf_counter() - start,
            process.pid,
        )
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if errors is not None:
            errors.close()


def open_text_view(page: Any) -> None:
    """Open the editor's fold with the rules as text (the form comes first; the text is one
    fold away), and wait for the text to be there to type in."""
    page.wait_for_selector("#text-view", state="attached")
    if page.locator("#text-view").get_attribute("open") is None:
        page.click("#text-view > summary")
    page.wait_for_selector("#text")


class Clicks:
    """A page whose clicks (and menu choices) are counted, as a player's would be; typing is
    not a click."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def click(self, selector: str) -> None:
        self.count += 1
        self.page.click(selector)

    def choose(self, selector: str, value: str) -> None:
        self.count += 1
        self.page.select_option(selector, value)


def first_match(process: subprocess.Popen[str], pattern: re.Pattern[str]) -> re.Match[str] | None:
    """The first line a server prints that matches `pattern` (its address), read as it comes;
    None when it ends without one."""
    assert process.stdout is not None
    for line in process.stdout:
        found = pattern.search(line)
        if found:
            return found
    return None
