"""Headless Chromium, started once and spoken to over the DevTools protocol on a pipe, to print
pages to PDF as `chromium --headless --print-to-pdf --no-pdf-header-footer` does (which starts a
browser for every page: a second or more each)."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

# The options the tests once gave `chromium --print-to-pdf`, less those of the one-shot print.
OPTIONS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# What `--print-to-pdf --no-pdf-header-footer` asks of the page (Chromium's
# headless_command_handler.cc): the page's own @page size, its backgrounds, no header or footer.
PRINT = {"printBackground": True, "preferCSSPageSize": True, "displayHeaderFooter": False}
SECONDS = 120


def executable() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(Exception):
    pass


class Chromium:
    """One browser; `print_to_pdf(path)` opens a page, prints it and closes it."""

    def __init__(self, profile: Path) -> None:
        program = executable()
        if program is None:
            raise BrowserError("no Chromium here")
        # The protocol runs on file descriptors 3 (to the browser) and 4 (from it).
        to_browser, self._to = os.pipe()
        self._from, from_browser = os.pipe()

        def descriptors() -> None:  # pragma: no cover - runs in the child
            # Out of the way first (either end may be 3 or 4 itself), then into place; Python's
            # own descriptors are not inherited (PEP 446), so only these two and stdio pass.
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser, from_browser)]
            for target, fd in zip((3, 4), high, strict=True):
                os.dup2(fd, target)
                os.close(fd)

        self.proc = subprocess.Popen(
            [program, *OPTIONS, f"--user-data-dir={profile}", "--remote-debugging-pipe"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=descriptors,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._reader = os.fdopen(self._from, "rb", buffering=0)
        self._buffer = b""
        self._next = 0
        self._events: list[dict[str, Any]] = []

    def _send(self, method: str, params: dict[str, Any], session: str | None = None) -> int:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to, json.dumps(message).encode() + b"\0")
        return self._next

    def _receive(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = self._reader.read(1 << 16)
            if not chunk:
                raise BrowserError(f"Chromium stopped (exit {self.proc.poll()})")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)  # type: ignore[no-any-return]

    def call(self, method: str, params: dict[str, Any], session: str | None = None) -> Any:
        wanted = self._send(method, params, session)
        while True:
            message = self._receive()
            if message.get("id") == wanted:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self._events.append(message)

    def _wait_for(self, method: str, session: str) -> None:
        while True:
            for i, event in enumerate(self._events):
                if event["method"] == method and event.get("sessionId") == session:
                    del self._events[i]
                    return
            message = self._receive()
            if "method" in message:
                self._events.append(message)

    def print_to_pdf(self, page: Path) -> bytes:
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        try:
            session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
                "sessionId"
            ]
            self.call("Page.enable", {}, session)
            self.call("Page.navigate", {"url": page.as_uri()}, session)
            self._wait_for("Page.loadEventFired", session)
            printed = self.call("Page.printToPDF", PRINT, session)
        finally:
            self.call("Target.closeTarget", {"targetId": target})
            self._events.clear()
        return base64.b64decode(printed["data"])

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.call("Browser.close", {})
        try:
            self.proc.wait(timeout=SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to)
        self._reader.close()
