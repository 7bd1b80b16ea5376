"""A faster way for pytest-bdd to find the step definitions that match a step.

pytest-bdd (9.0) looks for a step's definitions by asking pytest, for every fixture name
registered, which of its definitions the scenario can see, and only then keeps those that are
step definitions: a few hundred questions a step, each building the scenario's list of parents.
`riskrules trace classic` spent two thirds of its time there. This asks once a scenario, and only
of the names pytest-bdd gives step definitions (`pytestbdd_stepdef_…`); what it yields, and in
which order, is what pytest-bdd's own search yields.

It replaces pytest-bdd's function only when that module has the names it relies on; otherwise
pytest-bdd's own search runs, slower and the same.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any
from weakref import WeakKeyDictionary

NAME = "find_fixturedefs_for_step"  # pytest-bdd's search, in pytest_bdd.scenario
PREFIX = "pytestbdd_stepdef_"  # pytest-bdd's StepNamePrefix.step_def, followed by '_'

_installed = False
ORIGINAL: Any = None  # pytest-bdd's own search, once replaced (the tests compare the two)


def install() -> None:
    """Put the faster search in pytest-bdd's place (once a process)."""
    global _installed, ORIGINAL
    if _installed:
        return
    try:  # the modules (`from pytest_bdd import scenario` is its function of that name)
        scenario = importlib.import_module("pytest_bdd.scenario")
        steps = importlib.import_module("pytest_bdd.steps")
        from pytest_bdd.compat import get_fixture_names, getfixturedefs
    except ImportError:
        return
    prefix = getattr(getattr(steps, "StepNamePrefix", None), "step_def", None)
    if (
        getattr(prefix, "value", None) + "_" != PREFIX  # type: ignore[operator]
        or not hasattr(scenario, NAME)
        or not hasattr(steps, "step_function_context_registry")
    ):
        return
    registry = steps.step_function_context_registry
    # A scenario's node -> (the names seen, the step definitions it can see, with their context)
    seen: WeakKeyDictionary[Any, tuple[int, list[tuple[Any, Any]]]] = WeakKeyDictionary()

    def visible(fixturemanager: Any, node: Any) -> list[tuple[Any, Any]]:
        # Step definitions are registered where they are defined (a module, a conftest, a
        # plugin), never on a scenario's own test item: what the item sees is what its parent
        # sees, asked once for all the scenarios of a feature.
        where = node.parent if node.parent is not None else node
        names = get_fixture_names(fixturemanager=fixturemanager)
        known = seen.get(where)
        if known is not None and known[0] == len(names):
            return known[1]
        found = []
        for name in names:
            if not name.startswith(PREFIX):
                continue  # not a step definition's name: pytest-bdd's search skips it too
            for fixturedef in getfixturedefs(fixturemanager, name, where) or []:
                context = registry.get(fixturedef.func)
                if context is not None:
                    found.append((fixturedef, context))
        seen[where] = (len(names), found)
        return found

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterator[Any]:
        for fixturedef, context in visible(fixturemanager, node):
            if context.type is not None and context.type != step.type:
                continue
            if context.parser.is_matching(step.name):
                yield fixturedef

    ORIGINAL = getattr(scenario, NAME)
    setattr(scenario, NAME, find_fixturedefs_for_step)
    _installed = True
