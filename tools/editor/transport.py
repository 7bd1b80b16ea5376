"""The language server's wire (stdio): only whole, well-formed messages within the limits
(grammar/limits.py) reach pygls, any other is answered here and skipped, and pygls' own
replies and logs carry no traceback, so that a client sending garbage does not end the session.
`riskrules lsp` (tools/editor/lsp.py) serves the language on it."""

from __future__ import annotations

import json
import logging
import os
import re
import select
import sys
import threading
from collections.abc import Callable
from typing import Any, BinaryIO

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol

from ...grammar.limits import LSP_STALL_SECONDS, MAX_FILE_BYTES, MAX_LSP_HEADER, MAX_LSP_MESSAGE

__all__ = ["Messages", "Output", "Protocol", "one_line"]


class Protocol(LanguageServerProtocol):
    """pygls' protocol, made civil for a client that sends garbage: a request with bad params
    gets an Invalid Params reply (pygls sends none), and no reply carries a Python traceback."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if isinstance(data, dict) and "id" in data and "method" in data:
                reason = (
                    "invalid params" if isinstance(exc, JsonRpcInvalidParams) else "bad request"
                )
                error = types.ResponseError(
                    code=exc.code, message=f"{reason} for {data.get('method')!s:.80}"
                )
                self._send_response(data["id"], None, error)
            return _Ignored()

    def _send_response(
        self, msg_id: Any, result: Any = None, error: types.ResponseError | None = None
    ) -> None:
        if error is not None:
            first = str(error.message).strip().splitlines()[:1] or ["error"]
            error = types.ResponseError(code=error.code, message=first[0][:300])
        super()._send_response(msg_id, result, error)

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _Ignored):
            return
        try:
            super().handle_message(message)
        except Exception as exc:  # pygls failing to dispatch an odd message (handlers' own
            # exceptions are caught inside it and answered): one line, and the session goes on
            sys.stderr.write(f"riskrules lsp: a message could not be handled: {exc!r:.200}\n")


class _Ignored:
    """A message that was answered already (or could not be read): handle_message skips it."""

    jsonrpc = "ignored"


def one_line(record: logging.LogRecord) -> bool:
    """pygls logs the whole traceback of a request it answers with an error (params that do not
    fit the method, an unknown command): one line on stderr says enough. The traceback of any
    other exception (a bug) is kept."""
    if str(record.msg).startswith("Unable to deserialize message"):
        record.msg = "riskrules lsp: refused a message whose params do not fit its method"
        record.args = ()
    elif record.exc_info and isinstance(record.exc_info[1], JsonRpcException):
        record.msg = f"riskrules lsp: answered a request with an error: {record.exc_info[1]}"
        record.args, record.exc_info, record.exc_text = (), None, None
    return True


class Output:
    """Standard output shared by pygls (which answers the messages it is given) and the reader
    below (which answers the ones it refuses): one whole message written at a time."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()

    def write(self, data: bytes) -> None:
        with self.lock:
            self.stream.write(data)
            self.stream.flush()

    def flush(self) -> None:
        with self.lock:
            self.stream.flush()

    def close(self) -> None:
        self.stream.close()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*([^\r\n]*?)[ \t]*\r?\n?$", re.IGNORECASE)
_PARSE_ERROR, _INVALID_REQUEST = -32700, -32600
_CHUNK = 65_536
# What stops a run of header lines read past at once (Messages._skip_lines): a blank line (as
# bytes.strip() sees it), a Content-Length, or a line past MAX_LSP_HEADER. One pattern of the
# three took 0.6 s to pass over 16 MB of short lines; each looked for on its own, 0.2 s.
_BLANK_FIRST = re.compile(rb"[ \t\r\x0b\x0c]*\n")  # a blank line where the bytes start
_BLANK_AFTER = re.compile(rb"\n[ \t\r\x0b\x0c]*\n")  # one after a line break
_WINDOW = 2 * MAX_LSP_HEADER  # bytes looked at a time (longer than a header line may be)


def _passed_over(data: bytearray) -> int:
    """The bytes of the whole lines at the start of `data` that come before the first line
    that stops the run (or the unfinished line at its end). They are looked at a window at a
    time, so that the time spent is that of the bytes taken and the line stopped at, never of
    all that is buffered: passing over lines a few at a time costs no more than all at once."""
    if _BLANK_FIRST.match(data):
        return 0
    start = 0
    while True:
        end = data.rfind(b"\n", start, start + _WINDOW) + 1  # the window's whole lines
        if end <= start:  # a line longer than the window, or the unfinished one at the end
            return start
        stop = _stop_among(data, start, end)
        if stop is not None:
            return stop
        start = end


def _stop_among(data: bytearray, start: int, end: int) -> int | None:
    """Where the first line that stops the run begins, among the whole lines from `start` (a
    line's start) to `end`; None if none does."""
    stop = end
    named = data[start:end].lower().find(b"content-length")  # (IGNORECASE is ASCII's too)
    if named >= 0:
        stop = data.rfind(b"\n", start, start + named) + 1 or start
    blank = _BLANK_AFTER.search(data, max(0, start - 1), stop)
    if blank is not None:
        stop = blank.start() + 1
    # A run of more than MAX_LSP_HEADER bytes without a line break holds a byte at every
    # MAX_LSP_HEADER-th place from `start`: only the lines there may be too long.
    for at in range(start, stop, MAX_LSP_HEADER):
        if data[at] != 10:  # (not a line break)
            begins = data.rfind(b"\n", start, at) + 1 or start
            if data.find(b"\n", at, end) - begins > MAX_LSP_HEADER:
                return begins
    return stop if stop < end else None


# A message's header, where a body should be: the raw line break cannot be in JSON (a string
# holds it as \n), so a body holding one is not whole, and the next message starts there.
_HEADER_INSIDE = re.compile(rb"content-length[ \t]*:[ \t]*\d+[ \t]*\r?\n", re.IGNORECASE)


def _begun(word: bytes, rest: bytes) -> re.Pattern[bytes]:
    """What ends the bytes read so far where such a header may have begun: `word`, then `rest`,
    cut short anywhere after the first byte. JSON holds no bare letter c, so a whole body never
    ends so: only a short one does, and the bytes that follow tell whether a header came."""
    pattern = rest
    for byte in reversed(word[1:]):
        pattern = b"(?:" + re.escape(bytes([byte])) + pattern + b")?"
    return re.compile(re.escape(word[:1]) + pattern + rb"\Z", re.IGNORECASE)


_HEADER_BEGUN = _begun(b"content-length", rb"[ \t]*(?::[ \t]*(?:\d+[ \t]*\r?)?)?")


class Input:
    """Standard input as the framing reads it: lines and bodies as a file gives them, but a
    body within a deadline, and bytes read too far put back. A Content-Length larger than what
    the editor sent (which then waits for its answer) would hold the session for ever; here
    the read ends once nothing has come for LSP_STALL_SECONDS, or where the next message's
    header shows in it. Where standard input cannot be waited on (no descriptor), reads wait
    as a file's would."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        try:
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):  # (io.BytesIO: no descriptor)
            self.fd = None
        self.ahead = bytearray()  # read, not yet taken
        self.ended = False

    def _fill(self, stall: float | None = None) -> bool:
        """Read what has come (waiting at most `stall` seconds, None: as long as it takes);
        False at the end of input or when nothing came in time."""
        if self.ended:
            return False
        if self.fd is None:
            data = self.stream.read(_CHUNK)
        else:
            if stall is not None:
                try:
                    ready = select.select([self.fd], [], [], stall)[0]
                except (OSError, ValueError):  # not a descriptor select takes (Windows' pipes)
                    ready = [self.fd]
                if not ready:
                    return False
            data = os.read(self.fd, _CHUNK)
        if not data:
            self.ended = True
            return False
        self.ahead += data
        return True

    @property
    def exhausted(self) -> bool:
        """The input has ended and all of it was taken."""
        return self.ended and not self.ahead

    def _take(self, n: int) -> bytes:
        taken = bytes(self.ahead[:n])
        del self.ahead[:n]
        return taken

    def readline(self, limit: int) -> bytes:
        """A line (with its line break), or its first `limit` bytes; b"" at the end. Once a
        line has begun, the rest is waited for LSP_STALL_SECONDS at most: what came is then
        returned without a line break."""
        if not self.ahead:
            self._fill()
        while self.ahead.find(b"\n", 0, limit) < 0 and len(self.ahead) < limit:
            if not self._fill(LSP_STALL_SECONDS):
                break
        end = self.ahead.find(b"\n", 0, limit)
        return self._take(end + 1 if end >= 0 else limit)

    def read(self, n: int) -> bytes:
        """`n` bytes, fewer only at the end of input."""
        while len(self.ahead) < n and self._fill():
            pass
        return self._take(n)

    def read_within(self, n: int) -> bytes:
        """Up to `n` bytes: fewer when nothing more came for LSP_STALL_SECONDS, at the end of
        input, or where a message's header starts among them (that header, which may end past
        the `n` bytes, is left to be read as the next message's). Where the bytes so far end in
        what may be the start of a header, the bytes after it are waited for (within the stall):
        a short body followed at once by the next message never takes that message's first
        bytes, however the input comes in pieces."""
        looked = 0  # looked for a header up to here (a header is shorter than MAX_LSP_HEADER)
        while True:
            start = max(0, looked - MAX_LSP_HEADER)
            header = _HEADER_INSIDE.search(self.ahead, start, n + MAX_LSP_HEADER)
            if header is not None and header.start() < n:
                return self._take(header.start())
            begun = _HEADER_BEGUN.search(self.ahead, max(0, len(self.ahead) - MAX_LSP_HEADER))
            cut = begun.start() if begun is not None and begun.start() < n else n
            if len(self.ahead) >= n and cut == n:
                return self._take(n)
            looked = len(self.ahead)
            if not self._fill(LSP_STALL_SECONDS):
                return self._take(cut)

    def skip_lines(self, taken: Callable[[bytearray], int]) -> int:
        """Take the whole lines read already that `taken` says are to be passed over (the
        bytes of them at the start of what is buffered); the bytes taken."""
        end = taken(self.ahead)
        del self.ahead[:end]
        return end

    def unread(self, data: bytes) -> None:
        self.ahead[:0] = data


class _Refused(Exception):
    """A message that is not read on: why, the JSON-RPC error code, the request's id."""

    def __init__(
        self, why: str, code: int = _INVALID_REQUEST, msg_id: object = None, answer: bool = True
    ) -> None:
        super().__init__(why)
        self.why, self.code, self.msg_id = why, code, msg_id
        self.answer = answer  # False for a notification, which gets no reply (JSON-RPC 2.0)


class Messages:
    """Standard input for pygls, which reads a header line at a time, then the body. Only whole,
    well-formed messages within the limits (grammar/limits.py) reach it; any other is answered
    here (a JSON-RPC error, and for one too large a message the editor shows) and skipped, and
    the session goes on with the next. At most MAX_LSP_MESSAGE bytes are held at a time."""

    def __init__(self, stream: BinaryIO, out: Output) -> None:
        self.stream, self.out = Input(stream), out
        self.pending: list[bytes] = []  # the header lines pygls is handed, then the body
        self.body = b""
        self.not_lsp = False

    def readline(self) -> bytes:
        if not self.pending:
            body = self._next()
            if body is None:
                return b""  # the end of input: pygls stops
            self.body = body
            self.pending = [b"Content-Length: %d\r\n" % len(body), b"\r\n"]
        return self.pending.pop(0)

    def read(self, n: int) -> bytes:
        body, self.body = self.body, b""
        return body[:n]

    def _next(self) -> bytes | None:
        """The next well-formed message's body, or None at the end of input."""
        while True:
            try:
                length = self._header()
                if length is None:
                    return None
                if length > MAX_LSP_MESSAGE:
                    if not self._too_large(length):
                        return None
                    continue
                body = self._body(length)
                if body is None:
                    return None  # the input ended inside the message
                _well_formed(body)
                return body
            except _Refused as exc:
                self._refuse(exc)

    def _body(self, length: int) -> bytes | None:
        """The body of `length` bytes; _Refused for a shorter one (the bytes stopped coming,
        or the next message's header came first: a Content-Length larger than the body), the
        next message then read from its header; None at the end of input inside it."""
        body = self.stream.read_within(length)
        if len(body) < length and self.stream.exhausted:
            return None
        if len(body) == length:
            return body
        msg_id, method = _named(body)
        raise _Refused(
            f"a message of {len(body):,} bytes whose Content-Length says {length:,}",
            msg_id=msg_id,
            answer=msg_id is not None or method is None,
        )

    def _header(self) -> int | None:
        """The Content-Length of the next message (its header read up to the blank line that
        ends it), or None at the end of input; _Refused for a header without a usable one."""
        length: int | None = None
        problem: _Refused | None = None
        started = False
        read = 0  # bytes of this header so far: past MAX_LSP_MESSAGE, the input is not LSP
        while True:
            line = self.stream.readline(MAX_LSP_HEADER + 1)
            read += len(line)
            if not line:
                return None
            if read > MAX_LSP_MESSAGE:
                self._not_lsp()
                return None
            if not line.endswith(b"\n") and len(line) <= MAX_LSP_HEADER and not self.stream.ended:
                msg_id, method = _named(line)  # (a body sent with no header, say)
                why = (
                    "bytes with no message header before them, or a header line that did not "
                    f"end (nothing more came for {LSP_STALL_SECONDS:g} s)"
                )
                raise _Refused(why, msg_id=msg_id, answer=msg_id is not None or method is None)
            if len(line) > MAX_LSP_HEADER and not line.endswith(b"\n"):
                problem = _Refused(f"a message with a header line over {MAX_LSP_HEADER:,} bytes")
                passed, cut = self._pass_long_line(line, MAX_LSP_MESSAGE - read)
                read += passed
                if read > MAX_LSP_MESSAGE:
                    self._not_lsp()
                    return None
                if cut:  # a message's header inside it: answered, the next message starts there
                    raise problem
                started = True
                continue
            if not line.strip():
                if started:
                    break
                continue  # blank lines between messages
            started = True
            found = _LENGTH.search(line)  # (anywhere: what precedes it is a lost body)
            if found is None:
                read += self._skip_lines()  # Content-Type, another header, or what is not LSP
                if read > MAX_LSP_MESSAGE:
                    self._not_lsp()
                    return None
                continue
            value = found.group(1)
            if not value.isdigit():
                shown = value[:40].decode("utf-8", errors="replace")
                problem = _Refused(f"a message whose 'Content-Length: {shown}' is not a number")
            else:
                length, problem = int(value), None
        if problem is not None:
            raise problem
        if not length:
            raise _Refused("a message with no Content-Length (or 0)")
        return length

    def _pass_long_line(self, line: bytes, most: int) -> tuple[int, bool]:
        """Read past the rest of a line over MAX_LSP_HEADER bytes (its start: `line`), kept
        nowhere, up to its end, or to a message's header inside it (a body sent without its
        header, then the next message), which is left to be read: the bytes read (past `most`,
        the caller stops), and whether a header cut it short."""
        read, tail = 0, line[-MAX_LSP_HEADER:]
        while True:
            header = _HEADER_INSIDE.search(tail)
            if header is not None:
                self.stream.unread(tail[header.start() :])
                return read - (len(tail) - header.start()), True
            if not line or line.endswith(b"\n") or read > most:
                return read, False
            line = self.stream.readline(_CHUNK)
            read += len(line)
            tail = tail[-MAX_LSP_HEADER:] + line

    def _skip_lines(self) -> int:
        """Read past the whole lines already buffered that the header loop would only pass
        over (none blank, none naming a Content-Length, none too long), in one read: an
        endless stream of short lines is refused in a second, not line by line in ten. The
        bytes read."""
        return self.stream.skip_lines(_passed_over)

    def _not_lsp(self) -> None:
        """Stop reading: over MAX_LSP_MESSAGE bytes without the end of a header (/dev/zero)."""
        self.not_lsp = True
        sys.stderr.write(
            f"riskrules lsp: over {MAX_LSP_MESSAGE:,} bytes of input without the end of a "
            "message header: this is not the Language Server Protocol; stopping\n"
        )

    def _too_large(self, length: int) -> bool:
        """Skip a message past the limit, answering it; False if the input ends inside it.
        What is skipped ends early, as a short body does (_body): where the bytes stop coming
        (10^12 bytes said, a few sent) or the next message's header shows."""
        asked = min(length, MAX_LSP_HEADER)
        start = self.stream.read_within(asked)
        msg_id, method = _named(start)
        why = f"a message of {length:,} bytes, past the limit of {MAX_LSP_MESSAGE:,} bytes"
        answer = msg_id is not None or method is None  # (a notification gets no reply)
        self._refuse(_Refused(f"{why} (it was not read)", msg_id=msg_id, answer=answer))
        what = f" ({method})" if method else ""
        shown = (
            f"riskrules: the editor sent a message{what} of {length:,} bytes, past the language "
            f"server's limit of {MAX_LSP_MESSAGE:,}; it was not read. A rules file is at most "
            f"{MAX_FILE_BYTES:,} bytes."
        )
        self.out.send(
            {
                "jsonrpc": "2.0",
                "method": "window/showMessage",
                "params": {"type": types.MessageType.Error.value, "message": shown},
            }
        )
        if len(start) < asked:  # a header came, or the bytes stopped, or the input ended
            return not self.stream.exhausted
        return self._skip(length - asked)

    def _skip(self, left: int) -> bool:
        """Read past `left` bytes of a message, kept nowhere, up to where the bytes stop coming
        or a header shows; False at the end of input inside it."""
        while left > 0:
            asked = min(left, _CHUNK)
            chunk = self.stream.read_within(asked)
            if len(chunk) < asked:
                return not self.stream.exhausted
            left -= asked
        return True

    def _refuse(self, exc: _Refused) -> None:
        sys.stderr.write(f"riskrules lsp: refused {exc.why}\n")
        if exc.answer:
            error = {"code": exc.code, "message": f"refused {exc.why}"}
            self.out.send({"jsonrpc": "2.0", "id": exc.msg_id, "error": error})


def _well_formed(body: bytes) -> None:
    """_Refused unless `body` is a JSON-RPC 2.0 message pygls can take."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError) as exc:  # (UnicodeDecodeError is a ValueError)
        why = str(exc).splitlines()[0][:200] if isinstance(exc, ValueError) else "nested too deeply"
        raise _Refused(f"a message that is not JSON: {why}", _PARSE_ERROR) from None
    if not isinstance(message, dict):
        raise _Refused("a message that is not a JSON object")
    msg_id = message.get("id")
    notification = "method" in message and "id" not in message
    if msg_id is not None and not _is_id(msg_id):
        raise _Refused("a message whose 'id' is neither a number nor a string")
    if message.get("jsonrpc") != "2.0":
        why = 'a message without "jsonrpc": "2.0"'
        raise _Refused(why, msg_id=msg_id, answer=not notification)
    if "method" in message:
        params = message.get("params")
        if not isinstance(message["method"], str):
            raise _Refused("a message whose 'method' is not a string", msg_id=msg_id)
        if params is not None and not isinstance(params, (dict, list)):
            why = "a message whose 'params' are neither an object nor an array"
            raise _Refused(why, msg_id=msg_id, answer=not notification)
        if message["method"] == "$/cancelRequest" and not _is_id(
            params.get("id") if isinstance(params, dict) else None
        ):
            raise _Refused("a $/cancelRequest without the id of a request", answer=False)
    elif "id" not in message or not ("result" in message or "error" in message):
        raise _Refused("a message that is neither a request, a notification nor a response")
    if _holds_a_message(message):  # pygls would read it as one (it looks at every object)
        why = "a message holding an object with a 'jsonrpc' field"
        raise _Refused(why, msg_id=msg_id, answer=not notification)


def _is_id(value: object) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _holds_a_message(message: dict[str, Any]) -> bool:
    """Whether an object inside `message` has a 'jsonrpc' key."""
    todo: list[object] = [v for k, v in message.items() if k in ("params", "result", "error")]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            if "jsonrpc" in item:
                return True
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False


_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,30}|"[^"\\]{0,200}")')
_METHOD = re.compile(rb'"method"\s*:\s*"([^"\\]{1,200})"')


def _named(start: bytes) -> tuple[object, str | None]:
    """The id and method a message too large to read gives in its first bytes (clients write
    them before the params), so that a request gets its answer; (None, None) if they do not."""
    head = start.split(b'"params"', 1)[0]
    found, method = _ID.search(head), _METHOD.search(head)
    msg_id = json.loads(found.group(1)) if found else None
    return msg_id, method.group(1).decode("utf-8", errors="replace") if method else None
