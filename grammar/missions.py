"""What the engine needs of a mission deck (Mission RISK, da000 page 9: the cards in four piles
by rank, one drawn from each pile): every card in a pile and with a goal (RR0229), and as many
cards of each rank as there may be players (RR0228).

Like grammar/playable.py, a finding is reported to the ruleset that writes one of the rules
involved itself, not again to each ruleset that extends it."""

from __future__ import annotations

from . import model as m
from .diagnostics import Diagnostic, error
from .facts import player_counts, word_of, words_of
from .messages import msg
from .resolve import EffectiveRuleset
from .schema import lookup

_DECK = "missions.deck."

# What a card that misses its rank, its goal or both is, in words (each message whole, so a
# translator sees the whole sentence).
_UNDEALT = {
    ("rank",): lambda card: msg(
        "the mission card '{card}' has no rank: it is in no pile, so it is never dealt", card=card
    ),
    ("goal",): lambda card: msg(
        "the mission card '{card}' has no goal: it can never be completed, so it is never dealt",
        card=card,
    ),
    ("rank", "goal"): lambda card: msg(
        "the mission card '{card}' has no rank and no goal: it is in no pile and it can never "
        "be completed, so it is never dealt",
        card=card,
    ),
}


def check_missions(eff: EffectiveRuleset) -> list[Diagnostic]:
    """RR0229, then RR0228 (a deck with a card that is never dealt is not counted further)."""
    if eff.board is None:
        return []
    own = {c.id: c for c in eff.ruleset.clauses}
    cards = _cards(eff, own)
    if cards:
        return cards
    counts = player_counts(eff)
    return _piles(eff, own, counts) if counts is not None else []


def _card_ids(clauses: dict[str, m.Clause]) -> list[str]:
    """The cards these clauses write a part of, in order (`missions.deck.ID.PART`)."""
    ids: dict[str, None] = {}
    for rule_id in clauses:
        parts = rule_id.split(".")
        if len(parts) == 4 and rule_id.startswith(_DECK):
            ids.setdefault(parts[2], None)
    return list(ids)


def _cards(eff: EffectiveRuleset, own: dict[str, m.Clause]) -> list[Diagnostic]:
    """RR0229: a card the ruleset writes without a rank is in no pile, and one without a goal
    can never be completed (the engine deals only cards with both): never dealt, and `check`
    said nothing."""
    out = []
    for card in _card_ids(own):
        prefix = f"{_DECK}{card}."
        missing = [p for p in ("rank", "goal") if eff.clause(prefix + p) is None]
        if not missing:
            continue
        written = next(c for rule_id, c in own.items() if rule_id.startswith(prefix))
        example = {"rank": "rank: captain", "goal": "goal: territories >= 12"}[missing[0]]
        ranks = lookup(f"{prefix}rank")
        named = list(ranks.choices) if ranks is not None else ["captain"]
        out.append(
            error(
                "RR0229",
                _UNDEALT[tuple(missing)](card),
                written.id_span,
                msg(
                    "every card has a rank ({choices}) and a goal, such as {example}",
                    choices=tuple(named),
                    example=prefix + example,
                ),
            )
        )
    return out


def _piles(eff: EffectiveRuleset, own: dict[str, m.Clause], counts: range) -> list[Diagnostic]:
    """RR0228: each player draws a mission of each rank, so the deck holds as many missions
    of each rank as there may be players."""
    if eff.clause("missions.per_player") is None:
        return []
    at = next((c for rule_id, c in own.items() if rule_id.startswith("missions.")), None)
    at = at or own.get("players")
    if at is None:
        return []
    ranks = words_of(eff, "missions.ranks")
    twice = sorted({r for r in ranks if ranks.count(r) > 1})
    if twice and "missions.ranks" in own:
        return [
            error(
                "RR0228",
                msg(
                    "'missions.ranks' lists {twice} more than once: each player draws one mission "
                    "of each rank",
                    twice=tuple(twice),
                ),
                own["missions.ranks"].value.span,
                msg("list each rank once, easiest first, such as captain, major, colonel, general"),
            )
        ]
    by_rank = _deck_ranks(eff)
    most = counts.stop - 1
    short = [r for r in ranks if by_rank.get(r, 0) < most]
    if not short:
        return []
    rank = short[0]
    where = at.id_span if at.id == "players" or not at.value.span.line else at.value.span
    return [
        error(
            "RR0228",
            msg(
                "with {most} players each draws a '{rank}' mission, but the deck has {get} of them",
                most=most,
                rank=rank,
                get=by_rank.get(rank, 0),
            ),
            where,
            msg(
                "add {value} more '{rank}' missions (missions.deck.NAME {{ rank: {rank} … }}), or "
                "allow fewer players",
                value=most - by_rank.get(rank, 0),
                rank=rank,
            ),
        )
    ]


def _deck_ranks(eff: EffectiveRuleset) -> dict[str, int]:
    out: dict[str, int] = {}
    for clause in eff.clauses:
        parts = clause.id.split(".")
        if len(parts) == 4 and parts[:2] == ["missions", "deck"] and parts[3] == "rank":
            rank = word_of(eff, clause.id)
            goal = eff.clause(f"missions.deck.{parts[2]}.goal")
            if rank is not None and goal is not None:
                out[rank] = out.get(rank, 0) + 1
    return out
