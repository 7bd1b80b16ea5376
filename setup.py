"""Builds riskrules: everything is declared in pyproject.toml but the optional compiled engine.

The rules engine (`engine/`) is compiled with mypyc when it can be: simulations and the referee
run faster (README, Benchmarks). When it cannot be, the very same code runs as pure Python and
the install still succeeds: no C compiler, mypyc failing, `RISKRULES_PURE_PYTHON=1`, or an
editable install (`pip install -e .`), whose `.py` files must stay live while one edits them.
`python -m riskrules --version` says which engine an install runs.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext

# The engine's modules that are compiled. Not `odds` (solved once per ruleset, and generic over
# float and Fraction, which mypyc does not compile) nor `record` (msgspec Structs, which it
# cannot subclass).
COMPILED = (
    "actions",
    "plain",
    "agents",
    "allies",
    "fortify",
    "game",
    "invariants",
    "ladder",
    "lookahead",
    "missions",
    "planner",
    "players",
    "reinforce",
    "relations",
    "rows",
    "rules",
    "setup",
    "state",
    "ties",
    "trace",
    "turns",
    "victory",
)
# setuptools builds the extension modules only when there are some: this one stands for the
# compiled engine until `BuildEngine.run` knows whether it can make it.
PLACEHOLDER = Extension("riskrules.engine.compiled", sources=[])


class BuildEngine(build_ext):
    """build_ext that compiles the engine with mypyc, or falls back to pure Python."""

    def finalize_options(self) -> None:
        self._fallback = self._why_not()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().finalize_options()

    def run(self) -> None:
        self._remove_compiled()  # an earlier build's, left in build/: never mixed with this one
        if self._fallback is None:
            build = Path("build")
            build.mkdir(exist_ok=True)
            work = Path(tempfile.mkdtemp(prefix="mypyc-", dir=build))  # builds may run side by side
            try:
                # Translated here, when the engine is built, not whenever setuptools prepares
                # the command; then prepared as setuptools prepares any extension.
                self.distribution.ext_modules = self._mypyc_extensions(work)
                self.swig_opts = None  # the one option distutils cannot read twice
                super().finalize_options()
                super().run()
                return
            except (Exception, SystemExit) as exc:  # no C compiler, mypyc failing …
                self._fallback = f"it could not be compiled ({type(exc).__name__}: {exc})"
                self._remove_compiled()  # all or nothing: no half-compiled engine
            finally:
                shutil.rmtree(work, ignore_errors=True)
        self.extensions = []
        self.distribution.ext_modules = []  # nothing compiled: the wheel is pure (PureWheel)
        print(f"riskrules: the engine will run as pure Python: {self._fallback}", file=sys.stderr)

    def _remove_compiled(self) -> None:
        built = Path(self.build_lib)
        for pattern in (
            "riskrules/engine/*.so",
            "riskrules/engine/*.pyd",
            "riskrules_engine__mypyc*",
        ):
            for path in built.glob(pattern):
                path.unlink()

    def _why_not(self) -> str | None:
        if os.environ.get("RISKRULES_PURE_PYTHON"):
            return "RISKRULES_PURE_PYTHON is set"
        if getattr(self, "editable_mode", False):
            return "an editable install keeps the .py files live"
        if sys.implementation.name != "cpython":
            return "mypyc compiles for CPython only"
        return None

    def _mypyc_extensions(self, work: Path) -> list[Extension]:
        """The package's Python files mirrored as `riskrules/…` in `work` (its folders sit
        apart in the checkout, pyproject's package-dir), so mypy names the modules as Python
        will, and translated to C there."""
        from mypyc.build import mypycify

        for package, folder in (self.distribution.package_dir or {}).items():
            into = work.joinpath(*package.split("."))
            into.mkdir(parents=True, exist_ok=True)
            for source in Path(folder).glob("*.py"):
                shutil.copy2(source, into / source.name)
        engine = work / "riskrules" / "engine"
        return list(
            mypycify(
                # The build has mypy but not riskrules' dependencies (Lark, Babel …), which
                # the modules the engine imports import in turn: those are read for their
                # types, quietly, and only the engine must type-check.
                ["--follow-imports=silent", "--ignore-missing-imports"]
                + [str(engine / f"{name}.py") for name in COMPILED],
                opt_level="3",
                target_dir=str(work / "c"),
                group_name="riskrules_engine",
            )
        )


class PureWheel(bdist_wheel):
    """bdist_wheel that tags the wheel once the engine is built or not: `py3-none-any` when
    nothing was compiled. setuptools decides a wheel's tag from the extension modules it
    knows before building, and the placeholder made every wheel platform-tagged (cp311-…
    linux_x86_64), which Pyodide's micropip and any other platform refuse."""

    def run(self) -> None:
        if not self.skip_build:
            self.run_command("build")  # BuildEngine drops the placeholder when it falls back
        self.root_is_pure = not (
            self.distribution.has_ext_modules() or self.distribution.has_c_libraries()
        )
        super().run()  # the build has run: bdist_wheel's own run_command("build") is a no-op


setup(ext_modules=[PLACEHOLDER], cmdclass={"build_ext": BuildEngine, "bdist_wheel": PureWheel})
