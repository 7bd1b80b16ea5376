"""`riskrules trace`: per ruleset, every clause with its citations, whether each anchor is
found in its manual, and which scenarios exercised it (recorded by the engine as they ran)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...grammar import model as m
from ...grammar.reader import read_bounded
from ...grammar.resolve import EffectiveRuleset
from .scenarios import ScenarioResult

_PAGE = re.compile(r"^(\d+) ", re.M)


def fold(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass
class Document:
    """A manual's text, folded for searching, with its page markers when it has them."""

    text: str
    pages: dict[int, str] = field(default_factory=dict)

    @staticmethod
    def read(path: Path) -> Document:
        return Document.parse(path.read_text(encoding="utf-8"))

    @staticmethod
    def parse(raw: str) -> Document:
        pages: dict[int, str] = {}
        marks = list(_PAGE.finditer(raw))
        for i, mark in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(raw)
            pages[int(mark.group(1))] = fold(raw[mark.start() : end])
        return Document(fold(raw), pages)

    def find(self, cite: m.Citation) -> str | None:
        """None when the citation holds; otherwise what is wrong with it."""
        anchor = fold(cite.anchor)
        if anchor not in self.text:
            return "anchor not found"
        if cite.page is not None and self.pages and anchor not in self.pages.get(cite.page, ""):
            return f"anchor not on page {cite.page}"
        if cite.section is not None and fold(cite.section) not in self.text:
            return f'section "{cite.section}" not found'
        return None


@dataclass
class RulesetTrace:
    name: str
    clauses: list[m.Clause]
    exercised_by: dict[str, list[str]]
    anchors_checked: int = 0
    anchors_found: int = 0
    missing_anchors: list[dict[str, object]] = field(default_factory=list)

    @property
    def cited(self) -> int:
        return sum(1 for c in self.clauses if c.citations)

    @property
    def unexercised(self) -> list[str]:
        return [c.id for c in self.clauses if not self.exercised_by.get(c.id)]

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "clauses": len(self.clauses),
            "cited": self.cited,
            "anchors_checked": self.anchors_checked,
            "anchors_found": self.anchors_found,
            "exercised": len(self.clauses) - len(self.unexercised),
            "unexercised": self.unexercised,
            "missing_anchors": self.missing_anchors,
            "rules": [
                {
                    "id": c.id,
                    "defined_in": c.ruleset,
                    "citations": [cite.short() for cite in c.citations],
                    "scenarios": self.exercised_by.get(c.id, []),
                }
                for c in self.clauses
            ],
        }


def trace(
    eff: EffectiveRuleset,
    results: list[ScenarioResult],
    sources: Path | None,
) -> RulesetTrace:
    exercised: dict[str, list[str]] = {}
    for result in results:
        for ruleset, rule_id in result.consulted:
            if ruleset == eff.name:
                exercised.setdefault(rule_id, []).append(result.name)
    report = RulesetTrace(eff.name, list(eff.clauses), exercised)
    if sources is None:
        return report
    documents: dict[str, Document | None] = {}
    for clause in eff.clauses:
        for cite in clause.citations:
            source = eff.source(cite.document)
            if source is None:
                continue
            if source.id not in documents:
                documents[source.id] = _document(sources, source.file)
            document = documents[source.id]
            if document is None:
                continue
            report.anchors_checked += 1
            problem = document.find(cite)
            if problem is None:
                report.anchors_found += 1
            else:
                report.missing_anchors.append(
                    {
                        "rule": clause.id,
                        "document": cite.document,
                        "anchor": cite.anchor,
                        "page": cite.page,
                        "section": cite.section,
                        "problem": problem,
                        "file": clause.span.file,
                        "line": cite.span.line,
                    }
                )
    return report


MAX_MANUAL_BYTES = 20_000_000


def _document(sources: Path, name: str) -> Document | None:
    raw = _document_text(sources, name)
    return Document.parse(raw) if raw is not None else None


def _document_text(sources: Path, name: str) -> str | None:
    """A manual's text from the sources folder, or None: only a regular file inside the folder
    (no absolute path or `..` out of it), of bounded size; UTF-8, or else read as Latin-1."""
    folder = sources.resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder):
        return None
    data, problem = read_bounded(str(path), MAX_MANUAL_BYTES)
    if data is None or problem is not None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")
