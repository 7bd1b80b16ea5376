"""`riskrules new`: start a house-rules file."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ....grammar.messages import msg
from ...service.authoring import example_titles, new_rules
from ...service.rulesets import languages_of
from ...service.snapshot import Snapshot
from ...shared.escape import terminal
from ...shared.language import reader_language
from ..common import LANG, WrittenPath, examples, usage_error, write_file
from ..frame import help_text


@click.command(
    epilog=examples(
        "riskrules new house --extends da-2006",
        "riskrules new capitals --from capital-risk",
        "riskrules new house --title 'Friday rules' -o -",
        "riskrules new --from list",
    ),
    help=help_text(
        "Start a house-rules file NAME.rules that extends a ruleset, with common changes "
        "as comments.\n\nWith --from, start from one of the example house rules instead "
        "(Capital Risk, the card modes, unlimited fortifying …; `--from list` lists "
        "them)."
    ),
)
@click.argument("name", required=False)
@click.option(
    "--extends",
    "base",
    metavar="RULESET",
    default="classic",
    show_default=True,
    help=help_text("The ruleset yours starts from (riskrules list shows them)."),
)
@click.option("--title", help=help_text("The ruleset's title."))
@click.option(
    "-o",
    "--output",
    type=WrittenPath(dir_okay=False, allow_dash=True),
    help=help_text("File (default NAME.rules; - for standard output)."),
)
@click.option("--force", is_flag=True, help=help_text("Overwrite an existing file."))
@click.option(
    "--from",
    "example",
    metavar="EXAMPLE",
    help=help_text(
        "Start from an example house rule (capital-risk, fixed-ten …; 'list' lists them)."
    ),
)
@LANG
def new(
    name: str | None,
    base: str,
    title: str | None,
    output: str | None,
    force: bool,
    example: str | None,
    lang: str | None,
) -> None:
    snapshot = Snapshot.of_refs([base]) if example is None else None
    said = reader_language(lang, languages_of(snapshot, base) if snapshot else ())
    if example == "list":
        found = example_titles(said)
        width = max(len(n) for n, _ in found)
        heading = msg(
            "The example house rules (riskrules new NAME --from EXAMPLE starts from one):"
        )
        click.echo(heading.render(said))
        for example_name, title in found:
            click.echo(terminal(f"  {example_name.ljust(width)}  {title}"))
        sys.exit(0)
    if name is None:
        missing = msg(
            "Missing argument 'NAME': the new ruleset's name, e.g. riskrules new house "
            "(--from list lists the examples)"
        )
        raise click.UsageError(missing.render(said))
    text = new_rules(name, base, title, example, said, snapshot)
    if output == "-":  # standard output, to pipe or redirect
        click.echo(text, nl=False)
        return
    target = Path(output or f"{name}.rules")
    if target.exists() and not force:
        usage_error(msg("{path} exists (use --force to overwrite it)", path=str(target)))
    write_file(target, text, new=not force)
    wrote = msg("wrote {path}; check it with: riskrules check {path}", path=str(target))
    click.echo(terminal(wrote.render(said)))
