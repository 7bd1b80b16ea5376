"""`riskrules new`: start a house-rules file."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ...service.authoring import example_titles, new_rules
from ...shared.escape import terminal
from ..common import WrittenPath, examples, usage_error, write_file


@click.command(
    epilog=examples(
        "riskrules new house --extends da-2006",
        "riskrules new capitals --from capital-risk",
        "riskrules new house --title 'Friday rules' -o -",
        "riskrules new --from list",
    )
)
@click.argument("name", required=False)
@click.option(
    "--extends",
    "base",
    metavar="RULESET",
    default="classic",
    show_default=True,
    help="The ruleset yours starts from (riskrules list shows them).",
)
@click.option("--title", help="The ruleset's title.")
@click.option(
    "-o",
    "--output",
    type=WrittenPath(dir_okay=False, allow_dash=True),
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
    name: str | None,
    base: str,
    title: str | None,
    output: str | None,
    force: bool,
    example: str | None,
) -> None:
    """Start a house-rules file NAME.rules that extends a ruleset, with common changes as
    comments.

    With --from, start from one of the example house rules instead (Capital Risk, the card
    modes, unlimited fortifying …; `--from list` lists them)."""
    if example == "list":
        found = example_titles()
        width = max(len(n) for n, _ in found)
        click.echo("The example house rules (riskrules new NAME --from EXAMPLE starts from one):")
        for example_name, title in found:
            click.echo(terminal(f"  {example_name.ljust(width)}  {title}"))
        sys.exit(0)
    if name is None:
        raise click.UsageError(
            "Missing argument 'NAME': the new ruleset's name, e.g. riskrules new house "
            "(--from list lists the examples)"
        )
    text = new_rules(name, base, title, example)
    if output == "-":  # standard output, to pipe or redirect
        click.echo(text, nl=False)
        return
    target = Path(output or f"{name}.rules")
    if target.exists() and not force:
        usage_error(f"{target} exists (use --force to overwrite it)")
    write_file(target, text, new=not force)
    click.echo(terminal(f"wrote {target}; check it with: riskrules check {target}"))
