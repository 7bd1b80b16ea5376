"""The static site as a user builds and serves it: `riskrules site build DIR` once per test
session (the downloads come from the user's cache folder after the first), and `riskrules site
serve DIR --port 0` in a process of its own, its address read from what it prints."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from studiohelpers import first_match

ADDRESS = re.compile(r"(http://127\.0\.0\.1:(\d+)/)")  # in any language of the line
SCRIPT = Path(sys.executable).parent / "riskrules"


def build(into: Path) -> Path:
    done = subprocess.run(
        [str(SCRIPT), "site", "build", str(into)], capture_output=True, text=True, timeout=1200
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return into


def built(factory: object) -> Path:
    """RISKRULES_SITE (a site CI built with the publishing workflow's command), else one built
    here into the session's temporary folder."""
    given = os.environ.get("RISKRULES_SITE")
    if given:
        return Path(given)
    return build(factory.mktemp("site") / "site")  # type: ignore[attr-defined]


@contextmanager
def serving(site: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """The site's address (ending in /) and the server's process (a test may stop it)."""
    process = subprocess.Popen(
        [str(SCRIPT), "site", "serve", str(site), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        found = first_match(process, ADDRESS)
        if found is None:
            raise AssertionError(f"site serve printed no address: {process.stderr.read()}")
        yield found.group(1), process
    finally:
        stop(process)


def stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# Every address but the local server's (and the page's own data: and blob: ones).
ELSEWHERE = re.compile(r"^(?!http://127\.0\.0\.1:|data:|blob:)")


def local_only(context: object) -> list[str]:
    """Every request outside 127.0.0.1 is refused, as on a machine with no network; the
    refused addresses are listed (the site asks for none). Only those are routed here: the
    browser's driver lets a local request through by the pattern, without a round trip to
    this process for each (104 of them as the service worker installs: seconds under load,
    which a player's browser never spends)."""
    refused: list[str] = []

    def refuse(r: object) -> None:
        refused.append(r.request.url)  # type: ignore[attr-defined]
        r.abort()  # type: ignore[attr-defined]

    context.route(ELSEWHERE, refuse)  # type: ignore[attr-defined]
    return refused


def until(page: object, expression: str, seconds: float = 120.0) -> float:
    """Seconds until `expression` is true in the page (polled from outside: the site's content
    policy refuses the evaluated predicates Playwright's own wait_for_function uses)."""
    begun = time.perf_counter()
    while not page.evaluate(expression):  # type: ignore[attr-defined]
        if time.perf_counter() - begun > seconds:
            state = page.evaluate("JSON.stringify(window.__site || null)")  # type: ignore[attr-defined]
            raise AssertionError(f"not within {seconds} s: {expression}; the site: {state}")
        time.sleep(0.1)
    return time.perf_counter() - begun
