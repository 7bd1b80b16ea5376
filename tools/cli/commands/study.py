"""`riskrules balance` and `sweep`: what house rules do to the game."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

import click

from ....grammar.limits import (
    DEFAULT_CONNECT_TIMEOUT,
    DEFAULT_WORKER_TIMEOUT,
    LADDER,
    MAX_GAMES,
    MAX_GAMES_IN_FLIGHT,
    MAX_STUDY_GAMES,
)
from ....grammar.messages import msg
from ...service.lab import LANGUAGES, Study, StudyPlan, plan_balance, plan_sweep, run_study
from ...service.paths import writable_folder
from ...service.snapshot import Snapshot
from ...shared.escape import terminal
from ...shared.language import reader_language
from ...shared.render import display_path
from ..common import (
    FORMAT,
    MAX_TURNS,
    PLAYERS,
    RULESET,
    SEATS,
    SEED,
    WORKERS,
    WrittenPath,
    command_language,
    complete_rule_ids,
    complete_rulesets,
    emit_json,
    examples,
    json_text,
    lang_option,
    progress_bar,
    write_file,
)
from ..frame import help_text


def _agent_list(
    _ctx: click.Context, _param: click.Parameter, value: str | None
) -> tuple[str, ...] | None:
    if not value:
        return None
    names = tuple(v.strip() for v in value.split(","))
    unknown = [n for n in names if n not in LADDER]
    if unknown or len(set(names)) < len(names):
        said = msg("write agents from {ladder}, each once", ladder=", ".join(LADDER))
        raise click.BadParameter(said.render(command_language()))
    return names


# The options `balance` and `sweep` share, by what they say: how many games of what,
# where they are played, and what is written.
_GAMES: Final = (
    PLAYERS,
    click.option(
        "--games",
        "-g",
        type=click.IntRange(2, MAX_GAMES),
        default=200,
        show_default=True,
        help=help_text(
            "Games per ruleset (game i of every ruleset has the same seed); "
            "{most:,} in all at most.",
            most=MAX_STUDY_GAMES,
        ),
    ),
    click.option(
        "--until-clear",
        is_flag=True,
        help=help_text(
            "Play in stages (100, 200, 400, … games per ruleset, up to --games) and stop at "
            "the first look where how long games are is clear under every strength of players; "
            "each look spends a share of the 5% (docs/lab.md)."
        ),
    ),
    SEED,
    click.option(
        "--agent",
        type=click.Choice(LADDER),
        default=None,
        help=help_text(
            "Play the study with this agent in every seat only (one strength of players)."
        ),
    ),
    click.option(
        "--agents",
        metavar="A,B",
        callback=_agent_list,
        help=help_text(
            "The strengths of players to report each difference under, each agent in "
            "every seat (default: aggressive,positional; the ladder: docs/lab.md)."
        ),
    ),
    SEATS,
    MAX_TURNS,
    click.option(
        "--at-turn",
        type=click.IntRange(1, 100_000),
        default=10,
        show_default=True,
        help=help_text(
            "The turn at which continent holders are noted (each player's turn counts one)."
        ),
    ),
)
F = TypeVar("F", bound=Callable[..., Any])


def _seconds(name: str, default: int, help: str) -> Callable[[F], F]:
    """A time limit of the cluster's, in whole seconds (a day at most)."""
    return click.option(
        name,
        type=click.IntRange(1, 86_400),
        default=default,
        show_default=True,
        metavar="SECONDS",
        help=help,
    )


_WHERE: Final = (
    WORKERS,
    click.option(
        "--scheduler",
        metavar="ADDRESS",
        help=help_text(
            "Run the games on this Dask distributed scheduler (e.g. tcp://10.0.0.5:8786)."
        ),
    ),
    click.option(
        "--batch",
        type=click.IntRange(1, MAX_GAMES_IN_FLIGHT),
        default=25,
        show_default=True,
        help=help_text("Games per task on a Dask cluster."),
    ),
    _seconds(
        "--connect-timeout",
        DEFAULT_CONNECT_TIMEOUT,
        help_text("Give up reaching the Dask scheduler after this long."),
    ),
    _seconds(
        "--worker-timeout",
        DEFAULT_WORKER_TIMEOUT,
        help_text("Give up when the Dask scheduler has had no worker for this long."),
    ),
)
_WRITTEN: Final = (
    click.option(
        "--report",
        type=WrittenPath(folder=True, file_okay=False, path_type=Path),
        help=help_text(
            "Also write a page with plots (balance.html) and every figure (balance.json)."
        ),
    ),
    lang_option(
        LANGUAGES,
        help_text(
            "The language of the verdicts, the tables and the report's page (default: "
            "the base ruleset's own manual's, else LANG's)."
        ),
    ),
    FORMAT,
)


def _study_options(command: Callable[..., None]) -> Callable[..., None]:
    """`command` with the options `balance` and `sweep` share, in the order --help lists them."""
    for option in reversed((*_GAMES, *_WHERE, *_WRITTEN)):
        command = option(command)
    return command


def _request(options: dict[str, Any]) -> Study:
    agents = options["agents"] or ((options["agent"],) if options["agent"] else None)
    return Study(
        players=options["players"],
        games=options["games"],
        seed=options["seed"],
        max_turns=options["max_turns"],
        observe_turn=options["at_turn"],
        workers=options["workers"],
        scheduler=options["scheduler"],
        batch=options["batch"],
        connect_timeout=options["connect_timeout"],
        worker_timeout=options["worker_timeout"],
        agents=agents,
        seats=options["seats"],
        until_clear=options["until_clear"],
    )


def _run(plan: StudyPlan, options: dict[str, Any]) -> None:
    """Play the planned study and show it."""
    report: Path | None = options["report"]
    if report is not None:
        writable_folder(report)
    lang = reader_language(options["lang"], plan.manual_languages())
    shown = options["fmt"] == "text" and sys.stderr.isatty()
    games = msg("games").render(lang)
    after = msg("all games played: working out the figures and the verdicts…").render(lang)
    with progress_bar(games, plan.total, shown, lang, after) as progress:
        found = run_study(plan, progress, lang=lang)
    if report is not None:
        if shown:
            click.echo(msg("drawing the report's plots…").render(lang), err=True)
        write_file(report / "balance.json", json_text(found.to_json()).rstrip("\n"))
        write_file(report / "balance.html", found.page())
    if options["fmt"] == "json":
        emit_json(found.to_json())
    else:
        click.echo(found.text())
        if report is not None:
            written = display_path(str(report / "balance.html"))
            click.echo("\n" + msg("report: {path}", path=written).render(lang))
    if found.broken:
        broke = msg(
            "{count} games broke an invariant: riskrules simulate shows them", count=found.broken
        )
        click.echo(broke.render(lang), err=True)
    stopped = found.stopped
    if stopped:
        early = msg(
            "the study stopped early: {reason}. {played:,} of {total:,} games were played; the "
            "figures are those of the first {games:,} seeds, which every ruleset finished (the "
            "study of --games {games:,}). Run it again for all {wanted:,}.",
            reason=terminal(stopped["reason"]),
            played=stopped["games_played"],
            total=plan.total,
            games=found.games,
            wanted=plan.settings.games,
        )
        click.echo(msg("error: {message}", message=early).render(lang), err=True)
    sys.exit(1 if found.broken or stopped else 0)


@click.command(
    epilog=examples(
        "riskrules balance classic house.rules --players 4 --games 400",
        "riskrules balance classic a.rules b.rules --report out/ --format json",
        "riskrules balance da-2006 house.rules --games 1000 --until-clear",
    ),
    help=help_text(
        "What house rules do to the game: VARIANTS against BASE, over the same "
        "seeds.\n\nSays in words what each variant does (game length, each place's chance "
        "of winning, unfinished games: clear, no meaningful difference, or not clear "
        "yet), then the shares of all games each place wins, the median length in rounds "
        "and each difference against BASE with its interval and p-value (Holm-adjusted "
        "across the study)."
    ),
)
@click.argument("base", shell_complete=complete_rulesets)
@click.argument("variants", nargs=-1, required=True, shell_complete=complete_rulesets)
@_study_options
def balance(base: str, variants: tuple[str, ...], **options: Any) -> None:
    rules = Snapshot.of_refs([base, *variants])
    _run(plan_balance(rules, base, variants, _request(options)), options)


@click.command(
    epilog=examples(
        "riskrules sweep classic --vary combat.ties=attacker,defender",
        "riskrules sweep classic --vary 'cards.trade_values=fixed 8|fixed 10' --games 500",
        "riskrules sweep classic --vary 'setup.start_armies[4]=25,30,35' --players 4",
        "riskrules sweep classic --vary 'continents.bonus[asia]=5,7,9'",
    ),
    help=help_text(
        "The balance study over a grid of one or two rule values.\n\nEach point of the "
        "grid is a house rule extending RULESET, made in memory and checked like any "
        "other."
    ),
)
@RULESET
@click.option(
    "--vary",
    "varies",
    multiple=True,
    required=True,
    metavar="RULE=VALUE,VALUE",
    shell_complete=complete_rule_ids,
    help=help_text(
        "A rule and its values (one or two --vary; separate values holding commas with |). "
        "A table's entry: RULE[ENTRY]=VALUE,VALUE, the entry a player count or a continent "
        "(setup.start_armies[4]=30,35); the rest of the table stays the base's."
    ),
)
@_study_options
def sweep(ruleset: str, varies: tuple[str, ...], **options: Any) -> None:
    _run(plan_sweep(Snapshot.of_refs([ruleset]), ruleset, varies, _request(options)), options)
