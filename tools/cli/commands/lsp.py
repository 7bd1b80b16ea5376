"""`riskrules lsp`: the language server, the editors' front end, on standard input and output."""

from __future__ import annotations

import click

from ..common import examples
from ..frame import help_text


@click.command(
    epilog=examples(help_text("riskrules lsp   (started by an editor; see editors/vscode/)")),
    help=help_text("Run the language server on standard input and output (for editors)."),
)
def lsp() -> None:
    from ...editor.lsp import main as serve  # the one front end that starts another

    serve()
