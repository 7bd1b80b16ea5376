"""Mission RISK: the mission deck a ruleset declares, and whether a mission is complete."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..grammar import model as m
from ..grammar.messages import msg
from .actions import ClaimMission
from .relations import Relations
from .rules import Rules
from .state import GameState
from .victory import Victory


@dataclass(frozen=True)
class Mission:
    id: str
    rank: str
    texts: tuple[tuple[str, str], ...]
    goal: m.Expr

    def text(self, lang: str) -> str:
        table = dict(self.texts)
        return table.get(lang) or table.get("en") or self.id


def deck(rules: Rules) -> tuple[Mission, ...]:
    """Every mission `missions.deck.<id>.{rank,text,goal}` of the ruleset, in order."""
    ids: list[str] = []
    for clause in rules.effective.clauses:
        parts = clause.id.split(".")
        if len(parts) == 4 and parts[:2] == ["missions", "deck"] and parts[2] not in ids:
            ids.append(parts[2])
    out = []
    for mid in ids:
        prefix = f"missions.deck.{mid}"
        rank = rules.word(f"{prefix}.rank")
        text = rules.value(f"{prefix}.text")
        texts: tuple[tuple[str, str], ...] = ()
        if isinstance(text, m.Text):
            texts = (("en", text.text),)
        elif isinstance(text, m.Table):
            texts = tuple(
                (str(e.key), inner.text)
                for e in text.entries
                if isinstance(inner := m.strip_assumed(e.value), m.Text)
            )
        goal = rules.value(f"{prefix}.goal")
        if isinstance(goal, (m.Int, m.Bool, m.Name, m.Neg, m.Not, m.BinOp, m.Call)):
            out.append(Mission(mid, rank, texts, goal))
    return tuple(out)


class Missions:
    """Claiming missions during one's own turn."""

    def __init__(self, relations: Relations, victory: Victory) -> None:
        self.rel = relations
        self.rules = relations.rules
        self.victory = victory
        self.deck: dict[str, Mission] = {mi.id: mi for mi in deck(self.rules)}

    def mission_claims(self, state: GameState) -> Iterator[ClaimMission]:
        if not self.deck or not state.missions:
            return
        seat = state.current
        if state.claims >= self.rules.integer("missions.claims_per_turn", 1):
            return
        done = state.completed[seat]
        for mid in state.missions[seat]:
            if mid not in done and self.mission_complete(state, seat, mid):
                yield ClaimMission(mid)

    def mission_complete(self, state: GameState, seat: int, mid: str) -> bool:
        goal = self.deck[mid].goal
        rule = f"missions.deck.{mid}.goal"
        return bool(self.rules.compute(rule, goal, self.victory.position(state, seat)))

    def claim_mission(self, state: GameState, action: ClaimMission) -> GameState:
        seat = state.current
        name = state.seats[seat].name
        if state.phase in ("deal", "missions", "claim", "place", "move_in", "draw", "over"):
            raise self.rel.phase_error(state, msg("claiming a mission"))
        if not state.missions or action.mission not in state.missions[seat]:
            raise self.rel.violation(
                "missions.per_player",
                msg("{name} holds no mission '{mission}'", name=name, mission=action.mission),
            )
        if action.mission in state.completed[seat]:
            raise self.rel.violation(
                "missions.claims_per_turn",
                msg("'{mission}' is already completed", mission=action.mission),
            )
        per_turn = self.rules.integer("missions.claims_per_turn")
        if state.claims >= per_turn:
            raise self.rel.violation(
                "missions.claims_per_turn",
                msg("at most {per_turn} mission(s) may be claimed a turn", per_turn=per_turn),
            )
        self.rules.note(f"missions.deck.{action.mission}.goal")
        if not self.mission_complete(state, seat, action.mission):
            raise self.rel.violation(
                f"missions.deck.{action.mission}.goal",
                msg(
                    "{name} has not done what mission '{mission}' asks",
                    name=name,
                    mission=action.mission,
                ),
            )
        completed = list(state.completed)
        completed[seat] = (*completed[seat], action.mission)
        state = state.evolve(completed=tuple(completed), claims=state.claims + 1)
        if self.victory.has_won(state, seat):
            self.rules.note("victory")
            return state.evolve(phase="over", winner=seat)
        return state

    def revealed(self, state: GameState, seat: int) -> str | None:
        """The last mission, shown to everyone once the others are done."""
        after = self.rules.integer("missions.reveal_after", 0)
        done = state.completed[seat]
        if after and len(done) >= after:
            left = [mi for mi in state.missions[seat] if mi not in done]
            return left[0] if left else None
        return None
