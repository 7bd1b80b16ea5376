"""`check --report DIR`: a readable Markdown report of the checked rulesets."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ...grammar import model as m
from ...grammar.diagnostics import Diagnostic, Severity, counted
from ...grammar.library import Workspace
from ...grammar.printer import value_text
from ..shared.escape import markdown
from ..shared.render import display_path
from .paths import writable_folder, write
from .rulesets import title_in
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ...grammar.resolve import EffectiveRuleset
    from ..compliance.trace import Manuals


def write_report(
    snapshot: Snapshot,
    files: list[str],
    diags: list[Diagnostic],
    folder: Path,
    manuals: Manuals | None = None,
) -> Path:
    """Write index.md and one page per ruleset; return the index path. With the manuals'
    texts, the report also gives each manual's coverage (trace --uncovered)."""
    writable_folder(folder)
    ws = snapshot.workspace
    rulesets = [r for f in ws.files if f.path in files for r in f.rulesets]
    errors = sum(1 for d in diags if d.severity == Severity.ERROR)
    lines = [
        "# riskrules check report",
        "",
        f"{counted(len(files), 'file', 'files')}, "
        f"{counted(len(rulesets), 'ruleset', 'rulesets')}, {counted(errors, 'error', 'errors')}, "
        f"{counted(len(diags) - errors, 'warning or note', 'warnings and notes')}.",
        "",
        "| ruleset | extends | title | rules | assumed | rule summary |",
        "|---|---|---|---|---|---|",
    ]
    for ruleset in rulesets:
        eff = ws.resolved.get(ruleset.name)
        if eff is None:
            lines.append(
                f"| {markdown(ruleset.name)} | {markdown(ruleset.extends or '')} | "
                "(does not resolve) | | | |"
            )
            continue
        assumed = sum(1 for c in eff.clauses if c.assumed)
        broken = bool(snapshot.errors(eff))
        sheets = "(has errors: no sheet)" if broken else _write_summaries(snapshot, eff, folder)
        lines.append(
            f"| [{markdown(ruleset.name)}]({ruleset.name}.md) | "
            f"{markdown(ruleset.extends or '')} | {markdown(title_in(eff, 'en'))} | "
            f"{len(eff.clauses)} | {assumed} | {sheets} |"
        )
        _write_ruleset(ws, ruleset.name, folder / f"{ruleset.name}.md")
    if manuals is not None:
        lines += _coverage_lines(snapshot, rulesets, manuals, folder)
    if diags:
        lines += ["", "## Findings", ""]
        for d in diags:
            where = f"{display_path(d.span.file)}:{d.span.line}:{d.span.column}"
            lines.append(
                f"- **{d.severity.value} {d.code}** {markdown(where)}: {markdown(d.message)}"
            )
    index = folder / "index.md"
    write(index, "\n".join(lines) + "\n")
    return index


def _coverage_lines(
    snapshot: Snapshot, rulesets: list[m.Ruleset], manuals: Manuals, folder: Path
) -> list[str]:
    """The manuals' figures, and their text sentence by sentence on manuals.html."""
    from ..compliance.coverage import ManualMissing, manuals_of
    from ..compliance.coverage_page import page

    ws = snapshot.workspace
    located = [
        (ws, ws.resolved[r.name])
        for r in rulesets
        if r.name in ws.resolved and not snapshot.errors(ws.resolved[r.name])
    ]
    try:
        reports = manuals_of(located, manuals, keep=True)
    except ManualMissing as exc:
        return ["", "## Manual coverage", "", markdown(str(exc))]
    write(folder / "manuals.html", page(reports))
    lines = [
        "",
        "## Manual coverage",
        "",
        "Every passage of each manual, cited by a rule, set aside by an `ignore` with its",
        "reason, or a heading; those left are unclassified",
        "(`riskrules trace RULESET --sources DIR --uncovered` lists them). Each manual's text,",
        "every sentence marked by its status: [manuals.html](manuals.html).",
        "",
        "| manual | passages | rule-bearing | cited | ignored | headings | left |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in reports:
        lines.append(
            f"| {markdown(r.title)} ({markdown(r.document)}) | {r.passages} | "
            f"{r.rule_bearing} | {r.cited} | {r.ignored} | {r.headings} | {r.uncovered_count} |"
        )
    return lines


def _write_summaries(snapshot: Snapshot, eff: EffectiveRuleset, folder: Path) -> str:
    """One printable summary (HTML, A4) per language of a ruleset that checks; returns
    Markdown links to them."""
    from ..sheets.summary import build_for, render_html

    rules = snapshot.rules(eff)
    base = snapshot.rules(eff.ruleset.extends) if eff.ruleset.extends else None
    builtin = eff.ruleset.span.file in snapshot.workspace.builtin
    links = []
    for lang in ("en", "da", "nl"):
        target = folder / f"{eff.name}.{lang}.html"
        sheet = build_for(rules, base, builtin, lang)
        write(target, render_html(sheet))
        links.append(f"[{lang}]({target.name})")
    return " ".join(links)


def _write_ruleset(ws: Workspace, name: str, path: Path) -> None:
    eff = ws.resolved[name]
    lines = [
        f"# {markdown(title_in(eff, 'en'))}",
        "",
        f"Ruleset `{eff.name}`; chain: {markdown(' → '.join(eff.chain))}.",
        "",
        "| rule | value | defined in | citations |",
        "|---|---|---|---|",
    ]
    for clause in eff.clauses:
        cites = "; ".join(markdown(c.short()) for c in clause.citations)
        where = markdown(
            f"{clause.ruleset} ({os.path.basename(clause.span.file)}:{clause.span.line})"
        )
        value = markdown(_shortened(value_text(clause.value), 160))
        lines.append(f"| `{clause.id}` | {value} | {where} | {cites} |")
    write(path, "\n".join(lines) + "\n")


def _shortened(text: str, most: int) -> str:
    """At most `most` characters, cut with an ellipsis (before escaping: an escape is never
    cut in two)."""
    return text if len(text) <= most else text[: most - 1] + "…"
