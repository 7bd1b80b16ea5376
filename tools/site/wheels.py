"""The wheels the page installs, as files in the site's wheels/ folder: the pinned ones from
PyPI (fetch.py), Babel trimmed to the languages riskrules prints (11 MB -> 0.5 MB), MarkupSafe
built pure from its sdist (PyPI has no wheel for Pyodide), and riskrules' own pure wheel built
from this checkout (the same wheel a pip install gets, without the compiled engine)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import riskrules

from . import output
from .fetch import FetchError, Pinned, cache_folder, pinned_wheels, wheel

# English's own regional data Babel reads for "en" (the other languages keep every region).
ENGLISH_KEPT = {"en", "en_001", "en_150", "en_GB", "en_US_POSIX"}
STAMP = (2020, 1, 1, 0, 0, 0)  # every member's time: a trimmed wheel is the same bytes each build
# The wheels built here dated as the trimmed ones: the same checkout builds the same site (and
# the service worker's version changes only when a file does).
REPRODUCIBLE = {"SOURCE_DATE_EPOCH": "1577836800"}


def checkout() -> Path:
    """The source checkout riskrules runs from (an editable install's)."""
    root = Path(riskrules.__file__).resolve().parents[2]
    if not (root / "pyproject.toml").exists() or not (root / "setup.py").exists():
        raise FetchError(
            "riskrules site build makes riskrules' own wheel from its source: run it from a "
            "checkout's install (pip install -e .)"
        )
    return root


def all_wheels(python: str, into: Path, say: object = print) -> list[str]:
    """Every wheel the page installs, written into `into`; their file names, in order."""
    output.folder(into)
    names = []
    for pin in pinned_wheels():
        source = wheel(pin, python)
        if pin.build == "pure":
            built = _pure_from_sdist(pin, source)
        elif pin.locales:
            built = _trimmed(source, pin.locales, cache_folder() / "trimmed")
        else:
            built = source
        output.copy(built, into / built.name)
        names.append(built.name)
    own = _own_wheel(into)
    names.append(own.name)
    return names


def _keep_locale(member: str, locales: tuple[str, ...]) -> bool:
    if "/locale-data/" not in member or not member.endswith(".dat"):
        return True
    stem = member.rsplit("/", 1)[1][: -len(".dat")]
    language = stem.split("_")[0]
    if stem == "root" or stem in ENGLISH_KEPT:
        return True
    return language in locales and language != "en"


def _trimmed(source: Path, locales: tuple[str, ...], folder: Path) -> Path:
    """Babel less the locales riskrules never prints, kept in the cache (made in memory, about
    0.5 MB, and written as every file riskrules writes is)."""
    output.folder(folder)
    target = folder / source.name
    output.check(target)  # a link planted in the cache is neither read into the site nor followed
    if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
        return target
    made = io.BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(made, "w", zipfile.ZIP_DEFLATED) as new:
        kept = [i for i in old.infolist() if _keep_locale(i.filename, locales)]
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
        raise FetchError(f"could not build {pin.name} {pin.version} as pure Python: {built}")
    return built.moved(folder)


def _own_wheel(into: Path) -> Path:
    env = {**os.environ, "RISKRULES_PURE_PYTHON": "1", **REPRODUCIBLE}
    built = _pip_wheel(checkout(), env, "riskrules-*-py3-none-any.whl")
    if isinstance(built, str):
        raise FetchError(f"could not build riskrules' pure wheel: {built}")
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
        argv = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, str(source)]
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=900)
        found = sorted(Path(tmp).glob(pattern))
        if done.returncode != 0 or len(found) != 1:
            return done.stderr[-300:]
        return _Built(found[0].name, found[0].read_bytes())
