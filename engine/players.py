"""The built-in players by name, the ladder's rungs weakest first (grammar/limits.LADDER):
`random` and `aggressive` (agents.py), `positional` and `search` (ladder.py), `planner`
(planner.py)."""

from __future__ import annotations

from ..grammar.limits import LADDER
from .agents import Agent, aggressive_agent, random_agent
from .ladder import positional_agent, search_agent
from .planner import planner_agent

AGENTS: dict[str, Agent] = dict(
    zip(
        LADDER,
        (random_agent, aggressive_agent, positional_agent, search_agent, planner_agent),
        strict=True,
    )
)  # the ladder, weakest first
