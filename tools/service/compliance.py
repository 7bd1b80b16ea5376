"""Whether rulesets do what their manuals say: the user's scenarios run against a ruleset, the
trace of what the scenarios exercised, the manuals' passages no rule cites, and the referee of
a game record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ...grammar.library import Workspace
from ...grammar.messages import msg
from ...grammar.resolve import EffectiveRuleset
from .errors import BadFeatures, NotRun, UsageError
from .rulesets import loadable
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ..compliance.coverage import ManualCoverage
    from ..compliance.referee import Verdict
    from ..compliance.scenarios import ScenarioResult
    from ..compliance.trace import Manuals, RulesetTrace


def manuals(sources: Path) -> Manuals:
    """The sources folder (the manuals' texts), or a UsageError if it is not one that can be
    listed."""
    from ..compliance.trace import Manuals, SourcesUnreadable

    try:
        return Manuals.open(sources)
    except SourcesUnreadable as exc:
        raise UsageError(str(exc)) from None


def _require_manuals(found: Manuals, effective: Sequence[EffectiveRuleset]) -> None:
    """A UsageError when the folder holds none of the manuals the rulesets cite, naming the
    folder and the files expected in it: every anchor would go unchecked."""
    from ..compliance.trace import SourcesUnreadable

    wanted = {
        source.file: source.id
        for eff in effective
        for clause in eff.clauses
        for cite in clause.citations
        if (source := eff.source(cite.document)) is not None
    }
    try:
        found.require_some(wanted)
    except SourcesUnreadable as exc:
        raise UsageError(str(exc)) from None


def refuse_bad_features(paths: Sequence[str]) -> None:
    """`BadFeatures` with `FILE:LINE: …` for every file that is not a runnable Gherkin feature."""
    from ..compliance.scenarios import feature_problem

    problems = [p for p in map(feature_problem, paths) if p is not None]
    if problems:
        raise BadFeatures(problems)


@dataclass(frozen=True)
class ScenarioRun:
    ruleset: str
    results: tuple[ScenarioResult, ...]

    @property
    def failed(self) -> list[ScenarioResult]:
        return [r for r in self.results if r.outcome != "passed"]

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "passed": len(self.results) - len(self.failed),
            "failed": len(self.failed),
            "scenarios": [r.to_json() for r in self.results],
        }

    def junit_xml(self) -> str:
        from ..compliance.scenarios import junit_xml

        return junit_xml(self.ruleset, list(self.results))


def run_scenarios(snapshot: Snapshot, ref: str, features: Sequence[str]) -> ScenarioRun:
    """The scenarios of `features` against the ruleset `ref` (which replaces the one each
    feature's Background names)."""
    from ..compliance.scenarios import run_features

    rules = snapshot.rules(ref)
    refuse_bad_features(features)
    code, results, printed = run_features(list(features), ruleset=loadable(ref, rules.name))
    if code not in (0, 1) or not results:
        raise NotRun("the scenarios could not be run (pytest's output is above)", printed)
    return ScenarioRun(rules.name, tuple(results))


def _manual_rulesets(
    snapshot: Snapshot, refs: Sequence[str]
) -> list[tuple[Workspace, EffectiveRuleset]]:
    """The rulesets named, each checked; none named: every manual's built-in (not the shared
    `classic`)."""
    ws = snapshot.workspace
    builtin = [n for n, r in ws.index.rulesets.items() if r.span.file in ws.builtin]
    names = list(refs) or [n for n in builtin if n != "classic"]
    return [(ws, snapshot.checked(name)) for name in names]


@dataclass(frozen=True)
class Trace:
    """Per ruleset, each clause, its citations, and the scenarios that exercised it."""

    results: tuple[ScenarioResult, ...]
    reports: tuple[RulesetTrace, ...]
    pytest_code: int
    anchors_checked: bool  # the manuals' texts were given

    @property
    def failed(self) -> list[ScenarioResult]:
        return [r for r in self.results if r.outcome != "passed"]

    @property
    def findings(self) -> bool:
        """A failed scenario, a missing anchor, an uncited clause, or pytest itself failing."""
        return (
            bool(self.failed)
            or any(r.missing_anchors or r.cited < len(r.clauses) for r in self.reports)
            or self.pytest_code not in (0, 5)
        )

    def to_json(self) -> dict[str, object]:
        return {
            "scenarios": len(self.results),
            "scenarios_failed": len(self.failed),
            "rulesets": [r.to_json() for r in self.reports],
        }


def trace(
    snapshot: Snapshot,
    refs: Sequence[str],
    sources: Path | None = None,
    features: Sequence[str] = (),
) -> Trace:
    """Run the built-in scenarios (or `features`, against each ruleset named, as `test` does)
    and trace each ruleset; with `sources`, look every citation's anchor up in its manual (a
    folder that holds none of the manuals cited is a UsageError)."""
    from ..compliance.scenarios import builtin_features, run_features
    from ..compliance.trace import trace as trace_ruleset

    texts = manuals(sources) if sources is not None else None
    refuse_bad_features(features)
    located = _manual_rulesets(snapshot, refs)
    if texts is not None:
        _require_manuals(texts, [eff for _, eff in located])
    names = list(refs) or [eff.name for _, eff in located]
    if features:
        code = 0
        results: list[ScenarioResult] = []
        for name in names:
            found, part, _printed = run_features(list(features), ruleset=name)
            code, results = max(code, found), results + part
    else:
        code, results, _printed = run_features(builtin_features())
    reports = tuple(trace_ruleset(eff, results, texts, ws.resolved) for ws, eff in located)
    return Trace(tuple(results), reports, code, texts is not None)


def uncovered(snapshot: Snapshot, refs: Sequence[str], sources: Path) -> list[ManualCoverage]:
    """For each manual the rulesets encode: its rule-bearing passages, those that a rule of the
    rulesets encoding that manual cites or an `ignore` sets aside, and those left."""
    from ..compliance.coverage import ManualMissing, manuals_of

    texts = manuals(sources)
    located = _manual_rulesets(snapshot, refs)
    try:
        return manuals_of(located, texts)
    except ManualMissing as exc:
        raise UsageError(str(exc)) from None


@dataclass(frozen=True)
class ManualsPage:
    """The manuals' text with every passage marked by its status, as one HTML page, and the
    figures behind it (`findings` when a passage is unclassified or a status is in doubt)."""

    html: str
    reports: tuple[ManualCoverage, ...]

    @property
    def findings(self) -> bool:
        return any(r.findings for r in self.reports)


def manuals_page(snapshot: Snapshot, refs: Sequence[str], sources: Path) -> ManualsPage:
    """The page of `trace --sources DIR --format html`: each manual the rulesets encode, each
    passage marked cited (linked to the rules), set aside (with its reason), a heading, or
    unclassified."""
    from ..compliance.coverage import ManualMissing, manuals_of
    from ..compliance.coverage_page import page

    texts = manuals(sources)
    located = _manual_rulesets(snapshot, refs)
    try:
        reports = tuple(manuals_of(located, texts, keep=True))
    except ManualMissing as exc:
        raise UsageError(str(exc)) from None
    return ManualsPage(page(reports), reports)


def referee(snapshot: Snapshot, ref: str, record: str | BinaryIO, strict: bool = False) -> Verdict:
    """Stream a game record (a path, or a binary stream such as standard input) through the
    engine: the first illegal action or malformed line, or the game's outcome. A record whose
    receipt does not match the ruleset is warned of, or with `strict` refused."""
    from ..compliance.referee import bounded_lines
    from ..compliance.referee import referee as judge

    rules = snapshot.rules(ref)
    if not isinstance(record, str):
        return judge(rules, bounded_lines(record), strict)
    try:
        with open(record, "rb") as handle:
            return judge(rules, bounded_lines(handle), strict)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise UsageError(msg("cannot read {path}: {why}", path=record, why=why)) from None
