"""`riskrules odds`: exact battle odds from the ruleset's combat rules."""

from __future__ import annotations

from fractions import Fraction

import click

from ....grammar.limits import MAX_EXACT_ODDS, MAX_ODDS_ARMIES, MAX_ODDS_TABLE
from ...service import odds as service
from ...service.odds import percent
from ...service.snapshot import Snapshot
from ..common import FORMAT, RULESET, emit_json, examples, usage_error


def _shown(value: float | Fraction, exact: bool) -> str:
    """A number as text: an exact fraction with --exact, else two decimals (an expected number
    of armies)."""
    return f"{Fraction(value)}" if exact else f"{float(value):.2f}"


@click.command(
    epilog=examples("riskrules odds classic -a 10 -d 5", "riskrules odds classic --roll 3v2")
)
@RULESET
@click.option(
    "--attackers",
    "-a",
    type=click.IntRange(1, MAX_ODDS_ARMIES),
    help=f"Armies able to fight (at most {MAX_ODDS_ARMIES:,}).",
)
@click.option(
    "--defenders",
    "-d",
    type=click.IntRange(1, MAX_ODDS_ARMIES),
    help=f"Defending armies (at most {MAX_ODDS_ARMIES:,}).",
)
@click.option(
    "--table",
    type=click.IntRange(1, MAX_ODDS_TABLE),
    help=f"A table for 1..N on both sides (N at most {MAX_ODDS_TABLE}).",
)
@click.option("--roll", help="One roll's outcomes, e.g. 3v2.")
@click.option(
    "--exact",
    is_flag=True,
    help=f"Exact fractions instead of decimals (up to {MAX_EXACT_ODDS} armies a side).",
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
    """Exact battle odds computed from the ruleset's combat rules.

    --attackers counts the armies that may fight: the attacking territory holds one more.
    """
    chosen = sum(x is not None for x in (table, roll)) + (
        attackers is not None or defenders is not None
    )
    if chosen != 1:
        usage_error("give --attackers and --defenders, or --table N, or --roll AvD")
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
    click.echo(
        f"{found.ruleset}: one roll of {found.attacker_dice} attacking dice against "
        f"{found.defender_dice} defending dice"
    )
    for o in found.outcomes:
        p = o.probability
        shown = percent(p, found.exact)
        click.echo(
            f"  attacker loses {o.attacker_loses}, defender loses {o.defender_loses}: {shown}"
        )


def _table(found: service.Table, fmt: str) -> None:
    if fmt == "json":
        emit_json(found.to_json())
        return
    click.echo(
        f"{found.ruleset}: the chance that the attacker takes the territory; "
        "rows A = armies able to fight, columns D = defenders"
    )
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
    exact = found.exact
    click.echo(
        f"{found.ruleset}: {found.attackers} attacking armies "
        f"(the territory holds {found.attackers + 1}) against {found.defenders}"
    )
    click.echo(f"  attacker takes the territory: {percent(found.attacker_wins, exact)}")
    click.echo(
        f"  expected attackers left:      {_shown(found.expected_attacker_survivors, exact)}"
    )
    click.echo(
        f"  expected defenders left:      {_shown(found.expected_defender_survivors, exact)}"
    )
