"""Ties between equally good choices, broken by what the game is, never by the order its text
lists a board, a deck or a table in (issue 48: a board listed in another order made the
positional players' games a third longer, as every tie went to the first territory listed).

A player choosing between equals (two territories that give the same odds, two continents worth
as much) takes the one whose *draw* is lowest: a number made from the territory's id (its name
in the ruleset), the turn and the seat. A board listed in any order gives the same draws; they
differ from turn to turn and from seat to seat, so no territory is always first; and they are
the same in every process (crc32, not Python's salted `hash`). A list of candidates is put in
its canonical order the same way: by the ids, then shuffled by the draws.
"""

from __future__ import annotations

import functools
import zlib

from .rules import Rules


@functools.lru_cache(maxsize=32)
def codes(rules: Rules) -> tuple[int, ...]:
    """Each territory's code, by its number on the board: the crc32 of its id."""
    return tuple(zlib.crc32(t.encode()) for t in rules.geo.territories)


@functools.lru_cache(maxsize=32)
def continent_codes(rules: Rules) -> dict[str, int]:
    """Each continent's code, by its id."""
    return {c: zlib.crc32(b"continent " + c.encode()) for c in rules.geo.continents}


def salt(turn: int, seat: int) -> bytes:
    """What mixes a decision's turn and seat into the draws."""
    return f"{turn}/{seat}".encode()


def draw(code: int, mixed: bytes) -> int:
    """The draw of a candidate of code `code` at the decision salted `mixed`: lowest wins."""
    return zlib.crc32(mixed, code)


def card_key(rules: Rules, cards: tuple[int, ...]) -> tuple[str, ...]:
    """Cards as the game knows them whatever the deck's order: the territories they show (a
    wild card shows none), sorted."""
    deck = rules.deck
    return tuple(sorted(deck[c].territory or "" for c in cards))
