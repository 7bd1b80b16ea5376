"""Reinforcing: placing the armies a turn brings, and trading sets of cards for more."""

from __future__ import annotations

from collections.abc import Iterator

from ..grammar.messages import msg
from .actions import Place, Trade
from .allies import Allies
from .relations import Relations
from .rows import Board, add_armies, refill, shift_armies, with_hand, with_seat
from .state import GameState


class Reinforcing:
    """The reinforce phase: `reinforcements.*`, `cards.*` trades, and `territory.max_armies`
    for armies that find no room."""

    def __init__(self, relations: Relations, allies: Allies) -> None:
        self.rel = relations
        self.rules = relations.rules
        self.allies = allies

    def actions(self, state: GameState, seat: int) -> Iterator[Trade | Place]:
        for cards in self.rules.sets_in(state.hands[seat]):
            places = self.bonus_places(state, seat, cards)
            for kind in self.rules.set_kinds(cards):
                if places:  # the player names where the extra armies go, one of these
                    for territory in places:
                        yield Trade(cards, kind, territory)
                else:
                    yield Trade(cards, kind)
        if not state.must_trade:
            whole = self._all_in_one(state, seat)
            for t in self.rel.placeable(state, seat):
                most = min(state.reserves[seat], self.rel.room(state, t))
                if whole:
                    if most == state.reserves[seat]:
                        yield Place(t, most)
                    continue
                for k in range(1, most + 1):
                    yield Place(t, k)

    def _all_in_one(self, state: GameState, seat: int) -> bool:
        """Must these armies all go to one territory? Those of a trade made at once after an
        elimination do under elimination.trade_placement: one_territory (000 p7 "Placer disse
        forstærkninger i et af dine territorier"), when some territory has room for them all."""
        if not state.conquered or state.reserves[seat] <= 1:
            return False
        if self.rules.word("elimination.trade_placement", "split") != "one_territory":
            return False
        self.rules.note("elimination.trade_placement")
        need = state.reserves[seat]
        return any(self.rel.room(state, t) >= need for t in self.rel.placeable(state, seat))

    def no_room(self, state: GameState) -> GameState:
        """Reinforcements that find no place are lost: with a cap on armies per territory, a
        player (or an ally) whose territories are all full ends placing at once; in team play
        under majority control (teams.reinforce.into_team: no), so does a player who controls
        no territory, their armies all beside a team-mate's stronger or equal ones."""
        seat = state.current
        if (
            state.phase == "reinforce"
            and state.reserves[seat] > 0
            and not state.must_trade
            and not self.rel.placeable_with_room(state, seat)
        ):
            if self.rel.placeable(state, seat):
                self.rules.note("territory.max_armies")
            else:
                self.rules.note("teams.reinforce.into_team")
            lost = state.reserves[seat]
            state = state.evolve(
                reserves=with_seat(state.reserves, seat, 0), destroyed=state.destroyed + lost
            )
            return self.after_reinforcing(state)
        if state.phase == "ally_reinforce":
            full = [
                n
                for n in self.rel.allies(state, seat)
                if state.reserves[n] > 0 and not self.rel.placeable_with_room(state, n)
            ]
            if full:
                self.rules.note("territory.max_armies")
                reserves = state.reserves
                lost = 0
                for n in full:
                    lost += reserves[n]
                    reserves = with_seat(reserves, n, 0)
                state = state.evolve(reserves=reserves, destroyed=state.destroyed + lost)
        return state

    def after_reinforcing(self, state: GameState) -> GameState:
        """Where play goes once every reinforcement is placed."""
        if state.conquered:  # a trade forced by an elimination, in the middle of the attacks
            return state.evolve(phase="attack")
        if "ally_reinforce" in self.rules.words("turn.phases") and self.rel.allies(
            state, state.current
        ):
            return state.evolve(phase="ally_reinforce")
        return state.evolve(phase="attack")

    def place(self, state: GameState, action: Place) -> GameState:
        if state.phase == "ally_reinforce":
            return self.allies.place_for_ally(state, action)
        if state.phase != "reinforce":
            raise self.rel.phase_error(state, msg("placing armies"))
        self.rel.check_territory(action.territory)
        seat = state.current
        name = state.seats[seat].name
        if not self.rel.can_place(state, seat, action.territory):
            if self.rel.shared_with_team(state, seat, action.territory):
                raise self.rel.violation(
                    "teams.reinforce.into_team",
                    msg(
                        "{name} does not control {territory}: reinforcements go only to "
                        "territories you control, not one a team-mate controls",
                        name=name,
                        territory=action.territory,
                    ),
                )
            raise self.rel.violation(
                "territory.control",
                msg("{name} does not control {territory}", name=name, territory=action.territory),
            )
        if action.armies < 1:
            raise self.rel.violation("reinforcements.territories", msg("place at least one army"))
        if state.must_trade:
            raise self.rel.violation(
                self._forcing(state),
                msg("{name} must trade a set of cards before placing armies", name=name),
            )
        if action.armies > state.reserves[seat]:
            raise self.rel.violation(
                "reinforcements.territories",
                msg(
                    "{name} has {reserves} armies to place, not {armies}",
                    name=name,
                    reserves=state.reserves[seat],
                    armies=action.armies,
                ),
            )
        if self._all_in_one(state, seat) and action.armies != state.reserves[seat]:
            raise self.rel.violation(
                "elimination.trade_placement",
                msg(
                    "{name} places all {reserves} armies of the trade in one territory, not "
                    "{armies} of them",
                    name=name,
                    reserves=state.reserves[seat],
                    armies=action.armies,
                ),
            )
        self.rel.check_room(state, action.territory, action.armies)
        armies = add_armies(state, action.territory, seat, action.armies)
        left = state.reserves[seat] - action.armies
        state = state.evolve(armies=armies, reserves=with_seat(state.reserves, seat, left))
        return self.after_reinforcing(state) if left == 0 else state

    def _shown_held(self, state: GameState, seat: int, cards: tuple[int, ...]) -> list[str]:
        """The territories shown on these cards that `seat` controls, in the cards' order."""
        out: list[str] = []
        for c in cards:
            territory = self.rules.card(c).territory
            if territory is not None and self.rel.controller(state, territory) == seat:
                out.append(territory)
        return out

    def bonus_places(self, state: GameState, seat: int, cards: tuple[int, ...]) -> list[str]:
        """Where a trade of `cards` may put its cards.territory_bonus: the held territories
        the cards show that have room, when the bonus (and this turn's cap) gives any."""
        bonus = self.rules.integer("cards.territory_bonus", 0)
        cap = self.rules.limit("cards.territory_bonus_cap")
        if bonus <= 0 or (cap is not None and cap - state.bonus_taken <= 0):
            return []
        return [t for t in self._shown_held(state, seat, cards) if self.rel.room(state, t) > 0]

    def _bonus(
        self, state: GameState, seat: int, cards: tuple[int, ...], named: str | None
    ) -> tuple[Board, int]:
        """The armies after a trade's cards.territory_bonus and how many it placed: on the
        territory the player named, which must be one the cards show, that they hold and that
        has room, whenever the trade earns the bonus (001 "handel med kort til hære": "Du
        skal placere begge disse hære"); naming one when the trade earns none is refused too
        (a record must not claim armies that were never placed)."""
        name = state.seats[seat].name
        places = self.bonus_places(state, seat, cards)
        if named is None and places:
            raise self.rel.violation(
                "cards.territory_bonus",
                msg(
                    "the cards {cards} show territories {name} holds: name the one that gets the "
                    "extra armies ({places})",
                    cards=str(list(cards)),
                    name=name,
                    places=", ".join(places),
                ),
            )
        if named is not None and named not in places:
            shown = self._shown_held(state, seat, cards)
            why = (
                msg("one of {places}", places=", ".join(places))
                if places
                else msg("this trade earns no extra armies")
                if not shown
                else msg("none of them can take the extra armies now")
            )
            raise self.rel.violation(
                "cards.territory_bonus",
                msg(
                    "{territory} is not a territory {name} holds shown on cards {cards} that can "
                    "take the extra armies: {why}",
                    territory=named,
                    name=name,
                    cards=str(list(cards)),
                    why=why,
                ),
            )
        if named is None:
            return state.armies, 0
        bonus = self.rules.integer("cards.territory_bonus", 0)
        cap = self.rules.limit("cards.territory_bonus_cap")
        room = bonus if cap is None else min(bonus, cap - state.bonus_taken)
        room = min(room, self.rel.room(state, named))
        return shift_armies(state.armies, state.index[named], seat, room), room

    def _forcing(self, state: GameState) -> str:
        """The rule that makes the trade due: after an elimination, a second forced set, or the
        forced trade itself."""
        if state.trade_down_to is not None:
            return "elimination.trade_down_to"
        if state.traded:
            return "cards.forced_trade_sets"
        return "cards.forced_trade"

    def trade(self, state: GameState, action: Trade) -> GameState:
        if state.phase != "reinforce":
            raise self.rel.phase_error(state, msg("trading cards"))
        seat = state.current
        hand = list(state.hands[seat])
        cards = tuple(action.cards)
        name = state.seats[seat].name
        if len(cards) != 3 or len(set(cards)) != 3 or any(c not in hand for c in cards):
            raise self.rel.violation(
                "cards.sets",
                msg("{name} does not hold cards {cards}", name=name, cards=str(list(cards))),
            )
        kinds = self.rules.set_kinds(cards)
        if not kinds:
            raise self.rel.violation(
                "cards.sets", msg("cards {cards} do not make a set", cards=str(list(cards)))
            )
        kind = action.kind or kinds[0]
        if kind not in kinds:
            raise self.rel.violation(
                "cards.sets",
                msg("cards {cards} are not a {kind} set", cards=str(list(cards)), kind=kind),
            )
        n = state.sets_traded + 1
        value = self.rules.trade_value(n, kind)
        for c in cards:
            hand.remove(c)
        armies, bonus_total = self._bonus(state, seat, cards, action.bonus)
        new = state.evolve(
            armies=armies,
            hands=with_hand(state.hands, seat, hand),
            discards=state.discards + cards,
            sets_traded=n,
            reserves=with_seat(state.reserves, seat, state.reserves[seat] + value),
            created=state.created + value + bonus_total,
            traded=True,
            bonus_taken=state.bonus_taken + bonus_total,
        )
        new = refill(new)
        still = False
        left = 0
        if new.trade_down_to is not None:
            still = len(hand) > new.trade_down_to and bool(self.rules.sets_in(hand))
        elif state.must_trade and state.forced_left > 1:
            # cards.forced_trade_sets: the next set is due too, when the hand completes one.
            self.rules.note("cards.forced_trade_sets")
            left = state.forced_left - 1
            still = bool(self.rules.sets_in(hand))
        new = new.evolve(
            must_trade=still,
            trade_down_to=new.trade_down_to if still else None,
            forced_left=left if still else 0,
        )
        if not still and new.reserves[seat] == 0:
            # Nothing to place: a set worth no armies, traded when an elimination forced it in
            # the middle of the attacks. Play goes on, as it does once the last army is placed.
            return self.after_reinforcing(new)
        return new
