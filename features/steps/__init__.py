"""The step library: each meaning implemented once, phrased in English, Danish and Dutch, in one
module per rule family. docs/steps.md lists every phrasing, in the order of PLUGINS.

Load it as a pytest plugin (`-p riskrules.features.steps`): pytest then loads the shared
fixtures and hooks (library) and every family's steps, named in `pytest_plugins`.
"""

from __future__ import annotations

import importlib

from .library import CATALOGUE

PLUGINS = [
    "riskrules.features.steps.library",
    "riskrules.features.steps.positions",
    "riskrules.features.steps.setup",
    "riskrules.features.steps.reinforcements",
    "riskrules.features.steps.cards",
    "riskrules.features.steps.combat",
    "riskrules.features.steps.fortifying",
    "riskrules.features.steps.neutrals",
    "riskrules.features.steps.teams",
    "riskrules.features.steps.missions",
    "riskrules.features.steps.sources",
]
pytest_plugins = PLUGINS

for _name in PLUGINS:  # fill CATALOGUE in the documented order, whoever imports this first
    importlib.import_module(_name)

__all__ = ["CATALOGUE", "PLUGINS"]
