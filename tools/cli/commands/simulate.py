"""`riskrules simulate`: complete games played by the built-in agents."""

from __future__ import annotations

import sys

import click

from ....grammar.limits import DEFAULT_MAX_ACTIONS, MAX_GAMES, MAX_RECORD_ACTIONS
from ...service.lab import Simulate, plan_simulation
from ...service.lab import simulate as play
from ...service.rulesets import languages_of
from ...service.snapshot import Snapshot
from ...shared.language import reader_language
from ..common import (
    AGENT,
    FORMAT,
    LANG,
    MAX_TURNS,
    PLAYERS,
    RULESET,
    SEATS,
    SEED,
    WORKERS,
    WrittenPath,
    emit_json,
    examples,
    progress_bar,
)
from ..frame import help_text


@click.command(
    epilog=examples(
        "riskrules simulate classic --players 4 --games 100",
        "riskrules simulate house.rules --games 10 --record records/",
    ),
    help=help_text(
        "Play complete games with built-in agents, checking every invariant after every action."
    ),
)
@RULESET
@PLAYERS
@click.option(
    "--games",
    "-g",
    type=click.IntRange(1, MAX_GAMES),
    default=10,
    show_default=True,
    help=help_text("Games to play."),
)
@SEED
@AGENT
@SEATS
@MAX_TURNS
@click.option(
    "--max-actions",
    type=click.IntRange(1, MAX_RECORD_ACTIONS),
    default=DEFAULT_MAX_ACTIONS,
    show_default=True,
    help=help_text("Stop a game after this many actions (it counts as unfinished)."),
)
@click.option(
    "--record",
    type=WrittenPath(folder=True, file_okay=False),
    help=help_text("Write each game's record here."),
)
@WORKERS
@FORMAT
@LANG
def simulate(
    ruleset: str,
    players: int | None,
    games: int,
    seed: int,
    agent: str,
    seats: tuple[str, ...],
    max_turns: int,
    max_actions: int,
    record: str | None,
    workers: int | None,
    fmt: str,
    lang: str | None,
) -> None:
    request = Simulate(
        ruleset, players, games, seed, agent, max_turns, max_actions, record, workers, seats
    )
    snapshot = Snapshot.of_refs([request.ruleset])
    plan = plan_simulation(snapshot, request)
    said = reader_language(lang, languages_of(snapshot, ruleset))
    shown = fmt == "text" and sys.stderr.isatty()
    with progress_bar(
        plan.ruleset, len(plan.jobs), shown, said, max_turns=plan.max_turns
    ) as progress:
        found = play(plan, progress)
    if fmt == "json":
        emit_json(found.to_json())
    else:
        click.echo(found.text(said), nl=False)
    sys.exit(1 if found.violations else 0)
