"""Rules in words, in the reader's language: a label for every rule id, a phrase for every
choice, and renderings of every kind of value (numbers, tables, schedules, expressions).

English strings are the message ids; tools/sheets/locale/{da,nl}/LC_MESSAGES/riskrules.po hold the
Danish and Dutch. A test fails when a rule id, a choice or a message lacks a rendering.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable

from ...grammar import model as m
from ...grammar.model import Board
from .i18n import N_, Np_

Gettext = Callable[[str], str]

LABELS: dict[str, str] = {
    "board": N_("Board"),
    "players": N_("Players"),
    "setup.start_armies": N_("Start armies per player"),
    "setup.territories": N_("Starting territories"),
    "setup.place_per_turn": N_("Armies placed per turn in the setup"),
    "setup.deal.cards": N_("Territory cards dealt to each player"),
    "setup.deal.remove_wild": N_("Wild cards taken out for the deal"),
    "setup.capitals": N_("Each player picks a capital among their territories"),
    "setup.first_player": N_("Who starts"),
    "setup.deal.place_roll": N_("A roll after the deal for who places first"),
    "setup.first_turn": N_("Who takes the first turn"),
    "turn.phases": N_("A turn, in order"),
    "reinforcements.territories": N_("Reinforcements for territories"),
    "reinforcements.minimum": N_("Fewest reinforcements a turn"),
    "continents.bonus": N_("Continent bonuses"),
    "territory.control": N_("Who controls a territory"),
    "territory.max_armies": N_("Most armies in one territory"),
    "cards.in_play": N_("Territory cards in play"),
    "cards.symbols": N_("Card symbols"),
    "cards.wild": N_("Wild cards"),
    "cards.sets": N_("Sets"),
    "cards.trade_values": N_("Armies for a set"),
    "cards.forced_trade": N_("A trade is compulsory with this many cards"),
    "cards.forced_trade_sets": N_("Sets that compulsory trade takes, each when complete"),
    "cards.territory_bonus": N_("Extra armies on a traded card's territory you hold"),
    "cards.territory_bonus_cap": N_("Most such extra armies in one turn"),
    "cards.draw": N_("Cards drawn after a turn with a conquest"),
    "combat.adjacency": N_("What may be attacked"),
    "combat.attack_requires": N_("An attack needs"),
    "combat.attacker.dice": N_("Attacker's dice"),
    "combat.defender.dice": N_("Defender's dice"),
    "combat.compare": N_("How a roll is decided"),
    "combat.attacks": N_("Attacks in a turn"),
    "combat.ties": N_("Equal dice"),
    "combat.loss_cap": N_("Most armies the attacker loses in one roll"),
    "conquest.move_in.minimum": N_("Armies that must move in"),
    "conquest.move_in.maximum": N_("Armies that may move in"),
    "fortify.moves": N_("Fortifying moves"),
    "fortify.reach": N_("A fortifying move goes"),
    "fortify.leave_behind": N_("Armies left behind"),
    "elimination.cards": N_("An eliminated player's cards"),
    "elimination.trade_at": N_("Trade at once after an elimination with this many cards"),
    "elimination.trade_down_to": N_("…until you hold no more than"),
    "elimination.trade_placement": N_("Where the armies of that trade go"),
    "victory": N_("Victory"),
    "neutrals.count": N_("Neutral armies"),
    "neutrals.start_armies": N_("Start armies of each neutral army"),
    "neutrals.cards_dealt": N_("Territory cards dealt to each neutral army"),
    "neutrals.place_per_turn": N_("Armies placed for each neutral army per setup turn"),
    "neutrals.mode": N_("Neutral armies"),
    "neutrals.defence_rolled_by": N_("A neutral army's defence is rolled by"),
    "neutrals.status.track": N_("Status track"),
    "neutrals.status.start": N_("Status at the start"),
    "neutrals.bribe.steps_per_card": N_("Status steps for each bribe card"),
    "neutrals.bribe.max_cards": N_("A neutral army holding this many cards cannot be bribed"),
    "neutrals.ally.reinforce": N_("An ally is reinforced by"),
    "neutrals.ally.counts_for_reinforcements": N_(
        "An ally's territories count for your reinforcements"
    ),
    "neutrals.ally.trades_cards": N_("An ally trades cards"),
    "neutrals.ally.conquest_card": N_("A conquest by an ally earns a card"),
    "neutrals.ally.fortify_moves": N_("Extra fortifying moves for each ally"),
    "neutrals.status_die.keep": N_("Status die after an invasion: these keep the status"),
    "neutrals.elimination.cards": N_("An eliminated neutral army's cards"),
    "missions.ranks": N_("Mission ranks"),
    "missions.per_player": N_("Missions per player"),
    "missions.claims_per_turn": N_("Missions claimed in one turn at most"),
    "missions.reveal_after": N_("The last mission is shown after this many"),
    "missions.on_elimination": N_("Eliminating a player gives"),
    "missions.deck.*.rank": N_("Rank"),
    "missions.deck.*.text": N_("Mission"),
    "missions.deck.*.goal": N_("Done when"),
    "teams.count": N_("Teams"),
    "teams.size": N_("Players per team"),
    "teams.seating": N_("Seating"),
    "teams.friendly_fire": N_("Attacking a team-mate"),
    "teams.shared_hand": N_("One hand of cards per team"),
    "teams.fortify.into_team": N_("Fortifying into a team-mate's territory"),
    "teams.reinforce.into_team": N_("Reinforcing a territory shared with team-mates"),
}

CHOICES: dict[str, str] = {
    "claim": N_("claimed in turn, one army at a time"),
    "highest_roll": N_("the highest roll of a die"),
    "roll_again": N_("a second roll once the setup is over"),
    "deal": N_("dealt with the territory cards"),
    "bribe": N_("bribe neutral armies"),
    "reinforce": N_("receive and place reinforcements"),
    "ally_reinforce": N_("reinforce allies"),
    "attack": N_("attack"),
    "fortify": N_("fortify"),
    "ally_fortify": N_("fortify allies"),
    "draw": N_("draw a card after a conquest"),
    "sole_occupant": N_("the player whose armies hold it"),
    "most_armies": N_("the player with most armies in it; a tie: nobody"),
    "infantry": N_("infantry"),
    "cavalry": N_("cavalry"),
    "artillery": N_("artillery"),
    "mixed": N_("one of each"),
    "three_alike": N_("three alike"),
    "one_of_each": N_("one of each symbol"),
    "wild_substitutes": N_("a wild card for any symbol"),
    "bordering": N_("a bordering territory (or one joined by a sea lane)"),
    "defender": N_("the defender wins"),
    "attacker": N_("the attacker wins"),
    "adjacent": N_("to one adjacent territory"),
    "connected through own territories": N_("along a path of your own territories"),
    "connected through friendly territories": N_(
        "along a path of your and your team-mates' territories"
    ),
    "to_conqueror": N_("go to the player who eliminated them"),
    "chosen_by_conqueror": N_("those the player who eliminated them chooses; the rest discarded"),
    "one_chosen_by_conqueror": N_("one of them, chosen by the player who eliminated them"),
    "highest_pairs": N_("highest die against highest, then the second; the higher wins"),
    "any_number": N_("as many as you like"),
    "one_territory": N_("all in one of your territories"),
    "split": N_("spread over your territories as you like"),
    "discarded": N_("are discarded"),
    "passive": N_("passive: they only defend"),
    "active": N_("active: they can become allies"),
    "opponent": N_("the other player"),
    "ally_of_first": N_("ally of player 1"),
    "not_involved": N_("not involved"),
    "ally_of_second": N_("ally of player 2"),
    "die": N_("one die roll"),
    "captain": N_("Captain"),
    "major": N_("Major"),
    "colonel": N_("Colonel"),
    "general": N_("General"),
    "one_per_rank": N_("one of each rank"),
    "cards_not_missions": N_("their cards, not their missions"),
    "alternate": N_("alternately, team by team"),
    "none": N_("no limit"),
    "unlimited": N_("as many as you like"),
}

# A quantity compared with a number, said as a clause: `{amount}` is "at least 30" and the like.
QUANTITY_CLAUSES: dict[str, tuple[str, str]] = {
    "territories": Np_("you hold {amount} territory", "you hold {amount} territories"),
    "continents": Np_("you hold {amount} continent", "you hold {amount} continents"),
    "opponents": Np_("{amount} opponent is left", "{amount} opponents are left"),
    "armies": Np_("the territory has {amount} army", "the territory has {amount} armies"),
    "missions_completed": Np_(
        "you have completed {amount} mission", "you have completed {amount} missions"
    ),
    "opposing_players_eliminated": Np_(
        "you have eliminated {amount} opposing player",
        "you have eliminated {amount} opposing players",
    ),
    "capitals": Np_("you hold {amount} capital", "you hold {amount} capitals"),
    "capitals_in_play": Np_("{amount} capital is in the game", "{amount} capitals are in the game"),
    "dice": Np_("you rolled {amount} die", "you rolled {amount} dice"),
}

# A quantity as a noun phrase, for arithmetic said in words.
QUANTITY_NOUNS: dict[str, str] = {
    "territories": N_("the territories you hold"),
    "continents": N_("the continents you hold"),
    "opponents": N_("the opponents left"),
    "armies": N_("the armies in the territory"),
    "missions_completed": N_("the missions you have completed"),
    "opposing_players_eliminated": N_("the opposing players you have eliminated"),
    "capitals": N_("the capitals you hold"),
    "capitals_in_play": N_("the capitals in the game"),
    "dice": N_("the dice you rolled"),
}

COMPARISONS: dict[str, str] = {
    ">=": N_("at least {n}"),
    "<=": N_("at most {n}"),
    ">": N_("more than {n}"),
    "<": N_("fewer than {n}"),
    "==": N_("exactly {n}"),
    "!=": N_("other than {n}"),
}
# The same comparison read from the other side: `30 <= territories` is `territories >= 30`.
MIRRORED = {">=": "<=", "<=": ">=", ">": "<", "<": ">", "==": "==", "!=": "!="}

SEATS = {
    "left": N_("the player on your left"),
    "right": N_("the player on your right"),
    "any_opponent": N_("an opponent"),
}


def _flatten(e: m.Expr, op: str) -> list[m.Expr]:
    if isinstance(e, m.BinOp) and e.op == op:
        return _flatten(e.left, op) + _flatten(e.right, op)
    return [e]


def _held(e: m.Expr) -> str | None:
    """The continent of `controls(x)`, else None."""
    if isinstance(e, m.Call) and e.func == "controls" and e.args and isinstance(e.args[0], m.Name):
        return e.args[0].name
    return None


class Words:
    """Renderings in one language."""

    def __init__(self, translations: gettext.NullTranslations, lang: str, board: Board | None):
        self._ = translations.gettext
        self.ngettext = translations.ngettext
        self.lang = lang
        self.board = board

    def label(self, rule_id: str) -> str:
        key = rule_id
        if rule_id.startswith("missions.deck."):
            key = "missions.deck.*." + rule_id.rsplit(".", 1)[1]
        return self._(LABELS.get(key, rule_id))

    def choice(self, word: str) -> str:
        return self._(CHOICES[word]) if word in CHOICES else word

    def continent(self, cid: str) -> str:
        if self.board:
            for c in self.board.continents:
                if c.id == cid:
                    return c.name(self.lang)
        return cid

    # ------------------------------------------------------------ expressions

    def expr(self, e: m.Expr) -> str:
        """Any expression in words (`diff`, table cells): a truth value as yes or no, a
        condition as a clause, a number as a noun phrase; never a formula's symbols."""
        _ = self._
        if isinstance(e, m.Bool):
            return _("yes") if e.value else _("no")
        return self.amount(e)

    def _call(self, e: m.Call) -> str:
        _ = self._
        args = [self.expr(a) for a in e.args]
        if e.func == "controls" and e.args and isinstance(e.args[0], m.Name):
            return _("you hold {continent}").format(continent=self.continent(e.args[0].name))
        if e.func == "eliminated" and e.args and isinstance(e.args[0], m.Name):
            who = _(SEATS.get(e.args[0].name, e.args[0].name))
            return _("{player} is eliminated").format(player=who)
        if e.func == "territories_with_at_least":
            return _("territories with at least {n} armies").format(n=args[0] if args else "?")
        return f"{e.func}({', '.join(args)})"

    # ------------------------------------------------------------ said in words, no symbols

    def condition(self, e: m.Expr) -> str:
        """A condition as a clause a player reads ("you hold at least 30 territories"): no
        `=`, `>=` or other symbol; `and`/`or` as the language's list."""
        _ = self._
        if isinstance(e, m.BinOp) and e.op in ("and", "or"):
            flat = _flatten(e, e.op)
            held = [_held(p) for p in flat]
            if e.op == "and" and all(held):
                # controls(europe) and controls(asia): "you hold Europe and Asia"
                names = [self.continent(h) for h in held if h]
                return _("you hold {continent}").format(continent=self.join(names))
            parts = [self.condition(p) for p in flat]
            return self.join(parts, "standard" if e.op == "and" else "or")
        if isinstance(e, m.Not):
            return _("it is not so that {condition}").format(condition=self.condition(e.operand))
        if isinstance(e, m.BinOp) and e.op in COMPARISONS:
            return self._comparison(e.op, e.left, e.right)
        if isinstance(e, m.Call):
            return self._call(e)
        if isinstance(e, m.Bool):
            return _("always") if e.value else _("never")
        return self.amount(e)

    def _comparison(self, op: str, left: m.Expr, right: m.Expr) -> str:
        _ = self._
        if isinstance(left, m.Int) and not isinstance(right, m.Int):
            op, left, right = MIRRORED[op], right, left
        if (
            isinstance(left, m.Call)
            and left.func == "territories_with_at_least"
            and len(left.args) == 1
        ):
            n = right.value if isinstance(right, m.Int) else 2
            return self.ngettext(
                *Np_(
                    "you hold {amount} territory with at least {k} armies",
                    "you hold {amount} territories with at least {k} armies each",
                ),
                n,
            ).format(
                amount=_(COMPARISONS[op]).format(n=self.amount(right)),
                k=self.amount(left.args[0]),
            )
        if isinstance(left, m.Name) and left.name in QUANTITY_CLAUSES:
            if left.name == "opponents" and op == "==" and right == m.Int(0):
                return _("no opponent is left")
            if (
                left.name == "capitals"
                and op in ("==", ">=")
                and isinstance(right, m.Name)
                and right.name == "capitals_in_play"
            ):
                return _("you hold every capital in the game")
            one, many = QUANTITY_CLAUSES[left.name]
            n = right.value if isinstance(right, m.Int) else 2
            amount = _(COMPARISONS[op]).format(n=self.amount(right))
            return self.ngettext(one, many, n).format(amount=amount)
        return _("{a} is {comparison}").format(
            a=self.amount(left), comparison=_(COMPARISONS[op]).format(n=self.amount(right))
        )

    def amount(self, e: m.Expr) -> str:
        """A number expression as a noun phrase ("one for every 3 of the territories you
        hold, rounded down"): no `//`, `min(`, `max(` or minus sign."""
        _ = self._
        if isinstance(e, m.Int):
            return str(e.value)
        if isinstance(e, m.Name):
            return _(QUANTITY_NOUNS[e.name]) if e.name in QUANTITY_NOUNS else e.name
        if isinstance(e, m.Neg):
            return _("minus {a}").format(a=self.amount(e.operand))
        if isinstance(e, m.Call) and e.func in ("min", "max") and len(e.args) == 2:
            # min(3, x): x, but never more than 3 (the constant is the cap or the floor).
            first, second = e.args
            cap, other = (first, second) if isinstance(first, m.Int) else (second, first)
            if e.func == "min":
                return _("{a}, but at most {n}").format(a=self.amount(other), n=self.amount(cap))
            return _("{a}, but at least {n}").format(a=self.amount(other), n=self.amount(cap))
        if isinstance(e, m.Call) and e.func in ("min", "max"):
            values = self.join([self.amount(a) for a in e.args], "or")
            if e.func == "min":
                return _("the smallest of {values}").format(values=values)
            return _("the largest of {values}").format(values=values)
        if isinstance(e, m.Call):
            return self._call(e)
        if isinstance(e, m.BinOp):
            a, b = self.amount(e.left), self.amount(e.right)
            if e.op == "//":
                return _("{a} divided by {b}, rounded down").format(a=a, b=b)
            if e.op == "%":
                return _("the remainder of {a} divided by {b}").format(a=a, b=b)
            if e.op == "-":
                return _("{a} less {b}").format(a=a, b=b)
            if e.op == "+":
                return _("{a} plus {b}").format(a=a, b=b)
            if e.op == "*":
                return _("{a} times {b}").format(a=a, b=b)
            return self.condition(e)
        return self.condition(e)

    def join(self, items: list[str], style: str = "standard") -> str:
        """A list in the language's own way ("a, b and c"; "a, b eller c"): Babel's lists."""
        from babel.lists import format_list

        if len(items) < 2:
            return "".join(items)
        return format_list(items, style=style, locale=self.lang)  # type: ignore[arg-type]

    # ------------------------------------------------------------ values

    def value(self, v: m.Value) -> str:
        """Any value in words (assumed parts are marked by the caller, not here)."""
        _ = self._
        if isinstance(v, m.Assumed):
            return self.value(v.value)
        if isinstance(v, m.Bool):
            return _("yes") if v.value else _("no")
        if isinstance(v, m.Name):
            return self.choice(v.name) if v.name in CHOICES else self.expr(v)
        if isinstance(v, (m.Int, m.Neg, m.Not, m.BinOp, m.Call)):
            return self.expr(v)
        if isinstance(v, m.Phrase):
            return self.choice(v.text)
        if isinstance(v, m.Text):
            return v.text
        if isinstance(v, m.Range):
            return f"{self.expr(v.low)}–{self.expr(v.high)}"
        if isinstance(v, m.ListValue):
            return ", ".join(self.value(i) for i in v.items)
        if isinstance(v, m.Table):
            return self.table(v)
        return self.schedule(v)

    def table(self, t: m.Table) -> str:
        keys = [str(e.key) for e in t.entries]
        if keys and all(k in ("en", "da", "nl") for k in keys):
            texts = {str(e.key): self.value(e.value) for e in t.entries}
            return texts.get(self.lang) or texts.get("en") or next(iter(texts.values()))
        parts = []
        for entry in t.entries:
            key = str(entry.key)
            name = (
                self.continent(key)
                if self.board and key != self.continent(key)
                else (self.choice(key) if key in CHOICES else key)
            )
            parts.append(f"{name}: {self.value(entry.value)}")
        return ", ".join(parts)

    def schedule(self, s: m.Schedule) -> str:
        _ = self._
        if s.kind == "fixed":
            return _("{n} for every set").format(n=s.values[0])
        if s.kind == "by_kind":
            return self.table(s.table) if s.table else ""
        # A sequence reads like the board's edge; a track like the spaces the piece moves along.
        row = ("  " if s.kind == "sequence" else " → ").join(str(v) for v in s.values)
        if s.kind == "sequence":
            if s.step is None:
                return _("{values}, then the last value again").format(values=row)
            return _("{values}, then {step} more for each further set").format(
                values=row, step=s.step
            )
        if s.step is None:
            return _("{values}; after the last space the value stays").format(values=row)
        return _("{values}; after the last space, {step} more each time").format(
            values=row, step=s.step
        )
