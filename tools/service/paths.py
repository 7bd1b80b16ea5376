"""The folders a service writes into or reads from, refused before any work is done."""

from __future__ import annotations

from pathlib import Path

from ...grammar.messages import msg
from ..shared import safewrite
from .errors import UsageError


def writable_folder(path: str | Path) -> Path:
    """Create the output folder now, so a bad path is a usage error before any work is done (a
    link planted at its name included: every file would be written where the link leads)."""
    try:
        return safewrite.folder(path)
    except safewrite.Refused as exc:
        raise UsageError(
            msg("cannot write to the folder {path}: {why}", path=str(path), why=exc.why)
        ) from None


def records_writable(path: str | Path) -> Path:
    """A folder of game records (game-NNNN.jsonl): made now, and a link or anything but a file
    already at a record's name refused before a game is played."""
    folder = writable_folder(path)
    for found in sorted(folder.glob("game-*.jsonl")):
        try:
            safewrite.check(found)
        except safewrite.Refused as exc:
            raise UsageError(exc.said) from None
    return folder


def write(path: str | Path, data: str | bytes) -> None:
    """Write a file a service makes (safewrite: never through a link); a refusal is a usage
    error in words."""
    try:
        safewrite.write(path, data)
    except safewrite.Refused as exc:
        raise UsageError(exc.said) from None
