"""The bytecode a fresh checkout has none of, compiled by the pytest-xdist workers in turns.

In a fresh clone (CI, a new user's first run) each worker, collecting every test file at the
same moment as the others, rewrote the asserts of all of them and compiled every module it
imported: 3-4 CPU-s of the same work in each worker before its first test (collection took
7.3 CPU-s there, 3.7 once compiled). Here each worker first compiles its share (every Nth file,
the biggest first) and writes it where Python and pytest look for it; the files of the others'
shares are then found compiled, or, where a worker is not that far yet, compiled again, which
is only what happened before. A warm checkout has everything compiled: each file costs a read
of its header.

The asserts are rewritten through pytest's own functions, which are not public: where they are
missing (another pytest), nothing is compiled here, and collection does it as it always does.
"""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ("grammar", "engine", "tools", "features", "src")  # the package's folders


def _share(files: list[Path]) -> list[Path]:
    """This worker's share of `files`: every Nth of them by size, so that the shares weigh the
    same (none without workers)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if not worker.startswith("gw") or count < 2:
        return []
    ordered = sorted(files, key=lambda path: (-path.stat().st_size, path))
    return ordered[int(worker[2:]) % count :: count]


def _rewritten(config: pytest.Config, files: list[Path]) -> None:
    """The test files' asserts rewritten and cached, as pytest's import of them would."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
            try_makedirs,
        )

        state = config.stash[assertstate_key]
    except (ImportError, KeyError):  # another pytest: collection rewrites them, as always
        return
    for path in files:
        folder = get_cache_dir(path)
        pyc = folder / (path.name[:-3] + PYC_TAIL)
        if _read_pyc(path, pyc) is None and try_makedirs(folder):
            source_hash, code = _rewrite_test(path, config)
            _write_pyc(state, code, source_hash, pyc)


def compile_share(config: pytest.Config) -> None:
    """Compile this worker's share of the project's modules and test files (see above)."""
    if sys.dont_write_bytecode:
        return
    tests = ROOT / "tests"
    modules = [path for name in PACKAGE for path in (ROOT / name).rglob("*.py")]
    modules += [path for path in tests.glob("*.py") if not path.name.startswith("test_")]
    for path in _share(modules):
        compileall.compile_file(str(path), quiet=2)
    _rewritten(config, _share(sorted(tests.glob("test_*.py"))))
