"""`riskrules trace`: per ruleset, every clause with its citations, whether each anchor is
found in its manual, and which scenarios exercised it (recorded by the engine as they ran)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...grammar import model as m
from ...grammar.limits import MAX_MANUAL_BYTES
from ...grammar.reader import read_bounded
from ...grammar.resolve import EffectiveRuleset
from .scenarios import ScenarioResult

# A page marker: the page's number opening a line of a transcript ("4 Spillets formål …"). At
# most five digits: a number past any manual's pages is not one (nor is it parsed as a number).
PAGE_MARK = re.compile(r"^(\d{1,5})\s+(?=\S)")


def fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def fold_lines(raw: str) -> tuple[str, list[tuple[str, int]]]:
    """The folded text of a whole document, and each line's folded text with where it starts
    in it: folding line by line and joining with one space is folding the whole (every line
    break is whitespace), so the offsets come in one pass, without searching."""
    lines: list[tuple[str, int]] = []
    parts: list[str] = []
    offset = 0
    for line in raw.splitlines():
        folded = fold(line)
        if not folded:
            continue
        if parts:
            offset += 1  # the space joining it to the line before
        lines.append((folded, offset))
        parts.append(folded)
        offset += len(folded)
    return " ".join(parts), lines


@dataclass
class Document:
    """A manual's text, folded for searching, with its page markers when it has them: each
    page's span in the folded text (a number marked twice: its last page, as it is printed)."""

    text: str
    pages: dict[int, tuple[int, int]] = field(default_factory=dict)
    titles: list[tuple[int, str]] = field(default_factory=list)  # title lines: offset, text

    @staticmethod
    def parse(raw: str) -> Document:
        return Document.with_lines(raw)[0]

    @staticmethod
    def with_lines(raw: str) -> tuple[Document, list[tuple[str, int]]]:
        """The document and its folded lines, each with its offset (`fold_lines`)."""
        text, lines = fold_lines(raw)
        titles = [(offset, line.rstrip(":")) for line, offset in lines if title_line(line)]
        return Document(text, _page_spans(text, lines), titles), lines

    def section_span(self, section: str) -> tuple[int, int] | None:
        """Where a section stands: from its title line (or, when no line is only its title,
        where its words first stand) to the next title line; None when it is not there."""
        wanted = fold(section).rstrip(":")
        start = next((offset for offset, title in self.titles if title == wanted), None)
        if start is None:
            found = self.text.find(wanted)
            if found < 0:
                return None
            start = found
        end = next((offset for offset, _ in self.titles if offset > start), len(self.text))
        return start, end

    def on_page(self, anchor: str, number: int) -> bool:
        span = self.pages.get(number)
        return span is not None and self.text.find(anchor, span[0], span[1]) >= 0

    def find(self, cite: m.Citation) -> str | None:
        """None when the citation holds; otherwise what is wrong with it."""
        anchor = fold(cite.anchor)
        if anchor not in self.text:
            return "anchor not found"
        if cite.page is not None and self.pages and not self.on_page(anchor, cite.page):
            return f"anchor not on page {cite.page}"
        if cite.section is not None and fold(cite.section) not in self.text:
            return f'section "{cite.section}" not found'
        return None


def title_line(line: str) -> bool:
    """A short line without a stop: a section's title ("het aanvallen", "opsætningen")."""
    if line.endswith((".", ",", ";")) or line[0] in "•-":
        return False
    return line.count(" ") <= 5 or len(line.split()) <= 6  # (the split only where spaces repeat)


def _page_spans(text: str, lines: list[tuple[str, int]]) -> dict[int, tuple[int, int]]:
    """Each page from its marker to the next marker (or the end)."""
    marks = [
        (int(found.group(1)), offset) for line, offset in lines if (found := PAGE_MARK.match(line))
    ]
    pages: dict[int, tuple[int, int]] = {}
    for i, (number, start) in enumerate(marks):
        end = marks[i + 1][1] - 1 if i + 1 < len(marks) else len(text)
        pages[number] = (start, end)
    return pages


@dataclass
class RulesetTrace:
    name: str
    clauses: list[m.Clause]
    exercised_by: dict[str, list[str]]
    anchors_checked: int = 0
    anchors_found: int = 0
    missing_anchors: list[dict[str, object]] = field(default_factory=list)
    unread: list[dict[str, str]] = field(default_factory=list)  # cited manuals not read

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
            "unread_manuals": self.unread,
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
    manuals: Manuals | None,
    others: Mapping[str, EffectiveRuleset] | None = None,
) -> RulesetTrace:
    """Each clause's citations and the scenarios that exercised it: those run on this ruleset,
    and those run on a ruleset that plays this very clause (inherits it unchanged; `others`
    holds those rulesets by name), so that a base's trace (classic) counts its heirs' games."""
    exercised: dict[str, list[str]] = {}
    for result in results:
        for ruleset, rule_id in result.consulted:
            if ruleset == eff.name or _plays(others, ruleset, eff, rule_id):
                names = exercised.setdefault(rule_id, [])
                if result.name not in names:
                    names.append(result.name)
    report = RulesetTrace(eff.name, list(eff.clauses), exercised)
    if manuals is None:
        return report
    for clause in eff.clauses:
        for cite in clause.citations:
            source = eff.source(cite.document)
            if source is None:
                continue
            document = manuals.get(source.file)
            if document is None:
                if all(u["document"] != source.id for u in report.unread):
                    report.unread.append(
                        {
                            "document": source.id,
                            "file": source.file,
                            "problem": manuals.problem(source.file),
                        }
                    )
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


class SourcesUnreadable(Exception):
    """The sources folder gives none of the manuals asked for: the message names the folder
    and what was expected in it."""


@dataclass
class Manuals:
    """The manuals' texts in a sources folder, each read (and parsed) once: only a regular file
    inside the folder (no absolute path or `..` out of it), of bounded size; UTF-8, or else
    read as Latin-1."""

    folder: Path
    _read: dict[str, Document | str] = field(default_factory=dict)  # a Document or the problem

    @staticmethod
    def open(folder: Path) -> Manuals:
        """The folder, if it is one that can be listed."""
        try:
            os.listdir(folder)
        except FileNotFoundError:
            raise SourcesUnreadable(f"no such folder: {folder}") from None
        except NotADirectoryError:
            raise SourcesUnreadable(f"not a folder: {folder}") from None
        except OSError as exc:
            raise SourcesUnreadable(
                f"cannot read the folder {folder}: {exc.strerror or exc}"
            ) from None
        return Manuals(folder)

    def text(self, name: str) -> str | None:
        """A manual's text, or None (`problem` says why)."""
        raw, problem = _document_text(self.folder, name)
        if raw is None:
            self._read[name] = problem
        return raw

    def get(self, name: str) -> Document | None:
        if name not in self._read:
            raw = self.text(name)
            if raw is not None:
                self._read[name] = Document.parse(raw)
        found = self._read[name]
        return found if isinstance(found, Document) else None

    def problem(self, name: str) -> str:
        found = self._read.get(name)
        return found if isinstance(found, str) else ""

    def require_some(self, wanted: dict[str, str]) -> None:
        """Stop (SourcesUnreadable) when not one of the wanted manuals (file → document id)
        can be read: the folder is empty or the wrong one, and every anchor would go unchecked."""
        if not wanted or any(self.get(name) is not None for name in wanted):
            return
        expected = "; ".join(
            f"{name} ({doc}): {self.problem(name)}" for name, doc in sorted(wanted.items())
        )
        raise SourcesUnreadable(
            f"no manual could be read in the sources folder {self.folder}; "
            f"expected the texts the rulesets cite: {expected}"
        )


def _document_text(sources: Path, name: str) -> tuple[str | None, str]:
    """A manual's text from the sources folder, or None and why not."""
    folder = sources.resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder):
        return None, "outside the sources folder, not read"
    if not os.path.lexists(path):
        return None, "not in the folder"
    data, problem = read_bounded(str(path), MAX_MANUAL_BYTES, "manuals")
    if data is None or problem is not None:
        return None, problem.message if problem is not None else "cannot be read"
    try:
        return data.decode("utf-8"), ""
    except UnicodeDecodeError:
        return data.decode("latin-1"), ""


def _plays(
    others: Mapping[str, EffectiveRuleset] | None, ruleset: str, eff: EffectiveRuleset, rule: str
) -> bool:
    """Whether `ruleset` plays `eff`'s own clause for `rule`: the clause written where eff's
    was, with the same value and citations (an override, even to the same value, is its own)."""
    other = others.get(ruleset) if others is not None else None
    if other is None or eff.name not in other.chain:
        return False
    theirs, ours = other.clause(rule), eff.clause(rule)
    return theirs is not None and ours is not None and theirs == ours
