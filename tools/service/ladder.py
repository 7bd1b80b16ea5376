"""`riskrules ladder`'s service: the built-in agents ranked, each rung against the one below
(the work is tools/lab/ladder.py's). Planned first (a bad request fails before a game), then
run with a Progress callback after every game and a Cancel token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grammar.limits import DEFAULT_MAX_TURNS, LADDER, MAX_STUDY_GAMES
from .errors import UsageError
from .lab import _workers, player_count
from .progress import Cancel, Progress, Ticker
from .rulesets import loadable
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ..lab.ladder import Rung
    from ..lab.simulate import Plan


@dataclass(frozen=True)
class Ladder:
    """Each rung of `ladder` (weakest first) against the one below (`matrix`: against every
    other): `games` games a pairing (a multiple of the players: one in each seat as often)."""

    ruleset: str
    players: int | None = None  # None: the fewest the ruleset allows
    games: int = 200
    seed: int = 1
    max_turns: int = DEFAULT_MAX_TURNS
    workers: int | None = None
    ladder: tuple[str, ...] = LADDER
    matrix: bool = False


@dataclass(frozen=True)
class LadderPlan:
    ruleset: str
    players: int
    max_turns: int
    rungs: tuple[tuple[Rung, Plan], ...]
    workers: int
    matrix: tuple[str, ...] = ()  # the agents of a matrix, in order (empty: a ladder)

    @property
    def total(self) -> int:
        return sum(len(plan) for _, plan in self.rungs)


def plan_ladder(snapshot: Snapshot, request: Ladder) -> LadderPlan:
    """The ladder on `request.ruleset`, a ruleset of `snapshot`."""
    from ..lab.ladder import matchups, plan_rung, rungs

    rules = snapshot.rules(request.ruleset)
    players = player_count(rules, request.players)
    if players < 2:
        raise UsageError("a ladder needs two players or more: one of a rung against the others")
    unknown = [a for a in request.ladder if a not in LADDER]
    if unknown or len(request.ladder) < 2 or len(set(request.ladder)) < len(request.ladder):
        raise UsageError(
            f"a ladder names two agents or more, each once, weakest first, from {', '.join(LADDER)}"
        )
    steps = matchups(request.ladder) if request.matrix else rungs(request.ladder)
    if len(steps) * request.games > MAX_STUDY_GAMES:
        raise UsageError(
            f"this {'matrix' if request.matrix else 'ladder'} would play "
            f"{len(steps) * request.games:,} games; at most "
            f"{MAX_STUDY_GAMES:,} in all: --games {MAX_STUDY_GAMES // len(steps):,} or fewer"
        )
    name = loadable(request.ruleset, rules.name)
    plans = tuple(
        (rung, plan_rung(rung, name, players, request.games, request.seed, request.max_turns))
        for rung in steps
    )
    workers = _workers(request.workers, request.games)
    shown = request.ladder if request.matrix else ()
    return LadderPlan(rules.name, players, request.max_turns, plans, workers, shown)


@dataclass(frozen=True)
class LadderResult:
    ruleset: str
    players: int
    max_turns: int
    seed: int
    rungs: list[dict[str, Any]]
    matrix: tuple[str, ...] = ()  # a matrix's agents (rows and columns), in order

    def to_json(self) -> dict[str, Any]:
        from ...grammar import __version__

        found = {
            "version": __version__,
            "ruleset": self.ruleset,
            "players": self.players,
            "max_turns": self.max_turns,
            "seed": self.seed,
            "rungs": self.rungs,
        }
        if self.matrix:
            found["matrix"] = list(self.matrix)
        return found

    def text(self, lang: str = "en") -> str:
        """The ladder for people, in `lang`: each rung's win share with its 95% interval
        beside the fair share, and its speed (a matrix: _matrix_text)."""
        from ..lab.i18n import translations
        from ..shared.escape import terminal

        if self.matrix:
            return _matrix_text(self, lang)
        _ = translations(lang).gettext
        fair = 100 / self.players
        heads = (_("agent"), _("against"), _("wins"), _("share"), _("95% interval"), "games/s")
        lines = [
            _(
                "{ruleset}, {players} players: each agent in one seat (rotated) against the one "
                "below in the others; a fair share is {fair}%"
            ).format(ruleset=terminal(self.ruleset), players=self.players, fair=f"{fair:.0f}"),
            f"  {heads[0]:<10}  {heads[1]:<10}  {heads[2]:>9} {heads[3]:>5}  {heads[4]:<12}  "
            f"{heads[5]:>7}",
        ]
        for r in self.rungs:
            low, high = (100 * x for x in r["ci"]) if r["ci"] else (0.0, 0.0)
            mark = "  " + _("beats it") if r["beats_below"] else ""
            if r["agent"] == r["against"]:
                mark = "  " + _("(the baseline, against itself)")
            speed = f"{r['games_per_s']:.2f}" if r["games_per_s"] else "-"
            interval = _("{low} to {high}").format(low=f"{low:>3.0f}%", high=f"{high:>3.0f}%")
            lines.append(
                f"  {r['agent']:<10}  {r['against']:<10}  {r['wins']:>4}/{r['games']:<4} "
                f"{100 * (r['share'] or 0):>4.0f}%  {interval:<12}  {speed:>7}{mark}"
            )
        unfinished = sum(r["unfinished"] for r in self.rungs)
        said = _("unfinished at {turns} turns: {count}")
        lines.append("  " + said.format(turns=self.max_turns, count=unfinished))
        return "\n".join(lines) + "\n"


def _matrix_text(result: LadderResult, lang: str) -> str:
    """A matrix for people, in `lang`: a row per agent in one seat, a column per agent in the
    others, each cell its share won with the 95% interval; a star where the interval is above
    the fair share."""
    from ..lab.i18n import translations
    from ..shared.escape import terminal

    _ = translations(lang).gettext
    names = result.matrix
    shown: dict[tuple[str, str], str] = {}
    for r in result.rungs:
        if r["ci"]:
            low, high = (100 * x for x in r["ci"])
            star = "*" if r["beats_below"] else " "
            cell = f"{100 * r['share']:.0f}% ({low:.0f}-{high:.0f}){star}"
            shown[r["agent"], r["against"]] = cell
    width = 2 + max(len(x) for x in [*names, *shown.values()])
    first = 2 + max(len(n) for n in names)
    lines = [
        _(
            "{ruleset}, {players} players: the row's agent in one seat (rotated) against the "
            "column's in the others; its share won (95% interval);"
        ).format(ruleset=terminal(result.ruleset), players=result.players),
        _("a fair share is {fair}%; * where the interval is above it").format(
            fair=f"{100 / result.players:.0f}"
        ),
        " " * first + "".join(f"{n:>{width}}" for n in names),
    ]
    for row in names:
        cells_shown = (shown.get((row, column), "- ") for column in names)
        lines.append(f"{row:<{first}}" + "".join(f"{c:>{width}}" for c in cells_shown))
    unfinished = sum(r["unfinished"] for r in result.rungs)
    said = _("unfinished at {turns} turns: {count}")
    lines.append(said.format(turns=result.max_turns, count=unfinished))
    return "\n".join(lines) + "\n"


def run_ladder(
    plan: LadderPlan, progress: Progress | None = None, cancel: Cancel | None = None
) -> LadderResult:
    """Play every rung's games, rung by rung."""
    from ..lab.ladder import run_ladder as play

    ticker = Ticker.of(plan.total, progress, cancel)
    found = play(plan.rungs, plan.players, plan.workers, ticker.update if ticker else None)
    seed = plan.rungs[0][1].templates[0].seed
    return LadderResult(plan.ruleset, plan.players, plan.max_turns, seed, found, plan.matrix)
