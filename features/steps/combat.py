"""Combat and conquest: dice, losses, borders, attacks, moving in."""

from __future__ import annotations

from ...engine.actions import (
    Attack,
    EndAttack,
    MoveIn,
)
from ..world import World, numbers, split_list
from .library import step


@step(
    "when",
    "one roll of the dice",
    en="the attacker rolls {attack} and the defender rolls {defence}",
    da="angriberen slår {attack} og forsvareren slår {defence}",
    nl="de aanvaller {attack} gooit en de verdediger {defence}",
)
def _roll(world: World, attack: str, defence: str) -> None:
    world.battle = world.r.battle(numbers(attack), numbers(defence))


@step(
    "then",
    "the losses of one roll",
    en="the attacker loses {a:d} and the defender loses {d:d}",
    da="mister angriberen {a:d} og forsvareren {d:d}",
    nl="verliest de aanvaller {a:d} en de verdediger {d:d}",
)
def _losses(world: World, a: int, d: int) -> None:
    assert world.battle == (a, d)


@step(
    "then",
    "the attacker's dice for some armies",
    en="from a territory with {armies:d} armies the attacker rolls {low:d} to {high:d} dice",
    da="fra et territorium med {armies:d} arméer slår angriberen {low:d} til {high:d} terninger",
    nl=(
        "vanuit een gebied met {armies:d} legers gooit de aanvaller "
        "{low:d} tot {high:d} dobbelstenen"
    ),
)
def _attacker_dice(world: World, armies: int, low: int, high: int) -> None:
    assert world.r.attack_allowed(armies)
    assert world.r.attacker_dice(armies) == (low, high)


@step(
    "then",
    "no attack from too few armies",
    en="a territory with {armies:d} armies cannot attack",
    da="kan et territorium med {armies:d} arméer ikke angribe",
    nl="kan een gebied met {armies:d} legers niet aanvallen",
)
def _cannot_attack(world: World, armies: int) -> None:
    assert not world.r.attack_allowed(armies)


@step(
    "then",
    "the defender's dice for some armies",
    en="with {armies:d} armies the defender rolls {low:d} to {high:d} dice",
    da="med {armies:d} arméer slår forsvareren {low:d} til {high:d} terninger",
    nl="met {armies:d} legers gooit de verdediger {low:d} tot {high:d} dobbelstenen",
)
def _defender_dice(world: World, armies: int, low: int, high: int) -> None:
    assert world.r.defender_dice(armies) == (low, high)


@step(
    "then",
    "territories that border",
    en='"{a}" borders {others}',
    da='grænser "{a}" op til {others}',
    nl='grenst "{a}" aan {others}',
)
def _borders(world: World, a: str, others: str) -> None:
    world.r.note("combat.adjacency")
    world.r.note("board")
    source = world.territory(a)
    for other in split_list(others.replace('"', "")):
        assert world.r.geo.borders(source, world.territory(other)), other


@step(
    "then",
    "a territory's neighbours, all of them",
    en='"{a}" borders exactly {others}',
    da='grænser "{a}" kun op til {others}',
    nl='grenst "{a}" alleen aan {others}',
)
def _borders_exactly(world: World, a: str, others: str) -> None:
    world.r.note("combat.adjacency")
    expected = {world.territory(o) for o in split_list(others.replace('"', ""))}
    assert set(world.r.geo.neighbours[world.territory(a)]) == expected


@step(
    "when",
    "an attack with the dice as rolled",
    en='"{player}" attacks "{target}" from "{source}" rolling {attack} against {defence}',
    da='"{player}" angriber "{target}" fra "{source}" og slår {attack} mod {defence}',
    nl='"{player}" "{target}" aanvalt vanuit "{source}" met {attack} tegen {defence}',
)
def _attack(world: World, player: str, target: str, source: str, attack: str, defence: str) -> None:
    a, d = tuple(numbers(attack)), tuple(numbers(defence))
    world.act(Attack(world.territory(source), world.territory(target), len(a), len(d), (a, d)))


@step(
    "when",
    "moving into a conquered territory",
    en='"{player}" moves {n:d} armies in',
    da='"{player}" rykker {n:d} arméer ind',
    nl='"{player}" {n:d} legers naar het veroverde gebied verplaatst',
)
def _move_in(world: World, player: str, n: int) -> None:
    world.act(MoveIn(n))


@step(
    "then",
    "the armies that must and may move in",
    en='"{player}" must move in at least {low:d} and at most {high:d} armies',
    da='skal "{player}" rykke mindst {low:d} og højst {high:d} arméer ind',
    nl='moet "{player}" minstens {low:d} en hoogstens {high:d} legers verplaatsen',
)
def _move_in_range(world: World, player: str, low: int, high: int) -> None:
    moves = [a.armies for a in world.g.legal_actions(world.s) if isinstance(a, MoveIn)]
    assert (min(moves), max(moves)) == (low, high), moves


@step(
    "when",
    "ending the attack phase",
    en='"{player}" stops attacking',
    da='"{player}" stopper angrebet',
    nl='"{player}" stopt met aanvallen',
)
def _end_attack(world: World, player: str) -> None:
    world.act(EndAttack())
