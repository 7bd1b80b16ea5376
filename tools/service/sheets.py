"""The printed pages: a ruleset's rule sheet, and the differences between rulesets."""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ...grammar.messages import msg
from ...grammar.resolve import EffectiveRuleset
from .errors import UsageError
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ...engine.rules import Rules
    from ..sheets.diff import Difference

SheetFormat = Literal["html", "md", "pdf"]
# What `summary` prints: the rule sheet, or the reference card (the turn, the bonuses, the
# trade values and the dice on one side of an A5 or half-letter card; HTML or PDF).
LAYOUTS = ("sheet", "card")


@dataclass(frozen=True)
class RuleSheet:
    ruleset: str
    lang: str
    format: str
    data: str | bytes  # PDF: bytes; HTML and Markdown: text
    pages: int | None = None  # the pages it prints on (None: not laid out, as Markdown)
    most_pages: int = 2  # what a sheet should fit (a longer one says so at its top)

    @property
    def too_long(self) -> bool:
        return self.pages is not None and self.pages > self.most_pages


def summary(
    snapshot: Snapshot,
    ref: str,
    lang: str | None = None,
    fmt: str = "html",
    citations: str | None = None,
    paper: str = "a4",
    layout: str = "sheet",
) -> RuleSheet:
    """The rule sheet, in the language of the ruleset's own manual unless `lang` says which;
    citations `none`, `sections` or `rules` (None: a line under each section on a built-in's
    sheet, none on a house rule's, which prints its author's notes); paper `a4` or `letter`.
    Layout `card`: the reference card instead (no citations; paper `a4` prints it on A5,
    `letter` on half-letter, landscape; HTML or PDF). PDF needs WeasyPrint (the `pdf` extra):
    without it, a UsageError says how to install it; HTML and Markdown never load it. `ref`:
    the ruleset in `snapshot`."""
    from ..sheets.pdf import PdfUnavailable
    from ..sheets.summary import MOST_PAGES, build_for, render_paged, sheet_language

    if layout not in LAYOUTS:
        raise UsageError(
            msg(
                "no layout '{layout}' (one of {layouts})", layout=layout, layouts=", ".join(LAYOUTS)
            )
        )
    if layout == "card" and fmt == "md":
        raise UsageError(msg("the card is HTML or PDF: --format html or pdf (.html, .pdf)"))
    rules = snapshot.rules(ref)
    eff = rules.effective
    language = lang or sheet_language(eff)
    try:
        if layout == "card":
            from ..sheets.card import build_card, render_card

            base = _changes_against(snapshot, eff)
            data, pages = render_card(build_card(rules, language, paper, base), fmt)
            return RuleSheet(eff.name, language, fmt, data, pages, 1)
        base = snapshot.rules(eff.ruleset.extends) if eff.ruleset.extends else None
        builtin = eff.ruleset.span.file in snapshot.workspace.builtin
        sheet = build_for(rules, base, builtin, language, citations, paper)
        data, pages = render_paged(sheet, fmt)
    except PdfUnavailable as exc:  # a missing PDF library is the user's to fix
        raise UsageError(str(exc)) from None
    return RuleSheet(eff.name, language, fmt, data, pages, MOST_PAGES)


def _changes_against(snapshot: Snapshot, eff: EffectiveRuleset) -> Rules | None:
    """The base a ruleset's card marks its changes against: a house rule's or a built-in
    variant's (a built-in manual's base is the shared `classic`, which no one plays), as its
    sheet's box of changes is."""
    ws = snapshot.workspace
    base = ws.resolved.get(eff.ruleset.extends) if eff.ruleset.extends else None
    if base is None or (eff.ruleset.span.file in ws.builtin and base.ruleset.extends is None):
        return None
    return snapshot.rules(base)


def sheet_language(snapshot: Snapshot, ref: str) -> str:
    """The language `summary` prints the ruleset's sheet in when none is asked for: its own
    manual's, else English (errors or not: nothing is laid out)."""
    from ..sheets.summary import sheet_language as own

    return own(snapshot.ruleset(ref))


def pdf_available() -> bool:
    """Whether a PDF can be made here (WeasyPrint and its libraries, the `pdf` extra): where
    not, a page offers the browser's print of the same sheet instead."""
    from ..sheets.pdf import PdfUnavailable, _weasyprint

    try:
        _weasyprint()
    except PdfUnavailable:
        return False
    return True


def sheet_scripts() -> tuple[str, ...]:
    """The hashes (`sha256-…`, as a Content-Security-Policy names them) of the inline scripts
    a sheet's HTML carries: its print fitting (sheets/printfit.py), for a host that allows only
    the scripts it names."""
    from ..sheets.printfit import SCRIPT_HASH

    return (SCRIPT_HASH,)


def languages() -> tuple[str, ...]:
    """The languages a sheet, and a page around it, can be in."""
    from ..sheets.i18n import LANGUAGES

    return tuple(LANGUAGES)


def translations(lang: str) -> gettext.NullTranslations:
    """The sheets' message catalogue for `lang`, for a front end's own words (the studio's)."""
    from ..sheets.i18n import LANGUAGES
    from ..sheets.i18n import translations as catalogue

    if lang not in LANGUAGES:
        raise UsageError(
            msg(
                "no language '{lang}' (one of {languages})",
                lang=lang,
                languages=", ".join(LANGUAGES),
            )
        )
    return catalogue(lang)


@dataclass(frozen=True)
class Diff:
    """Every rule whose effective value differs between the rulesets, in their order."""

    rulesets: tuple[EffectiveRuleset, ...]
    rows: tuple[Difference, ...]

    @property
    def names(self) -> list[str]:
        return [eff.name for eff in self.rulesets]

    def titles(self, lang: str) -> list[str]:
        """The rulesets' titles in `lang`, as a page shows them (never their ids)."""
        from .rulesets import title_in

        return [title_in(eff, lang) for eff in self.rulesets]

    def citations(self, lang: str) -> list[dict[str, list[str]]]:
        """Each row's citations by ruleset, as a reader in `lang` is shown them: the manual by
        its title, the page, the anchor's words (the page's form of `to_json`'s ids)."""
        from ..sheets.diff import cited
        from ..sheets.i18n import translations

        page_word = translations(lang).gettext("p.")
        return [
            {
                eff.name: [cited(eff, c, page_word) for c in row.cites.get(eff.name, [])]
                for eff in self.rulesets
            }
            for row in self.rows
        ]

    def said(self, lang: str) -> list[dict[str, object]]:
        """Each row as a reader reads it: the rule's label, each ruleset's sentence (HTML) and
        table, citations and note (the pages' form; `to_json` keeps ids and rules text)."""
        from ..sheets.diff import said

        return said(list(self.rulesets), list(self.rows), lang)

    def to_json(self) -> dict[str, object]:
        return {"rulesets": self.names, "differences": [d.to_json() for d in self.rows]}

    def document(self, fmt: Literal["text", "md", "html"], lang: str = "en") -> str:
        """As plain text, a Markdown table, or a printable HTML page in `lang`."""
        from ..sheets.diff import html, markdown, text

        rows = list(self.rows)
        if fmt == "md":
            return markdown(self.names, rows)
        if fmt == "html":
            return html(list(self.rulesets), rows, lang)
        return text(self.names, rows)


def diff(snapshot: Snapshot, refs: list[str]) -> Diff:
    """The differences between the rulesets `refs` of `snapshot`."""
    from ..sheets.diff import differences

    if len(refs) < 2:
        raise UsageError(msg("diff needs at least two rulesets"))
    effective = [snapshot.checked(ref) for ref in refs]
    names = [eff.name for eff in effective]
    if len(set(names)) != len(names):
        raise UsageError(msg("name each ruleset once"))
    return Diff(tuple(effective), tuple(differences(effective)))
