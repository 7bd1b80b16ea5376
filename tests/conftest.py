"""Fixtures shared by the tests, and CI's rule that nothing it can run is skipped."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers import NOT_HERE, SEEDS, run_cli
from riskrules.tools.compliance import steplookup


def _bytecode_written() -> None:
    """Where PYTHONDONTWRITEBYTECODE is set (as on the project's machine), every pytest-xdist
    worker and every process a test starts would compile riskrules' modules from source again
    (a third of a command's start-up): for the test run, Python writes their bytecode to
    `__pycache__` beside each module, as it does by default (git ignores it)."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    import sys

    del os.environ["PYTHONDONTWRITEBYTECODE"]  # for the workers and every process started
    sys.dont_write_bytecode = False


_bytecode_written()

# The step library of the manuals' features (and of users' own, via `riskrules test`), found
# by the faster step search `riskrules test` uses (tests/test_steplookup.py compares the two).
pytest_plugins = ["riskrules.features.steps"]
steplookup.install()


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"the manuals are not at {SEEDS}: anchor checks skipped")
    return SEEDS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system's headless Chromium (never a downloaded browser), driven by Playwright: one a
    test module (the studio's browser tests; tests/test_summary.py prints with its own)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason=NOT_HERE + "no Playwright")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip(NOT_HERE + "no chromium on this machine")
    with sync_api.sync_playwright() as p:
        found = p.chromium.launch(executable_path=chromium)
        yield found
        found.close()


@pytest.hookimpl(wrapper=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> Iterator[int]:
    """`-n auto` starts one worker more than the machine has cores (unless
    PYTEST_XDIST_AUTO_NUM_WORKERS says how many). Some tests wait on a clock by design (the
    language server's 1-s stall in tests/test_hostile_lsp.py, the studio's time limits, a
    scheduler's connect timeout), and a worker that waits leaves its core idle: on 2 cores, in a
    fresh clone, 122 s with 2 workers against 107-114 s with 3 (CONTRIBUTING.md)."""
    workers = yield
    return workers if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") else workers + 1


# Started first, so that no worker is left running it alone at the end: mypy takes 20 s or more
# in a fresh clone (no cache), several times any other test.
FIRST = ("tests/test_quality.py::test_mypy_strict",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid not in FIRST)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Under RISKRULES_CI=1 (.ci/run) a skipped test fails: CI has the browser, the manuals and
    every extra, so a skip there is a check that silently did not run. Only a skip for what
    cannot be on any machine CI runs on (its reason starts with helpers.NOT_HERE) stays a skip."""
    report = yield
    if os.environ.get("RISKRULES_CI") == "1" and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if NOT_HERE not in reason:
            report.outcome = "failed"
            report.longrepr = f"skipped under RISKRULES_CI=1, where it must run: {reason}"
    return report
