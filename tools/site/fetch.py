"""What the site is built from, fetched once into the user's cache folder and checked: each
file's sha256 against site.lock (in the repository) before it is used, every time. Downloads
go through the registries' own clients (pip for PyPI, npm for the npm registry)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ...grammar.messages import Message, msg
from ..service.errors import UsageError
from ..shared import safewrite

LOCK = Path(__file__).with_name("site.lock")


class FetchError(UsageError):
    """A download failed or did not match the lock; the message says which and why (in the
    reader's language: `text(lang)`)."""


@dataclass(frozen=True)
class Pinned:
    name: str
    version: str
    file: str
    sha256: str
    build: str | None = None
    platform: str | None = None
    locales: tuple[str, ...] = ()


def lock() -> dict[str, object]:
    found: dict[str, object] = json.loads(LOCK.read_text(encoding="utf-8"))
    return found


def pinned_wheels() -> list[Pinned]:
    rows = lock()["wheels"]
    assert isinstance(rows, list)
    return [
        Pinned(
            r["name"],
            r["version"],
            r["file"],
            r["sha256"],
            r.get("build"),
            r.get("platform"),
            tuple(r.get("locales", ())),
        )
        for r in rows
    ]


def cache_folder() -> Path:
    """RISKRULES_SITE_CACHE, else the platform's user cache folder (XDG on Linux)."""
    given = os.environ.get("RISKRULES_SITE_CACHE")
    if given:
        return Path(given)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "riskrules" / "site"


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def checked(path: Path, expected: str) -> Path:
    got = sha256(path)
    if got != expected:
        raise FetchError(
            msg(
                "{file} does not match site.lock (sha256 {got}, expected {expected}): delete "
                "it from the cache folder and build again, or update the lock",
                file=path.name,
                got=got,
                expected=expected,
            )
        )
    return path


def _run(argv: list[str], what: Message) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise FetchError(msg("could not fetch {what}: {error}", what=what, error=" / ".join(tail)))


def wheel(pin: Pinned, python: str) -> Path:
    """The pinned file (a wheel, or an sdist to build pure), from the cache or PyPI."""
    folder = cache_folder() / "pypi"
    target = folder / pin.file
    if not target.exists():
        safewrite.folder(folder)
        with tempfile.TemporaryDirectory(dir=folder) as tmp:  # private: made by mkdtemp
            requirement = Path(tmp) / "requirements.txt"
            safewrite.write(requirement, f"{pin.name}=={pin.version} --hash=sha256:{pin.sha256}\n")
            argv = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp]
            argv += ["--require-hashes", "-r", str(requirement)]
            if pin.build == "pure":
                argv += ["--no-binary", ":all:"]
            else:
                platform = pin.platform or "any"
                implementation = "cp" if pin.platform else "py"
                argv += ["--only-binary", ":all:", "--platform", platform]
                argv += ["--python-version", python, "--implementation", implementation]
                if pin.platform:
                    argv += ["--abi", "cp" + python.replace(".", "")]
            _run(argv, msg("{name} {version} from PyPI", name=pin.name, version=pin.version))
            got = Path(tmp) / pin.file
            if not got.exists():
                raise FetchError(
                    msg(
                        "PyPI gave no {file} for {name} {version}",
                        file=pin.file,
                        name=pin.name,
                        version=pin.version,
                    )
                )
            _store(checked(got, pin.sha256), target)
    return checked(target, pin.sha256)


def pyodide_runtime() -> Path:
    """The folder of Pyodide's runtime files from its npm package, each checked."""
    spec = lock()["pyodide"]
    assert isinstance(spec, dict)
    folder = cache_folder() / "npm" / f"pyodide-{spec['version']}"
    files: dict[str, str] = spec["files"]
    if not all((folder / name).exists() for name in files):
        tarball = _npm_pack(str(spec["package"]), str(spec["version"]), str(spec["sha256"]))
        safewrite.folder(folder)
        with tarfile.open(tarball) as archive:
            for name in files:  # the runtime only, by name: nothing else leaves the archive
                member = archive.extractfile(f"package/{name}")
                if member is None:
                    raise FetchError(msg("the pyodide package has no {file}", file=name))
                safewrite.write(folder / name, member.read())
    for name, expected in files.items():
        checked(folder / name, expected)
    return folder


def _npm_pack(package: str, version: str, expected: str) -> Path:
    folder = cache_folder() / "npm"
    target = folder / f"{package}-{version}.tgz"
    if not target.exists():
        if shutil.which("npm") is None:
            raise FetchError(msg("npm is needed once, to fetch Pyodide's runtime from its package"))
        safewrite.folder(folder)
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            argv = ["npm", "pack", "--silent", f"{package}@{version}", "--pack-destination", tmp]
            _run(argv, msg("{name} {version} from npm", name=package, version=version))
            got = Path(tmp) / f"{package}-{version}.tgz"
            _store(checked(got, expected), target)
    return checked(target, expected)


def _store(got: Path, target: Path) -> None:
    """A checked download, from its private temporary folder into the cache, written as every
    file riskrules writes is (a link planted at its name in the cache refused, not followed)."""
    safewrite.write(target, got.read_bytes())
