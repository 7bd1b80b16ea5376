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


def existing_folder(path: Path | None) -> None:
    """A folder of input (the manuals' texts) that must exist when it is given."""
    if path is not None and not path.is_dir():
        raise UsageError(f"no such folder: {path}")
