"""Fixtures shared by the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import SEEDS, run_cli

# The step library of the manuals' features (and of users' own, via `riskrules test`).
pytest_plugins = ["riskrules.features.steps"]


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"the manuals are not at {SEEDS}: anchor checks skipped")
    return SEEDS
