"""The state a scenario builds up, and name lookups in the manuals' own languages."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from .. import load
from ..engine import refusals
from ..engine.actions import Action, RuleViolation
from ..engine.game import Game
from ..engine.rules import WILD, Rules
from ..engine.state import GameState
from ..grammar.messages import msg

SYMBOL_WORDS = {
    "infantry": "infantry", "infanteri": "infantry", "infanterie": "infantry",
    "cavalry": "cavalry", "kavaleri": "cavalry", "cavalerie": "cavalry",
    "artillery": "artillery", "artilleri": "artillery", "artillerie": "artillery",
    "wild": WILD, "joker": WILD, "wilde kaart": WILD, "wildcard": WILD,
}  # fmt: skip


def fold(text: str) -> str:
    """Case- and accent-insensitive key: 'Azië' and 'azie' match."""
    text = unicodedata.normalize("NFKD", text.strip().casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace("-", " ").replace("_", " ")


def split_list(text: str) -> list[str]:
    """'a, b og c' / 'a, b en c' / 'a, b and c' -> ['a', 'b', 'c']."""
    for word in (" og ", " en ", " and "):
        text = text.replace(word, ", ")
    return [part.strip() for part in text.split(",") if part.strip()]


def numbers(text: str) -> list[int]:
    return [int(part) for part in split_list(text)]


@dataclass
class World:
    """One scenario's world: the rules, a game position, and the last outcome."""

    rules: Rules | None = None
    ruleset_override: str | None = None
    # The rulesets loaded in this run, by name (immutable: every scenario of a run may share
    # them; loading one is most of a short scenario's time).
    loaded: dict[str, Rules] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    neutrals: list[str] = field(default_factory=list)
    status: dict[str, str] = field(default_factory=dict)
    missions: dict[str, list[str]] = field(default_factory=dict)
    completed: dict[str, list[str]] = field(default_factory=dict)
    capitals: dict[str, str] = field(default_factory=dict)
    teams: dict[str, int] = field(default_factory=dict)
    holdings: dict[str, dict[str, int]] = field(default_factory=dict)
    filler: str | None = None
    hands: dict[str, list[int]] = field(default_factory=dict)
    sets_traded: int = 0
    game: Game | None = None
    state: GameState | None = None
    error: RuleViolation | None = None
    territories: int = 0
    continents: list[str] = field(default_factory=list)
    owned: set[str] = field(default_factory=set)
    cards: list[int] = field(default_factory=list)
    battle: tuple[int, int] | None = None
    reserves_before: int = 0
    # Where the last trade put its cards.territory_bonus (None: it earned none).
    bonus_on: str | None = None
    # The rounds of the roll after the setup rolled so far (setup.first_turn), while tied.
    start_rounds: list[tuple[tuple[str, int], ...]] = field(default_factory=list)

    # ------------------------------------------------------------ rules and names

    def use(self, name: str) -> Rules:
        key = self.ruleset_override or name
        if key not in self.loaded:
            self.loaded[key] = load(key)
        self.rules = self.loaded[key]
        self.game = Game(self.rules)
        return self.rules

    @property
    def r(self) -> Rules:
        assert self.rules is not None, "the scenario names no ruleset (a Background step)"
        return self.rules

    @property
    def g(self) -> Game:
        assert self.game is not None
        return self.game

    @property
    def s(self) -> GameState:
        assert self.state is not None, "no game position yet"
        return self.state

    def territory(self, name: str) -> str:
        key = fold(name)
        for t in self.r.geo.board.territories:
            if key == fold(t.id) or any(key == fold(n) for _, n in t.names):
                return t.id
        raise AssertionError(f"no territory called {name!r} on the board")

    def continent(self, name: str) -> str:
        key = fold(name)
        for c in self.r.geo.board.continents:
            if key == fold(c.id) or any(key == fold(n) for _, n in c.names):
                return c.id
        raise AssertionError(f"no continent called {name!r} on the board")

    def card_ids(self, text: str, taken: set[int] | None = None) -> list[int]:
        """Cards by symbol words (any language) or by territory names, distinct ids."""
        used = set(taken or ())
        out = []
        for word in split_list(text):
            symbol = SYMBOL_WORDS.get(fold(word))
            if symbol is None:
                territory = self.territory(word)
                card = next(c for c in self.r.deck if c.territory == territory)
            else:
                card = next(c for c in self.r.deck if c.symbol == symbol and c.id not in used)
            used.add(card.id)
            out.append(card.id)
        return out

    def cards_in_hand(self, text: str, hand: tuple[int, ...]) -> list[int]:
        """Cards of a hand named by territory or by symbol word, in the order named."""
        out: list[int] = []
        for word in split_list(text):
            symbol = SYMBOL_WORDS.get(fold(word))
            for card_id in hand:
                card = self.r.card(card_id)
                named = card.symbol == symbol if symbol else card.territory == self.territory(word)
                if named and card_id not in out:
                    out.append(card_id)
                    break
            else:
                raise AssertionError(f"no card {word!r} in the hand")
        return out

    # ------------------------------------------------------------ positions

    def seat(self, player: str) -> int:
        return [*self.players, *self.neutrals].index(player)

    def start(self, players: int, neutrals: int | None = None) -> GameState:
        """The first position of a game of `players` players (p1, p2, …), seated, and the
        ruleset's neutral armies, or `neutrals` of them named n1, n2, …"""
        self.players = [f"p{i + 1}" for i in range(players)]
        if neutrals is None:
            return self.g.start(self.players)
        self.neutrals = [f"n{i + 1}" for i in range(neutrals)]
        return self.g.start(self.players, self.neutrals)

    def build(self, current: str, begin: bool) -> GameState:
        layout: dict[str, dict[str, int]] = {}
        turn = 0
        for t in self.r.geo.territories:
            if t in self.holdings:
                layout[t] = dict(self.holdings[t])
            else:  # unnamed territories: the stated holder, or the players in turn
                everyone = [*self.players, *self.neutrals]
                layout[t] = {self.filler or everyone[turn % len(everyone)]: 1}
                turn += 1
        self.state = self.g.position(
            self.players,
            layout,
            current,
            self.hands,
            sets_traded=self.sets_traded,
            begin=begin,
            neutrals=self.neutrals,
            status=self.status,
            missions=self.missions,
            completed=self.completed,
            capitals=self.capitals,
            teams=self.teams or None,
        )
        return self.state

    def act_as(self, player: str, action: Action) -> None:
        """`action` taken by `player`: refused as the referee refuses a record line when it is
        not their move (turn.phases), else applied."""
        current = self.s.seats[self.s.current].name
        if player != current:
            said = msg(
                "it is {current}'s move ({phase}), not {player}'s",
                current=current,
                phase=refusals.phase(self.s.phase),
                player=player,
            )
            self.error = self.g.violation("turn.phases", said)
            return
        self.act(action)

    def cards_named(self, text: str, hand: tuple[int, ...]) -> list[int]:
        """Cards named by territory or symbol word: those of `hand` where it holds them, else
        the deck's (a card the holder does not have, for the game to refuse)."""
        out: list[int] = []
        for word in split_list(text):
            try:
                found = self.cards_in_hand(word, tuple(c for c in hand if c not in out))
            except AssertionError:
                found = self.card_ids(word, set(out) | set(hand))
            out.extend(found)
        return out

    def act(self, action: Action) -> None:
        self.error = None
        try:
            self.state = self.g.apply(self.s, action)
        except RuleViolation as exc:
            self.error = exc
