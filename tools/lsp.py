"""`riskrules lsp`: a language server (pygls, stdio) for rules files.

Diagnostics as the file changes (the checker's, with their codes), hover on a rule id or a name
(effective value, where it comes from, its citation), completion of territory, continent,
ruleset and rule ids, go to definition into the base ruleset (built-in files included), and
formatting.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from ..grammar import __version__
from ..grammar import model as m
from ..grammar.diagnostics import Severity, Span
from ..grammar.layout import format_text
from ..grammar.library import Workspace
from ..grammar.limits import MAX_FILE_BYTES, MAX_LSP_HEADER, MAX_LSP_MESSAGE
from ..grammar.printer import value_text
from ..grammar.reader import read_bounded, read_rules
from ..grammar.resolve import EffectiveRuleset
from ..grammar.schema import CATALOGUE, Kind, lookup
from .escape import markdown


class _Protocol(LanguageServerProtocol):
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


def _one_line(record: logging.LogRecord) -> bool:
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


class _Output:
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


class _Refused(Exception):
    """A message that is not read on: why, the JSON-RPC error code, the request's id."""

    def __init__(
        self, why: str, code: int = _INVALID_REQUEST, msg_id: object = None, answer: bool = True
    ) -> None:
        super().__init__(why)
        self.why, self.code, self.msg_id = why, code, msg_id
        self.answer = answer  # False for a notification, which gets no reply (JSON-RPC 2.0)


class _Messages:
    """Standard input for pygls, which reads a header line at a time, then the body. Only whole,
    well-formed messages within the limits (grammar/limits.py) reach it; any other is answered
    here (a JSON-RPC error, and for one too large a message the editor shows) and skipped, and
    the session goes on with the next. At most MAX_LSP_MESSAGE bytes are held at a time."""

    def __init__(self, stream: BinaryIO, out: _Output) -> None:
        self.stream, self.out = stream, out
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
                body = self.stream.read(length)
                if len(body) < length:
                    return None  # the input ended inside the message
                _well_formed(body)
                return body
            except _Refused as exc:
                self._refuse(exc)

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
            if len(line) > MAX_LSP_HEADER and not line.endswith(b"\n"):
                problem = _Refused(f"a message with a header line over {MAX_LSP_HEADER:,} bytes")
                while line and not line.endswith(b"\n"):  # the rest of it, kept nowhere
                    line = self.stream.readline(_CHUNK)
                    read += len(line)
                    if read > MAX_LSP_MESSAGE:
                        self._not_lsp()
                        return None
                started = True
                continue
            if not line.strip():
                if started:
                    break
                continue  # blank lines between messages
            started = True
            found = _LENGTH.search(line)  # (anywhere: what precedes it is a lost body)
            if found is None:
                continue  # Content-Type, or another header
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

    def _not_lsp(self) -> None:
        """Stop reading: over MAX_LSP_MESSAGE bytes without the end of a header (/dev/zero)."""
        self.not_lsp = True
        sys.stderr.write(
            f"riskrules lsp: over {MAX_LSP_MESSAGE:,} bytes of input without the end of a "
            "message header: this is not the Language Server Protocol; stopping\n"
        )

    def _too_large(self, length: int) -> bool:
        """Skip a message past the limit, answering it; False if the input ends inside it."""
        start = self.stream.read(min(length, MAX_LSP_HEADER))
        left = length - len(start)
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
        while left > 0 and len(start) > 0:  # the rest of it, kept nowhere
            start = self.stream.read(min(left, _CHUNK))
            left -= len(start)
        return left == 0

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


server = LanguageServer("riskrules", __version__, protocol_cls=_Protocol)
_WORD = re.compile(r"[A-Za-z0-9_.\-]+")


def _path(uri: str) -> str:
    parsed = urlparse(uri)
    return os.path.abspath(unquote(parsed.path)) if parsed.scheme == "file" else uri


def _uri(path: str) -> str:
    return "file://" + os.path.abspath(path)


def _source(uri: str) -> str:
    """The text of a document: the editor's, if it is open; otherwise the file on disk, read only
    if it is a regular file within the size limit (never a device or a FIFO)."""
    if uri in server.workspace.text_documents:
        return server.workspace.get_text_document(uri).source
    data, problem = read_bounded(_path(uri), MAX_FILE_BYTES)
    if data is None or problem is not None:
        return ""
    return data.decode("utf-8", errors="replace")


def _workspace(uri: str) -> Workspace:
    return Workspace.open(texts={_path(uri): _source(uri)})


def _range(span: Span) -> types.Range:
    return types.Range(
        start=types.Position(line=max(span.line - 1, 0), character=max(span.column - 1, 0)),
        end=types.Position(line=max(span.end_line - 1, 0), character=max(span.end_column - 1, 0)),
    )


_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.NOTE: types.DiagnosticSeverity.Information,
}


def _code_page(code: str) -> types.CodeDescription | None:
    """The diagnostic's entry in the installed docs/diagnostics.md (a file the editor opens)."""
    page = diagnostics_page()
    return types.CodeDescription(href=f"{page}#{code.lower()}") if page else None


@functools.cache
def diagnostics_page() -> str | None:
    from importlib import resources

    try:
        page = resources.files("riskrules.docs").joinpath("diagnostics.md")
        return Path(str(page)).resolve().as_uri() if page.is_file() else None
    except (ModuleNotFoundError, OSError):
        return None


def _publish(uri: str) -> None:
    from .ignores import ConfigError, project, split
    from .render import remember_source

    path = _path(uri)
    ws = _workspace(uri)
    remember_source(path, _source(uri))  # `# riskrules: ignore[...]` read from the buffer
    try:
        codes = project(Path(path).parent).ignore
    except ConfigError:
        codes = frozenset()  # `riskrules check` reports a broken [tool.riskrules]
    shown, _ignored = split(ws.diagnostics_for([path]), codes)
    diagnostics = [
        types.Diagnostic(
            range=_range(d.span),
            message=d.message + (f" ({d.hint})" if d.hint else ""),
            severity=_SEVERITY[d.severity],
            code=d.code,
            code_description=_code_page(d.code),
            source="riskrules",
        )
        for d in shown
    ]
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics)
    )


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(params: types.DidOpenTextDocumentParams) -> None:
    _publish(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(params: types.DidChangeTextDocumentParams) -> None:
    _publish(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(params: types.DidSaveTextDocumentParams) -> None:
    _publish(params.text_document.uri)


def _word_at(uri: str, position: types.Position) -> str | None:
    lines = _source(uri).split("\n")
    if not 0 <= position.line < len(lines):
        return None
    line = lines[position.line]
    for match in _WORD.finditer(line):
        if match.start() <= position.character <= match.end():
            return match.group().rstrip(":").strip(".")
    return None


def _ruleset_at(ws: Workspace, path: str, line: int) -> m.Ruleset | None:
    rules_file = ws.file(path)
    if rules_file is None:
        return None
    for ruleset in rules_file.rulesets:
        if ruleset.span.line <= line + 1 <= ruleset.span.end_line:
            return ruleset
    return None


def _territory(ws: Workspace, word: str) -> tuple[m.Territory, m.Board] | None:
    for board in ws.index.boards.values():
        for territory in board.territories:
            if territory.id == word:
                return territory, board
    return None


def _continent(ws: Workspace, word: str) -> m.Continent | None:
    for board in ws.index.boards.values():
        for continent in board.continents:
            if continent.id == word:
                return continent
    return None


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    word = _word_at(uri, params.position)
    if not word:
        return None
    ws = _workspace(uri)
    text = _describe(ws, _path(uri), params.position.line, word)
    if text is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def _describe(ws: Workspace, path: str, line: int, word: str) -> str | None:
    ruleset = _ruleset_at(ws, path, line)
    eff = ws.resolved.get(ruleset.name) if ruleset else None
    if eff is not None and eff.clause(word) is not None:
        clause = eff.clause(word)
        assert clause is not None
        spec = lookup(word)
        chain = eff.definitions(word)
        lines = [f"**{word}** = {markdown(value_text(clause.value))}"]
        if spec:
            lines.append(spec.summary)
        for c in chain:
            where = f"{os.path.basename(c.span.file)}:{c.id_span.line}"
            cites = "; ".join(markdown(x.short()) for x in c.citations) or "no citation"
            lines.append(
                f"- {c.ruleset} ({markdown(where)}): {markdown(value_text(c.value))} — {cites}"
            )
        return "\n\n".join(lines)
    spec = lookup(word)
    if spec is not None:
        return f"**{word}**: {spec.summary} ({spec.kind.value})"
    if word in ws.index.rulesets:
        target = ws.resolved.get(word)
        names = " → ".join(target.chain) if target else word
        title = markdown(ws.index.rulesets[word].title or "")
        return f"**ruleset {word}**: {title}\n\n{markdown(names)}"
    found = _territory(ws, word)
    if found is not None:
        territory, board = found
        names = markdown(", ".join(f"{lang}: {name}" for lang, name in territory.names))
        return f"**territory {word}** in {territory.continent} ({board.name})\n\n{names}"
    continent = _continent(ws, word)
    if continent is not None:
        names = markdown(", ".join(f"{lang}: {name}" for lang, name in continent.names))
        return f"**continent {word}**: {len(continent.territories)} territories\n\n{names}"
    if word in ws.index.sources:
        source = ws.index.sources[word]
        about = markdown(f"{source.title or ''} ({source.file}, {source.language})")
        return f"**source {word}**: {about}"
    return None


@server.feature(types.TEXT_DOCUMENT_COMPLETION)
def completion(params: types.CompletionParams) -> types.CompletionList:
    """What fits where the cursor is (tools/completion.py reads the context); anything the
    language knows where the context says nothing."""
    from .completion import context

    uri = params.text_document.uri
    ws = _workspace(uri)
    lines = _source(uri).split("\n")
    row = min(params.position.line, len(lines))
    before = "\n".join(
        [*lines[:row], lines[row][: params.position.character]] if row < len(lines) else lines
    )
    found = context(before)
    ruleset = _ruleset_at(ws, _path(uri), params.position.line)
    base = ws.resolved.get(found.base) if found.base else None
    items = _items_for(ws, found.kind, found.rule, found.prefix, ruleset, base)
    return types.CompletionList(is_incomplete=False, items=items)


def _items_for(
    ws: Workspace,
    kind: str,
    rule: str,
    prefix: str,
    ruleset: m.Ruleset | None,
    base: EffectiveRuleset | None = None,
) -> list[types.CompletionItem]:
    items: list[types.CompletionItem] = []
    eff = ws.resolved.get(ruleset.name) if ruleset else None
    if kind in ("rule", "override"):
        start = f"{prefix}." if prefix else ""
        ids = (
            [c.id for c in base.clauses] if kind == "override" and base else
            [spec.id for spec in CATALOGUE if not spec.pattern]
        )  # fmt: skip
        for rule_id in ids:
            if rule_id.startswith(start):
                spec = lookup(rule_id)
                items.append(
                    types.CompletionItem(
                        label=rule_id[len(start) :],
                        kind=types.CompletionItemKind.Property,
                        detail=spec.summary if spec else None,
                    )
                )
        return items
    if kind == "value":
        spec = lookup(rule)
        words: tuple[str, ...] = ()
        if spec is not None and spec.kind in (Kind.CHOICE, Kind.CHOICES):
            words = spec.choices
        elif spec is not None and spec.kind == Kind.BOOL:
            words = ("yes", "no")
        elif spec is not None and spec.kind == Kind.BOARD:
            words = tuple(ws.index.boards)
        for word in words:
            items.append(types.CompletionItem(label=word, kind=types.CompletionItemKind.EnumMember))
        return items
    if kind == "table":
        spec = lookup(rule)
        boards = (
            [eff.board]
            if eff is not None and eff.board is not None
            else list(ws.index.boards.values())
        )
        for board in boards:
            if spec is not None and spec.kind == Kind.BY_CONTINENT:
                items += [
                    types.CompletionItem(
                        label=c.id, kind=types.CompletionItemKind.Enum, detail=c.name("en")
                    )
                    for c in board.continents
                ]
            elif spec is not None and spec.kind == Kind.BY_TERRITORY:
                items += [
                    types.CompletionItem(
                        label=t.id, kind=types.CompletionItemKind.EnumMember, detail=t.name("en")
                    )
                    for t in board.territories
                ]
        return items
    if kind in ("ruleset", "anything"):
        for name, declared in ws.index.rulesets.items():
            items.append(
                types.CompletionItem(
                    label=name, kind=types.CompletionItemKind.Module, detail=declared.title or ""
                )
            )
    if kind in ("source", "anything"):
        for source in ws.index.sources.values():
            items.append(
                types.CompletionItem(
                    label=source.id, kind=types.CompletionItemKind.Reference, detail=source.file
                )
            )
    if kind == "anything":
        items += _items_for(ws, "rule", "", "", ruleset, base)
        for board in ws.index.boards.values():
            for continent in board.continents:
                items.append(
                    types.CompletionItem(
                        label=continent.id,
                        kind=types.CompletionItemKind.Enum,
                        detail=continent.name("en"),
                    )
                )
    return items


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
)
def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
    """Quick fixes from the diagnostics: each did-you-mean as a replacement, and dropping an
    `override` the base does not need."""
    from .completion import fix_from_hint

    uri = params.text_document.uri
    lines = _source(uri).split("\n")
    actions: list[types.CodeAction] = []
    for diag in params.context.diagnostics:
        if diag.source != "riskrules":
            continue
        for word in fix_from_hint(diag.message):
            edit = types.TextEdit(range=diag.range, new_text=word)
            actions.append(
                types.CodeAction(
                    title=f"Change to '{word}'",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diag],
                    edit=types.WorkspaceEdit(changes={uri: [edit]}),
                    is_preferred=len(actions) == 0,
                )
            )
        if diag.code == "RR0402" and 0 <= diag.range.start.line < len(lines):
            line = lines[diag.range.start.line]
            found = re.search(r"\boverride\s+", line[: diag.range.start.character])
            if found:
                gone = types.Range(
                    start=types.Position(line=diag.range.start.line, character=found.start()),
                    end=types.Position(line=diag.range.start.line, character=found.end()),
                )
                actions.append(
                    types.CodeAction(
                        title="Drop 'override' (the base does not set this rule)",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diag],
                        edit=types.WorkspaceEdit(
                            changes={uri: [types.TextEdit(range=gone, new_text="")]}
                        ),
                        is_preferred=True,
                    )
                )
    return actions


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(params: types.DefinitionParams) -> types.Location | None:
    uri = params.text_document.uri
    word = _word_at(uri, params.position)
    if not word:
        return None
    ws = _workspace(uri)
    path = _path(uri)
    span = _definition(ws, path, params.position.line, word)
    if span is None:
        return None
    return types.Location(uri=_uri(span.file), range=_range(span))


def _definition(ws: Workspace, path: str, line: int, word: str) -> Span | None:
    ruleset = _ruleset_at(ws, path, line)
    eff = ws.resolved.get(ruleset.name) if ruleset else None
    if eff is not None:
        chain = eff.definitions(word)
        here = [c for c in chain if c.ruleset == eff.name]
        inherited = [c for c in chain if c.ruleset != eff.name]
        if inherited:  # from an override to the base's definition
            return inherited[0].id_span
        if here:
            return here[0].id_span
    if word in ws.index.rulesets:
        return ws.index.rulesets[word].name_span
    found = _territory(ws, word)
    if found is not None:
        return found[0].span
    continent = _continent(ws, word)
    if continent is not None:
        return continent.span
    if word in ws.index.sources:
        return ws.index.sources[word].span
    return None


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit]:
    uri = params.text_document.uri
    text = _source(uri)
    path = _path(uri)
    before = read_rules(text, path)
    if before.file is None:
        return []
    formatted = format_text(text)
    after = read_rules(formatted, path)
    if after.file != before.file or formatted == text:
        return []
    lines = text.split("\n")
    end = types.Position(line=len(lines), character=0)
    return [
        types.TextEdit(
            range=types.Range(start=types.Position(line=0, character=0), end=end),
            new_text=formatted,
        )
    ]


def main() -> None:
    out = _Output(sys.stdout.buffer)
    messages = _Messages(sys.stdin.buffer, out)
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_one_line)
    server.start_io(stdin=messages, stdout=out)  # type: ignore[arg-type]
    if messages.not_lsp:
        sys.exit(1)
