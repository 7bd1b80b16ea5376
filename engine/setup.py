"""Setting up a game: missions drawn, territories claimed in turn or dealt, start armies placed
(the players' and, in the two-player games, the neutral armies')."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

from ..grammar.messages import msg
from .actions import Action, AssignMissions, ChooseCapital, Claim, Deal, Place, StartRoll, roll
from .missions import deck
from .relations import Relations
from .rows import add_armies, with_seat
from .state import GameState, Seat
from .turns import begin_turn


class Setup:
    """The start of a game, up to the first player's first turn."""

    def __init__(self, relations: Relations) -> None:
        self.rel = relations
        self.rules = relations.rules
        self.geo = relations.geo

    def neutral_names(self) -> list[str]:
        count = self.rules.integer("neutrals.count", 0) if self.rules.has("neutrals.count") else 0
        return [f"neutral-{i + 1}" for i in range(count)]

    def starting_order(self, players: Sequence[str], rolls: Sequence[int]) -> list[str] | None:
        """The seating from whoever starts (setup.first_player: the highest roll of a die starts,
        then play goes to the left, the players' order): None when the highest roll is tied,
        so those tied roll again. A game is started with the players in this order."""
        self.rules.note("setup.first_player")
        if len(rolls) != len(players) or any(not 1 <= r <= 6 for r in rolls):
            raise self.rel.violation("setup.first_player", msg("one die, 1 to 6, for each player"))
        best = max(rolls)
        if rolls.count(best) > 1:
            return None
        first = rolls.index(best)
        return [*players[first:], *players[:first]]

    def start(self, players: Sequence[str], neutrals: Sequence[str] | None = None) -> GameState:
        """A new game for these players (and the ruleset's neutral armies, named or not)."""
        self.rules.note("board")
        low, high = self.rules.players
        if not low <= len(players) <= high:
            between = f"{low} to {high}" if low < high else f"{low}"
            raise self.rel.violation(
                "players",
                msg(
                    "this ruleset is for {between} players, not {n}",
                    between=between,
                    n=len(players),
                ),
            )
        wanted = self.neutral_names()
        names = list(neutrals) if neutrals is not None else wanted
        if len(names) != len(wanted):
            raise ValueError(_neutrals_named(wanted, names))
        seen: set[str] = set()
        for name in [*players, *names]:
            if name in seen:
                raise ValueError(
                    f"'{name}' is named twice: each player and neutral army needs a name of its own"
                )
            seen.add(name)
        teams = self.rules.integer("teams.count", 0) if self.rules.has("teams.count") else 0
        if teams:
            size = self.rules.integer("teams.size", len(players) // teams)
            if teams * size != len(players):
                raise self.rel.violation(
                    "teams.size",
                    msg(
                        "{teams} teams of {size} need {value} players",
                        teams=teams,
                        size=size,
                        value=teams * size,
                    ),
                )
            # Seated so that the teams take turns: player i is on team i mod the team count.
            self.rules.note("teams.seating")
        seats = tuple(Seat(p, team=(i % teams) if teams else None) for i, p in enumerate(players))
        seats += tuple(Seat(n, neutral=True) for n in names)
        armies = self.rules.start_armies(len(players))
        neutral_armies = self.rules.integer("neutrals.start_armies", 0) if names else 0
        reserves = (armies,) * len(players) + (neutral_armies,) * len(names)
        method = self.rules.word("setup.territories")
        missions = self.rules.has("missions.per_player")
        start = "missions" if missions else ("deal" if method == "deal" else "claim")
        track_start = (
            self.rel.track.index(self.rules.word("neutrals.status.start"))
            if self.rules.has("neutrals.status.start")
            else 0
        )
        return GameState(
            seats=seats,
            territories=self.geo.territories,
            armies=tuple((0,) * len(seats) for _ in self.geo.territories),
            hands=tuple(() for _ in seats),
            draw_pile=frozenset(c.id for c in self.rules.deck),
            discards=(),
            reserves=reserves,
            phase=start,
            current=0,
            created=sum(reserves),
            index=dict(self.geo.index),
            status=tuple(track_start if s.neutral else 0 for s in seats),
            missions=tuple(() for _ in seats),
            completed=tuple(() for _ in seats),
        )

    def position(
        self,
        players: Sequence[str],
        layout: Mapping[str, Mapping[str, int]],
        current: str | None = None,
        hands: Mapping[str, Sequence[int]] | None = None,
        sets_traded: int = 0,
        begin: bool = True,
        neutrals: Sequence[str] = (),
        status: Mapping[str, str] | None = None,
        missions: Mapping[str, Sequence[str]] | None = None,
        completed: Mapping[str, Sequence[str]] | None = None,
        teams: Mapping[str, int] | None = None,
        capitals: Mapping[str, str] | None = None,
    ) -> GameState:
        """A game in progress, as a manual's example describes it: who holds what.

        `layout` maps each territory to the armies of each seat in it (every territory of the
        board must be held). With `begin`, the current player's turn starts: their
        reinforcements are counted as at the start of any turn.
        """
        self.rules.note("board")
        count = self.rules.integer("teams.count", 0) if self.rules.has("teams.count") else 0
        seats = tuple(
            Seat(name, team=(teams or {}).get(name, i % count if count else None))
            if count or teams
            else Seat(name)
            for i, name in enumerate(players)
        ) + tuple(Seat(n, neutral=True) for n in neutrals)
        index = {seat.name: i for i, seat in enumerate(seats)}
        missing = [t for t in self.geo.territories if t not in layout]
        if missing:
            raise ValueError(f"the layout leaves out {len(missing)} territories: {missing[:3]}")
        rows = []
        for territory in self.geo.territories:
            row = [0] * len(seats)
            for who, n in layout[territory].items():
                row[index[who]] = n
            rows.append(tuple(row))
        held = {c for cards in (hands or {}).values() for c in cards}
        places = {
            seat.name: self.rel.track.index((status or {}).get(seat.name, "not_involved"))
            for seat in seats
            if seat.neutral
        }
        state = GameState(
            seats=seats,
            territories=self.geo.territories,
            armies=tuple(rows),
            hands=tuple(tuple(sorted((hands or {}).get(s.name, ()))) for s in seats),
            draw_pile=frozenset(c.id for c in self.rules.deck if c.id not in held),
            discards=(),
            reserves=(0,) * len(seats),
            phase="attack",
            current=index[current] if current else 0,
            turn=1,
            sets_traded=sets_traded,
            fortifies_left=self.rules.count_or_unlimited("fortify.moves"),
            index=dict(self.geo.index),
            status=tuple(places.get(s.name, 0) for s in seats),
            ally_moves=tuple(self.rules.integer("neutrals.ally.fortify_moves", 0) for _ in seats),
            missions=tuple(tuple((missions or {}).get(s.name, ())) for s in seats),
            completed=tuple(tuple((completed or {}).get(s.name, ())) for s in seats),
            capitals=tuple((capitals or {}).get(s.name) for s in seats) if capitals else (),
        )
        state = state.evolve(created=state.board_armies())
        if begin:
            return begin_turn(self.rel, state.evolve(turn=0), state.current)
        return state

    # ---------------------------------------------------------------- chance

    def _deal_sizes(self, state: GameState) -> list[int]:
        per_player = self.rules.integer("setup.deal.cards")
        per_neutral = (
            self.rules.integer("neutrals.cards_dealt", 0) if self.rel.neutrals(state) else 0
        )
        return [per_neutral if s.neutral else per_player for s in state.seats]

    def _dealable(self) -> list[int]:
        wild_out = self.rules.flag("setup.deal.remove_wild", False)
        return [c.id for c in self.rules.deck if not (wild_out and c.territory is None)]

    def random_deal(self, state: GameState, rng: random.Random) -> Deal:
        cards = self._dealable()
        rng.shuffle(cards)
        hands, at = [], 0
        for size in self._deal_sizes(state):
            hands.append(tuple(sorted(cards[at : at + size])))
            at += size
        return Deal(tuple(hands))

    def random_missions(self, state: GameState, rng: random.Random) -> AssignMissions:
        ranks = self.rules.words("missions.ranks")
        by_rank = {r: [mi.id for mi in deck(self.rules) if mi.rank == r] for r in ranks}
        for pile in by_rank.values():
            rng.shuffle(pile)
        out = []
        for _ in self.rel.players(state):
            out.append(tuple(by_rank[r].pop() for r in ranks if by_rank[r]))
        return AssignMissions(tuple(out))

    # ---------------------------------------------------------------- legal actions

    def setup_actions(self, state: GameState) -> Iterator[Action]:
        if state.phase == "deal":
            yield Deal()
        elif state.phase == "missions":
            yield AssignMissions()
        elif state.phase == "claim":
            for t in state.territories:
                if state.total(t) == 0:
                    yield Claim(t)
        elif state.phase == "start_roll":
            yield StartRoll()
        elif state.phase == "place":
            seat = state.current
            own = min(self.per_round() - state.placed, state.reserves[seat])
            for t in self.rel.owned(state, seat):
                for k in range(1, min(own, self.rel.room(state, t)) + 1):
                    yield Place(t, k)
            for n in self.neutrals_to_place(state):
                for t in self.rel.owned(state, n):
                    if self.rel.room(state, t) > 0:
                        yield Place(t, 1)

    # ---------------------------------------------------------------- apply

    def apply_setup(self, state: GameState, action: Action) -> GameState:
        if isinstance(action, Place):  # the commonest first: a failed isinstance test costs
            return self._setup_place(state, action)  # the Python engine a lookup
        if isinstance(action, Claim):
            return self._claim(state, action)
        if isinstance(action, AssignMissions):
            return self._assign(state, action)
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, StartRoll):
            return self.start_roll(state, action)
        raise ValueError(f"not a setup action: {action!r}")

    def _assign(self, state: GameState, action: AssignMissions) -> GameState:
        if state.phase != "missions":
            raise self.rel.phase_error(state, msg("drawing missions"))
        if action.missions is None:
            raise ValueError("the missions drawn are missing (see Game.chance)")
        ranks = self.rules.words("missions.ranks")
        self.rules.note("missions.per_player")
        known = {mi.id: mi for mi in deck(self.rules)}
        players = self.rel.players(state)
        if len(action.missions) != len(players):
            raise self.rel.violation("missions.per_player", msg("every player draws missions"))
        seen: set[str] = set()
        for hand in action.missions:
            got = sorted(known[m].rank for m in hand if m in known)
            if len(hand) != len(ranks) or got != sorted(ranks) or seen & set(hand):
                raise self.rel.violation(
                    "missions.per_player", msg("each player draws one mission of each rank")
                )
            seen |= set(hand)
        missions = list(state.missions)
        for seat, hand in zip(players, action.missions, strict=True):
            missions[seat] = tuple(hand)
        method = self.rules.word("setup.territories")
        return state.evolve(missions=tuple(missions), phase="deal" if method == "deal" else "claim")

    def _deal(self, state: GameState, action: Deal) -> GameState:
        if state.phase != "deal":
            raise self.rel.phase_error(state, msg("dealing territory cards"))
        if action.hands is None:
            raise ValueError("the cards dealt are missing (see Game.chance)")
        sizes = self._deal_sizes(state)
        dealable = set(self._dealable())
        if len(action.hands) != len(sizes):
            raise self.rel.violation("setup.deal.cards", msg("deal cards to every seat"))
        seen: set[int] = set()
        for hand, size, holder in zip(action.hands, sizes, state.seats, strict=True):
            rule = "neutrals.cards_dealt" if holder.neutral else "setup.deal.cards"
            if len(hand) != size:
                raise self.rel.violation(
                    rule,
                    msg(
                        "{name} is dealt {size} cards, not {n}",
                        name=holder.name,
                        size=size,
                        n=len(hand),
                    ),
                )
            if seen & set(hand) or not set(hand) <= dealable:
                raise self.rel.violation(
                    "setup.deal.remove_wild",
                    msg("each territory card is dealt once; no wild cards"),
                )
            seen |= set(hand)
        rows = [list(r) for r in state.armies]
        reserves = list(state.reserves)
        for seat, hand in enumerate(action.hands):
            for card in hand:
                territory = self.rules.card(card).territory
                assert territory is not None
                rows[state.index[territory]][seat] += 1
                reserves[seat] -= 1
        if any(sum(r) == 0 for r in rows):
            raise self.rel.violation("setup.deal.cards", msg("the deal must cover every territory"))
        # setup.deal.place_roll: the players roll for who places the start armies first.
        rolls = self.rules.flag("setup.deal.place_roll")
        return state.evolve(
            armies=tuple(tuple(r) for r in rows),
            reserves=tuple(reserves),
            phase="start_roll" if rolls else "place",
            current=self.rel.players(state)[0],
            placed=0,
        )

    def _claim(self, state: GameState, action: Claim) -> GameState:
        if state.phase != "claim":
            raise self.rel.phase_error(state, msg("claiming a territory"))
        self.rel.check_territory(action.territory)
        if state.total(action.territory) > 0:
            raise self.rel.violation(
                "setup.territories",
                msg("{territory} is already claimed", territory=action.territory),
            )
        seat = state.current
        armies = add_armies(state, action.territory, seat, 1)
        reserves = with_seat(state.reserves, seat, state.reserves[seat] - 1)
        after = self._next_placer(state, seat, reserves)
        if all(sum(row) > 0 for row in armies):  # every territory claimed
            return state.evolve(
                armies=armies, reserves=reserves, phase="place", current=after, placed=0
            )
        return state.evolve(armies=armies, reserves=reserves, current=after)

    def per_round(self) -> int:
        return self.rules.integer("setup.place_per_turn")

    def _neutrals_placed_by_players(self) -> bool:
        return self.rules.has("neutrals.place_per_turn")

    def neutrals_to_place(self, state: GameState) -> list[int]:
        if not self._neutrals_placed_by_players():
            return []
        return [
            n
            for n in self.rel.neutrals(state)
            if state.reserves[n] > 0 and n not in state.placed_neutrals
        ]

    def _next_placer(self, state: GameState, seat: int, reserves: tuple[int, ...]) -> int:
        """The next seat to claim or place, the seats' reserves now being `reserves`: players
        in turn, and neutrals that act for themselves in the setup (when no player places
        their armies for them)."""
        n = len(state.seats)
        by_players = self._neutrals_placed_by_players()
        neutral_left = by_players and any(reserves[x] > 0 for x in self.rel.neutrals(state))
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if state.seats[nxt].neutral:
                if not by_players and reserves[nxt] > 0:
                    return nxt
                continue
            if reserves[nxt] > 0 or neutral_left:
                return nxt
        return seat

    def _setup_place(self, state: GameState, action: Place) -> GameState:
        self.rel.check_territory(action.territory)
        seat = state.current
        name = state.seats[seat].name
        owner = self.rel.controller(state, action.territory)
        if owner is None:
            raise self.rel.violation(
                "territory.control", msg("{territory} is not held", territory=action.territory)
            )
        if owner == seat:
            most = min(self.per_round() - state.placed, state.reserves[seat])
            if not 1 <= action.armies <= most:
                raise self.rel.violation(
                    "setup.place_per_turn",
                    msg(
                        "{name} may place {most} more armies now, not {armies}",
                        name=name,
                        most=most,
                        armies=action.armies,
                    ),
                )
            self.rel.check_room(state, action.territory, action.armies)
            state = state.evolve(
                armies=add_armies(state, action.territory, seat, action.armies),
                reserves=with_seat(state.reserves, seat, state.reserves[seat] - action.armies),
                placed=state.placed + action.armies,
            )
        elif owner in self.neutrals_to_place(state):
            if action.armies != 1:
                raise self.rel.violation(
                    "neutrals.place_per_turn", msg("one army is placed for each neutral army")
                )
            self.rel.check_room(state, action.territory, 1)
            state = state.evolve(
                armies=add_armies(state, action.territory, owner, 1),
                reserves=with_seat(state.reserves, owner, state.reserves[owner] - 1),
                placed_neutrals=state.placed_neutrals | {owner},
            )
        else:
            raise self.rel.violation(
                "territory.control",
                msg("{name} does not control {territory}", name=name, territory=action.territory),
            )
        own_done = state.placed >= self.per_round() or state.reserves[seat] == 0
        if not (own_done and not self.neutrals_to_place(state)):
            return state
        if not any(state.reserves):
            first = self.rel.players(state)[0]
            state = state.evolve(placed=0, placed_neutrals=frozenset())
            if self.rules.flag("setup.capitals"):
                return state.evolve(
                    phase="capital", current=first, capitals=(None,) * len(state.seats)
                )
            return self._first_turn(state, first)
        return state.evolve(
            placed=0,
            placed_neutrals=frozenset(),
            current=self._next_placer(state, seat, state.reserves),
        )

    # ---------------------------------------------------------------- capitals

    def choose_capital(self, state: GameState, action: ChooseCapital) -> GameState:
        """Capital Risk: the current player names a territory they hold; once every player
        has, the first turn begins."""
        if state.phase != "capital":
            raise self.rel.phase_error(state, msg("choosing a capital"))
        self.rel.check_territory(action.territory)
        seat = state.current
        if self.rel.controller(state, action.territory) != seat:
            raise self.rel.violation(
                "setup.capitals",
                msg(
                    "{name} does not hold {territory}: a capital is one of your own territories",
                    name=state.seats[seat].name,
                    territory=action.territory,
                ),
            )
        self.rules.note("setup.capitals")
        capitals: tuple[str | None, ...] = with_seat(state.capitals, seat, action.territory)
        state = state.evolve(capitals=capitals)
        waiting = [p for p in self.rel.players(state) if capitals[p] is None]
        if waiting:
            return state.evolve(current=waiting[0])
        return self._first_turn(state, self.rel.players(state)[0])

    # ---------------------------------------------------------------- who starts

    def rolls_again(self) -> bool:
        """Does a second roll after the setup decide who takes the first turn
        (setup.first_turn: roll_again)? Without it, whoever claimed or placed first starts."""
        return self.rules.has("setup.first_turn") and (
            self.rules.word("setup.first_turn") == "roll_again"
        )

    def _first_turn(self, state: GameState, first: int) -> GameState:
        """The setup is over: the first turn begins, or the players roll again for it."""
        if self.rolls_again():
            return state.evolve(phase="start_roll", current=first)
        return begin_turn(self.rel, state, first)

    def random_start_roll(self, state: GameState, rng: random.Random) -> StartRoll:
        """Every player rolls one die; those tied at the top roll again, until one is highest."""
        names = [state.seats[p].name for p in self.rel.players(state)]
        rounds: list[tuple[tuple[str, int], ...]] = []
        while True:
            dice = roll(rng, len(names))
            rounds.append(tuple(zip(names, dice, strict=True)))
            best = max(dice)
            names = [n for n, d in zip(names, dice, strict=True) if d == best]
            if len(names) == 1:
                return StartRoll(tuple(rounds))

    def start_roll(self, state: GameState, action: StartRoll) -> GameState:
        """A roll of the setup, each player one die, the highest winning, those tied at the top
        rolling again (as for setup.first_player): after a deal, for who places the start
        armies first (setup.deal.place_roll); once they are placed, for who takes the first
        turn, play going to the left (setup.first_turn)."""
        placing = self.rules.flag("setup.deal.place_roll") and any(
            state.reserves[p] > 0 for p in self.rel.players(state)
        )
        rule = "setup.deal.place_roll" if placing else "setup.first_turn"
        if state.phase != "start_roll":
            what = (
                msg("rolling for who places first")
                if placing
                else msg("rolling for the first turn")
            )
            raise self.rel.phase_error(state, what)
        if action.rounds is None:
            raise ValueError("the start roll needs its dice rolled (see Game.chance)")
        self.rules.note(rule)
        winner = self._roll_won(state, action.rounds, rule)
        seat = self.rel.seat_named(state, winner, rule)
        if placing:
            return state.evolve(phase="place", current=seat, placed=0)
        return begin_turn(self.rel, state, seat)

    def _roll_won(
        self, state: GameState, rounds: tuple[tuple[tuple[str, int], ...], ...], rule: str
    ) -> str:
        """Who wins these rounds of a roll: every player in the first, in seating order, those
        tied at the top in each next one, until one is highest (else a violation of `rule`)."""
        rolling = [state.seats[p].name for p in self.rel.players(state)]
        if not rounds:
            raise self.rel.violation(rule, msg("each player rolls one die"))
        for number, round_ in enumerate(rounds, 1):
            names = [name for name, _die in round_]
            if names != rolling:
                raise self.rel.violation(
                    rule,
                    msg(
                        "roll {number} is for {rolling} (one die each, in seating order), not for "
                        "{value}",
                        number=number,
                        rolling=", ".join(rolling),
                        value=", ".join(names) or "no one",
                    ),
                )
            dice = [die for _name, die in round_]
            if any(not 1 <= d <= 6 for d in dice):
                raise self.rel.violation(rule, msg("a die shows 1 to 6"))
            best = max(dice)
            rolling = [n for n, d in round_ if d == best]
            if len(rolling) == 1 and number != len(rounds):
                raise self.rel.violation(
                    rule,
                    msg(
                        "roll {number} is won by {rolling}: nobody rolls again",
                        number=number,
                        rolling=rolling[0],
                    ),
                )
        if len(rolling) > 1:
            self.rules.note("setup.first_player")
            raise self.rel.violation(
                rule,
                msg(
                    "{rolling} are tied at the top: those tied roll again",
                    rolling=", ".join(rolling),
                ),
            )
        return rolling[0]


def _neutrals_named(wanted: Sequence[str], names: Sequence[str]) -> str:
    """Why these neutral armies do not fit a ruleset whose neutral armies are `wanted`."""
    named = f"{len(names)} {'is' if len(names) == 1 else 'are'} named" if names else "none is named"
    if not wanted:
        return f"this ruleset has no neutral armies, but {named} ({', '.join(names[:3])})"
    armies = "a neutral army" if len(wanted) == 1 else f"{len(wanted)} neutral armies"
    return f"this ruleset has {armies} (by default {', '.join(wanted)}), but {named}"
