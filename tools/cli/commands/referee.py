"""`riskrules referee`: a game record checked action by action."""

from __future__ import annotations

import sys

import click

from ...service.compliance import referee
from ...service.snapshot import Snapshot
from ...shared.escape import terminal
from ..common import FORMAT, RULESET, emit_json, examples


@click.command(
    "referee",
    epilog=examples(
        "riskrules referee classic game.jsonl",
        "cat game.jsonl | riskrules referee classic -",
    ),
)
@RULESET
@click.argument("record", type=click.Path(dir_okay=False, allow_dash=True))
@FORMAT
def referee_cmd(ruleset: str, record: str, fmt: str) -> None:
    """Check a game RECORD (JSON Lines) action by action against RULESET."""
    source = sys.stdin.buffer if record == "-" else record
    verdict = referee(Snapshot.of_refs([ruleset]), ruleset, source)
    if fmt == "json":
        emit_json(verdict.to_json())
    elif verdict.ok:
        who = f"; {verdict.winner} wins" if verdict.winner else ""
        click.echo(terminal(f"ok: {verdict.actions} legal actions, {verdict.turns} turns{who}"))
        for note in verdict.notes:
            click.echo(terminal(f"note: {note}"))
    else:
        rule = f" (rule {verdict.rule}" if verdict.rule else ""
        if verdict.rule and verdict.citation:
            rule += f", {verdict.citation['document']} '{verdict.citation['anchor']}'"
        rule += ")" if verdict.rule else ""
        click.echo(terminal(f"{record}:{verdict.line}: {verdict.message}{rule}"))
    sys.exit(0 if verdict.ok else 1)
