"""Run Gherkin feature files with pytest-bdd in-process, collecting each scenario's outcome
and the rule clauses the engine consulted while it ran."""

from __future__ import annotations

import importlib
import io
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from ...grammar.messages import Either, Message, msg
from ..shared import safewrite
from . import steplookup

# The step definitions, a pytest plugin of the package.
STEPS = "riskrules.features.steps"


@dataclass
class ScenarioResult:
    name: str
    feature: str
    outcome: str
    consulted: list[tuple[str, str]] = field(default_factory=list)
    # Where and why it failed, in the feature's own words (empty when it passed):
    path: str = ""  # the feature file
    line: int = 0  # the scenario's line
    title: str = ""  # `Scenarie: Hvert kortsæt er 10 arméer værd`
    step: str = ""  # the failing step as written, keyword included
    step_line: int = 0
    said: Message | None = None  # what was expected against what happened

    @property
    def message(self) -> str:
        """What was expected against what happened, in English ("" when it passed)."""
        return self.said.render() if self.said is not None else ""

    def text(self, lang: str) -> str:
        """What was expected against what happened, in `lang`."""
        return self.said.render(lang) if self.said is not None else ""

    def to_json(self) -> dict[str, object]:
        return {
            "feature": self.path,
            "line": self.line,
            "scenario": self.title,
            "outcome": self.outcome,
            "step": self.step or None,
            "step_line": self.step_line or None,
            "message": self.message or None,
        }


def plain_message(exc: BaseException) -> Message:
    """An assertion's failure in a line a person reads: `expected X, got Y` for an equality,
    the call that came out false for a bare condition, else the message's first line."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if not lines:
        return msg("{error}", error=type(exc).__name__)
    first = lines[0]
    equal = re.fullmatch(r"assert (.+) == (.+)", first)
    if equal:
        return msg("expected {wanted}, got {got}", wanted=equal.group(2), got=equal.group(1))
    if first in ("assert False", "assert not True", "AssertionError: assert False"):
        where = next((line for line in lines if "where False = " in line), None)
        if where:
            return msg("not so: {what}", what=where.split("where False = ", 1)[1][:200])
    return msg("{error}", error=first[:300])


class _Collector:
    """A pytest plugin that keeps what the scenarios did, and where and why each failed."""

    def __init__(self) -> None:
        self.results: list[ScenarioResult] = []
        self.places: dict[str, tuple[str, int, str]] = {}  # nodeid -> (file, line, title)
        # nodeid -> (step, line, what it says)
        self.failures: dict[str, tuple[str, int, Message]] = {}

    def pytest_bdd_before_scenario(self, request: Any, feature: Any, scenario: Any) -> None:
        title = f"{scenario.keyword}: {scenario.name}"
        self.places[request.node.nodeid] = (feature.filename, scenario.line_number, title)

    def pytest_bdd_step_error(
        self,
        request: Any,
        feature: Any,
        scenario: Any,
        step: Any,
        step_func: Any,
        step_func_args: Any,
        exception: BaseException,
    ) -> None:
        text = f"{step.keyword.strip()} {step.name}"
        self.failures[request.node.nodeid] = (text, step.line_number, plain_message(exception))

    def pytest_bdd_step_func_lookup_error(
        self, request: Any, feature: Any, scenario: Any, step: Any, exception: BaseException
    ) -> None:
        from ..shared.render import installed_doc
        from .stepsdoc import closest_steps

        keyword = step.keyword.strip()
        text = f"{keyword} {step.name}"
        near = closest_steps(step.type, step.name)
        page = installed_doc("steps.md")
        why = (
            msg(
                "no step like this one (did you mean {fix}?); every step, in English, Danish "
                "and Dutch, is in {page}",
                fix=Either(tuple(f"{keyword} {p}" for p in near)),
                page=page,
            )
            if near
            else msg(
                "no step like this one; every step, in English, Danish and Dutch, is in {page}",
                page=page,
            )
        )
        self.failures[request.node.nodeid] = (text, step.line_number, why)

    def pytest_runtest_logreport(self, report: Any) -> None:
        feature, _, name = report.nodeid.partition("::")
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            result = ScenarioResult(name, feature, report.outcome)
            path, line, title = self.places.get(report.nodeid, ("", 0, name))
            result.path, result.line, result.title = path, line, title
            if report.outcome != "passed":
                step, step_line, said = self.failures.get(report.nodeid, ("", 0, None))
                if said is None and report.longrepr is not None:
                    crash = getattr(report.longrepr, "reprcrash", None)
                    error = (getattr(crash, "message", "") or str(report.longrepr))[:300]
                    said = msg("{error}", error=error)
                result.step, result.step_line, result.said = step, step_line, said
            self.results.append(result)
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

    from ...grammar.reader import read_bounded

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
    """The ruleset the steps play, and no pytest plugin but those named in the arguments: a
    player's other plugins (xdist, hypothesis, coverage, …) cost most of a run's start-up and
    are no business of the scenarios."""
    settings = {"RISKRULES_TEST_RULESET": ruleset, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    previous = {name: os.environ.get(name) for name in settings}
    for name, value in settings.items():
        if value:
            os.environ[name] = value
    try:
        yield
    finally:
        for name, value in previous.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


# pytest's own plugins the scenarios do not use: each costs start-up in every run (the
# unraisable-exception watch collects the garbage of the whole process twice a run).
UNUSED_PLUGINS = (
    "cacheprovider",
    "doctest",
    "junitxml",
    "pastebin",
    "legacypath",
    "stepwise",
    "unraisableexception",
)


def _plugins() -> list[object]:
    """pytest-bdd and the steps, given as modules: `-p NAME` would make pytest read every
    installed package's entry points to look for NAME, on every run. So would each module the
    steps name in `pytest_plugins` (eleven reads a run, a quarter of a short run's time): they
    are given first, in their order, and pytest finds each registered already."""
    steps = importlib.import_module(STEPS)
    named = [importlib.import_module(name) for name in steps.PLUGINS]
    return [importlib.import_module("pytest_bdd.plugin"), *named, steps]


def run_features(
    features: list[str], ruleset: str | None = None
) -> tuple[int, list[ScenarioResult], str]:
    """Run the scenarios of the given feature files: (pytest's exit code, the results, what
    pytest printed: shown only when pytest itself failed, as for a step module that breaks)."""
    collector = _Collector()
    paths = [os.path.abspath(f) for f in features]
    with tempfile.TemporaryDirectory(prefix="riskrules-") as folder:
        # A module name of this run's own: pytest imports a test module whose name it has seen
        # in this process before as the module it saw (a second run in one process, as the
        # test suite makes them, would run the first run's scenarios).
        module = Path(folder) / f"test_{Path(folder).name.replace('-', '_')}.py"
        # (In a folder of this run's own; written as every file is, all the same.)
        safewrite.write(
            module, "from pytest_bdd import scenarios\n\nscenarios(*" + repr(paths) + ")\n"
        )
        safewrite.write(Path(folder) / "pytest.ini", "[pytest]\n")
        args = [
            str(module),
            "-c",
            str(Path(folder) / "pytest.ini"),
            "--rootdir",
            folder,
            *[f"-pno:{name}" for name in UNUSED_PLUGINS],
            "--import-mode=importlib",
            # The feature files were parsed (checked) with pytest-bdd before pytest started.
            "-W",
            "ignore::pytest.PytestAssertRewriteWarning",
        ]
        args += ["-q", "--no-header", "--tb=short"]
        sink = io.StringIO()
        with _environment(ruleset), redirect_stdout(sink), redirect_stderr(sink):
            steplookup.install()
            code = pytest.main(args, plugins=[collector, *_plugins()])
    return int(code), collector.results, sink.getvalue()


def junit_xml(ruleset: str, results: list[ScenarioResult]) -> str:
    """The results as JUnit XML: a test suite per feature file, a test case per scenario."""
    from xml.etree import ElementTree as ET

    from ..shared.escape import xml_text

    root = ET.Element("testsuites", name=f"riskrules test {ruleset}")
    by_feature: dict[str, list[ScenarioResult]] = {}
    for result in results:
        by_feature.setdefault(result.path, []).append(result)
    for path, group in by_feature.items():
        failures = sum(1 for r in group if r.outcome != "passed")
        suite = ET.SubElement(
            root, "testsuite", name=xml_text(path), tests=str(len(group)), failures=str(failures)
        )
        for result in group:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=xml_text(path),
                name=xml_text(result.title),
                file=xml_text(path),
                line=str(result.line),
            )
            if result.outcome != "passed":
                failure = ET.SubElement(case, "failure", message=xml_text(result.message))
                failure.text = xml_text(f"line {result.step_line}: {result.step}\n{result.message}")
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
