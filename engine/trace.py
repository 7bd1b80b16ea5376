"""Which rule clauses the engine consulted: recorded while a scenario or a game runs.

The engine notes every rule it reads through `consult`; `recording()` collects those notes for
the code that asks (the trace command, the scenario runner). Outside any recording it costs
one read of a module-level count.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

CONSULTED: ContextVar[set[tuple[str, str]] | None] = ContextVar("consulted", default=None)
OPEN = [0]  # recordings open in this process, in any context: none, and nothing is noted


def consult(ruleset: str, rule_id: str) -> None:
    seen = CONSULTED.get()
    if seen is not None:
        seen.add((ruleset, rule_id))


@contextmanager
def recording() -> Iterator[set[tuple[str, str]]]:
    """Collect (ruleset, rule id) pairs consulted inside the block."""
    seen: set[tuple[str, str]] = set()
    token = CONSULTED.set(seen)
    OPEN[0] += 1
    try:
        yield seen
    finally:
        OPEN[0] -= 1
        CONSULTED.reset(token)
