"""`Rules`: an effective ruleset compiled into the typed questions the engine asks of it.

Nothing here knows a manual's numbers: every answer is read from a rule clause, and every read
is noted (engine/trace.py) so scenarios can report which clauses they exercised.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from ..grammar import expr as ex
from ..grammar import model as m
from ..grammar import reading
from ..grammar.geography import Geography
from ..grammar.resolve import EffectiveRuleset
from ..grammar.schema import SET_KINDS, SYMBOLS
from .actions import dice_lost
from .formulas import Formula, Given, One, Quantities, compile_formula
from .odds import battle_odds
from .rows import INTERPRETED
from .trace import CONSULTED, OPEN, consult

WILD: Final = "wild"


class RulesError(Exception):
    """A ruleset that cannot be played: incomplete or invalid (see its diagnostics)."""


@dataclass(frozen=True)
class Card:
    """A territory card (territory set) or a wild card (territory None, symbol 'wild')."""

    id: int
    territory: str | None
    symbol: str


UNLIMITED: Final = 1_000_000_000  # `unlimited` moves: more than any game makes
MEMO: Final = 50_000  # answers kept per question (armies are unbounded in principle)
OTHER: Final = 0  # Scalar.kind: absent, or not a number, yes/no or word
INT: Final = 1
BOOL: Final = 2
WORD: Final = 3


class Scalar:
    """A rule's value as the engine reads a number, a yes/no or a word (grammar/reading.py's
    reading), decoded once."""

    def __init__(self, value: m.Value | None) -> None:
        self.kind = OTHER
        self.number = 0
        self.yes = False
        self.word = ""
        number, yes, word = reading.number(value), reading.flag(value), reading.word(value)
        if number is not None:
            self.kind, self.number = INT, number
        elif yes is not None:
            self.kind, self.yes = BOOL, yes
        elif word is not None:
            self.kind, self.word = WORD, word


class Rules:
    """The questions the engine and the tools ask of a ruleset, answered from its clauses."""

    def __init__(self, effective: EffectiveRuleset) -> None:
        if effective.board is None:
            raise RulesError(f"ruleset '{effective.name}' has no board")
        self.effective = effective
        self.name = effective.name
        self.geo = Geography(effective.board)
        self._deck = self._build_deck()
        self._open = OPEN  # read through an attribute: compiled, a module global is a lookup
        self._values: dict[str, m.Value | None] = {}
        self._words: dict[str, tuple[str, ...]] = {}
        self._has: dict[str, bool] = {}
        self._scalars: dict[str, Scalar] = {}
        self._exprs: dict[str, m.Expr] = {}
        self._bonus: dict[str, int] = {}
        # The sets in a hand (hands are sorted tuples), and the kinds of a trio.
        self._sets: dict[tuple[int, ...], list[tuple[int, int, int]]] = {}
        self._kinds: dict[tuple[int, int, int], list[str]] = {}
        # Expressions compiled once (engine/formulas.py), by the id of the expression.
        self._formulas: dict[int, tuple[m.Expr, Formula]] = {}
        # Answers that depend only on the rules and one small number, by that number (dice by
        # armies, …): computed once each, up to MEMO of them per question.
        self._attack_ok: dict[int, bool] = {}
        self._attacker: dict[int, tuple[int, int]] = {}
        self._defender: dict[int, tuple[int, int]] = {}
        self._income: dict[int, int] = {}
        self._move_in: dict[int, tuple[int, int]] = {}
        # The Python engine's memo of the rolls a game has checked, and their losses (`Game`
        # reads it: a lookup, where checking and comparing the dice is a dozen lines of
        # Python); compiled, none (comparing them is the cheaper). At most MEMO rolls.
        self.rolled: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] | None = (
            {} if INTERPRETED else None
        )
        # The battle's rules, read once: a tie to the attacker, the cap on the attacker's
        # losses (-1: none), whether the ruleset has a cap rule at all.
        self._battle: tuple[bool, int, bool] | None = None

    # ---------------------------------------------------------------- reading clauses

    def note(self, rule_id: str) -> None:
        if self._open[0] and CONSULTED.get() is not None:  # cheap when no one is recording
            consult(self.name, rule_id)

    def value(self, rule_id: str) -> m.Value | None:
        """The clause's value with any `assumed` wrapper removed (None when absent)."""
        if self._open[0]:  # no call while nothing records
            self.note(rule_id)
        try:
            return self._values[rule_id]
        except KeyError:
            found = self._values[rule_id] = reading.plain(self.effective.value(rule_id))
            return found

    def has(self, rule_id: str) -> bool:
        found = self._has.get(rule_id)
        if found is None:
            found = self._has[rule_id] = self.effective.clause(rule_id) is not None
        return found

    def citation(self, rule_id: str) -> m.Citation | None:
        """The passage to quote for a rule: from this ruleset's own manual when it states it
        (a da-2006 refusal quotes the Kommandomanual, not the Dutch manual classic cites first)."""
        clause = self.effective.clause(rule_id)
        if clause is None or not clause.citations:
            return None
        return self.effective.for_reader(clause.citations)[0]

    def _scalar(self, rule_id: str) -> Scalar:
        """The rule's value read as a number, a yes/no or a word, once (noted every time)."""
        if self._open[0]:
            self.note(rule_id)
        found = self._scalars.get(rule_id)
        if found is None:
            found = self._scalars[rule_id] = Scalar(self.value(rule_id))
        return found

    def integer(self, rule_id: str, default: int | None = None) -> int:
        found = self._scalar(rule_id)
        if found.kind == INT:
            return found.number
        if default is not None:
            return default
        raise RulesError(f"{self.name}: rule '{rule_id}' is not a number")

    def optional_integer(self, rule_id: str) -> int | None:
        found = self._scalar(rule_id)
        return found.number if found.kind == INT else None

    def count_or_unlimited(self, rule_id: str) -> int:
        """A count that may be written `unlimited` (fortify.moves): UNLIMITED stands for it, a
        number no turn reaches (the simulator's action limit bounds a game anyway)."""
        found = self._scalar(rule_id)
        if found.kind == WORD and found.word == "unlimited":
            return UNLIMITED
        return self.integer(rule_id)

    def limit(self, rule_id: str) -> int | None:
        """An optional number rule: its value, or None when absent or written `none`."""
        return self.optional_integer(rule_id) if self.has(rule_id) else None

    def flag(self, rule_id: str, default: bool = False) -> bool:
        found = self._scalar(rule_id)
        return found.yes if found.kind == BOOL else default

    def word(self, rule_id: str, default: str = "") -> str:
        found = self._scalar(rule_id)
        return found.word if found.kind == WORD else default

    def words(self, rule_id: str) -> tuple[str, ...]:
        if self._open[0]:
            self.note(rule_id)
        cached = self._words.get(rule_id)
        if cached is not None:
            return cached
        found = self._words[rule_id] = reading.words(self.value(rule_id))
        return found

    def expression(self, rule_id: str) -> m.Expr:
        """A rule's expression (RulesError if its value is not one)."""
        return self._expr(rule_id)

    def _expr(self, rule_id: str) -> m.Expr:
        found = self._exprs.get(rule_id)
        if found is not None:
            if self._open[0]:
                self.note(rule_id)
            return found
        value = self.value(rule_id)
        if not isinstance(value, (m.Int, m.Bool, m.Name, m.Neg, m.Not, m.BinOp, m.Call)):
            raise RulesError(f"{self.name}: rule '{rule_id}' is not an expression")
        self._exprs[rule_id] = value
        return value

    def evaluate(
        self,
        rule_id: str,
        names: Mapping[str, ex.Number],
        functions: Mapping[str, ex.Function] | None = None,
    ) -> ex.Number:
        return self.evaluate_expr(rule_id, self._expr(rule_id), names, functions)

    def evaluate_expr(
        self,
        rule_id: str,
        expr: m.Expr,
        names: Mapping[str, ex.Number],
        functions: Mapping[str, ex.Function] | None = None,
    ) -> ex.Number:
        """Evaluate one of the ruleset's expressions; a failure is the ruleset's (RulesError).
        `check` proves the built-in quantities' ranges, so a checked ruleset never fails here."""
        return self.compute(rule_id, expr, Given(names, functions))

    def formula(self, expr: m.Expr) -> Formula:
        """One of the ruleset's expressions as a function (engine/formulas.py), compiled the
        first time it is asked for."""
        found = self._formulas.get(id(expr))
        if found is not None and found[0] is expr:
            return found[1]
        made = compile_formula(expr)
        self._formulas[id(expr)] = (expr, made)  # the expressions live as long as the rules
        return made

    def compute(self, rule_id: str, expr: m.Expr, quantities: Quantities) -> int:
        """The value of one of the ruleset's expressions for these quantities; a failure is
        the ruleset's (RulesError)."""
        return self.run(rule_id, self.formula(expr), quantities)

    def run(self, rule_id: str, formula: Formula, quantities: Quantities) -> int:
        """`compute` of an expression already compiled (`formula`): its value, or RulesError."""
        try:
            return formula(quantities)
        except ex.EvalError as exc:
            raise RulesError(
                f"{self.name}: rule '{rule_id}' with {_shown(quantities)}: {exc}"
            ) from None

    def _one(self, rule_id: str, expr: m.Expr, name: str, value: int) -> int:
        return self.compute(rule_id, expr, One(name, value))

    # ---------------------------------------------------------------- setup

    @property
    def players(self) -> tuple[int, int]:
        found = reading.int_range(self.value("players"))
        if found is None:
            raise RulesError(f"{self.name}: 'players' is not a range")
        return found

    def start_armies(self, players: int) -> int:
        table = self.value("setup.start_armies")
        if isinstance(table, m.Table):
            found = reading.plain(table.get(players))
            if isinstance(found, m.Int):
                return found.value
        raise RulesError(f"{self.name}: no start armies for {players} players")

    # ---------------------------------------------------------------- reinforcements

    def territory_reinforcements(self, territories: int) -> int:
        found = self._income.get(territories)
        if found is not None:  # a pure function of the count: computed once each
            self.note("reinforcements.territories")
            self.note("reinforcements.minimum")
            return found
        rule = "reinforcements.territories"
        formula = self._one(rule, self._expr(rule), "territories", territories)
        income = max(formula, self.integer("reinforcements.minimum"))
        if len(self._income) < MEMO:
            self._income[territories] = income
        return income

    def continent_bonus(self, continent: str) -> int:
        self.note("continents.bonus")
        known = self._bonus.get(continent)
        if known is not None:
            return known
        table = self.value("continents.bonus")
        found = reading.plain(table.get(continent)) if isinstance(table, m.Table) else None
        bonus = found.value if isinstance(found, m.Int) else 0
        if len(self._bonus) < MEMO:
            self._bonus[continent] = bonus
        return bonus

    def reinforcements(self, territories: int, continents: Iterable[str]) -> int:
        """Armies for holding `territories` territories and these continents (no cards)."""
        return self.territory_reinforcements(territories) + sum(
            self.continent_bonus(c) for c in continents
        )

    def controller(self, armies: Mapping[str, int]) -> str | None:
        """Who controls a territory holding these armies (None: nobody)."""
        present = {who: n for who, n in armies.items() if n > 0}
        rule = self.word("territory.control")
        if not present:
            return None
        if rule == "most_armies":
            top = max(present.values())
            leaders = [who for who, n in present.items() if n == top]
            return leaders[0] if len(leaders) == 1 else None
        return next(iter(present)) if len(present) == 1 else None

    # ---------------------------------------------------------------- cards

    def _build_deck(self) -> tuple[Card, ...]:
        table = reading.plain(self.effective.value("cards.symbols"))
        symbols: dict[str, str] = {}
        if isinstance(table, m.Table):
            for entry in table.entries:
                inner = reading.plain(entry.value)
                if isinstance(inner, m.Name):
                    symbols[str(entry.key)] = inner.name
        cards = [
            Card(i, t, symbols.get(t, SYMBOLS[i % 3])) for i, t in enumerate(self.geo.territories)
        ]
        wild = reading.plain(self.effective.value("cards.wild"))
        count = wild.value if isinstance(wild, m.Int) else 0
        cards += [Card(len(cards) + i, None, WILD) for i in range(count)]
        return tuple(cards)

    @property
    def deck(self) -> tuple[Card, ...]:
        self.note("cards.symbols")
        self.note("cards.wild")
        return self._deck

    def card(self, card_id: int) -> Card:
        return self._deck[card_id]

    def set_kinds(self, cards: Iterable[int]) -> list[str]:
        """The kinds a trio of cards can count as (empty: not a set), most valuable first."""
        trio = tuple(cards)
        if len(trio) == 3:
            key = (trio[0], trio[1], trio[2])
            known = self._kinds.get(key)
            if known is not None:
                self.note("cards.sets")
                return list(known)
            found = self._set_kinds(trio)
            if len(set(trio)) == 3 and len(self._kinds) < MEMO:
                self._kinds[key] = found
            return list(found)
        return self._set_kinds(trio)

    def _set_kinds(self, cards: tuple[int, ...]) -> list[str]:
        chosen = [self._deck[c] for c in cards]
        if len(chosen) != 3 or len({c.id for c in chosen}) != 3:
            return []
        allowed = set(self.words("cards.sets"))
        symbols = [c.symbol for c in chosen if c.symbol != WILD]
        wilds = 3 - len(symbols)
        if wilds and "wild_substitutes" not in allowed:
            return []
        kinds = []
        if "three_alike" in allowed:
            kinds += [s for s in SYMBOLS if all(x == s for x in symbols)]
        if "one_of_each" in allowed and len(set(symbols)) == len(symbols):
            kinds.append("mixed")
        if not kinds:
            return []
        # dict.fromkeys, not set: the order must not depend on PYTHONHASHSEED (records replay).
        return sorted(dict.fromkeys(kinds), key=lambda k: -self.kind_value(k))

    def kind_value(self, kind: str) -> int:
        """The armies a set of this kind is worth where sets are valued by kind (0 otherwise)."""
        schedule = reading.plain(self.effective.value("cards.trade_values"))
        if isinstance(schedule, m.Schedule) and schedule.table is not None:
            found = reading.plain(schedule.table.get(kind))
            return found.value if isinstance(found, m.Int) else 0
        return 0

    def trade_value(self, n: int, kind: str | None = None) -> int:
        """Armies for the n-th set traded in the game (1-based), of the given kind."""
        if n < 1:
            raise ValueError("sets are counted from 1")
        schedule = self.value("cards.trade_values")
        if not isinstance(schedule, m.Schedule):
            raise RulesError(f"{self.name}: 'cards.trade_values' is not a schedule")
        if schedule.kind == "by_kind":
            if kind is None:
                raise ValueError(
                    f"{self.name} values a set by its kind: pass kind= one of "
                    + ", ".join(SET_KINDS)
                )
            if kind not in SET_KINDS:
                raise ValueError(f"unknown set kind '{kind}'")
            return self.kind_value(kind)
        values = schedule.values
        if n <= len(values):
            return values[n - 1]
        if schedule.step is None:
            return values[-1]
        return values[-1] + schedule.step * (n - len(values))

    def sets_in(self, hand: Iterable[int]) -> list[tuple[int, int, int]]:
        """Every trio in a hand that makes a set (a new list; remembered by hand)."""
        key = tuple(sorted(hand))
        found = self._sets.get(key)
        if found is not None:
            if len(key) >= 3:
                self.note("cards.sets")  # as set_kinds notes it for every trio
            return list(found)
        found = self._sets_in(key)
        if len(self._sets) < MEMO:
            self._sets[key] = found
        return list(found)

    def _sets_in(self, cards: tuple[int, ...]) -> list[tuple[int, int, int]]:
        out = []
        kinds = self._kinds  # set_kinds' memo read here: a hand of five has ten trios
        if len(cards) >= 3:
            self.note("cards.sets")  # as set_kinds notes it for every trio
        for i in range(len(cards)):
            for j in range(i + 1, len(cards)):
                for k in range(j + 1, len(cards)):
                    trio = (cards[i], cards[j], cards[k])
                    known = kinds.get(trio)
                    if known if known is not None else self.set_kinds(trio):
                        out.append(trio)
        return out

    # ---------------------------------------------------------------- combat

    def attack_allowed(self, armies: int) -> bool:
        """May a territory holding `armies` attack?"""
        found = self._attack_ok.get(armies)
        if found is not None:
            if self._open[0]:  # the call only while a recording is open
                self.note("combat.attack_requires")
            return found
        rule = "combat.attack_requires"
        found = bool(self._one(rule, self._expr(rule), "armies", armies))
        if len(self._attack_ok) < MEMO:
            self._attack_ok[armies] = found
        return found

    def _dice(self, rule_id: str, armies: int, memo: dict[int, tuple[int, int]]) -> tuple[int, int]:
        cached = memo.get(armies)
        if cached is not None:
            if self._open[0]:
                self.note(rule_id)
            return cached
        value = self.value(rule_id)
        if not isinstance(value, m.Range):
            raise RulesError(f"{self.name}: '{rule_id}' is not a dice range")
        dice = (
            self._one(rule_id, value.low, "armies", armies),
            self._one(rule_id, value.high, "armies", armies),
        )
        if len(memo) < MEMO:
            memo[armies] = dice
        return dice

    def attacker_dice(self, armies: int) -> tuple[int, int]:
        """Fewest and most dice the attacker may roll from a territory holding `armies`."""
        cached = self._attacker.get(armies)  # `_dice`'s memo read here: one call a roll, not two
        if cached is not None and not self._open[0]:
            return cached
        return self._dice("combat.attacker.dice", armies, self._attacker)

    def defender_dice(self, armies: int) -> tuple[int, int]:
        cached = self._defender.get(armies)
        if cached is not None and not self._open[0]:
            return cached
        return self._dice("combat.defender.dice", armies, self._defender)

    def battle(self, attacker_dice: Iterable[int], defender_dice: Iterable[int]) -> tuple[int, int]:
        """(attacker losses, defender losses) for one roll, by the tie rule and any loss cap."""
        attack = tuple(attacker_dice)
        defence = tuple(defender_dice)
        for die in attack:
            if not 1 <= die <= 6:
                raise ValueError(f"a die shows 1 to 6, not {die}")
        for die in defence:
            if not 1 <= die <= 6:
                raise ValueError(f"a die shows 1 to 6, not {die}")
        return self.losses(attack, defence)

    def losses(self, attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
        """`battle` of dice known to show 1 to 6 (the game has checked them)."""
        battle = self._battle
        ties_to_attacker, cap, capped = battle if battle is not None else self._battle_rules()
        if self._open[0]:
            self.note("combat.compare")  # highest_pairs, the one way dice_lost compares
            self.note("combat.ties")
        attacker_losses, defender_losses = dice_lost(attack, defence, ties_to_attacker)
        if capped:
            if self._open[0]:
                self.note("combat.loss_cap")
            if cap >= 0:
                attacker_losses = min(attacker_losses, cap)
        return attacker_losses, defender_losses

    def _battle_rules(self) -> tuple[bool, int, bool]:
        found = self._battle
        if found is None:
            ties = reading.plain(self.effective.value("combat.ties"))
            capped = self.has("combat.loss_cap")
            cap = reading.plain(self.effective.value("combat.loss_cap")) if capped else None
            found = self._battle = (
                (isinstance(ties, m.Name) and ties.name == "attacker")
                or (isinstance(ties, m.Phrase) and ties.text == "attacker"),
                cap.value if isinstance(cap, m.Int) else -1,
                capped,
            )
        return found

    def move_in(self, dice: int, armies: int) -> tuple[int, int]:
        """Fewest and most armies that may move into a conquest after rolling `dice` dice from
        a territory that now holds `armies`."""
        key = armies * 8 + dice  # dice are 1 to 6
        cached = self._move_in.get(key) if 0 <= dice < 8 else None
        if cached is not None:
            if self._open[0]:
                self.note("conquest.move_in.minimum")
                self.note("conquest.move_in.maximum")
            return cached
        names = {"dice": dice, "armies": armies}
        low = int(self.evaluate("conquest.move_in.minimum", names))
        high = int(self.evaluate("conquest.move_in.maximum", names))
        high = min(high, armies - 1)
        found = (min(low, high), high)
        if 0 <= dice < 8 and len(self._move_in) < MEMO:
            self._move_in[key] = found
        return found

    # ---------------------------------------------------------------- fortify

    def reachable(self, source: str, passable: set[str] | frozenset[str]) -> set[str]:
        """Where a fortifying move from source may end, by the ruleset's reach, moving only
        through `passable` territories (source excluded)."""
        if source not in passable:
            return set()
        if self.word("fortify.reach") == "adjacent":
            return set(self.geo.neighbours[source]) & set(passable)
        return self.geo.reachable(source, passable)

    def can_fortify(self, source: str, target: str, owned: set[str] | frozenset[str]) -> bool:
        """May armies move from source to target, given the territories counted as one's own?"""
        return target in self.reachable(source, owned)

    # ---------------------------------------------------------------- victory and odds

    def conquest_odds(
        self, attackers: int, defenders: int, exact: bool = False
    ) -> float | Fraction:
        """Probability that `attackers` armies able to fight (the territory holds one more)
        take a territory held by `defenders`, each side rolling the most dice it may."""
        result = battle_odds(self, attackers, defenders, exact=exact)
        return result.attacker_wins


def _shown(quantities: Quantities) -> str:
    """The quantities a failed evaluation was given, for its message."""
    if isinstance(quantities, One):
        return f"{quantities.name} = {quantities.value}"
    if isinstance(quantities, Given):
        return ", ".join(f"{k} = {v}" for k, v in quantities.names.items())
    return "these quantities"
