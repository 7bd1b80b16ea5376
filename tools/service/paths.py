"""The folders a service writes into or reads from, refused before any work is done."""

from __future__ import annotations

from pathlib import Path

from .errors import UsageError


def writable_folder(path: str | Path) -> Path:
    """Create the output folder now, so a bad path is a usage error before any work is done."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot write to the folder {path}: {exc.strerror or exc}") from None
    return Path(path)
