"""`riskrules studio`: the house-rules studio, a local web page for the files in a folder."""

from __future__ import annotations

from pathlib import Path

import click

from ....grammar.messages import msg
from ..common import command_language, examples, usage_error
from ..frame import help_text


@click.command(
    epilog=examples(
        "riskrules studio",
        "riskrules studio my-rules --port 8800",
        help_text("riskrules studio --no-browser   (then open the address it prints)"),
    ),
    help=help_text(
        "Change house rules in the browser: a form, the text, the sheet, the diff, the "
        "odds.\n\nServes the house-rules files in FOLDER (default: this folder) on this "
        "computer only; the address it prints carries a token that lets only you in."
    ),
)
@click.argument("folder", default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--port", type=click.IntRange(0, 65535), default=0, help=help_text("Port (0: any free one).")
)
@click.option(
    "--no-browser", is_flag=True, help=help_text("Do not open the browser; print the address.")
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=help_text(
        "Address to listen on: this computer only, unless another is given (with a warning)."
    ),
)
def studio(folder: Path, port: int, no_browser: bool, host: str) -> None:
    from ...studio.server import LOCAL, LOOPBACK, CannotStart, serve  # a front end starting another

    if not folder.is_dir():
        usage_error(msg("{folder} is not a folder", folder=str(folder)))
    if host not in LOOPBACK:
        warned = msg(
            "warning: listening on {host}, not {local}: anyone who can reach this machine and "
            "learns the token can change the files in the folder",
            host=host,
            local=LOCAL,
        )
        click.echo(warned.render(command_language()), err=True)
    try:
        serve(folder, host, port, not no_browser, say=lambda line: click.echo(line))
    except CannotStart as exc:
        usage_error(exc.said)
    except KeyboardInterrupt:
        click.echo(msg("stopped").render(command_language()))
