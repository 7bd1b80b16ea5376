"""`riskrules test` and `trace`: scenarios run against rulesets, and what they exercised."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ....grammar.diagnostics import counted
from ....grammar.messages import msg
from ...service import compliance
from ...service.rulesets import languages_of
from ...service.snapshot import Snapshot
from ...shared.escape import terminal
from ...shared.language import reader_language
from ...shared.render import display_path
from ..common import (
    FORMAT,
    LANG,
    RULESET,
    WrittenPath,
    emit_json,
    examples,
    usage_error,
    write_file,
)
from ..frame import help_text


@click.command(
    "test",
    epilog=examples("riskrules test house.rules house.feature"),
    help=help_text(
        "Run your own Gherkin FEATURES against RULESET (house rules included).\n\nSteps "
        "may be written in English, Danish or Dutch (steps.md, installed with riskrules, "
        "lists them; a step that matches none names its path and the closest steps); the "
        "ruleset given here replaces the one a feature's Background names. A failure "
        "shows the feature's file and line, the scenario, the step that failed, and what "
        "was expected against what happened."
    ),
)
@RULESET
@click.argument("features", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "-v", "--verbose", is_flag=True, help=help_text("List every scenario, passed ones too.")
)
@FORMAT
@click.option(
    "--junitxml",
    type=WrittenPath(dir_okay=False, path_type=Path),
    help=help_text("Also write the results as JUnit XML (for CI services)."),
)
@LANG
def test_cmd(
    ruleset: str,
    features: tuple[str, ...],
    verbose: bool,
    fmt: str,
    junitxml: Path | None,
    lang: str | None,
) -> None:
    snapshot = Snapshot.of_refs([ruleset])
    run = compliance.run_scenarios(snapshot, ruleset, features)
    said = reader_language(lang, languages_of(snapshot, ruleset))
    results, failed = run.results, run.failed
    if junitxml is not None:
        write_file(junitxml, run.junit_xml())
    if fmt == "json":
        emit_json(run.to_json())
    else:
        for result in results:
            where = f"{display_path(result.path)}:{result.line}"
            if result.outcome == "passed":
                if verbose:
                    passed = msg(
                        "passed",
                    ).render(said)
                    click.echo(terminal(f"{passed}  {where}  {result.title}"))
                continue
            failing = msg("FAILED").render(said)
            click.echo(terminal(f"{failing}  {where}  {result.title}"))
            if result.step:
                step = msg("step, line {line}: {step}", line=result.step_line, step=result.step)
                click.echo(terminal(f"  {step.render(said)}"))
            if result.said is not None:
                click.echo(terminal(f"  {result.text(said)}"))
        parts = []
        if len(failed) < len(results):
            parts.append(msg("{n} passed", n=len(results) - len(failed)).render(said))
        if failed:
            parts.append(msg("{n} failed", n=len(failed)).render(said))
        click.echo(", ".join(parts))
    sys.exit(1 if failed else 0)


@click.command(
    epilog=examples(
        "riskrules trace --sources ../shared/seeds",
        "riskrules trace house.rules",
    ),
    help=help_text("Per ruleset: each clause, its citations, and the scenarios that exercise it."),
)
@click.argument("rulesets", nargs=-1)
@click.option(
    "--sources",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="RISKRULES_SOURCES",
    help=help_text(
        "Folder with the manuals' texts, to look every anchor up (or RISKRULES_SOURCES)."
    ),
)
@click.option(
    "--features",
    "feature_files",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help=help_text("Feature files to run (default: the built-in ones)."),
)
@click.option(
    "--uncovered",
    is_flag=True,
    help=help_text(
        "Instead: the passages of each ruleset's own manual that no rule cites and no "
        "`ignore` sets aside (needs --sources)."
    ),
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "html"]),
    default="text",
    show_default=True,
    help=help_text(
        "Output for people (text), scripts (json), or a page of each manual's text with "
        "every sentence marked by its status (html, needs --sources)."
    ),
)
def trace(
    rulesets: tuple[str, ...],
    sources: Path | None,
    feature_files: tuple[str, ...],
    uncovered: bool,
    fmt: str,
) -> None:
    if fmt == "html":
        if sources is None:
            usage_error(msg("--format html shows the manuals' text: give --sources FOLDER"))
        found_page = compliance.manuals_page(Snapshot.of_refs(rulesets), rulesets, sources)
        click.echo(found_page.html, nl=False)
        sys.exit(1 if found_page.findings else 0)
    if uncovered:
        _uncovered(rulesets, sources, fmt)
        return
    found = compliance.trace(Snapshot.of_refs(rulesets), rulesets, sources, feature_files)
    if fmt == "json":
        emit_json(found.to_json())
        sys.exit(1 if found.findings else 0)
    results = found.results
    click.echo(f"{counted(len(results), 'scenario', 'scenarios')} run, {len(found.failed)} failed")
    for report in found.reports:
        share = 100 * (len(report.clauses) - len(report.unexercised)) / max(len(report.clauses), 1)
        click.echo(
            f"{report.name}: {len(report.clauses)} clauses, {report.cited} cited, "
            f"{share:.0f}% exercised"
            + (
                f", anchors {report.anchors_found}/{report.anchors_checked} found"
                if found.anchors_checked
                else ", anchors not checked (no --sources)"
            )
        )
        if report.unexercised:
            click.echo("  not exercised: " + ", ".join(report.unexercised))
        for miss in report.missing_anchors:
            click.echo(
                terminal(
                    f'  {miss["rule"]}: {miss["document"]} "{miss["anchor"]}": {miss["problem"]}'
                )
            )
        for unread in report.unread:
            click.echo(
                terminal(
                    f"  anchors of {unread['document']} not checked: {unread['file']} "
                    f"{unread['problem']}"
                )
            )
    sys.exit(1 if found.findings else 0)


def _uncovered(rulesets: tuple[str, ...], sources: Path | None, fmt: str) -> None:
    """Each manual's rule-bearing passages that no rule cites nor an `ignore` sets aside;
    exit 1 when any is left."""
    if sources is None:
        usage_error(msg("--uncovered reads the manuals: give --sources FOLDER"))
    reports = compliance.uncovered(Snapshot.of_refs(rulesets), rulesets, sources)
    if fmt == "json":
        emit_json({"manuals": [r.to_json() for r in reports]})
    else:
        for r in reports:
            click.echo(
                terminal(
                    f"{r.document} ({r.title}): {r.passages - r.uncovered_count:,} of "
                    f"{r.passages:,} passages accounted for ({100 * r.share:.0f}%): "
                    f"{r.cited:,} cited, {r.ignored:,} set aside, {r.headings:,} headings; "
                    f"{r.uncovered_count:,} unclassified"
                )
            )
            for p in r.uncovered:
                bearing = f" ({'; '.join(p.reasons)})" if p.reasons else ""
                click.echo(terminal(f'  {p.where()}: "{p.words}"{bearing}'))
            if r.unlisted:
                click.echo(
                    f"  … and {r.unlisted:,} more (the first {len(r.uncovered):,} are listed)"
                )
            for p in r.conflicts:
                click.echo(
                    terminal(
                        f'  {p.where()}: "{p.words}": cited by {", ".join(_names(p.rules))} '
                        f'and set aside ("{p.why}"): give it one status'
                    )
                )
            for miss in r.missing_ignores:
                click.echo(
                    terminal(
                        f"  {display_path(str(miss['file']))}:{miss['line']}: "
                        f'ignore "{miss["anchor"]}": {miss["problem"]}'
                    )
                )
    sys.exit(1 if any(r.findings for r in reports) else 0)


def _names(rules: tuple[tuple[str, str], ...]) -> list[str]:
    return [f"{ruleset} {rule}" for ruleset, rule in rules]
