"""`riskrules site serve DIR`: a built site on 127.0.0.1 (a browser refuses the site's module
scripts from a file:// page), with the site's content policy as a header and the types a
browser needs for Pyodide (.mjs, .wasm). Only files inside DIR are served."""

from __future__ import annotations

import functools
import http.server
import os
from collections.abc import Callable
from pathlib import Path

from ...grammar.messages import Message, msg
from .build import CSP

LOCAL = "127.0.0.1"
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".whl": "application/zip",
    ".html": "text/html; charset=utf-8",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return TYPES.get(Path(path).suffix, "") or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet, as the CLI is
        pass


def server(site: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(_Handler, directory=str(site))
    return http.server.ThreadingHTTPServer((LOCAL, port), handler)


def serve(site: Path, port: int, say: Callable[[Message], None] = print) -> None:
    """Serve until interrupted."""
    running = server(site, port)
    address = f"http://{LOCAL}:{running.server_address[1]}/"
    say(msg("Open {address} (press Ctrl+C to stop)", address=address))
    try:
        running.serve_forever()
    finally:
        running.server_close()
