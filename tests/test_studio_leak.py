"""The studio's token never leaves its own port (issue 42, 3). Another server listens on
another loopback port and records everything the browser sends it after the studio was opened
and used in the same browser: an image the studio's own page asks of it, a request its script
makes, and the browser sent there by address (as any web page could send it). None of it may
carry the token: no cookie, no path, no Referer, no header."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from studiohelpers import studio

from helpers import NOT_HERE

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api", reason=NOT_HERE + "no Playwright")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HOUSE = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'


class Recorder(BaseHTTPRequestHandler):
    """Whoever listens on another port of this machine: it keeps every request whole."""

    seen: ClassVar[list[str]] = []

    def _record(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length).decode("latin-1") if length else ""
        self.seen.append(f"{self.command} {self.path}\n{self.headers}\n{body}")
        page = b"<!doctype html><title>elsewhere</title><p>another server"
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.send_header("content-length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    do_GET = do_POST = _record

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass


@pytest.fixture
def elsewhere() -> Iterator[tuple[int, list[str]]]:
    seen: ClassVar[list[str]] = []
    handler = type("Recording", (Recorder,), {"seen": seen})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1], seen
    server.shutdown()
    server.server_close()


def test_another_local_port_never_sees_the_token(
    tmp_path: Path, elsewhere: tuple[int, list[str]]
) -> None:
    if CHROMIUM is None:
        pytest.skip(NOT_HERE + "no chromium on this machine")
    port, seen = elsewhere
    (tmp_path / "family.rules").write_text(HOUSE)
    with studio(tmp_path) as running, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        try:
            # bypass_csp: the studio's own policy would stop its page asking another port for
            # an image; the test must see what the browser sends when it does ask.
            context = browser.new_context(bypass_csp=True)
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(running.url)
            page.click("text=family.rules")  # a link, htmx's panels, a form's post
            page.wait_for_selector("text=No problems", state="attached")
            page.go_back()  # the back button keeps the token (it is in the address)
            page.wait_for_selector("text=family.rules")
            page.go_forward()
            page.wait_for_selector("text=No problems", state="attached")
            other = f"http://127.0.0.1:{port}"
            page.evaluate(
                """async (other) => {
                    await new Promise((done) => {
                        const img = new Image();
                        img.onload = img.onerror = done;
                        img.src = other + "/image.png";
                        document.body.appendChild(img);
                    });
                    await fetch(other + "/fetched", {mode: "no-cors", credentials: "include"});
                    await fetch(other + "/posted", {
                        method: "POST", mode: "no-cors", credentials: "include", body: "x=1"});
                }""",
                other,
            )
            page.goto(other + "/visited")  # a link or a site sends the browser there
            page.goto(f"http://localhost:{port}/by-name")
            cookies = context.cookies()
        finally:
            browser.close()
    print(f"{len(seen)} requests to another local port; cookies kept: {len(cookies)}")
    paths = [request.split("\n", 1)[0] for request in seen]
    assert len(seen) >= 5, paths  # the image, two fetches, two visits (a favicon may add more)
    for request in seen:
        assert running.token not in request, request
    assert all(running.token not in str(cookie) for cookie in cookies)
