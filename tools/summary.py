"""A one-sheet rule summary built from the effective ruleset, in en, da or nl.

The sheet is a view model (sections of rows, footnotes, changes against the base); the
templates in tools/templates/ render it as HTML or Markdown, and tools/pdf.py prints the HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

import jinja2

from ..engine.rules import Rules
from ..grammar import model as m
from ..grammar.library import Workspace
from ..grammar.resolve import EffectiveRuleset
from ..grammar.schema import lookup
from .describe import Words
from .i18n import N_, translations

SECTIONS = (
    ("setup", N_("Setup")),
    ("turn", N_("A turn")),
    ("reinforcements", N_("Reinforcements")),
    ("cards", N_("RISK cards")),
    ("combat", N_("Combat")),
    ("conquest", N_("Conquest")),
    ("fortify", N_("Fortifying")),
    ("elimination", N_("Elimination")),
    ("victory", N_("Victory")),
    ("neutrals", N_("Neutral armies")),
    ("missions", N_("Missions")),
    ("teams", N_("Teams")),
)
# The manuals' examples of the territory formula (004 and 001: 11, 14 and 17 territories).
EXAMPLE_TERRITORIES = (11, 14, 17)


@dataclass
class Row:
    rule: str
    label: str
    value: str
    notes: list[int] = field(default_factory=list)
    assumed: bool = False
    base: str | None = None  # the base ruleset's value, when this ruleset changes it
    cells: list[list[str]] = field(default_factory=list)  # a small table instead of a value
    added: bool = False  # a rule this ruleset adds to its base


@dataclass
class Section:
    key: str
    title: str
    rows: list[Row] = field(default_factory=list)


@dataclass
class Sheet:
    name: str
    title: str
    lang: str
    chain: list[str]
    base: str | None
    sections: list[Section]
    footnotes: list[str]
    assumed: list[str]
    changes: list[Row]
    strings: dict[str, str]
    manuals: list[tuple[str, str]] = field(default_factory=list)  # (id, title) of those cited
    has_assumed: bool = False  # some value is assumed (the reasons are shown in English only)


def _title(eff: EffectiveRuleset, doc: str) -> str:
    source = eff.source(doc)
    return source.title if source is not None and source.title else doc


def build(rules: Rules, lang: str, base: EffectiveRuleset | None = None) -> Sheet:
    """The summary sheet of a ruleset in `lang`, with its changes against `base`."""
    eff = rules.effective
    tr = translations(lang)
    _ = tr.gettext
    words = Words(tr, lang, eff.board)
    footnotes: list[str] = []
    assumed_notes: list[str] = []
    base_of = {c.id: c for c in base.clauses} if base else {}
    own = {c.id for c in eff.ruleset.clauses}

    documents: list[str] = []  # the manuals the notes cite, in order of first note

    def notes_for(clause: m.Clause) -> list[int]:
        """One note a rule: the passage in the manual the reader most likely holds (one the
        ruleset's own rules cite, then one in the sheet's language, then the first)."""
        out = []
        for cite in eff.for_reader(clause.citations, lang)[:1]:
            if cite.document not in documents:
                documents.append(cite.document)
            where = f"p. {cite.page}" if cite.page is not None else ""
            where = where or (f"§ {cite.section}" if cite.section else "")
            text = f"{cite.document} {where}".strip()
            if text not in footnotes:
                footnotes.append(text)
            number = footnotes.index(text) + 1
            if number not in out:
                out.append(number)
        return out

    def row(
        clause: m.Clause, value: str | None = None, cells: list[list[str]] | None = None
    ) -> Row:
        if clause.assumed:
            for reason in m.assumed_reasons(clause.value):
                if reason not in assumed_notes:
                    assumed_notes.append(reason)
        changed = None
        shown = words.value(clause.value) if value is None else value
        if base is not None and clause.id in own and clause.id in base_of:
            before = words.value(base_of[clause.id].value)
            # A change that reads the same on paper (a new citation, an `assumed` reason, the
            # same value written differently) is no change to a player.
            changed = before if before != shown else None
        return Row(
            clause.id,
            words.label(clause.id),
            shown,
            notes_for(clause),
            clause.assumed,
            changed,
            cells or [],
        )

    sections = {key: Section(key, _(title)) for key, title in SECTIONS}
    mission_rows: dict[str, dict[str, m.Clause]] = {}
    for clause in eff.clauses:
        if clause.id.startswith("missions.deck."):
            _prefix, _deck, mid, part = clause.id.split(".", 3)
            mission_rows.setdefault(mid, {})[part] = clause
            continue
        spec = lookup(clause.id)
        section = spec.section if spec else "setup"
        if section == "general":
            section = "setup"
        special = _special(rules, words, clause)
        if special is not None:
            value, cells = special
            sections[section].rows.append(row(clause, value, cells))
        else:
            sections[section].rows.append(row(clause))
    if mission_rows:
        cells = [[_("Rank"), _("Mission"), _("Done when")]]
        notes: list[int] = []
        for parts in mission_rows.values():
            rank, text, goal = parts.get("rank"), parts.get("text"), parts.get("goal")
            if rank and text and goal:
                notes = row(text).notes
                cells.append(
                    [words.value(rank.value), words.value(text.value), words.value(goal.value)]
                )
        sections["missions"].rows.append(
            Row("missions.deck", _("Mission deck"), "", notes, True, cells=cells)
        )
    changes = []
    if base is not None:
        own_missions = {
            c.id.split(".")[2] for c in eff.ruleset.clauses if c.id.startswith("missions.deck.")
        }
        if own_missions:
            changes.append(
                Row(
                    "missions.deck",
                    _("Mission deck"),
                    _("{n} missions").format(n=len(own_missions)),
                    [],
                    True,
                    added=True,
                )
            )
        for clause in eff.ruleset.clauses:
            if clause.id.startswith("missions.deck."):
                continue
            if clause.id in base_of:
                again = row(clause)
                if again.base is not None:  # printed the same as the base's: not a change
                    changes.append(again)
            else:
                added = row(clause)
                added.added = True
                changes.append(added)
    strings = {
        "assumed": _("not from the manual: assumed"),
        "changes": _("Changes from {base}").format(base=base.name) if base else "",
        "was": _("was"),
        "new": _("new"),
        "sources": _("Sources"),
        "generated": _("Generated by riskrules from the ruleset {name}.").format(name=eff.name),
        "notes": _("Notes"),
    }
    return Sheet(
        name=eff.name,
        title=eff.title or eff.name,
        lang=lang,
        chain=list(eff.chain),
        base=base.name if base else None,
        sections=[s for s in sections.values() if s.rows],
        footnotes=footnotes,
        # The reasons are the ruleset author's words, in English: only an English sheet quotes
        # them; the others mark the values and say they are assumed, in their own language.
        assumed=assumed_notes if lang == "en" else [],
        has_assumed=bool(assumed_notes),
        manuals=[(doc, _title(eff, doc)) for doc in documents],
        changes=changes,
        strings=strings,
    )


def _special(rules: Rules, words: Words, clause: m.Clause) -> tuple[str, list[list[str]]] | None:
    """Renderings richer than a phrase: tables of numbers, the manuals' examples."""
    _ = words._
    rid = clause.id
    value = m.strip_assumed(clause.value)
    if rid == "board" and words.board is not None:
        board = words.board
        text = _("{territories} territories in {continents} continents").format(
            territories=len(board.territories), continents=len(board.continents)
        )
        return text, []
    if rid == "setup.start_armies" and isinstance(value, m.Table):
        cells = [[_("players"), _("armies each")]] + [
            [str(e.key), words.value(e.value)] for e in value.entries
        ]
        return "", cells
    if rid == "continents.bonus" and isinstance(value, m.Table):
        cells = [[_("continent"), _("armies")]] + [
            [words.continent(str(e.key)), words.value(e.value)] for e in value.entries
        ]
        return "", cells
    if rid == "reinforcements.territories":
        examples = ", ".join(
            f"{n} → {rules.territory_reinforcements(n)}" for n in EXAMPLE_TERRITORIES
        )
        text = words.value(clause.value)
        return _("{formula} (for example {examples})").format(formula=text, examples=examples), []
    if rid == "cards.trade_values" and isinstance(value, m.Schedule):
        if value.kind == "by_kind" and value.table is not None:
            cells = [[_("set"), _("armies")]] + [
                [words.choice(str(e.key)), words.value(e.value)] for e in value.table.entries
            ]
            return "", cells
        if value.kind in ("sequence", "track"):
            shown = [rules.trade_value(n) for n in range(1, 11)]
            row = [str(n) for n in range(1, 11)]
            cells = [[_("set"), *row], [_("armies"), *[str(v) for v in shown]]]
            return words.schedule(value), cells
    if rid in ("combat.attacker.dice", "combat.defender.dice"):
        attacker = rid == "combat.attacker.dice"
        counts = range(1, 5) if attacker else range(1, 4)
        header = [_("armies in the territory")] + [
            str(n) + ("+" if n == max(counts) else "") for n in counts
        ]
        dice = [_("dice")]
        for n in counts:
            if attacker and not rules.attack_allowed(n):
                dice.append("—")
                continue
            low, high = rules.attacker_dice(n) if attacker else rules.defender_dice(n)
            dice.append(str(high) if low == high else f"{low}–{high}")
        return "", [header, dice]
    if rid == "cards.symbols" and isinstance(value, m.Table):
        symbols: dict[str, int] = {}
        for entry in value.entries:
            word = words.value(entry.value)
            symbols[word] = symbols.get(word, 0) + 1
        return ", ".join(f"{n} {w}" for w, n in symbols.items()), []
    return None


def _environment() -> jinja2.Environment:
    loader = jinja2.FunctionLoader(
        lambda name: (
            resources.files("riskrules.tools")
            .joinpath(f"templates/{name}")
            .read_text(encoding="utf-8")
        )
    )
    return jinja2.Environment(
        loader=loader,
        autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def build_for(ws: Workspace, eff: EffectiveRuleset, lang: str) -> Sheet:
    """The sheet of a located ruleset, with its changes against its base (if it has one)."""
    base = ws.resolved.get(eff.ruleset.extends) if eff.ruleset.extends else None
    return build(Rules(eff), lang, base)


def render(sheet: Sheet, fmt: str) -> str | bytes:
    if fmt == "md":
        return render_markdown(sheet)
    html = render_html(sheet)
    if fmt == "pdf":
        from .pdf import html_to_pdf

        return html_to_pdf(html)
    return html


def render_html(sheet: Sheet) -> str:
    return _environment().get_template("summary.html.j2").render(sheet=sheet)


def render_markdown(sheet: Sheet) -> str:
    env = _environment()
    env.autoescape = False  # Markdown: cells are escaped by the `cell` filter instead
    env.filters["cell"] = lambda text: str(text).replace("|", "\\|").replace("\n", " ")
    return env.get_template("summary.md.j2").render(sheet=sheet)
