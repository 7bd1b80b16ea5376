"""`riskrules summary` and `diff`: the printed pages."""

from __future__ import annotations

import sys
from typing import Literal, cast

import click

from ....grammar.messages import msg
from ....grammar.schema import SHEET_LANGUAGES
from ...service import sheets
from ...service.outputs import STDOUT, named_file, output_format
from ...service.snapshot import Snapshot
from ...shared.escape import terminal
from ...shared.language import reader_language
from ..common import (
    RULESET,
    WrittenPath,
    complete_rulesets,
    examples,
    json_text,
    lang_option,
    usage_error,
    write_file,
)
from ..frame import help_text

OUTPUT = click.option(
    "-o",
    "--output",
    type=WrittenPath(dir_okay=False, allow_dash=True),
    help=help_text(
        "File to write; its suffix (.html, .md, .pdf) gives the format unless --format does "
        "(- for standard output)."
    ),
)


def _write(output: str, data: str | bytes) -> None:
    """Write to the file named, or to standard output for `-o -`."""
    if output != STDOUT:
        write_file(output, data)
        return
    if isinstance(data, bytes):
        if sys.stdout.isatty():
            usage_error(msg("a PDF is not for a terminal: -o FILE.pdf, or -o - with a redirect"))
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    click.echo(data, nl=False)


@click.command(
    epilog=examples(
        "riskrules summary da-2006 --lang da -o regler.pdf",
        help_text("riskrules summary house.rules              (writes house.en.html here)"),
        "riskrules summary house.rules -o house.md",
        help_text("riskrules summary classic --format md -o -  (to standard output)"),
        help_text("riskrules summary da-2006 --layout card --format pdf   (da-2006.da.card.pdf)"),
    ),
    help=help_text(
        "A printable rule sheet (one page) in English, Danish or Dutch, or with --layout "
        "card a reference card for the table.\n\nWritten to the file -o names; without -o, "
        "to RULESET.LANG.html (or .md, .pdf; a card's RULESET.LANG.card.html or .pdf) in "
        "the current folder."
    ),
)
@RULESET
@lang_option(
    SHEET_LANGUAGES,
    help_text("Language of the sheet  [default: that of the ruleset's own manual, else en]"),
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["html", "md", "pdf"]),
    default=None,
    help=help_text("html, md or pdf  [default: from the suffix of -o, else html]"),
)
@click.option(
    "--citations",
    type=click.Choice(["none", "sections", "rules"]),
    default=None,
    help=help_text(
        "Sources: a line under each section, a note on each rule, or none  "
        "[default: sections for a built-in ruleset, none for house rules]"
    ),
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help=help_text("The sheet's paper; a card's is half of it (A5 or half-letter, landscape)."),
)
@click.option(
    "--layout",
    type=click.Choice(sheets.LAYOUTS),
    default="sheet",
    show_default=True,
    help=help_text(
        "sheet: every rule, for the wall; card: the turn, the bonuses, the trade values and "
        "the dice on one side of a card two players share at the table, in large type, without "
        "citations (HTML or PDF)."
    ),
)
@OUTPUT
def summary(
    ruleset: str,
    lang: str | None,
    fmt: str | None,
    citations: str | None,
    paper: str,
    layout: str,
    output: str | None,
) -> None:
    chosen = output_format(output, fmt, ("html", "md", "pdf"), "html")
    rules = Snapshot.of_refs([ruleset])
    sheet = sheets.summary(rules, ruleset, lang, chosen, citations, paper, layout=layout)
    said = sheet.lang
    if sheet.too_long:
        long = (
            msg(
                "warning: the card runs to {pages} pages, not at most {most}: its texts are long "
                "(sources' titles, names, citations); it says so at its top",
                pages=sheet.pages or 0,
                most=sheet.most_pages,
            )
            if layout == "card"
            else msg(
                "warning: the sheet runs to {pages} pages, not at most {most}: its texts are long "
                "(sources' titles, names, citations); it says so at its top",
                pages=sheet.pages or 0,
                most=sheet.most_pages,
            )
        )
        click.echo(long.render(said), err=True)
    lang_part = f"{sheet.lang}.card" if layout == "card" else sheet.lang
    target = output or named_file(sheet.ruleset, lang_part, chosen)
    _write(target, sheet.data)
    if output is None:
        wrote = msg("wrote {path} in the current folder (-o FILE names another)", path=target)
        click.echo(terminal(wrote.render(said)), err=True)
    elif output != STDOUT:
        click.echo(terminal(msg("wrote {path}", path=output).render(said)), err=True)


@click.command(
    epilog=examples(
        "riskrules diff classic da-2006",
        "riskrules diff nl-classic da-classic da-web -o diff.html",
        "riskrules diff classic house.rules --format md",
    ),
    help=help_text("Every rule whose effective value differs between RULESETS (two or more)."),
)
@click.argument("rulesets", nargs=-1, required=True, shell_complete=complete_rulesets)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "md", "html", "json"]),
    default=None,
    help=help_text(
        "Plain text, a Markdown table, a printable HTML page, or JSON  "
        "[default: from the suffix of -o, else text]"
    ),
)
@lang_option(
    SHEET_LANGUAGES,
    help_text("The language of the rules and the page  [default: the locale's (LANG), else en]"),
)
@click.option(
    "-o",
    "--output",
    type=WrittenPath(dir_okay=False, allow_dash=True),
    help=help_text(
        "File to write; its suffix (.txt, .md, .html, .json) gives the format unless "
        "--format does  [default: standard output]"
    ),
)
def diff(rulesets: tuple[str, ...], fmt: str | None, lang: str | None, output: str | None) -> None:
    said = reader_language(lang)
    chosen = output_format(output, fmt, ("text", "md", "html", "json"), "text")
    found = sheets.diff(Snapshot.of_refs(rulesets), list(rulesets))
    if chosen == "json":
        data = json_text(found.to_json())
    else:
        data = found.document(cast(Literal["text", "md", "html"], chosen), said)
    _write(output or STDOUT, data)
    if output is not None and output != STDOUT:
        click.echo(terminal(msg("wrote {path}", path=output).render(said)), err=True)
