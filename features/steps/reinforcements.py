"""Reinforcements: income by territories and continents, placing armies."""

from __future__ import annotations

from ...engine.actions import (
    EndPhase,
    Place,
)
from ..world import World
from .library import step


@step(
    "when",
    "a player holds territories",
    en="a player holds {n:d} territories",
    da="en spiller har {n:d} territorier",
    nl="een speler {n:d} gebieden bezit",
)
def _holds(world: World, n: int) -> None:
    world.territories = n
    world.continents = []


@step(
    "when",
    "the player also holds a continent",
    en='the player holds "{name}"',
    da='spilleren kontrollerer "{name}"',
    nl='de speler "{name}" controleert',
)
def _holds_continent(world: World, name: str) -> None:
    world.continents.append(world.continent(name))


@step(
    "then",
    "reinforcements for territories and continents",
    en="the player receives {n:d} reinforcements",
    da="modtager spilleren {n:d} forstærkninger",
    nl="krijgt de speler {n:d} legers",
)
def _receives(world: World, n: int) -> None:
    assert world.r.reinforcements(world.territories, world.continents) == n


@step(
    "then",
    "a continent's bonus",
    en='"{name}" is worth {n:d} armies',
    da='er "{name}" {n:d} arméer værd',
    nl='is "{name}" {n:d} legers waard',
)
def _continent_bonus(world: World, name: str, n: int) -> None:
    assert world.r.continent_bonus(world.continent(name)) == n


@step(
    "then",
    "a continent's size",
    en='"{name}" has {n:d} territories',
    da='har "{name}" {n:d} territorier',
    nl='heeft "{name}" {n:d} gebieden',
)
def _continent_size(world: World, name: str, n: int) -> None:
    world.r.note("board")
    assert len(world.r.geo.continents[world.continent(name)]) == n


@step(
    "then",
    "a player's reinforcements this turn",
    en='"{player}" receives {n:d} reinforcements',
    da='modtager "{player}" {n:d} forstærkninger',
    nl='ontvangt "{player}" {n:d} legers',
)
def _player_receives(world: World, player: str, n: int) -> None:
    assert world.s.reserves[world.seat(player)] == n


@step(
    "when",
    "placing armies",
    en='"{player}" places {n:d} armies in "{territory}"',
    da='"{player}" placerer {n:d} arméer i "{territory}"',
    nl='"{player}" {n:d} legers plaatst in "{territory}"',
)
def _place(world: World, player: str, n: int, territory: str) -> None:
    world.act(Place(world.territory(territory), n))


@step(
    "when",
    "placing every reinforcement in one of one's territories",
    en='"{player}" places all reinforcements in one of their territories',
    da='"{player}" placerer alle forstærkninger i et af sine territorier',
    nl='"{player}" alle legers plaatst in een van zijn gebieden',
)
def _place_all_somewhere(world: World, player: str) -> None:
    """After a setup whose territories the scenario does not list: every reinforcement on
    the first territory the game offers (a turn can then be played on and ended)."""
    if world.s.phase == "bribe":
        world.act_as(player, EndPhase())
    seat = world.seat(player)
    place = next(
        a
        for a in world.g.legal_actions(world.s)
        if isinstance(a, Place) and a.armies == world.s.reserves[seat]
    )
    world.act_as(player, place)
    assert world.error is None, world.error


@step(
    "when",
    "placing every reinforcement",
    en='"{player}" places all reinforcements in "{territory}"',
    da='"{player}" placerer alle forstærkninger i "{territory}"',
    nl='"{player}" alle legers plaatst in "{territory}"',
)
def _place_all(world: World, player: str, territory: str) -> None:
    if world.s.phase == "bribe":
        world.act(EndPhase())
    world.act(Place(world.territory(territory), world.s.reserves[world.seat(player)]))
    assert world.error is None, world.error
