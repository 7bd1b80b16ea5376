"""Inheritance: index the declarations of many files and resolve `extends` chains into one
complete effective ruleset per name, reporting every inheritance mistake."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from . import model as m
from .diagnostics import Diagnostic, Span, did_you_mean, error, note, warning
from .messages import Message, msg
from .schema import lookup

MAX_EXTENDS_DEPTH = 32
_T = TypeVar("_T", m.Source, m.Board, m.Ruleset)


def _where(span: Span) -> str:
    return f"{span.file}:{span.line}:{span.column}"


@dataclass(frozen=True)
class EffectiveRuleset:
    """A ruleset with everything it inherits: each rule's value and the chain behind it."""

    name: str
    title: str | None
    ruleset: m.Ruleset
    chain: tuple[str, ...]  # this ruleset first, then its bases
    clauses: tuple[m.Clause, ...]
    history: tuple[tuple[str, tuple[m.Clause, ...]], ...]  # rule id -> definitions, newest first
    board: m.Board | None
    sources: tuple[m.Source, ...]
    # `from …` of each ruleset in the chain that declares its manuals, and every `inherit`
    # along the chain (newest first).
    declared: tuple[tuple[str, tuple[str, ...]], ...] = ()
    inherits: tuple[m.Inherit, ...] = ()
    ignores: tuple[m.Ignore, ...] = ()  # every `ignore` along the chain (newest first)
    _index: dict[str, m.Clause] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({c.id: c for c in self.clauses})

    def clause(self, rule_id: str) -> m.Clause | None:
        return self._index.get(rule_id)

    def value(self, rule_id: str) -> m.Value | None:
        found = self._index.get(rule_id)
        return found.value if found else None

    def definitions(self, rule_id: str) -> tuple[m.Clause, ...]:
        for rid, clauses in self.history:
            if rid == rule_id:
                return clauses
        return ()

    def inherited_on_purpose(self) -> tuple[m.Inherit, ...]:
        """Each `inherit RULE because …` along the chain that still holds (the effective value
        comes from a base of the ruleset that wrote it; an override below that makes it
        moot), newest first, one per rule: what `explain`, `show` and the sheets say of it."""
        position = {name: i for i, name in enumerate(self.chain)}
        held: dict[str, m.Inherit] = {}
        for inherit in self.inherits:
            clause = self._index.get(inherit.id)
            if clause is None or inherit.id in held:
                continue
            if position.get(clause.ruleset, -1) > position.get(inherit.ruleset, len(self.chain)):
                held[inherit.id] = inherit
        return tuple(held.values())

    def inherit_of(self, rule_id: str) -> m.Inherit | None:
        """Why the rule is its base's on purpose, if it is."""
        return next((i for i in self.inherited_on_purpose() if i.id == rule_id), None)

    def source(self, doc: str) -> m.Source | None:
        return self._sources.get(doc)

    @functools.cached_property
    def _sources(self) -> dict[str, m.Source]:
        """The sources by id, the first of an id kept (a form asks thousands of times)."""
        found: dict[str, m.Source] = {}
        for s in self.sources:
            found.setdefault(s.id, s)
        return found

    def own_documents(self) -> frozenset[str]:
        """The manuals this ruleset encodes: those it names (`from da000`), else those its own
        rules cite (whoever reads it holds one of them); for a ruleset that does neither, its
        nearest base's."""
        return self._own_documents

    @functools.cached_property
    def _own_documents(self) -> frozenset[str]:
        # Made once: the ruleset is immutable, and a form orders every rule's citations by it.
        declared = dict(self.declared)
        for name in self.chain:
            if declared.get(name):
                return frozenset(declared[name])
            found = frozenset(
                cite.document
                for _rule, definitions in self.history
                for clause in definitions
                if clause.ruleset == name
                for cite in clause.citations
            )
            if found:
                return found
        return frozenset()

    def for_reader(
        self, citations: tuple[m.Citation, ...], lang: str | None = None
    ) -> list[m.Citation]:
        """Citations in the order a reader of this ruleset wants them: its own manuals first,
        then (given a language) manuals in that language, then as written."""
        own = self.own_documents()

        def rank(cite: m.Citation) -> tuple[int, int]:
            source = self.source(cite.document)
            in_language = lang is not None and source is not None and source.language == lang
            return (0 if cite.document in own else 1, 0 if in_language else 1)

        return sorted(citations, key=rank)

    @property
    def file(self) -> str:
        return self.ruleset.span.file


@dataclass
class Index:
    """Every declaration of a set of files, by name."""

    sources: dict[str, m.Source] = field(default_factory=dict)
    boards: dict[str, m.Board] = field(default_factory=dict)
    rulesets: dict[str, m.Ruleset] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    builtin: frozenset[str] = frozenset()

    @staticmethod
    def build(files: Iterable[m.RulesFile], builtin: frozenset[str] = frozenset()) -> Index:
        """`builtin`: the built-ins' paths. A user's declaration of a built-in's name shadows
        it (a copy of classic.rules, being edited, is checked as itself), with a note."""
        index = Index(builtin=builtin)
        for rules_file in files:
            for src in rules_file.sources:
                index._add(index.sources, src.id, src, src.span, "source")
            for board in rules_file.boards:
                index._add(index.boards, board.name, board, board.span, "board")
            for ruleset in rules_file.rulesets:
                index._add(index.rulesets, ruleset.name, ruleset, ruleset.name_span, "ruleset")
        return index

    def _add(self, table: dict[str, _T], key: str, item: _T, span: Span, what: str) -> None:
        previous = table.get(key)
        if previous is not None:
            first = previous.name_span if isinstance(previous, m.Ruleset) else previous.span
            if first.file in self.builtin and span.file not in self.builtin:
                self.diagnostics.append(
                    note(
                        "RR0108",
                        _SHADOWS[what].with_args(key=key, where=_where(first)),
                        span,
                        msg(
                            "here, built-in rulesets that use it use this one; rename it to keep "
                            "both"
                        ),
                    )
                )
                table[key] = item
                return
            self.diagnostics.append(
                error(
                    "RR0106",
                    _TWICE[what].with_args(key=key, where=_where(first)),
                    span,
                    msg("rename one of them or remove the duplicate"),
                )
            )
            return
        table[key] = item


def _ring(index: Index, start: str) -> list[str] | None:
    """The names of an `extends` cycle reached from `start`, if the chain runs into one."""
    order: list[str] = []
    where: dict[str, int] = {}
    name: str | None = start
    while name is not None and name not in where and len(order) <= len(index.rulesets):
        where[name] = len(order)
        order.append(name)
        found = index.rulesets.get(name)
        name = found.extends if found else None
    if name is None or name not in where:
        return None
    return [*order[where[name] :], name]


def _chain(index: Index, ruleset: m.Ruleset, diags: list[Diagnostic]) -> list[m.Ruleset] | None:
    """The ruleset and its bases, itself first (None, with the diagnostic added to `diags`:
    a base unknown, a cycle, a chain too deep)."""
    chain: list[m.Ruleset] = [ruleset]
    seen = {ruleset.name}
    current = ruleset
    while current.extends is not None:
        base = index.rulesets.get(current.extends)
        if base is None:
            diags.append(
                error(
                    "RR0102",
                    msg("unknown ruleset '{extends}'", extends=current.extends),
                    current.extends_span,
                    did_you_mean(current.extends, index.rulesets),
                )
            )
            return None
        if base.name in seen:
            names = " -> ".join([r.name for r in chain] + [base.name])
            diags.append(
                error(
                    "RR0403",
                    msg("'extends' cycle: {names}", names=names),
                    current.extends_span,
                    msg("a ruleset cannot extend itself, directly or through others"),
                )
            )
            return None
        if len(chain) >= MAX_EXTENDS_DEPTH:
            diags.append(_too_deep(index, base.name, current, ruleset))
            return None
        chain.append(base)
        seen.add(base.name)
        current = base
    return chain


def _too_deep(index: Index, base: str, current: m.Ruleset, ruleset: m.Ruleset) -> Diagnostic:
    """A chain past MAX_EXTENDS_DEPTH: a long cycle where it ends in one, else too deep."""
    ring = _ring(index, base)
    if ring is not None:
        shown = " -> ".join([*ring[:4], "…", ring[-1]]) if len(ring) > 6 else " -> ".join(ring)
        return error(
            "RR0403",
            msg(
                "'extends' cycle of {value} rulesets: {shown}",
                value=len(ring) - 1,
                shown=shown,
            ),
            current.extends_span,
            msg("a ruleset cannot extend itself, directly or through others"),
        )
    return error(
        "RR0405",
        msg(
            "'extends' chain is deeper than {max_extends_depth} rulesets",
            max_extends_depth=MAX_EXTENDS_DEPTH,
        ),
        ruleset.extends_span,
    )


def _inheriting(rs: m.Ruleset, clause: m.Clause, inherited: m.Clause | None) -> Diagnostic | None:
    """What is wrong with how `clause` of `rs` treats the rule it inherits (`inherited`, None:
    none): defined again without `override`, `override` of a rule the base does not set, or an
    override to the same value."""
    if inherited is not None and not clause.override:
        return error(
            "RR0401",
            msg(
                "rule '{id}' is already defined by '{ruleset}' at {where}",
                id=clause.id,
                ruleset=inherited.ruleset,
                where=_where(inherited.id_span),
            ),
            clause.id_span,
            msg(
                "did you mean '{fix}'? An inherited rule is changed with `override`",
                fix="override " + clause.id,
            ),
        )
    if inherited is None and clause.override and lookup(clause.id) is not None:
        # The catalogue knows the rule; the base just does not set it: the fix is to
        # drop `override`, not another rule id.
        basename = rs.extends or "(no base)"
        return error(
            "RR0402",
            msg(
                "'override {id}': the base ruleset '{basename}' does not set this rule",
                id=clause.id,
                basename=basename,
            ),
            clause.id_span,
            msg(
                "drop `override`: '{basename}' does not set '{id}', so this rule is new here",
                basename=basename,
                id=clause.id,
            ),
        )
    # The same value with passages of its own is a re-citation (the ruleset's own
    # manual states the rule in its own words), not a needless override.
    if (
        inherited is not None
        and clause.value == inherited.value
        and set(clause.citations) <= set(inherited.citations)
    ):
        return warning(
            "RR0404",
            msg(
                "override of '{id}' sets the same value as '{ruleset}'",
                id=clause.id,
                ruleset=inherited.ruleset,
            ),
            clause.id_span,
            msg("remove the override; the rule is inherited unchanged"),
        )
    return None


def _applied(
    chain: list[m.Ruleset], diags: list[Diagnostic]
) -> tuple[list[str], dict[str, m.Clause], dict[str, list[m.Clause]]]:
    """The chain's clauses applied from the root base down to the ruleset itself: the rules in
    the order first set, each one's effective clause, and each one's clauses, latest first."""
    effective: dict[str, m.Clause] = {}
    history: dict[str, list[m.Clause]] = {}
    order: list[str] = []
    for rs in reversed(chain):
        local: dict[str, m.Clause] = {}
        for clause in rs.clauses:
            if clause.id in local:
                diags.append(
                    error(
                        "RR0406",
                        msg(
                            "rule '{id}' is defined twice in ruleset '{name}' (first at {where})",
                            id=clause.id,
                            name=rs.name,
                            where=_where(local[clause.id].id_span),
                        ),
                        clause.id_span,
                        msg("remove one of the two definitions"),
                    )
                )
                continue
            local[clause.id] = clause
            found = _inheriting(rs, clause, effective.get(clause.id))
            if found is not None:
                diags.append(found)
            if clause.id not in history:
                order.append(clause.id)
                history[clause.id] = []
            history[clause.id].insert(0, clause)
            effective[clause.id] = clause
    return order, effective, history


def resolve(index: Index, name: str) -> tuple[EffectiveRuleset | None, list[Diagnostic]]:
    """The effective ruleset `name`, with the inheritance diagnostics of its chain."""
    diags: list[Diagnostic] = []
    ruleset = index.rulesets.get(name)
    if ruleset is None:
        return None, diags
    chain = _chain(index, ruleset, diags)
    if chain is None:
        return None, diags

    order, effective, history = _applied(chain, diags)

    board = None
    board_value = effective.get("board")
    # `board: assumed world because "…"` names the board as much as `board: world` does.
    named = m.strip_assumed(board_value.value) if board_value is not None else None
    if isinstance(named, m.Name):
        board = index.boards.get(named.name)
    return (
        EffectiveRuleset(
            name=ruleset.name,
            title=ruleset.title or next((r.title for r in chain if r.title), None),
            ruleset=ruleset,
            chain=tuple(r.name for r in chain),
            clauses=tuple(effective[i] for i in order),
            history=tuple((i, tuple(history[i])) for i in order),
            board=board,
            sources=tuple(index.sources.values()),
            declared=tuple((r.name, r.manuals) for r in chain if r.manuals),
            inherits=tuple(i for r in chain for i in r.inherits),
            ignores=tuple(i for r in chain for i in r.ignores),
        ),
        diags,
    )


def resolve_all(index: Index) -> tuple[dict[str, EffectiveRuleset], dict[str, list[Diagnostic]]]:
    """Every ruleset resolved; diagnostics are keyed by the ruleset whose chain raised them."""
    resolved: dict[str, EffectiveRuleset] = {}
    diags: dict[str, list[Diagnostic]] = {}
    for name in index.rulesets:
        eff, found = resolve(index, name)
        if eff is not None:
            resolved[name] = eff
        diags[name] = found
    return resolved, diags


def own_diagnostics(ruleset: m.Ruleset, found: Mapping[str, list[Diagnostic]]) -> list[Diagnostic]:
    """Those of a ruleset's diagnostics that point into the ruleset itself (not its bases)."""
    span = ruleset.span
    out = []
    for diag in found.get(ruleset.name, []):
        s = diag.span
        if s.file == span.file and span.line <= s.line <= span.end_line:
            out.append(diag)
    return out


# What is declared twice, or shadows a built-in, by the keyword declaring it.
_TWICE: dict[str, Message] = {
    "source": msg("source '{key}' is declared twice (first at {where})"),
    "board": msg("board '{key}' is declared twice (first at {where})"),
    "ruleset": msg("ruleset '{key}' is declared twice (first at {where})"),
}
_SHADOWS: dict[str, Message] = {
    "source": msg("source '{key}' shadows the built-in source of the same name ({where})"),
    "board": msg("board '{key}' shadows the built-in board of the same name ({where})"),
    "ruleset": msg("ruleset '{key}' shadows the built-in ruleset of the same name ({where})"),
}
