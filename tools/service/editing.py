"""The house-rules studio's rule form, and the edits it makes to a house-rules file.

`rule_form` gives the rule catalogue (grammar/schema.py) grouped as the rule sheet groups it
(tools/sheets/places.py), each rule with the sentence the sheet prints for it (the sheet's own
sentences, tools/sheets/sentences.py), the base's value and the current one, its choices and
its citation. `set_rule` and `clear_rule` (service/edits.py) write the house-rules file's new
text in the layout `fmt` gives, checked as `check` checks it; `quick_fixes`
(service/fixes.py) are the language server's quick fixes.
"""

from __future__ import annotations

import gettext
import os
from typing import TYPE_CHECKING

from ...grammar import model as m
from ...grammar.diagnostics import Severity
from ...grammar.facts import player_range
from ...grammar.messages import msg
from ...grammar.printer import key_text, value_text
from ...grammar.schema import CATALOGUE, SET_KINDS, SHEET_LANGUAGES, Kind, RuleSpec, lookup
from . import parts
from .edits import Edited, clear_rule, ruleset_to_edit, set_rule, start_house_rules
from .errors import ServiceError, UsageError
from .fixes import QuickFix, quick_fixes
from .form import FormCitation, FormField, FormSection, RuleForm, TradeTable, schedule_text
from .presets import presets
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ...grammar.library import Workspace
    from ...grammar.resolve import EffectiveRuleset
    from ..sheets.describe import Words
    from ..sheets.sentences import Said, Sentences

__all__ = [
    "Edited",
    "FormCitation",
    "FormField",
    "FormSection",
    "QuickFix",
    "RuleForm",
    "clear_rule",
    "quick_fixes",
    "quoted",
    "rule_form",
    "rulesets_in",
    "schedule_text",
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
    Kind.TEXT: "table",  # a text by language: a row for each language the sheets speak
    # A formula, a range, a list or a schedule: the presets the games and examples use, each
    # said in the sheet's words, and the author's own formula behind an "advanced" toggle.
    Kind.DICE: "presets",
    Kind.EXPR: "presets",
    Kind.CONDITION: "presets",
    Kind.INT_RANGE: "presets",
    Kind.CHOICES: "presets",
    Kind.SCHEDULE: "presets",
}
# The word a number field also takes (`none`, `unlimited`).
NUMBER_WORDS = {Kind.OPTIONAL_INT: ("none",), Kind.COUNT_OR_UNLIMITED: ("unlimited",)}


def rulesets_in(snapshot: Snapshot, path: str) -> tuple[str, ...]:
    """The names of the rulesets the file at `path` in `snapshot` declares, in order (with
    syntax errors, those of what parsed)."""
    declared = snapshot.workspace.file(path)
    return tuple(dict.fromkeys(r.name for r in declared.rulesets)) if declared else ()


def rule_form(snapshot: Snapshot, path: str, lang: str, ruleset: str | None = None) -> RuleForm:
    """The form of ruleset `ruleset` (default: the first) that the file at `path` in `snapshot`
    (a rules file, saved or not) declares, in `lang` (en, da or nl); `RuleForm.rulesets` names
    every one it declares, each with a form of its own. Made once per snapshot (a page opened
    again, in another tab or language and back, asks for the same form of the same text)."""
    key = ("rule form", os.path.abspath(path), lang, ruleset)
    return snapshot.once(key, lambda: _rule_form(snapshot, path, lang, ruleset))


def _rule_form(snapshot: Snapshot, path: str, lang: str, ruleset: str | None) -> RuleForm:
    from ...engine.rules import RulesError
    from ..sheets.describe import Words
    from ..sheets.i18n import translations
    from ..sheets.places import sheet_phases
    from ..sheets.sentences import Sentences
    from .language import check_document

    if lang not in SHEET_LANGUAGES:
        raise UsageError(
            msg(
                "no form in '{lang}': use one of {languages}",
                lang=lang,
                languages=tuple(SHEET_LANGUAGES),
            )
        )
    checked = check_document(snapshot, path)
    ws = checked.workspace
    chosen = ruleset_to_edit(checked, path, ruleset)
    declared = ws.file(path)
    assert declared is not None  # (ruleset_to_edit found one in it)
    eff = ws.resolved.get(chosen.name)
    if eff is None:
        said = msg("ruleset '{name}' cannot be read", name=chosen.name)
        raise UsageError(said, checked.diagnostics)
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
            rules = snapshot.rules(eff)
            say = Sentences(rules, Words(tr, lang, eff.board))
            phases = sheet_phases(rules)
        if base is not None and (not errors or base.ruleset.span.file != os.path.abspath(path)):
            base_say = Sentences(snapshot.rules(base), Words(tr, lang, base.board))
    except (RulesError, ServiceError):  # no board, or errors the project ignores: not said
        say = base_say = None
    if say is None and base_say is not None:
        phases = sheet_phases(base_say.rules)
    words = Words(tr, lang, eff.board)
    ids = [spec.id for spec in CATALOGUE if not spec.pattern]
    ids += [c.id for c in eff.clauses if (spec := lookup(c.id)) is not None and spec.pattern]
    if base is not None:
        ids += [c.id for c in base.clauses if c.id not in ids]
    places: dict[str, list[FormField]] = {}
    for rule in dict.fromkeys(ids):
        spec = lookup(rule)
        if spec is None:
            continue
        made = _field(ws, eff, base, spec, rule, words, say, base_say, lang)
        places.setdefault(_place_of(rule, phases, eff), []).append(made)
    shown = _sections(places, phases, say or base_say, tr, lang)
    return RuleForm(
        eff.name,
        m.title_in(chosen, lang),
        base.name if base else None,
        lang,
        shown,
        checked.diagnostics,
        tuple(dict.fromkeys(r.name for r in declared.rulesets)),
        _note(m.Clause("title", m.Int(0), (), False, "", note=chosen.title)),
        m.title_in(base.ruleset, lang) if base is not None else None,
        tuple(m.title_in(r, lang) for r in dict((r.name, r) for r in declared.rulesets).values()),
    )


def _place_of(rule: str, phases: list[str], eff: EffectiveRuleset) -> str:
    """The form's section for a rule's field: the phases are the sheet's numbered steps, under
    its "Your turn"; a rule of a part of the game the ruleset does not play (teams, neutral
    armies, missions) waits in that part's section, which the player may add."""
    from ..sheets.places import section_of

    family = rule.partition(".")[0]
    if family in FormSection.OPTIONAL and not any(
        c.id.startswith(family + ".") for c in eff.clauses
    ):
        return family
    return "turn" if rule == "turn.phases" else section_of(rule, phases)


def _sections(
    places: dict[str, list[FormField]],
    phases: list[str],
    speaker: Sentences | None,
    tr: gettext.NullTranslations,
    lang: str,
) -> tuple[FormSection, ...]:
    """The form's sections with fields, in the sheet's order: the setup, the turn's phases as
    numbered steps (titled as the sheet titles them), then the rest; a part of the game the
    player may add names where its rules come from."""
    from ..sheets.places import BEFORE_TURN, after_turn
    from ..sheets.summary import SECTION_TITLES

    _ = tr.gettext
    sections = [
        FormSection(k, _(SECTION_TITLES[k]), None, tuple(places.get(k, [])))
        for k in (*BEFORE_TURN, "turn")
    ]
    for number, phase in enumerate(phases, start=1):
        title = speaker.step(phase) if speaker is not None else phase
        sections.append(FormSection(phase, title, number, tuple(places.get(phase, []))))
    for key in after_turn([k for k in places if k != "turn"], phases):
        sections.append(
            FormSection(key, _(SECTION_TITLES.get(key, key)), None, tuple(places.get(key, [])))
        )
    return tuple(
        FormSection(s.key, s.title, s.number, s.fields, parts.sources(s.key, lang))
        if s.addable
        else s
        for s in sections
        if s.fields
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
    said = _said(say, clause) or _in_words(words, clause if say is not None else None)
    was = _said(base_say, before) or _in_words(words, before if base_say is not None else None)
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
        keys=_in_order(_keys(spec, eff), _rows(clause) or _rows(before)),
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
        options=_options(spec, choices, words, ws.index.boards),
        word=(choices[0], words.choice(choices[0])) if spec.kind in NUMBER_WORDS else None,
        row_names=_row_names(spec, eff, words),
        cell_options=tuple((c, words.choice(c)) for c in spec.choices)
        if spec.kind == Kind.BY_TERRITORY
        else (),
        presets=presets(rule, lang),
        note=_note(clause) if own else {},
        trade=_trade(clause or before, words),
    )


def _options(
    spec: RuleSpec, choices: tuple[str, ...], words: Words, boards: dict[str, m.Board]
) -> tuple[tuple[str, str], ...]:
    """A menu's options: each value (what the form posts) and its words in the page's language
    (a board by its title)."""
    if spec.kind == Kind.BOOL:
        return (("yes", words._("yes")), ("no", words._("no")))
    if spec.kind == Kind.BOARD:  # a board by what it holds, in the page's words
        return tuple((name, _board_words(boards.get(name), name, words)) for name in choices)
    if spec.kind == Kind.CHOICE:
        return tuple((c, words.choice(c)) for c in choices)
    return ()


def _board_words(board: m.Board | None, name: str, words: Words) -> str:
    if board is None:
        return name
    said = words._("{territories} territories in {continents} continents")
    return said.format(territories=len(board.territories), continents=len(board.continents))


def _row_names(spec: RuleSpec, eff: EffectiveRuleset, words: Words) -> tuple[tuple[str, str], ...]:
    """A table's rows by their names in the page's language (a continent's, a territory's);
    a player count's row is named by the page itself."""
    board = eff.board
    if board is None:
        return ()
    if spec.kind == Kind.BY_CONTINENT:
        return tuple((c.id, c.name(words.lang)) for c in board.continents)
    if spec.kind == Kind.BY_TERRITORY:
        return tuple((t.id, t.name(words.lang)) for t in board.territories)
    return ()


def _trade(clause: m.Clause | None, words: Words) -> TradeTable | None:
    """A schedule's values as the table the form shows (assumed marks left out)."""
    if clause is None:
        return None
    value = m.strip_assumed(clause.value)
    if not isinstance(value, m.Schedule):
        return None
    if value.kind == "by_kind":
        given = (
            {str(e.key): value_text(m.strip_assumed(e.value)) for e in value.table.entries}
            if value.table
            else {}
        )
        rows = tuple((k, words.choice(k), given.get(k, "")) for k in SET_KINDS)
        return TradeTable("by_kind", rows=rows)
    return TradeTable(value.kind, value.values, value.step)


def _note(clause: m.Clause | None) -> dict[str, str]:
    """The author's note on the rule, by language (a plain string is English)."""
    if clause is None or not clause.note:
        return {}
    note = clause.note
    if isinstance(note, m.Localized) and note.texts:
        return dict(note.texts)
    return {"en": str(note)}


def _said(say: Sentences | None, clause: m.Clause | None) -> Said | None:
    """The rule's sentence on the sheet; for the turn's phases, the sheet's numbered steps."""
    from markupsafe import Markup, escape

    from ..sheets.places import sheet_phases
    from ..sheets.sentences import Said

    if say is None or clause is None:
        return None
    if clause.id != "turn.phases":
        return say.say(clause)
    steps = [f"{n}. {escape(say.step(p))}" for n, p in enumerate(sheet_phases(say.rules), 1)]
    return Said(Markup(" · ".join(steps))) if steps else None


def _in_words(words: Words, clause: m.Clause | None) -> Said | None:
    """A rule the sheet has no sentence of its own for (a mission's text or goal), said in
    the page's words all the same: never its rules text."""
    from markupsafe import Markup, escape

    from ..sheets.sentences import Said

    if clause is None:
        return None
    return Said(Markup(escape(words.value(clause.value))))


def _keys(spec: RuleSpec, eff: EffectiveRuleset) -> tuple[str, ...]:
    """The keys a table of this kind takes in this ruleset: its board's continents or
    territories, the player counts `players` allows, or the sheets' languages."""
    board = eff.board
    if spec.kind == Kind.TEXT:
        return SHEET_LANGUAGES
    if spec.kind == Kind.BY_CONTINENT and board is not None:
        return tuple(c.id for c in board.continents)
    if spec.kind == Kind.BY_TERRITORY and board is not None:
        return tuple(t.id for t in board.territories)
    if spec.kind == Kind.BY_PLAYERS:
        players = player_range(eff)
        if players is not None and players[1] - players[0] < 100:
            return tuple(str(n) for n in range(players[0], players[1] + 1))
    return ()


def _in_order(keys: tuple[str, ...], rows: tuple[tuple[str, str], ...] | None) -> tuple[str, ...]:
    """A table's keys in the order its value writes them (the base's), then the others: a
    table is shown, and written back, in the order the player knows it."""
    written = [k for k, _ in rows or ()]
    return (*[k for k in written if k in keys or not keys], *[k for k in keys if k not in written])


def _text(clause: m.Clause | None) -> str | None:
    """The value as a house rule states it: without `assumed` marks, at any depth (a preset
    is matched against it, and the author's own formula starts from it)."""
    from ..authoring.scaffold import plain

    return value_text(plain(clause.value)) if clause is not None else None


def _rows(clause: m.Clause | None) -> tuple[tuple[str, str], ...] | None:
    if clause is None:
        return None
    value = m.strip_assumed(clause.value)
    if not isinstance(value, m.Table):
        return None
    return tuple(
        (
            key_text(e.key),
            e.value.text if isinstance(e.value, m.Text) else value_text(e.value, top=False),
        )
        for e in value.entries
    )


def quoted(words: str) -> str:
    """Words a player typed as the rules text writes them: a string (a mission's text in one
    language), quoted and escaped."""
    from ...grammar.printer import quote

    return quote(words)


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
