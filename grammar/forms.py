"""The right form for a value written in the wrong one, in the author's terms.

A value of the wrong kind (RR0201) is most often the right thing written the way one says it:
`10` for `fixed 10`, `4, 6, 8, 10` for a sequence, `35` for a table of start armies, `2` for
the condition `armies >= 2`, `three` for 3, `ja` for yes. `advice` names what was meant and,
where the fix is sure, offers it over the value as "did you mean 'X'?" (the language server's
quick fix).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import model as m
from .messages import Message, msg
from .mistake_text import SCHEDULE_FORMS, closest, fix
from .printer import value_text
from .schema import SET_KINDS, Kind, RuleSpec
from .words import CONDITION_PHRASES, NUMBER_WORDS, foreign, language_name


def _plain(value: m.Value) -> m.Value:
    return m.strip_assumed(value)


def _word(value: m.Value) -> str | None:
    if isinstance(value, m.Name):
        return value.name
    if isinstance(value, m.Phrase):
        return value.text
    if isinstance(value, m.Text):
        return value.text
    return None


Advice = tuple[Message | None, Message | None]


def advice(
    spec: RuleSpec,
    value: m.Value,
    counts: Sequence[int],
    continents: Sequence[str],
) -> Advice:
    """(what to add to "rule X needs …", the hint) for a value of the wrong kind."""
    kind = spec.kind
    word = _word(value)
    if kind in (Kind.INT, Kind.OPTIONAL_INT, Kind.COUNT_OR_UNLIMITED):
        return _number(spec, value, word)
    if kind == Kind.BOOL:
        return _yes_no(word)
    if kind == Kind.INT_RANGE:
        return _range(value)
    if kind == Kind.DICE:
        return _dice(spec, value)
    if kind == Kind.CONDITION:
        if isinstance(value, m.Int) and "armies" in spec.names:
            written = f"armies >= {value.value}"
            return msg("a territory may attack with {n} armies or more", n=value.value), fix(
                written
            )
        if word is not None and word in CONDITION_PHRASES:
            written = CONDITION_PHRASES[word]
            return msg("'{word}' is written as a condition, {fix}", word=word, fix=written), fix(
                written
            )
        return None, msg("write a comparison, such as `territories >= 30 or opponents == 0`")
    if kind == Kind.EXPR:
        return None, msg("write a formula, such as `max(3, territories // 3)`")
    if kind == Kind.BY_PLAYERS:
        return _by_players(value, counts)
    if kind == Kind.BY_CONTINENT:
        if isinstance(value, m.Int) and continents:
            written = "{" + ", ".join(f"{c}: {value.value}" for c in continents) + "}"
            return msg("a bonus for each continent"), fix(written)
        return None, msg("such as {{asia: 7, europe: 5, …}}, one entry for each continent")
    if kind == Kind.SCHEDULE:
        return _schedule(value)
    if kind == Kind.CHOICE:
        return _one_word(spec, value)
    if kind == Kind.TEXT and word is not None:
        written = '{en: "' + word + '"}'
        return msg("a text in quotes, per language"), fix(written)
    if kind == Kind.BOARD and word is not None:
        return None, fix("world")
    return None, None


def _yes_no(word: str | None) -> Advice:
    if word is not None:
        meant = foreign(word, ["yes", "no"])
        if meant is not None:
            return foreign_word(word, meant), fix(meant[0])
        close = closest(word, ["yes", "no"], 0.5)
        if close:
            return None, fix(close)
    return None, msg("write yes or no")


def foreign_word(word: str, meant: tuple[str, str]) -> Message:
    return msg(
        "'{word}' is {language} for '{meant}'",
        word=word,
        language=language_name(meant[1]),
        meant=meant[0],
    )


def _range(value: m.Value) -> Advice:
    if (
        isinstance(value, m.BinOp)
        and value.op == "-"
        and isinstance(value.left, m.Int)
        and isinstance(value.right, m.Int)
    ):
        written = f"{value.left.value} .. {value.right.value}"
        return msg("a range is written with '..', {fix}", fix=written), fix(written)
    if isinstance(value, m.Int):
        written = f"{value.value} .. {value.value}"
        return msg("for exactly {n}, write {fix}", n=value.value, fix=written), fix(written)
    return None, msg("such as 3 .. 6")


def _dice(spec: RuleSpec, value: m.Value) -> Advice:
    attacker = spec.id.startswith("combat.attacker")
    if isinstance(value, m.Int) and value.value >= 1:
        spare = "armies - 1" if attacker else "armies"
        written = f"1 .. min({value.value}, {spare})"
        said = (
            msg(
                "dice are a range from the fewest to the most, never more than the attacker "
                "has armies to fight with"
            )
            if attacker
            else msg(
                "dice are a range from the fewest to the most, never more than the defender "
                "has armies to fight with"
            )
        )
        return said, fix(written)
    if isinstance(value, m.BinOp) and value.op == "-" and isinstance(value.left, m.Int):
        written = f"{value_text(value.left)} .. {value_text(value.right)}"
        return msg("a range is written with '..'"), fix(written)
    return None, None


def _number(spec: RuleSpec, value: m.Value, word: str | None) -> Advice:
    kind = spec.kind
    words = (
        ["unlimited"]
        if kind == Kind.COUNT_OR_UNLIMITED
        else ["none"]
        if kind == Kind.OPTIONAL_INT
        else []
    )
    if word is not None:
        lowered = word.lower()
        if lowered in NUMBER_WORDS:
            n = NUMBER_WORDS[lowered]
            return msg("write numbers in digits, {n} for '{word}'", n=n, word=word), fix(str(n))
        if words:
            meant = foreign(lowered.replace(" ", "_"), words)
            if meant is not None:
                return foreign_word(word, meant), fix(meant[0])
            close = closest(lowered, words, 0.6)
            if close is not None:
                return None, fix(close)
    if kind == Kind.OPTIONAL_INT and isinstance(value, m.Bool) and not value.value:
        return msg("no limit is written 'none'"), fix("none")
    if isinstance(value, m.Table):
        numbers = {v.value for e in value.entries if isinstance(v := _plain(e.value), m.Int)}
        said = msg("one number for every player count, not a table")
        if len(numbers) == 1:
            (n,) = numbers
            return said, fix(str(n))
        return said, None
    return None, None


def _by_players(value: m.Value, counts: Sequence[int]) -> Advice:
    shown = list(counts) or [3, 4, 5, 6]
    if isinstance(value, m.Int):
        written = "{" + ", ".join(f"{n}: {value.value}" for n in shown) + "}"
        return msg("the start armies for each player count"), fix(written)
    if isinstance(value, m.ListValue) and all(isinstance(i, m.Int) for i in value.items):
        numbers = [i.value for i in value.items if isinstance(i, m.Int)]
        if len(numbers) == len(shown):
            written = (
                "{" + ", ".join(f"{n}: {a}" for n, a in zip(shown, numbers, strict=True)) + "}"
            )
            return msg("each player count with its start armies"), fix(written)
    return None, msg("such as {{3: 35, 4: 30, 5: 25, 6: 20}}")


def _schedule(value: m.Value) -> Advice:
    if isinstance(value, m.Int):
        return SCHEDULE_FORMS, fix(f"fixed {value.value}")
    if isinstance(value, m.ListValue) and all(isinstance(i, m.Int) for i in value.items):
        listed = ", ".join(str(i.value) for i in value.items if isinstance(i, m.Int))
        return SCHEDULE_FORMS, fix(
            f"sequence {listed}", msg("(add `then +5` for five more each further set)")
        )
    if isinstance(value, m.Table) and all(str(e.key) in SET_KINDS for e in value.entries):
        return msg("a table by the sets' symbols is written after `by kind`"), fix(
            f"by kind {value_text(value)}"
        )
    return SCHEDULE_FORMS, None


def one_of(choices: Sequence[str]) -> Message:
    """The hint listing a rule's words."""
    return msg("one of: {choices}", choices=tuple(choices))


def _one_word(spec: RuleSpec, value: m.Value) -> Advice:
    if isinstance(value, m.Text) and value.text in spec.choices:
        return msg("a word needs no quotes, {fix}", fix=value.text), fix(value.text)
    if isinstance(value, m.Table):
        words = {w for e in value.entries if (w := _word(_plain(e.value))) is not None}
        said = msg("one word for every player count, not a table")
        if len(words) == 1:
            (only,) = words
            return said, fix(only)
        return said, one_of(spec.choices)
    if isinstance(value, m.ListValue):
        return msg("one word, not a list"), one_of(spec.choices)
    return None, one_of(spec.choices)


def kind_said(kind: Kind) -> Message:
    """What a value of this kind is, in the reader's words (a message's phrase)."""
    return _KIND_SAID[kind]


_KIND_SAID: dict[Kind, Message] = {
    Kind.INT: msg("a whole number"),
    Kind.OPTIONAL_INT: msg("a whole number or 'none'"),
    Kind.COUNT_OR_UNLIMITED: msg("a whole number or 'unlimited'"),
    Kind.BOOL: msg("yes or no"),
    Kind.INT_RANGE: msg("a range such as 3 .. 6"),
    Kind.DICE: msg("a dice range such as 1 .. min(3, armies - 1)"),
    Kind.EXPR: msg("a number expression"),
    Kind.CONDITION: msg("a condition"),
    Kind.BY_PLAYERS: msg("a table by player count, such as {{3: 35, 4: 30}}"),
    Kind.BY_CONTINENT: msg("a table by continent, such as {{asia: 7, europe: 5}}"),
    Kind.BY_TERRITORY: msg("a table by territory, such as {{alaska: infantry}}"),
    Kind.CHOICE: msg("one of the listed words"),
    Kind.CHOICES: msg("a list of the listed words"),
    Kind.SCHEDULE: msg("a trade schedule (sequence, track, by kind or fixed)"),
    Kind.BOARD: msg("the name of a board"),
    Kind.TEXT: msg('a text by language, such as {{en: "…", da: "…"}}'),
}
