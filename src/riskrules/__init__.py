"""riskrules: Risk's printed manuals as precise, checkable rulesets.

>>> import riskrules
>>> rules = riskrules.load("classic")
>>> rules.reinforcements(14, ["australia"])
6
"""

from importlib import metadata as _metadata

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
from .engine.api import load
from .engine.game import Game
from .engine.rules import Rules, RulesError
from .engine.state import GameState

try:
    __version__ = _metadata.version("riskrules")  # one source of truth: pyproject.toml
except _metadata.PackageNotFoundError:  # pragma: no cover - run from a checkout, not installed
    __version__ = "0+unknown"
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
