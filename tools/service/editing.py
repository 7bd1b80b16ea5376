"""The house-rules studio's rule form, and the edits it makes to a house-rules file.

`rule_form` gives the rule catalogue (grammar/schema.py) grouped as the rule sheet groups it
(tools/sheets/places.py), each rule with the sentence the sheet prints for it (the sheet's own
sentences, tools/sheets/sentences.py), the base's value and the current one, its choices and
its citation. `set_rule` and `clear_rule` (service/edits.py) write the house-rules file's new
text in the layout `fmt` gives, checked as `check` checks it; `quick_fixes`
(service/fixes.py) are the language server's quick fixes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...grammar import model as m
from ...grammar.diagnostics import Diagnostic, Severity
from ...grammar.printer import key_text, value_text
from ...grammar.schema import CATALOGUE, SHEET_LANGUAGES, Kind, RuleSpec, lookup
from .edits import Edited, clear_rule, set_rule, start_house_rules
from .errors import UsageError
from .fixes import QuickFix, quick_fixes

if TYPE_CHECKING:
    from ...grammar.library import Workspace
    from ...grammar.resolve import EffectiveRuleset
    from ..sheets.describe import Words
    from ..sheets.sentences import Sentences

__all__ = [
    "Edited",
    "FormCitation",
    "FormField",
    "FormSection",
    "QuickFix",
    "RuleForm",
    "clear_rule",
    "quick_fixes",
    "rule_form",
    "set_rule",
    "start_house_rules",
]

# How a page shows each kind of value: a menu, a number field, an editable table or a text
# field checked as the author types.
WIDGETS: dict[Kind, str] = {
    Kind.INT: "number",
    Kind.OPTIONAL_INT: "number",
    Kind.COUNT_OR_UNLIMITED: "number",
    Kind.BOOL: "menu",
    Kind.CHOICE: "menu",
    Kind.BOARD: "menu",
    Kind.BY_PLAYERS: "table",
    Kind.BY_CONTINENT: "table",
    Kind.BY_TERRITORY: "table",
}
# The word a number field also takes (`none`, `unlimited`).
NUMBER_WORDS = {Kind.OPTIONAL_INT: ("none",), Kind.COUNT_OR_UNLIMITED: ("unlimited",)}


@dataclass(frozen=True)
class FormCitation:
    """Where a manual states a rule: the manual's id, its name as the sheet gives it, the page
    or section, the anchor (the passage's words)."""

    document: str
    manual: str
    page: int | None
    section: str | None
    anchor: str

    def to_json(self) -> dict[str, object]:
        return {
            "document": self.document,
            "manual": self.manual,
            "page": self.page,
            "section": self.section,
            "anchor": self.anchor,
        }


@dataclass(frozen=True)
class FormField:
    """One rule of the form. Values are rules-language text (None: not set); a table's are
    also given as rows (key, value), in the order written."""

    rule: str
    label: str  # the rule's name in the form's language
    summary: str  # the catalogue's description (English)
    kind: str  # the schema's kind: "int", "choice", "by_players", "schedule", …
    kind_text: str  # what the kind's value looks like ("a whole number")
    widget: str  # "menu", "number", "table" or "text"
    choices: tuple[str, ...]  # the words a menu offers (or a number field besides numbers)
    keys: tuple[str, ...]  # a table's keys on this board and player counts
    least: int | None
    most: int | None
    sentence: str | None  # as the sheet prints it now, HTML (key words in <b>)
    sentence_text: str | None  # the same without markup
    base_sentence: str | None
    value: str | None
    rows: tuple[tuple[str, str], ...] | None
    base_value: str | None
    base_rows: tuple[tuple[str, str], ...] | None
    set_here: bool  # the house-rules file writes this rule
    overridden: bool  # ... and the base sets it too (an `override`)
    citations: tuple[FormCitation, ...]  # the current value's, the reader's manual first
    base_citations: tuple[FormCitation, ...]
    because: dict[str, str]  # the reason given for an assumed value, by language

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "label": self.label,
            "summary": self.summary,
            "kind": self.kind,
            "kind_text": self.kind_text,
            "widget": self.widget,
            "choices": list(self.choices),
            "keys": list(self.keys),
            "least": self.least,
            "most": self.most,
            "sentence": self.sentence,
            "sentence_text": self.sentence_text,
            "base_sentence": self.base_sentence,
            "value": self.value,
            "rows": [list(r) for r in self.rows] if self.rows is not None else None,
            "base_value": self.base_value,
            "base_rows": [list(r) for r in self.base_rows] if self.base_rows is not None else None,
            "set_here": self.set_here,
            "overridden": self.overridden,
            "citations": [c.to_json() for c in self.citations],
            "base_citations": [c.to_json() for c in self.base_citations],
            "because": dict(self.because),
        }


@dataclass(frozen=True)
class FormSection:
    """A block of the sheet: `number` is the step of the turn (None before and after it)."""

    key: str
    title: str
    number: int | None
    fields: tuple[FormField, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "title": self.title,
            "number": self.number,
            "fields": [f.to_json() for f in self.fields],
        }


@dataclass(frozen=True)
class RuleForm:
    """The form of one ruleset (the file's first): its sections in the sheet's order. With
    errors in the text, no sentence is said (`sentence` None) and `diagnostics` holds them."""

    ruleset: str
    title: str | None
    base: str | None
    lang: str
    sections: tuple[FormSection, ...]
    diagnostics: tuple[Diagnostic, ...]

    @property
    def fields(self) -> list[FormField]:
        return [f for s in self.sections for f in s.fields]

    def field(self, rule: str) -> FormField | None:
        return next((f for f in self.fields if f.rule == rule), None)

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "title": self.title,
            "base": self.base,
            "lang": self.lang,
            "sections": [s.to_json() for s in self.sections],
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def rule_form(text: str, path: str, lang: str) -> RuleForm:
    """The form of the first ruleset `text` (a rules file shown as `path`) declares, in `lang`
    (en, da or nl)."""
    from ...engine.rules import Rules, RulesError
    from ..sheets.describe import Words
    from ..sheets.i18n import translations
    from ..sheets.places import BEFORE_TURN, after_turn, section_of, sheet_phases
    from ..sheets.sentences import Sentences
    from ..sheets.summary import SECTION_TITLES
    from .language import check_document

    if lang not in SHEET_LANGUAGES:
        raise UsageError(f"no form in '{lang}': use one of {', '.join(SHEET_LANGUAGES)}")
    checked = check_document(path, text)
    ws = checked.workspace
    declared = ws.file(path)
    if declared is None or not declared.rulesets:
        raise UsageError("the text declares no ruleset", checked.diagnostics)
    eff = ws.resolved.get(declared.rulesets[0].name)
    if eff is None:
        raise UsageError(
            f"ruleset '{declared.rulesets[0].name}' cannot be read", checked.diagnostics
        )
    base = ws.resolved.get(eff.ruleset.extends) if eff.ruleset.extends else None
    # The text is checked with the built-ins alone (which check clean): its errors are the
    # chain's.
    errors = [d for d in checked.diagnostics if d.severity == Severity.ERROR]
    tr = translations(lang)
    say: Sentences | None = None
    base_say: Sentences | None = None
    phases: list[str] = []
    try:
        if not errors:
            rules = Rules(eff)
            say = Sentences(rules, Words(tr, lang, eff.board))
            phases = sheet_phases(rules)
        if base is not None and (not errors or base.ruleset.span.file != os.path.abspath(path)):
            base_say = Sentences(Rules(base), Words(tr, lang, base.board))
    except RulesError:  # no board: nothing is said
        say = base_say = None
    if say is None and base_say is not None:
        phases = sheet_phases(base_say.rules)
    words = Words(tr, lang, eff.board)
    ids = [spec.id for spec in CATALOGUE if not spec.pattern and spec.id != "turn.phases"]
    ids += [c.id for c in eff.clauses if (spec := lookup(c.id)) is not None and spec.pattern]
    if base is not None:
        ids += [c.id for c in base.clauses if c.id not in ids and c.id != "turn.phases"]
    places: dict[str, list[FormField]] = {}
    for rule in dict.fromkeys(ids):
        spec = lookup(rule)
        if spec is None:
            continue
        made = _field(ws, eff, base, spec, rule, words, say, base_say, lang)
        places.setdefault(section_of(rule, phases), []).append(made)
    _ = tr.gettext
    sections = [FormSection(k, _(SECTION_TITLES[k]), None, tuple(places[k])) for k in BEFORE_TURN]
    speaker = say or base_say
    for number, phase in enumerate(phases, start=1):
        title = speaker.step(phase) if speaker is not None else phase
        sections.append(FormSection(phase, title, number, tuple(places.get(phase, []))))
    for key in after_turn(places, phases):
        sections.append(
            FormSection(key, _(SECTION_TITLES.get(key, key)), None, tuple(places.get(key, [])))
        )
    shown = tuple(s for s in sections if s.fields)
    return RuleForm(
        eff.name, eff.title, base.name if base else None, lang, shown, checked.diagnostics
    )


def _field(
    ws: Workspace,
    eff: EffectiveRuleset,
    base: EffectiveRuleset | None,
    spec: RuleSpec,
    rule: str,
    words: Words,
    say: Sentences | None,
    base_say: Sentences | None,
    lang: str,
) -> FormField:
    from markupsafe import Markup

    clause = eff.clause(rule)
    before = base.clause(rule) if base is not None else None
    own = any(c.id == rule for c in eff.ruleset.clauses)
    said = say.say(clause) if say is not None and clause is not None else None
    was = base_say.say(before) if base_say is not None and before is not None else None
    choices: tuple[str, ...] = spec.choices
    if spec.kind == Kind.BOOL:
        choices = ("yes", "no")
    elif spec.kind == Kind.BOARD:
        choices = tuple(ws.index.boards)
    elif spec.kind in NUMBER_WORDS:
        choices = NUMBER_WORDS[spec.kind]
    return FormField(
        rule=rule,
        label=words.label(rule),
        summary=spec.summary,
        kind=spec.kind.name.lower(),
        kind_text=spec.kind.value,
        widget=WIDGETS.get(spec.kind, "text"),
        choices=choices,
        keys=_keys(spec, eff),
        least=spec.least,
        most=spec.most,
        sentence=str(said.text) if said else None,
        sentence_text=Markup(said.text).striptags() if said else None,
        base_sentence=str(was.text) if was else None,
        value=_text(clause),
        rows=_rows(clause),
        base_value=_text(before),
        base_rows=_rows(before),
        set_here=own,
        overridden=own and before is not None,
        citations=_citations(eff, clause, lang),
        base_citations=_citations(base, before, lang) if base is not None else (),
        because=_because(clause) if own else {},
    )


def _keys(spec: RuleSpec, eff: EffectiveRuleset) -> tuple[str, ...]:
    """The keys a table of this kind takes in this ruleset: its board's continents or
    territories, or the player counts `players` allows."""
    board = eff.board
    if spec.kind == Kind.BY_CONTINENT and board is not None:
        return tuple(c.id for c in board.continents)
    if spec.kind == Kind.BY_TERRITORY and board is not None:
        return tuple(t.id for t in board.territories)
    if spec.kind == Kind.BY_PLAYERS:
        players = m.strip_assumed(eff.value("players") or m.Int(0))
        if isinstance(players, m.Range):
            low, high = players.low, players.high
            if isinstance(low, m.Int) and isinstance(high, m.Int) and high.value - low.value < 100:
                return tuple(str(n) for n in range(low.value, high.value + 1))
    return ()


def _text(clause: m.Clause | None) -> str | None:
    return value_text(m.strip_assumed(clause.value)) if clause is not None else None


def _rows(clause: m.Clause | None) -> tuple[tuple[str, str], ...] | None:
    if clause is None:
        return None
    value = m.strip_assumed(clause.value)
    if not isinstance(value, m.Table):
        return None
    return tuple((key_text(e.key), value_text(e.value, top=False)) for e in value.entries)


def _citations(
    eff: EffectiveRuleset, clause: m.Clause | None, lang: str
) -> tuple[FormCitation, ...]:
    if clause is None:
        return ()
    found = []
    for cite in eff.for_reader(clause.citations, lang):
        source = eff.source(cite.document)
        manual = source.label if source is not None else cite.document
        found.append(FormCitation(cite.document, manual, cite.page, cite.section, cite.anchor))
    return tuple(found)


def _because(clause: m.Clause | None) -> dict[str, str]:
    """The first reason an assumed value gives, by language (a plain string is English)."""
    if clause is None:
        return {}
    reasons = m.assumed_reasons(clause.value)
    if not reasons:
        return {}
    reason = reasons[0]
    if isinstance(reason, m.Reason) and reason.texts:
        return dict(reason.texts)
    return {"en": str(reason)}
