"""Fixtures shared by the tests, and CI's rule that nothing it can run is skipped."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import forkserver
import inturns
from helpers import NOT_HERE, SEEDS, run_cli
from riskrules.tools.compliance import steplookup


def _bytecode_written() -> None:
    """Where PYTHONDONTWRITEBYTECODE is set (as on the project's machine), every Python process
    the tests start, and every pytest-xdist worker, would compile riskrules' modules from
    source again: about a third of a command's start-up. For the test run, Python writes their
    bytecode where it does by default, in `__pycache__` beside each module (git ignores it);
    the libraries' own, written when they were installed, is read as it always is. (Until
    2026-12-01 it went to a private folder in the temporary directory, PYTHONPYCACHEPREFIX:
    Python then reads bytecode only there, so with an empty temporary directory, as in CI and
    a new user's first run, the standard library and the libraries were compiled again:
    importing SciPy, WeasyPrint, Matplotlib, Hypothesis, pytest and the command line cost 13.7
    CPU-s, not 5.9, in each worker and fork server until the first had written them.) Python
    checks each file against its source as always; what the tests test is not how Python
    caches bytecode."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    import sys

    del os.environ["PYTHONDONTWRITEBYTECODE"]  # for the workers and every process started
    sys.dont_write_bytecode = False


_bytecode_written()

# A test worker's heap is big (SciPy, WeasyPrint, Matplotlib, pygls, Hypothesis and every test's
# data, 400,000-700,000 objects), and Python's collector walked all of it on each full
# collection: 17 and 12 of them in the two workers of a run, 12.5 CPU-s in all with the young
# generations'. Rarer collections: 3.2 CPU-s, and the same peak memory (373 MB). The commands
# whose memory and CPU the tests hold to a budget run in processes of their own, which keep
# Python's settings (tests/forkserver.py); the one test of when the product's code collects
# sets Python's own back for itself (test_grammar).
gc.set_threshold(10_000, 20, 50)

_FINISHED: list[bool] = []  # a pytest-xdist worker's session ended (pytest_sessionfinish)


def _exit_at_once() -> None:
    """The last thing a pytest-xdist worker does once its session has ended: exit, without
    Python's finalizing of every module and object a worker has loaded (SciPy, Matplotlib,
    WeasyPrint, pygls and every test's: 2-4 s of wall time at the end of every run, which the
    run waits for and nothing checks), as mypy does for its own exit. Registered first, so it
    runs after every other exit handler (the fork servers' end, tests/forkserver.py). Not
    under coverage, whose data is written by an exit handler of its own."""
    import sys

    if _FINISHED and "coverage" not in sys.modules:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


if os.environ.get("PYTEST_XDIST_WORKER"):
    import atexit

    atexit.register(_exit_at_once)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _FINISHED.append(True)


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


# Started first, so that no worker is left running it alone at the end: mypy takes 20 s or more
# in a fresh clone (no cache), several times any other test.
FIRST = ("tests/test_quality.py::test_mypy_strict",)


def pytest_collection(session: pytest.Session) -> None:
    inturns.compile_share(session.config)  # a fresh checkout's bytecode, in turns


def pytest_collection_finish(session: pytest.Session) -> None:
    """What a worker holds once it has collected (the libraries, the test modules, their
    items) lives until it exits: frozen, Python's collector no longer walks it."""
    gc.freeze()


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


def _shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder this run's pytest-xdist workers share (the parent of each one's temporary
    folder; only this user can enter it), or this process's own without workers."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session", autouse=True)
def fork_servers_shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The workers share one fork server of each kind (tests/forkserver.py): each costs 0.4-2.2
    CPU-s to start (the command line and the libraries it preloads)."""
    forkserver.SHARED = _shared(tmp_path_factory)


@pytest.fixture(scope="session", autouse=True)
def builtin_scenarios_once(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The built-in features' scenarios (what `riskrules trace` runs when given no features: a
    pytest run of its own, several seconds) are run once a session, by the first worker that
    needs them: later runs of exactly those files, unchanged and against their own rulesets,
    in any worker, are given copies of that run's outcome (kept in the session's temporary
    folder, which only this session's workers share). Anything else (a user's features,
    `--features`, `test`) runs as it would. Their outcome depends on nothing but those files
    and the code, which a session does not change."""
    import fcntl
    import hashlib
    import pickle

    from riskrules.tools.compliance import scenarios

    shared = _shared(tmp_path_factory)
    real = scenarios.run_features

    def once(features: list[str], ruleset: str | None = None):  # type: ignore[no-untyped-def]
        builtin = list(features) == scenarios.builtin_features()
        if ruleset is not None or not builtin or os.environ.get("RISKRULES_TEST_RULESET"):
            return real(features, ruleset)
        key = hashlib.sha256()
        for path in features:
            key.update(path.encode() + b"\0" + Path(path).read_bytes() + b"\0")
        entry = shared / f"builtin-scenarios-{key.hexdigest()[:16]}.pickle"
        with open(shared / "builtin-scenarios.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one worker runs them while the others wait
            if not entry.exists():
                done = real(features, ruleset)
                entry.write_bytes(pickle.dumps(done))
                return done
        return pickle.loads(entry.read_bytes())

    scenarios.run_features = once
    try:
        yield
    finally:
        scenarios.run_features = real
