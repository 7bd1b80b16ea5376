"""What the commands share: options written once, output for scripts, the errors of the
services rendered as the command line shows them (and the exit code each kind gets)."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from ...grammar.limits import DEFAULT_MAX_TURNS, LADDER, MAX_FILE_BYTES
from ...grammar.messages import LANGUAGES, Message, msg
from ..service.errors import (
    BadFeatures,
    Kind,
    NotFound,
    NotRun,
    RulesetErrors,
    ServiceError,
    UnknownExample,
    UsageError,
)
from ..service.outputs import file_to_write, folder_to_write
from ..service.progress import Progress
from ..shared import safewrite
from ..shared.escape import terminal
from ..shared.render import diagnostic_text, use_color
from .frame import LANG_KEY, help_text
from .frame import command_language as command_language  # (the commands' own)

EXIT = {Kind.FINDINGS: 1, Kind.USAGE: 2, Kind.CANCELLED: 130}

FORMAT = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=help_text("Output for people (text) or scripts (json)."),
)
COLOR = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help=help_text(
        "Colour the output (auto: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it)."
    ),
)


def remember_lang(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """Keep the asked language where the command's errors are shown too (after its context
    closed: the group's, which shares `meta`)."""
    if value is not None:
        ctx.meta[LANG_KEY] = value
    return value


def remember_lang_typed(ctx: click.Context, args: Sequence[str]) -> None:
    """Keep a command's `--lang X` before click reads its options: click shows --help as soon
    as it meets it, so `riskrules check --help --lang da` would be in the locale's language."""
    for before, arg in zip(["", *args], args, strict=False):
        if arg == "--":
            return
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if before == "--lang":
            value = arg
        if value in LANGUAGES:
            ctx.meta[LANG_KEY] = value


F = TypeVar("F", bound=Callable[..., Any])


def lang_option(languages: Sequence[str], help: str) -> Callable[[F], F]:
    """A command's --lang: one of `languages`, kept for its errors (remember_lang), and read
    before --help, so that `--lang da --help` is in Danish (frame.py)."""
    return click.option(
        "--lang",
        type=click.Choice(list(languages)),
        default=None,
        callback=remember_lang,
        is_eager=True,
        help=help,
    )


LANG = lang_option(
    list(LANGUAGES),
    help_text("The language of the messages (default: the ruleset's own manual's, else LANG's)."),
)
STDIN_NAME = "<stdin>.rules"  # how a rules file read from standard input is named in messages


def complete_rulesets(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Shell completion of a RULESET: the built-in names, then rules files."""
    from click.shell_completion import CompletionItem

    from ..service.rulesets import ruleset_names

    found = [CompletionItem(n) for n in ruleset_names() if n.startswith(incomplete)]
    return [*found, CompletionItem(incomplete, type="file")]


def complete_rule_ids(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Shell completion of a rule id (`explain`, `sweep --vary`)."""
    from click.shell_completion import CompletionItem

    from ..service.rulesets import rule_ids

    return [CompletionItem(k) for k in rule_ids() if k.startswith(incomplete)]


RULESET = click.argument("ruleset", shell_complete=complete_rulesets)

# Options that simulate, balance and sweep share.
PLAYERS = click.option(
    "--players", "-p", type=click.IntRange(1, 12), help=help_text("Players (default: the fewest).")
)
SEED = click.option(
    "--seed",
    "-s",
    type=int,
    default=1,
    show_default=True,
    help=help_text(
        "The first game's seed (game i plays with seed + i): the same seed, the same game."
    ),
)
AGENT = click.option(
    "--agent",
    type=click.Choice(LADDER),
    default="aggressive",
    show_default=True,
    help=help_text("How the built-in players play (the ladder, weakest first: docs/lab.md)."),
)


def _seat_list(_ctx: click.Context, _param: click.Parameter, value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    names = tuple(v.strip() for v in value.split(","))
    unknown = [n for n in names if n not in LADDER]
    if unknown:
        said = msg(
            "no agent '{agent}': write agents from {ladder}",
            agent=unknown[0],
            ladder=", ".join(LADDER),
        )
        raise click.BadParameter(said.render(command_language()))
    return names


SEATS = click.option(
    "--seats",
    metavar="A,B,…",
    callback=_seat_list,
    help=help_text(
        "The agent in each seat, in seat order, one per player (e.g. "
        "search,aggressive,aggressive,aggressive); --agent fills every seat otherwise."
    ),
)
MAX_TURNS = click.option(
    "--max-turns",
    type=click.IntRange(1, 100_000),
    default=DEFAULT_MAX_TURNS,
    show_default=True,
    help=help_text("Stop a game after this many turns (it counts as unfinished)."),
)
WORKERS = click.option(
    "--workers",
    "-w",
    type=click.IntRange(1, 64),
    help=help_text("Processes (default: one per core)."),
)


class WrittenPath(click.Path):
    """A path a command writes: click's checks, and before them the service's
    (tools/service/outputs.py: no empty name, no pipe or device for a file), its refusal a
    usage error naming the option (exit 2). `folder`: a folder the command writes into."""

    def __init__(self, folder: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.folder = folder

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):  # (as typed: a Path is one click made before)
            try:
                if self.folder:
                    folder_to_write(value)
                else:
                    file_to_write(value, dash=self.allow_dash)
            except UsageError as exc:
                self.fail(exc.message, param, ctx)
        return super().convert(value, param, ctx)


def examples(*lines: str) -> str:
    """A command's --help epilog: its examples (a line with a comment marked help_text, each
    translated on its own: frame.helped)."""
    said = help_text("Examples:")
    return "\b\n" + said + "\n" + "\n".join(f"  {line}" for line in lines)


def json_text(data: object) -> str:
    """What `--format json` prints: indented, with its newline. JSON has no infinity: an end of
    an interval a tiny study cannot bound is null, as the schema allows for any open end."""
    return json.dumps(_finite(data), ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def _finite(data: object) -> object:
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(v) for v in data]
    return data


def emit_json(data: object) -> None:
    click.echo(json_text(data), nl=False)


def usage_error(message: str | Message) -> NoReturn:
    """`error: …` in the command's language (a Message; a str is another program's words, or
    the system's), and exit 2."""
    lang = command_language()
    said = message.render(lang) if isinstance(message, Message) else message
    click.echo(msg("error: {message}", message=terminal(said)).render(lang), err=True)
    sys.exit(2)


def exit_with(exc: ServiceError) -> NoReturn:
    """Show what a service refused, as the command line always has, and exit with its kind's
    code: the errors of a ruleset that does not check in full, then a line saying so (1); a
    reference that names nothing (2); bad feature files, one line each (1); anything else as
    `error: …` (2, or 1 for findings). In the command's `--lang`, else the locale's."""
    lang = command_language()
    if isinstance(exc, RulesetErrors):
        color = use_color(sys.stderr)
        for diag in exc.diagnostics:
            click.echo(diagnostic_text(diag, color, lang) + "\n", err=True, color=color)
        click.echo(terminal(exc.text(lang)), err=True)
    elif isinstance(exc, NotFound) and exc.in_a_file:
        click.echo(diagnostic_text(exc.diagnostics[0], lang=lang), err=True)
    elif isinstance(exc, BadFeatures):
        for problem in exc.problems:  # the feature reader's own words
            said = msg("error: {message}", message=problem).render(lang)
            click.echo(terminal(said), err=True)
    else:
        if isinstance(exc, NotRun):
            click.echo(exc.output.rstrip(), err=True)
        said = msg("error: {message}", message=terminal(exc.text(lang))).render(lang)
        click.echo(said, err=True)
        if isinstance(exc, UnknownExample):
            known = msg("examples: {names}", names=", ".join(exc.known))
            click.echo(known.render(lang), err=True)
    sys.exit(EXIT[exc.kind])


def write_file(path: str | Path, data: str | bytes, new: bool = False) -> None:
    """Write a file the user named, atomically and never through a link (shared/safewrite);
    a path that cannot be written (a link, a pipe, a device, a folder, no permission) is a
    usage error (exit 2); with `new`, so is a file of that name made meanwhile."""
    try:
        safewrite.write(path, data, new=new)
    except safewrite.Refused as exc:
        usage_error(exc.said)


def read_stdin() -> str:
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        usage_error(msg("standard input is larger than {most:,} bytes", most=MAX_FILE_BYTES))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        usage_error(msg("standard input is not UTF-8 text"))


TURNS_EVERY = 0.5  # seconds between two redraws of the bar for a game's turns


@dataclass(frozen=True)
class _Said:
    """What a progress bar says in words: its language, what is done after the last game, the
    turns a game may last and the games in all."""

    lang: str
    after: str
    max_turns: int | None
    length: int


class _Bar:
    """A service's Progress as a click bar: games done and the time left; and, for a game
    played in this process, the turn it has reached (a game to 100,000 turns takes half a
    minute: the bar says how far it is, twice a second at most)."""

    def __init__(self, bar: Any, left: Any, said: _Said) -> None:
        import time

        self.bar, self.left, self.said = bar, left, said
        self.clock = time.monotonic
        self.shown = self.clock()

    def __call__(self, done: int, _total: int) -> None:
        said = self.said
        text = self.left.text(done, said.lang) if done < said.length else said.after
        self.bar.update(done - self.bar.pos, text)

    def turn(self, turn: int) -> None:
        now = self.clock()
        if now - self.shown < TURNS_EVERY:
            return
        self.shown = now
        game, most = self.bar.pos + 1, self.said.max_turns
        said = (
            msg("game {game:,}: turn {turn:,} of at most {most:,}", game=game, turn=turn, most=most)
            if most
            else msg("game {game:,}: turn {turn:,}", game=game, turn=turn)
        )
        # (update(0, …) draws nothing: click redraws after a step of at least one game)
        self.bar.current_item = said.render(self.said.lang)
        self.bar.render_progress()


@contextmanager
def progress_bar(
    label: str,
    length: int,
    shown: bool,
    lang: str = "en",
    after: str = "",
    max_turns: int | None = None,
) -> Iterator[Progress | None]:
    """A progress bar on standard error, when `shown`, as a service's Progress callback; once
    every game is done, `after` says what is being done until the service returns
    (`max_turns`: the turns a game may last, said with the turn a long game has reached)."""
    if not shown:
        yield None
        return
    from ..service.progress import TimeLeft

    # The time left is the service's (averaged over every game done), not click's own (which
    # follows the last few seconds and said an hour for a study of 39 s).
    left = TimeLeft(length)
    with click.progressbar(
        length=length, label=label, file=sys.stderr, show_eta=False, item_show_func=lambda t: t
    ) as bar:
        yield _Bar(bar, left, _Said(lang, after, max_turns, length))
