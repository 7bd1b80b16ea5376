"""What a command that writes a file makes of its `-o FILE`: the format the file's suffix names
(unless `--format` says which, and then the two must agree), and the file it writes when none
is named. Written once, for every front end that writes files."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import PurePath

from ...grammar.messages import msg
from .errors import UsageError

STDOUT = "-"  # `-o -`: standard output
# The formats a suffix names, and each format's own suffix (the first of its names here).
SUFFIXES = {
    ".html": "html",
    ".htm": "html",
    ".md": "md",
    ".markdown": "md",
    ".pdf": "pdf",
    ".txt": "text",
    ".json": "json",
}
SUFFIX = {fmt: suffix for suffix, fmt in reversed(SUFFIXES.items())}


def output_format(
    output: str | None, asked: str | None, formats: Sequence[str], default: str
) -> str:
    """The format to write: the one `--format` asked for, else the one `output`'s suffix names,
    else `default` (for a name without a suffix too). A suffix that names another of `formats`
    than the one asked for is a UsageError saying so; a suffix that names none of them, with no
    `--format`, is one too (what the file should hold cannot be told)."""
    implied = None
    if output is not None and output != STDOUT:
        implied = SUFFIXES.get(PurePath(output).suffix.lower())
        if implied not in formats:
            implied = None
    if asked is not None:
        if implied is not None and implied != asked:
            raise UsageError(
                msg(
                    "--format {asked} and -o {output} disagree: the file's name says "
                    "{implied}; name it {name} for {asked}, or leave --format out (the format "
                    "follows the file's suffix)",
                    asked=asked,
                    output=output or "",
                    implied=implied,
                    name=PurePath(output or "").stem + SUFFIX[asked],
                )
            )
        return asked
    if implied is not None:
        return implied
    if output is not None and output != STDOUT and PurePath(output).suffix:
        named = ", ".join(SUFFIX[f] for f in formats if f in SUFFIX)
        raise UsageError(
            msg(
                "cannot tell the format from the name {output}: end it in {named}, or give "
                "--format ({formats})",
                output=output,
                named=named,
                formats=", ".join(formats),
            )
        )
    return default


def named_file(ruleset: str, lang: str, fmt: str) -> str:
    """The file a sheet is written to when no `-o` names one: the ruleset's name, its
    language and the format's suffix (`da-2006.da.html`), in the current folder."""
    return f"{ruleset}.{lang}{SUFFIX[fmt]}"


def file_to_write(path: str, dash: bool = True) -> str:
    """A file a command is to write (`-o FILE`, `--junitxml FILE`), refused before any work is
    done when it cannot be one: an empty name (it named the current folder, or was taken as no
    `-o` at all), and a name already taken by something that is not a regular file (a pipe
    no program reads would keep the command waiting for ever; a device or a socket is no file
    to keep). `-` (standard output, where `dash`) is left to the command."""
    if path == "":
        raise UsageError(msg("the name is empty: give a file's name"))
    if path == STDOUT and dash:
        return path
    try:
        mode = os.stat(path).st_mode
    except OSError:  # not there yet (or not reachable: the write says why)
        return path
    if stat.S_ISDIR(mode):
        raise UsageError(msg("{path} is a folder: name a file in it", path=path))
    if not stat.S_ISREG(mode):
        if stat.S_ISFIFO(mode):
            said = msg("cannot write {path}: it is a pipe, not a file: name a file", path=path)
        else:
            said = msg(
                "cannot write {path}: it is a device or a socket, not a file: name a file",
                path=path,
            )
        if dash:
            said = msg("{message}; - writes to standard output, to pipe or redirect", message=said)
        raise UsageError(said)
    return path


def folder_to_write(path: str) -> str:
    """A folder a command is to write into (`--report`, `--record`): an empty name is refused
    (it would be the current folder without saying so)."""
    if path == "":
        raise UsageError(msg("the name is empty: give a folder's name"))
    return path
