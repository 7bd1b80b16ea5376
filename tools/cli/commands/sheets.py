"""`riskrules summary` and `diff`: the printed pages."""

from __future__ import annotations

from typing import Literal, cast

import click

from ....grammar.schema import SHEET_LANGUAGES
from ...service import sheets
from ...shared.escape import terminal
from ..common import RULESET, complete_rulesets, emit_json, examples, usage_error, write_file


@click.command(
    epilog=examples(
        "riskrules summary da-2006 --lang da -o regler.pdf",
        "riskrules summary house.rules --format md",
    )
)
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
    sheet = sheets.summary(ruleset, lang, fmt, citations, paper)
    data = sheet.data
    if sheet.too_long:
        click.echo(
            f"warning: the sheet runs to {sheet.pages} pages, not at most {sheet.most_pages}: "
            "its texts are long (sources' titles, names, citations); it says so at its top",
            err=True,
        )
    if output is None:
        if fmt == "pdf":
            usage_error("PDF output needs -o FILE")
        click.echo(data if isinstance(data, str) else data.decode("utf-8"), nl=False)
        return
    write_file(output, data)
    click.echo(terminal(f"wrote {output}"), err=True)


@click.command(
    epilog=examples(
        "riskrules diff classic da-2006",
        "riskrules diff nl-classic da-classic da-web --format html > diff.html",
    )
)
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
    found = sheets.diff(list(rulesets))
    if fmt == "json":
        emit_json(found.to_json())
    else:
        page = cast(Literal["text", "md", "html"], fmt)
        click.echo(found.document(page, lang), nl=False)
