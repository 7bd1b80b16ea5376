"""Finding a ruleset a user named, and what the language says about it: the built-ins' list,
the effective ruleset, one rule's chain of definitions."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...grammar import model as m
from ...grammar.diagnostics import did_you_mean
from ...grammar.library import RulesetNotFound, Workspace, locate
from ...grammar.printer import to_json, value_text
from ...grammar.resolve import EffectiveRuleset
from ...grammar.schema import SHEET_LANGUAGES
from ...grammar.shown import shown_file
from .errors import NotFound, RulesetErrors, UsageError

if TYPE_CHECKING:
    from ...engine.rules import Rules


Texts = Mapping[str, str] | None
"""Rules files' unsaved contents by absolute path (the studio's, an editor's): a reference may
name such a path, and what it extends may be one."""


def located(ref: str, texts: Texts = None) -> tuple[Workspace, EffectiveRuleset]:
    """The ruleset `ref` names (a built-in name, a rules file, PATH:NAME), errors or not."""
    try:
        return locate(ref, dict(texts) if texts else None)
    except RulesetNotFound as exc:
        raise NotFound(exc.diagnostic) from None


def checked(ref: str, texts: Texts = None) -> tuple[Workspace, EffectiveRuleset]:
    """The ruleset, if it and the rulesets it extends have no errors (nothing is played or
    printed from a ruleset that does not check); else `RulesetErrors` with them."""
    ws, eff = located(ref, texts)
    errors = ws.chain_errors(eff)
    if errors:
        raise RulesetErrors(eff.name, errors)
    return ws, eff


def playable(ref: str, texts: Texts = None) -> Rules:
    """The checked ruleset as the engine plays it (what `riskrules.load` does)."""
    from ...engine.rules import Rules  # the engine only for the services that play

    return Rules(checked(ref, texts)[1])


def loadable(ref: str, name: str) -> str:
    """How another process loads the ruleset `ref` (named `name`): a rules file by its path as
    given, a built-in by its name."""
    return ref if (os.sep in ref or ref.endswith(".rules")) else name


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


def title_in(ruleset: str | EffectiveRuleset | m.Ruleset, lang: str) -> str:
    """The title every front end shows for a ruleset in `lang` (a sheet, the diff page, `show`,
    `explain`, the studio): its title in that language, else English; never its id, but for a
    ruleset with no title of its own, its id in words. `ruleset`: a reference (a built-in's
    name, a path), or the ruleset itself."""
    if isinstance(ruleset, str):
        ruleset = located(ruleset)[1]
    return m.title_in(ruleset.ruleset if isinstance(ruleset, EffectiveRuleset) else ruleset, lang)


def builtins() -> list[Entry]:
    ws = Workspace.open()
    rows = []
    for name, ruleset in ws.index.rulesets.items():
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


def manuals(ref: str) -> list[Manual]:
    """The manuals ruleset `ref` encodes (those it names with `from`, else those its rules
    cite; for one that does neither, its nearest base's), in the order they are declared."""
    _, eff = located(ref)
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
                    "citations": _citations(c),
                    "note": _reason_json(c.note) if c.note else None,
                }
                for c in eff.clauses
            ],
            "inherited_on_purpose": [inherit_json(i) for i in eff.inherited_on_purpose()],
            "set_aside": [ignore_json(i) for i in eff.ignores],
        }


def show(ref: str) -> Shown:
    return Shown(located(ref)[1])


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


def explain(ref: str, rule_id: str) -> Explanation:
    _, eff = located(ref)
    clause = eff.clause(rule_id)
    if clause is None:
        from ..shared.render import installed_doc

        hint = did_you_mean(rule_id, [c.id for c in eff.clauses])
        hint = hint or f"every rule is in {installed_doc('rule-catalogue.md')}"
        raise UsageError(f"ruleset '{eff.name}' has no rule '{rule_id}' ({hint})")
    return Explanation(eff, rule_id, clause, tuple(eff.definitions(rule_id)))
