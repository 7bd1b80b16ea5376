"""click's own words (Usage:, Options:, Error: …, Try … for help) and every command's and
option's help in the reader's language, from the catalogues (grammar/locale).

click marks its strings with `gettext.gettext`, bound in each of its modules at import; that
reads only compiled .mo files found by the locale's variables, while ours are .po files compiled
in memory and the reader's language may be a `--lang`. So each of click's modules gets a
gettext that asks our catalogue in the command's language (`speak`). Help texts are written
with `help_text` (extracted by pybabel: -k help_text) and translated when the help is shown,
not at import: the command's context (`Helped`) swaps them for the reader's while it
formats, and puts the English back.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import click

from ...grammar.messages import Arg, Message, msg, translations

# click's modules that bind gettext's functions (a click that adds one fails
# tests/test_cli_help.py, which compares this list with click's own).
CLICK_MODULES = (
    "core",
    "decorators",
    "exceptions",
    "formatting",
    "parser",
    "shell_completion",
    "termui",
    "types",
    "utils",
    "_termui_impl",
)


_FILLED: dict[str, Message] = {}  # a help text with arguments, by its English, filled


def help_text(text: str, **args: Arg) -> str:
    """A help text or one of click's strings, marked for the catalogue; translated when shown
    (`args` fill its places, as a message's)."""
    if not args:
        return text
    message = msg(text, **args)
    _FILLED[message.render("en")] = message  # (click keeps a plain copy of a help text)
    return message.render("en")


def help_text_n(singular: str, plural: str) -> tuple[str, str]:
    """One of click's strings with a plural, marked for the catalogue."""
    return singular, plural


# What click says that a player meets (its --help and its usage errors); the catalogues
# translate these, click's other strings (a programmer's mistakes) stay English.
HELP = "Show this message and exit."  # (click's; in CLICK_WORDS)
# How the usage line names the options and a group's command (click's, not marked by it).
METAVARS = (help_text("[OPTIONS]"), help_text("COMMAND [ARGS]..."))
# What an option's value is, as its metavar and a bad value's error name it: click's types by
# their names (in upper case in a metavar), which speak() makes the reader's.
VALUE_TYPES: dict[str, type[click.ParamType[Any]]] = {
    help_text("text"): click.types.StringParamType,
    help_text("integer"): click.types.IntParamType,
    help_text("integer range"): click.IntRange,
    help_text("float"): click.types.FloatParamType,
    help_text("float range"): click.FloatRange,
}
CLICK_WORDS = (
    help_text("Usage:"),
    help_text("Options"),
    help_text("Commands"),
    help_text("Show this message and exit."),
    help_text("Show the version and exit."),
    help_text("default: {default}"),
    help_text("required"),
    help_text("Error: {message}"),
    help_text("Try '{command} {option}' for help."),
    help_text("No such option {name!r}."),
    help_text("No such command {name!r}."),
    help_text("Missing command."),
    help_text("Missing argument"),
    help_text("Missing option"),
    help_text("Missing parameter"),
    help_text("Missing parameter: {param_name}"),
    help_text("Invalid value: {message}"),
    help_text("Invalid value for {param_hint}: {message}"),
    help_text("Option {name!r} does not take a value."),
    help_text("{value!r} is not a valid {number_type}."),
    help_text("{value} is not in the range {range}."),
    help_text("{name} {filename!r} does not exist."),
    help_text("{name} {filename!r} is a file."),
    help_text("{name} {filename!r} is a directory."),
    help_text("{name} {filename!r} is not readable."),
    help_text("{name} {filename!r} is not writable."),
    help_text("file"),
    help_text("directory"),
    help_text("path"),
    help_text("Aborted!"),
    help_text_n("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    help_text_n(
        "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"
    ),
    help_text_n(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."
    ),
    help_text_n("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)


LANG_KEY = "riskrules.lang"  # where a command's --lang is kept (common.remember_lang)


def command_language() -> str:
    """The language the running command writes in: its --lang, else the locale's."""
    from ..shared.language import reader_language

    context = click.get_current_context(silent=True)
    asked = context.meta.get(LANG_KEY) if context is not None else None
    return reader_language(asked if isinstance(asked, str) else None)


_language = command_language


def _gettext(message: str) -> str:
    return translations(_language()).gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_language()).ngettext(singular, plural, n)


def speak() -> None:
    """Give click's modules our gettext (once; the English ids are click's own). A path's
    kind ("file", "directory": its metavar, "File 'x' does not exist.") is named when the
    option is made, at import: it is kept in English and said when shown; so is a value
    type's name (VALUE_TYPES)."""
    for name in CLICK_MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # a module this platform cannot load (the page has no tty): its
            continue  # words are never shown there
        if hasattr(module, "_"):
            module._ = _gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext  # type: ignore[attr-defined]
    click.Path.name = property(_path_kind, _name_path_kind)  # type: ignore[assignment]
    for english, kind in VALUE_TYPES.items():
        kind.name = property(partial(_type_name, english))  # type: ignore[assignment]


def _type_name(english: str, _kind: click.ParamType[Any]) -> str:
    """A value type's name (a metavar's INTEGER RANGE, "'x' is not a valid integer range."),
    in the words of the running command."""
    return _gettext(english)


def _path_kind(path: click.Path) -> str:
    said = path.__dict__  # (a path made before speak() holds its kind as "name")
    return _gettext(str(said.get("kind") or said.get("name") or "path"))


def _name_path_kind(path: click.Path, kind: str) -> None:
    path.__dict__["kind"] = kind


def translated(text: str | None, lang: str) -> str | None:
    """A help text in `lang` (English where the catalogue has none); an epilog not in the
    catalogue whole, line by line (the examples: the command kept, its comment translated)."""
    if not text:
        return text
    if text in _FILLED:
        return _FILLED[text].render(lang)
    book = translations(lang)
    whole = book.gettext(text)
    if whole != text or "\n" not in text:
        return whole
    lines = text.split("\n")
    return "\n".join(
        line.replace(line.strip(), book.gettext(line.strip())) if line.strip() else line
        for line in lines
    )


@contextmanager
def helped(command: click.Command, lang: str, ctx: click.Context | None = None) -> Iterator[None]:
    """`command`'s help, epilog and its options' help (--help's too, made once, in the
    language of its first use) in `lang` while inside; the English after."""
    kept: list[tuple[Any, str, str | None]] = [(command, "help", command.help)]
    kept.append((command, "epilog", command.epilog))
    kept.append((command, "options_metavar", command.options_metavar))
    if isinstance(command, click.Group):
        kept.append((command, "subcommand_metavar", command.subcommand_metavar))
    helping = command.get_help_option(ctx) if ctx is not None else None
    if helping is not None:  # made once, in the language of its first use: from the English
        helping.help = HELP
    params = command.get_params(ctx) if ctx is not None else command.params
    kept += [(p, "help", p.help) for p in params if isinstance(p, click.Option)]
    if isinstance(command, click.Group):  # the commands it lists
        kept += [(c, "help", c.help) for c in command.commands.values()]
    try:
        for owner, field, text in kept:
            setattr(owner, field, translated(text, lang))
        yield
    finally:
        for owner, field, text in kept:
            setattr(owner, field, text)


def help_in_readers_language(command: click.Command) -> None:
    """`command` and, for a group, its commands give their help in the reader's language."""
    command.context_class = Helped
    if isinstance(command, click.Group):
        for each in command.commands.values():
            help_in_readers_language(each)


class Helped(click.Context):
    """A context whose help is in the reader's language."""

    def get_help(self) -> str:
        with helped(self.command, _language(), self):
            return super().get_help()

    def get_usage(self) -> str:  # (a usage error's first line)
        with helped(self.command, _language(), self):
            return super().get_usage()
