"""Warnings a project has chosen not to see: `ignore = ["RR0501"]` under `[tool.riskrules]` in
the nearest pyproject.toml (looking up from the current folder, as ruff does), and
`# riskrules: ignore[RR0501]` at the end of the line a warning points at. Errors are never
ignored: a ruleset with errors is not played, printed or simulated, whatever a comment says."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...grammar.diagnostics import Diagnostic, Severity, did_you_mean
from ...grammar.reader import read_bounded
from ..shared.render import source_lines

DIRECTIVE = re.compile(r"#\s*riskrules:\s*ignore\[([^\]]*)\]")
CODE = re.compile(r"RR\d{4}")
KEYS = ("ignore",)
MAX_CONFIG_BYTES = 1_000_000


class ConfigError(Exception):
    """A `[tool.riskrules]` table that cannot be used (a usage error, exit 2)."""


@dataclass(frozen=True)
class Project:
    path: Path | None  # the pyproject.toml read, if any
    ignore: frozenset[str] = frozenset()


def project(start: Path) -> Project:
    """The settings of the nearest pyproject.toml at or above `start` (none: no settings)."""
    for folder in [start, *start.parents]:
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return _read(candidate)
    return Project(None)


def _read(path: Path) -> Project:
    data, problem = read_bounded(str(path), MAX_CONFIG_BYTES, "pyproject.toml files")
    if problem is not None or data is None:
        raise ConfigError(f"{path}: {problem.message if problem else 'cannot read it'}")
    try:
        table = tomllib.loads(data.decode("utf-8")).get("tool", {}).get("riskrules")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    if table is None:
        return Project(path)
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.riskrules] must be a table")
    for key in table:
        if key not in KEYS:
            hint = did_you_mean(key, KEYS)
            raise ConfigError(
                f"{path}: [tool.riskrules] has no setting '{key}'" + (f" ({hint})" if hint else "")
            )
    ignore = table.get("ignore", [])
    if not isinstance(ignore, list) or not all(isinstance(c, str) for c in ignore):
        raise ConfigError(f'{path}: ignore is a list of codes, e.g. ignore = ["RR0501"]')
    bad = [c for c in ignore if not CODE.fullmatch(c)]
    if bad:
        raise ConfigError(f"{path}: '{bad[0]}' is not a diagnostic code (RR followed by 4 digits)")
    return Project(path, frozenset(ignore))


def line_codes(line: str) -> frozenset[str]:
    """The codes a `# riskrules: ignore[...]` comment on this line names."""
    match = DIRECTIVE.search(line)
    return frozenset(CODE.findall(match.group(1))) if match else frozenset()


def is_ignored(diag: Diagnostic, codes: Iterable[str] = ()) -> bool:
    if diag.severity == Severity.ERROR:
        return False
    if diag.code in codes:
        return True
    lines = source_lines(diag.span.file)
    line = diag.span.line
    return 1 <= line <= len(lines) and diag.code in line_codes(lines[line - 1])


def split(diags: Sequence[Diagnostic], codes: Iterable[str] = ()) -> tuple[list[Diagnostic], int]:
    """The diagnostics to show, and how many were ignored."""
    wanted = frozenset(codes)
    shown = [d for d in diags if not is_ignored(d, wanted)]
    return shown, len(diags) - len(shown)
