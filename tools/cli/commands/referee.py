"""`riskrules referee`: a game record checked action by action."""

from __future__ import annotations

import sys

import click

from ....grammar.messages import msg
from ...service.compliance import referee
from ...service.rulesets import languages_of
from ...service.snapshot import Snapshot
from ...shared.escape import terminal
from ...shared.language import reader_language
from ..common import FORMAT, LANG, RULESET, emit_json, examples
from ..frame import help_text


@click.command(
    "referee",
    epilog=examples(
        "riskrules referee classic game.jsonl",
        "cat game.jsonl | riskrules referee classic -",
    ),
    help=help_text("Check a game RECORD (JSON Lines) action by action against RULESET."),
)
@RULESET
@click.argument("record", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--strict",
    is_flag=True,
    help=help_text(
        "refuse a record whose header does not carry this ruleset's hash (a record played "
        "under another text of the rules, or written before records carried one)"
    ),
)
@FORMAT
@LANG
def referee_cmd(ruleset: str, record: str, strict: bool, fmt: str, lang: str | None) -> None:
    source = sys.stdin.buffer if record == "-" else record
    snapshot = Snapshot.of_refs([ruleset])
    verdict = referee(snapshot, ruleset, source, strict)
    said = reader_language(lang, languages_of(snapshot, ruleset))
    if fmt == "json":
        emit_json(verdict.to_json(said))
    elif verdict.ok:
        for warning in verdict.warnings:
            click.echo(terminal(msg("warning: {warning}", warning=warning).render(said)), err=True)
        told = (
            msg(
                "ok: {actions} legal actions, {turns} turns; {winner} wins",
                actions=verdict.actions,
                turns=verdict.turns,
                winner=verdict.winner,
            )
            if verdict.winner
            else msg(
                "ok: {actions} legal actions, {turns} turns",
                actions=verdict.actions,
                turns=verdict.turns,
            )
        )
        click.echo(terminal(told.render(said)))
        for note in verdict.notes:
            click.echo(terminal(msg("note: {note}", note=note).render(said)))
    else:
        why = verdict.said.render(said) if verdict.said is not None else ""
        rule = ""
        if verdict.rule and verdict.citation:
            where = f"{verdict.citation['document']} '{verdict.citation['anchor']}'"
            rule = " " + msg("(rule {rule}, {where})", rule=verdict.rule, where=where).render(said)
        elif verdict.rule:
            rule = " " + msg("(rule {rule})", rule=verdict.rule).render(said)
        click.echo(terminal(f"{record}:{verdict.line}: {why}{rule}"))
    sys.exit(0 if verdict.ok else 1)
