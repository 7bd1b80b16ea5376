"""The Lark Transformer that turns a parse tree into the typed model (grammar/model.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer, Tree
from lark.tree import Meta

from . import model as m
from .diagnostics import Diagnostic, Span, error
from .limits import MAX_EXPR_DEPTH, MAX_NUMBER
from .messages import msg
from .syntax import children_first

# MAX_EXPR_DEPTH is far beyond any rule's formula, and low enough that every walk of an
# expression stays well inside Python's recursion limit.


def _unquote(token: Token) -> str:
    body = str(token)[1:-1]
    out: list[str] = []
    chars = iter(body)
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
        else:
            out.append(ch)
    return "".join(out)


class _Draft:
    """A clause before it knows which ruleset holds it."""

    __slots__ = ("citations", "edges", "id", "id_span", "note", "override", "span", "value")

    def __init__(
        self,
        id: str,
        value: m.Value,
        citations: tuple[m.Citation, ...],
        override: bool,
        span: Span,
        id_span: Span,
        note: m.Localized | None = None,
        edges: tuple[m.Edge, ...] = (),
    ) -> None:
        self.id = id
        self.value = value
        self.citations = citations
        self.override = override
        self.span = span
        self.id_span = id_span
        self.note = note
        self.edges = edges


class _Extends:
    def __init__(self, name: str, span: Span) -> None:
        self.name = name
        self.span = span


@dataclass
class _Manuals:
    names: tuple[str, ...]
    span: Span


@dataclass
class _Note:
    words: m.Localized


@dataclass
class _AssumedMark:
    reason: m.Reason


class _Title(str):
    short: str | None = None


class ToModel(Transformer[Token, m.RulesFile]):
    """Builds model objects bottom-up; numbers past the limits become diagnostics.

    Each rule's method takes the node's `meta` (its place) and its children already built, as
    Lark's `v_args(meta=True)` passes them; `transform` calls them in one loop over the nodes
    (Lark's own walk made a wrapper per node call: a third of the transform's time).
    """

    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self._depths: dict[int, int] = {}  # id(expression node) -> its depth, while building

    def transform(self, tree: Tree[Token]) -> m.RulesFile:
        """The model of a parse tree: children first, without recursion. A rule without a
        method stays a tree (Lark's default)."""
        built: dict[int, Any] = {}
        for node in children_first(tree):
            children = [
                built.pop(id(child)) if isinstance(child, Tree) else child
                for child in node.children
            ]
            method = getattr(self, node.data, None)
            built[id(node)] = (
                method(node.meta, children)
                if method is not None
                else Tree(node.data, children, node.meta)
            )
        result: m.RulesFile = built[id(tree)]
        return result

    # -------------------------------------------------------------- positions

    def _span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span.point(self.path, 1, 1)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tspan(self, token: Token) -> Span:
        return Span(
            self.path,
            token.line or 1,
            token.column or 1,
            token.end_line or token.line or 1,
            token.end_column or (token.column or 1) + len(token),
        )

    def _int(self, token: Token) -> int:
        text = str(token).lstrip("0") or "0"
        if len(text) > 7 or int(text) > MAX_NUMBER:
            self.diagnostics.append(
                error(
                    "RR0301",
                    msg(
                        "the number {text_}{value} is past the limit of {max_number:,}",
                        text_=text[:12],
                        value="…" if len(text) > 12 else "",
                        max_number=MAX_NUMBER,
                    ),
                    self._tspan(token),
                    msg("no Risk rule needs a number this large"),
                )
            )
            return MAX_NUMBER + 1
        return int(text)

    # -------------------------------------------------------------- file level

    def start(self, meta: Meta, children: list[Any]) -> m.RulesFile:
        sources = tuple(c for c in children if isinstance(c, m.Source))
        boards = tuple(c for c in children if isinstance(c, m.Board))
        rulesets = tuple(c for c in children if isinstance(c, m.Ruleset))
        return m.RulesFile(self.path, sources, boards, rulesets)

    def source(self, meta: Meta, children: list[Any]) -> m.Source:
        name, file, lang = children[0], children[1], children[2]
        title = children[3] if len(children) > 3 else None
        short = title.short if isinstance(title, _Title) else None
        return m.Source(str(name), _unquote(file), str(lang), title, self._span(meta), short=short)

    def source_title(self, meta: Meta, children: list[Any]) -> _Title:
        title = _Title(_unquote(children[0]))
        if len(children) > 1:
            title.short = _unquote(children[1])
        return title

    # -------------------------------------------------------------- boards

    def board(self, meta: Meta, children: list[Any]) -> m.Board:
        name = str(children[0])
        title = None
        continents: list[m.Continent] = []
        borders: list[m.Border] = []
        for child in children[1:]:
            if isinstance(child, Token) and child.type == "STRING":
                title = _unquote(child)
            elif isinstance(child, m.Continent):
                continents.append(child)
            elif isinstance(child, list):
                borders.extend(child)
        return m.Board(name, title, tuple(continents), tuple(borders), self._span(meta))

    def continent(self, meta: Meta, children: list[Any]) -> m.Continent:
        cid = str(children[0])
        names = children[1]
        territories = tuple(
            m.Territory(t.id, t.names, cid, t.span) for t in children[2:] if t is not None
        )
        return m.Continent(cid, names, territories, self._span(meta))

    def territory(self, meta: Meta, children: list[Any]) -> m.Territory:
        return m.Territory(str(children[0]), children[1], "", self._tspan(children[0]))

    def names(self, meta: Meta, children: list[Any]) -> tuple[tuple[str, str], ...]:
        return tuple(children)

    def name_entry(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return (str(children[0]), _unquote(children[1]))

    def borders(self, meta: Meta, children: list[Any]) -> list[m.Border]:
        return [b for group in children if group for b in group]

    def border(self, meta: Meta, children: list[Any]) -> list[m.Border]:
        first, kind, *others = children
        label = "sea" if str(kind) == "~" else "land"
        return [
            m.Border(str(first), str(other), label, self._tspan(first).to(self._tspan(other)))
            for other in others
        ]

    # -------------------------------------------------------------- rulesets

    def ruleset(self, meta: Meta, children: list[Any]) -> m.Ruleset:
        name_token = children[0]
        title = None
        extends: _Extends | None = None
        drafts: list[_Draft] = []
        manuals: list[str] = []
        manuals_span = m.NO_SPAN
        inherits: list[m.Inherit] = []
        ignores: list[m.Ignore] = []
        for child in children[1:]:
            if isinstance(child, Token) and child.type == "STRING":
                title = _unquote(child)
            elif isinstance(child, m.Localized):  # `title {en: "…", da: "…"}`
                title = child
            elif isinstance(child, _Manuals):
                manuals.extend(child.names)
                manuals_span = child.span
            elif isinstance(child, m.Inherit):
                inherits.append(child)
            elif isinstance(child, m.Ignore):
                ignores.append(child)
            elif isinstance(child, _Extends):
                extends = child
            elif isinstance(child, _Draft):
                drafts.append(child)
            elif isinstance(child, list):
                drafts.extend(child)
        name = str(name_token)
        clauses = tuple(
            m.Clause(
                d.id, d.value, d.citations, d.override, name, d.span, d.id_span, d.note, d.edges
            )
            for d in drafts
        )
        return m.Ruleset(
            name,
            title,
            extends.name if extends else None,
            clauses,
            self._span(meta),
            self._tspan(name_token),
            extends.span if extends else m.NO_SPAN,
            tuple(manuals),
            manuals_span,
            tuple(replace(i, ruleset=name) for i in inherits),
            tuple(replace(i, ruleset=name) for i in ignores),
        )

    def manuals(self, meta: Meta, children: list[Any]) -> _Manuals:
        return _Manuals(tuple(str(c) for c in children), self._span(meta))

    def ignore(self, meta: Meta, children: list[Any]) -> m.Ignore:
        *located, reason = children
        anchors = [c for c in located if isinstance(c, Token) and c.type == "STRING"]
        where = [c for c in located if not (isinstance(c, Token) and c.type == "STRING")]
        citations = tuple(
            replace(self.citation(meta, [*where, anchor]), span=self._tspan(anchor))
            for anchor in anchors
        )
        return m.Ignore(citations, reason, self._span(meta))

    def inherit(self, meta: Meta, children: list[Any]) -> m.Inherit:
        rid, reason = children
        return m.Inherit(str(rid), reason, self._span(meta), self._tspan(rid))

    def extends(self, meta: Meta, children: list[Any]) -> _Extends:
        return _Extends(str(children[0]), self._tspan(children[0]))

    def clause(self, meta: Meta, children: list[Any]) -> _Draft:
        override = False
        if isinstance(children[0], Token) and children[0].type == "OVERRIDE":
            override = True
            children = children[1:]
        rid, value, *rest = children
        note = rest.pop() if rest and isinstance(rest[-1], _Note) else None
        return _Draft(
            str(rid),
            value,
            tuple(c for c in rest if isinstance(c, m.Citation)),
            override,
            self._span(meta),
            self._tspan(rid),
            note.words if note else None,
            tuple(e for e in rest if isinstance(e, m.Edge)),
        )

    def edge(self, meta: Meta, children: list[Any]) -> m.Edge:
        name, reason = children
        return m.Edge(str(name), reason, self._span(meta), self._tspan(name))

    def note(self, meta: Meta, children: list[Any]) -> _Note:
        if isinstance(children[0], m.Table):  # a note per language
            return _Note(m.Localized.of(children[0]))
        return _Note(m.Localized(_unquote(children[0])))

    def ruleset_title(self, meta: Meta, children: list[Any]) -> m.Localized:
        return m.Localized.of(children[0])

    def group(self, meta: Meta, children: list[Any]) -> list[_Draft]:
        override = False
        if isinstance(children[0], Token) and children[0].type == "OVERRIDE":
            override = True
            children = children[1:]
        prefix = str(children[0])
        reason: m.Reason | None = None
        inner: list[_Draft] = []
        cites: list[m.Citation] = []
        for child in children[1:]:
            if isinstance(child, _AssumedMark):
                reason = child.reason
            elif isinstance(child, _Draft):
                inner.append(child)
            elif isinstance(child, list):
                inner.extend(child)
            elif isinstance(child, m.Citation):
                cites.append(child)
        out = []
        for d in inner:
            value = d.value
            if reason is not None and not isinstance(value, m.Assumed):
                value = m.Assumed(value, reason, value.span)
            out.append(
                _Draft(
                    f"{prefix}.{d.id}",
                    value,
                    d.citations or tuple(cites),
                    d.override or override,
                    d.span,
                    d.id_span,
                    d.note,
                    d.edges,
                )
            )
        return out

    def assumed_mark(self, meta: Meta, children: list[Any]) -> _AssumedMark:
        return _AssumedMark(children[0])

    def citation(self, meta: Meta, children: list[Any]) -> m.Citation:
        doc = str(children[0])
        page = section = None
        for child in children[1:-1]:
            if isinstance(child, tuple) and child[0] == "page":
                page = child[1]
            elif isinstance(child, tuple):
                section = child[1]
        return m.Citation(doc, _unquote(children[-1]), page, section, self._span(meta))

    def page(self, meta: Meta, children: list[Any]) -> tuple[str, int]:
        return ("page", self._int(children[0]))

    def section(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("section", _unquote(children[0]))

    # -------------------------------------------------------------- values

    def because(self, meta: Meta, children: list[Any]) -> m.Reason:
        if isinstance(children[0], m.Table):  # a reason per language
            return m.Reason.of(children[0])
        return m.Reason(_unquote(children[0]))

    def assumed(self, meta: Meta, children: list[Any]) -> m.Assumed:
        return m.Assumed(children[0], children[1], self._span(meta))

    def listing(self, meta: Meta, children: list[Any]) -> m.ListValue:
        return m.ListValue(tuple(c for c in children if c is not None), self._span(meta))

    def interval(self, meta: Meta, children: list[Any]) -> m.Range:
        return m.Range(children[0], children[2], self._span(meta))

    def phrase(self, meta: Meta, children: list[Any]) -> m.Phrase:
        return m.Phrase(tuple(str(c) for c in children), self._span(meta))

    def text(self, meta: Meta, children: list[Any]) -> m.Text:
        return m.Text(_unquote(children[0]), self._span(meta))

    def table(self, meta: Meta, children: list[Any]) -> m.Table:
        return m.Table(tuple(c for c in children if c is not None), self._span(meta))

    def entry(self, meta: Meta, children: list[Any]) -> m.Entry:
        key_token, value = children
        key: str | int
        if key_token.type == "INT":
            key = self._int(key_token)
        elif key_token.type == "STRING":
            key = _unquote(key_token)
        else:
            key = str(key_token)
        return m.Entry(key, value, self._span(meta))

    def sequence(self, meta: Meta, children: list[Any]) -> m.Schedule:
        segments = tuple(c for c in children if isinstance(c, m.Segment))
        steps = [c for c in children if isinstance(c, int)]
        return m.Schedule("sequence", segments, steps[0] if steps else None, span=self._span(meta))

    def track(self, meta: Meta, children: list[Any]) -> m.Schedule:
        segments = tuple(c for c in children if isinstance(c, m.Segment))
        end = children[-1]
        return m.Schedule(
            "track", segments, end if isinstance(end, int) else None, span=self._span(meta)
        )

    def by_kind(self, meta: Meta, children: list[Any]) -> m.Schedule:
        return m.Schedule("by_kind", table=children[0], span=self._span(meta))

    def fixed(self, meta: Meta, children: list[Any]) -> m.Schedule:
        value = self._int(children[0])
        seg = m.Segment((value,), None, self._tspan(children[0]))
        return m.Schedule("fixed", (seg,), None, span=self._span(meta))

    def segment(self, meta: Meta, children: list[Any]) -> m.Segment:
        return m.Segment(tuple(self._int(c) for c in children), None, self._span(meta))

    def assumed_segment(self, meta: Meta, children: list[Any]) -> m.Segment:
        *numbers, reason = children
        return m.Segment(tuple(self._int(c) for c in numbers), reason, self._span(meta))

    def step(self, meta: Meta, children: list[Any]) -> int:
        return self._int(children[0])

    def stay(self, meta: Meta, children: list[Any]) -> None:
        return None

    # -------------------------------------------------------------- expressions

    def number(self, meta: Meta, children: list[Any]) -> m.Int:
        return m.Int(self._int(children[0]), self._span(meta))

    def name(self, meta: Meta, children: list[Any]) -> m.Name:
        return m.Name(str(children[0]), self._span(meta))

    def yes(self, meta: Meta, children: list[Any]) -> m.Bool:
        return m.Bool(True, self._span(meta))

    def no(self, meta: Meta, children: list[Any]) -> m.Bool:
        return m.Bool(False, self._span(meta))

    def _bounded(self, node: m.Expr, *operands: Any) -> m.Expr:
        """`node`, or a stand-in with an RR0004 error once expressions nest past the limit."""
        depth = 1 + max((self._depths.get(id(o), 0) for o in operands), default=0)
        if depth > MAX_EXPR_DEPTH:
            if not any(
                d.code == "RR0004" and node.span.line == d.span.line for d in self.diagnostics
            ):
                self.diagnostics.append(
                    error(
                        "RR0004",
                        msg(
                            "expression too long: more than {max_expr_depth} operators nested",
                            max_expr_depth=MAX_EXPR_DEPTH,
                        ),
                        node.span,
                        msg("split the expression into simpler rules"),
                    )
                )
            # The stand-in keeps the limit's depth, so every operator around it is replaced
            # too: the whole expression becomes one error, without cascades.
            node = m.Int(0, node.span)
            depth = MAX_EXPR_DEPTH
        self._depths[id(node)] = depth
        return node

    def call(self, meta: Meta, children: list[Any]) -> m.Expr:
        func, *args = children
        operands = tuple(a for a in args if a is not None)
        return self._bounded(m.Call(str(func), operands, self._span(meta)), *operands)

    def neg(self, meta: Meta, children: list[Any]) -> m.Expr:
        return self._bounded(m.Neg(children[0], self._span(meta)), children[0])

    def not_(self, meta: Meta, children: list[Any]) -> m.Expr:
        return self._bounded(m.Not(children[0], self._span(meta)), children[0])

    def _fold(self, meta: Meta, children: list[Any], op: str | None = None) -> m.Expr:
        result: m.Expr = children[0]
        i = 1
        while i < len(children):
            if op is None:
                operator, right = str(children[i]), children[i + 1]
                i += 2
            else:
                operator, right = op, children[i]
                i += 1
            binop = m.BinOp(operator, result, right, result.span.to(right.span))
            result = self._bounded(binop, result, right)
        return result

    def or_expr(self, meta: Meta, children: list[Any]) -> m.Expr:
        return self._fold(meta, children, "or")

    def and_expr(self, meta: Meta, children: list[Any]) -> m.Expr:
        return self._fold(meta, children, "and")

    def comparison(self, meta: Meta, children: list[Any]) -> m.Expr:
        return self._fold(meta, children)

    def additive(self, meta: Meta, children: list[Any]) -> m.Expr:
        return self._fold(meta, children)

    def multiplicative(self, meta: Meta, children: list[Any]) -> m.Expr:
        return self._fold(meta, children)
