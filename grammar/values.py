"""A rule's value against the catalogue (grammar/schema.py): its kind, its choices, a table's
keys, dice limits, a trade schedule; each mistake answered with what was most likely meant."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from . import expr as ex
from . import forms
from . import model as m
from .diagnostics import Diagnostic, Span, did_you_mean, error, suggest, warning
from .messages import Arg, Either, Message, msg, msg_n, then
from .mistake_text import fix
from .resolve import Index
from .schema import (
    SET_KINDS,
    Kind,
    RuleSpec,
)
from .words import RULE_PARTS, foreign, language_name

# Armies counts tried when checking dice limits that depend on armies.
_ARMY_PROBE = range(1, 41)


def _kind_error(
    spec: RuleSpec,
    clause: m.Clause,
    value: m.Value,
    counts: Sequence[int] = (),
    continents: Sequence[str] = (),
) -> Diagnostic:
    """RR0201, with the right form of what was most likely meant (grammar/forms.py)."""
    said, hint = forms.advice(spec, value, counts, continents)
    return error(
        "RR0201",
        then(msg("rule '{id}' needs {kind}", id=clause.id, kind=forms.kind_said(spec.kind)), said),
        value.span,
        hint or _choices_hint(spec),
    )


def _choices_hint(spec: RuleSpec) -> Message | None:
    if spec.choices:
        return forms.one_of(spec.choices)
    return None


def _word(value: m.Value) -> str | None:
    if isinstance(value, m.Name):
        return value.name
    if isinstance(value, m.Phrase):
        return value.text
    return None


def _check_choice(spec: RuleSpec, clause: m.Clause, value: m.Value) -> list[Diagnostic]:
    word = _word(value)
    if word is None:
        return [_kind_error(spec, clause, value)]
    if word not in spec.choices:
        message, hint = _not_a_choice(word, spec, value)
        return [
            error(
                "RR0202",
                then(
                    msg("'{word}' is not a choice for rule '{id}'", word=word, id=clause.id),
                    message,
                ),
                value.span,
                hint,
            )
        ]
    return []


def _not_a_choice(word: str, spec: RuleSpec, value: m.Value) -> forms.Advice:
    """What a word that is not a choice most likely means: a misspelling, another language's
    word, the start of a longer choice, or two choices without the ',' between them."""
    if isinstance(value, m.Phrase) and all(w in spec.choices for w in value.words):
        listed = ", ".join(value.words)
        return msg("missing ',' between {words}?", words=Either(value.words, "standard")), fix(
            listed
        )
    close = suggest(word, spec.choices)
    if close is not None:
        return None, fix(close)
    meant = foreign(word.replace(" ", "_"), spec.choices)
    if meant is not None:
        return forms.foreign_word(word, meant), fix(meant[0])
    part = RULE_PARTS.get(word.lower())
    if part is not None and part[0] == spec.id.rsplit(".", 1)[-1]:
        said = msg(
            "'{word}' is {language} for '{part}', the rule's own name: write its value",
            word=word,
            language=language_name(part[1]),
            part=part[0],
        )
        return said, forms.one_of(spec.choices)
    starting = [c for c in spec.choices if c.startswith(word + " ")]
    if 1 < len(starting) <= 3:
        return None, msg("did you mean {fix}?", fix=Either(tuple(starting)))
    return None, _choices_hint(spec)


def _check_int(spec: RuleSpec, clause: m.Clause, value: m.Value) -> list[Diagnostic]:
    if not isinstance(value, m.Int):
        return [_kind_error(spec, clause, value)]
    return []


Place = Literal["continent", "territory"]
_UNKNOWN_PLACE: dict[str, Message] = {
    "continent": msg("unknown continent '{key}'"),
    "territory": msg("unknown territory '{key}'"),
}
_PLACE_TWICE: dict[str, Message] = {
    "continent": msg("continent '{key}' is listed twice"),
    "territory": msg("territory '{key}' is listed twice"),
}
_EVERY_PLACE: dict[str, Message] = {
    "continent": msg("every continent of the board needs an entry"),
    "territory": msg("every territory of the board needs an entry"),
}


def _leaves_out_continents(n: int, **args: Arg) -> Message:
    return msg_n(
        "rule '{id}' leaves out {count} continent: {shown}",
        "rule '{id}' leaves out {count} continents: {shown}",
        n,
        **args,
    )


def _leaves_out_territories(n: int, **args: Arg) -> Message:
    return msg_n(
        "rule '{id}' leaves out {count} territory: {shown}",
        "rule '{id}' leaves out {count} territories: {shown}",
        n,
        **args,
    )


_LEAVES_OUT = {"continent": _leaves_out_continents, "territory": _leaves_out_territories}


def _check_table(
    spec: RuleSpec,
    clause: m.Clause,
    value: m.Value,
    keys: list[str],
    what: Place,
    board: m.Board | None,
) -> list[Diagnostic]:
    if not isinstance(value, m.Table):
        return [_kind_error(spec, clause, value, continents=keys)]
    out: list[Diagnostic] = []
    present: set[str] = set()
    for entry in value.entries:
        key = str(entry.key)
        if keys and key not in keys:  # no keys: the board is unknown, reported once already
            at = entry.span  # the key alone: what a quick fix replaces
            at = Span(at.file, at.line, at.column, at.line, at.column + len(key))
            out.append(
                error(
                    "RR0101",
                    _UNKNOWN_PLACE[what].with_args(key=key),
                    at,
                    place_hint(key, board),
                )
            )
        elif key in present:
            out.append(error("RR0207", _PLACE_TWICE[what].with_args(key=key), entry.span))
        present.add(key)
        inner = m.strip_assumed(entry.value)
        if spec.kind == Kind.BY_CONTINENT and not isinstance(inner, m.Int):
            out.append(
                error(
                    "RR0201",
                    msg("the bonus for '{key}' must be a whole number", key=key),
                    entry.value.span,
                )
            )
        if spec.kind == Kind.BY_TERRITORY:
            word = _word(inner)
            if word not in spec.choices:
                out.append(
                    error(
                        "RR0202",
                        msg("'{word}' is not a card symbol", word=word or ""),
                        entry.value.span,
                        did_you_mean(word or "", spec.choices) or _choices_hint(spec),
                    )
                )
    missing = [k for k in keys if k not in present]
    if missing and keys:
        shown = ", ".join(missing[:4]) + (" …" if len(missing) > 4 else "")
        out.append(
            error(
                "RR0207",
                _LEAVES_OUT[what](len(missing), id=clause.id, shown=shown),
                value.span,
                _EVERY_PLACE[what],
            )
        )
    return out


def check_value(
    spec: RuleSpec,
    clause: m.Clause,
    index: Index,
    board: m.Board | None,
    counts: Sequence[int],
) -> list[Diagnostic]:
    continents = [c.id for c in board.continents] if board else []
    territories = [t.id for t in board.territories] if board else []
    value = m.strip_assumed(clause.value)
    kind = spec.kind
    if kind == Kind.INT:
        return _check_int(spec, clause, value)
    if kind == Kind.OPTIONAL_INT:
        if isinstance(value, m.Name) and value.name == "none":
            return []
        return _check_int(spec, clause, value)
    if kind == Kind.COUNT_OR_UNLIMITED:
        if isinstance(value, m.Name) and value.name == "unlimited":
            return []
        return _check_int(spec, clause, value)
    if kind == Kind.BOOL:
        return [] if isinstance(value, m.Bool) else [_kind_error(spec, clause, value)]
    if kind == Kind.INT_RANGE:
        return _check_range(spec, clause, value)
    if kind == Kind.DICE:
        return _check_dice(spec, clause, value)
    if kind in (Kind.EXPR, Kind.CONDITION):
        return _check_expr(spec, clause, value, continents, board)
    if kind == Kind.BY_PLAYERS:
        if not isinstance(value, m.Table) or not all(
            isinstance(e.key, int) and isinstance(m.strip_assumed(e.value), m.Int)
            for e in value.entries
        ):
            return [_kind_error(spec, clause, value, counts)]
        return _twice(value, msg("player count"))
    if kind == Kind.BY_CONTINENT:
        return _check_table(spec, clause, value, continents, "continent", board)
    if kind == Kind.BY_TERRITORY:
        return _check_table(spec, clause, value, territories, "territory", board)
    if kind == Kind.CHOICE:
        return _check_choice(spec, clause, value)
    if kind == Kind.CHOICES:
        items = value.items if isinstance(value, m.ListValue) else (value,)
        return [d for item in items for d in _check_choice(spec, clause, item)]
    if kind == Kind.SCHEDULE:
        return _check_schedule(spec, clause, value)
    if kind == Kind.BOARD:
        return _check_board_name(spec, clause, value, index)
    if kind == Kind.TEXT:
        if isinstance(value, m.Text):
            return []
        if isinstance(value, m.Table) and all(
            isinstance(m.strip_assumed(e.value), m.Text) for e in value.entries
        ):
            return _twice(value, msg("language"))
        return [_kind_error(spec, clause, value)]
    return []


def _check_range(spec: RuleSpec, clause: m.Clause, value: m.Value) -> list[Diagnostic]:
    if not (
        isinstance(value, m.Range)
        and isinstance(value.low, m.Int)
        and isinstance(value.high, m.Int)
    ):
        return [_kind_error(spec, clause, value)]
    if value.low.value > value.high.value:
        return [
            error(
                "RR0205",
                msg(
                    "the range {low} .. {high} is empty",
                    low=value.low.value,
                    high=value.high.value,
                ),
                value.span,
            )
        ]
    return []


def _check_expr(
    spec: RuleSpec,
    clause: m.Clause,
    value: m.Value,
    continents: list[str],
    board: m.Board | None,
) -> list[Diagnostic]:
    """A formula (EXPR) or a condition (CONDITION): its kind, then its names and types."""
    if not isinstance(value, (m.Int, m.Bool, m.Name, m.Neg, m.Not, m.BinOp, m.Call)):
        return [_kind_error(spec, clause, value)]
    if spec.kind == Kind.CONDITION and isinstance(value, m.Int):
        return [_kind_error(spec, clause, value)]  # a number where a condition goes
    expect = "int" if spec.kind == Kind.EXPR else "bool"
    found = ex.check(value, spec.names, expect, continents, clause.id)
    return [_with_place_hint(d, board) for d in found]


def _check_board_name(
    spec: RuleSpec, clause: m.Clause, value: m.Value, index: Index
) -> list[Diagnostic]:
    if not isinstance(value, m.Name):
        return [_kind_error(spec, clause, value)]
    if value.name not in index.boards:
        return [
            error(
                "RR0105",
                msg("unknown board '{name}'", name=value.name),
                value.span,
                did_you_mean(value.name, index.boards),
            )
        ]
    return []


def place_names(board: m.Board) -> dict[str, tuple[str, str]]:
    """Every name of the board's continents and territories a player may write for an id (its
    display names in each language, lower case, spaces as '_', letters like ë, æ, ø spelt
    out) -> (the id, the language)."""
    languages = {"en": "English", "da": "Danish", "nl": "Dutch"}  # words.language_name's
    out: dict[str, tuple[str, str]] = {}
    places: list[tuple[str, tuple[tuple[str, str], ...]]] = [
        (c.id, c.names) for c in board.continents
    ] + [(t.id, t.names) for t in board.territories]
    for place, names in places:
        for lang, name in names:
            written = name.lower().replace(" ", "_").replace("-", "_").replace(".", "")
            for form in (written, _spelt_out(written)):
                if form and form != place:
                    out.setdefault(form, (place, languages.get(lang, lang)))
    return out


def _spelt_out(word: str) -> str:
    for a, b in (("æ", "ae"), ("ø", "oe"), ("å", "aa"), ("ë", "e"), ("é", "e"), ("ü", "u")):
        word = word.replace(a, b)
    return word


def place_hint(word: str, board: m.Board | None) -> Message | None:
    """The id meant by an unknown territory or continent: a misspelling, or its name in one of
    the board's languages (`nordamerika`, `azie`)."""
    if board is None:
        return None
    ids = [c.id for c in board.continents] + [t.id for t in board.territories]
    named = place_names(board).get(word) or place_names(board).get(_spelt_out(word))
    if named is not None:
        place, language = named
        return fix(
            place,
            msg(
                "('{word}' is its {language} name; rules use the board's ids)",
                word=word,
                language=language_name(language),
            ),
        )
    close = suggest(word, ids)
    return fix(close) if close is not None else None


def _with_place_hint(diag: Diagnostic, board: m.Board | None) -> Diagnostic:
    """An unknown continent in an expression (`controls(asien)`), with the id meant."""
    if diag.code != "RR0101" or diag.advice is not None:
        return diag
    words = diag.said.find("word")
    hint = place_hint(words[0], board) if words else None
    return replace(diag, advice=hint) if hint else diag


def _twice(table: m.Table, what: Message) -> list[Diagnostic]:
    """RR0207 for each key a table lists again (the engine reads the first)."""
    seen: dict[str | int, m.Entry] = {}
    out = []
    for entry in table.entries:
        first = seen.get(entry.key)
        if first is not None:
            out.append(
                error(
                    "RR0207",
                    msg(
                        "{what} '{key}' is listed twice (first at line {line})",
                        what=what,
                        key=entry.key,
                        line=first.span.line,
                    ),
                    entry.span,
                    msg("keep one entry for it"),
                )
            )
        else:
            seen[entry.key] = entry
    return out


def _check_dice(spec: RuleSpec, clause: m.Clause, value: m.Value) -> list[Diagnostic]:
    if not isinstance(value, m.Range):
        return [_kind_error(spec, clause, value)]
    out = ex.check(value.low, spec.names, "int", rule_id=clause.id)
    out += ex.check(value.high, spec.names, "int", rule_id=clause.id)
    if out:
        return out
    found = _dice_problem(value.low, value.high, clause.id.startswith("combat.attacker"))
    if found is None:
        return []
    message, hint = found
    return [error("RR0205", message, value.span, hint)]


@functools.lru_cache(maxsize=1024)
def _dice_problem(
    low_expr: m.Expr, high_expr: m.Expr, attacker: bool
) -> tuple[Message, Message | None] | None:
    """Why these dice limits are impossible at some number of armies (message, hint), or None.
    Remembered by formula (a model's equality leaves out where it was written): house rules
    repeat the manuals' few formulas, and each is probed at many army counts."""
    for armies in _ARMY_PROBE:
        try:
            low = int(ex.evaluate(low_expr, {"armies": armies}))
            high = int(ex.evaluate(high_expr, {"armies": armies}))
        except ex.EvalError as exc:
            return msg("dice limits cannot be computed: {why}", why=exc.said), None
        fighting = armies - 1 if attacker else armies
        if fighting < 1:
            continue
        problem = None
        if low < 1:
            problem = msg("the fewest dice is {low}", low=low)
        elif high < low:
            problem = msg("at most {high} dice but at least {low}", high=high, low=low)
        elif high > fighting:
            problem = (
                msg(
                    "the attacker would roll {high} dice with only {fighting} armies to fight",
                    high=high,
                    fighting=fighting,
                )
                if attacker
                else msg(
                    "the defender would roll {high} dice with only {fighting} armies to fight",
                    high=high,
                    fighting=fighting,
                )
            )
        if problem:
            return (
                msg(
                    "impossible dice limits with {armies} armies: {problem}",
                    armies=armies,
                    problem=problem,
                ),
                msg(
                    "the upper bound usually reads min(N, armies - 1) for the attacker and "
                    "min(N, armies) for the defender"
                ),
            )
    return None


def _check_schedule(spec: RuleSpec, clause: m.Clause, value: m.Value) -> list[Diagnostic]:
    if not isinstance(value, m.Schedule):
        return [_kind_error(spec, clause, value)]
    out: list[Diagnostic] = []
    if value.kind == "by_kind":
        table = value.table
        keys = [str(e.key) for e in table.entries] if table else []
        for entry in table.entries if table else ():
            if str(entry.key) not in SET_KINDS:
                out.append(
                    error(
                        "RR0202",
                        msg("'{key}' is not a set kind", key=entry.key),
                        entry.span,
                        did_you_mean(str(entry.key), SET_KINDS) or forms.one_of(SET_KINDS),
                    )
                )
            elif not isinstance(m.strip_assumed(entry.value), m.Int):
                out.append(error("RR0201", msg("a set's value must be a whole number"), entry.span))
        missing = [k for k in SET_KINDS if k not in keys]
        if missing:
            out.append(
                error(
                    "RR0207",
                    msg("the table by kind leaves out: {missing}", missing=tuple(missing)),
                    value.span,
                    msg(
                        "give a value for every set kind (assumed, with a reason, if the manual "
                        "does not say)"
                    ),
                )
            )
        return out
    values = value.values
    if not values:
        return [error("RR0201", msg("a trade schedule needs at least one value"), value.span)]
    for i in range(1, len(values)):
        if values[i] < values[i - 1]:
            out.append(
                warning(
                    "RR0204",
                    msg(
                        "trade values decrease: set {set} is worth {worth}, less than set "
                        "{before} ({worth_before})",
                        set=i + 1,
                        worth=values[i],
                        before=i,
                        worth_before=values[i - 1],
                    ),
                    value.span,
                    _then_step(value) or msg("later sets are normally worth more"),
                )
            )
            break
    return out


def _then_step(schedule: m.Schedule) -> Message | None:
    """`sequence 4, 6, 8 then 5` lists a last set worth 5; what each further set adds is
    written `then +5`."""
    *before, last = schedule.segments
    if schedule.kind != "sequence" or not before or len(last.values) != 1 or schedule.step:
        return None
    listed = ", ".join(str(v) for seg in before for v in seg.values)
    return fix(
        f"sequence {listed} then +{last.values[0]}",
        msg("(`then +{step}`: {step} more for each further set)", step=last.values[0]),
    )
