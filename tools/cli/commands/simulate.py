"""`riskrules simulate`: complete games played by the built-in agents."""

from __future__ import annotations

import sys

import click

from ....grammar.limits import DEFAULT_MAX_ACTIONS, MAX_GAMES, MAX_RECORD_ACTIONS
from ...service.lab import Simulate, plan_simulation
from ...service.lab import simulate as play
from ..common import (
    AGENT,
    FORMAT,
    MAX_TURNS,
    PLAYERS,
    RULESET,
    SEED,
    WORKERS,
    emit_json,
    examples,
    progress_bar,
)


@click.command(
    epilog=examples(
        "riskrules simulate classic --players 4 --games 100",
        "riskrules simulate house.rules --games 10 --record records/",
    )
)
@RULESET
@PLAYERS
@click.option("--games", "-g", type=click.IntRange(1, MAX_GAMES), default=10, show_default=True)
@SEED
@AGENT
@MAX_TURNS
@click.option(
    "--max-actions",
    type=click.IntRange(1, MAX_RECORD_ACTIONS),
    default=DEFAULT_MAX_ACTIONS,
    show_default=True,
    help="Stop a game after this many actions (it counts as unfinished).",
)
@click.option("--record", type=click.Path(file_okay=False), help="Write each game's record here.")
@WORKERS
@FORMAT
def simulate(
    ruleset: str,
    players: int | None,
    games: int,
    seed: int,
    agent: str,
    max_turns: int,
    max_actions: int,
    record: str | None,
    workers: int | None,
    fmt: str,
) -> None:
    """Play complete games with built-in agents, checking every invariant after every action."""
    request = Simulate(
        ruleset, players, games, seed, agent, max_turns, max_actions, record, workers
    )
    plan = plan_simulation(request)
    shown = fmt == "text" and sys.stderr.isatty()
    with progress_bar(plan.ruleset, len(plan.jobs), shown) as progress:
        summary = play(plan, progress).to_json()
    if fmt == "json":
        emit_json(summary)
    else:
        click.echo(
            f"{plan.ruleset}, {plan.players} players: {summary['completed']}/{summary['games']} "
            f"games completed, {summary['unfinished']} unfinished at {max_turns} turns, "
            f"{len(summary['violations'])} violations"  # type: ignore[arg-type]
        )
        click.echo(f"  winners: {summary['winners']}; turns {summary['turns']}")
        click.echo(f"  {summary['elapsed_s']} s, {summary['games_per_s']} games/s")
        for v in summary["violations"]:  # type: ignore[attr-defined]
            click.echo(f"  violation in game {v['game']}: {v['message']} (record: {v['record']})")
    sys.exit(1 if summary["violations"] else 0)
