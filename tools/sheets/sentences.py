"""Each rule as a short sentence in the reader's language, for the sheets.

A rule family has one Jinja2 template (tools/sheets/templates/rules/<family>.j2) holding one
macro per rule, named for the rule id without its family (`combat.attacker.dice` is
`attacker_dice` in combat.j2). The templates' English is the message id; the sheet's Babel
catalogue translates it, with plurals through `ngettext`. This module reads the rule's value
into the few plain facts a sentence needs (numbers, words, a small table), so no template sees
the model.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from ...engine.rules import Rules
from ...grammar import model as m
from ...grammar.expr import at_least
from ..shared.escape import html_value
from ..shared.templates import compiled_templates
from .describe import Words
from .i18n import translations

# The manuals' examples of the territory formula (004 and 001: 11, 14 and 17 territories).
EXAMPLE_TERRITORIES = (11, 14, 17)


@dataclass
class Said:
    """A rule on paper: its sentence (HTML with the key words in <b>) and a small table."""

    text: Markup
    cells: list[list[str]] = field(default_factory=list)


# The package's templates (tools/sheets/templates/), for the sentences and the sheets around them.
TEMPLATES = jinja2.FunctionLoader(
    lambda name: (
        resources.files("riskrules.tools.sheets")
        .joinpath(f"templates/{name}")
        .read_text(encoding="utf-8")
    )
)


@functools.cache
def environment(lang: str) -> jinja2.Environment:
    """The templates with the language's catalogue installed (new-style gettext: variables are
    escaped, plurals by `{% pluralize %}`). One per language: a sheet and its base's sentences
    share the compiled templates."""
    env = jinja2.Environment(
        loader=TEMPLATES,
        autoescape=True,
        finalize=html_value,  # what a user wrote (a name, a mission's text) shown, not obeyed
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=compiled_templates(),
    )
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return env


def family_and_macro(rule_id: str) -> tuple[str, str]:
    """`combat.attacker.dice` → (`combat`, `attacker_dice`); `victory` → (`victory`, `victory`)."""
    if rule_id in ("board", "players"):
        return "setup", rule_id
    family, _, rest = rule_id.partition(".")
    return family, (rest or family).replace(".", "_").replace(" ", "_")


class Sentences:
    """Sentences for the rules of one ruleset in one language."""

    def __init__(self, rules: Rules, words: Words):
        self.rules = rules
        self.words = words
        self.env = environment(words.lang)

    def _macro(self, family: str, name: str) -> Any:
        # A template's module is built once and kept by Jinja2 (the environment is cached).
        return getattr(self.env.get_template(f"rules/{family}.j2").module, name, None)

    def step(self, phase: str) -> str:
        """The title of a turn's step ("Attack")."""
        return str(self._macro("turn", phase)()).strip()

    def say(self, clause: m.Clause) -> Said | None:
        """The rule as a sentence, or None where this rule says nothing on its own (a limit
        that is off, say)."""
        family, name = family_and_macro(clause.id)
        macro = self._macro(family, name)
        if macro is None:
            return None
        facts, cells = self._facts(clause)
        if facts is None:
            return None
        text = Markup(str(macro(facts)).strip())
        return Said(text, cells) if text else None

    def edge(self, clause: m.Clause, edge: str) -> Markup | None:
        """What the rule does in one of its cases a manual leaves open (`assumed tie because
        …`), as a sentence of its own: the macro `<rule>__<case>` of the rule's family."""
        family, name = family_and_macro(clause.id)
        macro = self._macro(family, f"{name}__{edge}")
        facts, _cells = self._facts(clause)
        if macro is None or facts is None:
            return None
        text = Markup(str(macro(facts)).strip())
        return text or None

    def raw(self, family: str, name: str, **facts: Any) -> Markup:
        return Markup(str(self._macro(family, name)(facts)).strip())

    # ---------------------------------------------------------------- facts

    def _facts(self, clause: m.Clause) -> tuple[dict[str, Any] | None, list[list[str]]]:
        """What the rule's sentence says (its macro's facts) and its table's cells; None: the
        rule has no sentence here (a board that is not there)."""
        w, rules = self.words, self.rules
        rid = clause.id
        value = m.strip_assumed(clause.value)
        cells: list[list[str]] = []
        facts = _plain_facts(value)
        if rid == "setup.first_player":
            facts["again"] = rules.has("setup.first_turn")
        if rid == "board":
            if w.board is None:
                return None, []
            facts.update(territories=len(w.board.territories), continents=len(w.board.continents))
        elif rid == "players" and isinstance(value, m.Range):
            facts.update(low=w.amount(value.low), high=w.amount(value.high))
        elif rid == "setup.start_armies" and isinstance(value, m.Table):
            cells = self._start_armies(value)
        elif rid == "reinforcements.territories":
            per = _per(value)
            if per is not None:
                facts["per"] = per
                facts["examples"] = ", ".join(
                    f"{n} → {rules.territory_reinforcements(n)}" for n in EXAMPLE_TERRITORIES
                )
            else:
                facts["amount"] = w.amount(value)  # type: ignore[arg-type]
        elif rid == "continents.bonus" and isinstance(value, m.Table):
            cells = [[w.continent(str(e.key)), w.value(e.value)] for e in value.entries]
        elif rid == "cards.symbols" and isinstance(value, m.Table):
            counts: dict[str, int] = {}
            for entry in value.entries:
                word = w.value(entry.value)
                counts[word] = counts.get(word, 0) + 1
            facts["symbols"] = w.join([f"{n} {word}" for word, n in counts.items()])
        elif rid == "cards.sets" and isinstance(value, m.ListValue):
            facts["sets"] = w.join([w.value(i) for i in value.items], "or")
        elif rid == "cards.trade_values" and isinstance(value, m.Schedule):
            cells = self._trade_values(value, facts)
        elif rid in ("combat.attacker.dice", "combat.defender.dice"):
            cells = self._dice(rid == "combat.attacker.dice", facts)
        elif rid == "combat.attack_requires":
            armies = at_least(value, "armies")
            if armies is not None:
                facts["armies"] = armies
            else:
                facts["condition"] = w.condition(value)  # type: ignore[arg-type]
        elif rid == "conquest.move_in.minimum":
            facts["dice"] = isinstance(value, m.Name) and value.name == "dice"
            if not facts["dice"] and not isinstance(value, m.Int):
                facts.update(amount=w.amount(value), n=None)  # type: ignore[arg-type]
        elif rid == "conquest.move_in.maximum":
            if (
                isinstance(value, m.BinOp)
                and value.op == "-"
                and value.left == m.Name("armies")
                and isinstance(value.right, m.Int)
                and value.right.value > 0
            ):
                facts["all_but"] = value.right.value
            else:
                facts["amount"] = w.amount(value)  # type: ignore[arg-type]
        elif rid == "victory" or rid.endswith(".goal"):
            facts["condition"] = w.condition(value)  # type: ignore[arg-type]
        elif rid == "neutrals.status.track" and isinstance(value, m.ListValue):
            facts["places"] = " – ".join(w.value(i) for i in value.items)
        elif rid == "neutrals.defence_rolled_by":
            facts["many"] = rules.players[1] > 2
        elif rid == "neutrals.status.start":
            facts["place"] = w.value(value)
        elif rid == "neutrals.status_die.keep" and isinstance(value, m.Range):
            facts.update(low=w.amount(value.low), high=w.amount(value.high))
        elif rid == "missions.ranks" and isinstance(value, m.ListValue):
            facts["ranks"] = w.join([w.value(i) for i in value.items])
        return facts, cells

    def _start_armies(self, value: m.Table) -> list[list[str]]:
        """The start armies by player count, for only the counts the ruleset is played by: a
        house rule for 3 to 4 players keeps its base's entries for 5 and 6, which no table of
        its plays."""
        w, _ = self.words, self.words._
        low, high = self.rules.players
        entries = [e for e in value.entries if not isinstance(e.key, int) or low <= e.key <= high]
        return [
            [_("players"), *(str(e.key) for e in entries)],
            [_("armies each"), *(w.value(e.value) for e in entries)],
        ]

    def _trade_values(self, value: m.Schedule, facts: dict[str, Any]) -> list[list[str]]:
        """The trade values' facts (into `facts`) and table: by kind, or the first eight sets."""
        w, _ = self.words, self.words._
        facts["kind"] = value.kind
        facts["step"] = value.step
        if value.kind == "fixed":
            facts["n"] = value.values[0]
            return []
        if value.kind == "by_kind" and value.table is not None:
            return [[w.choice(str(e.key)), w.value(e.value)] for e in value.table.entries]
        shown = [self.rules.trade_value(n) for n in range(1, 9)]
        return [[_("set"), *(str(n) for n in range(1, 9))], [_("armies"), *(str(v) for v in shown)]]

    def _dice(self, attacker: bool, facts: dict[str, Any]) -> list[list[str]]:
        """The dice a side rolls by the armies it has (a table), the most in `facts`."""
        _, rules = self.words._, self.rules
        counts = range(1, 5) if attacker else range(1, 4)
        header = [_("armies")] + [str(n) + ("+" if n == max(counts) else "") for n in counts]
        dice = [_("dice")]
        most = 0
        for n in counts:
            if attacker and not rules.attack_allowed(n):
                dice.append("—")
                continue
            low, high = rules.attacker_dice(n) if attacker else rules.defender_dice(n)
            most = max(most, high)
            dice.append(str(high) if low == high else f"{low}–{high}")
        facts["most"] = most
        return [header, dice]


def _plain_facts(value: m.Value) -> dict[str, Any]:
    """A number's, a yes/no's or a word's facts, as every rule's sentence may use them."""
    if isinstance(value, m.Int):
        return {"n": value.value}
    if isinstance(value, m.Bool):
        return {"yes": value.value}
    if isinstance(value, m.Name) and value.name in ("none", "unlimited"):
        return {"n": None}
    if isinstance(value, (m.Name, m.Phrase)):
        return {"choice": value.name if isinstance(value, m.Name) else value.text}
    return {}


def _per(value: m.Value) -> int | None:
    """`territories // 3` → 3: one army for every three territories."""
    if (
        isinstance(value, m.BinOp)
        and value.op == "//"
        and value.left == m.Name("territories")
        and isinstance(value.right, m.Int)
    ):
        return value.right.value
    return None
