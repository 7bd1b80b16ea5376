"""Active neutral armies (the 2006 two-player game): bribery with RISK cards, reinforcing
allies by a die, and the status die after an invasion that involved a neutral."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..grammar import model as m
from ..grammar.messages import msg
from .actions import Action, AllyReinforce, Bribe, EndPhase, Place, StatusRoll, TakeCards
from .relations import Relations
from .rows import add_armies, with_hand, with_seat
from .state import GameState, Invasion


class Allies:
    """The phases and actions only active neutral armies have."""

    def __init__(self, relations: Relations) -> None:
        self.rel = relations
        self.rules = relations.rules

    # ---------------------------------------------------------------- bribery

    def bribes(self, state: GameState) -> Iterator[Bribe]:
        seat = state.current
        limit = self.rules.integer("neutrals.bribe.max_cards", 0)
        for n in self.rel.neutrals(state):
            if not self.rel.alive(state, n) or len(state.hands[n]) >= limit:
                continue
            if self.rel.step_toward(state, n, seat) == state.status[n]:
                continue
            for card in state.hands[seat]:
                yield Bribe(state.seats[n].name, card)

    def bribe(self, state: GameState, action: Bribe) -> GameState:
        if state.phase != "bribe":
            raise self.rel.phase_error(state, msg("bribing a neutral army"))
        seat = state.current
        name = state.seats[seat].name
        n = self.rel.seat_named(state, action.neutral, "neutrals.bribe.steps_per_card")
        if not state.seats[n].neutral or not self.rel.alive(state, n):
            raise self.rel.violation(
                "neutrals.bribe.steps_per_card",
                msg("{neutral} is not a neutral army in play", neutral=action.neutral),
            )
        if action.card not in state.hands[seat]:
            raise self.rel.violation(
                "neutrals.bribe.steps_per_card",
                msg("{name} does not hold card {card}", name=name, card=action.card),
            )
        limit = self.rules.integer("neutrals.bribe.max_cards")
        if len(state.hands[n]) >= limit:
            raise self.rel.violation(
                "neutrals.bribe.max_cards",
                msg(
                    "{neutral} already holds {n} cards and cannot be bribed",
                    neutral=action.neutral,
                    n=len(state.hands[n]),
                ),
            )
        steps = self.rules.integer("neutrals.bribe.steps_per_card")
        place = state.status[n]
        for _ in range(steps):
            place = self.rel.step_toward(
                state.evolve(status=with_seat(state.status, n, place)), n, seat
            )
        if place == state.status[n]:
            raise self.rel.violation(
                "neutrals.bribe.steps_per_card",
                msg("{neutral} is already {name}'s ally", neutral=action.neutral, name=name),
            )
        hands = with_hand(state.hands, seat, [c for c in state.hands[seat] if c != action.card])
        hands = with_hand(hands, n, [*state.hands[n], action.card])
        return state.evolve(hands=hands, status=with_seat(state.status, n, place))

    # ---------------------------------------------------------------- ally reinforcements

    def ally_reinforcements(self, state: GameState) -> Iterator[Action]:
        seat = state.current
        pending = [n for n in self.rel.allies(state, seat) if state.reserves[n] > 0]
        for n in self.rel.allies(state, seat):
            if n not in state.allies_reinforced and not pending:
                yield AllyReinforce(state.seats[n].name)
        for n in pending:
            for t in self.rel.owned(state, n):
                for k in range(1, min(state.reserves[n], self.rel.room(state, t)) + 1):
                    yield Place(t, k)
        if not pending:
            yield EndPhase()

    def ally_reinforce(self, state: GameState, action: AllyReinforce) -> GameState:
        if state.phase != "ally_reinforce":
            raise self.rel.phase_error(state, msg("reinforcing an ally"))
        seat = state.current
        n = self.rel.seat_named(state, action.neutral, "neutrals.ally.reinforce")
        if n not in self.rel.allies(state, seat):
            raise self.rel.violation(
                "neutrals.ally.reinforce",
                msg(
                    "{neutral} is not an ally of {name}",
                    neutral=action.neutral,
                    name=state.seats[seat].name,
                ),
            )
        if n in state.allies_reinforced:
            raise self.rel.violation(
                "neutrals.ally.reinforce",
                msg("{neutral} was reinforced this turn", neutral=action.neutral),
            )
        waiting = [x for x in self.rel.allies(state, seat) if state.reserves[x] > 0]
        if waiting:
            raise self.rel.violation(
                "neutrals.ally.reinforce",
                msg("place the armies of {names} first", names=self.rel.names(state, waiting)),
            )
        if action.die is None:
            raise ValueError("the die is missing (see with_chance)")
        if not 1 <= action.die <= 6:
            raise self.rel.violation("neutrals.ally.reinforce", msg("a die shows 1 to 6"))
        self.rules.note("neutrals.ally.reinforce")
        self.rules.note("neutrals.ally.trades_cards")  # allies get armies by the die, not cards
        return state.evolve(
            reserves=with_seat(state.reserves, n, state.reserves[n] + action.die),
            created=state.created + action.die,
            allies_reinforced=state.allies_reinforced | {n},
        )

    def place_for_ally(self, state: GameState, action: Place) -> GameState:
        self.rel.check_territory(action.territory)
        n = self.rel.controller(state, action.territory)
        if n is None or n not in self.rel.allies(state, state.current):
            raise self.rel.violation(
                "territory.control",
                msg("{territory} is not held by an ally", territory=action.territory),
            )
        if not 1 <= action.armies <= state.reserves[n]:
            raise self.rel.violation(
                "neutrals.ally.reinforce",
                msg(
                    "{name} has {reserves} armies to place, not {armies}",
                    name=state.seats[n].name,
                    reserves=state.reserves[n],
                    armies=action.armies,
                ),
            )
        self.rel.check_room(state, action.territory, action.armies)
        return state.evolve(
            armies=add_armies(state, action.territory, n, action.armies),
            reserves=with_seat(state.reserves, n, state.reserves[n] - action.armies),
        )

    # ---------------------------------------------------------------- the status die

    def status_rolls(self, state: GameState) -> Iterator[StatusRoll]:
        invasion = state.invasion
        if invasion is None:
            return
        for n in sorted(invasion.neutrals - invasion.rolled):
            if self.rel.alive(state, n):
                yield StatusRoll(state.seats[n].name)

    def status_roll(self, state: GameState, action: StatusRoll) -> GameState:
        invasion = state.invasion
        n = self.rel.seat_named(state, action.neutral, "neutrals.status_die.keep")
        if state.phase not in ("attack", "status") or invasion is None:
            raise self.rel.violation(
                "neutrals.status_die.keep", msg("no invasion involving a neutral army has ended")
            )
        if n not in invasion.neutrals or n in invasion.rolled or not self.rel.alive(state, n):
            raise self.rel.violation(
                "neutrals.status_die.keep",
                msg("{neutral} was not involved in this invasion", neutral=action.neutral),
            )
        if action.die is None:
            raise ValueError("the die is missing (see with_chance)")
        if not 1 <= action.die <= 6:
            raise self.rel.violation("neutrals.status_die.keep", msg("a die shows 1 to 6"))
        keep = self.rules.value("neutrals.status_die.keep")
        low, high = (
            (keep.low.value, keep.high.value)
            if isinstance(keep, m.Range)
            and isinstance(keep.low, m.Int)
            and isinstance(keep.high, m.Int)
            else (7, 7)
        )
        status = state.status
        if not low <= action.die <= high:
            status = with_seat(status, n, self.rel.step_toward(state, n, state.current, away=True))
        rolled = invasion.rolled | {n}
        done = all(x in rolled or not self.rel.alive(state, x) for x in invasion.neutrals)
        return state.evolve(
            status=status,
            invasion=None if done else Invasion(invasion.target, invasion.neutrals, rolled),
            phase="attack" if done and state.phase == "status" else state.phase,
        )

    # ---------------------------------------------------------------- an eliminated one's cards

    def _spoiled(self, state: GameState) -> int:
        """The eliminated neutral army whose cards wait to be chosen from."""
        for n in sorted(state.eliminated):
            if state.seats[n].neutral and state.hands[n]:
                return n
        raise self.rel.phase_error(state, msg("taking an eliminated neutral army's cards"))

    def _most_taken(self, hand: tuple[int, ...]) -> int:
        """How many of an eliminated neutral army's cards its conqueror may take: one
        (neutrals.elimination.cards: one_chosen_by_conqueror) or any number."""
        if self.rules.word("neutrals.elimination.cards", "") == "one_chosen_by_conqueror":
            return min(1, len(hand))
        return len(hand)

    def spoils(self, state: GameState) -> Iterator[TakeCards]:
        """Every choice of the eliminated neutral army's cards (neutrals.elimination.cards:
        one_chosen_by_conqueror or chosen_by_conqueror), the most first, none last."""
        hand = state.hands[self._spoiled(state)]
        for size in range(self._most_taken(hand), -1, -1):
            for chosen in combinations(hand, size):
                yield TakeCards(chosen)

    def take_cards(self, state: GameState, action: TakeCards) -> GameState:
        """The conqueror takes the cards chosen; the rest are discarded; the attack goes on."""
        if state.phase != "spoils":
            raise self.rel.phase_error(state, msg("taking an eliminated neutral army's cards"))
        loser = self._spoiled(state)
        hand = state.hands[loser]
        chosen = tuple(action.cards)
        if len(set(chosen)) != len(chosen) or any(c not in hand for c in chosen):
            raise self.rel.violation(
                "neutrals.elimination.cards",
                msg(
                    "{name} holds cards {held}, not {chosen}",
                    name=state.seats[loser].name,
                    held=str(list(hand)),
                    chosen=str(list(chosen)),
                ),
            )
        most = self._most_taken(hand)
        if len(chosen) > most:
            raise self.rel.violation(
                "neutrals.elimination.cards",
                msg(
                    "the player who eliminates {name} may claim {most} of its cards, not {count}",
                    name=state.seats[loser].name,
                    most=most,
                    count=len(chosen),
                ),
            )
        self.rules.note("neutrals.elimination.cards")
        seat = state.current
        rest = tuple(c for c in hand if c not in chosen)
        taken = (*state.hands[seat], *chosen)
        hands = with_hand(with_hand(state.hands, loser, ()), seat, taken)
        return state.evolve(hands=hands, discards=state.discards + rest, phase="attack")
