"""`riskrules referee`: stream a game record through the engine and stop at the first illegal
or malformed line. Memory stays constant however long the record is."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from ...engine.actions import RuleViolation
from ...engine.game import Game
from ...engine.record import RecordError, decode_header, decode_line
from ...engine.rules import Rules
from ...grammar.limits import MAX_RECORD_LINE


@dataclass
class Verdict:
    ok: bool
    actions: int = 0
    winner: str | None = None
    turns: int = 0
    line: int | None = None
    action: Any = None
    rule: str | None = None
    citation: dict[str, object] | None = None
    message: str | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        if self.ok:
            return {
                "ok": True,
                "actions": self.actions,
                "winner": self.winner,
                "turns": self.turns,
                "notes": self.notes,
            }
        return {
            "ok": False,
            "line": self.line,
            "action": self.action,
            "rule": self.rule,
            "citation": self.citation,
            "message": self.message,
            "actions": self.actions,
        }


class _TooLong(bytes):
    """A line that was longer than MAX_RECORD_LINE; only its start was kept."""


def bounded_lines(handle: BinaryIO, limit: int = MAX_RECORD_LINE) -> Iterator[bytes]:
    """The handle's lines, each read with at most `limit` bytes held in memory: a longer line is
    skipped in chunks and yielded as `_TooLong`, so a 50 MB line costs 100 kB, not gigabytes."""
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while True:  # the rest of the long line, in chunks, kept nowhere
            rest = handle.readline(limit)
            if not rest or rest.endswith(b"\n"):
                break
        yield _TooLong(line[:80])


def referee(rules: Rules, lines: Iterable[bytes | str]) -> Verdict:
    """Check a record line by line against `rules`."""
    game = Game(rules)
    stream = iter(lines)
    first = next(stream, None)
    if first is None:
        return Verdict(False, line=1, message="the record is empty: no header line")
    if isinstance(first, _TooLong):
        return Verdict(False, line=1, message=f"line 1 is longer than {MAX_RECORD_LINE:,} bytes")
    try:
        ruleset, players, neutrals = decode_header(first)
        state = game.start(players, neutrals)
    except RecordError as exc:
        return Verdict(False, line=1, message=f"bad header: {exc}")
    except RuleViolation as exc:
        return _refused(1, None, exc, 0)
    notes = (
        []
        if ruleset == rules.name
        else [f"recorded under '{ruleset}', checked against '{rules.name}'"]
    )
    names = [seat.name for seat in state.seats]
    count = 0
    for number, raw in enumerate(stream, start=2):
        if isinstance(raw, _TooLong):
            message = f"the line is longer than {MAX_RECORD_LINE:,} bytes"
            return Verdict(False, line=number, message=message, actions=count)
        if not raw.strip():
            continue
        try:
            player, turn, action = decode_line(raw, names)
        except RecordError as exc:
            return Verdict(False, line=number, action=_shown(raw), message=str(exc), actions=count)
        current = state.seats[state.current].name
        if player != current:
            message = f"it is {current}'s move ({state.phase}), not {player}'s"
            return _refused(number, _shown(raw), game.violation("turn.phases", message), count)
        if turn != state.turn:
            message = f"the record says turn {turn}, the game is in turn {state.turn}"
            return _refused(number, _shown(raw), game.violation("turn.phases", message), count)
        try:
            state = game.apply(state, action)
        except RuleViolation as exc:
            return _refused(number, _shown(raw), exc, count)
        except ValueError as exc:
            return Verdict(False, line=number, action=_shown(raw), message=str(exc), actions=count)
        count += 1
    winner = state.seats[state.winner].name if state.winner is not None else None
    if state.phase != "over":
        notes.append(f"the record ends in turn {state.turn} before the game is over")
    return Verdict(True, actions=count, winner=winner, turns=state.turn, notes=notes)


def _shown(raw: bytes | str) -> Any:
    """The refused line as JSON, for the verdict (read again only when a line is refused)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


def _refused(number: int, obj: Any, exc: RuleViolation, count: int) -> Verdict:
    return Verdict(
        False,
        line=number,
        action=obj,
        rule=exc.rule,
        citation=exc.citation.to_json() if exc.citation else None,
        message=exc.message,
        actions=count,
    )
