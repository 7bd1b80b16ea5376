"""riskrules where nothing is compiled and the platform is thin (Pyodide in a browser): the
wheel built without the engine is pure, the parser cache steps aside where `os.link` is
missing, and built-in files are named as a player reads them, never by an install path."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from riskrules.grammar import cache, library

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_built_without_the_engine_is_pure(tmp_path: Path) -> None:
    """micropip (and any platform but the build machine's) refuses a platform-tagged wheel.
    Built with the build system's requirements as the dev extra installs them (no isolated
    build environment to make: the `site` tests build the site's wheel as a user does)."""
    env = {**os.environ, "RISKRULES_PURE_PYTHON": "1"}
    wheel_cmd = ["wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(tmp_path)]
    built = subprocess.run(
        [sys.executable, "-m", "pip", *wheel_cmd, str(ROOT)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("riskrules-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = archive.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    assert "Root-Is-Purelib: true" in meta and "Tag: py3-none-any" in meta
    assert "riskrules/specs/classic.rules" in names  # the package data is in it


def test_without_os_link_the_cache_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RISKRULES_NO_CACHE", raising=False)
    assert cache.enabled()
    monkeypatch.delattr(os, "link")
    assert not cache.enabled()
    assert cache.load("anything") is None and cache.store("anything", b"x") is False


COMMANDS = [
    ["check"],
    ["check", "--format", "json"],
    ["summary", "da-2006", "--lang", "da", "-o", "sheet.html"],
    ["diff", "classic", "da-2006"],
    ["odds", "classic", "-a", "5", "-d", "3"],
]
# Each command in turn in one interpreter, as the page runs them; `del os.link` as in Pyodide.
RUN_ALL = """
import contextlib, io, json, os, sys
if sys.argv[1] == "without-link":
    del os.link
from riskrules.tools.cli import main
said = []
for argv in json.loads(sys.argv[2]):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code or 0
    said.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(said))
"""


def _run_all(tmp_path: Path, how: str, env: dict[str, str]) -> list[list[object]]:
    run = subprocess.run(
        [sys.executable, "-c", RUN_ALL, how, json.dumps(COMMANDS)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    found: list[list[object]] = json.loads(run.stdout)
    return found


def test_every_command_exits_0_without_os_link(tmp_path: Path) -> None:
    """The cache steps aside quietly, as its docstring promises: each command's output as with
    the cache off, exit 0, no traceback, and nothing written into a fresh temporary folder."""
    env = {k: v for k, v in os.environ.items() if k != "RISKRULES_NO_CACHE"}
    env["TMPDIR"] = str(tmp_path)
    without = _run_all(tmp_path, "without-link", env)
    assert not list(tmp_path.glob("riskrules-*"))  # no cache folder was made
    plain = _run_all(tmp_path, "plain", {**env, "RISKRULES_NO_CACHE": "1"})
    for argv, (code, out, err), (_, plain_out, _) in zip(COMMANDS, without, plain, strict=True):
        assert code == 0 and "Traceback" not in str(err), (argv, err)
        assert out == plain_out, argv
    assert (tmp_path / "sheet.html").stat().st_size > 1000


def test_built_in_files_are_named_never_by_their_path(tmp_path: Path) -> None:
    """From a folder away from the install, every message names classic.rules as a player
    reads it: `classic.rules (built-in):67:5`, never the folder riskrules is installed in."""
    specs = os.path.dirname(library.builtin_paths()[0])
    outputs = []
    for argv in (
        ["check", "--verbose"],
        ["check", "--format", "json"],
        ["list", "--format", "json"],
        ["explain", "classic", "setup.first_player"],
    ):
        run = subprocess.run(
            [sys.executable, "-m", "riskrules", *argv],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode in (0, 1), (argv, run.stderr[-1000:])
        outputs.append(run.stdout + run.stderr)
    text = "\n".join(outputs)
    assert specs not in text and "specs/classic.rules" not in text
    assert re.search(r"--> classic\.rules \(built-in\):\d+:\d+", outputs[0])
    assert '"file": "classic.rules (built-in)"' in outputs[1]
