"""Game records: one JSON object a line, the header first, then one action a line.

Converting between actions and their JSON form is pure; reading and writing files is the
tools' business (tools/compliance/referee.py, tools/lab/simulate.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Any, Final, Literal, get_args

from msgspec import DecodeError, Meta, Struct, ValidationError, field, json

from ..grammar.messages import Message, msg
from .actions import (
    Action,
    AllyReinforce,
    AssignMissions,
    Attack,
    Bribe,
    ChooseCapital,
    Claim,
    ClaimMission,
    Deal,
    Draw,
    EndAttack,
    EndPhase,
    EndTurn,
    Fortify,
    MoveIn,
    Place,
    StartRoll,
    StatusRoll,
    TakeCards,
    Trade,
)
from .state import GameState

FORMAT: Final = "riskrules-record"
VERSION: Final = 1

# The record format, written once: these Structs decode and validate a line (msgspec, in C),
# encode the lines the simulator writes, and generate the JSON Schema shipped beside this
# module (record.schema.json; tests/test_records.py checks it is current).
Name = Annotated[str, Meta(min_length=1)]
Die = Annotated[int, Meta(ge=1, le=6)]
Dice = Annotated[list[Die], Meta(min_length=1)]
Card = Annotated[int, Meta(ge=0)]


class Header(Struct, frozen=True, forbid_unknown_fields=False):
    """Line 1: what the record is, under which ruleset, and who sits where."""

    format: Literal["riskrules-record"]
    version: Literal[1]
    ruleset: Name
    players: Annotated[list[Name], Meta(min_length=1)]
    neutrals: list[Name] = []
    seed: int | None = None
    agents: list[Name] = []  # each player's built-in agent, when a simulation seated a mix
    # The receipt: which riskrules wrote the record, and the hash of the ruleset's effective
    # text it was played under (grammar/receipt.py); absent in records written before them.
    riskrules: str | None = None
    ruleset_hash: Annotated[str, Meta(pattern="^sha256:[0-9a-f]{64}$")] | None = None


class Line(Struct, frozen=True, kw_only=True, tag_field="action"):
    """Every further line: the turn (0 during the setup), the seat that acts, the action."""

    turn: Annotated[int, Meta(ge=0)]
    player: Name


class DealLine(Line, frozen=True, tag="deal"):
    hands: dict[str, list[Card]]


class MissionsLine(Line, frozen=True, tag="draw_missions"):
    missions: dict[str, list[str]]


class ClaimLine(Line, frozen=True, tag="claim"):
    territory: Name


class PlaceLine(Line, frozen=True, tag="place"):
    territory: Name
    armies: int


class TradeLine(Line, frozen=True, tag="trade", omit_defaults=True):
    cards: Annotated[list[Card], Meta(min_length=3, max_length=3)]
    kind: str | None = None
    # The held territory shown on the set that gets cards.territory_bonus (whenever earned).
    bonus: str | None = None


class AttackLine(Line, frozen=True, tag="attack"):
    source: Name = field(name="from")
    target: Name = field(name="to")
    attacker_dice: Dice
    defender_dice: Dice


class MoveInLine(Line, frozen=True, tag="move_in"):
    armies: int


class EndAttackLine(Line, frozen=True, tag="end_attack"):
    pass


class FortifyLine(Line, frozen=True, tag="fortify"):
    source: Name = field(name="from")
    target: Name = field(name="to")
    armies: int


class DrawLine(Line, frozen=True, tag="draw"):
    card: Card


class EndTurnLine(Line, frozen=True, tag="end_turn"):
    pass


class BribeLine(Line, frozen=True, tag="bribe"):
    neutral: Name
    card: Card


class AllyReinforceLine(Line, frozen=True, tag="ally_reinforce"):
    neutral: Name
    die: Die


class StatusRollLine(Line, frozen=True, tag="status_roll"):
    neutral: Name
    die: Die


class ClaimMissionLine(Line, frozen=True, tag="claim_mission"):
    mission: Name


class EndPhaseLine(Line, frozen=True, tag="end_phase"):
    pass


class ChooseCapitalLine(Line, frozen=True, tag="choose_capital"):
    territory: Name


class TakeCardsLine(Line, frozen=True, tag="take_cards"):
    """The cards of an eliminated neutral army its conqueror takes (the rest are discarded)."""

    cards: list[Card]


class StartRollLine(Line, frozen=True, tag="start_roll"):
    """The roll after the setup for the first turn: each round the dice of those rolling (every
    player, then those tied at the top), by name."""

    rounds: Annotated[list[Annotated[dict[Name, Die], Meta(min_length=1)]], Meta(min_length=1)]


ActionLine = (
    DealLine | MissionsLine | ClaimLine | PlaceLine | TradeLine | AttackLine | MoveInLine
    | EndAttackLine | FortifyLine | DrawLine | EndTurnLine | BribeLine | AllyReinforceLine
    | StatusRollLine | ClaimMissionLine | EndPhaseLine | ChooseCapitalLine | StartRollLine
    | TakeCardsLine
)  # fmt: skip
ACTIONS = tuple(str(kind.__struct_config__.tag) for kind in get_args(ActionLine))
_HEADER = json.Decoder(Header)
_LINE = json.Decoder(ActionLine)
_ENCODER = json.Encoder()


class RecordError(Exception):
    """A line that is not a well-formed record line: bad JSON, an unknown action, a field
    missing or of the wrong type, a die that is not 1 to 6. `said` is said in the reader's
    language; where it repeats the JSON reader's own words, those are English."""

    def __init__(self, said: Message | str) -> None:
        self.said = said if isinstance(said, Message) else msg("{error}", error=said)
        super().__init__(self.said.render())


def schema() -> dict[str, Any]:
    """The JSON Schema of a record line (a header or an action), from the Structs above."""
    (head, line), definitions = json.schema_components(
        [Header, ActionLine], ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{FORMAT}-v{VERSION}",
        "title": f"riskrules game record, version {VERSION} (one JSON object a line)",
        "description": "The first line is a header; every further line is one action.",
        "oneOf": [head, line],
        "$defs": definitions,
    }


def header(
    ruleset: str,
    players: list[str],
    neutrals: list[str],
    seed: int | None,
    agents: list[str] | None = None,
    receipt: tuple[str, str] | None = None,
) -> Header:
    """The header line; `receipt`: (riskrules' version, the ruleset's hash)."""
    version, digest = receipt if receipt is not None else (None, None)
    return Header(FORMAT, VERSION, ruleset, players, neutrals, seed, agents or [], version, digest)


def encode(line: Header | Line) -> bytes:
    """One line of a record (without its newline)."""
    return _ENCODER.encode(line)


def decode_header(raw: bytes | str) -> tuple[str, list[str], list[str]]:
    """(ruleset, players, neutrals) from a header line, or RecordError."""
    found = decode_header_line(raw)
    return found.ruleset, list(found.players), list(found.neutrals)


def decode_header_line(raw: bytes | str) -> Header:
    """The whole header line (its receipt too), or RecordError."""
    try:
        found = _HEADER.decode(raw)
    except ValidationError as exc:  # (a DecodeError too: this one first)
        text = str(exc)
        if "`$.format`" in text or ("`$`" in text and "`format`" in text):
            raise RecordError(
                msg("not a riskrules record: 'format' must be \"{format}\"", format=FORMAT)
            ) from None
        if "`$.version`" in text:
            raise RecordError(
                msg("unsupported record version (this reads {version})", version=VERSION)
            ) from None
        raise RecordError(_header_explained(text)) from None
    except DecodeError as exc:
        raise RecordError(
            msg("the header is not JSON: {malformed}", malformed=_malformed(exc))
        ) from None
    except RecursionError:
        raise RecordError(msg("the header is not a record line: nested too deeply")) from None
    return found


def _header_explained(text: str) -> str:
    """msgspec's validation message for a header, in the words of the record format."""
    missing = re.match(r"Object missing required field `(\w+)`", text)
    if missing:
        return f"the header has no '{missing.group(1)}'"
    where = re.search(r"at `\$\.(\w+)(\[\d+\])?`", text)
    if where is None:
        return "the header must be a JSON object" if "Expected `object`" in text else text
    name, item = where.groups()
    if name in ("players", "neutrals"):
        if item is None and "length >= 1" in text:
            return "the header's 'players' names no one"
        return f'the header\'s \'{name}\' must be a list of names, such as ["red", "blue"]'
    return f"the header's '{name}': {text.split(' - at ')[0]}"


def decode_line(raw: bytes | str, seats: list[str]) -> tuple[str, int, Action]:
    """(the acting player's name, the turn, the action) from a record line, or RecordError."""
    try:
        line = _LINE.decode(raw)
    except ValidationError as exc:  # (a DecodeError too: this one first)
        raise RecordError(_explained(str(exc), _action_named(raw))) from None
    except DecodeError as exc:
        raise RecordError(msg("not JSON: {malformed}", malformed=_malformed(exc))) from None
    except RecursionError:
        raise RecordError(msg("not a record line: nested too deeply")) from None
    return line.player, line.turn, _action(line, seats)


def _malformed(exc: DecodeError) -> str:
    return str(exc).removeprefix("JSON is malformed: ")


def _action_named(raw: bytes | str) -> object:
    """The `action` a line names, read again only to word an error (the slow path)."""
    import json as plain

    try:
        obj = plain.loads(raw)
    except (ValueError, RecursionError):
        return None
    return obj.get("action") if isinstance(obj, dict) else None


def _explained(text: str, action: object) -> str:
    """msgspec's validation message in the words of the record format."""
    missing = re.match(r"Object missing required field `(\w+)`", text)
    where = re.search(r"at `\$\.(\w+)(?:\[[^`]*\])?`", text)
    name = where.group(1) if where else None
    if missing:
        field_name = missing.group(1)
        if field_name in ("action", "turn", "player") or action is None:
            return f"the line has no '{field_name}'"
        return f"'{action}' needs the field '{field_name}'"
    if name == "action":
        return f"unknown action {action!r}; one of: {', '.join(ACTIONS)}"
    if name in ("attacker_dice", "defender_dice", "die", "rounds") and re.search(
        r"[<>]= ?[16]", text
    ):
        return f"'{name}' holds a number that is not a die: a die shows 1 to 6"
    if "Expected `object`" in text and name is None:
        return "each line after the header must be a JSON object"
    if name is not None:
        return f"'{name}': {text.split(' - at ')[0]}"
    return text


def to_json(state: GameState, action: Action) -> Line:
    """The record line for `action`, taken in `state` (chance parts must be filled in)."""
    turn, player = state.turn, state.seats[state.current].name
    names = [s.name for s in state.seats]
    if isinstance(action, Deal):
        assert action.hands is not None
        hands = {names[i]: list(h) for i, h in enumerate(action.hands)}
        return DealLine(turn=turn, player=player, hands=hands)
    if isinstance(action, AssignMissions):
        assert action.missions is not None
        players = [s.name for s in state.seats if not s.neutral]
        missions = {players[i]: list(m) for i, m in enumerate(action.missions)}
        return MissionsLine(turn=turn, player=player, missions=missions)
    if isinstance(action, Claim):
        return ClaimLine(turn=turn, player=player, territory=action.territory)
    if isinstance(action, Place):
        return PlaceLine(turn=turn, player=player, territory=action.territory, armies=action.armies)
    if isinstance(action, Trade):
        return TradeLine(
            turn=turn, player=player, cards=list(action.cards), kind=action.kind,
            bonus=action.bonus,
        )  # fmt: skip
    if isinstance(action, Attack):
        assert action.rolls is not None
        return AttackLine(
            turn=turn,
            player=player,
            source=action.source,
            target=action.target,
            attacker_dice=list(action.rolls[0]),
            defender_dice=list(action.rolls[1]),
        )
    if isinstance(action, MoveIn):
        return MoveInLine(turn=turn, player=player, armies=action.armies)
    if isinstance(action, EndAttack):
        return EndAttackLine(turn=turn, player=player)
    if isinstance(action, Fortify):
        return FortifyLine(
            turn=turn, player=player, source=action.source, target=action.target,
            armies=action.armies,
        )  # fmt: skip
    if isinstance(action, Draw):
        assert action.card is not None
        return DrawLine(turn=turn, player=player, card=action.card)
    if isinstance(action, EndTurn):
        return EndTurnLine(turn=turn, player=player)
    if isinstance(action, Bribe):
        return BribeLine(turn=turn, player=player, neutral=action.neutral, card=action.card)
    if isinstance(action, AllyReinforce):
        assert action.die is not None
        return AllyReinforceLine(turn=turn, player=player, neutral=action.neutral, die=action.die)
    if isinstance(action, StatusRoll):
        assert action.die is not None
        return StatusRollLine(turn=turn, player=player, neutral=action.neutral, die=action.die)
    if isinstance(action, ClaimMission):
        return ClaimMissionLine(turn=turn, player=player, mission=action.mission)
    if isinstance(action, EndPhase):
        return EndPhaseLine(turn=turn, player=player)
    if isinstance(action, ChooseCapital):
        return ChooseCapitalLine(turn=turn, player=player, territory=action.territory)
    if isinstance(action, TakeCards):
        return TakeCardsLine(turn=turn, player=player, cards=list(action.cards))
    if isinstance(action, StartRoll):
        assert action.rounds is not None
        rounds = [dict(round_) for round_ in action.rounds]
        return StartRollLine(turn=turn, player=player, rounds=rounds)
    raise ValueError(f"not an action: {action!r}")


def _action(line: Line, seats: list[str]) -> Action:
    """The engine's action for a decoded line."""
    if isinstance(line, DealLine):
        _seated("deal", line.hands, seats)
        missing = [s for s in seats if s not in line.hands]
        if missing:
            raise RecordError(msg("'deal' gives no cards to '{missing}'", missing=missing[0]))
        return Deal(tuple(tuple(line.hands[s]) for s in seats))
    if isinstance(line, MissionsLine):
        _seated("draw_missions", line.missions, seats)
        return AssignMissions(tuple(tuple(line.missions[s]) for s in seats if s in line.missions))
    if isinstance(line, ClaimLine):
        return Claim(line.territory)
    if isinstance(line, PlaceLine):
        return Place(line.territory, line.armies)
    if isinstance(line, TradeLine):
        return Trade((line.cards[0], line.cards[1], line.cards[2]), line.kind, line.bonus)
    if isinstance(line, AttackLine):
        rolls = (tuple(line.attacker_dice), tuple(line.defender_dice))
        return Attack(line.source, line.target, len(rolls[0]), len(rolls[1]), rolls)
    if isinstance(line, MoveInLine):
        return MoveIn(line.armies)
    if isinstance(line, EndAttackLine):
        return EndAttack()
    if isinstance(line, FortifyLine):
        return Fortify(line.source, line.target, line.armies)
    if isinstance(line, DrawLine):
        return Draw(line.card)
    if isinstance(line, EndTurnLine):
        return EndTurn()
    if isinstance(line, BribeLine):
        return Bribe(line.neutral, line.card)
    if isinstance(line, AllyReinforceLine):
        return AllyReinforce(line.neutral, line.die)
    if isinstance(line, StatusRollLine):
        return StatusRoll(line.neutral, line.die)
    if isinstance(line, ClaimMissionLine):
        return ClaimMission(line.mission)
    if isinstance(line, ChooseCapitalLine):
        return ChooseCapital(line.territory)
    if isinstance(line, TakeCardsLine):
        return TakeCards(tuple(line.cards))
    if isinstance(line, StartRollLine):
        for round_ in line.rounds:
            _seated("start_roll", round_, seats)
        return StartRoll(tuple(tuple(round_.items()) for round_ in line.rounds))
    return EndPhase()


def _seated(action: str, named: Iterable[str], seats: list[str]) -> None:
    """RecordError if a line gives something to a name that is not at the table."""
    stranger = next((name for name in named if name not in seats), None)
    if stranger is not None:
        raise RecordError(
            msg(
                "'{action}' names '{stranger}', who is not at this table ({seats})",
                action=action,
                stranger=stranger,
                seats=", ".join(seats),
            )
        )


if __name__ == "__main__":  # python -m riskrules.engine.record > engine/record.schema.json
    import json as plain

    print(plain.dumps(schema(), indent=2, ensure_ascii=False))
