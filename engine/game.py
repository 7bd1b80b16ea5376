"""The game: a turn of Risk interpreted from the ruleset.

`Game(rules)` holds nothing but the rules; `start` builds the first state, `legal_actions`
lists what the player to act may do, `apply` returns the next state or raises RuleViolation
naming the rule an illegal action breaks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from . import expr as ex
from .actions import (
    Action,
    Attack,
    Claim,
    Draw,
    EndAttack,
    EndTurn,
    Fortify,
    MoveIn,
    Place,
    RuleViolation,
    Trade,
)
from .rules import Rules
from .state import GameState, Pending, Seat


class Game:
    """Pure functions of (rules, state): nothing is stored between calls."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geo = rules.geo
        self._most_armies = rules.effective.value("territory.control") is not None and (
            rules.word("territory.control") == "most_armies"
        )

    # ---------------------------------------------------------------- helpers

    def violation(self, rule: str, message: str) -> RuleViolation:
        self.rules.note(rule)
        return RuleViolation(rule, message, self.rules.citation(rule))

    def controller(self, state: GameState, territory: str) -> int | None:
        """The seat controlling a territory (None: empty, or a tie under majority control)."""
        row = state.armies[state.index[territory]]
        self.rules.note("territory.control")
        best, seat, tied = 0, None, False
        for i, n in enumerate(row):
            if n > best:
                best, seat, tied = n, i, False
            elif n == best and n > 0:
                tied = True
        if seat is None or (tied and self._most_armies):
            return None
        return seat

    def owned(self, state: GameState, seat: int) -> list[str]:
        return [t for t in state.territories if self.controller(state, t) == seat]

    def alive(self, state: GameState, seat: int) -> bool:
        return any(row[seat] > 0 for row in state.armies)

    def _set_armies(
        self, state: GameState, territory: str, seat: int, delta: int
    ) -> tuple[tuple[int, ...], ...]:
        i = state.index[territory]
        row = list(state.armies[i])
        row[seat] += delta
        armies = list(state.armies)
        armies[i] = tuple(row)
        return tuple(armies)

    @staticmethod
    def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
        out = list(values)
        out[seat] = value
        return tuple(out)

    @staticmethod
    def _hand(
        hands: tuple[tuple[int, ...], ...], seat: int, cards: Sequence[int]
    ) -> tuple[tuple[int, ...], ...]:
        out = list(hands)
        out[seat] = tuple(sorted(cards))
        return tuple(out)

    # ---------------------------------------------------------------- start

    def start(self, players: Sequence[str]) -> GameState:
        """A new game: territories to be claimed in seat order, start armies in reserve."""
        self.rules.note("board")
        low, high = self.rules.players
        if not low <= len(players) <= high:
            raise self.violation(
                "players", f"this ruleset is for {low} to {high} players, not {len(players)}"
            )
        if len(set(players)) != len(players):
            raise ValueError("player names must differ")
        armies = self.rules.start_armies(len(players))
        method = self.rules.word("setup.territories")
        if method != "claim":
            raise self.violation(
                "setup.territories", f"this ruleset deals territories ({method}); use a deal"
            )
        seats = tuple(Seat(name) for name in players)
        territories = self.geo.territories
        deck = self.rules.deck
        return GameState(
            seats=seats,
            territories=territories,
            armies=tuple((0,) * len(seats) for _ in territories),
            hands=tuple(() for _ in seats),
            draw_pile=frozenset(c.id for c in deck),
            discards=(),
            reserves=(armies,) * len(seats),
            phase="claim",
            current=0,
            created=armies * len(seats),
            index=dict(self.geo.index),
        )

    def position(
        self,
        players: Sequence[str],
        layout: Mapping[str, Mapping[str, int]],
        current: str | None = None,
        hands: Mapping[str, Sequence[int]] | None = None,
        sets_traded: int = 0,
        begin: bool = True,
    ) -> GameState:
        """A game in progress, as a manual's example describes it: who holds what.

        `layout` maps each territory to the armies of each player in it (every territory of
        the board must be held). With `begin`, the current player's turn starts: their
        reinforcements are counted as at the start of any turn.
        """
        self.rules.note("board")
        seats = tuple(Seat(name) for name in players)
        index = {name: i for i, name in enumerate(players)}
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
        state = GameState(
            seats=seats,
            territories=self.geo.territories,
            armies=tuple(rows),
            hands=tuple(tuple(sorted((hands or {}).get(name, ()))) for name in players),
            draw_pile=frozenset(c.id for c in self.rules.deck if c.id not in held),
            discards=(),
            reserves=(0,) * len(seats),
            phase="attack",
            current=index[current] if current else 0,
            turn=1,
            sets_traded=sets_traded,
            fortifies_left=self.rules.integer("fortify.moves"),
            index=dict(self.geo.index),
        )
        state = replace(state, created=state.board_armies())
        if begin:
            return self._begin_turn(replace(state, turn=0), state.current)
        return state

    # ---------------------------------------------------------------- legal actions

    def legal_actions(self, state: GameState) -> list[Action]:
        return list(self.iter_actions(state))

    def iter_actions(self, state: GameState) -> Iterator[Action]:
        seat = state.current
        phase = state.phase
        if phase == "claim":
            for t in state.territories:
                if state.total(t) == 0:
                    yield Claim(t)
        elif phase == "place":
            most = min(self._per_round() - state.placed, state.reserves[seat])
            for t in self.owned(state, seat):
                for k in range(1, most + 1):
                    yield Place(t, k)
        elif phase == "reinforce":
            for cards in self.rules.sets_in(state.hands[seat]):
                for kind in self.rules.set_kinds(cards):
                    yield Trade(cards, kind)
            if not state.must_trade:
                for t in self.owned(state, seat):
                    for k in range(1, state.reserves[seat] + 1):
                        yield Place(t, k)
        elif phase == "attack":
            yield from self._attacks(state, seat)
            yield EndAttack()
            yield EndTurn()
        elif phase == "move_in":
            assert state.pending is not None
            low, high = self.rules.move_in(state.pending.dice, state.total(state.pending.source))
            for k in range(low, high + 1):
                yield MoveIn(k)
        elif phase == "fortify":
            if state.fortifies_left > 0:
                yield from self._fortifies(state, seat)
            yield EndTurn()
        elif phase == "draw":
            yield Draw()

    def _attacks(self, state: GameState, seat: int) -> Iterator[Attack]:
        for source in self.owned(state, seat):
            armies = state.total(source)
            if not self.rules.attack_allowed(armies):
                continue
            a_low, a_high = self.rules.attacker_dice(armies)
            for target in sorted(self.geo.neighbours[source]):
                if not self._enemy(state, seat, target):
                    continue
                d_low, d_high = self.rules.defender_dice(state.total(target))
                for ad in range(max(a_low, 1), a_high + 1):
                    for dd in range(max(d_low, 1), d_high + 1):
                        yield Attack(source, target, ad, dd)

    def _enemy(self, state: GameState, seat: int, target: str) -> bool:
        owner = self.controller(state, target)
        return owner is not None and owner != seat

    def _fortifies(self, state: GameState, seat: int) -> Iterator[Fortify]:
        mine = set(self.owned(state, seat))
        leave = self.rules.integer("fortify.leave_behind")
        for source in sorted(mine):
            movable = state.armies_in(source)[seat] - leave
            movable = min(movable, state.total(source) - leave)
            if movable < 1:
                continue
            for target in sorted(mine):
                if self.rules.can_fortify(source, target, mine):
                    for k in range(1, movable + 1):
                        yield Fortify(source, target, k)

    # ---------------------------------------------------------------- apply

    def apply(self, state: GameState, action: Action) -> GameState:
        """The state after `action`, or RuleViolation naming the rule it breaks."""
        phase = state.phase
        if phase == "over":
            raise self.violation("victory", "the game is over")
        if isinstance(action, Claim):
            return self._claim(state, action)
        if isinstance(action, Place):
            return self._place(state, action)
        if isinstance(action, Trade):
            return self._trade(state, action)
        if isinstance(action, Attack):
            return self._attack(state, action)
        if isinstance(action, MoveIn):
            return self._move_in(state, action)
        if isinstance(action, EndAttack):
            return self._end_attack(state, action)
        if isinstance(action, Fortify):
            return self._fortify(state, action)
        if isinstance(action, EndTurn):
            return self._end_turn(state, action)
        if isinstance(action, Draw):
            return self._draw(state, action)
        raise ValueError(f"not an action: {action!r}")

    def _phase_error(self, state: GameState, what: str) -> RuleViolation:
        return self.violation(
            "turn.phases",
            f"{what} is not allowed now: it is "
            f"{state.seats[state.current].name}'s {state.phase} phase",
        )

    def _territory(self, name: str) -> None:
        if name not in self.geo.index:
            from .diagnostics import did_you_mean

            hint = did_you_mean(name, self.geo.territories)
            raise self.violation(
                "board", f"unknown territory '{name}'" + (f" ({hint})" if hint else "")
            )

    # -- setup

    def _per_round(self) -> int:
        return self.rules.integer("setup.place_per_turn")

    def _claim(self, state: GameState, action: Claim) -> GameState:
        if state.phase != "claim":
            raise self._phase_error(state, "claiming a territory")
        self._territory(action.territory)
        if state.total(action.territory) > 0:
            raise self.violation("setup.territories", f"{action.territory} is already claimed")
        seat = state.current
        armies = self._set_armies(state, action.territory, seat, 1)
        reserves = self._with(state.reserves, seat, state.reserves[seat] - 1)
        state = replace(state, armies=armies, reserves=reserves)
        if all(sum(row) > 0 for row in armies):
            return replace(
                state, phase="place", current=self._next_with_reserves(state, seat), placed=0
            )
        return replace(state, current=self._next_with_reserves(state, seat))

    def _next_with_reserves(self, state: GameState, seat: int) -> int:
        n = len(state.seats)
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if state.reserves[nxt] > 0 and not state.seats[nxt].neutral:
                return nxt
        return seat

    def _place(self, state: GameState, action: Place) -> GameState:
        if state.phase not in ("place", "reinforce"):
            raise self._phase_error(state, "placing armies")
        self._territory(action.territory)
        seat = state.current
        if self.controller(state, action.territory) != seat:
            raise self.violation(
                "territory.control", f"{state.seats[seat].name} does not control {action.territory}"
            )
        if action.armies < 1:
            raise self.violation("reinforcements.territories", "place at least one army")
        if state.phase == "place":
            most = min(self._per_round() - state.placed, state.reserves[seat])
            if action.armies > most:
                raise self.violation(
                    "setup.place_per_turn",
                    f"{state.seats[seat].name} may place {most} more armies now, "
                    f"not {action.armies}",
                )
        else:
            if state.must_trade:
                raise self.violation(
                    "cards.forced_trade"
                    if state.trade_down_to is None
                    else "elimination.trade_down_to",
                    f"{state.seats[seat].name} must trade a set of cards before placing armies",
                )
            if action.armies > state.reserves[seat]:
                raise self.violation(
                    "reinforcements.territories",
                    f"{state.seats[seat].name} has {state.reserves[seat]} armies to place, "
                    f"not {action.armies}",
                )
        armies = self._set_armies(state, action.territory, seat, action.armies)
        left = state.reserves[seat] - action.armies
        state = replace(state, armies=armies, reserves=self._with(state.reserves, seat, left))
        if state.phase == "place":
            placed = state.placed + action.armies
            if placed >= self._per_round() or left == 0:
                if not any(state.reserves):
                    return self._begin_turn(replace(state, placed=0), 0, first=True)
                return replace(state, placed=0, current=self._next_with_reserves(state, seat))
            return replace(state, placed=placed)
        if left == 0:
            return replace(state, phase="attack")
        return state

    # -- turns

    def _begin_turn(self, state: GameState, seat: int, first: bool = False) -> GameState:
        territories = self.owned(state, seat)
        continents = self.geo.held_continents(territories)
        income = self.rules.reinforcements(len(territories), continents)
        forced = len(state.hands[seat]) >= self.rules.integer("cards.forced_trade")
        moves = self.rules.integer("fortify.moves")
        return replace(
            state,
            phase="reinforce",
            current=seat,
            turn=state.turn + 1,
            reserves=self._with(state.reserves, seat, state.reserves[seat] + income),
            created=state.created + income,
            conquered=False,
            traded=False,
            must_trade=forced and bool(self.rules.sets_in(state.hands[seat])),
            trade_down_to=None,
            bonus_taken=0,
            fortifies_left=moves,
            pending=None,
        )

    def _trade(self, state: GameState, action: Trade) -> GameState:
        if state.phase != "reinforce":
            raise self._phase_error(state, "trading cards")
        seat = state.current
        hand = list(state.hands[seat])
        cards = tuple(action.cards)
        if len(cards) != 3 or len(set(cards)) != 3 or any(c not in hand for c in cards):
            raise self.violation(
                "cards.sets", f"{state.seats[seat].name} does not hold cards {list(cards)}"
            )
        kinds = self.rules.set_kinds(cards)
        if not kinds:
            raise self.violation("cards.sets", f"cards {list(cards)} do not make a set")
        kind = action.kind or kinds[0]
        if kind not in kinds:
            raise self.violation("cards.sets", f"cards {list(cards)} are not a {kind} set")
        n = state.sets_traded + 1
        value = self.rules.trade_value(n, kind)
        for c in cards:
            hand.remove(c)
        armies = state.armies
        bonus_total = 0
        bonus = self.rules.integer("cards.territory_bonus", 0)
        cap = self.rules.limit("cards.territory_bonus_cap")
        if bonus > 0:
            for c in cards:
                territory = self.rules.card(c).territory
                if territory is None or self.controller(state, territory) != seat:
                    continue
                room = bonus if cap is None else min(bonus, cap - state.bonus_taken)
                if room > 0:
                    armies = self._set_armies(replace(state, armies=armies), territory, seat, room)
                    bonus_total = room
                break
        hands = self._hand(state.hands, seat, hand)
        discards = state.discards + cards
        new = replace(
            state,
            armies=armies,
            hands=hands,
            discards=discards,
            sets_traded=n,
            reserves=self._with(state.reserves, seat, state.reserves[seat] + value),
            created=state.created + value + bonus_total,
            traded=True,
            bonus_taken=state.bonus_taken + bonus_total,
        )
        new = self._refill(new)
        still = False
        if new.trade_down_to is not None:
            still = len(hand) > new.trade_down_to and bool(self.rules.sets_in(hand))
        return replace(new, must_trade=still, trade_down_to=new.trade_down_to if still else None)

    @staticmethod
    def _refill(state: GameState) -> GameState:
        if not state.draw_pile and state.discards:
            return replace(state, draw_pile=frozenset(state.discards), discards=())
        return state

    # -- combat

    def _attack(self, state: GameState, action: Attack) -> GameState:
        if state.phase != "attack":
            raise self._phase_error(state, "attacking")
        seat = state.current
        name = state.seats[seat].name
        self._territory(action.source)
        self._territory(action.target)
        if self.controller(state, action.source) != seat:
            raise self.violation("territory.control", f"{name} does not control {action.source}")
        if not self._enemy(state, seat, action.target):
            raise self.violation(
                "combat.adjacency", f"{action.target} is not held by an opponent of {name}"
            )
        if not self.geo.borders(action.source, action.target):
            raise self.violation(
                "combat.adjacency", f"{action.source} does not border {action.target}"
            )
        armies = state.total(action.source)
        if not self.rules.attack_allowed(armies):
            raise self.violation(
                "combat.attack_requires",
                f"{action.source} holds {armies} armies: too few to attack",
            )
        a_low, a_high = self.rules.attacker_dice(armies)
        if not a_low <= action.attacker_dice <= a_high:
            raise self.violation(
                "combat.attacker.dice",
                f"from {armies} armies the attacker rolls {a_low} to {a_high} dice, "
                f"not {action.attacker_dice}",
            )
        defending = state.total(action.target)
        d_low, d_high = self.rules.defender_dice(defending)
        if not d_low <= action.defender_dice <= d_high:
            raise self.violation(
                "combat.defender.dice",
                f"with {defending} armies the defender rolls {d_low} to {d_high} dice, "
                f"not {action.defender_dice}",
            )
        if action.rolls is None:
            raise ValueError("an attack needs its dice rolled (see with_chance)")
        attack, defence = action.rolls
        if len(attack) != action.attacker_dice or len(defence) != action.defender_dice:
            raise self.violation(
                "combat.attacker.dice", "the dice rolled do not match the dice declared"
            )
        if any(not 1 <= d <= 6 for d in (*attack, *defence)):
            raise self.violation("combat.attacker.dice", "a die shows 1 to 6")
        self.rules.note("combat.ties")
        lost_a, lost_d = self.rules.battle(attack, defence)
        defender = self.controller(state, action.target)
        assert defender is not None
        armies_rows = self._set_armies(state, action.source, seat, -lost_a)
        state = replace(state, armies=armies_rows, destroyed=state.destroyed + lost_a + lost_d)
        armies_rows = self._set_armies(state, action.target, defender, -lost_d)
        state = replace(state, armies=armies_rows)
        if state.total(action.target) == 0:
            return replace(
                state,
                phase="move_in",
                pending=Pending(action.source, action.target, action.attacker_dice, defender),
            )
        return state

    def _move_in(self, state: GameState, action: MoveIn) -> GameState:
        if state.phase != "move_in" or state.pending is None:
            raise self._phase_error(state, "moving in")
        pending = state.pending
        seat = state.current
        low, high = self.rules.move_in(pending.dice, state.total(pending.source))
        if not low <= action.armies <= high:
            rule = "conquest.move_in.minimum" if action.armies < low else "conquest.move_in.maximum"
            raise self.violation(rule, f"move in {low} to {high} armies, not {action.armies}")
        armies = self._set_armies(state, pending.source, seat, -action.armies)
        state = replace(state, armies=armies)
        armies = self._set_armies(state, pending.target, seat, action.armies)
        state = replace(state, armies=armies, pending=None, phase="attack", conquered=True)
        if not self.alive(state, pending.defender):
            state = self._eliminate(state, seat, pending.defender)
        if self._has_won(state, seat):
            self.rules.note("victory")
            return replace(state, phase="over", winner=seat)
        return state

    def _eliminate(self, state: GameState, seat: int, loser: int) -> GameState:
        eliminated = state.eliminated | {loser}
        state = replace(state, eliminated=eliminated)
        if self.rules.word("elimination.cards") != "to_conqueror":
            discards = state.discards + state.hands[loser]
            return replace(state, hands=self._hand(state.hands, loser, ()), discards=discards)
        hand = list(state.hands[seat]) + list(state.hands[loser])
        hands = self._hand(self._hand(state.hands, loser, ()), seat, hand)
        state = replace(state, hands=hands)
        trade_at = self.rules.limit("elimination.trade_at")
        if trade_at is not None and len(hand) >= trade_at and self.rules.sets_in(hand):
            down_to = self.rules.limit("elimination.trade_down_to")
            return replace(
                state,
                phase="reinforce",
                must_trade=True,
                trade_down_to=down_to if down_to is not None else trade_at - 1,
            )
        return state

    def _has_won(self, state: GameState, seat: int) -> bool:
        names = self.quantities(state, seat)
        functions = self.functions(state, seat)
        return bool(self.rules.evaluate("victory", names, functions))

    def quantities(self, state: GameState, seat: int) -> dict[str, ex.Number]:
        """The named quantities a victory or mission condition may read, for one seat."""
        mine = self.owned(state, seat)
        opponents = sum(
            1
            for i, s in enumerate(state.seats)
            if i != seat and not s.neutral and i not in state.eliminated and self.alive(state, i)
        )
        return {
            "territories": len(mine),
            "continents": len(self.geo.held_continents(mine)),
            "opponents": opponents,
            "armies": sum(row[seat] for row in state.armies),
            "missions_completed": 0,
            "opposing_players_eliminated": 0,
        }

    def functions(self, state: GameState, seat: int) -> dict[str, ex.Function]:
        mine = self.owned(state, seat)

        def controls(continent: object) -> bool:
            return self.geo.continents.get(str(continent), frozenset({""})) <= set(mine)

        def at_least(n: object) -> int:
            return sum(1 for t in mine if state.armies_in(t)[seat] >= int(str(n)))

        return {"controls": controls, "territories_with_at_least": at_least}

    # -- end of turn

    def _end_attack(self, state: GameState, action: EndAttack) -> GameState:
        if state.phase != "attack":
            raise self._phase_error(state, "ending the attack phase")
        self.rules.note("turn.phases")
        return replace(state, phase="fortify")

    def _fortify(self, state: GameState, action: Fortify) -> GameState:
        if state.phase not in ("fortify",):
            raise self._phase_error(state, "fortifying")
        seat = state.current
        name = state.seats[seat].name
        self._territory(action.source)
        self._territory(action.target)
        if state.fortifies_left < 1:
            raise self.violation("fortify.moves", f"{name} has no fortifying moves left this turn")
        mine = set(self.owned(state, seat))
        if action.source not in mine or action.target not in mine:
            raise self.violation(
                "territory.control", f"{name} must control both {action.source} and {action.target}"
            )
        if not self.rules.can_fortify(action.source, action.target, mine):
            raise self.violation(
                "fortify.reach",
                f"{name} cannot move armies from {action.source} to {action.target}",
            )
        leave = self.rules.integer("fortify.leave_behind")
        movable = min(state.armies_in(action.source)[seat], state.total(action.source)) - leave
        if not 1 <= action.armies <= movable:
            raise self.violation(
                "fortify.leave_behind",
                f"{action.source} can send 1 to {max(movable, 0)} armies, not {action.armies}",
            )
        armies = self._set_armies(state, action.source, seat, -action.armies)
        state = replace(state, armies=armies)
        armies = self._set_armies(state, action.target, seat, action.armies)
        return replace(state, armies=armies, fortifies_left=state.fortifies_left - 1)

    def _end_turn(self, state: GameState, action: EndTurn) -> GameState:
        if state.phase not in ("attack", "fortify"):
            raise self._phase_error(state, "ending the turn")
        draws = "draw" in self.rules.words("turn.phases") and self.rules.integer("cards.draw") > 0
        if state.conquered and draws and state.draw_pile:
            return replace(state, phase="draw", placed=0)
        return self._next_turn(state)

    def _draw(self, state: GameState, action: Draw) -> GameState:
        if state.phase != "draw":
            raise self.violation(
                "cards.draw", "a card is drawn only at the end of a turn with a conquest"
            )
        if action.card is None:
            raise ValueError("a draw needs its card (see with_chance)")
        if action.card not in state.draw_pile:
            raise self.violation("cards.draw", f"card {action.card} is not in the draw pile")
        seat = state.current
        hands = self._hand(state.hands, seat, [*state.hands[seat], action.card])
        state = self._refill(replace(state, hands=hands, draw_pile=state.draw_pile - {action.card}))
        drawn = state.placed + 1
        if drawn < self.rules.integer("cards.draw") and state.draw_pile:
            return replace(state, placed=drawn)
        return self._next_turn(replace(state, placed=0))

    def _next_turn(self, state: GameState) -> GameState:
        n = len(state.seats)
        for step in range(1, n + 1):
            nxt = (state.current + step) % n
            if (
                not state.seats[nxt].neutral
                and nxt not in state.eliminated
                and self.alive(state, nxt)
            ):
                return self._begin_turn(state, nxt)
        return replace(state, phase="over", winner=state.current)
