"""Mission RISK: drawing, claiming and revealing missions."""

from __future__ import annotations

import itertools
import random

from ...engine.actions import (
    AssignMissions,
    ClaimMission,
    Place,
)
from ..world import World, split_list
from .library import step


@step(
    "given",
    "a player's missions",
    en='"{player}" holds the missions "{missions}"',
    da='"{player}" har missionerne "{missions}"',
    nl='"{player}" heeft de missies "{missions}"',
)
def _missions(world: World, player: str, missions: str) -> None:
    world.missions[player] = split_list(missions)


@step(
    "when",
    "claiming a mission",
    en='"{player}" claims the mission "{mission}"',
    da='"{player}" gør krav på missionen "{mission}"',
    nl='"{player}" de missie "{mission}" opeist',
)
def _claim(world: World, player: str, mission: str) -> None:
    world.act(ClaimMission(mission))


@step(
    "then",
    "missions completed",
    en='"{player}" has completed {n:d} missions',
    da='har "{player}" gennemført {n:d} missioner',
    nl='heeft "{player}" {n:d} missies voltooid',
)
def _completed(world: World, player: str, n: int) -> None:
    assert len(world.s.completed[world.seat(player)]) == n


@step(
    "then",
    "missions held",
    en='"{player}" holds {n:d} missions',
    da='har "{player}" {n:d} missioner',
    nl='heeft "{player}" {n:d} missies',
)
def _missions_held(world: World, player: str, n: int) -> None:
    world.r.note("missions.on_elimination")
    assert len(world.s.missions[world.seat(player)]) == n


@step(
    "then",
    "armies placed per setup round",
    en='"{player}" places at most {own:d} own armies and {n:d} for each neutral army',
    da='placerer "{player}" højst {own:d} egne arméer og {n:d} for hver neutral hær',
    nl='plaatst "{player}" hoogstens {own:d} eigen legers en {n:d} voor elk neutraal leger',
)
def _setup_round(world: World, player: str, own: int, n: int) -> None:
    seat = world.seat(player)
    assert world.s.phase == "place" and world.s.current == seat
    mine: set[int] = set()
    theirs: set[int] = set()
    for action in world.g.legal_actions(world.s):
        assert isinstance(action, Place)
        holder = world.g.controller(world.s, action.territory)
        (mine if holder == seat else theirs).add(action.armies)
    assert max(mine) == own and theirs == {n}, (mine, theirs)


@step(
    "given",
    "missions already completed",
    en='"{player}" has completed the missions "{missions}"',
    da='"{player}" har gennemført missionerne "{missions}"',
    nl='"{player}" heeft de missies "{missions}" voltooid',
)
def _already_completed(world: World, player: str, missions: str) -> None:
    world.completed[player] = split_list(missions)


@step(
    "then",
    "the last mission is shown to all",
    en='the last mission of "{player}", "{mission}", is shown to everyone',
    da='vises den sidste mission for "{player}", "{mission}", for alle',
    nl='wordt de laatste missie van "{player}", "{mission}", aan iedereen getoond',
)
def _revealed(world: World, player: str, mission: str) -> None:
    assert world.g.revealed(world.s, world.seat(player)) == mission


@step(
    "then",
    "no mission is shown yet",
    en='no mission of "{player}" is shown yet',
    da='vises ingen af "{player}"s missioner endnu',
    nl='wordt nog geen missie van "{player}" getoond',
)
def _not_revealed(world: World, player: str) -> None:
    assert world.g.revealed(world.s, world.seat(player)) is None


@step(
    "when",
    "players draw their missions",
    en="{count:d} players draw their missions",
    da="{count:d} spillere trækker deres missioner",
    nl="{count:d} spelers hun missies trekken",
)
def _draw_missions(world: World, count: int) -> None:
    state = world.start(count)
    world.state = world.g.apply(state, world.g.chance(state, AssignMissions(), random.Random(0)))


@step(
    "then",
    "one mission of each rank for every player",
    en="every player holds one mission of each rank",
    da="har hver spiller én mission af hver grad",
    nl="heeft elke speler één missie van elke rang",
)
def _one_per_rank(world: World) -> None:
    ranks = world.r.words("missions.ranks")
    for name in world.players:
        held = world.s.missions[world.seat(name)]
        assert sorted(world.g.deck[m].rank for m in held) == sorted(ranks)


@step(
    "then",
    "the teams take turns",
    en="the teams take turns around the table",
    da="sidder holdene skiftevis",
    nl="zitten de teams om en om",
)
def _alternate(world: World) -> None:
    teams = [world.s.seats[world.seat(name)].team for name in world.players]
    assert all(a != b for a, b in itertools.pairwise(teams)), teams
