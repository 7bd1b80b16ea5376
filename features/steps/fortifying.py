"""Fortifying: which moves are allowed, and the end of a turn."""

from __future__ import annotations

from ...engine.actions import (
    Draw,
    EndAttack,
    EndTurn,
    Fortify,
)
from ..world import World, split_list
from .library import step


@step(
    "given",
    "a player holding territories",
    en="a player who holds {names}",
    da="en spiller der har {names}",
    nl="een speler die {names} bezit",
)
def _holding(world: World, names: str) -> None:
    world.owned = {world.territory(n) for n in split_list(names.replace('"', ""))}


@step(
    "then",
    "fortifying is possible",
    en='the player may move armies from "{a}" to "{b}"',
    da='må spilleren flytte arméer fra "{a}" til "{b}"',
    nl='mag de speler legers verplaatsen van "{a}" naar "{b}"',
)
def _can_fortify(world: World, a: str, b: str) -> None:
    assert world.r.can_fortify(world.territory(a), world.territory(b), world.owned)


@step(
    "then",
    "fortifying is not possible",
    en='the player may not move armies from "{a}" to "{b}"',
    da='må spilleren ikke flytte arméer fra "{a}" til "{b}"',
    nl='mag de speler geen legers verplaatsen van "{a}" naar "{b}"',
)
def _cannot_fortify(world: World, a: str, b: str) -> None:
    assert not world.r.can_fortify(world.territory(a), world.territory(b), world.owned)


@step(
    "when",
    "fortifying",
    en='"{player}" moves {n:d} armies from "{a}" to "{b}"',
    da='"{player}" overfører {n:d} arméer fra "{a}" til "{b}"',
    nl='"{player}" {n:d} legers verplaatst van "{a}" naar "{b}"',
)
def _fortify(world: World, player: str, n: int, a: str, b: str) -> None:
    if world.s.phase == "attack":
        world.act(EndAttack())
    world.act(Fortify(world.territory(a), world.territory(b), n))


@step(
    "when",
    "ending the turn",
    en='"{player}" ends the turn',
    da='"{player}" afslutter sin tur',
    nl='"{player}" de beurt beëindigt',
)
def _end_turn(world: World, player: str) -> None:
    world.act_as(player, EndTurn())
    while world.error is None and world.s.phase == "draw":
        world.act(Draw(min(world.s.draw_pile)))
