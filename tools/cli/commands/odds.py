"""`riskrules odds`: exact battle odds from the ruleset's combat rules."""

from __future__ import annotations

from fractions import Fraction

import click

from ....grammar.limits import MAX_EXACT_ODDS, MAX_ODDS_ARMIES, MAX_ODDS_TABLE
from ....grammar.messages import msg
from ...service import odds as service
from ...service.odds import percent
from ...service.snapshot import Snapshot
from ..common import FORMAT, RULESET, command_language, emit_json, examples, usage_error
from ..frame import help_text


def _shown(value: float | Fraction, exact: bool) -> str:
    """A number as text: an exact fraction with --exact, else two decimals (an expected number
    of armies)."""
    return f"{Fraction(value)}" if exact else f"{float(value):.2f}"


@click.command(
    epilog=examples(
        "riskrules odds classic -a 10 -d 5",
        "riskrules odds classic --roll 3v2",
    ),
    help=help_text(
        "Exact battle odds computed from the ruleset's combat rules.\n\n--attackers counts "
        "the armies that may fight: the attacking territory holds one more."
    ),
)
@RULESET
@click.option(
    "--attackers",
    "-a",
    type=click.IntRange(1, MAX_ODDS_ARMIES),
    help=help_text("Armies able to fight (at most {most:,}).", most=MAX_ODDS_ARMIES),
)
@click.option(
    "--defenders",
    "-d",
    type=click.IntRange(1, MAX_ODDS_ARMIES),
    help=help_text("Defending armies (at most {most:,}).", most=MAX_ODDS_ARMIES),
)
@click.option(
    "--table",
    type=click.IntRange(1, MAX_ODDS_TABLE),
    help=help_text("A table for 1..N on both sides (N at most {most}).", most=MAX_ODDS_TABLE),
)
@click.option("--roll", help=help_text("One roll's outcomes, e.g. 3v2."))
@click.option(
    "--exact",
    is_flag=True,
    help=help_text(
        "Exact fractions instead of decimals (up to {most} armies a side).", most=MAX_EXACT_ODDS
    ),
)
@FORMAT
def odds(
    ruleset: str,
    attackers: int | None,
    defenders: int | None,
    table: int | None,
    roll: str | None,
    exact: bool,
    fmt: str,
) -> None:
    chosen = sum(x is not None for x in (table, roll)) + (
        attackers is not None or defenders is not None
    )
    if chosen != 1:
        usage_error(msg("give --attackers and --defenders, or --table N, or --roll AvD"))
    rules = Snapshot.of_refs([ruleset])
    if roll is not None:
        _roll(service.roll(rules, ruleset, roll, exact), fmt)
    elif table is not None:
        _table(service.table(rules, ruleset, table, exact), fmt)
    else:
        _battle(service.battle(rules, ruleset, attackers, defenders, exact), fmt)


def _roll(found: service.Roll, fmt: str) -> None:
    if fmt == "json":
        emit_json(found.to_json())
        return
    lang = command_language()
    heading = msg(
        "{ruleset}: one roll of {attacking} attacking dice against {defending} defending dice",
        ruleset=found.ruleset,
        attacking=found.attacker_dice,
        defending=found.defender_dice,
    )
    click.echo(heading.render(lang))
    for o in found.outcomes:
        shown = percent(o.probability, found.exact)
        outcome = msg(
            "attacker loses {attacker}, defender loses {defender}: {chance}",
            attacker=o.attacker_loses,
            defender=o.defender_loses,
            chance=shown,
        )
        click.echo(f"  {outcome.render(lang)}")


def _table(found: service.Table, fmt: str) -> None:
    if fmt == "json":
        emit_json(found.to_json())
        return
    heading = msg(
        "{ruleset}: the chance that the attacker takes the territory; rows A = armies able to "
        "fight, columns D = defenders",
        ruleset=found.ruleset,
    )
    click.echo(heading.render(command_language()))
    cells_text = [[percent(p, found.exact) for p in row] for row in found.grid]
    width = max([6, *(len(cell) for row in cells_text for cell in row)])
    size = found.size
    click.echo("A\\D".rjust(4) + "".join(str(d).rjust(width + 1) for d in range(1, size + 1)))
    for a, cells in enumerate(cells_text, start=1):
        click.echo(str(a).rjust(4) + "".join(cell.rjust(width + 1) for cell in cells))


def _battle(found: service.Battle, fmt: str) -> None:
    if fmt == "json":
        emit_json(found.to_json())
        return
    lang = command_language()
    exact = found.exact
    heading = msg(
        "{ruleset}: {attackers} attacking armies (the territory holds {holds}) against {defenders}",
        ruleset=found.ruleset,
        attackers=found.attackers,
        holds=found.attackers + 1,
        defenders=found.defenders,
    )
    click.echo(heading.render(lang))
    rows = [
        (msg("attacker takes the territory:"), percent(found.attacker_wins, exact)),
        (msg("expected attackers left:"), _shown(found.expected_attacker_survivors, exact)),
        (msg("expected defenders left:"), _shown(found.expected_defender_survivors, exact)),
    ]
    labels = [label.render(lang) for label, _ in rows]
    width = max(len(label) for label in labels)
    for label, (_, figure) in zip(labels, rows, strict=True):
        click.echo(f"  {label.ljust(width)} {figure}")
