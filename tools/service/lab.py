"""The balance lab's services: games played by the built-in agents (`simulate`), and studies
of what house rules do to the game (`balance`, `sweep`). Each is planned first (the request
checked, nothing played: a front end learns what will run, and a bad request fails before any
work) and then run, with a Progress callback after every game and a Cancel token."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...grammar.diagnostics import Severity
from ...grammar.limits import (
    DEFAULT_CONNECT_TIMEOUT,
    DEFAULT_MAX_ACTIONS,
    DEFAULT_MAX_TURNS,
    DEFAULT_WORKER_TIMEOUT,
    MAX_STUDY_GAMES,
)
from ...grammar.schema import SHEET_LANGUAGES
from .errors import ServiceError, UsageError
from .paths import records_writable
from .progress import Cancel, Progress, Ticker
from .rulesets import loadable, manual_languages
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ...engine.rules import Rules
    from ..lab.balance import Arm, Settings
    from ..lab.simulate import GameResult, Plan, Summary
    from ..lab.stages import Look
    from ..lab.study_figures import StudyFigures
    from ..lab.verdicts import Verdict

MAX_WORKERS = 64
LANGUAGES = SHEET_LANGUAGES  # the verdicts' (the lab's catalogues: tools/lab/locale)


def _workers(asked: int | None, games: int) -> int:
    return min(asked or os.cpu_count() or 1, games, MAX_WORKERS)


@dataclass(frozen=True)
class Simulate:
    """What to play: `games` games of `ruleset`, game i with seed `seed + i`; records written
    to the folder `record` when it is given."""

    ruleset: str
    players: int | None = None  # None: the fewest the ruleset allows
    games: int = 10
    seed: int = 1
    agent: str = "aggressive"
    max_turns: int = DEFAULT_MAX_TURNS
    max_actions: int = DEFAULT_MAX_ACTIONS
    record: str | None = None
    workers: int | None = None  # None: one process per core
    seats: tuple[str, ...] = ()  # the agent of each player's seat; none: `agent` in every seat


def player_count(rules: Rules, asked: int | None) -> int:
    """The number of players a game of `rules` is played by: `asked` (None: the fewest the
    ruleset allows), a UsageError when the ruleset is not for that many."""
    low, high = rules.players
    count = asked or low
    if not low <= count <= high:
        raise UsageError(f"{rules.name} is for {low} to {high} players, not {count}")
    return count


def seating(seats: Sequence[str], players: int) -> tuple[str, ...]:
    """The agents named for the seats, checked: one per player, each a built-in agent."""
    from ...engine.players import AGENTS

    unknown = [name for name in seats if name not in AGENTS]
    if unknown:
        raise UsageError(
            f"no agent '{unknown[0]}': name one of {', '.join(AGENTS)} for each seat "
            "(e.g. --seats search,aggressive,aggressive,aggressive)"
        )
    if seats and len(seats) != players:
        raise UsageError(
            f"--seats names {len(seats)} agents for {players} players: name one per seat, "
            "in seat order (or choose --players to match)"
        )
    return tuple(seats)


def _agent(name: str) -> str:
    from ...engine.players import AGENTS

    if name not in AGENTS:
        raise UsageError(f"no agent '{name}': name one of {', '.join(AGENTS)}")
    return name


@dataclass(frozen=True)
class SimulationPlan:
    ruleset: str  # its name
    players: int
    max_turns: int
    jobs: Plan  # made game by game as they are played
    workers: int


def plan_simulation(snapshot: Snapshot, request: Simulate) -> SimulationPlan:
    """The simulation of `request.ruleset`, a ruleset of `snapshot`."""
    from ..lab.simulate import jobs

    rules = snapshot.rules(request.ruleset)
    count = player_count(rules, request.players)
    seats = seating(request.seats, count)
    _agent(request.agent)
    if request.record is not None:
        records_writable(request.record)
    todo = jobs(
        loadable(request.ruleset, rules.name),
        count,
        request.games,
        request.seed,
        request.agent,
        request.max_turns,
        request.record,
        request.max_actions,
        seats,
    )
    workers = _workers(request.workers, request.games)
    return SimulationPlan(rules.name, count, request.max_turns, todo, workers)


@dataclass(frozen=True)
class Simulation:
    """The games' figures, gathered game by game as they were played (only the games that
    broke an invariant are kept whole, so a million games cost the memory of a few)."""

    ruleset: str
    players: int
    max_turns: int
    summary: Summary

    @property
    def games(self) -> int:
        return self.summary.games

    @property
    def elapsed(self) -> float:  # seconds
        return self.summary.elapsed

    def to_json(self) -> dict[str, object]:
        return self.summary.to_json()

    def text(self, lang: str = "en") -> str:
        """The games for people, in `lang`: the seats' wins as a table, the turns, the speed."""
        return self.summary.text(self.max_turns, lang)

    @property
    def violations(self) -> list[GameResult]:
        return sorted(self.summary.broken, key=lambda r: r.index)


def simulate(
    plan: SimulationPlan, progress: Progress | None = None, cancel: Cancel | None = None
) -> Simulation:
    """Play the planned games, checking every invariant after every action."""
    import time

    from ..lab.simulate import Summary, WorkerLost, play_all

    ticker = Ticker.of(len(plan.jobs), progress, cancel)
    gathered = Summary(plan.ruleset, plan.players)
    start = time.perf_counter()
    try:
        on_turn = ticker.turn if ticker is not None else None
        for result in play_all(plan.jobs, plan.workers, on_turn):
            gathered.add(result)
            if ticker is not None:
                ticker.update(1)
    except WorkerLost as exc:
        raise ServiceError(str(exc)) from None
    gathered.elapsed = time.perf_counter() - start
    return Simulation(plan.ruleset, plan.players, plan.max_turns, gathered)


@dataclass(frozen=True)
class Study:
    """How a study plays: `games` games per ruleset (game i of every ruleset has the same
    seed), in processes here or on a Dask scheduler, `batch` games per task there, giving up
    when the scheduler cannot be reached within `connect_timeout` seconds or has had no worker
    for `worker_timeout`."""

    players: int | None = None  # None: the fewest all the rulesets allow
    games: int = 200
    seed: int = 1
    agent: str = "aggressive"
    max_turns: int = DEFAULT_MAX_TURNS
    observe_turn: int = 10  # when continent holders are noted (--at-turn)
    workers: int | None = None
    scheduler: str | None = None
    batch: int = 25
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT
    # The players' strengths: every ruleset is played by each of these agents in every seat, and
    # each variant's differences reported under each. None: DEFAULT_STRENGTHS, unless `agent`
    # (other than the default) or `seats` names the one to play.
    agents: tuple[str, ...] | None = None
    seats: tuple[str, ...] = ()  # one strength: the agent of each seat
    # In stages: `games` is the most it plays; it looks at 100, 200, 400, … and stops at the
    # first look whose answer is clear (tools/lab/stages.py).
    until_clear: bool = False

    def strength_count(self) -> int:
        if self.seats:
            return 1
        if self.agents:
            return len(self.agents)
        return 1 if self.agent != "aggressive" else len(DEFAULT_STRENGTHS)


DEFAULT_STRENGTHS = ("aggressive", "positional")  # two rungs of the ladder (grammar/limits.LADDER)


def _strengths(request: Study, players: int) -> tuple[tuple[str, ...], ...]:
    """The seatings a study plays, one per strength (see Study.agents)."""
    if request.seats:
        return (seating(request.seats, players),)
    if request.agents:
        names = [_agent(a) for a in request.agents]
        if len(set(names)) < len(names):
            raise UsageError("--agents names each agent once")
    else:
        names = [_agent(request.agent)] if request.agent != "aggressive" else []
        names = names or list(DEFAULT_STRENGTHS)
    return tuple((name,) * players for name in names)


@dataclass(frozen=True)
class StudyPlan:
    arms: tuple[Arm, ...]  # the base first
    settings: Settings
    workers: int
    scheduler: str | None
    batch: int
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT
    grid: dict[str, list[Any]] | None = None  # a sweep's rules and values (its heat maps)
    languages: tuple[str, ...] = ()  # the base's own manuals' languages (the report's default)
    looks: tuple[int, ...] = ()  # a study in stages: the games per ruleset it looks at

    @property
    def rulesets_played(self) -> int:
        """The games played per seed: every ruleset under every strength."""
        return len(self.arms) * len(self.settings.seatings())

    def manual_languages(self) -> tuple[str, ...]:
        return self.languages

    @property
    def total(self) -> int:
        return len(self.arms) * self.settings.games * len(self.settings.seatings())


def _plan(arms: list[Arm], rulesets: list[Rules], request: Study) -> StudyPlan:
    from ..lab.balance import Settings

    counts = [rules.players for rules in rulesets]
    low = max(c[0] for c in counts)
    high = min(c[1] for c in counts)
    players = request.players or low
    if not low <= players <= high:
        raise UsageError(
            f"these rulesets are for {low} to {high} players together, not {players}"
            if low <= high
            else "these rulesets have no number of players in common"
        )
    settings = Settings(
        players,
        request.games,
        request.seed,
        request.agent,
        request.max_turns,
        observe_turn=request.observe_turn,
        strengths=_strengths(request, players),
    )
    workers = _workers(request.workers, len(arms) * settings.games)
    from ..lab.stages import looks

    return StudyPlan(
        tuple(arms),
        settings,
        workers,
        request.scheduler,
        request.batch,
        request.connect_timeout,
        request.worker_timeout,
        languages=manual_languages(rulesets[0].effective),
        looks=looks(request.games) if request.until_clear else (),
    )


def _preflight(rulesets: int, request: Study) -> None:
    """What is refused before a study's rulesets are read: its size (MAX_STUDY_GAMES in all)
    and the address of its scheduler."""
    from ..lab.balance import ClusterError, scheduler_address

    games = request.games
    strengths = request.strength_count()
    arms = rulesets * strengths
    if arms * games > MAX_STUDY_GAMES:
        times = f" × {strengths} strengths of players" if strengths > 1 else ""
        raise UsageError(
            f"this study would play {arms * games:,} games ({rulesets} rulesets{times} × "
            f"{games:,}); a study plays at most {MAX_STUDY_GAMES:,} games in all: "
            f"--games {MAX_STUDY_GAMES // arms:,} or fewer, or fewer rulesets"
        )
    if request.scheduler is not None:
        try:
            scheduler_address(request.scheduler)
        except ClusterError as exc:
            raise UsageError(str(exc)) from None


def plan_balance(
    snapshot: Snapshot, base: str, variants: Sequence[str], request: Study
) -> StudyPlan:
    """VARIANTS against BASE, rulesets of `snapshot`, over the same seeds; every ruleset must
    check. The snapshot's unsaved texts are played as written there, in every worker."""
    from ..lab.balance import arm

    _preflight(1 + len(variants), request)
    effective = [snapshot.checked(ref) for ref in (base, *variants)]
    arms = [arm(snapshot.workspace, eff, dict(snapshot.texts)) for eff in effective]
    if len({a.name for a in arms}) != len(arms):
        raise UsageError("name each ruleset once")
    return _plan(arms, [snapshot.rules(eff) for eff in effective], request)


def plan_sweep(snapshot: Snapshot, ref: str, varies: Sequence[str], request: Study) -> StudyPlan:
    """The study over a grid of one or two rule values (`RULE=VALUE,VALUE…`, values holding
    commas separated by `|`; `RULE[ENTRY]=…` for an entry of a table): each point a house rule
    extending `ref` (a ruleset of `snapshot`), made in memory and checked like any other, all
    in one snapshot."""
    from ..lab.balance import arm
    from ..lab.sweep import SweepError, entry_hint, parse_vary, points

    ws, eff = snapshot.workspace, snapshot.checked(ref)
    try:
        parsed = [parse_vary(v) for v in varies]
        grid = points(eff, parsed)
    except SweepError as exc:
        raise UsageError(str(exc)) from None
    _preflight(1 + len(grid), request)
    texts = {os.path.abspath(p.path): p.text for p in grid}
    base_file = ws.index.rulesets[eff.name].span.file
    extra = [] if base_file in ws.builtin else [base_file]
    points_snapshot = Snapshot.of(extra, texts)
    grid_ws = points_snapshot.workspace
    arms = [arm(ws, eff)]
    rulesets = [snapshot.rules(eff)]
    for point in grid:
        path = os.path.abspath(point.path)
        found_here = points_snapshot.diagnostics_of(path)
        errors = [d for d in found_here if d.severity == Severity.ERROR]
        found = grid_ws.resolved.get(point.name)
        if errors or found is None:
            why = "cannot be resolved"
            if errors:
                first = errors[0]
                why = first.message + (f" ({first.hint})" if first.hint else "")
            hints = [entry_hint(eff, rule) for rule, _ in point.settings]
            why += "".join(f"; {hint}" for hint in hints if hint)
            raise UsageError(f"--vary {point.label}: {why}", errors)
        arms.append(arm(grid_ws, found, texts, label=point.label))
        rulesets.append(points_snapshot.rules(found))
    shape: dict[str, list[Any]] = {
        "rules": [v.rule for v in parsed],
        "values": [list(v.values) for v in parsed],
    }
    return replace(_plan(arms, rulesets, request), grid=shape)


@dataclass(frozen=True)
class StudyResult:
    figures: StudyFigures  # every figure, typed (`to_json`: what balance.json holds)
    lang: str = "en"  # the verdicts' and the report's language (en, da or nl)
    # Each language's verdicts, computed once: the JSON, the text and the page share them.
    _said: dict[str, list[Verdict]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def broken(self) -> int:
        """Games that broke an invariant (`simulate` shows them)."""
        return self.figures.broken

    @property
    def games(self) -> int:
        """The seeds the figures are of: every game asked for, unless the study stopped."""
        return self.figures.games

    @property
    def look(self) -> Look | None:
        """A study in stages: the look these figures are of (None: a study of fixed size)."""
        return self.figures.family.look

    @property
    def stopped(self) -> dict[str, Any] | None:
        """Why a study on a cluster stopped early (the cluster was lost), with the games it
        planned per ruleset and played in all; None when it played every game."""
        found = self.figures.stopped
        return dict(found) if found else None

    @property
    def verdicts(self) -> list[Verdict]:
        """Each variant's verdict against the base in `lang`: its sentences and every effect
        sorted into clear / no meaningful difference / not clear yet (`to_json()` each)."""
        return self.verdicts_in(self.lang)

    def verdicts_in(self, lang: str) -> list[Verdict]:
        """The verdicts in another language (en, da or nl)."""
        from ..lab.verdicts import verdicts

        lang = _language(lang)
        if lang not in self._said:
            self._said[lang] = verdicts(self.figures.comparisons(), lang)
        return self._said[lang]

    def to_json(self) -> dict[str, Any]:
        """Every figure, and the verdicts in `lang`: what balance.json holds."""
        return self.figures.to_json() | {"verdicts": [v.to_json() for v in self.verdicts]}

    def text(self, lang: str | None = None) -> str:
        from ..lab.balance_report import text

        lang = lang or self.lang
        return text(self.figures, lang, self.verdicts_in(lang))

    def page(self, lang: str | None = None) -> str:
        """The report's page (balance.html): the verdicts, the plots, then the tables."""
        from ..lab.balance_report import page

        lang = lang or self.lang
        return page(self.figures, lang, self.verdicts_in(lang))

    def players_note(self, lang: str | None = None) -> str:
        """Who played the study's games, and that the verdicts are about them."""
        from ..lab.balance_report import players_note

        return players_note(self.figures, _language(lang or self.lang))


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise UsageError(f"no verdicts in '{lang}': write one of {', '.join(LANGUAGES)}")
    return lang


def run_study(
    plan: StudyPlan,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    lang: str = "en",
    enough: Callable[[], str | None] | None = None,
    on_look: Callable[[StudyResult], None] | None = None,
) -> StudyResult:
    """Play the study and compare each ruleset to the base, in processes here or on the
    plan's Dask cluster (progress and a Cancel game by game on either). A cluster lost
    mid-study ends it with the seeds every ruleset finished (`StudyResult.stopped`), and so
    does `enough()` saying why after a game (a time limit: the figures so far, not none).
    A study in stages (`plan.looks`) gives each look's result to `on_look` as it is reached
    and ends at the first whose answer is clear. The verdicts are in `lang` (en, da or nl)."""
    from ..lab.balance import ClusterError, StopEarly, study
    from ..lab.simulate import WorkerLost

    _language(lang)
    ticker: object = Ticker.of(plan.total, progress, cancel)
    if enough is not None:
        ticker = _Enough(ticker, enough, StopEarly)
    try:
        found = study(
            plan.arms,
            plan.settings,
            plan.workers,
            plan.scheduler,
            plan.batch,
            progress=ticker,
            connect_timeout=plan.connect_timeout,
            worker_timeout=plan.worker_timeout,
            grid=plan.grid,
            looks=plan.looks,
            on_look=None if on_look is None else lambda found: on_look(StudyResult(found, lang)),
        )
    except ClusterError as exc:
        raise UsageError(str(exc)) from None
    except WorkerLost as exc:
        raise ServiceError(str(exc)) from None
    return StudyResult(found, lang)


class _Enough:
    """A study's progress hook that also ends it early, keeping its figures so far."""

    def __init__(self, inner: object, enough: Callable[[], str | None], stop: type) -> None:
        self.inner = inner
        self.enough = enough
        self.stop = stop

    def update(self, games: int) -> None:
        tick = getattr(self.inner, "update", None)
        if tick is not None:
            tick(games)
        reason = self.enough()
        if reason is not None:
            raise self.stop(reason)
