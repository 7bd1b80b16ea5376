"""The `riskrules` command: subcommands in the manner of ruff and opa.

Exit codes: 0 ok, 1 findings, 2 usage error, 3 internal error. Every command that prints
something a script would read takes `--format json`.
"""

from __future__ import annotations

import json
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from .. import engine_kind
from ..grammar import model as m
from ..grammar.diagnostics import Diagnostic, Severity, counted, did_you_mean
from ..grammar.library import RulesetNotFound, Workspace, locate
from ..grammar.limits import (
    DEFAULT_CONNECT_TIMEOUT,
    DEFAULT_MAX_ACTIONS,
    DEFAULT_MAX_TURNS,
    DEFAULT_WORKER_TIMEOUT,
    MAX_EXACT_ODDS,
    MAX_FILE_BYTES,
    MAX_GAMES,
    MAX_GAMES_IN_FLIGHT,
    MAX_ODDS_ARMIES,
    MAX_ODDS_TABLE,
    MAX_RECORD_ACTIONS,
    MAX_STUDY_GAMES,
)
from ..grammar.printer import quote, to_json, value_text
from ..grammar.resolve import EffectiveRuleset
from ..grammar.schema import SHEET_LANGUAGES
from .escape import terminal
from .render import (
    diagnostic_text,
    display_path,
    remember_source,
    severity_label,
    summary_line,
    use_color,
)

if TYPE_CHECKING:
    from ..engine.rules import Rules
    from .balance import Arm
    from .trace import Manuals

FORMAT = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output for people (text) or scripts (json).",
)


def emit_json(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def usage_error(message: str) -> NoReturn:
    click.echo(f"error: {terminal(message)}", err=True)
    sys.exit(2)


def _not_found(exc: RulesetNotFound) -> NoReturn:
    diag = exc.diagnostic
    text = diag.message + (f" ({diag.hint})" if diag.hint else "")
    if diag.span.file not in ("<command line>",) and diag.span.line:
        click.echo(diagnostic_text(diag), err=True)
        sys.exit(2)
    usage_error(text)


class _Commands(click.Group):
    """`riskrules --help` lists each command with its first sentence whole (click cuts it at
    45 characters with "..." by default)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def complete_rulesets(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Shell completion of a RULESET: the built-in names, then rules files."""
    from click.shell_completion import CompletionItem

    names = Workspace.open().ruleset_names()
    found = [CompletionItem(n) for n in names if n.startswith(incomplete)]
    return [*found, CompletionItem(incomplete, type="file")]


def complete_rule_ids(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Shell completion of a rule id (`explain`, `sweep --vary`)."""
    from click.shell_completion import CompletionItem

    from ..grammar.schema import known_ids

    return [CompletionItem(k) for k in known_ids() if k.startswith(incomplete)]


RULESET = click.argument("ruleset", shell_complete=complete_rulesets)


@click.group(
    cls=_Commands,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="""\b
A RULESET is a built-in name (riskrules list shows them), a path to a
.rules file holding one ruleset, or PATH:NAME.

\b
Exit codes: 0 ok; 1 findings (errors, a failed scenario, an illegal
record, a ruleset that does not check); 2 usage (a bad option or path);
3 an internal error (please report it).

\b
Shell completion (commands, options, ruleset names and rule ids), e.g.
for bash in ~/.bashrc:
  eval "$(_RISKRULES_COMPLETE=bash_source riskrules)"
(zsh: zsh_source, fish: fish_source).""",
)
@click.version_option(
    package_name="riskrules",
    # Which engine this install runs: compiled by mypyc when `pip install` could, else Python.
    message=f"%(prog)s %(version)s (engine: {engine_kind()})",
)
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour for every command (auto: on a terminal, unless NO_COLOR; FORCE_COLOR forces it).",
)
@click.pass_context
def cli(ctx: click.Context, color: str) -> None:
    """riskrules: Risk's printed manuals as precise, checkable rulesets."""
    ctx.meta["riskrules.color"] = color


# ---------------------------------------------------------------------------- check


def _targets(targets: Sequence[str]) -> list[str]:
    """Target arguments to file paths: a path is itself, a ruleset name its file."""
    if not targets:
        return []
    ws = Workspace.open()
    paths = []
    for target in targets:
        if os.path.isdir(target):
            found = sorted(str(p) for p in Path(target).rglob("*.rules"))
            if not found:
                usage_error(f"no .rules files in {target}")
            paths.extend(found)
            continue
        if os.path.exists(target) or target.endswith(".rules") or "/" in target:
            if not os.path.exists(target):
                usage_error(f"no such file: {target}")
            paths.append(target)
            continue
        ruleset = ws.index.rulesets.get(target)
        if ruleset is None:
            hint = did_you_mean(target, ws.index.rulesets)
            usage_error(f"unknown ruleset '{target}'" + (f" ({hint})" if hint else ""))
        paths.append(ruleset.span.file)
    return paths


COLOR = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the output (auto: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it).",
)
STDIN_NAME = "<stdin>.rules"  # how a rules file read from standard input is named in messages


def _read_stdin() -> str:
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        usage_error(f"standard input is larger than {MAX_FILE_BYTES:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        usage_error("standard input is not UTF-8 text")


@cli.command(
    epilog="""\b
Examples:
  riskrules check                      every built-in ruleset
  riskrules check house.rules rules/   a file and a folder of them
  cat house.rules | riskrules check -  a file from standard input
  riskrules check --strict --quiet     fail on warnings too; show only errors

\b
Warnings can be ignored per project ([tool.riskrules] ignore = ["RR0501"] in the nearest
pyproject.toml) or per line (# riskrules: ignore[RR0501] at the end of the line); errors
never are."""
)
@click.argument("targets", nargs=-1, shell_complete=complete_rulesets)
@FORMAT
@click.option("--strict", is_flag=True, help="Treat warnings (assumed values …) as failures.")
@click.option(
    "--report",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also write a readable report of every checked ruleset to this folder.",
)
@click.option(
    "--sources",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="RISKRULES_SOURCES",
    help="With --report: the manuals' texts, for each manual's coverage (or RISKRULES_SOURCES).",
)
@click.option("-v", "--verbose", is_flag=True, help="List every warning, not a count per code.")
@click.option("-q", "--quiet", is_flag=True, help="Only errors and the summary line.")
@COLOR
def check(
    targets: tuple[str, ...],
    fmt: str,
    strict: bool,
    report: Path | None,
    sources: Path | None,
    verbose: bool,
    quiet: bool,
    color: str,
) -> None:
    """Check rules files, folders of them, or built-in rulesets (no target: every built-in)."""
    from .ignores import ConfigError, project, split

    manuals = _manuals(sources) if report is not None and sources is not None else None

    texts: dict[str, str] = {}
    if "-" in targets:
        texts[os.path.abspath(STDIN_NAME)] = text = _read_stdin()
        remember_source(STDIN_NAME, text)
        targets = tuple(t for t in targets if t != "-")
    paths = _targets(targets) + list(texts)
    try:
        settings = project(Path.cwd())
    except ConfigError as exc:
        usage_error(str(exc))
    ws = Workspace.open(paths, texts=texts)
    checked = [os.path.abspath(p) for p in paths] if paths else sorted(ws.builtin)
    diags, ignored = split(ws.diagnostics_for(checked), settings.ignore)
    errors = sum(1 for d in diags if d.severity == Severity.ERROR)
    warnings = sum(1 for d in diags if d.severity == Severity.WARNING)
    notes = len(diags) - errors - warnings
    if fmt == "json":
        emit_json(
            {
                "diagnostics": [d.to_json() for d in diags],
                "errors": errors,
                "warnings": warnings,
                "notes": notes,
                "ignored": ignored,
            }
        )
    else:
        colored = use_color(sys.stdout, color)
        for text in shown_diagnostics(diags, colored, verbose=verbose, quiet=quiet):
            click.echo(text + "\n", color=colored)
        names = [r.name for f in ws.files if f.path in checked for r in f.rulesets]
        click.echo(
            f"checked {counted(len(checked), 'file', 'files')}, "
            f"{counted(len(names), 'ruleset', 'rulesets')}: "
            + summary_line(errors, warnings, notes, ignored),
            color=colored,
        )
    if report is not None:
        from .report import write_report

        _writable_folder(report)
        written = write_report(ws, checked, diags, report, manuals)
        if fmt == "text":
            click.echo(terminal(f"report written to {display_path(str(written))}"))
    failed = errors > 0 or (strict and warnings > 0)
    sys.exit(1 if failed else 0)


# ---------------------------------------------------------------------------- list


def _cited_sources(eff: EffectiveRuleset) -> list[str]:
    found = dict.fromkeys(c.document for clause in eff.clauses for c in clause.citations)
    return list(found)


@cli.command("list")
@FORMAT
def list_cmd(fmt: str) -> None:
    """List the built-in rulesets."""
    ws = Workspace.open()
    rows = []
    for name, ruleset in ws.index.rulesets.items():
        eff = ws.resolved.get(name)
        rows.append(
            {
                "name": name,
                "title": ruleset.title,
                "file": os.path.abspath(ruleset.span.file),
                "extends": ruleset.extends,
                "sources": _cited_sources(eff) if eff else [],
            }
        )
    if fmt == "json":
        emit_json(rows)
        return
    width = max((len(str(r["name"])) for r in rows), default=4)
    for row in rows:
        base = f"  (extends {row['extends']})" if row["extends"] else ""
        click.echo(terminal(f"{str(row['name']).ljust(width)}  {row['title'] or ''}{base}"))


# ---------------------------------------------------------------------------- show, explain


def _citations_json(clause: m.Clause) -> list[dict[str, object]]:
    return [c.to_json() for c in clause.citations]


def _located(ref: str) -> tuple[Workspace, EffectiveRuleset]:
    try:
        return locate(ref)
    except RulesetNotFound as exc:
        _not_found(exc)


GROUP_ABOVE = 3  # more warnings of one code than this are shown as a count, unless --verbose


def shown_diagnostics(
    diags: Sequence[Diagnostic], color: bool, verbose: bool = False, quiet: bool = False
) -> list[str]:
    """What `check` prints: every error in full; warnings in full, or (more than a few of one
    code, without --verbose) one line per code with a count and an example; none with --quiet."""
    errors = [d for d in diags if d.severity == Severity.ERROR]
    warnings = [d for d in diags if d.severity != Severity.ERROR]
    out = [diagnostic_text(d, color) for d in errors]
    if quiet:
        return out
    by_code: dict[str, list[Diagnostic]] = {}
    for diag in warnings:
        by_code.setdefault(diag.code, []).append(diag)
    for code, group in by_code.items():
        if verbose or len(group) <= GROUP_ABOVE:
            out.extend(diagnostic_text(d, color) for d in group)
            continue
        first = group[0]
        where = f"{display_path(first.span.file)}:{first.span.line}:{first.span.column}"
        label = severity_label(first.severity, color)
        out.append(
            f"{label}[{code}]: {len(group)} {first.severity.value}s like this one, at "
            f"{terminal(where)}: {terminal(first.message)}\n"
            f"  = note: riskrules check --verbose lists each"
        )
    return out


def _writable_folder(path: str | Path) -> None:
    """Create the output folder now, so a bad path is a usage error before any work is done."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        usage_error(f"cannot write to the folder {path}: {exc.strerror or exc}")


def write_file(path: str | Path, data: str | bytes) -> None:
    """Write a file the user named; a path that cannot be written is a usage error (exit 2)."""
    try:
        with open(path, "wb") as handle:
            handle.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    except OSError as exc:
        usage_error(f"cannot write {path}: {exc.strerror or exc}")


def _checked(ref: str) -> tuple[Workspace, EffectiveRuleset]:
    """The ruleset, if it and the rulesets it extends have no errors; otherwise the errors are
    shown as `check` shows them and the command stops with exit 1 (nothing is played or
    printed from a ruleset that does not check)."""
    ws, eff = _located(ref)
    errors = ws.chain_errors(eff)
    if errors:
        color = use_color(sys.stderr)
        for diag in errors:
            click.echo(diagnostic_text(diag, color) + "\n", err=True, color=color)
        count = counted(len(errors), "error", "errors")
        click.echo(f"ruleset '{eff.name}' has {count}: fix them first (riskrules check)", err=True)
        sys.exit(1)
    return ws, eff


@cli.command()
@RULESET
@FORMAT
def show(ruleset: str, fmt: str) -> None:
    """Print the effective ruleset: every rule, inherited ones included."""
    _, eff = _located(ruleset)
    if fmt == "json":
        emit_json(
            {
                "name": eff.name,
                "title": eff.title,
                "chain": list(eff.chain),
                "rules": [
                    {
                        "id": c.id,
                        "value": to_json(c.value),
                        "text": value_text(c.value),
                        "defined_in": c.ruleset,
                        "file": os.path.abspath(c.span.file),
                        "line": c.span.line,
                        "assumed": c.assumed,
                        "citations": _citations_json(c),
                    }
                    for c in eff.clauses
                ],
            }
        )
        return
    title = f" {quote(eff.title)}" if eff.title else ""
    click.echo(f"# effective ruleset: {' -> '.join(eff.chain)}")
    click.echo(terminal(f"ruleset {eff.name}{title} {{"))
    for clause in eff.clauses:
        origin = f"  # from {clause.ruleset}" if clause.ruleset != eff.name else ""
        click.echo(terminal(f"  {clause.id}: {value_text(clause.value)}{origin}"))
        for cite in clause.citations:
            click.echo(terminal(f"    cite {_cite_text(cite)}"))
    click.echo("}")


def _cite_text(cite: m.Citation) -> str:
    where = f" page {cite.page}" if cite.page is not None else ""
    where += f" section {quote(cite.section)}" if cite.section else ""
    return f"{cite.document}{where} {quote(cite.anchor)}"


@cli.command()
@RULESET
@click.argument("rule_id", shell_complete=complete_rule_ids)
@FORMAT
def explain(ruleset: str, rule_id: str, fmt: str) -> None:
    """Show a rule's effective value and the chain of definitions behind it."""
    _, eff = _located(ruleset)
    clause = eff.clause(rule_id)
    if clause is None:
        hint = did_you_mean(rule_id, [c.id for c in eff.clauses])
        usage_error(
            f"ruleset '{eff.name}' has no rule '{rule_id}'" + (f" ({hint})" if hint else "")
        )
    chain = eff.definitions(rule_id)
    if fmt == "json":
        emit_json(
            {
                "ruleset": eff.name,
                "rule": rule_id,
                "value": to_json(clause.value),
                "text": value_text(clause.value),
                "assumed": clause.assumed,
                "chain": [
                    {
                        "ruleset": c.ruleset,
                        "file": os.path.abspath(c.span.file),
                        "line": c.id_span.line,
                        "column": c.id_span.column,
                        "override": c.override,
                        "value": to_json(c.value),
                        "text": value_text(c.value),
                        "citations": _citations_json(c),
                    }
                    for c in chain
                ],
            }
        )
        return
    click.echo(terminal(f"{eff.name}: {rule_id} = {value_text(clause.value)}"))
    for i, c in enumerate(chain):
        verb = "defined" if i == len(chain) - 1 else ("overridden" if c.override else "defined")
        where = f"{display_path(c.span.file)}:{c.id_span.line}:{c.id_span.column}"
        click.echo(terminal(f"  {verb} in {c.ruleset} at {where}: {value_text(c.value)}"))
        for cite in c.citations:
            click.echo(terminal(f"      cite {_cite_text(cite)}"))


# ---------------------------------------------------------------------------- odds


def _prob(value: float | Fraction, exact: bool) -> str | float:
    if exact:
        frac = Fraction(value)
        return f"{frac.numerator}/{frac.denominator}"
    return float(value)


def _roll_prob(value: Fraction, dice: int, exact: bool) -> str | float:
    """A roll's probability over all 6**dice equally likely rolls, as the manuals count."""
    if not exact:
        return float(value)
    total = 6**dice
    return f"{value * total}/{total}"


def _show_prob(value: float | Fraction, exact: bool) -> str:
    return f"{Fraction(value)}" if exact else f"{float(value):.4f}"


@cli.command()
@RULESET
@click.option(
    "--attackers",
    "-a",
    type=click.IntRange(1, MAX_ODDS_ARMIES),
    help=f"Armies able to fight (at most {MAX_ODDS_ARMIES:,}).",
)
@click.option(
    "--defenders",
    "-d",
    type=click.IntRange(1, MAX_ODDS_ARMIES),
    help=f"Defending armies (at most {MAX_ODDS_ARMIES:,}).",
)
@click.option(
    "--table",
    type=click.IntRange(1, MAX_ODDS_TABLE),
    help=f"A table for 1..N on both sides (N at most {MAX_ODDS_TABLE}).",
)
@click.option("--roll", help="One roll's outcomes, e.g. 3v2.")
@click.option(
    "--exact",
    is_flag=True,
    help=f"Exact fractions instead of decimals (up to {MAX_EXACT_ODDS} armies a side).",
)
@FORMAT
def odds(
    ruleset: str,
    attackers: int | None,
    defenders: int | None,
    table: int | None,
    roll: str | None,
    exact: bool,
    fmt: str,
) -> None:
    """Exact battle odds computed from the ruleset's combat rules.

    ATTACKERS counts the armies that may fight: the attacking territory holds one more.
    """
    chosen = sum(x is not None for x in (table, roll)) + (
        attackers is not None or defenders is not None
    )
    if chosen != 1:
        usage_error("give --attackers and --defenders, or --table N, or --roll AvD")
    biggest = max(attackers or 0, defenders or 0, table or 0)
    if exact and biggest > MAX_EXACT_ODDS:
        usage_error(
            f"--exact works up to {MAX_EXACT_ODDS} armies a side, not {biggest:,} "
            "(exact fractions grow very long); leave out --exact for decimals"
        )
    rules = _rules(ruleset)
    if roll is not None:
        match = re.fullmatch(r"\s*(\d+)\s*[vVxX]\s*(\d+)\s*", roll)
        if not match:
            usage_error(f"--roll takes the dice of each side, such as 3v2, not {roll!r}")
        ad, dd = int(match.group(1)), int(match.group(2))
        for dice, side, rule, most_of in (
            (ad, "attacker", "combat.attacker.dice", rules.attacker_dice),
            (dd, "defender", "combat.defender.dice", rules.defender_dice),
        ):
            most = max(most_of(armies)[1] for armies in range(1, MAX_ODDS_ARMIES + 1))
            if not 1 <= dice <= most:
                usage_error(
                    f"{rules.name} lets the {side} roll 1 to {most} dice, not {dice} (rule {rule})"
                )
        from ..engine.odds import roll_outcomes

        outcomes = roll_outcomes(rules, ad, dd)
        if fmt == "json":
            emit_json(
                {
                    "ruleset": rules.name,
                    "attacker_dice": ad,
                    "defender_dice": dd,
                    "outcomes": [
                        {
                            "attacker_loses": o.attacker_loses,
                            "defender_loses": o.defender_loses,
                            "probability": _roll_prob(o.probability, ad + dd, exact),
                        }
                        for o in outcomes
                    ],
                }
            )
            return
        click.echo(f"{rules.name}: one roll of {ad} attacking dice against {dd} defending dice")
        for o in outcomes:
            shown = (
                f"{o.probability.numerator}/{o.probability.denominator}"
                if exact
                else f"{float(o.probability):.4f}"
            )
            click.echo(
                f"  attacker loses {o.attacker_loses}, defender loses {o.defender_loses}: {shown}"
            )
        return
    if table is not None:
        from ..engine.odds import battle_table

        grid = battle_table(rules, table, table, exact=exact)
        if fmt == "json":
            emit_json(
                {
                    "ruleset": rules.name,
                    "size": table,
                    "table": [[_prob(p, exact) for p in row] for row in grid],
                }
            )
            return
        click.echo(
            f"{rules.name}: P(attacker takes the territory); "
            "rows A = armies able to fight, columns D = defenders"
        )
        cells_text: list[list[str]] = [[_show_prob(p, exact) for p in row] for row in grid]
        width = max([7, *(len(cell) for row in cells_text for cell in row)])
        click.echo("A\\D".rjust(4) + "".join(str(d).rjust(width + 1) for d in range(1, table + 1)))
        for a, cells in enumerate(cells_text, start=1):
            click.echo(str(a).rjust(4) + "".join(cell.rjust(width + 1) for cell in cells))
        return
    if attackers is None or defenders is None:
        usage_error("give both --attackers and --defenders")
    from ..engine.odds import battle_odds

    result = battle_odds(rules, attackers, defenders, exact=exact)
    data = {
        "ruleset": rules.name,
        "attackers": attackers,
        "defenders": defenders,
        "attacker_wins": _prob(result.attacker_wins, exact),
        "defender_wins": _prob(1 - result.attacker_wins, exact),
        "expected_attacker_survivors": _prob(result.expected_attacker_survivors, exact),
        "expected_defender_survivors": _prob(result.expected_defender_survivors, exact),
    }
    if fmt == "json":
        emit_json(data)
        return
    click.echo(
        f"{rules.name}: {attackers} attacking armies "
        f"(the territory holds {attackers + 1}) against {defenders}"
    )
    click.echo(f"  attacker takes the territory: {_show_prob(result.attacker_wins, exact)}")
    click.echo(
        f"  expected attackers left:      {_show_prob(result.expected_attacker_survivors, exact)}"
    )
    click.echo(
        f"  expected defenders left:      {_show_prob(result.expected_defender_survivors, exact)}"
    )


def _refuse_bad_features(paths: Sequence[str]) -> None:
    """Stop (exit 1) with FILE:LINE for every file that is not a runnable Gherkin feature."""
    from .scenarios import feature_problem

    problems = [p for p in map(feature_problem, paths) if p is not None]
    for problem in problems:
        click.echo(terminal(f"error: {problem}"), err=True)
    if problems:
        sys.exit(1)


def _rules(ref: str) -> Rules:
    from ..engine.rules import Rules  # the engine only for the commands that play

    """Playable rules for `ref`, from the workspace `_checked` opened (what `load` does)."""
    return Rules(_checked(ref)[1])


# ---------------------------------------------------------------------------- diff


@cli.command()
@click.argument("rulesets", nargs=-1, required=True, shell_complete=complete_rulesets)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "md", "html", "json"]),
    default="text",
    show_default=True,
    help="Plain text, a Markdown table, a printable HTML page, or JSON.",
)
@click.option("--lang", type=click.Choice(SHEET_LANGUAGES), default="en", show_default=True)
def diff(rulesets: tuple[str, ...], fmt: str, lang: str) -> None:
    """Every rule whose effective value differs between RULESETS (two or more)."""
    from .diff import differences, html, markdown, text

    if len(rulesets) < 2:
        usage_error("diff needs at least two rulesets")
    effective = [_checked(ref)[1] for ref in rulesets]
    names = [eff.name for eff in effective]
    if len(set(names)) != len(names):
        usage_error("name each ruleset once")
    found = differences(effective)
    if fmt == "json":
        emit_json({"rulesets": names, "differences": [d.to_json() for d in found]})
    elif fmt == "md":
        click.echo(markdown(names, found), nl=False)
    elif fmt == "html":
        click.echo(html(effective, found, lang), nl=False)
    else:
        click.echo(text(names, found), nl=False)


# ---------------------------------------------------------------------------- test, trace


@cli.command("test")
@RULESET
@click.argument("features", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("-v", "--verbose", is_flag=True, help="List every scenario, passed ones too.")
@FORMAT
@click.option(
    "--junitxml",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the results as JUnit XML (for CI services).",
)
def test_cmd(
    ruleset: str, features: tuple[str, ...], verbose: bool, fmt: str, junitxml: Path | None
) -> None:
    """Run your own Gherkin FEATURES against RULESET (house rules included).

    Steps may be written in English, Danish or Dutch (docs/steps.md lists them); the ruleset
    given here replaces the one a feature's Background names. A failure shows the feature's
    file and line, the scenario, the step that failed, and what was expected against what
    happened.
    """
    from .scenarios import junit_xml, run_features

    rules = _rules(ruleset)
    _refuse_bad_features(features)
    target = ruleset if (os.sep in ruleset or ruleset.endswith(".rules")) else rules.name
    code, results, printed = run_features(list(features), ruleset=target)
    if code not in (0, 1) or not results:
        click.echo(printed.rstrip(), err=True)
        usage_error("the scenarios could not be run (pytest's output is above)")
    failed = [r for r in results if r.outcome != "passed"]
    if junitxml is not None:
        write_file(junitxml, junit_xml(rules.name, results))
    if fmt == "json":
        emit_json(
            {
                "ruleset": rules.name,
                "passed": len(results) - len(failed),
                "failed": len(failed),
                "scenarios": [r.to_json() for r in results],
            }
        )
    else:
        for result in results:
            where = f"{display_path(result.path)}:{result.line}"
            if result.outcome == "passed":
                if verbose:
                    click.echo(terminal(f"passed  {where}  {result.title}"))
                continue
            click.echo(terminal(f"FAILED  {where}  {result.title}"))
            if result.step:
                click.echo(terminal(f"  step, line {result.step_line}: {result.step}"))
            if result.message:
                click.echo(terminal(f"  {result.message}"))
        parts = [f"{len(results) - len(failed)} passed"] if len(failed) < len(results) else []
        parts += [f"{len(failed)} failed"] if failed else []
        click.echo(", ".join(parts))
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("rulesets", nargs=-1)
@click.option(
    "--sources",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="RISKRULES_SOURCES",
    help="Folder with the manuals' texts, to look every anchor up (or RISKRULES_SOURCES).",
)
@click.option(
    "--features",
    "feature_files",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="Feature files to run (default: the built-in ones).",
)
@click.option(
    "--uncovered",
    is_flag=True,
    help="Instead: the rule-bearing passages of each ruleset's own manual that no rule cites "
    "(needs --sources).",
)
@FORMAT
def trace(
    rulesets: tuple[str, ...],
    sources: Path | None,
    feature_files: tuple[str, ...],
    uncovered: bool,
    fmt: str,
) -> None:
    """Per ruleset: each clause, its citations, and the scenarios that exercise it."""
    from .scenarios import ScenarioResult, builtin_features, run_features
    from .trace import trace as trace_ruleset

    manuals = _manuals(sources) if sources is not None else None
    if uncovered:
        if manuals is None:
            usage_error("--uncovered reads the manuals: give --sources FOLDER")
        _trace_uncovered(rulesets, manuals, fmt)
        return
    _refuse_bad_features(feature_files)
    ws = Workspace.open()
    names = list(rulesets) or [n for n in ws.index.rulesets if n != "classic"]
    effective = [_checked(name)[1] for name in names]  # a ruleset with errors is refused
    if manuals is not None:
        _require_manuals(manuals, effective)
    if feature_files:
        # Your own scenarios run against each ruleset named (as `test` does), not against the
        # ruleset their Background names.
        code = 0
        results: list[ScenarioResult] = []
        for name in names:
            found, part, _printed = run_features(list(feature_files), ruleset=name)
            code, results = max(code, found), results + part
    else:
        code, results, _printed = run_features(builtin_features())
    reports = [trace_ruleset(eff, results, manuals) for eff in effective]
    failed = [r for r in results if r.outcome != "passed"]
    if fmt == "json":
        emit_json(
            {
                "scenarios": len(results),
                "scenarios_failed": len(failed),
                "rulesets": [r.to_json() for r in reports],
            }
        )
    else:
        click.echo(f"{counted(len(results), 'scenario', 'scenarios')} run, {len(failed)} failed")
        for report in reports:
            share = (
                100 * (len(report.clauses) - len(report.unexercised)) / max(len(report.clauses), 1)
            )
            click.echo(
                f"{report.name}: {len(report.clauses)} clauses, {report.cited} cited, "
                f"{share:.0f}% exercised"
                + (
                    f", anchors {report.anchors_found}/{report.anchors_checked} found"
                    if manuals
                    else ", anchors not checked (no --sources)"
                )
            )
            if report.unexercised:
                click.echo("  not exercised: " + ", ".join(report.unexercised))
            for miss in report.missing_anchors:
                click.echo(
                    terminal(
                        f'  {miss["rule"]}: {miss["document"]} "{miss["anchor"]}": '
                        f"{miss['problem']}"
                    )
                )
            for unread in report.unread:
                click.echo(
                    terminal(
                        f"  anchors of {unread['document']} not checked: {unread['file']} "
                        f"{unread['problem']}"
                    )
                )
    findings = bool(failed) or any(r.missing_anchors or r.cited < len(r.clauses) for r in reports)
    sys.exit(1 if findings or code not in (0, 5) else 0)


def _manuals(sources: Path) -> Manuals:
    """The sources folder (`--sources`), or a usage error (exit 2) if it is not one."""
    from .trace import Manuals, SourcesUnreadable

    try:
        return Manuals.open(sources)
    except SourcesUnreadable as exc:
        usage_error(str(exc))


def _require_manuals(manuals: Manuals, effective: list[EffectiveRuleset]) -> None:
    """Exit 2 when the folder holds none of the manuals the rulesets cite, naming the folder
    and the files expected in it: every anchor would go unchecked."""
    from .trace import SourcesUnreadable

    wanted = {
        source.file: source.id
        for eff in effective
        for clause in eff.clauses
        for cite in clause.citations
        if (source := eff.source(cite.document)) is not None
    }
    try:
        manuals.require_some(wanted)
    except SourcesUnreadable as exc:
        usage_error(str(exc))


def _trace_uncovered(rulesets: tuple[str, ...], manuals: Manuals, fmt: str) -> None:
    """For each manual a ruleset encodes: its rule-bearing passages that no rule of the rulesets
    encoding that manual cites, nor an `ignore` sets aside; exit 1 when any is left."""
    from .coverage import ManualMissing, manuals_of

    ws = Workspace.open()
    names = list(rulesets) or [n for n in ws.index.rulesets if n != "classic"]
    located = [_checked(name) for name in names]
    try:
        reports = manuals_of(located, manuals)
    except ManualMissing as exc:
        usage_error(str(exc))
    if fmt == "json":
        emit_json({"manuals": [r.to_json() for r in reports]})
    else:
        for r in reports:
            click.echo(
                terminal(
                    f"{r.document} ({r.title}): {r.cited + r.ignored} of "
                    f"{r.rule_bearing} rule-bearing passages cited or set aside "
                    f"({100 * r.share:.0f}%; {r.ignored} ignored)"
                )
            )
            for p in r.uncovered:
                click.echo(terminal(f'  {p.where()}: "{p.words}" ({"; ".join(p.reasons)})'))
            if r.unlisted:
                click.echo(
                    f"  … and {r.unlisted:,} more (the first {len(r.uncovered):,} are listed)"
                )
            for miss in r.missing_ignores:
                click.echo(
                    terminal(
                        f"  {display_path(str(miss['file']))}:{miss['line']}: "
                        f'ignore "{miss["anchor"]}": {miss["problem"]}'
                    )
                )
    left = any(r.uncovered_count or r.missing_ignores for r in reports)
    sys.exit(1 if left else 0)


# ---------------------------------------------------------------------------- fmt, new


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not formatted.")
@click.option("--diff", "show_diff", is_flag=True, help="Print what would change; change nothing.")
def fmt(files: tuple[str, ...], check: bool, show_diff: bool) -> None:
    """Rewrite rules files in the one canonical layout; `-` formats standard input.

    Comments stay where they are; only whitespace moves. With `-` the formatted text goes to
    standard output."""
    import difflib

    from ..grammar.layout import format_text
    from ..grammar.reader import read_rules, source_text

    changed = unchanged = broken = 0
    for name in files:
        path = STDIN_NAME if name == "-" else name
        if name == "-":
            found: str | None = _read_stdin()
            remember_source(STDIN_NAME, found or "")
        else:  # read once, as the parser reads it (bounded, UTF-8, no newline translation)
            found, problem = source_text(name)
            if problem is not None:
                broken += 1
                click.echo(diagnostic_text(problem) + "\n", err=True)
                continue
        text = found or ""
        result = read_rules(text, path)
        if result.file is None:
            broken += 1
            for diag in result.diagnostics:
                click.echo(diagnostic_text(diag) + "\n", err=True)
            continue
        formatted = format_text(text)
        again = read_rules(formatted, path)
        if again.file is None or again.file != result.file:
            broken += 1
            click.echo(
                f"error: formatting {display_path(name)} would change its meaning; the file is "
                "left as it is (please report this)",
                err=True,
            )
            continue
        if name == "-" and not (check or show_diff):
            click.echo(formatted, nl=False)
        if formatted == text:
            unchanged += 1
            continue
        changed += 1
        shown = "<stdin>" if name == "-" else display_path(name)
        if show_diff:
            lines = difflib.unified_diff(
                text.splitlines(keepends=True),
                formatted.splitlines(keepends=True),
                fromfile=shown,
                tofile=f"{shown} (formatted)",
            )
            click.echo("".join(lines), nl=False)
        elif check:
            click.echo(terminal(f"would reformat {shown}"))
        elif name != "-":
            write_file(name, formatted)
            click.echo(terminal(f"reformatted {shown}"))
    verb = "would be reformatted" if check or show_diff else "reformatted"
    parts = [f"{counted(changed, 'file', 'files')} {verb}"] if changed else []
    if unchanged:
        parts.append(f"{counted(unchanged, 'file', 'files')} unchanged")
    if broken:
        parts.append(f"{counted(broken, 'file', 'files')} not formatted (errors above)")
    click.echo(", ".join(parts) or "no files", err=True)
    sys.exit(1 if broken or ((check or show_diff) and changed) else 0)


@cli.command()
@click.argument("name")
@click.option("--extends", "base", default="classic", show_default=True, help="The base ruleset.")
@click.option("--title", help="The ruleset's title.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="File (default NAME.rules; - for standard output).",
)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@click.option(
    "--from",
    "example",
    metavar="EXAMPLE",
    help="Start from an example house rule (capital-risk, fixed-ten …; 'list' lists them).",
)
def new(
    name: str,
    base: str,
    title: str | None,
    output: str | None,
    force: bool,
    example: str | None,
) -> None:
    """Start a house-rules file that extends BASE, with common changes as comments.

    With --from, start from one of the example house rules instead (Capital Risk, the card
    modes, unlimited fortifying …; `--from list` lists them)."""
    import re as _re

    from ..grammar.layout import format_text
    from .scaffold import examples, from_example, scaffold

    if example is not None:
        known = examples()
        if example == "list" or example not in known:
            if example != "list":
                hint = did_you_mean(example, known)
                click.echo(
                    f"error: no example '{example}'" + (f" ({hint})" if hint else ""), err=True
                )
            click.echo("examples: " + ", ".join(known), err=example != "list")
            sys.exit(0 if example == "list" else 2)
    if not _re.fullmatch(r"[a-z][a-z0-9_]*(-[a-z0-9_]+)*", name):
        usage_error(f"'{name}' is not a ruleset name: use lower-case letters, digits, '_' and '-'")
    if example is not None:
        text = from_example(name, example, examples()[example], title)
    else:
        _, eff = _located(base)
        text = format_text(scaffold(name, eff, title))
    if output == "-":  # standard output, to pipe or redirect
        click.echo(text, nl=False)
        return
    target = Path(output or f"{name}.rules")
    if target.exists() and not force:
        usage_error(f"{target} exists (use --force to overwrite it)")
    write_file(target, text)
    click.echo(terminal(f"wrote {target}; check it with: riskrules check {target}"))


@cli.command()
def lsp() -> None:
    """Run the language server on standard input and output (for editors)."""
    from .lsp import main as serve

    serve()


# ---------------------------------------------------------------------------- summary


@cli.command()
@RULESET
@click.option(
    "--lang",
    type=click.Choice(SHEET_LANGUAGES),
    default=None,
    help="Language of the sheet  [default: that of the ruleset's own manual, else en]",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["html", "md", "pdf"]),
    default="html",
    show_default=True,
)
@click.option(
    "--citations",
    type=click.Choice(["none", "sections", "rules"]),
    default="sections",
    show_default=True,
    help="Sources: a line under each section, a note on each rule, or none.",
)
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="File to write.")
def summary(
    ruleset: str, lang: str | None, fmt: str, citations: str, paper: str, output: str | None
) -> None:
    """A printable rule sheet (one page) in English, Danish or Dutch."""
    from .summary import MOST_PAGES, build_for, render_paged, sheet_language

    ws, eff = _checked(ruleset)
    sheet = build_for(ws, eff, lang or sheet_language(eff), citations, paper)
    try:
        data, pages = render_paged(sheet, fmt)
    except Exception as exc:  # a missing PDF library is the user's to fix
        from .pdf import PdfUnavailable

        if isinstance(exc, PdfUnavailable):
            usage_error(str(exc))
        raise
    if pages is not None and pages > MOST_PAGES:
        click.echo(
            f"warning: the sheet runs to {pages} pages, not at most {MOST_PAGES}: its texts are "
            "long (sources' titles, names, citations); it says so at its top",
            err=True,
        )
    if output is None:
        if fmt == "pdf":
            usage_error("PDF output needs -o FILE")
        click.echo(data if isinstance(data, str) else data.decode("utf-8"), nl=False)
        return
    write_file(output, data)
    click.echo(terminal(f"wrote {output}"), err=True)


# ---------------------------------------------------------------------------- referee, simulate


@cli.command("referee")
@RULESET
@click.argument("record", type=click.Path(dir_okay=False, allow_dash=True))
@FORMAT
def referee_cmd(ruleset: str, record: str, fmt: str) -> None:
    """Check a game RECORD (JSON Lines) action by action against RULESET."""
    from .referee import bounded_lines, referee

    rules = _rules(ruleset)
    if record == "-":
        verdict = referee(rules, bounded_lines(sys.stdin.buffer))
    else:
        try:
            with open(record, "rb") as handle:
                verdict = referee(rules, bounded_lines(handle))
        except OSError as exc:
            usage_error(f"cannot read {record}: {exc.strerror or exc}")
    if fmt == "json":
        emit_json(verdict.to_json())
    elif verdict.ok:
        who = f"; {verdict.winner} wins" if verdict.winner else ""
        click.echo(terminal(f"ok: {verdict.actions} legal actions, {verdict.turns} turns{who}"))
        for note in verdict.notes:
            click.echo(terminal(f"note: {note}"))
    else:
        rule = f" (rule {verdict.rule}" if verdict.rule else ""
        if verdict.rule and verdict.citation:
            rule += f", {verdict.citation['document']} '{verdict.citation['anchor']}'"
        rule += ")" if verdict.rule else ""
        click.echo(terminal(f"{record}:{verdict.line}: {verdict.message}{rule}"))
    sys.exit(0 if verdict.ok else 1)


# Options that simulate, balance and sweep share, written once.
PLAYERS = click.option(
    "--players", "-p", type=click.IntRange(1, 12), help="Players (default: the fewest)."
)
SEED = click.option("--seed", "-s", type=int, default=1, show_default=True)
AGENT = click.option(
    "--agent", type=click.Choice(["aggressive", "random"]), default="aggressive", show_default=True
)
MAX_TURNS = click.option(
    "--max-turns", type=click.IntRange(1, 100_000), default=DEFAULT_MAX_TURNS, show_default=True
)
WORKERS = click.option(
    "--workers", "-w", type=click.IntRange(1, 64), help="Processes (default: one per core)."
)


@cli.command()
@RULESET
@PLAYERS
@click.option("--games", "-g", type=click.IntRange(1, MAX_GAMES), default=10, show_default=True)
@SEED
@AGENT
@MAX_TURNS
@click.option(
    "--max-actions",
    type=click.IntRange(1, MAX_RECORD_ACTIONS),
    default=DEFAULT_MAX_ACTIONS,
    show_default=True,
    help="Stop a game after this many actions (it counts as unfinished).",
)
@click.option("--record", type=click.Path(file_okay=False), help="Write each game's record here.")
@WORKERS
@FORMAT
def simulate(
    ruleset: str,
    players: int | None,
    games: int,
    seed: int,
    agent: str,
    max_turns: int,
    max_actions: int,
    record: str | None,
    workers: int | None,
    fmt: str,
) -> None:
    """Play complete games with built-in agents, checking every invariant after every action."""
    import time

    from .simulate import Summary, jobs, play_all

    rules = _rules(ruleset)
    low, high = rules.players
    count = players or low
    if not low <= count <= high:
        usage_error(f"{rules.name} is for {low} to {high} players, not {count}")
    target = ruleset if (os.sep in ruleset or ruleset.endswith(".rules")) else rules.name
    if record is not None:
        _writable_folder(record)
    todo = jobs(target, count, games, seed, agent, max_turns, record, max_actions)
    processes = min(workers or os.cpu_count() or 1, games, 64)
    gathered = Summary(rules.name, count)
    start = time.perf_counter()
    if fmt == "text" and sys.stderr.isatty():
        with click.progressbar(length=len(todo), label=f"{rules.name}", file=sys.stderr) as bar:
            for result in play_all(todo, processes):
                gathered.add(result)
                bar.update(1)
    else:
        for result in play_all(todo, processes):
            gathered.add(result)
    gathered.elapsed = time.perf_counter() - start
    summary = gathered.to_json()
    if fmt == "json":
        emit_json(summary)
    else:
        click.echo(
            f"{rules.name}, {count} players: {summary['completed']}/{summary['games']} games "
            f"completed, {summary['unfinished']} unfinished at {max_turns} turns, "
            f"{len(summary['violations'])} violations"  # type: ignore[arg-type]
        )
        click.echo(f"  winners: {summary['winners']}; turns {summary['turns']}")
        click.echo(f"  {summary['elapsed_s']} s, {summary['games_per_s']} games/s")
        for v in summary["violations"]:  # type: ignore[attr-defined]
            click.echo(f"  violation in game {v['game']}: {v['message']} (record: {v['record']})")
    sys.exit(1 if summary["violations"] else 0)


# ---------------------------------------------------------------------------- balance, sweep


def _study_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options `balance` and `sweep` share: how many games of what, where they run, and
    what is written."""
    options = [
        PLAYERS,
        click.option(
            "--games",
            "-g",
            type=click.IntRange(2, MAX_GAMES),
            default=200,
            show_default=True,
            help=(
                "Games per ruleset (game i of every ruleset has the same seed); "
                f"{MAX_STUDY_GAMES:,} in all at most."
            ),
        ),
        SEED,
        AGENT,
        MAX_TURNS,
        click.option(
            "--at-turn",
            type=click.IntRange(1, 100_000),
            default=10,
            show_default=True,
            help="The turn at which continent holders are noted (each player's turn counts one).",
        ),
        WORKERS,
        click.option(
            "--scheduler",
            metavar="ADDRESS",
            help="Run the games on this Dask distributed scheduler (e.g. tcp://10.0.0.5:8786).",
        ),
        click.option(
            "--batch",
            type=click.IntRange(1, MAX_GAMES_IN_FLIGHT),
            default=25,
            show_default=True,
            help="Games per task on a Dask cluster.",
        ),
        click.option(
            "--connect-timeout",
            type=click.IntRange(1, 86_400),
            default=DEFAULT_CONNECT_TIMEOUT,
            show_default=True,
            metavar="SECONDS",
            help="Give up reaching the Dask scheduler after this long.",
        ),
        click.option(
            "--worker-timeout",
            type=click.IntRange(1, 86_400),
            default=DEFAULT_WORKER_TIMEOUT,
            show_default=True,
            metavar="SECONDS",
            help="Give up when the Dask scheduler has had no worker for this long.",
        ),
        click.option(
            "--report",
            type=click.Path(file_okay=False, path_type=Path),
            help="Also write a page with plots (balance.html) and every figure (balance.json).",
        ),
        FORMAT,
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _study_preflight(rulesets: int, options: dict[str, Any]) -> None:
    """What can be refused before a study's rulesets are read: its size (MAX_STUDY_GAMES) and
    the address of its scheduler (exit 2)."""
    from .balance import ClusterError, scheduler_address

    games = options["games"]
    if rulesets * games > MAX_STUDY_GAMES:
        usage_error(
            f"this study would play {rulesets * games:,} games ({rulesets} rulesets × "
            f"{games:,}); a study plays at most {MAX_STUDY_GAMES:,} games in all: "
            f"--games {MAX_STUDY_GAMES // rulesets:,} or fewer, or fewer rulesets"
        )
    if options["scheduler"] is not None:
        try:
            scheduler_address(options["scheduler"])
        except ClusterError as exc:
            usage_error(str(exc))


def _run_study(arms: list[Arm], rulesets: list[EffectiveRuleset], options: dict[str, Any]) -> None:
    """Play the study (the first arm is the base) and show it; every ruleset has checked."""
    from ..engine.rules import Rules
    from .balance import ClusterError, Settings, study
    from .balance_report import page, text

    counts = [Rules(eff).players for eff in rulesets]
    low = max(c[0] for c in counts)
    high = min(c[1] for c in counts)
    players = options["players"] or low
    if not low <= players <= high:
        usage_error(
            f"these rulesets are for {low} to {high} players together, not {players}"
            if low <= high
            else "these rulesets have no number of players in common"
        )
    if options["report"] is not None:
        _writable_folder(options["report"])
    settings = Settings(
        players,
        options["games"],
        options["seed"],
        options["agent"],
        options["max_turns"],
        observe_turn=options["at_turn"],
    )
    total = len(arms) * settings.games
    workers = min(options["workers"] or os.cpu_count() or 1, total, 64)
    where = {
        "scheduler": options["scheduler"],
        "batch": options["batch"],
        "connect_timeout": options["connect_timeout"],
        "worker_timeout": options["worker_timeout"],
    }
    try:
        if options["fmt"] == "text" and sys.stderr.isatty():
            with click.progressbar(length=total, label="games", file=sys.stderr) as bar:
                found = study(arms, settings, workers, progress=bar, **where)
        else:
            found = study(arms, settings, workers, **where)
    except ClusterError as exc:
        usage_error(str(exc))
    if options["report"] is not None:
        folder = Path(options["report"])
        write_file(folder / "balance.json", json.dumps(found, ensure_ascii=False, indent=2))
        write_file(folder / "balance.html", page(found))
    if options["fmt"] == "json":
        emit_json(found)
    else:
        click.echo(text(found))
        if options["report"] is not None:
            click.echo(f"\nreport: {display_path(str(Path(options['report']) / 'balance.html'))}")
    broken = sum(int(r["violations"]) for r in found["rulesets"])
    if broken:
        click.echo(f"{broken} games broke an invariant: riskrules simulate shows them", err=True)
    stopped = found.get("stopped")
    if stopped:
        click.echo(
            f"error: the study stopped early: {stopped['reason']}. {stopped['games_played']:,} "
            f"of {total:,} games were played; the figures are those of the first "
            f"{found['games']:,} seeds, which every ruleset finished (the study of --games "
            f"{found['games']:,}). Run it again for all {settings.games:,}.",
            err=True,
        )
    sys.exit(1 if broken or stopped else 0)


@cli.command()
@click.argument("base", shell_complete=complete_rulesets)
@click.argument("variants", nargs=-1, required=True, shell_complete=complete_rulesets)
@_study_options
def balance(base: str, variants: tuple[str, ...], **options: Any) -> None:
    """What house rules do to the game: VARIANTS against BASE, over the same seeds.

    Reports win rates by place in the turn order, game length, unfinished games and each
    difference against BASE with its interval and p-value."""
    from .balance import arm

    _study_preflight(1 + len(variants), options)
    checked = [_checked(ref) for ref in (base, *variants)]
    arms = [arm(ws, eff) for ws, eff in checked]
    if len({a.name for a in arms}) != len(arms):
        usage_error("name each ruleset once")
    _run_study(arms, [eff for _, eff in checked], options)


@cli.command()
@RULESET
@click.option(
    "--vary",
    "varies",
    multiple=True,
    required=True,
    metavar="RULE=VALUE,VALUE",
    shell_complete=complete_rule_ids,
    help="A rule and its values (one or two --vary; separate values holding commas with |).",
)
@_study_options
def sweep(ruleset: str, varies: tuple[str, ...], **options: Any) -> None:
    """The balance study over a grid of one or two rule values.

    Each point of the grid is a house rule extending RULESET, made in memory and checked like
    any other."""
    from .balance import arm
    from .sweep import SweepError, parse_vary, points

    ws, eff = _checked(ruleset)
    try:
        grid = points(eff, [parse_vary(v) for v in varies])
    except SweepError as exc:
        usage_error(str(exc))
    _study_preflight(1 + len(grid), options)
    texts = {os.path.abspath(p.path): p.text for p in grid}
    base_file = ws.index.rulesets[eff.name].span.file
    extra = [] if base_file in ws.builtin else [base_file]
    grid_ws = Workspace.open(extra, texts=texts)
    arms = [arm(ws, eff)]
    rulesets = [eff]
    for point in grid:
        path = os.path.abspath(point.path)
        errors = [d for d in grid_ws.diagnostics_for([path]) if d.severity == Severity.ERROR]
        found = grid_ws.resolved.get(point.name)
        if errors or found is None:
            why = "cannot be resolved"
            if errors:
                first = errors[0]
                why = first.message + (f" ({first.hint})" if first.hint else "")
            usage_error(f"--vary {point.label}: {why}")
        arms.append(arm(grid_ws, found, texts, label=point.label))
        rulesets.append(found)
    _run_study(arms, rulesets, options)


# ---------------------------------------------------------------------------- examples

EXAMPLES = {
    "list": ["riskrules list", "riskrules list --format json"],
    "show": ["riskrules show da-2006", "riskrules show house.rules --format json"],
    "explain": ["riskrules explain da-2006 cards.trade_values"],
    "diff": [
        "riskrules diff classic da-2006",
        "riskrules diff nl-classic da-classic da-web --format html > diff.html",
    ],
    "new": [
        "riskrules new house --extends da-2006",
        "riskrules new capitals --from capital-risk",
        "riskrules new house --title 'Friday rules' -o -",
    ],
    "fmt": ["riskrules fmt house.rules", "riskrules fmt --check rules/*.rules"],
    "summary": [
        "riskrules summary da-2006 --lang da -o regler.pdf",
        "riskrules summary house.rules --format md",
    ],
    "odds": ["riskrules odds classic -a 10 -d 5", "riskrules odds classic --roll 3v2"],
    "test": ["riskrules test house.rules house.feature"],
    "trace": ["riskrules trace --sources ../shared/seeds", "riskrules trace house.rules"],
    "referee": [
        "riskrules referee classic game.jsonl",
        "cat game.jsonl | riskrules referee classic -",
    ],
    "simulate": [
        "riskrules simulate classic --players 4 --games 100",
        "riskrules simulate house.rules --games 10 --record records/",
    ],
    "balance": [
        "riskrules balance classic house.rules --players 4 --games 400",
        "riskrules balance classic a.rules b.rules --report out/ --format json",
    ],
    "sweep": [
        "riskrules sweep classic --vary combat.ties=attacker,defender",
        "riskrules sweep classic --vary 'cards.trade_values=fixed 8|fixed 10' --games 500",
    ],
    "lsp": ["riskrules lsp   (started by an editor; see editors/vscode/)"],
}


def _add_examples() -> None:
    """An Examples section at the end of each command's --help (check writes its own)."""
    for name, lines in EXAMPLES.items():
        command = cli.commands[name]
        shown = "\n".join(f"  {line}" for line in lines)
        command.epilog = f"\b\nExamples:\n{shown}" + (
            f"\n\n{command.epilog}" if command.epilog else ""
        )


_add_examples()


# ---------------------------------------------------------------------------- entry point


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; an unexpected exception is reported as an internal error (exit 3)."""
    try:
        cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="riskrules",
            standalone_mode=False,
        )
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except SystemExit:
        raise
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:  # a path the user gave: missing folder, full disk, no permission
        where = f" {display_path(str(exc.filename))}" if exc.filename else ""
        click.echo(f"error: cannot use{where}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    except Exception as exc:
        click.echo(f"internal error: {type(exc).__name__}: {exc}", err=True)
        if os.environ.get("RISKRULES_DEBUG"):
            traceback.print_exc()
        else:
            click.echo("(set RISKRULES_DEBUG=1 for the traceback; please report this)", err=True)
        sys.exit(3)
    sys.exit(0)
