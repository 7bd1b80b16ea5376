"""Setup: players allowed, start armies, claiming or dealing the territories."""

from __future__ import annotations

from ..world import World, numbers
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
