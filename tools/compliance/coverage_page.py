"""The manuals' text with every passage marked by its status (`trace --sources DIR --format
html`, and the coverage page of `check --report`): cited passages link to the rules that cite
them, set-aside ones give their reason, and the unclassified stand out, so an author sees at a
glance what of a manual is encoded."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..shared.escape import html
from .coverage import CITED, HEADING, SET_ASIDE, UNCLASSIFIED, ManualCoverage, Passage

_STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; }
h2 { margin-top: 2.5em; border-bottom: 1px solid #ccc; }
h3 { margin: 1.5em 0 .3em; font-size: 1em; color: #555; }
.figures span, .legend span { margin-right: 1.2em; }
.p { padding: 1px 2px; border-radius: 3px; }
.cited { background: #d9f2d9; }
.set-aside { background: #eee; color: #555; }
.heading { font-weight: bold; }
.unclassified { background: #ffd6d6; outline: 1px solid #d33; }
.conflict { outline: 2px solid #d33; }
span.rules { font-size: .75em; vertical-align: super; margin-left: 1px; }
a.rule { text-decoration: none; font-family: monospace; }
ul.rules { columns: 2; font-size: .9em; }
"""

_CLASS = {
    CITED: "cited",
    SET_ASIDE: "set-aside",
    HEADING: "heading",
    UNCLASSIFIED: "unclassified",
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


def _rule_id(document: str, ruleset: str, rule: str) -> str:
    return f"{_slug(document)}--{_slug(ruleset)}--{_slug(rule)}"


def page(reports: Iterable[ManualCoverage]) -> str:
    """One HTML page for the manuals (each report made with `keep`, so it has every passage)."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="da"><head><meta charset="utf-8">',
        "<title>riskrules: the manuals, sentence by sentence</title>",
        f"<style>{_STYLE}</style></head><body>",
        "<h1>The manuals, sentence by sentence</h1>",
        '<p class="legend"><span class="p cited">cited by a rule</span>'
        '<span class="p set-aside">set aside, with its reason</span>'
        '<span class="p heading">a heading</span>'
        '<span class="p unclassified">unclassified</span></p>',
    ]
    for report in reports:
        parts.extend(_manual(report))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _manual(report: ManualCoverage) -> list[str]:
    doc = report.document
    out = [
        f'<section id="{html(_slug(doc))}">',
        f"<h2>{html(report.title)} ({html(doc)})</h2>",
        '<p class="figures">'
        f"<span>{report.passages:,} passages</span>"
        f"<span>{report.cited:,} cited</span>"
        f"<span>{report.ignored:,} set aside</span>"
        f"<span>{report.headings:,} headings</span>"
        f"<span>{report.uncovered_count:,} unclassified</span>"
        + (
            f"<span>{len(report.conflicts):,} cited and set aside</span>"
            if report.conflicts
            else ""
        )
        + "</p>",
    ]
    conflicts = {id(p) for p in report.conflicts}
    where: str | None = None
    paragraph: list[str] = []
    for passage in report.every:
        # A new paragraph at each page (a manual with sections shows its headings in bold).
        here = passage.where() if passage.page is not None else (passage.section or "")
        if here != where:
            if paragraph:
                out.append("<p>" + " ".join(paragraph) + "</p>")
                paragraph = []
            if passage.page is not None:
                out.append(f"<h3>{html(here)}</h3>")
            where = here
        paragraph.append(_passage(doc, passage, id(passage) in conflicts))
    if paragraph:
        out.append("<p>" + " ".join(paragraph) + "</p>")
    if report.every and report.unshown:
        out.append(
            f"<p><em>… and {report.unshown:,} more passages, not shown (a page shows the first "
            f"{len(report.every):,}; `trace --uncovered` counts and lists every one).</em></p>"
        )
    rules = sorted({rule for p in report.every for rule in p.rules})
    if rules:
        out.append("<h3>The rules that cite it</h3>")
        out.append('<ul class="rules">')
        out.extend(
            f'<li id="{html(_rule_id(doc, ruleset, rule))}">{html(ruleset)}: {html(rule)}</li>'
            for ruleset, rule in rules
        )
        out.append("</ul>")
    out.append("</section>")
    return out


def _passage(doc: str, passage: Passage, conflict: bool) -> str:
    classes = f"p {_CLASS[passage.status]}" + (" conflict" if conflict else "")
    if passage.status == CITED:
        title = "cited by " + ", ".join(f"{ruleset} {rule}" for ruleset, rule in passage.rules)
        if conflict:
            title += f"; also set aside: {passage.why}"
    elif passage.status == UNCLASSIFIED:
        title = "unclassified: cite it or set it aside with a reason"
    else:
        title = passage.why
    # Each sentence names the rules that encode it, in the text, each a link to its entry.
    links = ", ".join(
        f'<a class="rule" href="#{html(_rule_id(doc, ruleset, rule))}" '
        f'title="{html(ruleset)} {html(rule)}">{html(rule)}</a>'
        for ruleset, rule in passage.rules
    )
    links = f'<span class="rules">[{links}]</span>' if links else ""
    return (
        f'<span class="{classes}" data-status="{html(passage.status)}" title="{html(title)}">'
        f"{html(passage.text)}</span>{links}"
    )
