"""`check --report DIR`: a readable Markdown report of the checked rulesets."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ...grammar import model as m
from ...grammar.diagnostics import Diagnostic, Severity
from ...grammar.library import Workspace
from ...grammar.messages import msg, msg_n
from ...grammar.printer import value_text
from ..shared.escape import markdown
from ..shared.render import display_path, severity_label
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
    lang: str = "en",
) -> Path:
    """Write index.md and one page per ruleset, in `lang`; return the index path. With the
    manuals' texts, the report also gives each manual's coverage (trace --uncovered)."""
    writable_folder(folder)
    ws = snapshot.workspace
    rulesets = [r for f in ws.files if f.path in files for r in f.rulesets]
    errors = sum(1 for d in diags if d.severity == Severity.ERROR)
    counts = (
        msg_n("{count:,} file", "{count:,} files", len(files)),
        msg_n("{count:,} ruleset", "{count:,} rulesets", len(rulesets)),
        msg_n("{count:,} error", "{count:,} errors", errors),
        msg_n("{count:,} warning or note", "{count:,} warnings and notes", len(diags) - errors),
    )
    heads = (
        msg("ruleset"),
        msg("extends"),
        msg("title"),
        msg("rules"),
        msg("assumed"),
        msg("rule summary"),
    )
    lines = [
        "# " + msg("riskrules check report").render(lang),
        "",
        ", ".join(c.render(lang) for c in counts) + ".",
        "",
        "| " + " | ".join(h.render(lang) for h in heads) + " |",
        "|---|---|---|---|---|---|",
    ]
    for ruleset in rulesets:
        eff = ws.resolved.get(ruleset.name)
        if eff is None:
            unresolved = msg("(does not resolve)").render(lang)
            lines.append(
                f"| {markdown(ruleset.name)} | {markdown(ruleset.extends or '')} | "
                f"{unresolved} | | | |"
            )
            continue
        assumed = sum(1 for c in eff.clauses if c.assumed)
        broken = bool(snapshot.errors(eff))
        sheets = (
            msg("(has errors: no sheet)").render(lang)
            if broken
            else _write_summaries(snapshot, eff, folder)
        )
        lines.append(
            f"| [{markdown(ruleset.name)}]({ruleset.name}.md) | "
            f"{markdown(ruleset.extends or '')} | {markdown(title_in(eff, lang))} | "
            f"{len(eff.clauses)} | {assumed} | {sheets} |"
        )
        _write_ruleset(ws, ruleset.name, folder / f"{ruleset.name}.md", lang)
    if manuals is not None:
        lines += _coverage_lines(snapshot, rulesets, manuals, folder, lang)
    if diags:
        lines += ["", "## " + msg("Findings").render(lang), ""]
        for d in diags:
            where = f"{display_path(d.span.file)}:{d.span.line}:{d.span.column}"
            said = f"{severity_said(d.severity, lang)} {d.code}"
            lines.append(f"- **{said}** {markdown(where)}: {markdown(d.text(lang))}")
    index = folder / "index.md"
    write(index, "\n".join(lines) + "\n")
    return index


def severity_said(severity: Severity, lang: str) -> str:
    return severity_label(severity, False, lang)


def _coverage_lines(
    snapshot: Snapshot, rulesets: list[m.Ruleset], manuals: Manuals, folder: Path, lang: str
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
        return ["", "## " + msg("Manual coverage").render(lang), "", markdown(str(exc))]
    write(folder / "manuals.html", page(reports))
    about = msg(
        "Every passage of each manual, cited by a rule, set aside by an `ignore` with its "
        "reason, or a heading; those left are unclassified (`riskrules trace RULESET --sources "
        "DIR --uncovered` lists them). Each manual's text, every sentence marked by its status: "
        "{link}.",
        link="[manuals.html](manuals.html)",
    )
    heads = (
        msg("manual"),
        msg("passages"),
        msg("rule-bearing"),
        msg("cited"),
        msg("ignored"),
        msg("headings"),
        msg("left"),
    )
    lines = [
        "",
        "## " + msg("Manual coverage").render(lang),
        "",
        about.render(lang),
        "",
        "| " + " | ".join(h.render(lang) for h in heads) + " |",
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


def _write_ruleset(ws: Workspace, name: str, path: Path, lang: str) -> None:
    eff = ws.resolved[name]
    heads = (msg("rule"), msg("value"), msg("defined in"), msg("citations"))
    chain = msg(
        "Ruleset {name}; chain: {chain}.",
        name="`" + eff.name + "`",
        chain=markdown(" → ".join(eff.chain)),
    )
    lines = [
        f"# {markdown(title_in(eff, lang))}",
        "",
        chain.render(lang),
        "",
        "| " + " | ".join(h.render(lang) for h in heads) + " |",
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
