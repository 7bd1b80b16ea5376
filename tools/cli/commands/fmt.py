"""`riskrules fmt`: rules files in the one canonical layout."""

from __future__ import annotations

import difflib
import sys

import click

from ....grammar.messages import msg, msg_n
from ...service.language import format_file, format_text
from ...shared.escape import terminal
from ...shared.language import reader_language
from ...shared.render import diagnostic_text, display_path
from ..common import LANG, STDIN_NAME, examples, read_stdin, write_file
from ..frame import help_text


@click.command(
    epilog=examples("riskrules fmt house.rules", "riskrules fmt --check rules/*.rules"),
    help=help_text(
        "Rewrite rules files in the one canonical layout; `-` formats standard "
        "input.\n\nComments stay where they are; only whitespace moves. With `-` the "
        "formatted text goes to standard output."
    ),
)
@click.argument(
    "files",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),  # a missing file: exit 2
)
@click.option(
    "--check", is_flag=True, help=help_text("Change nothing; exit 1 if a file is not formatted.")
)
@click.option(
    "--diff", "show_diff", is_flag=True, help=help_text("Print what would change; change nothing.")
)
@LANG
def fmt(files: tuple[str, ...], check: bool, show_diff: bool, lang: str | None) -> None:
    said = reader_language(lang)
    changed = unchanged = broken = 0
    for name in files:
        result = format_text(read_stdin(), STDIN_NAME) if name == "-" else format_file(name)
        if result.formatted is None:
            broken += 1
            for diag in result.diagnostics:
                click.echo(diagnostic_text(diag, lang=said) + "\n", err=True)
            if result.meaning_changed:
                meaning = msg(
                    "error: formatting {path} would change its meaning; the file is left as it "
                    "is (please report this)",
                    path=display_path(name),
                )
                click.echo(meaning.render(said), err=True)
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
            click.echo(terminal(msg("would reformat {path}", path=shown).render(said)))
        elif name != "-":
            write_file(name, result.formatted)
            click.echo(terminal(msg("reformatted {path}", path=shown).render(said)))
    parts = []
    if changed and (check or show_diff):
        parts.append(
            msg_n(
                "{count:,} file would be reformatted",
                "{count:,} files would be reformatted",
                changed,
            )
        )
    elif changed:
        parts.append(msg_n("{count:,} file reformatted", "{count:,} files reformatted", changed))
    if unchanged:
        parts.append(msg_n("{count:,} file unchanged", "{count:,} files unchanged", unchanged))
    if broken:
        parts.append(
            msg_n(
                "{count:,} file not formatted (errors above)",
                "{count:,} files not formatted (errors above)",
                broken,
            )
        )
    shown_parts = ", ".join(p.render(said) for p in parts) or msg("no files").render(said)
    click.echo(shown_parts, err=True)
    sys.exit(1 if broken or ((check or show_diff) and changed) else 0)
