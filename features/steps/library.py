"""What every family of steps shares: the `step` decorator that registers one implementation
under its English, Danish and Dutch phrasings, the catalogue docs/steps.md is made from, the
`world` fixture a scenario runs in, and the hooks that record what the engine consulted."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
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
def world(_loaded: dict[str, Rules]) -> World:
    return World(ruleset_override=os.environ.get("RISKRULES_TEST_RULESET") or None, loaded=_loaded)


# The recording open while a scenario's steps run, and what it holds, kept on the test's item.
_RECORDING = pytest.StashKey[tuple[contextlib.ExitStack, set[tuple[str, str]]]]()


def pytest_bdd_before_scenario(request: pytest.FixtureRequest) -> None:
    """Record the rule clauses the engine consults while a scenario's steps run (for `trace`).
    A scenario's alone: a session that loads these steps beside tests of its own (the
    project's suite does) plays those tests' games unrecorded, as `simulate` does (a recording
    turns off the engine's memos and notes every rule each move reads: engine/trace.py)."""
    opened = contextlib.ExitStack()
    request.node.stash[_RECORDING] = (opened, opened.enter_context(recording()))


def pytest_bdd_after_scenario(request: pytest.FixtureRequest) -> None:
    opened, seen = request.node.stash[_RECORDING]
    opened.close()
    request.node.user_properties.append(("consulted", sorted(seen)))


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, which marks every tag
def pytest_bdd_apply_tag(tag: str, function: object) -> bool | None:
    """`@cite:…` tags name manual passages; they are data, not pytest markers."""
    return True if tag.startswith("cite:") else None
