"""The fields of a `GameState`, written once: engine/state.py's constructor, `evolve` and
`rolled` are generated from this table.

A state is built tens of thousands of times a game, so those three are written out in full
(compiled by mypyc, a constructor with its parameters spelled out is native and a generic one
is not); writing them out by hand wrote every field five times over. Edit the table, then
`python -m riskrules.engine.state_fields` writes the generated part of engine/state.py again
(tests/test_engine_properties.py checks that it is current). Not imported by the engine.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final, NamedTuple


class Field(NamedTuple):
    name: str
    type: str  # as written in a signature
    default: str | None = None  # its source text; None: the constructor requires it
    note: str = ""  # a comment written beside the attribute
    above: str = ""  # comment lines written above it


FIELDS: Final = (
    Field("seats", "tuple[Seat, ...]"),
    Field("territories", "tuple[str, ...]"),
    Field("armies", "tuple[tuple[int, ...], ...]", note="[territory][seat]"),
    Field("hands", "tuple[tuple[int, ...], ...]", note="[seat]: card ids, sorted"),
    Field("draw_pile", "frozenset[int]"),
    Field("discards", "tuple[int, ...]"),
    Field("reserves", "tuple[int, ...]", note="[seat]: armies not yet placed"),
    Field(
        "phase",
        "str",
        above="deal, missions, claim, place, bribe, reinforce, ally_reinforce, attack, move_in,"
        "\nstatus, fortify, draw, over",
    ),
    Field("current", "int", note="the seat to act"),
    Field("turn", "int", "0", "0 during setup"),
    Field("sets_traded", "int", "0"),
    Field("placed", "int", "0", "armies placed in this setup round"),
    Field("conquered", "bool", "False"),
    Field("traded", "bool", "False"),
    Field("must_trade", "bool", "False"),
    Field("trade_down_to", "int | None", "None"),
    Field("bonus_taken", "int", "0"),
    Field("fortifies_left", "int", "0"),
    Field("pending", "Pending | None", "None"),
    Field("eliminated", "frozenset[int]", "frozenset()"),
    Field("winner", "int | None", "None"),
    Field("created", "int", "0", "every army ever handed out"),
    Field("destroyed", "int", "0", "every army lost in battle"),
    Field(
        "status",
        "tuple[int, ...]",
        "()",
        above="Neutral armies (two-player games): each seat's place on the status track"
        " (players: 0).",
    ),
    Field("placed_neutrals", "frozenset[int]", "frozenset()", "given an army this round"),
    Field("allies_reinforced", "frozenset[int]", "frozenset()"),
    Field("ally_moves", "tuple[int, ...]", "()", "[seat]: an ally's moves left"),
    Field("invasion", "Invasion | None", "None"),
    Field(
        "missions",
        "tuple[tuple[str, ...], ...]",
        "()",
        above="Mission RISK: each player's missions, and those completed.",
    ),
    Field("completed", "tuple[tuple[str, ...], ...]", "()"),
    Field("claims", "int", "0", "missions claimed this turn"),
    Field(
        "capitals",
        "tuple[str | None, ...]",
        "()",
        above="Capital Risk: each seat's capital (None: not chosen; empty: the ruleset has none).",
    ),
    Field(
        "index",
        "dict[str, int]",
        "None",
        above="Territory name -> its number in `territories`, `armies` (shared by every state).",
    ),
    Field("rolls", "int", "0", "attack rolls this turn (a random player stops at some)"),
    Field("forced_left", "int", "0", "sets still forced (cards.forced_trade_sets)"),
)
SHARED: Final = "index"  # the one field every position of a game shares: not evolved
ROLLED: Final = ("armies", "destroyed", "invasion", "rolls")  # what a roll changes

BEGIN: Final = (
    "    # Generated from engine/state_fields.py (edit the table there, not these lines)."
)
END: Final = "    # End of the generated part."
_KEEP = "Literal[_Keep.KEEP]"
WIDTH: Final = 100  # ruff's line length (pyproject.toml): the part is written as it formats it


def _init(table: tuple[Field, ...]) -> list[str]:
    lines = ["    def __init__(", "        self,"]
    for f in table:
        if f.name == SHARED:
            lines.append(f"        {f.name}: {f.type} | None = None,")
        elif f.default is None:
            lines.append(f"        {f.name}: {f.type},")
        else:
            lines.append(f"        {f.name}: {f.type} = {f.default},")
    lines.append("    ) -> None:")
    for f in table:
        lines += [f"        # {line}" for line in f.above.splitlines()]
        value = f"{f.name} if {f.name} is not None else {{}}" if f.name == SHARED else f.name
        line = f"        self.{f.name}: Final[{f.type}] = {value}"
        if f.note:
            line += f"  # {f.note}"
            assert len(line) <= WIDTH, f"{f.name}'s note is too long to stand beside it: above"
        lines.append(line)
    return lines


def _evolve(table: tuple[Field, ...]) -> list[str]:
    lines = ["", "    def evolve(", "        self,", "        *,"]
    for f in table:
        if f.name != SHARED:
            kept = f"{f.type.removesuffix(' | None')} | {_KEEP}"  # None last (ruff's RUF036)
            lines.append(
                f"        {f.name}: {kept}{' | None' * f.type.endswith(' | None')} = KEEP,"
            )
    lines += [
        "    ) -> GameState:",
        '        """A copy with the fields given changed (a field not given keeps its value).',
        "",
        '        The Python engine calls `_evolve_dict` instead (see the end of this module)."""',
        "        return GameState(",
    ]
    for f in table:
        kept = f"self.{f.name} if {f.name} is KEEP else {f.name}"
        lines.append(f"            {f'self.{f.name}' if f.name == SHARED else kept},")
    lines.append("        )")
    return lines


def _rolled(table: tuple[Field, ...]) -> list[str]:
    types = {f.name: f.type for f in table}
    lines = ["", "    def rolled("]
    lines += [
        "        self,",
        *(f"        {n}: {types[n]}," for n in ROLLED),
        "    ) -> GameState:",
    ]
    lines += [
        f'        """`evolve({", ".join(f"{n}=" for n in ROLLED)})`, written out: the position'
        " after a",
        "        roll that took no territory, most of a game's positions (no test of the other"
        ' fields)."""',
        "        if _DICTS:",
        "            fields = self.__dict__.copy()",
        *(f'            fields["{n}"] = {n}' for n in ROLLED),
        "            made: GameState = object.__new__(GameState)  # as `_evolve_dict` makes one",
        "            made.__dict__ = fields",
        "            return made",
        "        return GameState(",
        *(f"            {f.name if f.name in ROLLED else f'self.{f.name}'}," for f in table),
        "        )",
    ]
    return lines


def generated(table: tuple[Field, ...] = FIELDS) -> str:
    """The generated part of engine/state.py, its two marker lines included."""
    return "\n".join([BEGIN, *_init(table), *_evolve(table), *_rolled(table), "", END]) + "\n"


def written(source: str, table: tuple[Field, ...] = FIELDS) -> str:
    """engine/state.py's text `source` with its generated part made again from the table."""
    head, rest = source.split(BEGIN + "\n", 1)
    _, tail = rest.split(END + "\n", 1)
    return head + generated(table) + tail


if __name__ == "__main__":  # python -m riskrules.engine.state_fields
    state = Path(__file__).with_name("state.py")
    state.write_text(written(state.read_text(encoding="utf-8")), encoding="utf-8")
    sys.exit(0)
