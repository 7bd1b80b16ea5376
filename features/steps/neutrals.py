"""Neutral armies: dealing to them, bribes, the status track and die, allies reinforced."""

from __future__ import annotations

import random

from ...engine.actions import (
    AllyReinforce,
    Bribe,
    Deal,
    EndPhase,
    StatusRoll,
    TakeCards,
)
from ..world import World, split_list
from .library import step


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
    """`n` cards of the player's hand, one bribe each; a player who holds too few offers a
    card they do not hold (a bribe without a card), for the game to refuse."""
    for _ in range(n):
        hand = world.s.hands[world.seat(player)]
        card = hand[0] if hand else next(c.id for c in world.r.deck if c.id not in hand)
        world.act_as(player, Bribe(neutral, card))
        if world.error is not None:
            return


@step(
    "when",
    "bribing a neutral army with a named card",
    en='"{player}" bribes "{neutral}" with the card "{card}"',
    da='"{player}" bestikker "{neutral}" med kortet "{card}"',
    nl='"{player}" "{neutral}" omkoopt met de kaart "{card}"',
)
def _bribe_with(world: World, player: str, neutral: str, card: str) -> None:
    """The card named (by territory or symbol), from the player's hand where they hold it,
    else one they do not hold, for the game to refuse."""
    (chosen,) = world.cards_named(card, world.s.hands[world.seat(player)])
    world.act_as(player, Bribe(neutral, chosen))


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
    state = world.start(players, neutrals)
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


@step(
    "when",
    "the rest of the setup is played",
    en="the setup is played out",
    da="forberedelserne spilles færdig",
    nl="de opstelling wordt afgemaakt",
)
def _play_out_setup(world: World) -> None:
    """Every remaining setup action, the first one offered each time (the same every run)."""
    rng = random.Random(0)
    for _ in range(10_000):
        placing = world.s.phase == "start_roll" and any(world.s.reserves)  # who places first
        if world.s.phase not in ("deal", "missions", "claim", "place", "capital") and not placing:
            return
        offered = world.g.legal_actions(world.s)
        world.state = world.g.apply(world.s, world.g.chance(world.s, offered[0], rng))
    raise AssertionError("the setup did not end")


@step(
    "when",
    "ending the ally reinforcement",
    en='"{player}" ends reinforcing the allies',
    da='"{player}" afslutter forstærkningen af de allierede',
    nl='"{player}" het versterken van de bondgenoten beëindigt',
)
def _end_ally_reinforcement(world: World, player: str) -> None:
    assert world.s.current == world.seat(player)
    world.act(EndPhase())


@step(
    "then",
    "who rolls a neutral army's defence",
    en='"{player}" rolls the defence of "{neutral}"',
    da='slår "{player}" for "{neutral}"',
    nl='gooit "{player}" voor "{neutral}"',
)
def _rolls_defence(world: World, player: str, neutral: str) -> None:
    """Who the engine has roll the defence of a neutral army against the player whose turn it
    is, in the position played (the rule is not read here: the game answers)."""
    defender = world.seat(neutral)
    assert world.s.seats[defender].neutral, neutral
    roller = world.g.defence_roller(world.s, defender)
    names = world.s.seats[roller].name if roller is not None else "nobody"
    assert roller == world.seat(player), f"{names} rolls the defence of {neutral}, not {player}"


@step(
    "when",
    "taking an eliminated neutral army's cards",
    en='"{player}" takes the cards "{cards}" of "{neutral}"',
    da='"{player}" tager kortene "{cards}" fra "{neutral}"',
    nl='"{player}" de kaarten "{cards}" van "{neutral}" neemt',
)
def _take_cards(world: World, player: str, cards: str, neutral: str) -> None:
    """The conqueror's choice among the eliminated neutral army's cards (the rest are
    discarded); "ingen" / "none" / "geen" takes none. A card the neutral army does not hold,
    or a player whose move it is not, is the game's to refuse."""
    hand = world.s.hands[world.seat(neutral)]
    none = cards.strip().lower() in ("none", "ingen", "geen")
    chosen = () if none else tuple(world.cards_named(cards, hand))
    world.act_as(player, TakeCards(chosen))
