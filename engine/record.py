"""Game records: one JSON object a line, the header first, then one action a line.

Converting between actions and their JSON form is pure; reading and writing files is the
tools' business (tools/compliance/referee.py, tools/lab/simulate.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Annotated, Any, Final, Literal, NamedTuple, Union, cast, get_args

from msgspec import NODEFAULT, DecodeError, Meta, Struct, ValidationError, defstruct, field, json

from ..grammar.messages import Message, msg
from .actions import Action, AssignMissions, StartRoll, TakeCards
from .plain import Plain
from .state import GameState

FORMAT: Final = "riskrules-record"
VERSION: Final = 1

# The record format, written once: the Structs below, one a line (the header, and one for each of
# the engine's actions, made from its class and PARTS), decode and validate a line (msgspec, in
# C), encode the lines the simulator writes, and generate the JSON Schema shipped beside this
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


class Part(NamedTuple):
    """How one field of an engine's action is written in a record line."""

    type: Any  # the line's field's type; None: the field is not written, but read from others
    # (the action, the state it is taken in) -> its JSON; None: the value as it is
    encode: Callable[[Any, GameState], object] | None
    decode: Callable[[Any, list[str]], object]  # (the decoded line, the seats) -> the value
    name: str = ""  # the line's name for it, when not the engine's
    default: object = NODEFAULT  # the line's field may be left out, meaning this


def _plain(field_name: str, kind: Any, default: object = NODEFAULT) -> Part:
    """A field written as it is (a name, a number)."""
    get = attrgetter(field_name)
    return Part(kind, None, lambda line, _: get(line), default=default)


def _listed(field_name: str, kind: Any) -> Part:
    """A tuple of the engine, a list in the record."""
    get = attrgetter(field_name)
    return Part(kind, lambda a, _: list(get(a)), lambda line, _: tuple(get(line)))


def _by_seat(action: str, field_name: str, kind: Any, players_only: bool) -> Part:
    """One value for each seat (or each player), written by the seat's name."""
    get = attrgetter(field_name)

    def written(a: Any, state: GameState) -> dict[str, list[Any]] | None:
        values = get(a)
        if values is None:
            return None  # chance has not filled it in
        names = [s.name for s in state.seats if not (players_only and s.neutral)]
        return {names[i]: list(v) for i, v in enumerate(values)}

    def read(line: Any, seats: list[str]) -> tuple[tuple[Any, ...], ...]:
        named = get(line)
        _seated(action, named, seats)
        if not players_only:
            missing = [s for s in seats if s not in named]
            if missing:
                raise RecordError(msg("'deal' gives no cards to '{missing}'", missing=missing[0]))
        return tuple(tuple(named[s]) for s in seats if s in named)

    return Part(kind, written, read)


def _rounds(line: Any, seats: list[str]) -> tuple[tuple[tuple[str, int], ...], ...]:
    for round_ in line.rounds:
        _seated("start_roll", round_, seats)
    return tuple(tuple(round_.items()) for round_ in line.rounds)


def _dice(side: int, field_name: str) -> Part:
    """An attack's dice: the count in the engine's action, the faces (its rolls) in the line."""
    get = attrgetter(field_name)

    def written(a: Any, _: GameState) -> list[int] | None:
        return None if a.rolls is None else list(a.rolls[side])

    return Part(Dice, written, lambda line, _: len(get(line)))


# Every field of the engine's actions, by name ("Class.field" where one class writes it its own
# way): the record format, written once.
PARTS: Final[dict[str, Part]] = {
    "territory": _plain("territory", Name),
    "armies": _plain("armies", int),
    "neutral": _plain("neutral", Name),
    "mission": _plain("mission", Name),
    "card": _plain("card", Card),
    "die": _plain("die", Die),
    "kind": _plain("kind", str | None, None),
    # The held territory shown on the set that gets cards.territory_bonus (whenever earned).
    "bonus": _plain("bonus", str | None, None),
    "source": _plain("source", Name)._replace(name="from"),
    "target": _plain("target", Name)._replace(name="to"),
    "attacker_dice": _dice(0, "attacker_dice"),
    "defender_dice": _dice(1, "defender_dice"),
    "rolls": Part(
        None, None, lambda line, _: (tuple(line.attacker_dice), tuple(line.defender_dice))
    ),
    "hands": _by_seat("deal", "hands", dict[str, list[Card]], players_only=False),
    "missions": _by_seat("draw_missions", "missions", dict[str, list[str]], players_only=True),
    "cards": _listed("cards", list[Card]),
    "Trade.cards": _listed("cards", Annotated[list[Card], Meta(min_length=3, max_length=3)]),
    "rounds": Part(
        Annotated[list[Annotated[dict[Name, Die], Meta(min_length=1)]], Meta(min_length=1)],
        lambda a, _: None if a.rounds is None else [dict(round_) for round_ in a.rounds],
        _rounds,
    ),
}
# The line's name and tag where they are not the engine's class's, and the lines described.
NAMED: Final[dict[type[Plain], tuple[str, str]]] = {
    AssignMissions: ("MissionsLine", "draw_missions")
}
DESCRIBED: Final[dict[type[Plain], str]] = {
    TakeCards: "The cards of an eliminated neutral army its conqueror takes (the rest are "
    "discarded).",
    StartRoll: "The roll after the setup for the first turn: each round the dice of those rolling "
    "(every\nplayer, then those tied at the top), by name.",
}


def _tag(kind: type[Plain]) -> str:
    """The action's name in a record: its class's, in snake case (MoveIn: move_in)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()


def _parts(kind: type[Plain]) -> list[tuple[str, Part]]:
    return [(f, PARTS.get(f"{kind.__name__}.{f}") or PARTS[f]) for f in kind.FIELDS]


def _line_type(kind: type[Plain]) -> type[Line]:
    """The Struct of the action's line, made from the engine's class and PARTS."""
    name, tag = NAMED.get(kind, (f"{kind.__name__}Line", _tag(kind)))
    fields = [
        (f, part.type, field(name=part.name or None, default=part.default))
        for f, part in _parts(kind)
        if part.type is not None
    ]
    namespace = {"__doc__": DESCRIBED[kind]} if kind in DESCRIBED else {}
    made = defstruct(
        name, fields, bases=(Line,), module=__name__, namespace=namespace, tag=tag,
        frozen=True, omit_defaults=True,
    )  # fmt: skip
    return cast("type[Line]", made)


# The lines, in the engine's order of its actions: an action's line, and a line type's reading.
LINES: Final[dict[type[Plain], type[Line]]] = {kind: _line_type(kind) for kind in get_args(Action)}


def _as_it_is(field_name: str) -> Callable[[Any, GameState], object]:
    get = attrgetter(field_name)
    return lambda a, _: get(a)


def _encoder(kind: type[Plain]) -> Callable[[Any, GameState], Sequence[object]]:
    """The values of an action's line, in its order: most actions' fields as they are, read
    together in C (attrgetter), which a game's record writes a line for each action."""
    parts = [(f, p) for f, p in _parts(kind) if p.type is not None]
    if any(p.encode is not None for _, p in parts):
        each = [p.encode or _as_it_is(f) for f, p in parts]
        return lambda a, state: [encode(a, state) for encode in each]
    if len(parts) == 1:
        one = attrgetter(parts[0][0])
        return lambda a, _: (one(a),)
    together = attrgetter(*[f for f, _ in parts]) if parts else lambda _: ()
    return lambda a, _: together(a)


# An action's line, the values of its fields, and whether one may write None (a field with a
# default): in the others, None is a chance part not filled in.
_WRITE: Final = {
    kind: (line, _encoder(kind), any(p.default is not NODEFAULT for _, p in _parts(kind)))
    for kind, line in LINES.items()
}
_READ: Final = {line: (kind, [p.decode for _, p in _parts(kind)]) for kind, line in LINES.items()}
ActionLine = Union[tuple(LINES.values())]  # type: ignore[valid-type]  # noqa: UP007
ACTIONS = tuple(str(kind.__struct_config__.tag) for kind in LINES.values())
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
    found = _WRITE.get(type(action))
    if found is None:
        raise ValueError(f"not an action: {action!r}")
    line, encode, none_written = found
    values = encode(action, state)
    if not none_written and None in values:
        raise ValueError(f"the chance part of {action!r} is not filled in")
    return line(*values, turn=state.turn, player=state.seats[state.current].name)


def _action(line: Line, seats: list[str]) -> Action:
    """The engine's action for a decoded line."""
    kind, parts = _READ[type(line)]
    return cast("Action", kind(*[decode(line, seats) for decode in parts]))


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
