"""What the seats share, for every player count a ruleset allows: the teams (RR0216), the deal
of the territory cards (RR0218); the mission deck's are grammar/missions.py's."""

from __future__ import annotations

from .diagnostics import Diagnostic, Span, error
from .facts import Own, counts_text, flag_of, int_of, neutral_count, word_of
from .messages import msg
from .resolve import EffectiveRuleset

# ---------------------------------------------------------------- teams


def teams(eff: EffectiveRuleset, own: Own, counts: range) -> list[Diagnostic]:
    """RR0216: the teams share every player count the ruleset allows evenly."""
    teams = int_of(eff, "teams.count")
    at = own.any(("teams.size", "teams.count", "players"))
    if not teams or at is None:
        return []
    size = int_of(eff, "teams.size")
    bad = [n for n in counts if teams * (size or n // teams) != n or n < teams]
    if not bad:
        return []
    n = bad[0]
    if size:
        what = msg(
            "{teams} teams of {size} need {players} players",
            teams=teams,
            size=size,
            players=teams * size,
        )
    else:
        what = msg("{n} players do not split into {teams} teams of the same size", n=n, teams=teams)
    fits = [k for k in counts if k not in bad]
    hint = (
        msg("allow only {counts} players, or change the teams", counts=counts_text(fits))
        if fits
        else msg(
            "with {counts} players, write teams.size: {size}",
            counts=counts_text(counts),
            size=counts.start // teams if counts.start >= teams else 1,
        )
    )
    return [
        error(
            "RR0216",
            msg(
                "{what}, but the ruleset allows {counts_text} players",
                what=what,
                counts_text=counts_text(bad),
            ),
            own.span(at),
            hint,
        )
    ]


# ---------------------------------------------------------------- the deal


def deal(eff: EffectiveRuleset, own: Own, counts: range) -> list[Diagnostic]:
    """RR0218: when the territories are dealt with the cards, the cards dealt are the whole
    pile for every player count (each territory card dealt once, so every territory gets its
    owner), and every seat has an army for each territory it is dealt."""
    board = eff.board
    cards = int_of(eff, "setup.deal.cards")
    involved = (
        "setup.territories",
        "setup.deal.cards",
        "setup.deal.remove_wild",
        "players",
        "neutrals.count",
        "neutrals.cards_dealt",
        "neutrals.start_armies",
        "cards.wild",
        "board",
    )
    at = own.any(involved)
    if board is None or cards is None or word_of(eff, "setup.territories") != "deal" or not at:
        return []
    territories = len(board.territories)
    wild = 0 if flag_of(eff, "setup.deal.remove_wild") else int_of(eff, "cards.wild") or 0
    pile = territories + wild
    neutrals = neutral_count(eff)
    per_neutral = int_of(eff, "neutrals.cards_dealt") or 0
    out = []
    where = own.span(own.clauses.get("setup.deal.cards") or at)
    for n in counts:
        dealt = n * cards + neutrals * per_neutral
        if dealt == pile:
            continue
        to_neutrals = (
            msg(" and {neutrals} × {each} to neutral armies", neutrals=neutrals, each=per_neutral)
            if neutrals
            else ""
        )
        short = dealt < pile
        consequence = (
            msg("some territories would have no owner")
            if short
            else msg("the pile runs out before the deal is done")
        )
        wilds = msg(" and {wild} wild cards", wild=wild) if wild else ""
        rest = pile - neutrals * per_neutral
        hint = (
            msg("deal {each} cards each (setup.deal.cards: {each})", each=rest // n)
            if rest > 0 and rest % n == 0
            else msg(
                "{pile} cards do not share evenly among {n} players: claim the territories "
                "(setup.territories: claim), or allow only player counts the pile shares "
                "evenly",
                pile=pile,
                n=n,
            )
        )
        out.append(
            error(
                "RR0218",
                msg(
                    "with {n} players, {n} × {cards} cards{to_neutrals} are {dealt} cards, but "
                    "the pile holds {territories} territory cards{wilds}: {consequence}",
                    n=n,
                    cards=cards,
                    to_neutrals=to_neutrals,
                    dealt=dealt,
                    territories=territories,
                    wilds=wilds,
                    consequence=consequence,
                ),
                where,
                hint,
            )
        )
        break
    out += _neutrals_dealt(eff, neutrals, per_neutral, where)
    return out


def _neutrals_dealt(
    eff: EffectiveRuleset, neutrals: int, per_neutral: int, where: Span
) -> list[Diagnostic]:
    """RR0218: a neutral army has an army for each territory it is dealt."""
    out: list[Diagnostic] = []
    neutral_armies = int_of(eff, "neutrals.start_armies") or 0
    if neutrals and per_neutral > neutral_armies:
        out.append(
            error(
                "RR0218",
                msg(
                    "each neutral army is dealt {per_neutral} territories but has only "
                    "{neutral_armies} start armies: one army goes on each territory dealt",
                    per_neutral=per_neutral,
                    neutral_armies=neutral_armies,
                ),
                where,
                msg(
                    "give each neutral army at least {per_neutral} start armies",
                    per_neutral=per_neutral,
                ),
            )
        )
    return out
