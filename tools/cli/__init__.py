"""The `riskrules` command: subcommands in the manner of ruff and opa, one module per command
or family of commands in commands/, each parsing its options, calling the service layer
(tools/service/) and rendering what it returns.

Exit codes: 0 ok, 1 findings, 2 usage error, 3 internal error. Every command that prints
something a script would read takes `--format json`.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence
from typing import Any

import click

from ... import engine_kind
from ...grammar.messages import msg
from ..service.errors import ServiceError
from ..shared.render import display_path
from .commands.check import check
from .commands.fmt import fmt
from .commands.ladder import ladder
from .commands.lsp import lsp
from .commands.new import new
from .commands.odds import odds
from .commands.referee import referee_cmd
from .commands.rulesets import explain, list_cmd, show
from .commands.scenarios import test_cmd, trace
from .commands.sheets import diff, summary
from .commands.simulate import simulate
from .commands.site import site
from .commands.studio import studio
from .commands.study import balance, sweep
from .common import command_language, exit_with, remember_lang_typed
from .frame import Helped, help_in_readers_language, help_text, speak, translated

speak()  # click's own words (Usage:, Error: …) in the reader's language

COMMANDS = (
    check,
    list_cmd,
    show,
    explain,
    odds,
    diff,
    test_cmd,
    trace,
    fmt,
    new,
    lsp,
    summary,
    referee_cmd,
    simulate,
    ladder,
    balance,
    sweep,
    studio,
    site,
)


class _Commands(click.Group):
    """`riskrules --help` lists each command with its first sentence whole (click cuts it at
    45 characters with "..." by default); what a service refuses is shown while the command's
    context (its --color) still holds."""

    context_class = Helped

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        lang = command_language()
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1_000)))
        if rows:
            with formatter.section(translated("Commands", lang) or ""):
                formatter.write_dl(rows)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        found = super().resolve_command(ctx, args)
        remember_lang_typed(ctx, found[2])  # (its meta is the command's too)
        return found

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ServiceError as exc:
            exit_with(exc)


@click.group(
    cls=_Commands,
    help=help_text("riskrules: Risk's printed manuals as precise, checkable rulesets."),
    commands=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog=help_text("""\b
A RULESET is a built-in name (riskrules list shows them), a path to a
.rules file holding one ruleset, or PATH:NAME.

\b
Exit codes: 0 ok; 1 findings (errors, a failed scenario, an illegal
record, a ruleset that does not check); 2 usage (a bad option or path);
3 an internal error (please report it).

\b
Shell completion (commands, options, ruleset names and rule ids), e.g.
for bash in ~/.bashrc:
  eval "$(_RISKRULES_COMPLETE=bash_source riskrules)"
(zsh: zsh_source, fish: fish_source)."""),
)
@click.version_option(
    package_name="riskrules",
    # Which engine this install runs: compiled by mypyc when `pip install` could, else Python.
    message=f"%(prog)s %(version)s (engine: {engine_kind()})",
)
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help=help_text(
        "Colour for every command (auto: on a terminal, unless NO_COLOR; FORCE_COLOR forces it)."
    ),
)
@click.pass_context
def cli(ctx: click.Context, color: str) -> None:
    """riskrules: Risk's printed manuals as precise, checkable rulesets."""
    ctx.meta["riskrules.color"] = color


help_in_readers_language(cli)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; an unexpected exception is reported as an internal error (exit 3)."""
    try:
        cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="riskrules",
            standalone_mode=False,
        )
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        context = getattr(exc, "ctx", None)  # (its --lang, for click's words: frame.py)
        if isinstance(context, click.Context):
            with context.scope(cleanup=False):
                exc.show()
        else:
            exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo(msg("aborted").render(command_language()), err=True)
        sys.exit(130)
    except SystemExit:
        raise
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:  # a path the user gave: missing folder, full disk, no permission
        why = exc.strerror or str(exc)
        if exc.filename:
            said = msg("cannot use {path}: {why}", path=display_path(str(exc.filename)), why=why)
        else:
            said = msg("cannot use: {why}", why=why)
        click.echo(msg("error: {message}", message=said).render(command_language()), err=True)
        sys.exit(2)
    except Exception as exc:
        lang = command_language()
        crash = msg("internal error: {kind}: {error}", kind=type(exc).__name__, error=str(exc))
        click.echo(crash.render(lang), err=True)
        if os.environ.get("RISKRULES_DEBUG"):
            traceback.print_exc()
        else:
            hint = msg("(set RISKRULES_DEBUG=1 for the traceback; please report this)")
            click.echo(hint.render(lang), err=True)
        sys.exit(3)
    sys.exit(0)
