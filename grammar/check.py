"""Semantic checks: boards, citations, rule values against the catalogue, completeness.

Each check returns diagnostics; nothing here raises on bad input.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from . import expr as ex
from . import forms
from . import model as m
from .diagnostics import Diagnostic, Span, counted, did_you_mean, error, suggest, warning
from .geography import Geography
from .mistake_text import fix
from .playable import check_playable, player_counts
from .ranges import check_ranges
from .resolve import EffectiveRuleset, Index
from .schema import (
    SET_KINDS,
    SHEET_LANGUAGES,
    Kind,
    RuleSpec,
    known_ids,
    lookup,
    required_ids,
)
from .words import foreign

MAX_ANCHOR_WORDS = 8
# Armies counts tried when checking dice limits that depend on armies.
_ARMY_PROBE = range(1, 41)


def check_board(board: m.Board) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    territories: dict[str, m.Territory] = {}
    continents: dict[str, m.Continent] = {}
    for continent in board.continents:
        if continent.id in continents:
            out.append(
                error("RR0116", f"continent '{continent.id}' is declared twice", continent.span)
            )
        continents[continent.id] = continent
        if not continent.territories:
            out.append(
                error("RR0117", f"continent '{continent.id}' has no territories", continent.span)
            )
        for territory in continent.territories:
            first = territories.get(territory.id)
            if first is not None:
                out.append(
                    error(
                        "RR0111",
                        f"territory '{territory.id}' is in two continents: "
                        f"'{first.continent}' and '{territory.continent}'",
                        territory.span,
                        "a territory belongs to exactly one continent",
                    )
                )
            else:
                territories[territory.id] = territory
    seen: dict[frozenset[str], m.Border] = {}
    adjacency: dict[str, set[str]] = {t: set() for t in territories}
    for border in board.borders:
        bad = False
        for end in (border.a, border.b):
            if end not in territories:
                bad = True
                out.append(
                    error(
                        "RR0101",
                        f"unknown territory '{end}' in a border",
                        border.span,
                        did_you_mean(end, territories),
                    )
                )
        if bad:
            continue
        if border.a == border.b:
            out.append(error("RR0113", f"'{border.a}' borders itself", border.span))
            continue
        key = frozenset((border.a, border.b))
        previous = seen.get(key)
        if previous is not None:
            if previous.kind != border.kind:
                out.append(
                    error(
                        "RR0114",
                        f"the border {border.a} - {border.b} is {border.kind} here but "
                        f"{previous.kind} at line {previous.span.line}",
                        border.span,
                        "a border is the same both ways: keep one line, '-' land or '~' sea",
                    )
                )
            else:
                out.append(
                    error(
                        "RR0112",
                        f"border {border.a} - {border.b} is listed twice "
                        f"(first at line {previous.span.line})",
                        border.span,
                        "remove the duplicate line",
                    )
                )
            continue
        seen[key] = border
        adjacency[border.a].add(border.b)
        adjacency[border.b].add(border.a)
    if territories:
        start = next(iter(territories))
        reached = {start} | Geography(board).reachable(start, frozenset(territories))
        cut_off = [t for t in territories if t not in reached]
        if cut_off:
            shown = ", ".join(cut_off[:5]) + (" …" if len(cut_off) > 5 else "")
            out.append(
                error(
                    "RR0115",
                    f"the board is not connected: {len(cut_off)} territories cannot be "
                    f"reached from '{start}' ({shown})",
                    board.span,
                    "add the missing borders",
                )
            )
    return out


def check_citation(cite: m.Citation, index: Index) -> list[Diagnostic]:
    out = _unknown_document(cite.document, cite.span, index)
    words = cite.anchor.split()
    if len(words) > MAX_ANCHOR_WORDS:
        out.append(
            error(
                "RR0120",
                f"anchor has {len(words)} words; at most {MAX_ANCHOR_WORDS}",
                cite.span,
                "quote a shorter phrase that still finds the passage",
            )
        )
    if not words:
        out.append(error("RR0120", "anchor is empty", cite.span, "quote the manual's words"))
    return out


def _unknown_document(doc: str, span: Span, index: Index) -> list[Diagnostic]:
    """RR0103 when `doc` names no declared source (a citation, an ignore, `from`)."""
    if doc in index.sources:
        return []
    return [
        error(
            "RR0103",
            f"unknown document '{doc}'",
            span,
            did_you_mean(doc, index.sources) or 'declare it: source ID "FILE" language LANG',
        )
    ]


def rule_id_hint(rule_id: str) -> str | None:
    """A did-you-mean for a misspelt rule id, from its own group first: `combat.tiez` is
    `combat.ties`, and `combat.dice` is one of the two dice rules, not a rule of another group
    that happens to be as close."""
    head = rule_id.split(".", 1)[0]
    same = [k for k in known_ids() if k == head or k.startswith(head + ".")]
    last = rule_id.rsplit(".", 1)[-1]
    # The rules of the group whose last part holds the word (`dice`: attacker.dice, …).
    holding = [k for k in same if "." in rule_id and last in re.split(r"[._]", k)[1:]]
    if 1 <= len(holding) <= 3:
        from babel.lists import format_list  # only when a rule id is misspelt

        quoted = [f"'{k}'" for k in holding]
        return f"did you mean {format_list(quoted, style='or', locale='en')}?"
    close = suggest(rule_id, same)
    if close is not None:
        return f"did you mean '{close}'?"
    return did_you_mean(rule_id, known_ids())


def check_ruleset(
    eff: EffectiveRuleset, index: Index, require_citations: bool = False
) -> list[Diagnostic]:
    """Checks of the clauses a ruleset writes itself, and of its effective whole."""
    out: list[Diagnostic] = []
    board = eff.board
    found = player_counts(eff)
    counts = list(found) if found is not None else []
    assumed: dict[str, list[m.Clause]] = {}  # reason -> the clauses giving it
    for clause in eff.ruleset.clauses:
        spec = lookup(clause.id)
        if spec is None:
            out.append(
                error(
                    "RR0104",
                    f"unknown rule id '{clause.id}'",
                    clause.id_span,
                    rule_id_hint(clause.id),
                )
            )
            continue
        for cite in clause.citations:
            out.extend(check_citation(cite, index))
        if require_citations and not clause.citations:
            out.append(
                error(
                    "RR0122",
                    f"rule '{clause.id}' cites no manual passage",
                    clause.id_span,
                    'add: cite DOCUMENT page N "anchor words"',
                )
            )
        for reason in m.assumed_reasons(clause.value):
            assumed.setdefault(reason, []).append(clause)
            out.extend(_check_reason(reason, clause.id, clause.id_span, require_citations))
        out.extend(_check_value(spec, clause, index, board, counts))
    out.extend(_assumed_warnings(assumed))
    out.extend(_check_own_manuals(eff, index))
    for inherit in eff.ruleset.inherits:
        out.extend(_check_reason(inherit.reason, inherit.id, inherit.id_span, require_citations))
    for ignore in eff.ruleset.ignores:
        out.extend(check_citation(ignore.citation, index))
    out.extend(_check_whole(eff))
    out.extend(check_playable(eff))
    out.extend(check_ranges(eff))
    return out


def _check_own_manuals(eff: EffectiveRuleset, index: Index) -> list[Diagnostic]:
    """`from MANUAL` names declared sources; `inherit RULE` names a rule the base sets. A
    ruleset that names its manuals has every rule rest on them: a rule whose citations are all
    another manual's is a hidden gap (RR0506), unless this ruleset marks it `assumed` or says
    it inherits it on purpose."""
    ruleset = eff.ruleset
    out: list[Diagnostic] = []
    for doc in ruleset.manuals:
        out.extend(_unknown_document(doc, ruleset.manuals_span, index))
    own_ids = {c.id for c in ruleset.clauses}
    for inherit in ruleset.inherits:
        if lookup(inherit.id) is None:
            out.append(
                error(
                    "RR0104",
                    f"unknown rule id '{inherit.id}'",
                    inherit.id_span,
                    rule_id_hint(inherit.id),
                )
            )
        elif inherit.id in own_ids or eff.clause(inherit.id) is None:
            where = "this ruleset sets it" if inherit.id in own_ids else "no base sets it"
            out.append(
                error(
                    "RR0507",
                    f"nothing to inherit for '{inherit.id}': {where}",
                    inherit.id_span,
                    "drop the inherit line",
                )
            )
    if not ruleset.manuals:
        return out
    own = set(ruleset.manuals)
    adopted = {i.id for i in eff.inherits}
    for clause in eff.clauses:
        if clause.id in adopted or any(c.document in own for c in clause.citations):
            continue
        if clause.assumed and clause.ruleset == ruleset.name:
            continue
        others = ", ".join(dict.fromkeys(c.document for c in clause.citations)) or "no manual"
        manuals = ", ".join(ruleset.manuals)
        out.append(
            warning(
                "RR0506",
                f"rule '{clause.id}' rests on {others}, not on {manuals}",
                ruleset.manuals_span,
                f"cite the passage of {manuals} that states it, write it here as "
                f'`assumed … because …`, or add: inherit {clause.id} because "…"',
            )
        )
    return out


def _check_reason(reason: str, rule_id: str, at: Span, built_in: bool) -> list[Diagnostic]:
    """A reason per language names known languages with a text each; a built-in ruleset gives
    it in every language a sheet is printed in (a sheet never quotes another language)."""
    if not isinstance(reason, m.Reason) or reason.table is None:
        if built_in:
            return [
                warning(
                    "RR0504",
                    f"rule '{rule_id}': its reason is given in one language only",
                    at,
                    'give it per language: because {en: "…", da: "…", nl: "…"}',
                )
            ]
        return []
    out = []
    seen: set[str] = set()
    for entry in reason.table.entries:
        if str(entry.key) in seen:
            out.append(
                error(
                    "RR0505",
                    f"the reason gives '{entry.key}' twice",
                    entry.span,
                    f"give the reason in each language once: keep one '{entry.key}: \"…\"'",
                )
            )
            continue
        seen.add(str(entry.key))
        if str(entry.key) not in SHEET_LANGUAGES:
            out.append(
                error(
                    "RR0505",
                    f"'{entry.key}' is not a language of the sheets",
                    entry.span,
                    suggest(str(entry.key), SHEET_LANGUAGES)
                    or f"use one of {', '.join(SHEET_LANGUAGES)}",
                )
            )
        elif not isinstance(entry.value, m.Text):
            out.append(
                error(
                    "RR0505",
                    f"the reason in '{entry.key}' must be a quoted text",
                    entry.value.span,
                    f'write it in quotes: {entry.key}: "…"',
                )
            )
    missing = [lang for lang in SHEET_LANGUAGES if reason.in_language(lang) is None]
    if built_in and missing:
        out.append(
            warning(
                "RR0504",
                f"rule '{rule_id}': its reason is not given in " + ", ".join(missing),
                reason.table.span,
                f"add {', '.join(missing)}: a sheet in that language shows no reason",
            )
        )
    return out


def _assumed_warnings(assumed: dict[str, list[m.Clause]]) -> list[Diagnostic]:
    """One RR0501 per reason: an `assumed` group of 48 mission cards is one gap, not 48."""
    out = []
    hint = "the manual does not give this value; --strict treats this as a failure"
    for reason, clauses in assumed.items():
        ids = list(dict.fromkeys(c.id for c in clauses))
        if len(ids) == 1:
            message = f"rule '{ids[0]}' uses an assumed value: {reason}"
        else:
            common = ".".join(_common_start([i.split(".") for i in ids]))
            where = f"'{common}.…'" if common else f"'{ids[0]}' and others"
            message = f"{len(ids)} rules ({where}) use an assumed value: {reason}"
        out.append(warning("RR0501", message, clauses[0].span, hint))
    return out


def _common_start(parts: list[list[str]]) -> list[str]:
    """The leading components every dotted id shares."""
    out: list[str] = []
    for column in zip(*parts, strict=False):
        if len(set(column)) != 1:
            break
        out.append(column[0])
    return out


def _plain(value: m.Value) -> m.Value:
    return value.value if isinstance(value, m.Assumed) else value


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
        f"rule '{clause.id}' needs {spec.kind.value}{said}",
        value.span,
        hint or _choices_hint(spec),
    )


def _choices_hint(spec: RuleSpec) -> str | None:
    if spec.choices:
        return "one of: " + ", ".join(spec.choices)
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
                f"'{word}' is not a choice for rule '{clause.id}'{message}",
                value.span,
                hint,
            )
        ]
    return []


def _not_a_choice(word: str, spec: RuleSpec, value: m.Value) -> tuple[str, str | None]:
    """What a word that is not a choice most likely means: a misspelling, another language's
    word, the start of a longer choice, or two choices without the ',' between them."""
    if isinstance(value, m.Phrase) and all(w in spec.choices for w in value.words):
        listed = ", ".join(value.words)
        return f": missing ',' between {' and '.join(repr(w) for w in value.words)}?", fix(listed)
    close = suggest(word, spec.choices)
    if close is not None:
        return "", fix(close)
    meant = foreign(word.replace(" ", "_"), spec.choices)
    if meant is not None:
        return f": '{word}' is {meant[1]} for '{meant[0]}'", fix(meant[0])
    starting = [c for c in spec.choices if c.startswith(word + " ")]
    if 1 < len(starting) <= 3:
        from babel.lists import format_list

        quoted = [f"'{c}'" for c in starting]
        return "", f"did you mean {format_list(quoted, style='or', locale='en')}?"
    return "", _choices_hint(spec)


def _check_int(spec: RuleSpec, clause: m.Clause, value: m.Value) -> list[Diagnostic]:
    if not isinstance(value, m.Int):
        return [_kind_error(spec, clause, value)]
    return []


def _check_table(
    spec: RuleSpec,
    clause: m.Clause,
    value: m.Value,
    keys: list[str],
    what: str,
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
            out.append(error("RR0101", f"unknown {what} '{key}'", at, place_hint(key, board)))
        elif key in present:
            out.append(error("RR0207", f"{what} '{key}' is listed twice", entry.span))
        present.add(key)
        inner = _plain(entry.value)
        if spec.kind == Kind.BY_CONTINENT and not isinstance(inner, m.Int):
            out.append(
                error("RR0201", f"the bonus for '{key}' must be a whole number", entry.value.span)
            )
        if spec.kind == Kind.BY_TERRITORY:
            word = _word(inner)
            if word not in spec.choices:
                out.append(
                    error(
                        "RR0202",
                        f"'{word}' is not a card symbol",
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
                f"rule '{clause.id}' leaves out {counted(len(missing), what, what + 's')}: {shown}",
                value.span,
                f"every {what} of the board needs an entry",
            )
        )
    return out


def _check_value(
    spec: RuleSpec,
    clause: m.Clause,
    index: Index,
    board: m.Board | None,
    counts: Sequence[int],
) -> list[Diagnostic]:
    continents = [c.id for c in board.continents] if board else []
    territories = [t.id for t in board.territories] if board else []
    value = _plain(clause.value)
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
                    f"the range {value.low.value} .. {value.high.value} is empty",
                    value.span,
                )
            ]
        return []
    if kind == Kind.DICE:
        return _check_dice(spec, clause, value)
    if kind in (Kind.EXPR, Kind.CONDITION):
        if not isinstance(value, (m.Int, m.Bool, m.Name, m.Neg, m.Not, m.BinOp, m.Call)):
            return [_kind_error(spec, clause, value)]
        if kind == Kind.CONDITION and isinstance(value, m.Int):
            return [_kind_error(spec, clause, value)]  # a number where a condition goes
        expect = "int" if kind == Kind.EXPR else "bool"
        found = ex.check(value, spec.names, expect, continents, clause.id)
        return [_with_place_hint(d, board) for d in found]
    if kind == Kind.BY_PLAYERS:
        if not isinstance(value, m.Table) or not all(
            isinstance(e.key, int) and isinstance(_plain(e.value), m.Int) for e in value.entries
        ):
            return [_kind_error(spec, clause, value, counts)]
        return _twice(value, "player count")
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
        if not isinstance(value, m.Name):
            return [_kind_error(spec, clause, value)]
        if value.name not in index.boards:
            return [
                error(
                    "RR0105",
                    f"unknown board '{value.name}'",
                    value.span,
                    did_you_mean(value.name, index.boards),
                )
            ]
        return []
    if kind == Kind.TEXT:
        if isinstance(value, m.Text):
            return []
        if isinstance(value, m.Table) and all(
            isinstance(_plain(e.value), m.Text) for e in value.entries
        ):
            return _twice(value, "language")
        return [_kind_error(spec, clause, value)]
    return []


def place_names(board: m.Board) -> dict[str, tuple[str, str]]:
    """Every name of the board's continents and territories a player may write for an id (its
    display names in each language, lower case, spaces as '_', letters like ë, æ, ø spelt
    out) -> (the id, the language)."""
    languages = {"en": "English", "da": "Danish", "nl": "Dutch"}
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


def place_hint(word: str, board: m.Board | None) -> str | None:
    """The id meant by an unknown territory or continent: a misspelling, or its name in one of
    the board's languages (`nordamerika`, `azie`)."""
    if board is None:
        return None
    ids = [c.id for c in board.continents] + [t.id for t in board.territories]
    named = place_names(board).get(word) or place_names(board).get(_spelt_out(word))
    if named is not None:
        place, language = named
        return fix(place, f"('{word}' is its {language} name; rules use the board's ids)")
    close = suggest(word, ids)
    return fix(close) if close is not None else None


def _with_place_hint(diag: Diagnostic, board: m.Board | None) -> Diagnostic:
    """An unknown continent in an expression (`controls(asien)`), with the id meant."""
    if diag.code != "RR0101" or diag.hint:
        return diag
    word = diag.message.rsplit("'", 2)[-2] if diag.message.count("'") >= 2 else ""
    hint = place_hint(word, board)
    return replace(diag, hint=hint) if hint else diag


def _twice(table: m.Table, what: str) -> list[Diagnostic]:
    """RR0207 for each key a table lists again (the engine reads the first)."""
    seen: dict[str | int, m.Entry] = {}
    out = []
    for entry in table.entries:
        first = seen.get(entry.key)
        if first is not None:
            out.append(
                error(
                    "RR0207",
                    f"{what} '{entry.key}' is listed twice (first at line {first.span.line})",
                    entry.span,
                    "keep one entry for it",
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
) -> tuple[str, str | None] | None:
    """Why these dice limits are impossible at some number of armies (message, hint), or None.
    Remembered by formula (a model's equality leaves out where it was written): house rules
    repeat the manuals' few formulas, and each is probed at many army counts."""
    for armies in _ARMY_PROBE:
        try:
            low = int(ex.evaluate(low_expr, {"armies": armies}))
            high = int(ex.evaluate(high_expr, {"armies": armies}))
        except ex.EvalError as exc:
            return f"dice limits cannot be computed: {exc}", None
        fighting = armies - 1 if attacker else armies
        if fighting < 1:
            continue
        problem = None
        if low < 1:
            problem = f"the fewest dice is {low}"
        elif high < low:
            problem = f"at most {high} dice but at least {low}"
        elif high > fighting:
            who = "the attacker" if attacker else "the defender"
            problem = f"{who} would roll {high} dice with only {fighting} armies to fight"
        if problem:
            return (
                f"impossible dice limits with {armies} armies: {problem}",
                "the upper bound usually reads min(N, armies - 1) for the attacker and "
                "min(N, armies) for the defender",
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
                        f"'{entry.key}' is not a set kind",
                        entry.span,
                        did_you_mean(str(entry.key), SET_KINDS)
                        or "one of: " + ", ".join(SET_KINDS),
                    )
                )
            elif not isinstance(_plain(entry.value), m.Int):
                out.append(error("RR0201", "a set's value must be a whole number", entry.span))
        missing = [k for k in SET_KINDS if k not in keys]
        if missing:
            out.append(
                error(
                    "RR0207",
                    f"the table by kind leaves out: {', '.join(missing)}",
                    value.span,
                    "give a value for every set kind (assumed, with a reason, if the manual "
                    "does not say)",
                )
            )
        return out
    values = value.values
    if not values:
        return [error("RR0201", "a trade schedule needs at least one value", value.span)]
    for i in range(1, len(values)):
        if values[i] < values[i - 1]:
            out.append(
                warning(
                    "RR0204",
                    f"trade values decrease: set {i + 1} is worth {values[i]}, less than "
                    f"set {i} ({values[i - 1]})",
                    value.span,
                    _then_step(value) or "later sets are normally worth more",
                )
            )
            break
    return out


def _then_step(schedule: m.Schedule) -> str | None:
    """`sequence 4, 6, 8 then 5` lists a last set worth 5; what each further set adds is
    written `then +5`."""
    *before, last = schedule.segments
    if schedule.kind != "sequence" or not before or len(last.values) != 1 or schedule.step:
        return None
    listed = ", ".join(str(v) for seg in before for v in seg.values)
    return fix(
        f"sequence {listed} then +{last.values[0]}",
        f"(`then +{last.values[0]}`: {last.values[0]} more for each further set)",
    )


def _int_of(eff: EffectiveRuleset, rule_id: str) -> int | None:
    value = eff.value(rule_id)
    inner = _plain(value) if value is not None else None
    return inner.value if isinstance(inner, m.Int) else None


def _word_of(eff: EffectiveRuleset, rule_id: str) -> str | None:
    """The value of a rule written as a word (`setup.territories: deal`), else None."""
    value = eff.value(rule_id)
    inner = _plain(value) if value is not None else None
    return inner.name if isinstance(inner, m.Name) else None


def _check_army_cap(eff: EffectiveRuleset) -> list[Diagnostic]:
    """A cap on armies per territory must leave room to attack and to place the start armies
    (each player, and each neutral army, on the fewest territories it can get)."""
    cap_clause = eff.clause("territory.max_armies")
    cap = _int_of(eff, "territory.max_armies")
    if cap_clause is None or cap is None:
        return []
    out: list[Diagnostic] = []
    need = _attack_needs(eff)
    if cap < need:
        out.append(
            error(
                "RR0209",
                f"at most {cap} armies a territory, but an attack needs {need}: "
                "no one could ever attack",
                cap_clause.id_span,
                f"allow at least {need} armies a territory",
            )
        )
    board = eff.board
    table = _plain(eff.value("setup.start_armies") or m.Table(()))
    if board is None or not isinstance(table, m.Table):
        return out
    neutrals = _int_of(eff, "neutrals.count") or 0
    neutral_armies = _int_of(eff, "neutrals.start_armies") or 0
    dealt = _int_of(eff, "setup.deal.cards")
    counts = player_counts(eff)
    for entry in table.entries:
        armies = _plain(entry.value)
        if not isinstance(entry.key, int) or not isinstance(armies, m.Int) or entry.key < 1:
            continue
        if counts is not None and entry.key not in counts:
            continue  # a count the ruleset does not allow: never played (RR0214)
        if _word_of(eff, "setup.territories") == "deal" and dealt:
            fewest = dealt
        else:
            fewest = len(board.territories) // (entry.key + neutrals)
        for who, count in (("each player", armies.value), ("each neutral army", neutral_armies)):
            if who.endswith("army") and not neutrals:
                continue
            if count > cap * max(fewest, 1):
                out.append(
                    error(
                        "RR0209",
                        f"with {entry.key} players, {who} has {count} start armies but may "
                        f"hold as few as {fewest} territories of at most {cap} armies",
                        cap_clause.id_span,
                        f"allow at least {-(-count // max(fewest, 1))} armies a territory",
                    )
                )
    return out


def _attack_needs(eff: EffectiveRuleset) -> int:
    """The fewest armies an attack needs, read from `armies >= N` (2 if it says otherwise)."""
    value = eff.value("combat.attack_requires")
    needs = ex.at_least(_plain(value), "armies") if value is not None else None
    return 2 if needs is None else needs


def _check_cards_off(eff: EffectiveRuleset) -> list[Diagnostic]:
    """With `cards.in_play: no` nothing may need a territory card: a deal of the territories,
    cards dealt to players or neutral armies, or neutral armies bribed with cards."""
    off = eff.clause("cards.in_play")
    if off is None or _plain(off.value) != m.Bool(False):
        return []
    needs: list[tuple[str, str]] = []
    if _word_of(eff, "setup.territories") == "deal":
        needs.append(("setup.territories", "the territories are dealt with the cards"))
    for rule in ("setup.deal.cards", "neutrals.cards_dealt"):
        count = _int_of(eff, rule)
        if count:
            needs.append((rule, f"{count} cards are dealt"))
    if _word_of(eff, "neutrals.mode") == "active":
        needs.append(("neutrals.mode", "active neutral armies are bribed with cards"))
    return [
        error(
            "RR0208",
            f"rule '{rule}' needs the territory cards ({why}), but cards.in_play is no",
            off.id_span,
            f"keep the cards (cards.in_play: yes) or change '{rule}'",
        )
        for rule, why in needs
    ]


def _check_whole(eff: EffectiveRuleset) -> list[Diagnostic]:
    """Checks of the effective ruleset: completeness and rules that constrain each other."""
    out: list[Diagnostic] = []
    own = {c.id for c in eff.ruleset.clauses}
    missing = [rid for rid in required_ids() if eff.clause(rid) is None]
    if missing:
        shown = ", ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
        out.append(
            error(
                "RR0206",
                f"ruleset '{eff.name}' is incomplete: "
                f"{counted(len(missing), 'required rule', 'required rules')} missing: "
                f"{shown}",
                eff.ruleset.name_span,
                "extend a complete ruleset (such as classic) or add the missing rules",
            )
        )
    out.extend(_check_cards_off(eff))
    out.extend(_check_army_cap(eff))
    board = eff.board
    start = eff.clause("setup.start_armies")
    relevant = {"setup.start_armies", "board", "setup.territories", "setup.deal.cards", "players"}
    counts = player_counts(eff)
    if board is not None and start is not None and own & relevant:
        table = _plain(start.value)
        total = len(board.territories)
        deal = _int_of(eff, "setup.deal.cards")
        dealing = _word_of(eff, "setup.territories") == "deal" and deal is not None
        if isinstance(table, m.Table):
            for entry in table.entries:
                armies = _plain(entry.value)
                if not isinstance(entry.key, int) or not isinstance(armies, m.Int):
                    continue
                players = entry.key
                if players < 1 or (counts is not None and players not in counts):
                    continue
                need = deal if dealing and deal is not None else -(-total // players)
                if armies.value < need:
                    out.append(
                        error(
                            "RR0203",
                            f"with {players} players each needs at least {need} armies to "
                            f"hold their territories, but starts with {armies.value}",
                            entry.span,
                            "raise the start armies",
                        )
                    )
                elif armies.value == need and (dealing or total % players == 0):
                    # Every player's armies all go on the territories they are given: no one
                    # has an army left to place, and the setup cannot go on.
                    out.append(
                        error(
                            "RR0203",
                            f"with {players} players each starts on {need} territories, one "
                            f"army on each, and has {armies.value} armies: none is left to "
                            "place, so the setup cannot go on",
                            entry.span,
                            f"give each player at least {need + 1} start armies",
                        )
                    )
    return out


def check_all(
    index: Index,
    resolved: dict[str, EffectiveRuleset],
    files: Iterable[m.RulesFile],
    require_citations_in: Iterable[str] = (),
) -> list[Diagnostic]:
    """Board and ruleset checks for the given files (the rest of the index is context)."""
    strict_files = set(require_citations_in)
    out: list[Diagnostic] = []
    for rules_file in files:
        for board in rules_file.boards:
            out.extend(check_board(board))
        for ruleset in rules_file.rulesets:
            eff = resolved.get(ruleset.name)
            if eff is None or eff.ruleset is not ruleset:
                continue
            out.extend(check_ruleset(eff, index, rules_file.path in strict_files))
    return out
