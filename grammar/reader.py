"""Read one rules file: text to model, with every problem as a diagnostic, never an exception."""

from __future__ import annotations

import errno
import gc
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from lark import Tree

from .diagnostics import Diagnostic, DiagnosticError, Span, error
from .limits import MAX_FILE_BYTES, MAX_TREE_DEPTH
from .messages import Arg, Message, msg
from .model import RulesFile
from .syntax import parse_tree, positioned
from .transform import ToModel


@dataclass(frozen=True)
class ReadResult:
    """A file read: its model (None when it has a syntax error or a limit), its diagnostics,
    and after syntax errors the model of the statements that did parse (`recovered`: checked
    for the other diagnostics, never played, formatted or loaded)."""

    file: RulesFile | None
    diagnostics: tuple[Diagnostic, ...]
    recovered: RulesFile | None = None


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused for one step that allocates many small objects and
    keeps them all (a parse, the index, the resolve): its collections would only walk the whole
    workspace again and again, which made parse and check slower than linear in their input
    (issue 31). Bounded: one step, whose objects are kept anyway, on input the limits bound;
    restored as it was on every exit, an exception's too."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def read_rules(text: str, path: str) -> ReadResult:
    """Parse and transform; a file with a syntax error yields no model, only diagnostics."""
    with collector_paused():
        return _read_rules(text, path)


def _read_rules(text: str, path: str) -> ReadResult:
    try:
        tree, depth = positioned(parse_tree(text, path))
    except DiagnosticError as exc:
        return _recovered(exc, path)
    if depth > MAX_TREE_DEPTH:
        return ReadResult(
            None,
            (
                error(
                    "RR0004",
                    msg("expressions nested too deeply"),
                    Span.point(path, 1, 1),
                    msg("split the expression into simpler rules"),
                ),
            ),
        )
    transformer = ToModel(path)
    rules = transformer.transform(tree)
    return ReadResult(rules, tuple(transformer.diagnostics))


def _recovered(exc: DiagnosticError, path: str) -> ReadResult:
    """The syntax errors, with the model of what parsed around them (when it is not too deep
    to build: then the errors alone)."""
    if not isinstance(exc.partial, Tree):
        return ReadResult(None, tuple(exc.diagnostics))
    tree, depth = positioned(exc.partial)
    if depth > MAX_TREE_DEPTH:
        return ReadResult(None, tuple(exc.diagnostics))
    transformer = ToModel(path)
    model = transformer.transform(tree)
    return ReadResult(None, (*exc.diagnostics, *transformer.diagnostics), model)


def read_path(path: str) -> ReadResult:
    """Read a file from disk; unreadable, oversized or non-UTF-8 files are diagnostics too.

    The size is checked before reading, and only regular files are read: a FIFO or a device
    named `x.rules` is refused instead of blocking or filling memory.
    """
    text, problem = source_text(path)
    if problem is not None:
        return ReadResult(None, (problem,))
    assert text is not None
    return read_rules(text, path)


def source_text(path: str) -> tuple[str | None, Diagnostic | None]:
    """A rules file's text as the parser reads it (bounded, UTF-8, any byte-order mark
    dropped), or the diagnostic saying why it cannot be read."""
    data, problem = read_bounded(path, MAX_FILE_BYTES)
    if problem is not None:
        return None, problem
    assert data is not None
    if data.startswith(b"\xef\xbb\xbf"):  # a byte-order mark, as some Windows editors write
        data = data[3:]
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        where = Span.point(path, line, column)
        return None, error(
            "RR0005", msg("the file is not valid UTF-8"), where, msg("save the file as UTF-8")
        )


def read_bounded(
    path: str, limit: int, what: str = "rules files"
) -> tuple[bytes | None, Diagnostic | None]:
    """A regular file's bytes, at most `limit` of them, or the diagnostic saying why not
    (`what` names the kind of file in the size message)."""
    where = Span.point(path, 1, 1)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        return None, error("RR0005", _cannot_read(exc), where)
    except ValueError:  # a NUL in the name (an editor's URI can hold one: %00)
        return None, error("RR0005", msg("cannot read file: its name holds a NUL character"), where)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            why = msg("a folder") if stat.S_ISDIR(info.st_mode) else msg("not a regular file")
            return None, error("RR0005", msg("cannot read file: {why}", why=why), where)
        if info.st_size > limit:
            return None, error(
                "RR0003",
                _FILES_LIMITED.get(what, _FILES_LIMITED["rules files"]).with_args(
                    size=info.st_size, limit=limit
                ),
                where,
                msg("split the rules into several files"),
            )
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        return None, error("RR0005", _cannot_read(exc), where)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        return None, error("RR0003", msg("file is over {limit:,} bytes", limit=limit), where)
    return data, None


_FILES_LIMITED = {
    "rules files": msg("file is {size:,} bytes; rules files are limited to {limit:,}"),
    "feature files": msg("file is {size:,} bytes; feature files are limited to {limit:,}"),
    "manuals": msg("file is {size:,} bytes; manuals are limited to {limit:,}"),
    "pyproject.toml files": msg(
        "file is {size:,} bytes; pyproject.toml files are limited to {limit:,}"
    ),
}
_OS_REASONS = {
    errno.ENOENT: msg("no such file or folder"),
    errno.EACCES: msg("permission denied"),
    errno.EPERM: msg("permission denied"),
    errno.EISDIR: msg("a folder"),
    errno.ENOTDIR: msg("a part of the path is not a folder"),
    errno.ENAMETOOLONG: msg("the name is too long"),
    errno.ELOOP: msg("too many symbolic links"),
}


def _cannot_read(exc: OSError) -> Message:
    """Why the system refused a file, in the reader's words where the reason is a usual one."""
    reason: Arg = _OS_REASONS.get(exc.errno or 0) or exc.strerror or str(exc)
    return msg("cannot read file: {why}", why=reason)
