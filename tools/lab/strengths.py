"""The built-in players' names as a player reads them, in the lab's catalogues (en, da, nl):
one per rung of the ladder (grammar/limits.LADDER), as the verdicts and the ladder name them."""

from __future__ import annotations

from collections.abc import Callable

from ...grammar.limits import LADDER


def N_(text: str) -> str:
    """A string for the catalogue, translated where it is shown."""
    return text


NAMES: dict[str, str] = {
    "random": N_("random"),
    "aggressive": N_("aggressive"),
    "positional": N_("positional"),
    "search": N_("search"),
    "planner": N_("planner"),
}
assert tuple(NAMES) == LADDER, "every rung of the ladder has its name in the catalogues"


def strength_name(agents: str, translate: Callable[[str], str]) -> str:
    """`agents` (a rung's name, or several joined by commas) in the reader's language."""
    return ", ".join(translate(NAMES[a]) if a in NAMES else a for a in agents.split(","))
