"""`riskrules lsp`: the language server, the editors' front end, on standard input and output."""

from __future__ import annotations

import click

from ..common import examples


@click.command(epilog=examples("riskrules lsp   (started by an editor; see editors/vscode/)"))
def lsp() -> None:
    """Run the language server on standard input and output (for editors)."""
    from ...editor.lsp import main as serve  # the one front end that starts another

    serve()
