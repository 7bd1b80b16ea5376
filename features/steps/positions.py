"""The ruleset a scenario runs on, a position in a game (who holds what, whose turn), and what
the engine answered (an action refused or allowed, who controls, who is out, who won)."""

from __future__ import annotations

from ..world import World, split_list
from .library import step


@step(
    "given",
    "the ruleset",
    en='the ruleset "{name}"',
    da='reglerne "{name}"',
    nl='de spelregels "{name}"',
)
def _ruleset(world: World, name: str) -> None:
    world.use(name)


@step(
    "given",
    "the players",
    en="the players {names}",
    da="spillerne {names}",
    nl="de spelers {names}",
)
def _players(world: World, names: str) -> None:
    world.players = split_list(names.replace('"', ""))


@step(
    "given",
    "armies in a territory",
    en='"{player}" has {armies:d} armies in "{territory}"',
    da='"{player}" har {armies:d} arméer i "{territory}"',
    nl='"{player}" heeft {armies:d} legers in "{territory}"',
)
def _armies_in(world: World, player: str, armies: int, territory: str) -> None:
    key = world.territory(territory)
    shared = world.r.word("territory.control") == "most_armies"  # team play: armies mix
    if not shared or key not in world.holdings:
        world.holdings[key] = {}
    world.holdings[key][player] = armies


@step(
    "given",
    "a player holds a whole continent",
    en='"{player}" holds all of "{continent}" with {armies:d} armies each',
    da='"{player}" har hele "{continent}" med {armies:d} arméer i hvert territorium',
    nl='"{player}" bezit heel "{continent}" met {armies:d} legers per gebied',
)
def _whole_continent(world: World, player: str, continent: str, armies: int) -> None:
    for t in world.r.geo.continents[world.continent(continent)]:
        world.holdings[t] = {player: armies}


@step(
    "given",
    "who holds the other territories",
    en='"{player}" holds every other territory',
    da='"{player}" har alle andre territorier',
    nl='"{player}" bezit alle andere gebieden',
)
def _filler(world: World, player: str) -> None:
    world.filler = player


@step(
    "given",
    "a player's capital",
    en='"{player}" has chosen "{territory}" as capital',
    da='"{player}" har valgt "{territory}" som hovedstad',
    nl='"{player}" heeft "{territory}" als hoofdstad gekozen',
)
def _capital(world: World, player: str, territory: str) -> None:
    world.capitals[player] = world.territory(territory)


@step(
    "given",
    "a player's cards",
    en='"{player}" holds the cards "{cards}"',
    da='"{player}" har kortene "{cards}"',
    nl='"{player}" heeft de kaarten "{cards}"',
)
def _player_cards(world: World, player: str, cards: str) -> None:
    taken = {c for hand in world.hands.values() for c in hand}
    world.hands[player] = world.card_ids(cards, taken)


@step(
    "when",
    "a turn begins",
    en='it is "{player}"\'s turn',
    da='det er "{player}"s tur',
    nl='"{player}" aan de beurt is',
)
def _turn(world: World, player: str) -> None:
    world.build(player, begin=True)
    world.reserves_before = world.s.reserves[world.seat(player)]


@step(
    "given",
    "a turn at the attack",
    en='it is "{player}"\'s turn to attack',
    da='det er "{player}"s tur til at angribe',
    nl='"{player}" is aan de beurt om aan te vallen',
)
def _attack_turn(world: World, player: str) -> None:
    world.build(player, begin=False)


@step(
    "then",
    "the action is refused by a rule",
    en='the move is refused by rule "{rule}"',
    da='afvises trækket efter reglen "{rule}"',
    nl='wordt de zet geweigerd volgens regel "{rule}"',
)
def _refused(world: World, rule: str) -> None:
    assert world.error is not None, "the move was allowed"
    assert world.error.rule == rule, str(world.error)


@step(
    "then",
    "the action is allowed",
    en="the move is allowed",
    da="er trækket tilladt",
    nl="is de zet toegestaan",
)
def _allowed(world: World) -> None:
    assert world.error is None, str(world.error)


@step(
    "then",
    "armies in a territory",
    en='"{territory}" holds {n:d} armies',
    da='har "{territory}" {n:d} arméer',
    nl='heeft "{territory}" {n:d} legers',
)
def _armies_there(world: World, territory: str, n: int) -> None:
    assert world.s.total(world.territory(territory)) == n


@step(
    "then",
    "who controls a territory",
    en='"{player}" controls "{territory}"',
    da='kontrollerer "{player}" "{territory}"',
    nl='bezit "{player}" "{territory}"',
)
def _controls(world: World, player: str, territory: str) -> None:
    assert world.g.controller(world.s, world.territory(territory)) == world.seat(player)


@step(
    "then",
    "a player is out of the game",
    en='"{player}" is out of the game',
    da='er "{player}" ude af spillet',
    nl='ligt "{player}" uit het spel',
)
def _eliminated(world: World, player: str) -> None:
    assert world.seat(player) in world.s.eliminated


@step(
    "then",
    "the winner",
    en='"{player}" wins the game',
    da='vinder "{player}" spillet',
    nl='wint "{player}" het spel',
)
def _wins(world: World, player: str) -> None:
    world.r.note("victory")
    assert world.s.phase == "over" and world.s.winner == world.seat(player)


@step(
    "then",
    "the game goes on",
    en="the game goes on",
    da="fortsætter spillet",
    nl="gaat het spel verder",
)
def _goes_on(world: World) -> None:
    world.r.note("victory")
    assert world.s.phase != "over" and world.s.winner is None


@step(
    "then",
    "whose turn it is",
    en='it is "{player}"\'s turn now',
    da='er det nu "{player}"s tur',
    nl='is "{player}" nu aan de beurt',
)
def _now_turn(world: World, player: str) -> None:
    assert world.s.current == world.seat(player)
