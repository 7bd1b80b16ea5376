"""What the language says about the rulesets of a snapshot: the built-ins' list, the effective
ruleset, one rule's chain of definitions, a ruleset's title and manuals."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ...grammar import model as m
from ...grammar.diagnostics import did_you_mean
from ...grammar.library import Workspace, split_reference
from ...grammar.messages import msg
from ...grammar.printer import to_json, value_text
from ...grammar.resolve import EffectiveRuleset
from ...grammar.schema import SHEET_LANGUAGES
from ...grammar.shown import shown_file
from .errors import ServiceError, UsageError
from .snapshot import Snapshot


def loadable(ref: str, name: str) -> str:
    """How another process (a worker, a scenario's step) loads the ruleset `ref`, named `name`:
    a rules file as its absolute path and the ruleset's name (`h.rules:h` given in one folder
    is found from any), a built-in by its name."""
    path, _ = split_reference(ref)
    return name if path is None else f"{os.path.abspath(path)}:{name}"


def ruleset_names() -> list[str]:
    """The built-in rulesets' names (for completion)."""
    return list(Workspace.open().ruleset_names())


def rule_ids() -> list[str]:
    """Every rule id the language knows (for completion)."""
    from ...grammar.schema import known_ids

    return list(known_ids())


@dataclass(frozen=True)
class Entry:
    """A built-in ruleset, as `list` shows it."""

    name: str
    title: str | None
    file: str
    extends: str | None
    sources: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "title": self.title,
            "file": shown_file(self.file),
            "extends": self.extends,
            "sources": list(self.sources),
        }


def title_in(ruleset: EffectiveRuleset | m.Ruleset, lang: str) -> str:
    """The title every front end shows for a ruleset in `lang` (a sheet, the diff page, `show`,
    `explain`, the studio): its title in that language, else English; never its id, but for a
    ruleset with no title of its own, its id in words."""
    return m.title_in(ruleset.ruleset if isinstance(ruleset, EffectiveRuleset) else ruleset, lang)


def builtins(snapshot: Snapshot) -> list[Entry]:
    """The built-in rulesets (of any snapshot: every one holds them)."""
    ws = snapshot.workspace
    rows = []
    for name, ruleset in ws.index.rulesets.items():
        if ruleset.span.file not in ws.builtin:
            continue
        eff = ws.resolved.get(name)
        cited = dict.fromkeys(c.document for k in eff.clauses for c in k.citations) if eff else {}
        rows.append(
            Entry(
                name, ruleset.title, os.path.abspath(ruleset.span.file), ruleset.extends, (*cited,)
            )
        )
    return rows


@dataclass(frozen=True)
class Manual:
    """A printed manual a ruleset encodes, as a reader is shown it."""

    id: str
    title: str  # its full title, else its short one, else its id
    language: str


def manuals(snapshot: Snapshot, ref: str) -> list[Manual]:
    """The manuals ruleset `ref` encodes (those it names with `from`, else those its rules
    cite; for one that does neither, its nearest base's), in the order they are declared."""
    eff = snapshot.ruleset(ref)
    own = eff.own_documents()
    return [Manual(s.id, s.title or s.label, s.language) for s in eff.sources if s.id in own]


def _citations(clause: m.Clause) -> list[dict[str, object]]:
    return [c.to_json() for c in clause.citations]


def _reason_json(reason: str) -> object:
    """A reason as the JSON shows it: its text, or one per language."""
    texts = reason.texts if isinstance(reason, m.Localized) else ()
    return dict(texts) if texts else str(reason)


def inherit_json(inherit: m.Inherit) -> dict[str, object]:
    return {
        "rule": inherit.id,
        "ruleset": inherit.ruleset,
        "file": shown_file(os.path.abspath(inherit.span.file)),
        "line": inherit.span.line,
        "because": _reason_json(inherit.reason),
    }


def ignore_json(ignore: m.Ignore) -> dict[str, object]:
    return {
        "ruleset": ignore.ruleset,
        "file": shown_file(os.path.abspath(ignore.span.file)),
        "line": ignore.span.line,
        "passages": [c.to_json() for c in ignore.citations],
        "because": _reason_json(ignore.reason),
    }


@dataclass(frozen=True)
class Shown:
    """The effective ruleset: every rule, inherited ones included."""

    ruleset: EffectiveRuleset

    def to_json(self) -> dict[str, object]:
        eff = self.ruleset
        return {
            "name": eff.name,
            "title": eff.title,
            "titles": {lang: title_in(eff, lang) for lang in SHEET_LANGUAGES},
            "chain": list(eff.chain),
            "rules": [
                {
                    "id": c.id,
                    "value": to_json(c.value),
                    "text": value_text(c.value),
                    "defined_in": c.ruleset,
                    "file": shown_file(os.path.abspath(c.span.file)),
                    "line": c.span.line,
                    "assumed": c.assumed,
                    "assumed_edges": _edges_json(c),
                    "citations": _citations(c),
                    "note": _reason_json(c.note) if c.note else None,
                }
                for c in eff.clauses
            ],
            "inherited_on_purpose": [inherit_json(i) for i in eff.inherited_on_purpose()],
            "set_aside": [ignore_json(i) for i in eff.ignores],
        }


def _edges_json(clause: m.Clause) -> list[dict[str, object]]:
    """The cases of a rule its manual leaves open, each with why it is played as it is."""
    return [{"edge": e.name, "reason": _reason_json(e.reason)} for e in clause.edges]


def show(snapshot: Snapshot, ref: str) -> Shown:
    return Shown(snapshot.ruleset(ref))


@dataclass(frozen=True)
class Explanation:
    """A rule's effective value and its definitions, the effective one first."""

    ruleset: EffectiveRuleset
    rule: str
    clause: m.Clause
    chain: tuple[m.Clause, ...]

    @property
    def inherited(self) -> m.Inherit | None:
        """Why the value is the base's on purpose (`inherit RULE because …`), if it is."""
        return self.ruleset.inherit_of(self.rule)

    def to_json(self) -> dict[str, object]:
        inherited = self.inherited
        return {
            "ruleset": self.ruleset.name,
            "title": title_in(self.ruleset, "en"),
            "rule": self.rule,
            "value": to_json(self.clause.value),
            "text": value_text(self.clause.value),
            "assumed": self.clause.assumed,
            "assumed_edges": _edges_json(self.clause),
            "inherited_on_purpose": inherit_json(inherited) if inherited else None,
            "chain": [
                {
                    "ruleset": c.ruleset,
                    "file": shown_file(os.path.abspath(c.span.file)),
                    "line": c.id_span.line,
                    "column": c.id_span.column,
                    "override": c.override,
                    "value": to_json(c.value),
                    "text": value_text(c.value),
                    "citations": _citations(c),
                    "note": _reason_json(c.note) if c.note else None,
                }
                for c in self.chain
            ],
        }


def explain(snapshot: Snapshot, ref: str, rule_id: str) -> Explanation:
    eff = snapshot.ruleset(ref)
    clause = eff.clause(rule_id)
    if clause is None:
        from ..shared.render import installed_doc

        hint = did_you_mean(rule_id, [c.id for c in eff.clauses]) or msg(
            "every rule is in {page}", page=installed_doc("rule-catalogue.md")
        )
        said = msg(
            "ruleset '{name}' has no rule '{rule}' ({hint})", name=eff.name, rule=rule_id, hint=hint
        )
        raise UsageError(said)
    return Explanation(eff, rule_id, clause, tuple(eff.definitions(rule_id)))


def manual_languages(eff: EffectiveRuleset) -> tuple[str, ...]:
    """The languages of the manuals a ruleset encodes (its own documents'): what a command's
    words default to (`--lang`)."""
    found = (eff.source(doc) for doc in eff.own_documents())
    return tuple(sorted({source.language for source in found if source is not None}))


def languages_of(snapshot: Snapshot, ref: str) -> tuple[str, ...]:
    """`manual_languages` of a ruleset reference (none for one that cannot be read)."""
    try:
        return manual_languages(snapshot.ruleset(ref))
    except ServiceError:
        return ()
