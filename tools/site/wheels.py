"""The wheels the page installs, as files in the site's wheels/ folder: the pinned ones from
PyPI (fetch.py), each less what the page never reads (trim.py: Babel's other languages, 11 MB
-> 0.5 MB, test helpers, command lines, type stubs), MarkupSafe built pure from its sdist (PyPI
has no wheel for Pyodide), and riskrules' own pure wheel built from this checkout (the same
wheel a pip install gets, without the compiled engine, untrimmed)."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import riskrules

from ...grammar.messages import msg
from . import output, trim
from .fetch import FetchError, Pinned, cache_folder, pinned_wheels, wheel

STAMP = (2020, 1, 1, 0, 0, 0)  # every member's time: a trimmed wheel is the same bytes each build
# The wheels built here dated as the trimmed ones: the same checkout builds the same site (and
# the service worker's version changes only when a file does).
REPRODUCIBLE = {"SOURCE_DATE_EPOCH": "1577836800"}


def checkout() -> Path:
    """The source checkout riskrules runs from (an editable install's)."""
    root = Path(riskrules.__file__).resolve().parents[2]
    if not (root / "pyproject.toml").exists() or not (root / "setup.py").exists():
        raise FetchError(
            msg(
                "riskrules site build makes riskrules' own wheel from its source: run it from "
                "a checkout's install (pip install -e .)"
            )
        )
    return root


def all_wheels(python: str, into: Path) -> list[str]:
    """Every wheel the page installs, written into `into`; their file names, in order."""
    output.folder(into)
    names = []
    for pin in pinned_wheels():
        if pin.name in trim.LEFT_OUT:
            continue
        source = wheel(pin, python)
        if pin.build == "pure":
            source = _pure_from_sdist(pin, source)
        built = _trimmed(source, pin.name, pin.locales, cache_folder() / "trimmed" / RULES)
        output.copy(built, into / built.name)
        names.append(built.name)
    own = _own_wheel(into)
    names.append(own.name)
    return names


def _rules() -> str:
    """The trimming rules' digest: a trimmed wheel in the cache is made again when they change."""
    said = repr((sorted(trim.DROPPED.items()), trim.STUBS, sorted(trim.ENGLISH_KEPT)))
    return hashlib.sha256(said.encode()).hexdigest()[:12]


RULES = _rules()


def _trimmed(source: Path, package: str, locales: tuple[str, ...], folder: Path) -> Path:
    """The wheel less what trim.py drops, kept in the cache (made in memory, and written as
    every file riskrules writes is)."""
    output.folder(folder)
    target = folder / source.name
    output.check(target)  # a link planted in the cache is neither read into the site nor followed
    if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
        return target
    made = io.BytesIO()
    new = zipfile.ZipFile(made, "w", zipfile.ZIP_DEFLATED, compresslevel=9)
    with zipfile.ZipFile(source) as old, new:
        kept = [i for i in old.infolist() if trim.kept(package, i.filename, locales)]
        gone = {i.filename for i in old.infolist()} - {i.filename for i in kept}
        for info in kept:
            data = old.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines(keepends=True)
                data = "".join(x for x in lines if x.split(",")[0] not in gone).encode()
            new.writestr(zipfile.ZipInfo(info.filename, STAMP), data, zipfile.ZIP_DEFLATED)
    output.write(target, made.getvalue())
    return target


def _pure_from_sdist(pin: Pinned, sdist: Path) -> Path:
    """MarkupSafe's setup.py falls back to its Python escape when it cannot compile (CC=false)."""
    folder = cache_folder() / "built"
    found = sorted(folder.glob(f"{pin.name}-{pin.version}-py3-none-any.whl"))
    if found:
        output.check(found[0])
        return found[0]
    output.folder(folder)
    env = {**os.environ, "CC": "false", "CXX": "false", **REPRODUCIBLE}
    built = _pip_wheel(sdist, env, f"{pin.name}-{pin.version}-py3-none-any.whl")
    if isinstance(built, str):
        raise FetchError(
            msg(
                "could not build {name} {version} as pure Python: {error}",
                name=pin.name,
                version=pin.version,
                error=built,
            )
        )
    return built.moved(folder)


def _own_wheel(into: Path) -> Path:
    env = {**os.environ, "RISKRULES_PURE_PYTHON": "1", **REPRODUCIBLE}
    built = _pip_wheel(checkout(), env, "riskrules-*-py3-none-any.whl")
    if isinstance(built, str):
        raise FetchError(msg("could not build riskrules' pure wheel: {error}", error=built))
    return built.moved(into)


class _Built:
    """A wheel pip built in a private temporary folder (pip writes where it is told, following
    links), to be written into its folder as every file riskrules writes is."""

    def __init__(self, name: str, data: bytes) -> None:
        self.name, self.data = name, data

    def moved(self, folder: Path) -> Path:
        output.write(folder / self.name, self.data)
        return folder / self.name


def _pip_wheel(source: Path, env: dict[str, str], pattern: str) -> _Built | str:
    """`pip wheel` of `source`: the one wheel named by `pattern`, or what pip said."""
    with tempfile.TemporaryDirectory(prefix="riskrules-wheel-") as tmp:
        # setuptools builds in the checkout's build/ folder and never empties it: a file the
        # package no longer ships would stay in the wheel. A fresh build folder each time.
        extra = Path(tmp) / "fresh-build.cfg"
        extra.write_text(f"[build]\nbuild_base = {Path(tmp) / 'build'}\n", encoding="utf-8")
        env = {**env, "DIST_EXTRA_CONFIG": str(extra)}
        out = Path(tmp) / "out"
        argv = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out)]
        argv.append(str(source))
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=900)
        found = sorted(out.glob(pattern))
        if done.returncode != 0 or len(found) != 1:
            return done.stderr[-300:]
        return _Built(found[0].name, found[0].read_bytes())
