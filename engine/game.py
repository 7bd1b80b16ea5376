"""The game: Risk interpreted from the ruleset.

`Game(rules)` holds nothing but the rules; `start` builds the first state, `legal_actions`
lists what the player to act may do, `apply` returns the next state or raises RuleViolation
naming the rule an illegal action breaks. The setup, reinforcing, fortifying, active neutral
armies, missions and victory are rule families in modules of their own that `Game` holds and
calls.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from ..grammar import expr as ex
from ..grammar.messages import Message, msg
from . import actions as act
from . import refusals
from .allies import Allies
from .fortify import Fortifying
from .missions import Mission, Missions
from .reinforce import Reinforcing
from .relations import Relations
from .rows import empty, refill, shift_two, with_hand
from .rules import MEMO, Rules
from .setup import Setup
from .state import GameState, Invasion, Pending
from .trace import OPEN
from .turns import begin_turn, forced_sets
from .victory import Victory


class Game:
    """Pure functions of (rules, state): nothing is stored between calls but memos of them
    (of the last position asked about, as `Relations` keeps).

    The rule families are parts it holds and calls, each built on the same `Relations` (the
    read-only questions about a position): `setup` (engine/setup.py), `reinforcing` (placing
    and trading cards, engine/reinforce.py), `fortifying` (engine/fortify.py), `neutral_allies`
    (engine/allies.py), `missions` (engine/missions.py), `victory` (engine/victory.py). The
    turn itself (its phases, attack, conquer, draw, the next turn) is here.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geo = rules.geo
        self.rel = Relations(rules)
        self.victory = Victory(self.rel)
        self.setup = Setup(self.rel)
        self.neutral_allies = Allies(self.rel)
        self.missions = Missions(self.rel, self.victory)
        self.reinforcing = Reinforcing(self.rel, self.neutral_allies)
        self.fortifying = Fortifying(self.rel)
        # After every action: the rules that change a position besides the action's own.
        self._after = self.rel.max_armies is not None or self.rel.teams
        # The last position's move-in bounds (see _bounds): a memo, as Relations keeps.
        self._bounds_of: GameState | None = None
        self._bounds_found: tuple[int | None, int, int] = (None, 0, 0)

    # ---------------------------------------------------------------- starting a game

    def start(self, players: Sequence[str], neutrals: Sequence[str] | None = None) -> GameState:
        """A new game for these players (and the ruleset's neutral armies, named or not)."""
        return self.setup.start(players, neutrals)

    def position(self, *args: Any, **kwargs: Any) -> GameState:
        """A game in progress, as a manual's example describes it (see Setup.position)."""
        state = self.setup.position(*args, **kwargs)
        if self.rel.max_armies is not None or self.rel.teams:
            state = self.reinforcing.no_room(state)  # as after any action
        return state

    def starting_order(self, players: Sequence[str], rolls: Sequence[int]) -> list[str] | None:
        return self.setup.starting_order(players, rolls)

    def neutral_names(self) -> list[str]:
        return self.setup.neutral_names()

    # ---------------------------------------------------------------- questions about a position

    def controller(self, state: GameState, territory: str) -> int | None:
        return self.rel.controller(state, territory)

    def owned(self, state: GameState, seat: int) -> list[str]:
        return self.rel.owned(state, seat)

    def placeable(self, state: GameState, seat: int) -> list[str]:
        return self.rel.placeable(state, seat)

    def strongest(self, state: GameState, territory: str) -> int | None:
        return self.rel.strongest(state, territory)

    def friendly(self, state: GameState, seat: int) -> set[int]:
        return self.rel.friendly(state, seat)

    def commanded(self, state: GameState, seat: int) -> set[int]:
        return self.rel.commanded(state, seat)

    def allies(self, state: GameState, seat: int) -> list[int]:
        return self.rel.allies(state, seat)

    def ally_of(self, state: GameState, neutral: int) -> int | None:
        return self.rel.ally_of(state, neutral)

    def seat_named(self, state: GameState, name: str, rule: str) -> int:
        return self.rel.seat_named(state, name, rule)

    def violation(self, rule: str, message: Message) -> act.RuleViolation:
        return self.rel.violation(rule, message)

    def defence_roller(self, state: GameState, defender: int) -> int | None:
        return self.rel.defence_roller(state, defender)

    def has_won(self, state: GameState, seat: int) -> bool:
        return self.victory.has_won(state, seat)

    def quantities(self, state: GameState, seat: int) -> dict[str, ex.Number]:
        return self.victory.quantities(state, seat)

    @property
    def deck(self) -> dict[str, Mission]:
        """The ruleset's missions by id (Mission RISK)."""
        return self.missions.deck

    def revealed(self, state: GameState, seat: int) -> str | None:
        return self.missions.revealed(state, seat)

    def mission_claims(self, state: GameState) -> Iterator[act.ClaimMission]:
        return self.missions.mission_claims(state)

    def bribes(self, state: GameState) -> Iterator[act.Bribe]:
        return self.neutral_allies.bribes(state)

    def status_rolls(self, state: GameState) -> Iterator[act.StatusRoll]:
        return self.neutral_allies.status_rolls(state)

    # ---------------------------------------------------------------- chance

    def chance(self, state: GameState, action: act.Action, rng: random.Random) -> act.Action:
        """The action with its chance part filled in: dice, a card, a deal, missions drawn."""
        if isinstance(action, act.Deal) and action.hands is None:
            return self.setup.random_deal(state, rng)
        if isinstance(action, act.AssignMissions) and action.missions is None:
            return self.setup.random_missions(state, rng)
        if isinstance(action, act.StartRoll) and action.rounds is None:
            return self.setup.random_start_roll(state, rng)
        return act.with_chance(action, rng, state.draw_pile)

    # ---------------------------------------------------------------- legal actions

    def legal_actions(self, state: GameState) -> list[act.Action]:
        return list(self.iter_actions(state))

    def iter_actions(self, state: GameState) -> Iterator[act.Action]:
        seat = state.current
        phase = state.phase
        if phase in ("deal", "missions", "claim", "place", "start_roll"):
            yield from self.setup.setup_actions(state)
            return
        if phase == "over":
            return
        if phase == "capital":
            yield from (act.ChooseCapital(t) for t in self.rel.owned(state, seat))
            return
        if phase in ("reinforce", "attack", "fortify", "bribe", "ally_reinforce"):
            yield from self.missions.mission_claims(state)
        if phase == "bribe":
            yield from self.neutral_allies.bribes(state)
            yield act.EndPhase()
        elif phase == "reinforce":
            yield from self.reinforcing.actions(state, seat)
        elif phase == "ally_reinforce":
            yield from self.neutral_allies.ally_reinforcements(state)
        elif phase == "attack":
            yield from self.neutral_allies.status_rolls(state)
            if not self._invasion_open(state):
                yield from self._attacks(state, seat, None)
                yield act.EndAttack()
                yield act.EndTurn()
            else:
                assert state.invasion is not None
                yield from self._attacks(state, seat, state.invasion.target)
        elif phase == "move_in":
            assert state.pending is not None
            low, high = self._move_in_range(state)
            for k in range(low, high + 1):
                yield act.MoveIn(k)
        elif phase == "status":
            yield from self.neutral_allies.status_rolls(state)
        elif phase == "fortify":
            yield from self.fortifying.moves(state, seat)
            yield act.EndTurn()
        elif phase == "draw":
            yield act.Draw()
        elif phase == "spoils":
            yield from self.neutral_allies.spoils(state)

    def _attacks(self, state: GameState, seat: int, only: str | None) -> Iterator[act.Attack]:
        for army in sorted(self.rel.commanded(state, seat)):
            for source in self.rel.owned(state, army):
                armies = state.armies_in(source)[army]
                if not self.rules.attack_allowed(armies):
                    continue
                a_low, a_high = self.rules.attacker_dice(armies)
                for target in sorted(self.geo.neighbours[source]):
                    if only is not None and target != only:
                        continue
                    if self._defender(state, seat, army, target) is None:
                        continue
                    d_low, d_high = self.rules.defender_dice(state.total(target))
                    for ad in range(max(a_low, 1), a_high + 1):
                        for dd in range(max(d_low, 1), d_high + 1):
                            yield act.Attack(source, target, ad, dd)

    def _defender(self, state: GameState, seat: int, army: int, target: str) -> int | None:
        """The seat defending `target` against `army` commanded by `seat`, if it is a foe."""
        defender = self.rel.strongest(state, target)
        if defender is None or defender == army or self.rel.is_friend(state, seat, defender):
            return None
        return defender

    # ---------------------------------------------------------------- apply

    def apply(self, state: GameState, action: act.Action) -> GameState:
        """The state after `action`, or RuleViolation naming the rule it breaks."""
        if type(action) is act.Attack and state.phase != "over":  # most actions are rolls
            after = self._attack(state, action)
        elif type(action) is act.MoveIn and state.phase != "over":  # most others, conquests'
            after = self._move_in(state, action)
        else:  # by isinstance: a failed test costs the Python engine a lookup of __class__
            after = self._apply(state, action)
        if self._after:
            after = self.reinforcing.no_room(after)
        return after

    def _apply(self, state: GameState, action: act.Action) -> GameState:
        if state.phase == "over":
            raise self.rel.violation("victory", msg("the game is over"))
        # The commonest classes first (no action class derives from another, so the order
        # changes nothing else): a failed isinstance test costs the Python engine a lookup.
        if isinstance(action, act.Place):
            if state.phase == "place":
                return self.setup.apply_setup(state, action)
            return self.reinforcing.place(state, action)
        if isinstance(action, act.EndAttack):
            return self._end_attack(state, action)
        if isinstance(action, act.EndTurn):
            return self._end_turn(state, action)
        if isinstance(action, (act.Claim, act.Deal, act.AssignMissions, act.StartRoll)):
            return self.setup.apply_setup(state, action)
        if isinstance(action, act.Draw):
            return self._draw(state, action)
        if isinstance(action, act.Trade):
            return self.reinforcing.trade(state, action)
        if isinstance(action, act.Fortify):
            return self.fortifying.fortify(state, action)
        if isinstance(action, act.Attack):  # apply hands on an attack of this class itself
            return self._attack(state, action)
        if isinstance(action, act.MoveIn):
            return self._move_in(state, action)
        if isinstance(action, act.ChooseCapital):
            return self.setup.choose_capital(state, action)
        if isinstance(action, act.Bribe):
            return self.neutral_allies.bribe(state, action)
        if isinstance(action, act.AllyReinforce):
            return self.neutral_allies.ally_reinforce(state, action)
        if isinstance(action, act.StatusRoll):
            return self.neutral_allies.status_roll(state, action)
        if isinstance(action, act.ClaimMission):
            return self.missions.claim_mission(state, action)
        if isinstance(action, act.EndPhase):
            return self._end_phase(state)
        if isinstance(action, act.TakeCards):
            after = self.neutral_allies.take_cards(state, action)
            return after.evolve(phase="status") if self._invasion_open(after) else after
        raise ValueError(f"not an action: {action!r}")

    # -- turns

    def _end_phase(self, state: GameState) -> GameState:
        if state.phase == "bribe":
            self.rules.note("turn.phases")
            hand = state.hands[state.current]
            forced = len(hand) >= self.rules.integer("cards.forced_trade")
            must = forced and bool(self.rules.sets_in(hand))
            return state.evolve(
                phase="reinforce", must_trade=must, forced_left=forced_sets(self.rel, must)
            )
        if state.phase == "ally_reinforce":
            pending = [n for n in self.rel.allies(state, state.current) if state.reserves[n] > 0]
            if pending:
                raise self.rel.violation(
                    "neutrals.ally.reinforce",
                    msg("place the armies of {names} first", names=self.rel.names(state, pending)),
                )
            return state.evolve(phase="attack")
        raise self.rel.phase_error(state, msg("ending this phase"))

    # -- combat

    def _invasion_open(self, state: GameState) -> bool:
        invasion = state.invasion  # a loop, not any(): no generator's cells (Python engine)
        if invasion is not None:
            for n in invasion.neutrals:
                if n not in invasion.rolled and self.rel.alive(state, n):
                    return True
        return False

    def _attack(self, state: GameState, action: act.Attack) -> GameState:
        if state.phase != "attack":
            raise self.rel.phase_error(state, msg("attacking"))
        seat = state.current
        rel = self.rel
        i = rel.index.get(action.source, -1)
        j = rel.index.get(action.target, -1)
        if i < 0:
            rel.check_territory(action.source)
        if j < 0:
            rel.check_territory(action.target)
        view = rel.view(state)  # the position's controllers and strongest seats, at hand
        army = view.control[i]
        if army < 0 or (army != seat and not rel.commands(state, seat, army)):
            said = refusals.not_controlled(state.seats[seat].name, action.source)
            raise rel.violation("territory.control", said)
        ongoing = state.invasion
        if ongoing is not None and action.target != ongoing.target and self._invasion_open(state):
            said = refusals.invasion_open(
                ongoing.target, rel.names(state, sorted(ongoing.neutrals))
            )
            raise rel.violation("neutrals.status_die.keep", said)
        defender = view.holders[j]  # as _defender decides
        if defender < 0 or defender == army or rel.is_friend(state, seat, defender):
            friendly = defender >= 0 and rel.is_friend(state, seat, defender)
            mates = friendly and bool(rel.teammates(state, seat))
            rule = "teams.friendly_fire" if mates else "combat.adjacency"
            raise rel.violation(
                rule, refusals.not_an_opponent(action.target, state.seats[seat].name)
            )
        if action.target not in rel.neighbours[action.source]:
            self.rules.note("board")
            said = refusals.not_bordering(action.source, action.target)
            raise rel.violation("combat.adjacency", said)
        self.rules.note("combat.attacks")  # any_number: one more roll, from here, is allowed
        rows = state.armies
        lost_a, lost_d = self._losses(self._dice_checked(action, rows[i][army], view.totals[j]))
        if state.seats[defender].neutral:
            self.rules.note("neutrals.defence_rolled_by")
        lost_d = min(lost_d, rows[j][defender])
        rows = shift_two(rows, i, army, -lost_a, j, defender, -lost_d)
        invasion = (
            self._track_invasion(state, action.target, army, defender)
            if rel.active_neutrals
            else None
        )
        if empty(rows[j]):
            pending = Pending(action.source, action.target, action.attacker_dice, defender)
            return state.evolve(
                armies=rows,
                destroyed=state.destroyed + lost_a + lost_d,
                invasion=invasion,
                phase="move_in",
                pending=pending,
                rolls=state.rolls + 1,
            )
        # One new state per roll (not one per change): a game is mostly rolls.
        return state.rolled(rows, state.destroyed + lost_a + lost_d, invasion, state.rolls + 1)

    def _dice_checked(
        self, action: act.Attack, armies: int, defending: int
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The attack's dice, rolled as many as each side may roll with its armies."""
        rel = self.rel
        if not self.rules.attack_allowed(armies):
            said = refusals.too_few(action.source, armies)
            raise rel.violation("combat.attack_requires", said)
        a_low, a_high = self.rules.attacker_dice(armies)
        if not a_low <= action.attacker_dice <= a_high:
            said = refusals.attacker_dice(armies, a_low, a_high, action.attacker_dice)
            raise rel.violation("combat.attacker.dice", said)
        d_low, d_high = self.rules.defender_dice(defending)
        if not d_low <= action.defender_dice <= d_high:
            said = refusals.defender_dice(defending, d_low, d_high, action.defender_dice)
            raise rel.violation("combat.defender.dice", said)
        rolled = action.rolls
        if rolled is None:
            raise ValueError("an attack needs its dice rolled (see act.with_chance)")
        if len(rolled[0]) != action.attacker_dice or len(rolled[1]) != action.defender_dice:
            raise rel.violation(
                "combat.attacker.dice", msg("the dice rolled do not match the dice declared")
            )
        return rolled

    def _losses(self, rolled: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, int]:
        """The losses of a roll whose dice match those declared, once its dice are checked;
        the Python engine keeps the rolls it checked and their losses (Rules.rolled)."""
        known = self.rules.rolled if not OPEN[0] else None
        found = known.get(rolled) if known is not None else None
        if found is None:
            if not act.dice_shown(*rolled):
                raise self.rel.violation("combat.attacker.dice", msg("a die shows 1 to 6"))
            found = self.rules.losses(*rolled)
            if known is not None and len(known) < MEMO:
                known[rolled] = found
        return found

    def _track_invasion(
        self, state: GameState, target: str, army: int, defender: int
    ) -> Invasion | None:
        if not self.rel.active_neutrals:
            return None
        involved = {s for s in (army, defender) if state.seats[s].neutral}
        previous = state.invasion
        if previous is not None and previous.target == target:
            return Invasion(target, previous.neutrals | involved, previous.rolled)
        return Invasion(target, frozenset(involved)) if involved else None

    def _move_in_range(self, state: GameState) -> tuple[int, int]:
        found = self._bounds(state)
        return found[1], found[2]

    def _bounds(self, state: GameState) -> tuple[int | None, int, int]:
        """The army that moves into the pending conquest, and the fewest and most armies it
        may move: remembered for the last position asked about (the player asks it to decide,
        `apply` to check), unless a recording of the rules consulted is open."""
        if state is self._bounds_of and not OPEN[0]:
            return self._bounds_found
        pending = state.pending
        assert pending is not None
        army = self.rel.controller(state, pending.source)
        own = state.armies_in(pending.source)[army] if army is not None else 0
        low, high = self.rules.move_in(pending.dice, own)
        if self.rel.max_armies is not None:
            high = max(low, min(high, self.rel.room(state, pending.target)))
        found = (army, low, high)
        self._bounds_of, self._bounds_found = state, found
        return found

    def _move_in(self, state: GameState, action: act.MoveIn) -> GameState:
        if state.phase != "move_in" or state.pending is None:
            raise self.rel.phase_error(state, msg("moving in"))
        pending = state.pending
        seat = state.current
        army, low, high = self._bounds(state)
        assert army is not None
        if not low <= action.armies <= high:
            rule = "conquest.move_in.minimum" if action.armies < low else "conquest.move_in.maximum"
            raise self.rel.violation(rule, refusals.move_in(low, high, action.armies))
        source, target = state.index[pending.source], state.index[pending.target]
        armies = shift_two(state.armies, source, army, -action.armies, target, army, action.armies)
        earns = army == seat or self.rules.flag("neutrals.ally.conquest_card", False)
        if army != seat:
            self.rules.note("neutrals.ally.conquest_card")
        state = state.evolve(
            armies=armies, pending=None, phase="attack", conquered=state.conquered or earns
        )
        if not self.rel.alive(state, pending.defender):
            state = self._eliminate(state, seat, pending.defender)
        if self.victory.has_won(state, seat):
            self.rules.note("victory")
            return state.evolve(phase="over", winner=seat)
        if self._invasion_open(state) and state.phase == "attack":
            return state.evolve(phase="status")
        return state

    def _eliminate(self, state: GameState, seat: int, loser: int) -> GameState:
        state = state.evolve(eliminated=state.eliminated | {loser})
        neutral = state.seats[loser].neutral
        rule = "neutrals.elimination.cards" if neutral else "elimination.cards"
        fate = self.rules.word(rule, "to_conqueror")
        if fate in ("chosen_by_conqueror", "one_chosen_by_conqueror") and state.hands[loser]:
            return state.evolve(phase="spoils")  # the player chooses which cards to take
        if fate != "to_conqueror":
            discards = state.discards + state.hands[loser]
            return state.evolve(hands=with_hand(state.hands, loser, ()), discards=discards)
        hand = list(state.hands[seat]) + list(state.hands[loser])
        hands = with_hand(with_hand(state.hands, loser, ()), seat, hand)
        state = state.evolve(hands=hands)
        trade_at = self.rules.limit("elimination.trade_at")
        if (
            not neutral
            and trade_at is not None
            and len(hand) >= trade_at
            and self.rules.sets_in(hand)
        ):
            down_to = self.rules.limit("elimination.trade_down_to")
            target = down_to if down_to is not None else trade_at - 1
            return state.evolve(phase="reinforce", must_trade=True, trade_down_to=target)
        return state

    # -- the end of a turn

    def _end_attack(self, state: GameState, action: act.EndAttack) -> GameState:
        if state.phase != "attack":
            raise self.rel.phase_error(state, msg("ending the attack phase"))
        self._close_invasion(state)
        self.rules.note("turn.phases")
        return state.evolve(phase="fortify")

    def _close_invasion(self, state: GameState) -> None:
        if self._invasion_open(state):
            assert state.invasion is not None
            raise self.rel.violation(
                "neutrals.status_die.keep",
                msg(
                    "roll the status die for {names} first",
                    names=self.rel.names(state, sorted(state.invasion.neutrals)),
                ),
            )

    def _end_turn(self, state: GameState, action: act.EndTurn) -> GameState:
        if state.phase not in ("attack", "fortify"):
            raise self.rel.phase_error(state, msg("ending the turn"))
        self._close_invasion(state)
        draws = (
            "draw" in self.rules.words("turn.phases")
            and self.rules.flag("cards.in_play", True)
            and self.rules.integer("cards.draw") > 0
        )
        if state.conquered and draws and state.draw_pile:
            return state.evolve(phase="draw", placed=0)
        return self._next_turn(state)

    def _draw(self, state: GameState, action: act.Draw) -> GameState:
        if state.phase != "draw":
            raise self.rel.violation(
                "cards.draw", msg("a card is drawn only at the end of a turn with a conquest")
            )
        if action.card is None:
            raise ValueError("a draw needs its card (see act.with_chance)")
        if action.card not in state.draw_pile:
            raise self.rel.violation(
                "cards.draw", msg("card {card} is not in the draw pile", card=action.card)
            )
        seat = state.current
        hands = with_hand(state.hands, seat, [*state.hands[seat], action.card])
        state = refill(state.evolve(hands=hands, draw_pile=state.draw_pile - {action.card}))
        drawn = state.placed + 1
        if drawn < self.rules.integer("cards.draw") and state.draw_pile:
            return state.evolve(placed=drawn)
        return self._next_turn(state.evolve(placed=0))

    def _next_turn(self, state: GameState) -> GameState:
        n = len(state.seats)
        seat = state.current
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if (
                state.seats[nxt].neutral
                or nxt in state.eliminated
                or not self.rel.alive(state, nxt)
            ):
                continue
            state = self._pass_team_hand(state, seat)
            return begin_turn(self.rel, state, nxt)
        return state.evolve(phase="over", winner=state.current)

    def _pass_team_hand(self, state: GameState, seat: int) -> GameState:
        """With a shared team hand, the player hands it on to the next team-mate in turn."""
        if not self.rules.flag("teams.shared_hand"):
            return state
        mates = [
            m
            for m in self.rel.teammates(state, seat)
            if m not in state.eliminated and self.rel.alive(state, m)
        ]
        if not mates:
            return state
        n = len(state.seats)
        nxt = min(mates, key=lambda m: (m - seat) % n)
        hand = [*state.hands[nxt], *state.hands[seat]]
        return state.evolve(hands=with_hand(with_hand(state.hands, seat, ()), nxt, hand))
