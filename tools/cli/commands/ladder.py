"""`riskrules ladder`: how strong each built-in agent is, each against the one below."""

from __future__ import annotations

import sys

import click

from ....grammar.limits import LADDER, MAX_GAMES
from ....grammar.messages import msg
from ...service.ladder import Ladder, plan_ladder, run_ladder
from ...service.rulesets import languages_of
from ...service.snapshot import Snapshot
from ...shared.language import reader_language
from ..common import (
    FORMAT,
    LANG,
    MAX_TURNS,
    PLAYERS,
    RULESET,
    SEED,
    WORKERS,
    command_language,
    emit_json,
    examples,
    progress_bar,
)
from ..frame import help_text


def _ladder_list(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    names = tuple(v.strip() for v in value.split(","))
    unknown = [n for n in names if n not in LADDER]
    if unknown or len(names) < 2 or len(set(names)) < len(names):
        said = msg(
            "write two agents or more, each once, weakest first, from {ladder}",
            ladder=", ".join(LADDER),
        )
        raise click.BadParameter(said.render(command_language()))
    return names


@click.command(
    epilog=examples(
        "riskrules ladder classic --players 4 --games 200",
        "riskrules ladder classic --rungs aggressive,positional --format json",
        "riskrules ladder classic --players 6 --games 60 --matrix",
    ),
    help=help_text(
        "How strong each built-in agent is: each rung in one seat (rotated game by game) "
        "against the rung below in the others, its share of the games won with its 95% "
        "interval against the fair share; the weakest plays itself. `--matrix`: every "
        "rung against every other."
    ),
)
@RULESET
@PLAYERS
@click.option(
    "--games",
    "-g",
    type=click.IntRange(1, MAX_GAMES),
    default=200,
    show_default=True,
    help=help_text("Games per rung (rounded up to a multiple of the players: each seat as often)."),
)
@click.option(
    "--rungs",
    default=",".join(LADDER),
    show_default=True,
    callback=_ladder_list,
    metavar="A,B,…",
    help=help_text("The agents, weakest first."),
)
@click.option(
    "--matrix",
    is_flag=True,
    help=help_text(
        "Every rung against every other (one in a seat, the other in the rest), as a matrix."
    ),
)
@SEED
@MAX_TURNS
@WORKERS
@FORMAT
@LANG
def ladder(
    ruleset: str,
    players: int | None,
    games: int,
    rungs: tuple[str, ...],
    matrix: bool,
    seed: int,
    max_turns: int,
    workers: int | None,
    fmt: str,
    lang: str | None,
) -> None:
    snapshot = Snapshot.of_refs([ruleset])
    request = Ladder(ruleset, players, games, seed, max_turns, workers, rungs, matrix)
    plan = plan_ladder(snapshot, request)
    said = reader_language(lang, languages_of(snapshot, ruleset))
    shown = fmt == "text" and sys.stderr.isatty()
    with progress_bar(msg("games").render(said), plan.total, shown, said) as progress:
        found = run_ladder(plan, progress)
    if fmt == "json":
        emit_json(found.to_json())
    else:
        click.echo(found.text(said), nl=False)
