"""`riskrules referee`: stream a game record through the engine and stop at the first illegal
or malformed line. Memory stays constant however long the record is."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from ...engine import refusals
from ...engine.actions import RuleViolation
from ...engine.game import Game
from ...engine.record import RecordError, decode_header_line, decode_line
from ...engine.rules import Rules
from ...engine.state import GameState
from ...grammar import __version__
from ...grammar.limits import MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, MAX_RECORD_LINE
from ...grammar.messages import Message, msg
from ...grammar.receipt import ruleset_hash


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
    said: Message | None = None  # why the line is refused, in the reader's language
    notes: list[Message] = field(default_factory=list)
    # What the record's receipt says against this ruleset (another text, an older riskrules).
    warnings: list[Message] = field(default_factory=list)

    @property
    def message(self) -> str | None:
        """Why the line is refused, in English."""
        return self.said.render() if self.said is not None else None

    def to_json(self, lang: str = "en") -> dict[str, object]:
        if self.ok:
            return {
                "ok": True,
                "actions": self.actions,
                "winner": self.winner,
                "turns": self.turns,
                "notes": [note.render(lang) for note in self.notes],
                "warnings": [warning.render(lang) for warning in self.warnings],
            }
        return {
            "ok": False,
            "line": self.line,
            "action": self.action,
            "rule": self.rule,
            "citation": self.citation,
            "message": self.said.render(lang) if self.said is not None else None,
            "actions": self.actions,
            "warnings": [warning.render(lang) for warning in self.warnings],
        }


class _TooLong(bytes):
    """A line that was longer than MAX_RECORD_LINE; only its start was kept."""


def bounded_lines(handle: BinaryIO, limit: int = MAX_RECORD_LINE) -> Iterator[bytes]:
    """The handle's lines, each read with at most `limit` + 1 bytes held in memory. A longer line
    is yielded as `_TooLong` and ends the stream: nothing after it is read, so a line that never
    ends (/dev/zero) costs 100 kB and no time. How much is read in all is the caller's to bound
    (it reads lazily: the referee stops at its limits)."""
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        if len(line) > limit:  # (its newline counts: a line holds at most `limit` bytes)
            yield _TooLong(line[:80])
            return
        yield line


def referee(rules: Rules, lines: Iterable[bytes | str], strict: bool = False) -> Verdict:
    """Check a record line by line against `rules`, reading no further than the first refused
    line or the record limits (MAX_RECORD_LINE, MAX_RECORD_BYTES, MAX_RECORD_ACTIONS). A
    record whose receipt names another text of the ruleset is warned of, or with `strict`
    refused at its header."""
    game = Game(rules)
    stream = iter(lines)
    first = next(stream, None)
    if first is None:
        return Verdict(False, line=1, said=msg("the record is empty: no header line"))
    if (problem := _past_limits(1, first, len(first))) is not None:
        return Verdict(False, line=1, said=problem)
    if not first.strip():
        return Verdict(
            False, line=1, said=msg("the first line is blank: a record opens with its header")
        )
    try:
        head = decode_header_line(_without_bom(first))
    except RecordError as exc:
        return Verdict(False, line=1, said=exc.said)
    ruleset, players, neutrals = head.ruleset, list(head.players), list(head.neutrals)
    try:
        state = game.start(players, neutrals)
    except RuleViolation as exc:
        return _refused(1, None, exc, 0)
    except ValueError as exc:  # the seats do not fit the ruleset (Setup.start says how)
        return Verdict(False, line=1, said=msg("the header's seats: {error}", error=str(exc)))
    if ruleset != rules.name:  # another ruleset's game: its moves prove nothing of this one
        said = msg(
            "the record names the ruleset '{ruleset}', not '{rules}': referee it against the "
            "ruleset it was played under (riskrules referee {ruleset} RECORD, or the path of "
            "its rules file)",
            ruleset=ruleset,
            rules=rules.name,
        )
        return Verdict(False, line=1, said=said)
    warnings = _receipt_warnings(rules, head.riskrules, head.ruleset_hash)
    if strict and warnings:
        return Verdict(False, line=1, said=warnings[0], warnings=warnings)
    notes: list[Message] = []
    names = [seat.name for seat in state.seats]
    count = 0
    read = len(first)
    for number, raw in enumerate(stream, start=2):
        read += len(raw)
        if (problem := _past_limits(number, raw, read)) is not None:
            return Verdict(False, line=number, said=problem, actions=count)
        if not raw.strip():
            continue
        try:
            player, turn, action = decode_line(raw, names)
        except RecordError as exc:
            return Verdict(False, line=number, action=_shown(raw), said=exc.said, actions=count)
        if player != state.seats[state.current].name:
            message = _not_their_move(state, player, names)
            return _refused(number, _shown(raw), game.violation("turn.phases", message), count)
        if turn != state.turn:
            message = msg(
                "the record says turn {turn}, the game is in turn {now}", turn=turn, now=state.turn
            )
            return _refused(number, _shown(raw), game.violation("turn.phases", message), count)
        try:
            state = game.apply(state, action)
        except RuleViolation as exc:
            return _refused(number, _shown(raw), exc, count)
        except ValueError as exc:
            said = msg("{error}", error=str(exc))
            return Verdict(False, line=number, action=_shown(raw), said=said, actions=count)
        count += 1
    winner = state.seats[state.winner].name if state.winner is not None else None
    if state.phase != "over":
        notes.append(msg("the record ends in turn {turn} before the game is over", turn=state.turn))
    return Verdict(
        True, actions=count, winner=winner, turns=state.turn, notes=notes, warnings=warnings
    )


def _receipt_warnings(rules: Rules, version: str | None, digest: str | None) -> list[Message]:
    """What the header's receipt says against this ruleset: played under another text of it
    (the hash differs), or written before records carried one."""
    if digest is None:
        return [
            msg(
                "the record carries no hash of the ruleset it was played under (written before "
                "records carried one): it cannot show that these are the rules it was played by"
            )
        ]
    ours = ruleset_hash(rules.effective)
    if digest == ours:
        return []
    hashes = {"name": rules.name, "theirs": f"{digest[:19]}…", "ours": f"{ours[:19]}…"}
    if version and version != __version__:
        return [
            msg(
                "the record was played by riskrules {version} under another text of '{name}' "
                "(its hash {theirs}, this ruleset's {ours}): a rule may have changed since, so "
                "the verdict is about these rules, not necessarily the game's",
                version=version,
                **hashes,
            )
        ]
    return [
        msg(
            "the record was played under another text of '{name}' (its hash {theirs}, this "
            "ruleset's {ours}): a rule may have changed since, so the verdict is about these "
            "rules, not necessarily the game's",
            **hashes,
        )
    ]


def _not_their_move(state: GameState, player: str, names: list[str]) -> Message:
    """Why a line by `player` is refused when another seat is to move."""
    if player in names:
        return msg(
            "it is {current}'s move ({phase}), not {player}'s",
            current=state.seats[state.current].name,
            phase=refusals.phase(state.phase),
            player=player,
        )
    return msg(
        "'{player}' is not at this table: the header seats {names}",
        player=player,
        names=tuple(names),
    )


def _without_bom(first: bytes | str) -> bytes | str:
    """The header without the byte-order mark some editors put at the start of a file."""
    if isinstance(first, str):
        return first.removeprefix("\ufeff")
    return first.removeprefix(b"\xef\xbb\xbf")


def _past_limits(number: int, raw: bytes | str, read: int) -> Message | None:
    """Why line `number` is not read (it or the record is past a limit), or None."""
    if isinstance(raw, _TooLong) or len(raw) > MAX_RECORD_LINE:
        return msg(
            "the line is longer than {most:,} bytes, the most one line may hold",
            most=MAX_RECORD_LINE,
        )
    if read > MAX_RECORD_BYTES:
        return msg(
            "the record is longer than {most:,} bytes, the most a record may hold (it is not "
            "read further)",
            most=MAX_RECORD_BYTES,
        )
    if number > MAX_RECORD_ACTIONS + 1:
        return msg(
            "the record has more than {most:,} lines after the header, the most a record may "
            "hold (it is not read further)",
            most=MAX_RECORD_ACTIONS,
        )
    return None


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
        said=exc.said,
        actions=count,
    )
