"""riskrules: Risk's printed manuals as precise, checkable rulesets.

>>> import riskrules
>>> rules = riskrules.load("classic")
>>> rules.reinforcements(14, ["australia"])
6
"""

import os

from .engine.actions import (
    Action,
    AllyReinforce,
    AssignMissions,
    Attack,
    Bribe,
    Claim,
    ClaimMission,
    Deal,
    Draw,
    EndAttack,
    EndPhase,
    EndTurn,
    Fortify,
    MoveIn,
    Place,
    RuleViolation,
    StatusRoll,
    Trade,
    with_chance,
)
from .engine.game import Game
from .engine.rules import Rules, RulesError
from .engine.state import GameState
from .grammar import __version__ as __version__


def load(name_or_path: str | os.PathLike[str]) -> Rules:
    """A built-in ruleset by name, a `.rules` file with one ruleset, or `PATH:NAME`, as playable
    `Rules`; a ruleset with errors is refused (RulesError naming the first).

    This is where the two layers meet: the language (grammar/) reads and checks the files, the
    engine (engine/) plays the checked model. The language's reader is imported here, not at
    the top, so that the engine and the model import without Lark.
    """
    from .grammar.library import RulesetNotFound, locate

    try:
        ws, eff = locate(os.fspath(name_or_path))
    except RulesetNotFound as exc:
        hint = f" ({exc.diagnostic.hint})" if exc.diagnostic.hint else ""
        raise RulesError(exc.diagnostic.message + hint) from None
    errors = ws.chain_errors(eff)
    if errors:
        first = errors[0]
        where = f"{first.span.file}:{first.span.line}:{first.span.column}"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise RulesError(f"ruleset '{eff.name}' has errors: {where}: {first.message}{more}")
    return Rules(eff)


__all__ = [
    "Action",
    "AllyReinforce",
    "AssignMissions",
    "Attack",
    "Bribe",
    "Claim",
    "ClaimMission",
    "Deal",
    "Draw",
    "EndAttack",
    "EndPhase",
    "EndTurn",
    "Fortify",
    "Game",
    "GameState",
    "MoveIn",
    "Place",
    "RuleViolation",
    "Rules",
    "RulesError",
    "StatusRoll",
    "Trade",
    "load",
    "with_chance",
]
