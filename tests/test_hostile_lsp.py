"""The language server's framing, broken as a careless or hostile client breaks it: a
Content-Length larger than the body or than any message (10^12), none at all, garbage, a
header without its blank line. Each is answered (an error to the request's id, when it has
one) or passed over within 2 s, and the next request is answered: the session is never left
waiting for bytes that will not come. (tests/test_lsp.py holds the malformed messages that are
framed right.)"""

from __future__ import annotations

import json
import queue
import time
from typing import Any

import pytest

from lspclient import Client
from riskrules.grammar.limits import LSP_STALL_SECONDS

# The language server as an editor starts it: a process of its own, spoken to over its pipes.
pytestmark = pytest.mark.process

WITHIN = 2.0  # seconds to an answer, or to the next request's (the bound)


def _request(msg_id: int) -> bytes:
    hover = {
        "textDocument": {"uri": "file:///nowhere/house.rules"},
        "position": {"line": 0, "character": 0},
    }
    message = {"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/hover", "params": hover}
    return json.dumps(message).encode()


def _length(n: int) -> bytes:
    return b"Content-Length: %d\r\n" % n


# (what the client sends, the id an error reply must name: None, a reply with no id or none)
BROKEN: list[tuple[str, bytes, int | None]] = [
    ("longer than the body", _length(len(_request(1)) + 50) + b"\r\n" + _request(1), 1),
    ("much longer than the body", _length(len(_request(2)) * 30) + b"\r\n" + _request(2), 2),
    ("10^12", _length(10**12) + b"\r\n" + _request(3), 3),
    ("past the limit, body short", _length(20_000_000) + b"\r\n" + _request(4), 4),
    ("missing: a body alone", _request(5), 5),
    ("missing: a blank line, a body", b"\r\n" + _request(6), 6),
    ("missing: another header", b"Content-Type: application/json\r\n\r\n" + _request(7), None),
    ("no blank line after it", _length(len(_request(8))) + _request(8), 8),
    ("garbage bytes", b"\x00\x01garbage \xff\xfe", None),
    ("a garbage line", b"garbage garbage\r\n\r\n", None),
    ("a garbage number", b"Content-Length: 12abc\r\n\r\n" + _request(9), None),
    ("a header cut short", b"Content-Len", None),
]


@pytest.fixture(scope="module")
def session() -> Any:
    client = Client()
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    yield client
    client.close()


def _drain(client: Client) -> list[dict[str, Any]]:
    got = []
    while not client.messages.empty():
        got.append(client.messages.get_nowait())
    return got


@pytest.mark.parametrize(("raw", "answered"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_a_framing_error_is_answered_or_passed_over_within_2_s(
    session: Client, raw: bytes, answered: int | None
) -> None:
    _drain(session)
    start = time.monotonic()
    session.send_raw(raw)
    if answered is not None:
        reply = session.wait(lambda m: m.get("id") == answered, timeout=WITHIN + 1)
        took = time.monotonic() - start
        assert "refused" in reply["error"]["message"], reply
        assert took < WITHIN, f"answered after {took:.1f} s"
    else:  # nothing to answer by id: a reply with none, or none (a notification's kind)
        time.sleep(LSP_STALL_SECONDS + 0.2)
    start = time.monotonic()
    session.next_id += 1
    session.send_raw(_length(len(_request(session.next_id))) + b"\r\n" + _request(session.next_id))
    try:
        session.wait(lambda m: m.get("id") == session.next_id, timeout=WITHIN + 1)
    except queue.Empty:
        pytest.fail(f"the request after {raw[:60]!r} was not answered")
    took = time.monotonic() - start
    assert took < WITHIN, f"the next request answered after {took:.1f} s"
    assert session.proc.poll() is None, "the server stopped"


def test_a_short_body_followed_at_once_by_the_next_message(session: Client) -> None:
    """A Content-Length too large by a few bytes, the next request written straight after it
    (an editor does not wait): the first is refused where the second's header starts, the
    second is answered, neither waits for the stall."""
    _drain(session)
    first, second = _request(901), _request(902)
    start = time.monotonic()
    session.send_raw(
        _length(len(first) + 40) + b"\r\n" + first + _length(len(second)) + b"\r\n" + second
    )
    refused = session.wait(lambda m: m.get("id") == 901, timeout=WITHIN + 1)
    session.wait(lambda m: m.get("id") == 902, timeout=WITHIN + 1)
    assert "whose Content-Length says" in refused["error"]["message"], refused
    assert time.monotonic() - start < LSP_STALL_SECONDS, "waited for bytes that had come"
