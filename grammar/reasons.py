"""What a ruleset says of why: the reason of an assumed value or an `inherit` (quoted text,
per language, the languages known), the cases of a rule a manual leaves open (RR0126), and
the warnings that a value or a case is assumed (RR0501)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from . import model as m
from .diagnostics import Diagnostic, Span, did_you_mean, error, warning
from .messages import Message, msg
from .schema import SHEET_LANGUAGES


class Said(NamedTuple):
    """What a check of a per-language table says of an entry, given its key."""

    twice: Callable[[str], Message]  # a language given twice
    keep_one: Callable[[str], Message]  # … and how to mend it
    unknown: Callable[[str], Message]  # not a language of the sheets
    not_text: Callable[[str], Message]  # not a quoted text


def per_language(table: m.Table, code: str, said: Said) -> list[Diagnostic]:
    """`code` for each entry of a per-language table (a reason, a title, a note) that gives a
    language twice, names one that is not a sheet's, or is not a quoted text."""
    out = []
    seen: set[str] = set()
    for entry in table.entries:
        key = str(entry.key)
        if key in seen:
            out.append(error(code, said.twice(key), entry.span, said.keep_one(key)))
            continue
        seen.add(key)
        if key not in SHEET_LANGUAGES:
            hint = did_you_mean(key, SHEET_LANGUAGES) or msg(
                "use one of {sheet_languages}", sheet_languages=", ".join(SHEET_LANGUAGES)
            )
            out.append(error(code, said.unknown(key), entry.span, hint))
        elif not isinstance(entry.value, m.Text):
            hint = msg('write it in quotes: {key}: "…"', key=key)
            out.append(error(code, said.not_text(key), entry.value.span, hint))
    return out


def check_reason(reason: str, rule_id: str, at: Span, built_in: bool) -> list[Diagnostic]:
    """A reason per language names known languages with a text each; a built-in ruleset gives
    it in every language a sheet is printed in (a sheet never quotes another language)."""
    if not isinstance(reason, m.Reason) or reason.table is None:
        if built_in:
            return [
                warning(
                    "RR0504",
                    msg(
                        "rule '{rule_id}': its reason is given in one language only",
                        rule_id=rule_id,
                    ),
                    at,
                    msg('give it per language: because {{en: "…", da: "…", nl: "…"}}'),
                )
            ]
        return []
    out = per_language(
        reason.table,
        "RR0505",
        Said(
            twice=lambda key: msg("the reason gives '{key}' twice", key=key),
            keep_one=lambda key: msg(
                "give the reason in each language once: keep one '{key}: \"…\"'", key=key
            ),
            unknown=lambda key: msg("'{key}' is not a language of the sheets", key=key),
            not_text=lambda key: msg("the reason in '{key}' must be a quoted text", key=key),
        ),
    )
    missing = [lang for lang in SHEET_LANGUAGES if reason.in_language(lang) is None]
    if built_in and missing:
        out.append(
            warning(
                "RR0504",
                msg(
                    "rule '{id}': its reason is not given in {missing}",
                    id=rule_id,
                    missing=tuple(missing),
                ),
                reason.table.span,
                msg(
                    "add {missing}: a sheet in that language shows no reason",
                    missing=", ".join(missing),
                ),
            )
        )
    return out


def check_words(table: m.Table, what: Message, keyword: str) -> list[Diagnostic]:
    """RR0124: a title or a note per language names the sheets' languages (en, da, nl), each
    once, each with a quoted text; an empty table says nothing."""
    out = []
    if not table.entries:
        out.append(
            error(
                "RR0124",
                msg("{what} gives no text", what=what),
                table.span,
                msg(
                    'write {keyword} "…", or {keyword} {{en: "…", da: "…", nl: "…"}}',
                    keyword=keyword,
                ),
            )
        )
    said = Said(
        twice=lambda key: msg("{what} gives '{key}' twice", what=what, key=key),
        keep_one=lambda key: msg("give each language once: keep one '{key}: \"…\"'", key=key),
        unknown=lambda key: msg(
            "{what}: '{key}' is not a language of the sheets", what=what, key=key
        ),
        not_text=lambda key: msg("{what} in '{key}' must be a quoted text", what=what, key=key),
    )
    out.extend(per_language(table, "RR0124", said))
    return out


def _common_start(parts: list[list[str]]) -> list[str]:
    """The leading components every dotted id shares."""
    out: list[str] = []
    for column in zip(*parts, strict=False):
        if len(set(column)) != 1:
            break
        out.append(column[0])
    return out


def check_edges(clause: m.Clause, known: tuple[str, ...], built_in: bool) -> list[Diagnostic]:
    """Each `assumed EDGE because …` names a case the rule catalogue gives this rule (RR0126),
    once, with a reason like a value's; each is a gap of its own (RR0501: only the edge is
    assumed, the value is the manual's)."""
    out: list[Diagnostic] = []
    seen: set[str] = set()
    for edge in clause.edges:
        if edge.name not in known or edge.name in seen:
            example = f'{clause.id}: assumed VALUE because "…"'
            hint = (
                msg("the cases of '{id}' that can be assumed: {cases}", id=clause.id, cases=known)
                if known
                else msg(
                    "'{id}' has no such case; mark its value instead: {example}",
                    id=clause.id,
                    example=example,
                )
            )
            message = (
                msg(
                    "the case '{edge}' of rule '{id}' is marked twice", edge=edge.name, id=clause.id
                )
                if edge.name in seen
                else msg(
                    "'{edge}' is not a case of rule '{id}' a manual may leave open",
                    edge=edge.name,
                    id=clause.id,
                )
            )
            out.append(error("RR0126", message, edge.name_span, hint))
            continue
        seen.add(edge.name)
        out.extend(check_reason(edge.reason, clause.id, edge.name_span, built_in))
        out.append(
            warning(
                "RR0501",
                msg(
                    "rule '{id}' assumes what the manual leaves open ({edge}): {reason}",
                    id=clause.id,
                    edge=edge.name,
                    reason=edge.reason,
                ),
                edge.span,
                msg(
                    "the manual states the rule but not this case; --strict treats this as a "
                    "failure"
                ),
            )
        )
    return out


def assumed_warnings(assumed: dict[str, list[m.Clause]]) -> list[Diagnostic]:
    """One RR0501 per reason: an `assumed` group of 48 mission cards is one gap, not 48."""
    out = []
    hint = msg("the manual does not give this value; --strict treats this as a failure")
    for reason, clauses in assumed.items():
        ids = list(dict.fromkeys(c.id for c in clauses))
        if len(ids) == 1:
            message = msg("rule '{id}' uses an assumed value: {reason}", id=ids[0], reason=reason)
        else:
            common = ".".join(_common_start([i.split(".") for i in ids]))
            where = (
                msg("'{common}.…'", common=common)
                if common
                else msg("'{id}' and others", id=ids[0])
            )
            message = msg(
                "{n} rules ({where}) use an assumed value: {reason}",
                n=len(ids),
                where=where,
                reason=reason,
            )
        out.append(warning("RR0501", message, clauses[0].span, hint))
    return out
