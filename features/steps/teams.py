"""Team play."""

from __future__ import annotations

from ..world import World, split_list
from .library import step


@step(
    "then",
    "nobody controls a territory",
    en='nobody controls "{territory}"',
    da='kontrollerer ingen "{territory}"',
    nl='bezit niemand "{territory}"',
)
def _nobody(world: World, territory: str) -> None:
    assert world.g.controller(world.s, world.territory(territory)) is None


@step(
    "given",
    "the teams named",
    en='the teams "{first}" and "{second}"',
    da='holdene "{first}" og "{second}"',
    nl='de teams "{first}" en "{second}"',
)
def _teams(world: World, first: str, second: str) -> None:
    """Two teams by name; the players sit alternately, team by team (teams.seating)."""
    a, b = split_list(first), split_list(second)
    assert len(a) == len(b), "teams of equal size"
    world.players = [name for pair in zip(a, b, strict=True) for name in pair]
    world.teams = {**{n: 0 for n in a}, **{n: 1 for n in b}}


@step(
    "then",
    "team-mates",
    en='"{a}" and "{b}" are team-mates',
    da='er "{a}" og "{b}" holdkammerater',
    nl='zijn "{a}" en "{b}" teamgenoten',
)
def _team_mates(world: World, a: str, b: str) -> None:
    assert world.seat(b) in world.g.friendly(world.s, world.seat(a))


@step(
    "then",
    "opponents",
    en='"{a}" and "{b}" are opponents',
    da='er "{a}" og "{b}" modstandere',
    nl='zijn "{a}" en "{b}" tegenstanders',
)
def _opponents(world: World, a: str, b: str) -> None:
    assert world.seat(b) not in world.g.friendly(world.s, world.seat(a))
