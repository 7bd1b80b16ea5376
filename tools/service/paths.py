"""The folders a service writes into or reads from, refused before any work is done."""

from __future__ import annotations

from pathlib import Path

from ...grammar.messages import msg
from .errors import UsageError


def writable_folder(path: str | Path) -> Path:
    """Create the output folder now, so a bad path is a usage error before any work is done."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        said = msg(
            "cannot write to the folder {path}: {why}", path=str(path), why=exc.strerror or str(exc)
        )
        raise UsageError(said) from None
    return Path(path)
