"""Game records: one JSON object a line, the header first, then one action a line.

Converting between actions and their JSON form is pure; reading and writing files is the
tools' business (tools/referee.py, tools/simulate.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import (
    Action,
    AllyReinforce,
    AssignMissions,
    Attack,
    Bribe,
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
    StatusRoll,
    Trade,
)
from .state import GameState

FORMAT = "riskrules-record"
VERSION = 1

ACTIONS = (
    "deal", "draw_missions", "claim", "place", "trade", "attack", "move_in", "end_attack",
    "fortify", "draw", "end_turn", "bribe", "ally_reinforce", "status_roll", "claim_mission",
    "end_phase",
)  # fmt: skip


class RecordError(Exception):
    """A line that is not a well-formed record line: bad JSON, an unknown action, a field
    missing or of the wrong type, a die that is not 1 to 6."""


def header(
    ruleset: str, players: list[str], neutrals: list[str], seed: int | None
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset,
        "players": players,
        "neutrals": neutrals,
        "seed": seed,
    }


def check_header(obj: Any) -> tuple[str, list[str], list[str]]:
    """(ruleset, players, neutrals) from a header line, or RecordError."""
    if not isinstance(obj, dict):
        raise RecordError("the first line must be the record's header object")
    if obj.get("format") != FORMAT:
        raise RecordError(f"not a riskrules record: 'format' must be \"{FORMAT}\"")
    version = obj.get("version")
    if type(version) is not int or version != VERSION:  # `true` is not version 1
        raise RecordError(
            f"unsupported record version {obj.get('version')!r} (this reads {VERSION})"
        )
    ruleset = obj.get("ruleset")
    players = obj.get("players")
    neutrals = obj.get("neutrals", [])
    if not isinstance(ruleset, str) or not ruleset:
        raise RecordError("the header needs 'ruleset', a ruleset name")
    if not _names(players) or not players:
        raise RecordError("the header needs 'players', a list of names")
    if not _names(neutrals):
        raise RecordError("'neutrals' must be a list of names")
    return ruleset, list(players), list(neutrals)


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and v for v in value)


def to_json(state: GameState, action: Action) -> dict[str, Any]:
    """The record line for `action`, taken in `state` (chance parts must be filled in)."""
    out: dict[str, Any] = {"turn": state.turn, "player": state.seats[state.current].name}
    names = [s.name for s in state.seats]
    if isinstance(action, Deal):
        assert action.hands is not None
        out.update(action="deal", hands={names[i]: list(h) for i, h in enumerate(action.hands)})
    elif isinstance(action, AssignMissions):
        assert action.missions is not None
        players = [s.name for s in state.seats if not s.neutral]
        out.update(
            action="draw_missions",
            missions={players[i]: list(m) for i, m in enumerate(action.missions)},
        )
    elif isinstance(action, Claim):
        out.update(action="claim", territory=action.territory)
    elif isinstance(action, Place):
        out.update(action="place", territory=action.territory, armies=action.armies)
    elif isinstance(action, Trade):
        out.update(action="trade", cards=list(action.cards))
        if action.kind is not None:
            out["kind"] = action.kind
    elif isinstance(action, Attack):
        assert action.rolls is not None
        out.update(
            action="attack",
            **{"from": action.source, "to": action.target},
            attacker_dice=list(action.rolls[0]),
            defender_dice=list(action.rolls[1]),
        )
    elif isinstance(action, MoveIn):
        out.update(action="move_in", armies=action.armies)
    elif isinstance(action, EndAttack):
        out.update(action="end_attack")
    elif isinstance(action, Fortify):
        out.update(
            action="fortify", **{"from": action.source, "to": action.target}, armies=action.armies
        )
    elif isinstance(action, Draw):
        out.update(action="draw", card=action.card)
    elif isinstance(action, EndTurn):
        out.update(action="end_turn")
    elif isinstance(action, Bribe):
        out.update(action="bribe", neutral=action.neutral, card=action.card)
    elif isinstance(action, AllyReinforce):
        out.update(action="ally_reinforce", neutral=action.neutral, die=action.die)
    elif isinstance(action, StatusRoll):
        out.update(action="status_roll", neutral=action.neutral, die=action.die)
    elif isinstance(action, ClaimMission):
        out.update(action="claim_mission", mission=action.mission)
    elif isinstance(action, EndPhase):
        out.update(action="end_phase")
    return out


def _field(obj: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in obj:
        raise RecordError(f"'{obj.get('action')}' needs the field '{name}'")
    value = obj[name]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise RecordError(f"'{name}' must be a whole number, not {value!r}")
    if kind is str and (not isinstance(value, str) or not value):
        raise RecordError(f"'{name}' must be a name, not {value!r}")
    return value


def _die(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise RecordError(f"'{name}' holds {value!r}: a die shows 1 to 6")
    return value


def _dice(obj: Mapping[str, Any], name: str) -> tuple[int, ...]:
    value = obj.get(name)
    if not isinstance(value, list) or not value:
        raise RecordError(f"'attack' needs '{name}', the dice as rolled (a list of 1 to 6)")
    return tuple(_die(d, name) for d in value)


def _ints(obj: Mapping[str, Any], name: str) -> tuple[int, ...]:
    value = obj.get(name)
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise RecordError(f"'{obj.get('action')}' needs '{name}', a list of card numbers")
    return tuple(value)


def from_json(obj: Any, seats: list[str]) -> tuple[str, Action]:
    """(the acting player's name, the action) from a record line, or RecordError."""
    if not isinstance(obj, dict):
        raise RecordError("each line after the header must be a JSON object")
    kind = obj.get("action")
    if kind not in ACTIONS:
        hint = ", ".join(ACTIONS)
        raise RecordError(f"unknown action {kind!r}; one of: {hint}")
    player = _field(obj, "player", str)
    _field(obj, "turn", int)
    action: Action
    if kind == "deal":
        hands = obj.get("hands")
        if not isinstance(hands, dict):
            raise RecordError("'deal' needs 'hands': the cards dealt to each seat")
        action = Deal(tuple(tuple(_ints(hands, s)) for s in seats if s in hands or _missing(s)))
    elif kind == "draw_missions":
        missions = obj.get("missions")
        if not isinstance(missions, dict) or not all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in missions.values()
        ):
            raise RecordError("'draw_missions' needs 'missions': each player's mission ids")
        action = AssignMissions(tuple(tuple(missions[s]) for s in seats if s in missions))
    elif kind == "claim":
        action = Claim(_field(obj, "territory", str))
    elif kind == "place":
        action = Place(_field(obj, "territory", str), _field(obj, "armies", int))
    elif kind == "trade":
        cards = _ints(obj, "cards")
        if len(cards) != 3:
            raise RecordError("'trade' needs 'cards', three card numbers")
        kind_name = obj.get("kind")
        if kind_name is not None and not isinstance(kind_name, str):
            raise RecordError("'kind' must be a set kind such as \"mixed\"")
        action = Trade((cards[0], cards[1], cards[2]), kind_name)
    elif kind == "attack":
        attack, defence = _dice(obj, "attacker_dice"), _dice(obj, "defender_dice")
        action = Attack(
            _field(obj, "from", str),
            _field(obj, "to", str),
            len(attack),
            len(defence),
            (attack, defence),
        )
    elif kind == "move_in":
        action = MoveIn(_field(obj, "armies", int))
    elif kind == "end_attack":
        action = EndAttack()
    elif kind == "fortify":
        action = Fortify(
            _field(obj, "from", str), _field(obj, "to", str), _field(obj, "armies", int)
        )
    elif kind == "draw":
        action = Draw(_field(obj, "card", int))
    elif kind == "end_turn":
        action = EndTurn()
    elif kind == "bribe":
        action = Bribe(_field(obj, "neutral", str), _field(obj, "card", int))
    elif kind == "ally_reinforce":
        action = AllyReinforce(_field(obj, "neutral", str), _die(obj.get("die"), "die"))
    elif kind == "status_roll":
        action = StatusRoll(_field(obj, "neutral", str), _die(obj.get("die"), "die"))
    elif kind == "claim_mission":
        action = ClaimMission(_field(obj, "mission", str))
    else:
        action = EndPhase()
    return player, action


def _missing(seat: str) -> bool:
    raise RecordError(f"'deal' gives no cards to '{seat}'")
