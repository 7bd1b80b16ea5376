"""`riskrules fmt`: rules files in the one canonical layout."""

from __future__ import annotations

import difflib
import sys

import click

from ....grammar.diagnostics import counted
from ...service.language import format_file, format_text
from ...shared.escape import terminal
from ...shared.render import diagnostic_text, display_path
from ..common import STDIN_NAME, examples, read_stdin, write_file


@click.command(epilog=examples("riskrules fmt house.rules", "riskrules fmt --check rules/*.rules"))
@click.argument(
    "files",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),  # a missing file: exit 2
)
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not formatted.")
@click.option("--diff", "show_diff", is_flag=True, help="Print what would change; change nothing.")
def fmt(files: tuple[str, ...], check: bool, show_diff: bool) -> None:
    """Rewrite rules files in the one canonical layout; `-` formats standard input.

    Comments stay where they are; only whitespace moves. With `-` the formatted text goes to
    standard output."""
    changed = unchanged = broken = 0
    for name in files:
        result = format_text(read_stdin(), STDIN_NAME) if name == "-" else format_file(name)
        if result.formatted is None:
            broken += 1
            for diag in result.diagnostics:
                click.echo(diagnostic_text(diag) + "\n", err=True)
            if result.meaning_changed:
                click.echo(
                    f"error: formatting {display_path(name)} would change its meaning; the "
                    "file is left as it is (please report this)",
                    err=True,
                )
            continue
        if name == "-" and not (check or show_diff):
            click.echo(result.formatted, nl=False)
        if not result.changed:
            unchanged += 1
            continue
        changed += 1
        shown = "<stdin>" if name == "-" else display_path(name)
        if show_diff:
            lines = difflib.unified_diff(
                result.text.splitlines(keepends=True),
                result.formatted.splitlines(keepends=True),
                fromfile=shown,
                tofile=f"{shown} (formatted)",
            )
            click.echo("".join(lines), nl=False)
        elif check:
            click.echo(terminal(f"would reformat {shown}"))
        elif name != "-":
            write_file(name, result.formatted)
            click.echo(terminal(f"reformatted {shown}"))
    verb = "would be reformatted" if check or show_diff else "reformatted"
    parts = [f"{counted(changed, 'file', 'files')} {verb}"] if changed else []
    if unchanged:
        parts.append(f"{counted(unchanged, 'file', 'files')} unchanged")
    if broken:
        parts.append(f"{counted(broken, 'file', 'files')} not formatted (errors above)")
    click.echo(", ".join(parts) or "no files", err=True)
    sys.exit(1 if broken or ((check or show_diff) and changed) else 0)
