"""Run mypy (strict) on the package as Python sees it: `python tests/typecheck.py`.

The package's folders sit at the checkout's root (grammar/, engine/, tools/, features/) while
its root module is in src/riskrules/ (see the README's layout table). mypy maps folders to module
names and cannot follow setuptools' package-dir mapping, so this script mirrors the package's
Python files into a temporary `riskrules/` folder and checks that; mypy's messages name the
mirrored files as `riskrules/engine/…`, which is `engine/…` here.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("grammar", "engine", "tools", "features")


def mirror(into: Path) -> Path:
    package = into / "riskrules"
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "src" / "riskrules", package, ignore=skip)
    for name in PACKAGES:
        shutil.copytree(
            ROOT / name,
            package / name,
            ignore=shutil.ignore_patterns("__pycache__", "*.lark", "*.feature", "*.po*", "*.mo"),
        )
    return package


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        mirror(Path(tmp))
        command = [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
            *argv,
            "-p",
            "riskrules",
        ]
        done = subprocess.run(command, cwd=tmp, capture_output=True, text=True)
        sys.stdout.write(done.stdout.replace(tmp + "/", ""))
        sys.stderr.write(done.stderr)
        return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
