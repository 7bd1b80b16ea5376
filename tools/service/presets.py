"""The formulas a player picks from in the studio's form instead of writing one: for each rule
whose value is a formula (dice by armies, armies that move in, the condition of an attack, the
trade values …), every value the printed games (the built-ins) and the example house rules
give it, each said by the sheet's own sentence for it, in the game it comes from. Nothing is
hard-coded: a new manual or example brings its formulas with it."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...grammar.printer import value_text
from ...grammar.resolve import EffectiveRuleset
from ...grammar.schema import Kind, lookup

# The kinds of value a player picks as a preset (a formula, a range, a list, a schedule) rather
# than types: what a menu, a number field or a table cannot hold.
FORMULAS = (
    Kind.DICE,
    Kind.EXPR,
    Kind.CONDITION,
    Kind.INT_RANGE,
    Kind.CHOICES,
    Kind.SCHEDULE,
)


@dataclass(frozen=True)
class Preset:
    """One formula a game or example uses: its value as rules text (what the form posts; shown
    only in the text view) and the sheet's sentence for it (HTML, key words in <b>)."""

    value: str
    sentence: str
    cells: tuple[tuple[str, ...], ...] = ()  # the sentence's small table, when it has one

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "sentence": self.sentence, "cells": [*map(list, self.cells)]}


def presets(rule: str, lang: str) -> tuple[Preset, ...]:
    """The presets of `rule` in `lang`: the built-ins' first (in their order), then the
    examples'; none for a rule that is not a formula."""
    spec = lookup(rule)
    if spec is None or spec.kind not in FORMULAS or spec.pattern:
        return ()
    return _said(lang).get(rule, ())


def said(rule: str, value: str, lang: str) -> Preset | None:
    """The preset whose value is `value` (rules text), if a game or example uses it."""
    return next((p for p in presets(rule, lang) if p.value == value), None)


@functools.cache
def _said(lang: str) -> dict[str, tuple[Preset, ...]]:
    from markupsafe import escape

    from ...engine.rules import Rules, RulesError
    from ..authoring.scaffold import plain
    from ..sheets.describe import Words
    from ..sheets.i18n import translations
    from ..sheets.places import sheet_phases
    from ..sheets.sentences import Sentences

    tr = translations(lang)
    found: dict[str, dict[str, Preset]] = {}
    for eff in _rulesets():
        try:
            say = Sentences(Rules(eff), Words(tr, lang, eff.board))
        except RulesError:
            continue
        for clause in eff.clauses:
            spec = lookup(clause.id)
            if spec is None or spec.kind not in FORMULAS or spec.pattern:
                continue
            value = value_text(plain(clause.value))
            if value in found.setdefault(clause.id, {}):
                continue
            if clause.id == "turn.phases":  # the sheet's numbered steps
                steps = [
                    f"{n}. {escape(say.step(p))}" for n, p in enumerate(sheet_phases(say.rules), 1)
                ]
                found[clause.id][value] = Preset(value, " · ".join(steps))
                continue
            sentence = say.say(clause)
            if sentence is None:
                continue
            cells = tuple(tuple(row) for row in sentence.cells)
            found[clause.id][value] = Preset(value, str(sentence.text), cells)
    return {rule: tuple(shown.values()) for rule, shown in found.items()}


@functools.cache
def _rulesets() -> tuple[EffectiveRuleset, ...]:
    """The built-ins and the example house rules, each resolved (those that check clean)."""
    from ...grammar.library import Workspace
    from ..authoring.scaffold import examples

    texts = {f"/riskrules-examples/{name}.rules": text for name, text in examples().items()}
    ws = Workspace.open(extra=[*texts], texts=texts)
    found = []
    for name in (*ws.index.rulesets,):
        eff = ws.resolved.get(name)
        if eff is not None and not ws.chain_errors(eff):
            found.append(eff)
    return tuple(found)
