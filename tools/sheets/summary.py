"""A rule sheet built from the effective ruleset, in en, da or nl: what a player pins to the wall.

The sheet is a view model: the setup, the turn as numbered steps (the ruleset's phases, each
with its rules beneath it), then the sections a variant adds; each rule is a sentence from
tools/sheets/sentences.py, made rule by rule in tools/sheets/assembly.py. The templates in
tools/sheets/templates/ render it as HTML or Markdown and tools/sheets/pdf.py prints the HTML.
"""

from __future__ import annotations

import functools
import gettext
import os
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import jinja2
from markupsafe import Markup

from ...engine.rules import Rules
from ...grammar import model as m
from ...grammar.resolve import EffectiveRuleset
from ..shared.escape import html_value, markdown, markdown_of_html
from ..shared.templates import compiled_templates
from .assembly import Gathering, placed
from .battle import battle_box
from .beside import beside
from .i18n import N_
from .places import BEFORE_TURN, after_turn, sheet_phases
from .reasons import REASON_SHOWN as REASON_SHOWN
from .reasons import shown_reasons
from .sentences import TEMPLATES
from .view import Line, Sheet

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
# A variant's sheet promises at most two pages (a manual's own, one). One that runs longer
# (a board of its own with many territories, long names) says so at its top.
MOST_PAGES = 2
# The box of changes lists up to CHANGES_LISTED changed rules with what they were (the built-in
# variants list at most 4); more are counted there and marked where they stand, as many new
# rules are: a house rule that changes every rule would print each sentence twice.
CHANGES_LISTED = 8


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
    made = Gathering(rules, lang, base_rules)
    _ = made.tr.gettext
    places, missions = placed(rules)
    phases = sheet_phases(rules)
    before = [
        made.block(key, _(SECTION_TITLES[key]), places.get(key, []))
        for key in BEFORE_TURN
        if places.get(key)
    ]
    steps = [
        made.block(phase, made.say.step(phase), places.get(phase, []), number)
        for number, phase in enumerate(phases, start=1)
    ]
    after = [
        made.block(key, _(SECTION_TITLES.get(key, key)), places.get(key, []))
        for key in after_turn(places, phases)
        if places.get(key) or (key == "victory" and missions)
    ]
    if missions:
        winning = next(b for b in after if b.key == "victory")
        winning.lines.append(made.mission_deck(missions))
    made.cite([*before, *steps, *after], citations)
    everything = [line for block in [*before, *steps, *after] for line in block.lines]
    box = _box(everything, changes)
    for line in box.listed:
        line.beside = beside(line.cells, line.was_cells, _("was"), _("new"))
    shown, cut, left_out = shown_reasons([r[:1].upper() + r[1:] for r in made.reasons])
    return Sheet(
        name=eff.name,
        title=m.title_in(eff.ruleset, lang),
        lang=lang,
        base=base.name if base else None,
        before=[b for b in before if b.lines],
        steps=steps,
        after=[b for b in after if b.lines],
        changes=box.listed,
        strings=_strings(made.tr, lang, base, file, box, cut, left_out),
        citations=citations,
        paper=paper,
        footnotes=made.footnotes if citations == "rules" else [],
        manuals=made.manuals,
        # The reasons in the sheet's language only: where an author gave one in English alone,
        # other sheets mark the value as assumed without quoting it.
        assumed=shown,
        has_assumed=made.has_assumed,
        inherited=list(dict.fromkeys(r[:1].upper() + r[1:] for r in made.kept)),
        battle=_battle(rules, base_rules, made.tr, lang, everything) if changes else [],
    )


@dataclass
class _Box:
    """The box of changes: the lines it lists, how many new rules and changed ones it only
    counts (marked where they stand)."""

    listed: list[Line]
    added: int
    counted: int


def _box(everything: list[Line], changes: bool) -> _Box:
    """What the box of changes holds (nothing without `changes`: then no line is marked as
    changed either, as no box is there to point at)."""
    new_lines = [line for line in everything if line.added] if changes else []
    changed = [line for line in everything if line.changed and not line.added]
    # A few new rules are listed in the box as sentences; many (a whole variant) are counted.
    if len(new_lines) <= 3:
        changed += new_lines
        new_lines = []
    counted = len(changed) if len(changed) > CHANGES_LISTED else 0
    if counted:
        changed = []
    if not changes:
        for line in everything:  # no box: no marks that point at one
            line.changed = False
    return _Box(changed if changes else [], len(new_lines), counted)


def _battle(
    rules: Rules,
    base: Rules | None,
    tr: gettext.NullTranslations,
    lang: str,
    everything: list[Line],
) -> list[list[str]]:
    """The battle box's rows, where a combat rule changed from the base's (else none)."""
    combat = any(
        line.changed for line in everything if any(r.startswith("combat.") for r in line.rules)
    )
    if base is None or not combat:
        return []
    titles = m.title_in(rules.effective.ruleset, lang), m.title_in(base.effective.ruleset, lang)
    return battle_box(rules, base, *titles, tr, lang)


def _strings(
    tr: gettext.NullTranslations,
    lang: str,
    base: EffectiveRuleset | None,
    file: str | None,
    box: _Box,
    cut: bool,
    left_out: int,
) -> dict[str, str]:
    """The sheet's own words around its rules, in its language ("": not shown)."""
    _ = tr.gettext
    added, counted = box.added, box.counted
    return {
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
        bytecode_cache=compiled_templates(),
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
    PDF keeps together, and its script (printfit.py) fitting the print as the PDF is fitted."""
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
    own type size, as a browser shows it, its print fitted by its script: printfit.py)."""
    from babel.numbers import format_decimal

    from . import printfit
    from .pdf import Fit

    fit = fit or Fit()
    size = format_decimal(fit.size, "0.0", locale=sheet.lang)  # "13,0" on a Danish sheet
    template = _environment().get_template("summary.html.j2")
    return template.render(
        sheet=sheet,
        fit=fit,
        size_said=size,
        page_margin=printfit.MARGIN_MM,
        fitting=printfit.figures(sheet.paper),
        print_script=printfit.script(),
    )


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
