"""The language server's framing (tools/editor/transport.py) read in process, its input given
in pieces chosen here, each piece one read as a pipe gives them: a well-formed message that
follows a malformed one is served, wherever the pieces split them. No timing decides anything:
a piece is waited for as a file's read is, never for a stall (tests/test_hostile_lsp.py sends
broken framings to a running server and times its answers)."""

from __future__ import annotations

import io
import json
import random
import re
import time
from typing import Any

import pytest

from riskrules.grammar.limits import MAX_LSP_HEADER
from riskrules.tools.editor.transport import Messages, Output, _passed_over


class Pieces(io.RawIOBase):
    """Standard input that gives one piece a read (never more than asked), then ends. It has
    no descriptor, so the reader waits for each piece and no pause is ever seen."""

    def __init__(self, pieces: list[bytes]) -> None:
        self.pieces = [p for p in pieces if p]

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        if not self.pieces:
            return b""
        piece = self.pieces.pop(0)
        if 0 <= size < len(piece):
            piece, rest = piece[:size], piece[size:]
            self.pieces.insert(0, rest)
        return piece


def _framed(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def _request(msg_id: int) -> bytes:
    hover = {
        "textDocument": {"uri": "file:///house.rules"},
        "position": {"line": 0, "character": 0},
    }
    message = {"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/hover", "params": hover}
    return json.dumps(message).encode()


def _session(pieces: list[bytes]) -> tuple[list[Any], list[dict[str, Any]]]:
    """The ids of the messages pygls is handed (read as pygls reads them: a header line at a
    time, then the body), and the replies the reader wrote itself."""
    written = io.BytesIO()
    messages = Messages(Pieces(pieces), Output(written))
    served = []
    while header := messages.readline():
        assert messages.readline() == b"\r\n"
        served.append(json.loads(messages.read(int(header.split(b":")[1])))["id"])
    replies, out = [], written.getvalue()
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        replies.append(json.loads(rest[:length]))
        out = rest[length:]
    return served, replies


def _splits(data: bytes, around: int, width: int) -> list[list[bytes]]:
    """`data` in two pieces, cut at every byte within `width` of `around`, and whole."""
    cuts = range(max(0, around - width), min(len(data), around + width) + 1)
    return [[data]] + [[data[:cut], data[cut:]] for cut in cuts]


# How much larger than the body the first message's Content-Length is: by less than the next
# message's header line (20 bytes here), by as much, by more. Short by 5, the body's window
# held the next header's first bytes ("Conte") and the next request was never answered.
@pytest.mark.parametrize("short_by", [1, 5, 12, 19, 20, 21, 40])
def test_a_short_body_never_takes_the_next_messages_header(short_by: int) -> None:
    first, second = _request(1), _framed(_request(2))
    data = _framed(first, len(first) + short_by) + second
    for pieces in _splits(data, len(data) - len(second), 40):
        served, replies = _session(pieces)
        where = [len(p) for p in pieces]
        assert served == [2], where  # the second request reaches pygls, once
        assert [r["id"] for r in replies] == [1], where  # the first is answered with an error
        assert "whose Content-Length says" in replies[0]["error"]["message"], (where, replies)


def test_a_long_line_with_no_header_does_not_take_the_next_message() -> None:
    """A body sent without its header (over a header line's 4,096 bytes, no line break), then
    the next message: the first is refused where the second's header starts."""
    second = _framed(_request(2))
    data = json.dumps({"jsonrpc": "2.0", "method": "x", "params": "a" * 5_000}).encode() + second
    at_a_header_line = [data[:4_096], data[4_096:]]  # (the 4,096 bytes read as a line)
    for pieces in [*_splits(data, len(data) - len(second), 40), at_a_header_line]:
        served, replies = _session(pieces)
        assert served == [2], [len(p) for p in pieces]
        assert "header line over" in replies[0]["error"]["message"], replies


def test_a_message_past_the_limit_with_a_short_body_does_not_take_the_next() -> None:
    """A Content-Length past the limit and a body of about a header line's 4,096 bytes (what
    is read of it to find its id), then the next message straight after."""
    second = _framed(_request(2))
    for size in (4_080, 4_090, 4_096, 4_100):
        body = b'{"jsonrpc": "2.0", "id": 1, "method": "x", "params": "%s"}' % (b"a" * size)
        data = _framed(body, 20_000_000) + second
        for pieces in _splits(data, len(data) - len(second), 30):
            served, replies = _session(pieces)
            assert served == [2], (size, [len(p) for p in pieces])
            assert replies[0]["id"] == 1 and "past the limit" in replies[0]["error"]["message"]


# Header lines passed over, then what stops them: a blank line or a Content-Length. They came
# in one piece of 40,000 bytes (a pipe gives up to 64 KiB at a time): read line by line, each
# line searching all the piece, that took 15 CPU-s, past an editor's patience (and, with the
# machine loaded, past tests/test_lsp.py's 30 s wait); read past in one step, 0.01.
@pytest.mark.parametrize(
    "lines",
    [b"y\n" * 20_000 + b"content-length: 2\r\n\r\n42", b"X-A: 1\r\n" * 5_000 + b" \t\r\n"],
    ids=["then a Content-Length", "then a blank line"],
)
def test_header_lines_are_passed_over_in_one_step(lines: bytes) -> None:
    second = _framed(_request(2))
    start = time.thread_time()
    served, replies = _session([lines + second])
    took = time.thread_time() - start
    assert served == [2]
    assert [r["error"]["code"] for r in replies] == [-32600]
    assert took < 1.0, f"{len(lines):,} bytes of header lines took {took:.2f} CPU-s"


# What stops a run of header lines (a blank line, a Content-Length, a line past MAX_LSP_HEADER),
# as the one pattern it once was; transport looks for each on its own, a window at a time.
STOPS = re.compile(
    rb"(?:^|\n)[ \t\r\x0b\x0c]*\n|content-length|[^\n]{%d}" % (MAX_LSP_HEADER + 1), re.IGNORECASE
)


def _passed_over_by_the_pattern(data: bytes) -> int:
    found = STOPS.search(data)
    if found is None:
        return data.rfind(b"\n") + 1
    return data.rfind(b"\n", 0, found.end() - 1) + 1  # (a blank line's match starts before it)


def test_the_lines_passed_over_are_those_the_pattern_passes_over() -> None:
    """Lines of every kind, around the window's and the limit's sizes, some unfinished, after
    short lines that end around the first window's end: the bytes passed over in one step are
    what the pattern says."""
    rng = random.Random(5)
    lines = [b"y", b"X-A: 1\r", b" \t\r", b"", b"\x0b\x0c", b"a" * 300]
    lines += [b"Content-LENGTH: 3\r", b"content-lengt", b"ab CoNtEnT-lEnGtH z"]
    lines += [b"x" * n for n in (4_095, 4_096, 4_097, 8_191, 8_192, 8_193, 20_000)]
    for _ in range(400):
        data = b"".join(
            rng.choice(lines) + (b"\n" if rng.random() < 0.9 else b"")
            for _ in range(rng.randint(0, 12))
        )
        data = b"q\n" * rng.choice([0, 1, 2_047, 4_095, 4_096]) + data
        data = data[: rng.randint(0, len(data))] if rng.random() < 0.3 else data
        assert _passed_over(bytearray(data)) == _passed_over_by_the_pattern(data), data[-300:]
