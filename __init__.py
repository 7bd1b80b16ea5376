"""riskrules: Risk's printed manuals as precise, checkable rulesets.

>>> import riskrules
>>> rules = riskrules.load("classic")
>>> rules.reinforcements(14, ["australia"])
6
"""

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

__version__ = "0.1.0"
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
