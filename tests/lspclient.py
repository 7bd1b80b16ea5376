"""An editor's end of a language server session, spoken in raw JSON-RPC (tests/test_lsp.py,
tests/test_hostile_lsp.py)."""

from __future__ import annotations

import json
import queue
import threading
from typing import Any


class Client:
    """An editor's end of a session: `python -m riskrules lsp` as a process of its own, its
    pipes as an editor's (a test that uses one is marked `process`)."""

    def __init__(self) -> None:
        from processes import spawn

        self.proc = spawn("lsp")
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = 0
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.messages.put(json.loads(out.read(length)))

    def send(self, payload: dict[str, Any]) -> None:
        body = json.dumps(payload).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def send_raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id).get("result")

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, match: Any, timeout: float = 30) -> dict[str, Any]:
        while True:
            message = self.messages.get(timeout=timeout)
            if match(message):
                return message

    def settle(self) -> None:
        """Wait until the server has answered everything sent so far (it handles messages in
        order: a reply to a new request comes after all they caused), then forget it all."""
        nowhere = {"uri": "file:///nonexistent"}
        self.request(
            "textDocument/hover", {"textDocument": nowhere, "position": {"line": 0, "character": 0}}
        )
        while not self.messages.empty():
            self.messages.get_nowait()

    def close(self) -> None:
        if self.proc.poll() is not None:
            return  # closed already
        try:
            self.request("shutdown", {})
            self.notify("exit", {})
            self.proc.wait(timeout=10)
        finally:
            self.proc.kill()
