"""The step library: each meaning implemented once, phrased in English, Danish and Dutch.

Load it as a pytest plugin (`-p riskrules.features.steps`); docs/steps.md lists every phrasing.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from ..engine.actions import (
    AllyReinforce,
    AssignMissions,
    Attack,
    Bribe,
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
from ..engine.trace import recording
from .world import World, numbers, split_list

_DECORATORS = {"given": given, "when": when, "then": then}
CATALOGUE: list[tuple[str, str, dict[str, str]]] = []  # (kind, meaning, phrasings by language)


def step(
    kind: str, meaning: str, **phrasings: str
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register one implementation under every phrasing (keyword arguments en, da, nl)."""

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        CATALOGUE.append((kind, meaning, phrasings))
        for text in phrasings.values():
            func = _DECORATORS[kind](parsers.parse(text), stacklevel=2)(func)
        return func

    return register


@pytest.fixture
def world() -> World:
    return World(ruleset_override=os.environ.get("RISKRULES_TEST_RULESET") or None)


@pytest.fixture(autouse=True)
def _consulted(request: pytest.FixtureRequest) -> Iterator[None]:
    """Record the rule clauses the engine consults while a scenario runs (for `trace`)."""
    with recording() as seen:
        yield
    request.node.user_properties.append(("consulted", sorted(seen)))


def pytest_bdd_apply_tag(tag: str, function: object) -> bool | None:
    """`@cite:…` tags name manual passages; they are data, not pytest markers."""
    return True if tag.startswith("cite:") else None


# ---------------------------------------------------------------- the ruleset


@step(
    "given",
    "the ruleset",
    en='the ruleset "{name}"',
    da='reglerne "{name}"',
    nl='de spelregels "{name}"',
)
def _ruleset(world: World, name: str) -> None:
    world.use(name)


# ---------------------------------------------------------------- setup


@step(
    "then",
    "start armies by player count",
    en="each of {players:d} players starts with {armies:d} armies",
    da="starter hver af {players:d} spillere med {armies:d} arméer",
    nl="begint elk van {players:d} spelers met {armies:d} legers",
)
def _start_armies(world: World, players: int, armies: int) -> None:
    assert world.r.start_armies(players) == armies


@step(
    "then",
    "a game for some players is allowed",
    en="a game for {players:d} players is allowed",
    da="er et spil for {players:d} spillere tilladt",
    nl="is een spel voor {players:d} spelers toegestaan",
)
def _players_allowed(world: World, players: int) -> None:
    low, high = world.r.players
    assert low <= players <= high, (low, high)


@step(
    "then",
    "a game for some players is not allowed",
    en="a game for {players:d} players is not allowed",
    da="er et spil for {players:d} spillere ikke tilladt",
    nl="is een spel voor {players:d} spelers niet toegestaan",
)
def _players_refused(world: World, players: int) -> None:
    low, high = world.r.players
    assert not low <= players <= high, (low, high)


@step(
    "when",
    "the players claim and reinforce the whole board",
    en="{count:d} players claim the board and place their start armies",
    da="{count:d} spillere gør krav på brættet og placerer deres startarméer",
    nl="{count:d} spelers het bord bezetten en hun legers plaatsen",
)
def _setup(world: World, count: int) -> None:
    world.players = [f"p{i + 1}" for i in range(count)]
    state = world.g.start(world.players)
    while state.phase in ("claim", "place"):
        state = world.g.apply(state, world.g.legal_actions(state)[0])
    world.state = state


@step(
    "then",
    "every territory is occupied",
    en="every territory is occupied",
    da="er alle territorier besat",
    nl="zijn alle gebieden bezet",
)
def _all_occupied(world: World) -> None:
    assert all(world.s.total(t) > 0 for t in world.s.territories)


@step(
    "then",
    "armies on the board",
    en="there are {armies:d} armies on the board",
    da="er der {armies:d} arméer på brættet",
    nl="staan er {armies:d} legers op het bord",
)
def _board_armies(world: World, armies: int) -> None:
    assert world.s.board_armies() == armies


# ---------------------------------------------------------------- reinforcements


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


# ---------------------------------------------------------------- cards


@step(
    "then",
    "the trade value of the n-th set",
    en="set number {n:d} is worth {armies:d} armies",
    da="er kortsæt nummer {n:d} {armies:d} arméer værd",
    nl="is set nummer {n:d} {armies:d} legers waard",
)
def _nth_set(world: World, n: int, armies: int) -> None:
    assert world.r.trade_value(n) == armies


@step(
    "then",
    "the trade values in order",
    en="the sets are worth {values}",
    da="er kortsættene værd {values}",
    nl="zijn de sets waard {values}",
)
def _sets_worth(world: World, values: str) -> None:
    expected = numbers(values)
    assert [world.r.trade_value(n) for n in range(1, len(expected) + 1)] == expected


@step(
    "then",
    "a set of a kind is worth",
    en="a set of {kind} is worth {armies:d} armies",
    da="er et sæt {kind} {armies:d} arméer værd",
    nl="is een set {kind} {armies:d} legers waard",
)
def _kind_worth(world: World, kind: str, armies: int) -> None:
    from .world import SYMBOL_WORDS, fold

    key = SYMBOL_WORDS.get(fold(kind), "mixed")
    for n in (1, 2, 5):
        assert world.r.trade_value(n, key) == armies


@step(
    "given",
    "a hand of cards",
    en='a player with the cards "{cards}"',
    da='en spiller med kortene "{cards}"',
    nl='een speler met de kaarten "{cards}"',
)
def _hand(world: World, cards: str) -> None:
    world.cards = world.card_ids(cards)


@step(
    "then",
    "the cards make a set",
    en="the cards make a set",
    da="er kortene et sæt",
    nl="vormen de kaarten een set",
)
def _is_set(world: World) -> None:
    assert world.r.set_kinds(world.cards)


@step(
    "then",
    "the cards do not make a set",
    en="the cards do not make a set",
    da="er kortene ikke et sæt",
    nl="vormen de kaarten geen set",
)
def _not_set(world: World) -> None:
    assert not world.r.set_kinds(world.cards)


@step(
    "given",
    "sets traded so far in the game",
    en="{n:d} sets have been traded in the game",
    da="der er byttet {n:d} kortsæt i spillet",
    nl="er zijn al {n:d} sets ingeruild",
)
def _traded_so_far(world: World, n: int) -> None:
    world.sets_traded = n


# ---------------------------------------------------------------- combat rules


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


# ---------------------------------------------------------------- fortify rules


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


# ---------------------------------------------------------------- games in progress


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
    "a player's reinforcements this turn",
    en='"{player}" receives {n:d} reinforcements',
    da='modtager "{player}" {n:d} forstærkninger',
    nl='ontvangt "{player}" {n:d} legers',
)
def _player_receives(world: World, player: str, n: int) -> None:
    assert world.s.reserves[world.seat(player)] == n


@step(
    "then",
    "a trade is required",
    en='"{player}" must trade a set',
    da='skal "{player}" bytte et kortsæt',
    nl='moet "{player}" een set inruilen',
)
def _must_trade(world: World, player: str) -> None:
    assert world.s.current == world.seat(player) and world.s.must_trade
    world.act(Place(world.g.owned(world.s, world.seat(player))[0], 1))
    assert world.error is not None
    assert world.error.rule in ("cards.forced_trade", "elimination.trade_down_to")


@step(
    "then",
    "no trade is required",
    en='"{player}" need not trade',
    da='behøver "{player}" ikke at bytte',
    nl='hoeft "{player}" niet in te ruilen',
)
def _need_not_trade(world: World, player: str) -> None:
    world.r.note("cards.forced_trade")
    assert not world.s.must_trade


@step(
    "when",
    "trading a set",
    en='"{player}" trades a set',
    da='"{player}" bytter et kortsæt',
    nl='"{player}" een set inruilt',
)
def _trade(world: World, player: str) -> None:
    hand = world.s.hands[world.seat(player)]
    sets = world.r.sets_in(hand)
    assert sets, "no set in hand"
    world.reserves_before = world.s.reserves[world.seat(player)]
    world.act(Trade(sets[0]))
    assert world.error is None, world.error


@step(
    "when",
    "trading named cards",
    en='"{player}" trades the cards "{cards}"',
    da='"{player}" bytter kortene "{cards}"',
    nl='"{player}" de kaarten "{cards}" inruilt',
)
def _trade_cards(world: World, player: str, cards: str) -> None:
    hand = world.s.hands[world.seat(player)]
    chosen = world.cards_in_hand(cards, hand)
    world.reserves_before = world.s.reserves[world.seat(player)]
    world.act(Trade(tuple(sorted(chosen))))  # type: ignore[arg-type]


@step(
    "when",
    "trading down after an elimination",
    en='"{player}" trades sets until no more are due',
    da='"{player}" bytter sæt, indtil der ikke skal byttes flere',
    nl='"{player}" sets inruilt tot dat niet meer hoeft',
)
def _trade_down(world: World, player: str) -> None:
    while world.s.must_trade:
        sets = world.r.sets_in(world.s.hands[world.seat(player)])
        world.act(Trade(sets[0]))
        assert world.error is None, world.error


@step(
    "then",
    "the armies a trade gave",
    en='"{player}" gets {n:d} armies for the set',
    da='får "{player}" {n:d} arméer for sættet',
    nl='krijgt "{player}" {n:d} legers voor de set',
)
def _trade_gave(world: World, player: str, n: int) -> None:
    assert world.s.reserves[world.seat(player)] - world.reserves_before == n


@step(
    "then",
    "the value of the next set",
    en="the next set is worth {n:d} armies",
    da="er det næste kortsæt {n:d} arméer værd",
    nl="is de volgende set {n:d} legers waard",
)
def _next_set(world: World, n: int) -> None:
    assert world.r.trade_value(world.s.sets_traded + 1) == n


@step(
    "then",
    "cards in a hand",
    en='"{player}" holds {n:d} cards',
    da='har "{player}" {n:d} kort',
    nl='heeft "{player}" {n:d} kaarten',
)
def _cards_held(world: World, player: str, n: int) -> None:
    assert len(world.s.hands[world.seat(player)]) == n


@step(
    "then",
    "at most some cards in a hand",
    en='"{player}" holds at most {n:d} cards',
    da='har "{player}" højst {n:d} kort',
    nl='heeft "{player}" hoogstens {n:d} kaarten',
)
def _cards_at_most(world: World, player: str, n: int) -> None:
    assert len(world.s.hands[world.seat(player)]) <= n


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
    world.act(EndTurn())
    while world.error is None and world.s.phase == "draw":
        world.act(Draw(min(world.s.draw_pile)))


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
    "whose turn it is",
    en='it is "{player}"\'s turn now',
    da='er det nu "{player}"s tur',
    nl='is "{player}" nu aan de beurt',
)
def _now_turn(world: World, player: str) -> None:
    assert world.s.current == world.seat(player)


# ---------------------------------------------------------------- neutral armies


@step(
    "given",
    "the neutral armies",
    en="the neutral armies {names}",
    da="de neutrale hære {names}",
    nl="de neutrale legers {names}",
)
def _neutral_armies(world: World, names: str) -> None:
    world.neutrals = split_list(names.replace('"', ""))


@step(
    "given",
    "a neutral army is allied with a player",
    en='"{neutral}" is allied with "{player}"',
    da='"{neutral}" er allieret med "{player}"',
    nl='"{neutral}" is bondgenoot van "{player}"',
)
def _given_ally(world: World, neutral: str, player: str) -> None:
    first = world.players.index(player) == 0
    world.status[neutral] = "ally_of_first" if first else "ally_of_second"


@step(
    "given",
    "a neutral army is not involved",
    en='"{neutral}" is not involved',
    da='"{neutral}" er ikke involveret',
    nl='"{neutral}" is niet betrokken',
)
def _given_not_involved(world: World, neutral: str) -> None:
    world.status[neutral] = "not_involved"


@step(
    "when",
    "bribing a neutral army",
    en='"{player}" bribes "{neutral}" with {n:d} cards',
    da='"{player}" bestikker "{neutral}" med {n:d} kort',
    nl='"{player}" "{neutral}" omkoopt met {n:d} kaarten',
)
def _bribe(world: World, player: str, neutral: str, n: int) -> None:
    for _ in range(n):
        card = world.s.hands[world.seat(player)][0]
        world.act(Bribe(neutral, card))
        if world.error is not None:
            return


@step(
    "then",
    "a neutral army's ally",
    en='"{neutral}" is now allied with "{player}"',
    da='er "{neutral}" allieret med "{player}"',
    nl='is "{neutral}" bondgenoot van "{player}"',
)
def _is_ally(world: World, neutral: str, player: str) -> None:
    assert world.g.ally_of(world.s, world.seat(neutral)) == world.seat(player)


@step(
    "then",
    "a neutral army allied with nobody",
    en='"{neutral}" is now not involved',
    da='er "{neutral}" ikke involveret',
    nl='is "{neutral}" niet betrokken',
)
def _not_involved(world: World, neutral: str) -> None:
    assert world.g.ally_of(world.s, world.seat(neutral)) is None


@step(
    "when",
    "the status die after an invasion",
    en='"{player}" rolls {die:d} on the status die for "{neutral}"',
    da='"{player}" slår {die:d} med statusterningen for "{neutral}"',
    nl='"{player}" {die:d} gooit met de statusdobbelsteen voor "{neutral}"',
)
def _status_roll(world: World, player: str, die: int, neutral: str) -> None:
    world.act(StatusRoll(neutral, die))


@step(
    "when",
    "reinforcing an ally",
    en='"{player}" rolls {die:d} to reinforce "{neutral}"',
    da='"{player}" slår {die:d} for at forstærke "{neutral}"',
    nl='"{player}" {die:d} gooit om "{neutral}" te versterken',
)
def _ally_reinforce(world: World, player: str, die: int, neutral: str) -> None:
    if world.s.phase == "bribe":
        world.act(EndPhase())
    world.act(AllyReinforce(neutral, die))


@step(
    "then",
    "a passive neutral army never acts",
    en='"{neutral}" cannot move, reinforce or attack',
    da='kan "{neutral}" hverken flytte sig, forstærkes eller angribe',
    nl='kan "{neutral}" niet verplaatsen, versterken of aanvallen',
)
def _passive(world: World, neutral: str) -> None:
    world.r.note("neutrals.mode")
    seat = world.seat(neutral)
    held = set(world.g.owned(world.s, seat))
    assert world.s.reserves[seat] == 0
    for action in world.g.legal_actions(world.s):
        source = getattr(action, "source", None) or getattr(action, "territory", None)
        assert source not in held, action


@step(
    "when",
    "dealing territory cards",
    en="{players:d} players and {neutrals:d} neutral armies are dealt their cards",
    da="{players:d} spillere og {neutrals:d} neutrale hære får kortene delt",
    nl="{players:d} spelers en {neutrals:d} neutrale legers de kaarten krijgen",
)
def _deal(world: World, players: int, neutrals: int) -> None:
    import random

    world.players = [f"p{i + 1}" for i in range(players)]
    world.neutrals = [f"n{i + 1}" for i in range(neutrals)]
    state = world.g.start(world.players, world.neutrals)
    world.state = world.g.apply(state, world.g.chance(state, Deal(), random.Random(0)))


@step(
    "then",
    "territories held by each player",
    en="each player holds {n:d} territories",
    da="har hver spiller {n:d} territorier",
    nl="heeft elke speler {n:d} gebieden",
)
def _each_player_holds(world: World, n: int) -> None:
    for name in world.players:
        assert len(world.g.owned(world.s, world.seat(name))) == n


@step(
    "then",
    "territories held by each neutral army",
    en="each neutral army holds {n:d} territories",
    da="har hver neutral hær {n:d} territorier",
    nl="heeft elk neutraal leger {n:d} gebieden",
)
def _each_neutral_holds(world: World, n: int) -> None:
    for name in world.neutrals:
        assert len(world.g.owned(world.s, world.seat(name))) == n


@step(
    "then",
    "start armies of a neutral army",
    en="each neutral army starts with {n:d} armies",
    da="starter hver neutral hær med {n:d} arméer",
    nl="begint elk neutraal leger met {n:d} legers",
)
def _neutral_start(world: World, n: int) -> None:
    assert world.r.integer("neutrals.start_armies") == n


@step(
    "then",
    "cards dealt to players and neutrals",
    en="each player is dealt {p:d} cards and each neutral army {q:d}",
    da="får hver spiller {p:d} kort og hver neutral hær {q:d}",
    nl="krijgt elke speler {p:d} kaarten en elk neutraal leger {q:d}",
)
def _dealt(world: World, p: int, q: int) -> None:
    assert world.r.integer("setup.deal.cards") == p
    assert world.r.integer("neutrals.cards_dealt") == q


# ---------------------------------------------------------------- teams


@step(
    "then",
    "nobody controls a territory",
    en='nobody controls "{territory}"',
    da='kontrollerer ingen "{territory}"',
    nl='bezit niemand "{territory}"',
)
def _nobody(world: World, territory: str) -> None:
    assert world.g.controller(world.s, world.territory(territory)) is None


# ---------------------------------------------------------------- missions


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
    import random

    world.players = [f"p{i + 1}" for i in range(count)]
    state = world.g.start(world.players)
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
