"""Setup: players allowed, start armies, claiming or dealing the territories."""

from __future__ import annotations

from ...engine.actions import StartRoll
from ..world import World, numbers, split_list
from .library import step


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
    state = world.start(count)
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


@step(
    "when",
    "rolling for who starts",
    en="the players roll {rolls} to see who starts",
    da="spillerne slår {rolls} for at se, hvem der starter",
    nl="de spelers {rolls} gooien om te zien wie begint",
)
def _roll_for_start(world: World, rolls: str) -> None:
    """Each player of the Given list rolls a die, in seating order; the highest starts."""
    order = world.g.starting_order(world.players, numbers(rolls))
    if order is not None:
        world.players = order
        world.state = world.g.start(world.players)
    else:
        world.state = None


@step(
    "then",
    "who starts",
    en='"{player}" starts, then "{after}"',
    da='starter "{player}", efterfulgt af "{after}"',
    nl='begint "{player}", gevolgd door "{after}"',
)
def _starts(world: World, player: str, after: str) -> None:
    assert world.state is not None, "the highest roll was tied: nobody starts yet"
    assert world.s.seats[world.s.current].name == player
    assert world.s.seats[(world.s.current + 1) % len(world.players)].name == after


@step(
    "then",
    "a tie for who starts",
    en="the highest roll is tied and those tied roll again",
    da="er det højeste slag uafgjort, og de lige slår igen",
    nl="is de hoogste worp gelijk en gooien de gelijken opnieuw",
)
def _tied(world: World) -> None:
    assert world.state is None


@step(
    "when",
    "the second roll for the first turn",
    en="the players roll {rolls} again to see who takes the first turn",
    da="spillerne slår igen {rolls} for at se, hvem der tager den første tur",
    nl="de spelers opnieuw {rolls} gooien om te zien wie de eerste beurt neemt",
)
def _roll_again(world: World, rolls: str) -> None:
    """Once the setup is over (setup.first_turn: roll_again), each player rolls one die in
    seating order; while the highest is tied, the same step rolls again for those tied."""
    assert world.s.phase == "start_roll", f"no roll for the first turn now ({world.s.phase})"
    assert not any(world.s.reserves), "this roll is for who places first"
    _roll(world, rolls)


@step(
    "when",
    "the roll after the deal for who places first",
    en="the players roll {rolls} to see who places first",
    da="spillerne slår {rolls} for at se, hvem der placerer først",
    nl="de spelers {rolls} gooien om te zien wie eerst plaatst",
)
def _roll_to_place(world: World, rolls: str) -> None:
    """After the deal (setup.deal.place_roll), each player rolls one die in seating order; the
    highest places first; while the highest is tied, the same step rolls again for those tied.
    Where the ruleset has no such roll, the step is refused (turn.phases)."""
    if world.s.phase != "start_roll":
        world.error = None
        dice = numbers(rolls)
        names = [world.s.seats[p].name for p in world.g.rel.players(world.s)]
        world.act(StartRoll((tuple(zip(names, dice, strict=False)),)))
        return
    assert any(world.s.reserves), "this roll is for the first turn"
    _roll(world, rolls)


@step(
    "then",
    "who places first",
    en='"{player}" places first',
    da='placerer "{player}" først',
    nl='plaatst "{player}" eerst',
)
def _places_first(world: World, player: str) -> None:
    assert world.s.phase == "place", world.s.phase
    assert world.s.seats[world.s.current].name == player, world.s.seats[world.s.current].name


def _roll(world: World, rolls: str) -> None:
    """One round of a setup roll: every player, or those tied at the top of the last round."""
    if world.start_rounds:
        last = world.start_rounds[-1]
        best = max(d for _n, d in last)
        rolling = [n for n, d in last if d == best]
    else:
        rolling = [world.s.seats[p].name for p in world.g.rel.players(world.s)]
    dice = numbers(rolls)
    assert len(dice) == len(rolling), f"{len(rolling)} roll now: {', '.join(rolling)}"
    world.start_rounds.append(tuple(zip(rolling, dice, strict=True)))
    if dice.count(max(dice)) > 1:
        return  # those tied roll again
    world.act(StartRoll(tuple(world.start_rounds)))
    world.start_rounds = []


@step(
    "then",
    "those tied for the first turn roll again",
    en='"{names}" are tied for the first turn and roll again',
    da='står "{names}" lige om den første tur og slår igen',
    nl='staan "{names}" gelijk voor de eerste beurt en gooien opnieuw',
)
def _tied_again(world: World, names: str) -> None:
    assert world.s.phase == "start_roll", world.s.phase
    last = world.start_rounds[-1]
    best = max(d for _n, d in last)
    assert [n for n, d in last if d == best] == split_list(names)
