"""A rule sheet built from the effective ruleset, in en, da or nl: what a player pins to the wall.

The sheet is a view model: the setup, the turn as numbered steps (the ruleset's phases, each
with its rules beneath it), then the sections a variant adds; each rule is a sentence from
tools/sentences.py. The templates in tools/templates/ render it as HTML or Markdown and
tools/pdf.py prints the HTML.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import jinja2
from markupsafe import Markup

from ...engine.rules import Rules
from ...grammar import model as m
from ...grammar.resolve import EffectiveRuleset
from ...grammar.schema import CATALOGUE
from ..shared.escape import html_value, markdown, markdown_of_html
from .battle import battle_box
from .describe import Words
from .i18n import N_, translations
from .places import BEFORE_TURN, CARD_RULES, after_turn, cards_off, section_of, sheet_phases
from .reasons import REASON_SHOWN as REASON_SHOWN
from .reasons import shown_reasons
from .sentences import TEMPLATES, Sentences

if TYPE_CHECKING:
    from .pdf import Fit

SECTION_TITLES = {
    "setup": N_("Setup"),
    "neutrals": N_("Neutral armies"),
    "teams": N_("Teams"),
    "turn": N_("Your turn"),
    "victory": N_("Winning"),
    "reinforcements": N_("Reinforcements"),
    "cards": N_("RISK cards"),
    "combat": N_("Combat"),
    "conquest": N_("Conquest"),
    "fortify": N_("Fortifying"),
    "elimination": N_("Elimination"),
    "missions": N_("Missions"),
}
# A sentence that finishes the one before it ("Make one move:" + "… to an adjacent one").
CONTINUES = {
    "fortify.reach": "fortify.moves",
    "elimination.trade_down_to": "elimination.trade_at",
    "elimination.trade_placement": "elimination.trade_down_to",
}
ORDER = {spec.id: i for i, spec in enumerate(CATALOGUE)}
# A variant's sheet promises at most two pages (a manual's own, one). One that runs longer
# (a board of its own with many territories, long names) says so at its top.
MOST_PAGES = 2
# The box of changes lists up to CHANGES_LISTED changed rules with what they were (the built-in
# variants list at most 4); more are counted there and marked where they stand, as many new
# rules are: a house rule that changes every rule would print each sentence twice.
CHANGES_LISTED = 8


@dataclass
class Line:
    rules: list[str]
    text: Markup
    cells: list[list[str]] = field(default_factory=list)
    assumed: bool = False
    inherited: bool = False  # the base's rule, kept on purpose (`inherit RULE because …`)
    changed: bool = False
    was: Markup | None = None  # the base's sentence, where this ruleset changes it
    added: bool = False  # a rule the base does not have
    was_cells: list[list[str]] = field(default_factory=list)  # the base's table, where changed
    note: str | None = None  # the author's own words on the rule (`note`), in the sheet's language
    # The rule's cases the manual leaves open (`assumed tie because …`), each a sentence of its
    # own marked †, while the rule's own sentence (the manual's) is not.
    edges: list[Markup] = field(default_factory=list)
    notes: list[int] = field(default_factory=list)  # footnote numbers (citations=rules)
    cites: list[m.Citation] = field(default_factory=list)  # the passages the reader is shown


@dataclass
class Block:
    key: str
    title: str
    lines: list[Line] = field(default_factory=list)
    number: int | None = None  # a step of the turn
    sources: str = ""  # "Kommandomanual, s. 4–5" (citations=sections)


@dataclass
class Sheet:
    name: str
    title: str
    lang: str
    base: str | None
    before: list[Block]  # setup and the sections that come before the turn
    steps: list[Block]  # the turn, numbered
    after: list[Block]  # winning, and what does not fit a step
    changes: list[Line]
    strings: dict[str, str]
    citations: str = "sections"
    paper: str = "a4"
    footnotes: list[str] = field(default_factory=list)
    manuals: list[str] = field(default_factory=list)  # the manuals cited, by title
    assumed: list[str] = field(default_factory=list)  # the reasons, in the sheet's language
    has_assumed: bool = False
    inherited: list[str] = field(default_factory=list)  # why rules are the base's ("": untold)
    pages: int | None = None  # set when the sheet runs past MOST_PAGES: it says so
    # The attacker's chance of taking the territory in FIGHTS, the base's beside this ruleset's
    # (a header row, then one row a fight), when the combat rules differ from the base's.
    battle: list[list[str]] = field(default_factory=list)

    @property
    def blocks(self) -> list[Block]:
        return [*self.before, *self.steps, *self.after]

    @property
    def lines(self) -> list[Line]:
        return [line for block in self.blocks for line in block.lines]


def _where(cite: m.Citation, lang: str) -> str:
    if cite.page is not None:
        return str(cite.page)
    return cite.section or ""


def _pages(numbers: list[int], word: str) -> str:
    """[4, 5, 7] → "s. 4–5, 7"."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    text = ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
    return f"{word} {text}"


def build(
    rules: Rules,
    lang: str,
    base_rules: Rules | None = None,
    citations: str = "sections",
    paper: str = "a4",
    changes: bool = True,
    file: str | None = None,
) -> Sheet:
    """The sheet of a ruleset in `lang`; with `base`, its changes against that base. `file`:
    the rules file's name, as the sheet's small print names it (None: a built-in)."""
    eff = rules.effective
    base = base_rules.effective if base_rules is not None else None
    tr = translations(lang)
    _ = tr.gettext
    words = Words(tr, lang, eff.board)
    say = Sentences(rules, words)
    base_say = Sentences(base_rules, Words(tr, lang, base.board)) if base_rules and base else None
    base_of = {c.id: c for c in base.clauses} if base else {}
    own = {c.id for c in eff.ruleset.clauses}
    page_word = _("p.")

    footnotes: list[str] = []
    manuals: list[str] = []
    reasons: list[str] = []
    has_assumed = False
    kept: list[str] = []  # the reasons of `inherit`, in the sheet's language ("": not in it)
    on_purpose = {i.id: i for i in eff.inherited_on_purpose()}

    def title_of(doc: str) -> str:
        source = eff.source(doc)
        return source.label if source is not None else doc

    def reader_cites(clause: m.Clause) -> list[m.Citation]:
        cites = eff.for_reader(clause.citations, lang)[:1]
        for cite in cites:
            full = eff.source(cite.document)
            name = (full.title if full and full.title else None) or cite.document
            if name not in manuals:
                manuals.append(name)
        return cites

    def note(cite: m.Citation) -> int:
        where = f"{page_word} {cite.page}" if cite.page is not None else (cite.section or "")
        text = f"{title_of(cite.document)}, {where}".rstrip(", ")
        if text not in footnotes:
            footnotes.append(text)
        return footnotes.index(text) + 1

    by_id = {c.id: c for c in eff.clauses}
    places: dict[str, list[m.Clause]] = {}
    phases = sheet_phases(rules)
    # Without cards, the sheet says so once and leaves out every rule about them.
    no_cards = cards_off(rules)
    mission_parts: dict[str, dict[str, m.Clause]] = {}
    for clause in sorted(eff.clauses, key=lambda c: ORDER.get(_generic(c.id), len(ORDER))):
        if clause.id.startswith("missions.deck."):
            _p, _d, mid, part = clause.id.split(".", 3)
            mission_parts.setdefault(mid, {})[part] = clause
            continue
        if clause.id == "turn.phases":
            continue
        if no_cards and clause.id in CARD_RULES:
            continue
        places.setdefault(section_of(clause.id, phases), []).append(clause)

    def remember_reasons(clause: m.Clause) -> None:
        """The reasons of an assumed value, in the sheet's language only (a reason given in
        English alone is not quoted on a Danish or Dutch sheet; the value is still marked)."""
        nonlocal has_assumed
        has_assumed = True
        found = m.assumed_reasons(clause.value) + [e.reason for e in clause.edges]
        for reason in found:
            said_reason = m.reason_in(reason, lang)
            if said_reason and said_reason not in reasons:
                reasons.append(said_reason)

    def line_of(clause: m.Clause) -> Line | None:
        said = say.say(clause)
        if said is None:
            return None
        line = Line([clause.id], said.text, said.cells, assumed=clause.assumed)
        line.note = _note_in(clause.note, lang)
        line.edges = [t for e in clause.edges if (t := say.edge(clause, e.name)) is not None]
        if clause.assumed or line.edges:
            remember_reasons(clause)
        if (inherit := on_purpose.get(clause.id)) is not None:
            line.inherited = True
            kept.append(m.reason_in(inherit.reason, lang) or "")
        if base_say is not None and clause.id in own:
            before = base_of.get(clause.id)
            was = base_say.say(before) if before is not None else None
            if before is None:
                line.added = True
                line.changed = True
            elif was is not None and (was.text, was.cells) != (said.text, said.cells):
                line.changed = True
                # The old sentence where it changed, and the old table as a table: the box
                # shows what the rule was in the form it shows what it is.
                if was.text != said.text:
                    line.was = was.text
                line.was_cells = was.cells
        line.cites = reader_cites(clause)
        return line

    def block_of(key: str, title: str, clauses: list[m.Clause], number: int | None = None) -> Block:
        block = Block(key, title, number=number)
        for clause in clauses:
            line = line_of(clause)
            if line is None:
                continue
            follows = CONTINUES.get(clause.id)
            if follows and block.lines and block.lines[-1].rules[-1] == follows:
                last = block.lines[-1]
                if (last.changed or line.changed) and not last.added:
                    first = last.was if last.was is not None else last.text
                    second = "" if line.added else (line.was if line.was is not None else line.text)
                    last.was = Markup(f"{first} {second}".strip())
                    old_first = last.was_cells if last.changed else last.cells
                    old_second = line.was_cells if line.changed else line.cells
                    last.was_cells = old_first + ([] if line.added else old_second)
                last.text = Markup(f"{last.text} {line.text}")
                last.rules.append(clause.id)
                last.cells += line.cells
                last.note = " ".join(n for n in (last.note, line.note) if n) or None
                last.assumed = last.assumed or line.assumed
                last.edges += line.edges
                last.inherited = last.inherited or line.inherited
                last.changed = last.changed or line.changed
                last.cites += line.cites
                continue
            block.lines.append(line)
        return block

    before = [
        block_of(key, _(SECTION_TITLES[key]), places.get(key, []))
        for key in BEFORE_TURN
        if places.get(key)
    ]
    steps = [
        block_of(phase, say.step(phase), places.get(phase, []), number)
        for number, phase in enumerate(phases, start=1)
    ]
    after_keys = after_turn(places, phases)
    after = [
        block_of(key, _(SECTION_TITLES.get(key, key)), places.get(key, []))
        for key in after_keys
        if places.get(key) or (key == "victory" and mission_parts)
    ]
    if mission_parts:
        winning = next(b for b in after if b.key == "victory")
        # A mission as its card words it, in the sheet's language; where the card's text is
        # not given in that language, its goal said in words (never another language's text).
        rows = [[_("Rank"), _("Mission")]]
        cites: list[m.Citation] = []
        for parts in mission_parts.values():
            rank, text, goal = parts.get("rank"), parts.get("text"), parts.get("goal")
            if rank and goal:
                said = _in_language(text.value, lang) if text else None
                if said is None:
                    done = words.condition(m.strip_assumed(goal.value))  # type: ignore[arg-type]
                    said = _("Done when {condition}").format(condition=done)
                rows.append([words.value(rank.value), said])
                cites = cites or reader_cites(text or goal)
        deck = Line(["missions.deck"], say.raw("missions", "deck"), rows, assumed=True, cites=cites)
        for parts in mission_parts.values():
            for clause in parts.values():
                remember_reasons(clause)
        winning.lines.append(deck)

    turn_clause = by_id.get("turn.phases")
    own_docs = eff.own_documents()
    blocks = [*before, *steps, *after]
    for block in blocks:
        cites = [c for line in block.lines for c in line.cites]
        if block.number == 1 and turn_clause is not None:
            cites = reader_cites(turn_clause) + cites
        cites.sort(key=lambda c: c.document not in own_docs)  # the reader's manual first
        if citations == "rules":
            for line in block.lines:
                line.notes = sorted({note(c) for c in line.cites})
        elif citations == "sections":
            block.sources = _sources(cites, title_of, page_word)
    if citations == "none":
        manuals.clear()

    everything = [line for block in blocks for line in block.lines]
    new_lines = [line for line in everything if line.added] if changes else []
    changed = [line for line in everything if line.changed and not line.added]
    # A few new rules are listed in the box as sentences; many (a whole variant) are counted.
    if len(new_lines) <= 3:
        changed += new_lines
        new_lines = []
    added = len(new_lines)
    counted = len(changed) if len(changed) > CHANGES_LISTED else 0
    if counted:
        changed = []
    if not changes:
        for line in everything:  # no box: no marks that point at one
            line.changed = False
    shown, cut, left_out = shown_reasons([r[:1].upper() + r[1:] for r in reasons])
    strings = {
        "assumed": _("not from the manual: assumed"),
        "inherited": _("not from this manual: the base's rule, kept on purpose"),
        "cut": _("Reasons ending in … are shortened: the rules file gives them in full.")
        if cut
        else "",
        "more": tr.ngettext(
            "{n} more reason is given in the rules file.",
            "{n} more reasons are given in the rules file.",
            left_out,
        ).format(n=left_out)
        if left_out
        else "",
        "long": _("This sheet runs to {n} pages: the ruleset's texts are long."),
        "fit": _("Set in the largest type ({size} pt): the rules fill {full}% of the page."),
        "changes": _("Changes from {base}").format(base=m.title_in(base.ruleset, lang))
        if base
        else "",
        "was": _("was"),
        "new": tr.ngettext(
            "{n} new rule, marked like this paragraph.",
            "{n} new rules, marked like this paragraph.",
            added,
        ).format(n=added)
        if added
        else "",
        "new_md": tr.ngettext("{n} new rule, marked ▌.", "{n} new rules, marked ▌.", added).format(
            n=added
        ),
        "changed": tr.ngettext(
            "{n} rule changed, marked like this paragraph.",
            "{n} rules changed, marked like this paragraph.",
            counted,
        ).format(n=counted)
        if counted
        else "",
        "changed_md": tr.ngettext(
            "{n} rule changed, marked ▌.", "{n} rules changed, marked ▌.", counted
        ).format(n=counted),
        "added": _("new"),
        "sources": _("Sources"),
        "turn": _("Your turn"),
        "generated": _("Made by riskrules from {file}.").format(file=file)
        if file
        else _("Made by riskrules from the printed rules."),
        "battle": _("Battles"),
        "battle_lead": _(
            "The attacker's chance of taking the territory, attacking armies against defending"
            " ones (the attacking territory holds one army more), each side rolling all it may:"
        ),
    }
    battle = (
        battle_box(
            rules,
            base_rules,
            m.title_in(eff.ruleset, lang),
            m.title_in(base_rules.effective.ruleset, lang),
            tr,
            lang,
        )
        if base_rules is not None
        and changes
        and any(
            line.changed for line in everything if any(r.startswith("combat.") for r in line.rules)
        )
        else []
    )
    return Sheet(
        name=eff.name,
        title=m.title_in(eff.ruleset, lang),
        lang=lang,
        base=base.name if base else None,
        before=[b for b in before if b.lines],
        steps=steps,
        after=[b for b in after if b.lines],
        changes=changed if changes else [],
        strings=strings,
        citations=citations,
        paper=paper,
        footnotes=footnotes if citations == "rules" else [],
        manuals=manuals,
        # The reasons in the sheet's language only: where an author gave one in English alone,
        # other sheets mark the value as assumed without quoting it.
        assumed=shown,
        has_assumed=has_assumed,
        inherited=list(dict.fromkeys(r[:1].upper() + r[1:] for r in kept)),
        battle=battle,
    )


def _note_in(note: str | None, lang: str) -> str | None:
    """The author's note in the sheet's language: a note in one string is printed on every
    sheet; a note per language on the sheets of the languages it gives."""
    if note is None:
        return None
    if isinstance(note, m.Localized) and note.texts:
        return note.in_language(lang)
    return str(note) or None


def _in_language(value: m.Value, lang: str) -> str | None:
    value = m.strip_assumed(value)
    if isinstance(value, m.Table):
        for entry in value.entries:
            if entry.key == lang and isinstance(entry.value, m.Text):
                return entry.value.text
    return None


def _generic(rule_id: str) -> str:
    if rule_id.startswith("missions.deck."):
        return "missions.deck.*." + rule_id.rsplit(".", 1)[1]
    return rule_id


def _sources(cites: list[m.Citation], title_of: Callable[[str], str], page_word: str) -> str:
    """One short line naming the manuals of a block by title, with pages or sections, the
    first-cited manual first: "Kommandomanual, s. 4–5"."""
    docs: dict[str, tuple[list[int], list[str]]] = {}
    for cite in cites:
        pages, sections = docs.setdefault(cite.document, ([], []))
        if cite.page is not None:
            pages.append(cite.page)
        elif cite.section and cite.section not in sections:
            sections.append(cite.section)
    parts = []
    for doc, (pages, sections) in docs.items():
        where = [_pages(pages, page_word)] if pages else []
        where += [f"“{s}”" for s in sections]
        parts.append(f"{title_of(doc)}, {', '.join(where)}" if where else title_of(doc))
    return "; ".join(parts)


@functools.cache
def _environment(for_markdown: bool = False) -> jinja2.Environment:
    """The sheets' and the concordance's templates; summary.css reads the body type the PDF
    fitting chooses (tools/sheets/pdf.py), BASE_TYPE unless a template sets it. HTML escapes
    every value (`escape.html_value` and autoescape); Markdown passes every value through
    `escape.markdown` (a sentence, HTML, is made Markdown). One of each a process: it keeps
    its templates compiled (compiling them was an eighth of each layout the fitting makes, and
    most of a preview)."""
    from .pdf import BASE_TYPE

    env = jinja2.Environment(
        loader=TEMPLATES,
        autoescape=False
        if for_markdown
        else jinja2.select_autoescape(["html", "j2"], default=True),
        finalize=_markdown_value if for_markdown else html_value,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["base_type"] = BASE_TYPE
    return env


def sheet_language(eff: EffectiveRuleset) -> str:
    """The language of the ruleset's own manual (a da-2006 sheet is Danish), else English."""
    from .i18n import LANGUAGES

    languages = {
        source.language
        for doc in eff.own_documents()
        if (source := eff.source(doc)) is not None and source.language in LANGUAGES
    }
    return languages.pop() if len(languages) == 1 else "en"


def build_for(
    rules: Rules,
    base: Rules | None,
    builtin: bool,
    lang: str,
    citations: str | None = None,
    paper: str = "a4",
) -> Sheet:
    """The sheet of a located ruleset. The changes against its base are shown for a house rule
    or a built-in variant; a built-in manual's sheet (its base is the shared `classic`, which
    no one plays) shows the manual's rules without them. Citations (None: the default) are a
    line under each section for a built-in, none on a house rule's sheet (its author's notes
    say why; the manual's pages are the base's business). `base`: what it extends, if any."""
    eff = rules.effective
    show = base is not None and not (builtin and base.effective.ruleset.extends is None)
    chosen = citations or ("sections" if builtin else "none")
    file = None if builtin else os.path.basename(eff.ruleset.span.file)
    return build(rules, lang, base, chosen, paper, changes=show, file=file)


def render(sheet: Sheet, fmt: str) -> str | bytes:
    """The sheet as Markdown, HTML or PDF. Only the PDF is laid out here (WeasyPrint, fitted to
    the paper); the HTML is the browser's to lay out, its print CSS keeping together what the
    PDF keeps together, at the sheet's own type size."""
    return render_paged(sheet, fmt)[0]


def render_paged(sheet: Sheet, fmt: str) -> tuple[str | bytes, int | None]:
    """`render`, and the pages the sheet prints on (None when not laid out: Markdown and HTML).
    A PDF past MOST_PAGES says at its top how many pages it runs to: it is laid out again with
    that line until the count it gives is the count it has."""
    if fmt == "md":
        return render_markdown(sheet), None
    if fmt != "pdf":
        return render_html(sheet), None
    from .pdf import fit_layout, laid_out

    chosen = fit_layout(lambda fit: render_html(sheet, fit))
    doc, pages = chosen.doc, chosen.pages
    for _ in range(3):  # the line adds a line: the count settles at once or after one more
        if pages <= MOST_PAGES or sheet.pages == pages:
            break
        sheet = replace(sheet, pages=pages)
        doc, pages = laid_out(render_html(sheet, chosen.fit))
    return bytes(doc.write_pdf()), pages  # written once: the layout whose count it says


def render_html(sheet: Sheet, fit: Fit | None = None) -> str:
    """The sheet's HTML, set as `fit` says (the PDF fitting's choice; by default the sheet's
    own type size, as a browser prints it)."""
    from babel.numbers import format_decimal

    from .pdf import Fit

    fit = fit or Fit()
    size = format_decimal(fit.size, "0.0", locale=sheet.lang)  # "13,0" on a Danish sheet
    template = _environment().get_template("summary.html.j2")
    return template.render(sheet=sheet, fit=fit, size_said=size)


class _Markdown(str):
    """What a Markdown template has made itself (a macro's output): shown as it is."""


def _markdown_value(value: object) -> str:
    """Each value a Markdown template shows: a sentence (HTML) made Markdown, its own Markdown
    as it is, anything else (a title, a reason, a cell, a source's name) escaped."""
    if isinstance(value, _Markdown):
        return value
    return markdown_of_html(value) if isinstance(value, Markup) else markdown(value)


def render_markdown(sheet: Sheet) -> str:
    env = _environment(for_markdown=True)
    env.filters["as_markdown"] = _Markdown
    return env.get_template("summary.md.j2").render(sheet=sheet)
