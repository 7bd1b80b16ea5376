"""`riskrules check`: diagnostics of rules files, folders of them or built-in rulesets."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from ....grammar.diagnostics import Diagnostic, Severity
from ....grammar.messages import Arg, Message, msg, msg_n
from ...service import compliance
from ...service.language import check as check_rules
from ...service.language import write_report
from ...shared.escape import terminal
from ...shared.language import reader_language
from ...shared.render import (
    diagnostic_text,
    diagnostics_page,
    display_path,
    installed_doc,
    severity_label,
    summary_line,
    use_color,
)
from ..common import (
    COLOR,
    FORMAT,
    LANG,
    STDIN_NAME,
    WrittenPath,
    complete_rulesets,
    emit_json,
    read_stdin,
)
from ..frame import help_text


def _warnings_like(n: int, **args: Arg) -> Message:
    return msg_n(
        "{count} warning like this one, at {where}: {said}",
        "{count} warnings like this one, at {where}: {said}",
        n,
        **args,
    )


def _notes_like(n: int, **args: Arg) -> Message:
    return msg_n(
        "{count} note like this one, at {where}: {said}",
        "{count} notes like this one, at {where}: {said}",
        n,
        **args,
    )


_LIKE = {Severity.WARNING: _warnings_like, Severity.NOTE: _notes_like}
GROUP_ABOVE = 3  # more warnings of one code than this are shown as a count, unless --verbose


def shown_diagnostics(
    diags: Sequence[Diagnostic],
    color: bool,
    verbose: bool = False,
    quiet: bool = False,
    lang: str = "en",
) -> list[str]:
    """What `check` prints: every error in full; warnings in full, or (more than a few of one
    code, without --verbose) one line per code with a count and an example; none with --quiet."""
    errors = [d for d in diags if d.severity == Severity.ERROR]
    warnings = [d for d in diags if d.severity != Severity.ERROR]
    out = [diagnostic_text(d, color, lang) for d in errors]
    if quiet:
        return out
    by_code: dict[str, list[Diagnostic]] = {}
    for diag in warnings:
        by_code.setdefault(diag.code, []).append(diag)
    for code, group in by_code.items():
        if verbose or len(group) <= GROUP_ABOVE:
            out.extend(diagnostic_text(d, color, lang) for d in group)
            continue
        first = group[0]
        where = f"{display_path(first.span.file)}:{first.span.line}:{first.span.column}"
        label = severity_label(first.severity, color, lang)
        like = _LIKE[first.severity](
            len(group), where=terminal(where), said=terminal(first.text(lang))
        ).render(lang)
        listed = msg("note: riskrules check --verbose lists each").render(lang)
        out.append(f"{label}[{code}]: {like}\n  = {listed}")
    return out


@click.command(
    epilog=help_text("""\b
Examples:
  riskrules check                      every built-in ruleset
  riskrules check house.rules rules/   a file and a folder of them
  cat house.rules | riskrules check -  a file from standard input
  riskrules check --strict --quiet     fail on warnings too; show only errors

\b
Warnings can be ignored per project ([tool.riskrules] ignore = ["RR0501"] in the nearest
pyproject.toml) or per line (# riskrules: ignore[RR0501] at the end of the line); errors
never are."""),
    help=help_text(
        "Check rules files, folders of them, or built-in rulesets (no target: every built-in)."
    ),
)
@click.argument("targets", nargs=-1, shell_complete=complete_rulesets)
@FORMAT
@click.option(
    "--strict", is_flag=True, help=help_text("Treat warnings (assumed values …) as failures.")
)
@click.option(
    "--report",
    type=WrittenPath(folder=True, file_okay=False, path_type=Path),
    help=help_text("Also write a readable report of every checked ruleset to this folder."),
)
@click.option(
    "--sources",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="RISKRULES_SOURCES",
    help=help_text(
        "With --report: the manuals' texts, for each manual's coverage (or RISKRULES_SOURCES)."
    ),
)
@click.option(
    "-v", "--verbose", is_flag=True, help=help_text("List every warning, not a count per code.")
)
@click.option("-q", "--quiet", is_flag=True, help=help_text("Only errors and the summary line."))
@LANG
@COLOR
def check(
    targets: tuple[str, ...],
    fmt: str,
    strict: bool,
    report: Path | None,
    sources: Path | None,
    verbose: bool,
    quiet: bool,
    lang: str | None,
    color: str,
) -> None:
    """Check rules files, folders of them, or built-in rulesets (no target: every built-in)."""
    manuals = compliance.manuals(sources) if report is not None and sources is not None else None
    texts: dict[str, str] = {}
    if "-" in targets:
        texts[os.path.abspath(STDIN_NAME)] = read_stdin()
        targets = tuple(t for t in targets if t != "-")
    found = check_rules(targets, texts)
    said = reader_language(lang, found.manual_languages())
    if fmt == "json":
        emit_json(found.to_json(said))
    else:
        colored = use_color(sys.stdout, color)
        shown = shown_diagnostics(found.diagnostics, colored, verbose, quiet, said)
        for text in shown:
            click.echo(text + "\n", color=colored)
        checked = msg(
            "checked {files}, {rulesets}: {found}",
            files=msg_n("{count:,} file", "{count:,} files", len(found.files)),
            rulesets=msg_n("{count:,} ruleset", "{count:,} rulesets", len(found.rulesets)),
            found=summary_line(found.errors, found.warnings, found.notes, found.ignored, said),
        )
        click.echo(checked.render(said), color=colored)
        codes = sorted({d.code for d in found.diagnostics if d.severity == Severity.ERROR})
        if codes:  # what a code means, in the page installed with riskrules
            named = ", ".join(codes[:3]) + (" …" if len(codes) > 3 else "")
            where = installed_doc(diagnostics_page(said))
            explained = msg(
                "{codes} and every other code are explained in {where}", codes=named, where=where
            )
            click.echo(terminal(explained.render(said)))
    if report is not None:
        written = write_report(found, report, manuals, said)
        if fmt == "text":
            done = msg("report written to {path}", path=display_path(str(written)))
            click.echo(terminal(done.render(said)))
    sys.exit(1 if found.failed(strict) else 0)
