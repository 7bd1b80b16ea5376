"""Semantic checks: boards, citations, rule values against the catalogue, completeness.

Each check returns diagnostics; nothing here raises on bad input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from . import expr as ex
from . import model as m
from .boards import check_board
from .diagnostics import Diagnostic, Span, did_you_mean, error, suggest, warning
from .facts import int_of, player_counts, word_of
from .messages import Arg, Either, Message, msg, msg_n
from .missions import check_missions
from .playable import check_playable
from .ranges import check_ranges
from .reasons import assumed_warnings, check_edges, check_reason, check_words
from .resolve import EffectiveRuleset, Index
from .schema import (
    known_ids,
    lookup,
    required_ids,
)
from .sources import check_source
from .values import check_value
from .words import language_name, rule_id_in_words

MAX_ANCHOR_WORDS = 8


def check_citation(cite: m.Citation, index: Index) -> list[Diagnostic]:
    out = _unknown_document(cite.document, cite.span, index)
    words = cite.anchor.split()
    if len(words) > MAX_ANCHOR_WORDS:
        out.append(
            error(
                "RR0120",
                msg(
                    "anchor has {n} words; at most {max_anchor_words}",
                    n=len(words),
                    max_anchor_words=MAX_ANCHOR_WORDS,
                ),
                cite.span,
                msg("quote a shorter phrase that still finds the passage"),
            )
        )
    if not words:
        out.append(
            error("RR0120", msg("anchor is empty"), cite.span, msg("quote the manual's words"))
        )
    return out


def _unknown_document(doc: str, span: Span, index: Index) -> list[Diagnostic]:
    """RR0103 when `doc` names no declared source (a citation, an ignore, `from`)."""
    if doc in index.sources:
        return []
    return [
        error(
            "RR0103",
            msg("unknown document '{doc}'", doc=doc),
            span,
            did_you_mean(doc, index.sources) or msg('declare it: source ID "FILE" language LANG'),
        )
    ]


def rule_id_hint(rule_id: str) -> Message | None:
    """A did-you-mean for a misspelt rule id, from its own group first: `combat.tiez` is
    `combat.ties`, and `combat.dice` is one of the two dice rules, not a rule of another group
    that happens to be as close."""
    said = rule_id_in_words(rule_id)
    if said is not None and said[0] in known_ids():
        return msg(
            "did you mean '{fix}'? ('{name}' is {language} for it)",
            fix=said[0],
            name=rule_id,
            language=language_name(said[1]),
        )
    head = rule_id.split(".", 1)[0]
    same = [k for k in known_ids() if k == head or k.startswith(head + ".")]
    last = rule_id.rsplit(".", 1)[-1]
    # The rules of the group whose last part holds the word (`dice`: attacker.dice, …).
    holding = [k for k in same if "." in rule_id and last in re.split(r"[._]", k)[1:]]
    if len(holding) == 1:
        return msg("did you mean '{fix}'?", fix=holding[0])
    if 1 < len(holding) <= 3:
        return msg("did you mean {fix}?", fix=Either(tuple(holding)))
    close = suggest(rule_id, same)
    if close is not None:
        return msg("did you mean '{fix}'?", fix=close)
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
                    msg("unknown rule id '{id}'", id=clause.id),
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
                    msg("rule '{id}' cites no manual passage", id=clause.id),
                    clause.id_span,
                    msg('add: cite DOCUMENT page N "anchor words"'),
                )
            )
        for reason in m.assumed_reasons(clause.value):
            assumed.setdefault(reason, []).append(clause)
            out.extend(check_reason(reason, clause.id, clause.id_span, require_citations))
        out.extend(check_edges(clause, spec.edges, require_citations))
        out.extend(check_value(spec, clause, index, board, counts))
        if isinstance(clause.note, m.Localized) and clause.note.table is not None:
            what = msg("the note on '{id}'", id=clause.id)
            out.extend(check_words(clause.note.table, what, "note"))
    title = eff.ruleset.title
    if isinstance(title, m.Localized) and title.table is not None:
        what = msg("the title of '{name}'", name=eff.name)
        out.extend(check_words(title.table, what, "title"))
    out.extend(assumed_warnings(assumed))
    out.extend(_check_own_manuals(eff, index))
    for inherit in eff.ruleset.inherits:
        out.extend(check_reason(inherit.reason, inherit.id, inherit.id_span, require_citations))
    for ignore in eff.ruleset.ignores:
        for cite in ignore.citations:
            out.extend(check_citation(cite, index))
    out.extend(_check_whole(eff))
    out.extend(check_playable(eff))
    out.extend(check_missions(eff))
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
                    msg("unknown rule id '{id}'", id=inherit.id),
                    inherit.id_span,
                    rule_id_hint(inherit.id),
                )
            )
        elif inherit.id in own_ids or eff.clause(inherit.id) is None:
            where = msg("this ruleset sets it") if inherit.id in own_ids else msg("no base sets it")
            out.append(
                error(
                    "RR0507",
                    msg("nothing to inherit for '{id}': {where}", id=inherit.id, where=where),
                    inherit.id_span,
                    msg("drop the inherit line"),
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
        others: Arg = tuple(dict.fromkeys(c.document for c in clause.citations)) or msg("no manual")
        manuals = ", ".join(ruleset.manuals)
        out.append(
            warning(
                "RR0506",
                msg(
                    "rule '{id}' rests on {others}, not on {manuals}",
                    id=clause.id,
                    others=others,
                    manuals=manuals,
                ),
                ruleset.manuals_span,
                msg(
                    "cite the passage of {manuals} that states it, write it here as `assumed … "
                    'because …`, or add: inherit {id} because "…"',
                    manuals=manuals,
                    id=clause.id,
                ),
            )
        )
    return out


def _check_army_cap(eff: EffectiveRuleset) -> list[Diagnostic]:
    """A cap on armies per territory must leave room to attack and to place the start armies
    (each player, and each neutral army, on the fewest territories it can get)."""
    cap_clause = eff.clause("territory.max_armies")
    cap = int_of(eff, "territory.max_armies")
    if cap_clause is None or cap is None:
        return []
    out: list[Diagnostic] = []
    need = _attack_needs(eff)
    if cap < need:
        out.append(
            error(
                "RR0209",
                msg(
                    "at most {cap} armies a territory, but an attack needs {need}: no one could "
                    "ever attack",
                    cap=cap,
                    need=need,
                ),
                cap_clause.id_span,
                msg("allow at least {need} armies a territory", need=need),
            )
        )
    board = eff.board
    table = m.strip_assumed(eff.value("setup.start_armies") or m.Table(()))
    if board is None or not isinstance(table, m.Table):
        return out
    neutrals = int_of(eff, "neutrals.count") or 0
    neutral_armies = int_of(eff, "neutrals.start_armies") or 0
    dealt = int_of(eff, "setup.deal.cards")
    counts = player_counts(eff)
    for entry in table.entries:
        armies = m.strip_assumed(entry.value)
        if not isinstance(entry.key, int) or not isinstance(armies, m.Int) or entry.key < 1:
            continue
        if counts is not None and entry.key not in counts:
            continue  # a count the ruleset does not allow: never played (RR0214)
        if word_of(eff, "setup.territories") == "deal" and dealt:
            fewest = dealt
        else:
            fewest = len(board.territories) // (entry.key + neutrals)
        for neutral, count in ((False, armies.value), (True, neutral_armies)):
            if neutral and not neutrals:
                continue
            who = msg("each neutral army") if neutral else msg("each player")
            if count > cap * max(fewest, 1):
                out.append(
                    error(
                        "RR0209",
                        msg(
                            "with {key} players, {who} has {count_} start armies but may hold as "
                            "few as {fewest} territories of at most {cap} armies",
                            key=entry.key,
                            who=who,
                            count_=count,
                            fewest=fewest,
                            cap=cap,
                        ),
                        cap_clause.id_span,
                        msg(
                            "allow at least {value} armies a territory",
                            value=-(-count // max(fewest, 1)),
                        ),
                    )
                )
    return out


def _attack_needs(eff: EffectiveRuleset) -> int:
    """The fewest armies an attack needs, read from `armies >= N` (2 if it says otherwise)."""
    value = eff.value("combat.attack_requires")
    needs = ex.at_least(m.strip_assumed(value), "armies") if value is not None else None
    return 2 if needs is None else needs


def _check_cards_off(eff: EffectiveRuleset) -> list[Diagnostic]:
    """With `cards.in_play: no` nothing may need a territory card: a deal of the territories,
    cards dealt to players or neutral armies, or neutral armies bribed with cards."""
    off = eff.clause("cards.in_play")
    if off is None or m.strip_assumed(off.value) != m.Bool(False):
        return []
    needs: list[tuple[str, str]] = []
    if word_of(eff, "setup.territories") == "deal":
        needs.append(("setup.territories", "the territories are dealt with the cards"))
    for rule in ("setup.deal.cards", "neutrals.cards_dealt"):
        count = int_of(eff, rule)
        if count:
            needs.append((rule, f"{count} cards are dealt"))
    if word_of(eff, "neutrals.mode") == "active":
        needs.append(("neutrals.mode", "active neutral armies are bribed with cards"))
    return [
        error(
            "RR0208",
            msg(
                "rule '{rule}' needs the territory cards ({why}), but cards.in_play is no",
                rule=rule,
                why=why,
            ),
            off.id_span,
            msg("keep the cards (cards.in_play: yes) or change '{rule}'", rule=rule),
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
                msg_n(
                    "ruleset '{name}' is incomplete: {count} required rule missing: {shown}",
                    "ruleset '{name}' is incomplete: {count} required rules missing: {shown}",
                    len(missing),
                    name=eff.name,
                    shown=shown,
                ),
                eff.ruleset.name_span,
                msg("extend a complete ruleset (such as classic) or add the missing rules"),
            )
        )
    out.extend(_check_cards_off(eff))
    out.extend(_check_army_cap(eff))
    board = eff.board
    start = eff.clause("setup.start_armies")
    relevant = {"setup.start_armies", "board", "setup.territories", "setup.deal.cards", "players"}
    counts = player_counts(eff)
    if board is not None and start is not None and own & relevant:
        table = m.strip_assumed(start.value)
        total = len(board.territories)
        deal = int_of(eff, "setup.deal.cards")
        dealing = word_of(eff, "setup.territories") == "deal" and deal is not None
        if isinstance(table, m.Table):
            for entry in table.entries:
                armies = m.strip_assumed(entry.value)
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
                            msg(
                                "with {players} players each needs at least {need} armies to hold "
                                "their territories, but starts with {value}",
                                players=players,
                                need=need,
                                value=armies.value,
                            ),
                            entry.span,
                            msg("raise the start armies"),
                        )
                    )
                elif armies.value == need and (dealing or total % players == 0):
                    # Every player's armies all go on the territories they are given: no one
                    # has an army left to place, and the setup cannot go on.
                    out.append(
                        error(
                            "RR0203",
                            msg(
                                "with {players} players each starts on {need} territories, one "
                                "army on each, and has {value} armies: none is left to place, so "
                                "the setup cannot go on",
                                players=players,
                                need=need,
                                value=armies.value,
                            ),
                            entry.span,
                            msg("give each player at least {value} start armies", value=need + 1),
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
        out.extend(d for src in rules_file.sources for d in check_source(src))
        for ruleset in rules_file.rulesets:
            eff = resolved.get(ruleset.name)
            if eff is None or eff.ruleset is not ruleset:
                continue
            out.extend(check_ruleset(eff, index, rules_file.path in strict_files))
    return out
