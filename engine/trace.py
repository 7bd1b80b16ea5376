"""Which rule clauses the engine consulted: recorded while a scenario or a game runs.

The engine notes every rule it reads through `consult`; `recording()` collects those notes for
the code that asks (the trace command, the scenario runner). Outside a recording it costs one
context-variable read.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

CONSULTED: ContextVar[set[tuple[str, str]] | None] = ContextVar("consulted", default=None)


def consult(ruleset: str, rule_id: str) -> None:
    seen = CONSULTED.get()
    if seen is not None:
        seen.add((ruleset, rule_id))


@contextmanager
def recording() -> Iterator[set[tuple[str, str]]]:
    """Collect (ruleset, rule id) pairs consulted inside the block."""
    seen: set[tuple[str, str]] = set()
    token = CONSULTED.set(seen)
    try:
        yield seen
    finally:
        CONSULTED.reset(token)
