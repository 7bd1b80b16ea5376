"""`riskrules site build|serve`: the studio as a static site, with nothing to install."""

from __future__ import annotations

from pathlib import Path

import click

from ....grammar.messages import Message, msg
from ...service.errors import UsageError
from ...shared.safewrite import Refused
from ..common import WrittenPath, command_language, examples, exit_with, usage_error
from ..frame import help_text


@click.group(
    epilog=examples(
        "riskrules site build site",
        "riskrules site serve site --port 8800",
    ),
    help=help_text(
        "The sheets, the cards and the studio as a web page, nothing to "
        "install.\n\n`build` writes it for any static host; `serve` opens it on this "
        "computer."
    ),
)
def site() -> None:
    pass


@site.command(
    help=help_text(
        "Write the static site into FOLDER (a new folder, or an earlier site's, which is "
        "emptied first). The first build fetches Pyodide and the wheels (checked against "
        "the repository's site.lock) into your cache folder."
    )
)
@click.argument("folder", type=WrittenPath(folder=True, path_type=Path))
def build(folder: Path) -> None:
    from ...site.build import build as write  # the one front end that builds another
    from ...site.fetch import FetchError

    try:
        write(folder, say=lambda said: click.echo(said.render(command_language()), err=True))
    except (UsageError, FetchError) as exc:  # the folder (a link, a file...); a download
        exit_with(exc)
    except Refused as exc:  # a link where a file goes
        usage_error(exc.said)


@site.command(help=help_text("Serve a built site in FOLDER on this computer (127.0.0.1) only."))
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
def serve(folder: Path, port: int) -> None:
    from ...site.serve import serve as run

    lang = command_language()

    def say(said: Message) -> None:
        click.echo(said.render(lang))

    if not (folder / "site.json").exists():
        usage_error(
            msg("{folder} holds no built site: riskrules site build {folder}", folder=str(folder))
        )
    try:
        run(folder, port, say=say)
    except OSError as exc:
        why = exc.strerror or str(exc)
        said = msg("cannot listen on {host}:{port}: {why}", host="127.0.0.1", port=port, why=why)
        usage_error(said)
    except KeyboardInterrupt:
        say(msg("stopped"))
