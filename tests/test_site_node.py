"""The site's Python gives what CPython gives, byte for byte: tests/site_outputs.py run
under CPython (this interpreter) and under Pyodide in Node (the built site's own runtime and
wheels, no browser, no network)."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sitehelpers import built

from helpers import NOT_HERE

pytestmark = pytest.mark.site
HERE = Path(__file__).parent
NODE = shutil.which("node")


def test_the_site_prints_what_cpython_prints(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    if NODE is None:
        pytest.skip(NOT_HERE + "no node on this machine")
    site = built(tmp_path_factory)
    cpython, pyodide = tmp_path / "cpython", tmp_path / "pyodide"
    env = {**os.environ, "RISKRULES_NO_CACHE": "1", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, str(HERE / "site_outputs.py"), str(cpython)],
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    done = subprocess.run(
        [NODE, str(HERE / "site_node.mjs"), str(site), str(HERE / "site_outputs.py"), str(pyodide)],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    names = sorted(p.name for p in cpython.iterdir())
    assert names == sorted(p.name for p in pyodide.iterdir())
    assert len([n for n in names if n.endswith(".html")]) >= 12 * 3 * 2 + 3
    assert len([n for n in names if n.startswith("record-")]) == 3
    _, mismatch, errors = filecmp.cmpfiles(cpython, pyodide, names, shallow=False)
    assert not mismatch and not errors, mismatch[:10]
    for name in names:  # each ran: nothing ended in a usage error or a traceback
        text = (cpython / name).read_text(encoding="utf-8")
        assert "Traceback" not in text and not text.startswith(("exit 2", "exit 3")), name
