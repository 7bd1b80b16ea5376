"""A balance study's figures, typed: every strength's rulesets, differences, contrasts and
games, and the study's settings. The verdicts and the report read these; balance.json is made
from them at the edge (`StudyFigures.to_json`, in the file's format and order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .balance_stats import position_won
from .comparison import Comparisons, Difference, StrengthComparisons
from .figures import RulesetFigures
from .simulate import GameResult
from .stages import Look

FORMAT = 2  # balance.json's format (2: restricted mean lengths, contrasts, weighted family)


def outcome(result: GameResult) -> dict[str, Any]:
    """One game as balance.json keeps it: enough to recompute every figure of the study."""
    winner = position_won(result) if result.completed else None
    return {
        "seed": result.seed,
        "seats": [
            {"seat": seat, "place": place + 1, "agent": result.agents[seat]}
            for place, seat in enumerate(result.order)
        ],
        "outcome": "unfinished" if not result.completed else "won",
        "winner_seat": result.winner_seat if result.completed else None,
        "winner_place": None if winner is None else winner + 1,
        "turns": result.turns,
        "rounds": result.rounds,
        "eliminated": [{"seat": seat, "turn": turn} for seat, turn in result.eliminated_at],
        "trades": result.trades,
        "conquests": result.conquests,
        "holders": result.holders,
        "violation": result.violation,
    }


@dataclass(frozen=True)
class Family:
    """The comparisons adjusted together (family.py)."""

    method: str
    alpha: float
    headline_share: float
    comparisons: int
    of: str
    look: Look | None = None  # a study in stages: the look these figures are of (stages.py)


@dataclass(frozen=True)
class StrengthFigures:
    """One strength of players: the agents in its seats, each ruleset's figures and games, each
    variant against the base, and (after the first strength) each variant's effects under it
    against those under the first."""

    agents: str
    seats: tuple[str, ...]
    rulesets: tuple[RulesetFigures, ...]
    differences: tuple[Difference, ...]
    games: tuple[tuple[str, tuple[GameResult, ...]], ...]  # (the ruleset as shown, its games)
    contrasts: tuple[Difference, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "agents": self.agents,
            "seats": list(self.seats),
            "rulesets": [r.to_json() for r in self.rulesets],
            "differences": [d.to_json() for d in self.differences],
            "outcomes": self.outcomes(),
        }
        if self.contrasts is not None:
            out["contrasts"] = [d.to_json() for d in self.contrasts]
        return out

    def outcomes(self) -> list[dict[str, Any]]:
        return [
            {"ruleset": shown, "games": [outcome(r) for r in games]} for shown, games in self.games
        ]


@dataclass(frozen=True)
class StudyFigures:
    """Everything a study found, the first strength first."""

    version: str
    players: int
    games: int  # per ruleset: the seeds every ruleset finished
    seeds: tuple[int, int]
    max_turns: int
    max_actions: int
    observe_turn: int
    level: float
    horizon: int  # the turn game length is counted up to (game_length.horizon)
    family: Family
    strengths: tuple[StrengthFigures, ...]
    grid: dict[str, list[Any]] | None = None  # a sweep's rules and values
    elapsed_s: float | None = None
    games_per_s: float | None = None
    stopped: dict[str, Any] | None = None  # why a study on a cluster stopped early

    @property
    def first(self) -> StrengthFigures:
        return self.strengths[0]

    @property
    def agent(self) -> str:
        return self.first.agents

    @property
    def rulesets(self) -> tuple[RulesetFigures, ...]:
        return self.first.rulesets

    @property
    def differences(self) -> tuple[Difference, ...]:
        return self.first.differences

    @property
    def broken(self) -> int:
        """Games that broke an invariant, under the first strength."""
        return sum(r.violations for r in self.first.rulesets)

    def comparisons(self) -> Comparisons:
        """What the verdicts read."""
        return Comparisons(
            self.players,
            self.max_turns,
            tuple(
                StrengthComparisons(s.agents, s.differences, s.contrasts or ())
                for s in self.strengths
            ),
        )

    def to_json(self) -> dict[str, Any]:
        """The study as balance.json holds it (tools/lab/balance.schema.json)."""
        first = self.first.to_json()
        found: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version,
            "players": self.players,
            "games": self.games,
            "seeds": list(self.seeds),
            "agent": self.agent,
            "max_turns": self.max_turns,
            "max_actions": self.max_actions,
            "observe_turn": self.observe_turn,
            "elapsed_s": self.elapsed_s,
            "games_per_s": self.games_per_s,
            "statistics": {"level": self.level, "horizon": self.horizon},
            "family": {
                "method": self.family.method,
                "alpha": self.family.alpha,
                "headline_share": self.family.headline_share,
                "comparisons": self.family.comparisons,
                "of": self.family.of,
            }
            | ({"stage": self.family.look.to_json()} if self.family.look else {}),
            # The first strength's figures, as a study of one strength gives them:
            "rulesets": first["rulesets"],
            "differences": first["differences"],
            "outcomes": first["outcomes"],
            # Every strength after the first, each with its own figures and games:
            "strengths": [s.to_json() for s in self.strengths[1:]],
        }
        if self.grid is not None:
            found["grid"] = self.grid
        if self.stopped is not None:
            found["stopped"] = self.stopped
        return found
