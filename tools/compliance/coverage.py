"""The manual's side of compliance: every passage of a manual accounted for.

A manual is split into passages (sentences, list items, numbered steps, headings and
fragments; the transcripts are flattened text, so a passage also ends where a page marker, a
bullet or a numbered step begins). Each passage gets exactly one status: cited (the anchor of a
clause of a ruleset that encodes the manual falls in it), set aside (a ruleset marks it
`ignore DOC page N "anchor", … because "…"`, with the reason), a heading (a title line without a
number or a modal), or unclassified, which `trace --uncovered` lists and a test keeps at zero.
A passage both cited and set aside is a conflict, listed too. The heuristic of a rule-bearing
passage (a number of something the game counts, or a modal: skal, må ikke, moet, must …) ranks
the unclassified ones: those first.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ...grammar import model as m
from ...grammar.library import Workspace
from ...grammar.limits import MAX_LISTED_PASSAGES, MAX_SHOWN_PASSAGES
from ...grammar.resolve import EffectiveRuleset
from .trace import PAGE_MARK, Document, Manuals, fold, title_line

# Where a passage ends: after a sentence's stop, or before a bullet, a numbered step or a
# page marker (in the flattened transcripts these run on in one line).
_BREAK = re.compile(
    r"(?<=[.!?:])(?<!^\d\.)(?<!\s\d\.)(?<!\s\d\d\.)\s+(?=[A-ZÆØÅ0-9•\"“(])"  # a sentence ends
    # (not a step's number: "1. Læg spillebrættet" is one passage)
    r"|\s*[•·]\s*"  # a bullet
    r"|\s+(?=\d{1,2}\.\s+[A-ZÆØÅa-zæøå])"  # a numbered step: "2. Bland RISK-kortene"
    r"|\n+"
)

Label = TypeVar("Label")  # what a span says of the passages it touches
_DIGIT = re.compile(r"\d")
LEAD_IN = 4  # words: a shorter piece ending in a colon is a label for the next

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


CITED, SET_ASIDE, HEADING, UNCLASSIFIED = "cited", "set aside", "heading", "unclassified"


@dataclass(slots=True)
class Passage:
    document: str
    page: int | None
    section: str | None
    text: str
    start: int  # in the folded text of the whole document
    end: int
    reasons: tuple[str, ...]
    heading: bool = False  # a title line (`_heading`)
    status: str = UNCLASSIFIED
    why: str = ""  # the reason it is set aside (or "a heading")
    rules: tuple[tuple[str, str], ...] = ()  # (ruleset, rule) citing it

    @property
    def words(self) -> str:
        """Its first words (at most 8), to find it in the manual."""
        return " ".join(self.text.split()[:8])

    def where(self) -> str:
        if self.page is not None:
            return f"p. {self.page}"
        return f"§ {self.section}" if self.section else ""

    def to_json(self) -> dict[str, object]:
        return {
            "page": self.page,
            "section": self.section,
            "words": self.words,
            "reasons": list(self.reasons),
        }


@dataclass
class ManualCoverage:
    """One manual's figures: every passage counted by its status (cited, set aside, heading,
    unclassified), its rule-bearing ones counted, and the first MAX_LISTED_PASSAGES of those
    unclassified (the rule-bearing first) and of the conflicts, to show. With `keep`, every
    passage with its status (for the page that shows the manual's text)."""

    document: str
    title: str
    passages: int = 0
    rule_bearing: int = 0
    cited: int = 0
    ignored: int = 0
    headings: int = 0
    uncovered_count: int = 0
    uncovered: list[Passage] = field(default_factory=list)  # the first ones, listed
    conflicts: list[Passage] = field(default_factory=list)  # cited and set aside
    missing_ignores: list[dict[str, object]] = field(default_factory=list)
    every: list[Passage] = field(default_factory=list)  # with `keep`: the first ones, in order

    @property
    def unshown(self) -> int:
        """Passages past MAX_SHOWN_PASSAGES, counted and not kept (with `keep`)."""
        return self.passages - len(self.every)

    @property
    def share(self) -> float:
        return (self.passages - self.uncovered_count) / max(self.passages, 1)

    @property
    def unlisted(self) -> int:
        return self.uncovered_count - len(self.uncovered)

    @property
    def findings(self) -> bool:
        return bool(self.uncovered_count or self.conflicts or self.missing_ignores)

    def to_json(self) -> dict[str, object]:
        return {
            "document": self.document,
            "title": self.title,
            "passages": self.passages,
            "rule_bearing": self.rule_bearing,
            "cited": self.cited,
            "ignored": self.ignored,
            "headings": self.headings,
            "uncovered_count": self.uncovered_count,
            "uncovered": [p.to_json() for p in self.uncovered],
            "conflicts": [
                {**p.to_json(), "set_aside_because": p.why, "cited_by": _rule_names(p)}
                for p in self.conflicts
            ],
            "missing_ignores": self.missing_ignores,
        }


def _rule_names(passage: Passage) -> list[str]:
    return [f"{ruleset}:{rule}" for ruleset, rule in passage.rules]


@functools.cache
def _signs(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A language's two signs of a rule: a number of something counted, and a modal."""
    units, numbers, modals = (
        UNITS.get(lang, UNITS["en"]),
        NUMBER_WORDS.get(lang, NUMBER_WORDS["en"]),
        MODALS.get(lang, MODALS["en"]),
    )
    return re.compile(rf"\b({numbers})\s+(?:\w+\s+)?({units})\b"), re.compile(rf"\b({modals})\b")


def rule_bearing(text: str, lang: str) -> tuple[str, ...]:
    """Why a passage states a rule (empty: it does not)."""
    folded = text.casefold()
    counts, modals = _signs(lang)
    counted = counts.search(folded)
    modal = modals.search(folded)
    return _reasons(
        (counted.group(2), counted.group(0)) if counted else None,
        modal.group(0) if modal else None,
    )


@functools.lru_cache(maxsize=4096)
def _reasons(counted: tuple[str, str] | None, modal: str | None) -> tuple[str, ...]:
    """The reasons, made once for the same words (a manual says "skal" and "3 hære" often)."""
    reasons = []
    if counted:
        reasons.append(f"a number of {counted[0]}: '{counted[1]}'")
    if modal:
        reasons.append(f"a modal: '{modal}'")
    return tuple(reasons)


def split(document_id: str, raw: str, lang: str) -> list[Passage]:
    """The manual's passages, each with its page (from the page markers) or section (the
    nearest heading line before it), and why it is rule-bearing."""
    return list(_split(document_id, raw, lang, *Document.with_lines(raw)))


def _split(
    document_id: str,
    raw: str,
    lang: str,
    document: Document,
    lines: list[tuple[str, int]],
) -> Iterator[Passage]:
    """One pass over the lines: each passage is looked for only in its own line, and its page
    is the last page begun before it (the pages are in the order they are printed)."""
    starts = sorted((start, number) for number, (start, _end) in document.pages.items())
    if [number for _start, number in starts] != list(range(1, len(starts) + 1)):
        starts = []  # numbers opening lines ("3 spillere = 35 hære") are not pages
    next_page = 0  # the first page not yet begun
    page: int | None = None
    section: str | None = None
    raw_lines = (line for line in raw.splitlines() if line.split())
    for line, (folded_line, offset) in zip(raw_lines, lines, strict=True):
        stripped = PAGE_MARK.sub("", line.strip(), count=1) if starts else line.strip()
        if not stripped:
            continue
        title = _heading(stripped)
        if title:
            section = stripped.rstrip(":")
        cursor = 0  # in the folded line
        for piece in [stripped] if title else _pieces(stripped):  # a title is one
            words = piece.split()
            folded = " ".join(words).casefold()  # fold(piece)
            found = folded_line.find(folded, cursor)
            if found < 0:
                continue
            cursor = found + len(folded)
            start = offset + found
            while next_page < len(starts) and starts[next_page][0] <= start:
                page = starts[next_page][1]
                next_page += 1
            reasons = rule_bearing(piece, lang)
            yield Passage(
                document_id,
                page,
                None if page is not None else section,
                piece,
                start,
                offset + cursor,
                reasons,
                title
                and piece == stripped
                and not reasons
                and not _DIGIT.search(piece)
                and ":" not in piece.rstrip(":"),  # "PUBLIKUM: Større børn" is no title
            )


def _pieces(line: str) -> Iterator[str]:
    """A line's passages: every fragment counts, however short ("ANTAL SPILLERE: 2-6"), but a
    lead-in of under four words ending in a colon ("Voorbeeld:", "Azië:") goes with what
    follows it."""
    if ":" not in line:  # no lead-in to join (most lines): the pieces as they are
        yield from (p for p in (piece.strip() for piece in _BREAK.split(line) if piece) if p)
        return
    lead = ""
    for piece in _BREAK.split(line):
        piece = (piece or "").strip()
        if not piece:
            continue
        if piece.endswith(":") and len(piece.split()) < LEAD_IN:
            lead = f"{lead} {piece}".strip()
            continue
        yield f"{lead} {piece}".strip()
        lead = ""
    if lead:
        yield lead


def _heading(line: str) -> bool:
    """A short line without a stop: a section's title ("Het aanvallen", "OPSÆTNINGEN")."""
    return title_line(line)


def anchor_spans(whole: str, document: Document, cite: m.Citation) -> list[tuple[int, int]]:
    """Where an anchor stands in the folded text: on its page, when it names one and is found
    there (an anchor may recur elsewhere); in its section, when it names one: from the
    section's title to the next title, or else the first place after the title; else
    everywhere it stands."""
    anchor = fold(cite.anchor)
    if not anchor:
        return []
    page = document.pages.get(cite.page) if cite.page is not None else None
    if page is not None:
        on_page = _occurrences(whole, anchor, *page)
        if on_page:
            return on_page
    section = document.section_span(cite.section) if cite.section else None
    if section is not None:
        inside = _occurrences(whole, anchor, *section)
        if inside:
            return inside
        after = whole.find(anchor, section[0])
        if after >= 0:
            return [(after, after + len(anchor))]
    return _occurrences(whole, anchor, 0, len(whole))


def _occurrences(whole: str, anchor: str, first: int, last: int) -> list[tuple[int, int]]:
    spans = []
    start = whole.find(anchor, first, last)
    while start >= 0:
        spans.append((start, start + len(anchor)))
        start = whole.find(anchor, start + 1, last)
    return spans


def coverage(
    family: list[EffectiveRuleset],
    doc: str,
    raw: str,
    lang: str,
    title: str,
    keep: bool = False,
) -> ManualCoverage:
    """Every passage of one manual against every clause (and ignore) of the rulesets that
    encode it. The passages come in order, each weighed as it comes against the anchors'
    spans (sorted), so none is kept but those listed (and, with `keep`, every one)."""
    document, lines = Document.with_lines(raw)
    report = ManualCoverage(doc, title)
    cited = _cited(family, doc, document)
    set_aside = _set_aside(family, doc, document, report)
    listed_later: list[Passage] = []  # unclassified, not rule-bearing: listed after the others
    for passage in _split(doc, raw, lang, document, lines):
        _weigh(passage, cited, set_aside, report, listed_later)
        if keep and len(report.every) < MAX_SHOWN_PASSAGES:
            report.every.append(passage)
    room = MAX_LISTED_PASSAGES - len(report.uncovered)
    report.uncovered.extend(listed_later[:room])
    return report


def _cited(family: list[EffectiveRuleset], doc: str, document: Document) -> _Spans[tuple[str, str]]:
    """The spans of the manual `doc` that the family's clauses cite, each with its rule."""
    whole = document.text
    # Each citation once: the rulesets of a family inherit the same clauses (classic's, the
    # base's), so a citation is looked up once however many rulesets carry it; a passage is
    # cited by the first ruleset (of the family, in order) that holds the clause.
    # A clause whose whole value is assumed encodes no sentence: its citations say where the
    # manual is silent, so they make no passage cited.
    citing: dict[m.Citation, tuple[str, str]] = {}
    for eff in family:
        for clause in eff.clauses:
            if isinstance(clause.value, m.Assumed):
                continue
            for cite in clause.citations:
                if cite.document == doc:
                    citing.setdefault(cite, (clause.ruleset, clause.id))
    return _Spans(
        [
            (*span, rule)
            for cite, rule in citing.items()
            for span in anchor_spans(whole, document, cite)
        ]
    )


def _set_aside(
    family: list[EffectiveRuleset], doc: str, document: Document, report: ManualCoverage
) -> _Spans[str]:
    """The spans of the manual `doc` that the family's `ignore`s set aside, each with its
    reason; an ignore whose anchor is not found is listed in `report`."""
    whole = document.text
    ignored: list[tuple[int, int, str]] = []  # with the reason
    seen: set[tuple[str, str]] = set()
    for eff in family:
        for ignore in eff.ruleset.ignores:
            for cite in ignore.citations:
                if cite.document != doc or (eff.name, cite.anchor) in seen:
                    continue
                seen.add((eff.name, cite.anchor))
                problem = document.find(cite)
                if problem is not None:
                    report.missing_ignores.append(
                        {
                            "ruleset": eff.name,
                            "anchor": cite.anchor,
                            "problem": problem,
                            "file": cite.span.file or ignore.span.file,
                            "line": cite.span.line or ignore.span.line,
                        }
                    )
                reason = str(ignore.reason)
                ignored.extend((*span, reason) for span in anchor_spans(whole, document, cite))
    return _Spans(ignored)


def _weigh(
    passage: Passage,
    cited: _Spans[tuple[str, str]],
    set_aside: _Spans[str],
    report: ManualCoverage,
    listed_later: list[Passage],
) -> None:
    """The passage marked cited, set aside, a heading or uncovered, and counted in `report`
    (an uncovered one listed: a rule-bearing one in the report, another in `listed_later`)."""
    report.passages += 1
    if passage.reasons:
        report.rule_bearing += 1
    rules = cited.touching(passage.start, passage.end)
    reasons = set_aside.touching(passage.start, passage.end)
    if rules:
        passage.status, passage.rules = CITED, tuple(dict.fromkeys(rules))
        report.cited += 1
        if reasons:
            passage.why = reasons[0]
            if len(report.conflicts) < MAX_LISTED_PASSAGES:
                report.conflicts.append(passage)
    elif reasons:
        passage.status, passage.why = SET_ASIDE, reasons[0]
        report.ignored += 1
    elif passage.heading:
        passage.status, passage.why = HEADING, "a heading"
        report.headings += 1
    else:
        report.uncovered_count += 1
        first = report.uncovered if passage.reasons else listed_later
        if len(first) < MAX_LISTED_PASSAGES:
            first.append(passage)


class _Spans(Generic[Label]):
    """Labelled spans of the folded text, asked in order which touch a passage: the passages
    come in order and do not overlap, so a span that ends before one begins touches none
    after it; each span is taken up once and dropped once."""

    def __init__(self, spans: list[tuple[int, int, Label]]) -> None:
        self.spans = sorted(spans, key=lambda span: (span[0], span[1]))
        self.next = 0
        self.open: list[tuple[int, int, Label]] = []  # taken up, not yet passed

    def touching(self, start: int, end: int) -> list[Label]:
        """The labels of the spans that overlap [start, end), in the order they begin; the
        passages must be asked in order."""
        if not self.open and (self.next == len(self.spans) or self.spans[self.next][0] >= end):
            return []  # the common case, asked of every passage: nothing open, nothing begun
        while self.next < len(self.spans) and self.spans[self.next][0] < end:
            self.open.append(self.spans[self.next])
            self.next += 1
        self.open = [span for span in self.open if span[1] > start]
        return [label for first, _last, label in self.open if first < end]


class ManualMissing(Exception):
    """A manual's text is not in the sources folder (or cannot be read there)."""


def manuals_of(
    located: list[tuple[Workspace, EffectiveRuleset]], manuals: Manuals, keep: bool = False
) -> list[ManualCoverage]:
    """The coverage of every manual the given rulesets encode (each manual once), against all
    the rulesets of its workspace that encode it. Every one must be read: ManualMissing names
    the folder and each that cannot be, with why."""
    wanted: dict[str, tuple[Workspace, m.Source]] = {}
    for ws, eff in located:
        for doc in sorted(eff.own_documents()):
            source = eff.source(doc)
            if source is None:
                raise ManualMissing(f"the manual {doc} is not declared")
            wanted.setdefault(doc, (ws, source))
    texts = {doc: manuals.text(source.file) for doc, (_ws, source) in wanted.items()}
    missing = [
        f"{source.file} ({doc}): {manuals.problem(source.file)}"
        for doc, (_ws, source) in wanted.items()
        if texts[doc] is None
    ]
    if missing:
        raise ManualMissing(
            f"the sources folder {manuals.folder} does not give the text of every manual the "
            f"rulesets encode: {'; '.join(missing)}"
        )
    reports = []
    for doc, (ws, source) in wanted.items():
        raw = texts[doc]
        assert raw is not None
        family = [e for e in ws.resolved.values() if doc in e.own_documents()]
        reports.append(coverage(family, doc, raw, source.language, source.label, keep))
    return reports
