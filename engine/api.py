"""`load`: from a ruleset name or file to playable `Rules`, refusing rulesets with errors."""

from __future__ import annotations

import os

from .diagnostics import Severity
from .library import RulesetNotFound, locate
from .rules import Rules, RulesError


def load(name_or_path: str | os.PathLike[str]) -> Rules:
    """A built-in ruleset by name, a `.rules` file with one ruleset, or `PATH:NAME`."""
    try:
        ws, eff = locate(os.fspath(name_or_path))
    except RulesetNotFound as exc:
        hint = f" ({exc.diagnostic.hint})" if exc.diagnostic.hint else ""
        raise RulesError(exc.diagnostic.message + hint) from None
    files = sorted({ws.index.rulesets[name].span.file for name in eff.chain})
    errors = [d for d in ws.diagnostics_for(files) if d.severity == Severity.ERROR]
    if errors:
        first = errors[0]
        where = f"{first.span.file}:{first.span.line}:{first.span.column}"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise RulesError(f"ruleset '{eff.name}' has errors: {where}: {first.message}{more}")
    return Rules(eff)
