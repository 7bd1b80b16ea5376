"""Territory cards: sets, trade values, forced trades, trading down after an elimination."""

from __future__ import annotations

from ...engine.actions import (
    Place,
    Trade,
)
from ..world import SYMBOL_WORDS, World, fold, numbers, split_list
from .library import step


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
    assert world.error.rule in (
        "cards.forced_trade",
        "cards.forced_trade_sets",
        "elimination.trade_down_to",
    )


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
    _act_trade(world, _unnamed_trade(world, sets[0]))
    assert world.error is None, world.error


def _act_trade(world: World, trade: Trade) -> None:
    """Trade, and remember where the extra armies went (for the step that says so)."""
    world.act(trade)
    if world.error is None:
        world.bonus_on = trade.bonus


def _unnamed_trade(world: World, cards: tuple[int, int, int]) -> Trade:
    """A trade of `cards` for a step that names neither the cards nor where extra armies go
    (a scenario about what a set is worth): the first trade of them the game offers, so a set
    that earns cards.territory_bonus names the first territory it may go on. A scenario about
    where they go says so ("… and puts the extra armies on …")."""
    offered = [
        a for a in world.g.legal_actions(world.s) if isinstance(a, Trade) and a.cards == cards
    ]
    return offered[0] if offered else Trade(cards)


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
    _act_trade(world, Trade(tuple(sorted(chosen))))  # type: ignore[arg-type]


@step(
    "when",
    "trading named cards with the extra armies on a territory",
    en='"{player}" trades the cards "{cards}" and puts the extra armies on "{territory}"',
    da='"{player}" bytter kortene "{cards}" og sætter de ekstra arméer på "{territory}"',
    nl='"{player}" de kaarten "{cards}" inruilt en de extra legers op "{territory}" zet',
)
def _trade_cards_bonus(world: World, player: str, cards: str, territory: str) -> None:
    hand = world.s.hands[world.seat(player)]
    chosen = world.cards_in_hand(cards, hand)
    world.reserves_before = world.s.reserves[world.seat(player)]
    _act_trade(world, Trade(tuple(sorted(chosen)), None, world.territory(territory)))  # type: ignore[arg-type]


@step(
    "then",
    "where a trade's extra armies may go",
    en='"{player}" may put the extra armies for the cards "{cards}" on {territories}',
    da='kan "{player}" sætte de ekstra arméer for kortene "{cards}" på {territories}',
    nl='mag "{player}" de extra legers voor de kaarten "{cards}" op {territories} zetten',
)
def _bonus_choices(world: World, player: str, cards: str, territories: str) -> None:
    """The choices the game offers: one trade of these cards for each held territory shown."""
    assert world.s.current == world.seat(player)
    chosen = tuple(sorted(world.cards_in_hand(cards, world.s.hands[world.seat(player)])))
    offered = {
        a.bonus
        for a in world.g.legal_actions(world.s)
        if isinstance(a, Trade) and tuple(a.cards) == chosen
    }
    expected = {world.territory(t.strip('"')) for t in split_list(territories)}
    assert offered == expected, (offered, expected)


@step(
    "then",
    "where the last trade's extra armies went",
    en='the extra armies of the set went on "{territory}"',
    da='kom de ekstra arméer for sættet på "{territory}"',
    nl='kwamen de extra legers van de set op "{territory}"',
)
def _bonus_went(world: World, territory: str) -> None:
    assert world.bonus_on == world.territory(territory), world.bonus_on


@step(
    "then",
    "a trade that earned no extra armies",
    en="the set gave no extra armies",
    da="gav sættet ingen ekstra arméer",
    nl="gaf de set geen extra legers",
)
def _no_bonus(world: World) -> None:
    assert world.bonus_on is None, world.bonus_on


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
        world.act(_unnamed_trade(world, sets[0]))
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


KINDS = {
    **SYMBOL_WORDS,
    "one of each": "mixed",
    "et af hver": "mixed",
    "een van elke soort": "mixed",
}


@step(
    "when",
    "trading cards as a chosen kind (what a joker stands for)",
    en='"{player}" trades the cards "{cards}" as {kind}',
    da='"{player}" bytter kortene "{cards}" som {kind}',
    nl='"{player}" de kaarten "{cards}" als {kind} inruilt',
)
def _trade_as(world: World, player: str, cards: str, kind: str) -> None:
    hand = world.s.hands[world.seat(player)]
    chosen = world.cards_in_hand(cards, hand)
    world.reserves_before = world.s.reserves[world.seat(player)]
    world.act(Trade(tuple(sorted(chosen)), KINDS[fold(kind)]))  # type: ignore[arg-type]


@step(
    "then",
    "the value of a particular hand",
    en='the cards "{cards}" are worth {n:d} armies',
    da='er kortene "{cards}" {n:d} arméer værd',
    nl='zijn de kaarten "{cards}" {n:d} legers waard',
)
def _hand_value(world: World, cards: str, n: int) -> None:
    """What these three cards bring as the next set, counted as their best kind."""
    ids = world.card_ids(cards)
    kinds = world.r.set_kinds(ids)
    assert kinds, f"{cards} is not a set"
    assert world.r.trade_value(world.sets_traded + 1, kinds[0]) == n
