"""riskrules: Risk's printed manuals as precise, checkable rulesets.

>>> import riskrules
>>> rules = riskrules.load("classic")
>>> rules.reinforcements(14, ["australia"])
6
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from typing import TYPE_CHECKING, Any

from .grammar import __version__ as __version__

# The engine's names (in __all__) are imported on first use (PEP 562), from the first of these
# modules that defines them: a command that only reads and checks rules (`riskrules check`)
# starts without the engine.
_ENGINE_MODULES = ("actions", "state", "rules", "game")


def engine_kind() -> str:
    """ "compiled" when this install's engine was compiled (mypyc, by a plain `pip install`),
    else "pure Python": found from where its modules load, without importing the engine."""
    spec = importlib.util.find_spec("riskrules.engine.game")
    origin = spec.origin if spec is not None else None
    return "pure Python" if origin is None or origin.endswith(".py") else "compiled"


def __getattr__(name: str) -> Any:
    if name in __all__:
        for module in _ENGINE_MODULES:
            found = importlib.import_module(f".engine.{module}", __name__)
            if hasattr(found, name):
                value = getattr(found, name)
                globals()[name] = value
                return value
    raise AttributeError(f"module 'riskrules' has no attribute '{name}'")


if TYPE_CHECKING:  # what type checkers see of the names above
    from .engine.actions import (
        Action,
        AllyReinforce,
        AssignMissions,
        Attack,
        Bribe,
        ChooseCapital,
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
        StartRoll,
        StatusRoll,
        TakeCards,
        Trade,
        with_chance,
    )
    from .engine.game import Game
    from .engine.rules import Rules, RulesError
    from .engine.state import GameState

if TYPE_CHECKING:  # the reader (and Lark) is imported only when a ruleset is loaded
    from .grammar.library import Workspace
    from .grammar.resolve import EffectiveRuleset


def load(name_or_path: str | os.PathLike[str]) -> Rules:
    """A built-in ruleset by name, a `.rules` file with one ruleset, or `PATH:NAME`, as playable
    `Rules`; a ruleset with errors is refused (RulesError naming the first).

    This is where the two layers meet: the language (grammar/) reads and checks the files, the
    engine (engine/) plays the checked model. The language's reader is imported here, not at
    the top, so that the engine and the model import without Lark.
    """
    from .engine.rules import RulesError
    from .grammar.library import RulesetNotFound, locate

    try:
        ws, eff = locate(os.fspath(name_or_path))
    except RulesetNotFound as exc:
        hint = f" ({exc.diagnostic.hint})" if exc.diagnostic.hint else ""
        raise RulesError(exc.diagnostic.message + hint) from None
    return _playable(ws, eff)


def _playable(ws: Workspace, eff: EffectiveRuleset) -> Rules:
    """Rules for a resolved ruleset; refused (RulesError naming the first) if its chain has
    errors."""
    from .engine.rules import RulesError

    errors = ws.chain_errors(eff)
    if errors:
        first = errors[0]
        where = f"{first.span.file}:{first.span.line}:{first.span.column}"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise RulesError(f"ruleset '{eff.name}' has errors: {where}: {first.message}{more}")
    return playable(eff)


def playable(ruleset: EffectiveRuleset) -> Rules:
    """The engine's `Rules` for a ruleset whose chain has no errors (the caller has made sure:
    `load`, `load_sources`, a service's snapshot): the one place the engine's facade is built
    from the language's model."""
    from .engine.rules import Rules

    return Rules(ruleset)


def load_sources(name: str, sources: dict[str, str]) -> Rules:
    """Ruleset `name` from rules texts given by path (besides the built-ins), as playable
    `Rules`: what a worker on another machine loads a user's or a generated ruleset from."""
    from .engine.rules import RulesError
    from .grammar.library import Workspace

    ws = Workspace.open(texts=sources)
    eff = ws.resolved.get(name)
    if eff is None:
        raise RulesError(f"unknown ruleset '{name}' in the rules given")
    return _playable(ws, eff)


__all__ = [
    "Action",
    "AllyReinforce",
    "AssignMissions",
    "Attack",
    "Bribe",
    "ChooseCapital",
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
    "StartRoll",
    "StatusRoll",
    "TakeCards",
    "Trade",
    "engine_kind",
    "load",
    "load_sources",
    "playable",
    "with_chance",
]
