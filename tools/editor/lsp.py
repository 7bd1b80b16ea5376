"""`riskrules lsp`: a language server (pygls, stdio) for rules files.

Diagnostics as the file changes (the checker's, with their codes), hover on a rule id or a name
(effective value, where it comes from, its citation), completion of territory, continent,
ruleset and rule ids, go to definition into the base ruleset (built-in files included), and
formatting.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from ...grammar import __version__
from ...grammar import model as m
from ...grammar.diagnostics import Diagnostic, Severity, Span, docs_page
from ...grammar.library import Workspace
from ...grammar.limits import MAX_FILE_BYTES
from ...grammar.messages import language_of
from ...grammar.printer import value_text
from ...grammar.reader import read_bounded
from ...grammar.resolve import EffectiveRuleset
from ...grammar.schema import CATALOGUE, Kind, lookup
from ..service.fixes import quick_fixes
from ..service.language import check_document, format_text
from ..service.rulesets import title_in
from ..service.snapshot import Snapshot, Snapshots
from ..shared.escape import markdown
from .transport import Messages, Output, Protocol, one_line


class RulesServer(LanguageServer):
    """The language server, holding the snapshot of each open document's text: a keystroke's
    diagnostics, its quick fixes, hover, completion and definition all read the one snapshot
    of the text as it is, made when the text changed."""

    def __init__(self) -> None:
        super().__init__("riskrules", __version__, protocol_cls=Protocol)
        self.snapshots = Snapshots()


server = RulesServer()
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


def _snapshot(uri: str) -> Snapshot:
    """The snapshot of the document's text as it is now (made once per text)."""
    return server.snapshots.of(_path(uri), _source(uri))


def _said(d: Diagnostic, lang: str) -> str:
    hint = d.hint_text(lang)
    return d.text(lang) + (f" ({hint})" if hint else "")


def _workspace(uri: str) -> Workspace:
    return _snapshot(uri).workspace


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
    """The diagnostic's entry in the installed docs/diagnostics.md, in the client's language
    (diagnostics.da.md, .nl.md: a file the editor opens)."""
    page = diagnostics_page(_CLIENT["lang"])
    return types.CodeDescription(href=f"{page}#{code.lower()}") if page else None


@functools.cache
def diagnostics_page(lang: str = "en") -> str | None:
    from importlib import resources

    try:
        page = resources.files("riskrules.docs").joinpath(docs_page(lang))
        return Path(str(page)).resolve().as_uri() if page.is_file() else None
    except (ModuleNotFoundError, OSError):
        return None


_CLIENT = {"lang": "en"}  # the client's locale (initialize params), as a messages' language


@server.feature(types.INITIALIZE)
def initialize(params: types.InitializeParams) -> None:
    """The client's locale chooses the messages' language (English when it names another)."""
    _CLIENT["lang"] = language_of(params.locale) or "en"


def _publish(uri: str) -> None:
    # The buffer's text, with the project's and the lines' ignored codes (as `check`).
    shown = check_document(_snapshot(uri), _path(uri)).diagnostics
    diagnostics = [
        types.Diagnostic(
            range=_range(d.span),
            message=_said(d, _CLIENT["lang"]),
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
        declared = ws.index.rulesets[word]
        title = markdown(title_in(declared, "en"))
        if isinstance(declared.title, m.Localized) and declared.title.texts:
            others = [f"{lang}: {text}" for lang, text in declared.title.texts if lang != "en"]
            title += f" ({markdown('; '.join(others))})" if others else ""
        bases = target.chain[1:] if target else ()
        extends = f"\n\nextends {markdown(' → '.join(bases))}" if bases else ""
        return f"**ruleset {word}**: {title}{extends}"
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
    """What completes the word at the cursor, by what is written there (`kind`)."""
    if kind in ("rule", "override"):
        return _rule_items(kind, prefix, base)
    if kind == "value":
        return _value_items(ws, rule)
    if kind == "table":
        eff = ws.resolved.get(ruleset.name) if ruleset else None
        return _table_items(ws, rule, eff)
    items: list[types.CompletionItem] = []
    if kind in ("ruleset", "anything"):
        for name, declared in ws.index.rulesets.items():
            items.append(
                types.CompletionItem(
                    label=name,
                    kind=types.CompletionItemKind.Module,
                    detail=title_in(declared, "en"),
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


def _rule_items(
    kind: str, prefix: str, base: EffectiveRuleset | None
) -> list[types.CompletionItem]:
    """Rule ids after `prefix.`: the base's rules after `override`, else the catalogue's."""
    start = f"{prefix}." if prefix else ""
    ids = (
        [c.id for c in base.clauses] if kind == "override" and base else
        [spec.id for spec in CATALOGUE if not spec.pattern]
    )  # fmt: skip
    items = []
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


def _value_items(ws: Workspace, rule: str) -> list[types.CompletionItem]:
    """The words a rule's value may be: its choices, yes and no, or the boards."""
    spec = lookup(rule)
    words: tuple[str, ...] = ()
    if spec is not None and spec.kind in (Kind.CHOICE, Kind.CHOICES):
        words = spec.choices
    elif spec is not None and spec.kind == Kind.BOOL:
        words = ("yes", "no")
    elif spec is not None and spec.kind == Kind.BOARD:
        words = tuple(ws.index.boards)
    return [types.CompletionItem(label=w, kind=types.CompletionItemKind.EnumMember) for w in words]


def _table_items(
    ws: Workspace, rule: str, eff: EffectiveRuleset | None
) -> list[types.CompletionItem]:
    """A table's keys: the continents or territories of the ruleset's board (of every board
    where the ruleset has none)."""
    spec = lookup(rule)
    boards = (
        [eff.board] if eff is not None and eff.board is not None else list(ws.index.boards.values())
    )
    items: list[types.CompletionItem] = []
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


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
)
def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
    """The service's quick fixes (did-you-mean, `override` added or dropped) for the
    diagnostics the editor asks about."""
    uri = params.text_document.uri
    asked = {
        (d.code, d.range.start.line, d.range.start.character): d
        for d in params.context.diagnostics
        if d.source == "riskrules"
    }
    actions: list[types.CodeAction] = []
    for fix in quick_fixes(_snapshot(uri), _path(uri)):
        span = fix.diagnostic.span
        diag = asked.get((fix.diagnostic.code, max(span.line - 1, 0), max(span.column - 1, 0)))
        if diag is None:
            continue
        edit = types.TextEdit(range=_range(fix.span), new_text=fix.replacement)
        actions.append(
            types.CodeAction(
                title=fix.title.render(_CLIENT["lang"]),
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                edit=types.WorkspaceEdit(changes={uri: [edit]}),
                is_preferred=fix.preferred,
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
    result = format_text(text, _path(uri))
    if result.formatted is None or not result.changed:
        return []
    formatted = result.formatted
    lines = text.split("\n")
    end = types.Position(line=len(lines), character=0)
    return [
        types.TextEdit(
            range=types.Range(start=types.Position(line=0, character=0), end=end),
            new_text=formatted,
        )
    ]


def main() -> None:
    out = Output(sys.stdout.buffer)
    messages = Messages(sys.stdin.buffer, out)
    logging.getLogger("pygls.protocol.json_rpc").addFilter(one_line)
    server.start_io(stdin=messages, stdout=out)  # type: ignore[arg-type]
    if messages.not_lsp:
        sys.exit(1)
