"""`riskrules list`, `show` and `explain`: the built-ins, an effective ruleset, one rule."""

from __future__ import annotations

import click

from ....grammar import model as m
from ....grammar.messages import msg
from ....grammar.model import reason_in
from ....grammar.printer import (
    edge_text,
    note_text,
    quote,
    reason_text,
    title_text,
    value_text,
)
from ...service import rulesets
from ...service.snapshot import Snapshot
from ...shared.escape import terminal
from ...shared.language import reader_language
from ...shared.render import display_path
from ..common import FORMAT, LANG, RULESET, complete_rule_ids, emit_json, examples
from ..frame import help_text


@click.command(
    "list",
    epilog=examples("riskrules list", "riskrules list --format json"),
    help=help_text("List the built-in rulesets (each title in --lang, by default the locale's)."),
)
@FORMAT
@LANG
def list_cmd(fmt: str, lang: str | None) -> None:
    snapshot = Snapshot.of()
    rows = rulesets.builtins(snapshot)
    if fmt == "json":
        emit_json([r.to_json() for r in rows])
        return
    said = reader_language(lang)
    width = max((len(r.name) for r in rows), default=4)
    for row in rows:
        title = rulesets.title_in(snapshot.effective[row.name], said) if row.title else ""
        base = msg("(extends {base})", base=row.extends).render(said) if row.extends else ""
        click.echo(terminal(f"{row.name.ljust(width)}  {title}{'  ' + base if base else ''}"))


def _where(cite: m.Citation) -> str:
    where = f" page {cite.page}" if cite.page is not None else ""
    where += f" section {quote(cite.section)}" if cite.section else ""
    return f"{cite.document}{where}"


def _cite_text(cite: m.Citation) -> str:
    return f"{_where(cite)} {quote(cite.anchor)}"


@click.command(
    epilog=examples("riskrules show da-2006", "riskrules show house.rules --format json"),
    help=help_text("Print the effective ruleset: every rule, inherited ones included."),
)
@RULESET
@FORMAT
@LANG
def show(ruleset: str, fmt: str, lang: str | None) -> None:
    shown = rulesets.show(Snapshot.of_refs([ruleset]), ruleset)
    if fmt == "json":
        emit_json(shown.to_json())
        return
    eff = shown.ruleset
    said = reader_language(lang, rulesets.manual_languages(eff))
    title = f" {title_text(eff.title)}" if eff.title else ""
    heading = msg("effective ruleset: {chain}", chain=" -> ".join(eff.chain)).render(said)
    click.echo(terminal(f"# {heading}"))
    click.echo(terminal(f"ruleset {eff.name}{title} {{"))
    for clause in eff.clauses:
        origin = f"  # from {clause.ruleset}" if clause.ruleset != eff.name else ""
        click.echo(terminal(f"  {clause.id}: {value_text(clause.value)}{origin}"))
        for cite in clause.citations:
            click.echo(terminal(f"    cite {_cite_text(cite)}"))
        for edge in clause.edges:
            click.echo(terminal(f"    {edge_text(edge)}"))
        if clause.note:
            click.echo(terminal(f"    {note_text(clause.note)}"))
    for inherit in eff.inherited_on_purpose():
        origin = f"  # from {inherit.ruleset}" if inherit.ruleset != eff.name else ""
        click.echo(
            terminal(f"  inherit {inherit.id} because {reason_text(inherit.reason)}{origin}")
        )
    for ignore in eff.ignores:
        origin = f"  # from {ignore.ruleset}" if ignore.ruleset != eff.name else ""
        anchors = ", ".join(quote(c.anchor) for c in ignore.citations)
        click.echo(terminal(f"  ignore {_where(ignore.citation)} {anchors}{origin}"))
        click.echo(terminal(f"    because {reason_text(ignore.reason)}"))
    click.echo("}")


@click.command(
    epilog=examples("riskrules explain da-2006 cards.trade_values"),
    help=help_text("Show a rule's effective value and the chain of definitions behind it."),
)
@RULESET
@click.argument("rule_id", shell_complete=complete_rule_ids)
@FORMAT
@LANG
def explain(ruleset: str, rule_id: str, fmt: str, lang: str | None) -> None:
    found = rulesets.explain(Snapshot.of_refs([ruleset]), ruleset, rule_id)
    if fmt == "json":
        emit_json(found.to_json())
        return
    said = reader_language(lang, rulesets.manual_languages(found.ruleset))
    chain = found.chain
    click.echo(terminal(f"{found.ruleset.name}: {rule_id} = {value_text(found.clause.value)}"))
    inherited = found.inherited
    if inherited is not None:
        where = f"{display_path(inherited.span.file)}:{inherited.span.line}"
        why = reason_in(inherited.reason, said) or inherited.reason
        told = msg(
            "inherited on purpose in {ruleset} at {where}: {why}",
            ruleset=inherited.ruleset,
            where=where,
            why=why,
        )
        click.echo(terminal(f"  {told.render(said)}"))
    for i, c in enumerate(chain):
        overridden = i != len(chain) - 1 and c.override
        where = f"{display_path(c.span.file)}:{c.id_span.line}:{c.id_span.column}"
        told = (
            msg(
                "overridden in {ruleset} at {where}: {value}",
                ruleset=c.ruleset,
                where=where,
                value=value_text(c.value),
            )
            if overridden
            else msg(
                "defined in {ruleset} at {where}: {value}",
                ruleset=c.ruleset,
                where=where,
                value=value_text(c.value),
            )
        )
        click.echo(terminal(f"  {told.render(said)}"))
        for cite in c.citations:
            click.echo(terminal(f"      cite {_cite_text(cite)}"))
        for edge in c.edges:
            click.echo(terminal(f"      {edge_text(edge)}"))
        if c.note:
            click.echo(terminal(f"      {note_text(c.note)}"))
