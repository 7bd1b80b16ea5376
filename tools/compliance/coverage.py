"""The manual's side of compliance: which rule-bearing passages of a manual no rule cites.

A manual is split into passages (sentences, list items, numbered steps; the transcripts are
flattened text, so a passage also ends where a page marker, a bullet or a numbered step
begins). A passage is rule-bearing when it states a number of something the game counts
(armies, cards, dice, territories, players) or a modal (skal, må ikke, moet, mag niet, must …).
It is covered when the anchor of a clause of a ruleset that encodes the manual falls in it,
or when a ruleset marks it `ignore DOC page N "anchor" because "…"` (deliberately not encoded).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...grammar import model as m
from ...grammar.library import Workspace
from ...grammar.resolve import EffectiveRuleset
from .trace import Document, _document_text, fold

# Where a passage ends: after a sentence's stop, or before a bullet, a numbered step or a
# page marker (in the flattened transcripts these run on in one line).
_BREAK = re.compile(
    r"(?<=[.!?:])\s+(?=[A-ZÆØÅ0-9•\"“(])"  # a sentence ends
    r"|\s*[•·]\s*"  # a bullet
    r"|\s+(?=\d{1,2}\.\s+[A-ZÆØÅa-zæøå])"  # a numbered step: "2. Bland RISK-kortene"
    r"|\n+"
)

UNITS = {
    "da": r"hær|hære|hærene|armé|arméer|arméerne|kort|kortene|terning|terninger|territori\w*"
    r"|spiller\w*|forstærkning\w*|sæt",
    "nl": r"leger|legers|kaart|kaarten|dobbelste\w*|gebied\w*|speler\w*|set|sets",
    "en": r"arm(?:y|ies)|cards?|dice|die|territor\w+|players?|sets?",
}
# Numbers, not articles: Danish "en"/"et" and Dutch "een" are "a" far more often than "one";
# the manuals write the number with an accent ("én", "één") or in capitals ("ÉN").
NUMBER_WORDS = {
    "da": r"\d+|én|ét|to|tre|fire|fem|seks|syv|otte|ni|ti|tolv",
    "nl": r"\d+|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|twaalf",
    "en": r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve",
}
MODALS = {
    "da": r"skal|må(?: ikke)?|kan ikke|altid|aldrig|højst|mindst",
    "nl": r"moet(?:en)?|mag(?: niet)?|mogen(?: niet)?|altijd|nooit|hoogstens|minstens|minimaal",
    "en": r"must|may not|may|cannot|always|never|at most|at least",
}
_PAGE_MARK = re.compile(r"^\d{1,2} (?=\S)")  # a page number opening a transcript's line
SHORTEST = 4  # words: shorter fragments (a heading, a table cell) carry no rule of their own


@dataclass
class Passage:
    document: str
    page: int | None
    section: str | None
    text: str
    start: int  # in the folded text of the whole document
    end: int
    reasons: tuple[str, ...]

    @property
    def words(self) -> str:
        """Its first words (at most 8), to find it in the manual."""
        return " ".join(self.text.split()[:8])

    def where(self) -> str:
        if self.page is not None:
            return f"p. {self.page}"
        return f"§ {self.section}" if self.section else ""


@dataclass
class ManualCoverage:
    document: str
    title: str
    passages: list[Passage]  # the rule-bearing ones
    covered: list[Passage] = field(default_factory=list)
    ignored: list[Passage] = field(default_factory=list)
    uncovered: list[Passage] = field(default_factory=list)
    missing_ignores: list[dict[str, object]] = field(default_factory=list)

    @property
    def share(self) -> float:
        return (len(self.covered) + len(self.ignored)) / max(len(self.passages), 1)

    def to_json(self) -> dict[str, object]:
        return {
            "document": self.document,
            "title": self.title,
            "rule_bearing": len(self.passages),
            "cited": len(self.covered),
            "ignored": len(self.ignored),
            "uncovered": [
                {
                    "page": p.page,
                    "section": p.section,
                    "words": p.words,
                    "reasons": list(p.reasons),
                }
                for p in self.uncovered
            ],
            "missing_ignores": self.missing_ignores,
        }


def rule_bearing(text: str, lang: str) -> tuple[str, ...]:
    """Why a passage states a rule (empty: it does not)."""
    folded = text.casefold()
    units, numbers, modals = (
        UNITS.get(lang, UNITS["en"]),
        NUMBER_WORDS.get(lang, NUMBER_WORDS["en"]),
        MODALS.get(lang, MODALS["en"]),
    )
    reasons = []
    counted = re.search(rf"\b({numbers})\s+(?:\w+\s+)?({units})\b", folded)
    if counted:
        reasons.append(f"a number of {counted.group(2)}: '{counted.group(0)}'")
    modal = re.search(rf"\b({modals})\b", folded)
    if modal:
        reasons.append(f"a modal: '{modal.group(0)}'")
    return tuple(reasons)


def split(document_id: str, raw: str, lang: str) -> list[Passage]:
    """The manual's passages, each with its page (from the page markers) or section (the
    nearest heading line before it), and why it is rule-bearing."""
    return _split(document_id, raw, lang, fold(raw), Document.parse(raw))


def _split(document_id: str, raw: str, lang: str, whole: str, document: Document) -> list[Passage]:
    page_starts = sorted(
        (whole.find(text[: min(len(text), 40)]), n) for n, text in document.pages.items()
    )
    if [n for _offset, n in page_starts] != list(range(1, len(page_starts) + 1)):
        page_starts = []  # numbers opening lines ("3 spillere = 35 hære") are not pages
    out: list[Passage] = []
    cursor = 0
    section: str | None = None
    for line in raw.splitlines():
        stripped = _PAGE_MARK.sub("", line.strip(), count=1) if page_starts else line.strip()
        if not stripped:
            continue
        if _heading(stripped):
            section = stripped.rstrip(":")
        for piece in _BREAK.split(stripped):
            piece = (piece or "").strip()
            if len(piece.split()) < SHORTEST:
                continue
            folded = fold(piece)
            start = whole.find(folded, cursor)
            if start < 0:
                continue
            cursor = start + len(folded)
            page = None
            for offset, number in page_starts:
                if 0 <= offset <= start:
                    page = number
            reasons = rule_bearing(piece, lang)
            out.append(
                Passage(
                    document_id,
                    page,
                    None if page is not None else section,
                    piece,
                    start,
                    cursor,
                    reasons,
                )
            )
    return out


def _heading(line: str) -> bool:
    """A short line without a stop: a section's title ("Het aanvallen", "OPSÆTNINGEN")."""
    return len(line.split()) <= 6 and not line.endswith((".", ",", ";")) and line[0] not in "•-"


def anchor_spans(whole: str, document: Document, cite: m.Citation) -> list[tuple[int, int]]:
    """Where an anchor stands in the folded text (on its page, when it names one)."""
    anchor = fold(cite.anchor)
    spans = []
    start = whole.find(anchor)
    while start >= 0:
        spans.append((start, start + len(anchor)))
        start = whole.find(anchor, start + 1)
    if cite.page is not None and document.pages.get(cite.page):
        page_text = document.pages[cite.page]
        first = whole.find(page_text)
        if first >= 0:  # only the occurrences on that page (an anchor may recur elsewhere)
            last = first + len(page_text)
            spans = [s for s in spans if first <= s[0] < last] or spans
    return spans


def coverage(
    family: list[EffectiveRuleset], doc: str, raw: str, lang: str, title: str
) -> ManualCoverage:
    """The rule-bearing passages of one manual against every clause (and ignore) of the
    rulesets that encode it."""
    whole = fold(raw)
    document = Document.parse(raw)
    passages = [p for p in _split(doc, raw, lang, whole, document) if p.reasons]
    ignored: list[tuple[int, int]] = []
    report = ManualCoverage(doc, title, passages)
    seen: set[tuple[str, str]] = set()
    # Each passage once: the rulesets of a family inherit the same clauses (classic's, the
    # base's), so a citation is looked up once however many rulesets carry it.
    cites = {
        cite
        for eff in family
        for clause in eff.clauses
        for cite in clause.citations
        if cite.document == doc
    }
    cited = [span for cite in cites for span in anchor_spans(whole, document, cite)]
    for eff in family:
        for ignore in eff.ruleset.ignores:
            if ignore.citation.document != doc or (eff.name, ignore.citation.anchor) in seen:
                continue
            seen.add((eff.name, ignore.citation.anchor))
            spans = anchor_spans(whole, document, ignore.citation)
            problem = document.find(ignore.citation)
            if problem is not None:
                report.missing_ignores.append(
                    {
                        "ruleset": eff.name,
                        "anchor": ignore.citation.anchor,
                        "problem": problem,
                        "file": ignore.span.file,
                        "line": ignore.span.line,
                    }
                )
            ignored.extend(spans)
    for passage in passages:
        if any(_overlaps(passage, span) for span in cited):
            report.covered.append(passage)
        elif any(_overlaps(passage, span) for span in ignored):
            report.ignored.append(passage)
        else:
            report.uncovered.append(passage)
    return report


def _overlaps(passage: Passage, span: tuple[int, int]) -> bool:
    return span[0] < passage.end and passage.start < span[1]


class ManualMissing(Exception):
    """A manual's text is not in the sources folder."""


def manuals_of(
    located: list[tuple[Workspace, EffectiveRuleset]], sources: Path
) -> list[ManualCoverage]:
    """The coverage of every manual the given rulesets encode (each manual once), against all
    the rulesets of its workspace that encode it."""
    reports = []
    done: set[str] = set()
    for ws, eff in located:
        for doc in sorted(eff.own_documents()):
            if doc in done:
                continue
            done.add(doc)
            source = eff.source(doc)
            raw = _document_text(sources, source.file) if source else None
            if source is None or raw is None:
                raise ManualMissing(f"the text of {doc} is not in {sources}")
            family = [e for e in ws.resolved.values() if doc in e.own_documents()]
            reports.append(coverage(family, doc, raw, source.language, source.label))
    return reports
