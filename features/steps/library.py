"""What every family of steps shares: the `step` decorator that registers one implementation
under its English, Danish and Dutch phrasings, the catalogue docs/steps.md is made from, the
`world` fixture a scenario runs in, and the hooks that record what the engine consulted."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from ...engine.rules import Rules
from ...engine.trace import recording
from ..world import World

_DECORATORS = {"given": given, "when": when, "then": then}
CATALOGUE: list[tuple[str, str, dict[str, str]]] = []  # (kind, meaning, phrasings by language)


def step(
    kind: str, meaning: str, **phrasings: str
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register one implementation under every phrasing (keyword arguments en, da, nl)."""

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        CATALOGUE.append((kind, meaning, phrasings))
        for text in phrasings.values():
            func = _DECORATORS[kind](parsers.parse(text), stacklevel=2)(func)
        return func

    return register


@pytest.fixture(scope="session")
def _loaded() -> dict[str, Rules]:
    """The rulesets a run's scenarios loaded (a run is one pytest session: `riskrules test`
    reads the files afresh each time it is run)."""
    return {}


@pytest.fixture
def world(request: pytest.FixtureRequest, _loaded: dict[str, Rules]) -> Iterator[World]:
    """The world a scenario's steps share (every step takes it), and the record of the rule
    clauses the engine consults while they run (for `trace`). The record is the world's, not
    every test's: another test of the same run (this plugin is loaded for the project's whole
    suite) plays the engine as a user's command does, without the record's cost (its memos
    off, a note per rule read: a sixth of a game's time)."""
    with recording() as seen:
        yield World(
            ruleset_override=os.environ.get("RISKRULES_TEST_RULESET") or None, loaded=_loaded
        )
    request.node.user_properties.append(("consulted", sorted(seen)))


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, which marks every tag
def pytest_bdd_apply_tag(tag: str, function: object) -> bool | None:
    """`@cite:…` tags name manual passages; they are data, not pytest markers."""
    return True if tag.startswith("cite:") else None
