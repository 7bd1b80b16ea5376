"""Run Gherkin feature files with pytest-bdd in-process, collecting each scenario's outcome
and the rule clauses the engine consulted while it ran."""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import pytest


@dataclass
class ScenarioResult:
    name: str
    feature: str
    outcome: str
    consulted: list[tuple[str, str]] = field(default_factory=list)


class _Collector:
    """A pytest plugin that keeps what the scenarios did."""

    def __init__(self) -> None:
        self.results: list[ScenarioResult] = []

    def pytest_runtest_logreport(self, report: Any) -> None:
        feature, _, name = report.nodeid.partition("::")
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            self.results.append(ScenarioResult(name, feature, report.outcome))
        elif report.when == "teardown" and self.results and self.results[-1].name == name:
            # What the scenario consulted is known once its recording fixture has closed.
            consulted: list[list[str]] = next(
                (v for k, v in report.user_properties if k == "consulted"), []
            )
            self.results[-1].consulted = [(c[0], c[1]) for c in consulted]


MAX_FEATURE_BYTES = 1_000_000


def feature_problem(path: str) -> str | None:
    """Why `path` cannot be run as a Gherkin feature (`FILE:LINE: …`), or None if it can."""
    from pytest_bdd.exceptions import GherkinParseError
    from pytest_bdd.parser import FeatureParser

    from ..grammar.reader import read_bounded

    data, problem = read_bounded(path, MAX_FEATURE_BYTES, "feature files")
    if problem is not None or data is None:
        return f"{path}: {problem.message if problem else 'cannot read file'}"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return f"{path}: not UTF-8 text; save the feature as UTF-8"
    folder, name = os.path.split(os.path.abspath(path))
    try:
        feature = FeatureParser(folder, name).parse()
    except GherkinParseError as exc:
        text = exc.line_content.strip()
        near = f" near '{text[:60]}'" if text else ""
        return f"{path}:{exc.line}: not valid Gherkin{near}: {exc.message}"
    except (KeyError, ValueError, IndexError, TypeError):
        return (
            f"{path}: no feature found: a feature file starts with 'Feature:' "
            "('# language: da' then 'Egenskab:', or '# language: nl' then 'Functionaliteit:')"
        )
    if not feature.scenarios:
        return f"{path}: the feature has no scenarios ('Scenario:' / 'Scenarie:' / 'Scenario:')"
    return None


def builtin_features() -> list[str]:
    root = resources.files("riskrules.features")
    return sorted(str(Path(str(p))) for p in root.iterdir() if p.name.endswith(".feature"))


@contextmanager
def _environment(ruleset: str | None) -> Iterator[None]:
    previous = os.environ.get("RISKRULES_TEST_RULESET")
    if ruleset:
        os.environ["RISKRULES_TEST_RULESET"] = ruleset
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("RISKRULES_TEST_RULESET", None)
        else:
            os.environ["RISKRULES_TEST_RULESET"] = previous


def run_features(
    features: list[str], ruleset: str | None = None, quiet: bool = True, verbose: bool = False
) -> tuple[int, list[ScenarioResult]]:
    """Run the scenarios of the given feature files; (pytest exit code, results)."""
    collector = _Collector()
    paths = [os.path.abspath(f) for f in features]
    with tempfile.TemporaryDirectory(prefix="riskrules-") as folder:
        module = Path(folder) / "test_scenarios.py"
        module.write_text(
            "from pytest_bdd import scenarios\n\nscenarios(*" + repr(paths) + ")\n",
            encoding="utf-8",
        )
        (Path(folder) / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
        args = [
            str(module),
            "-c",
            str(Path(folder) / "pytest.ini"),
            "--rootdir",
            folder,
            "-p",
            "riskrules.features.steps",
            "-p",
            "no:cacheprovider",
            "--import-mode=importlib",
            # The feature files were parsed (checked) with pytest-bdd before pytest started.
            "-W",
            "ignore::pytest.PytestAssertRewriteWarning",
        ]
        args += (
            ["-q", "--no-header"]
            if quiet
            else ["--no-header", "--tb=short", "-v" if verbose else "-q"]
        )
        with _environment(ruleset):
            if quiet:
                sink = io.StringIO()
                with redirect_stdout(sink), redirect_stderr(sink):
                    code = pytest.main(args, plugins=[collector])
            else:
                code = pytest.main(args, plugins=[collector])
    return int(code), collector.results
