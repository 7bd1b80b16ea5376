"""What the engine needs of a whole ruleset, for every player count it allows.

`check` is the contract: a ruleset it accepts plays as its author meant with any number of
players its `players` rule allows. These checks look at rules together (the player counts and
the tables by player count, the teams, the deal and the deck, the phases of a turn), each
for every player count, and name the count that breaks (the missions': grammar/missions.py).

They look at a ruleset's effective rules, but only when the ruleset writes one of the rules
involved itself: a ruleset that only changes who wins ties is not told again what its base
does (the base's own check says it).
"""

from __future__ import annotations

from . import model as m
from .diagnostics import Diagnostic, error, warning
from .facts import (
    Own,
    counts_text,
    int_of,
    neutral_count,
    plain,
    player_counts,
    player_range,
    seats_of,
    start_armies,
    word_of,
    words_of,
)
from .messages import Arg, Message, msg
from .resolve import EffectiveRuleset
from .schema import PHASES, Kind, lookup
from .shares import deal, teams


def check_playable(eff: EffectiveRuleset) -> list[Diagnostic]:
    """Every check of this module, for one effective ruleset."""
    if eff.board is None:
        return []
    own = Own(eff)
    counts = player_counts(eff)
    out = _players(eff, own)
    out += _bounds(own)
    out += _phases(eff, own)
    out += _needs(eff, own)
    if counts is not None:
        out += _start_armies(eff, own, counts)
        out += teams(eff, own, counts)
        out += deal(eff, own, counts)
    return out


# ---------------------------------------------------------------- players and seats

_SEATING = ("players", "neutrals.count", "board")


def _players(eff: EffectiveRuleset, own: Own) -> list[Diagnostic]:
    """RR0215: at least one player, and no more seats than a table has (neutral armies are
    seats too), nor than the board has territories to start on."""
    at = own.any(_SEATING)
    found = player_range(eff)
    if at is None or found is None:
        return []
    low, high = found
    neutrals = neutral_count(eff)
    seats = seats_of(eff)
    where = own.span(own.clauses.get("players") or at)
    if low < 1:
        return [
            error(
                "RR0215",
                msg("'players' allows {low} players: a game needs at least one", low=low),
                where,
                msg("write the fewest players first, such as 3 .. 6"),
            )
        ]
    if low <= high and high + neutrals > seats:
        said = (
            msg(
                "{high} players and {neutrals} neutral armies are {value} seats, past the "
                "{seats} a game has",
                high=high,
                neutrals=neutrals,
                value=high + neutrals,
                seats=seats,
            )
            if neutrals
            else msg(
                "{high} players are {value} seats, past the {seats} a game has",
                high=high,
                value=high + neutrals,
                seats=seats,
            )
        )
        return [
            error(
                "RR0215",
                said,
                where,
                msg(
                    "at most {seats} seats at a table (neutral armies included); each starts on a "
                    "territory of its own",
                    seats=seats,
                ),
            )
        ]
    return []


def _start_armies(eff: EffectiveRuleset, own: Own, counts: range) -> list[Diagnostic]:
    """RR0213: a start-armies entry for every player count the ruleset allows; RR0214: a
    warning for an entry written for a count it does not (never used)."""
    clause = eff.clause("setup.start_armies")
    table = plain(clause.value) if clause is not None else None
    at = own.any(("setup.start_armies", "players"))
    if clause is None or at is None or not isinstance(table, m.Table):
        return []
    given = start_armies(eff)
    out: list[Diagnostic] = []
    missing = [n for n in counts if n not in given]
    allowed = f"{counts.start} to {counts.stop - 1}" if len(counts) > 1 else str(counts.start)
    if missing:
        last = given.get(max((n for n in given if n in counts), default=-1))
        example = ", ".join(f"{n}: {last if last is not None else '…'}" for n in missing)
        out.append(
            error(
                "RR0213",
                msg(
                    "rule 'setup.start_armies' gives no start armies for {counts_text} players, "
                    "but the ruleset is for {allowed} players",
                    counts_text=counts_text(missing),
                    allowed=allowed,
                ),
                own.span(at),
                msg(
                    "add {example} to the table, or allow fewer players (override players: "
                    "{value} .. {value2})",
                    example=example,
                    value=min(given) if given else counts.start,
                    value2=max(given) if given else counts.stop - 1,
                ),
            )
        )
    if "setup.start_armies" in own.clauses:
        for entry in table.entries:
            if isinstance(entry.key, int) and entry.key not in counts:
                out.append(
                    warning(
                        "RR0214",
                        msg(
                            "start armies for {key} players are never used: the ruleset is for "
                            "{allowed} players",
                            key=entry.key,
                            allowed=allowed,
                        ),
                        entry.span,
                        msg("remove the entry, or allow {key} players in 'players'", key=entry.key),
                    )
                )
    return out


# ---------------------------------------------------------------- numbers in range


def _bounds(own: Own) -> list[Diagnostic]:
    """RR0217: a whole number within what its rule allows (the catalogue's bounds)."""
    out = []
    for clause in own.clauses.values():
        spec = lookup(clause.id)
        value = plain(clause.value)
        if spec is None or not isinstance(value, m.Int) or spec.kind != Kind.INT:
            continue
        low, high = spec.least, spec.most
        bound: Arg
        fix: Arg
        if low is not None and value.value < low:
            bound, fix = (
                (msg("at least {n}", n=low), msg("{n} or more", n=low))
                if high != low
                else (low, low)
            )
        elif high is not None and value.value > high:
            bound, fix = (
                (msg("at most {n}", n=high), msg("{n} or fewer", n=high))
                if high != low
                else (high, high)
            )
        else:
            continue
        out.append(
            error(
                "RR0217",
                msg(
                    "rule '{id}' is {value}, but it must be {bound}: {why}",
                    id=clause.id,
                    value=value.value,
                    bound=bound,
                    why=spec.why or "",
                ),
                clause.value.span,
                msg("write {fix}", fix=fix),
            )
        )
    return out


# ---------------------------------------------------------------- the turn


def _phases(eff: EffectiveRuleset, own: Own) -> list[Diagnostic]:
    """RR0219: the phases of a turn as the engine plays them: each once, in the catalogue's
    order (a player's own fortifying and the allies' may come in either order), with
    reinforcing, attacking and fortifying in every turn."""
    clause = own.clauses.get("turn.phases")
    if clause is None:
        return []
    phases = words_of(eff, "turn.phases")
    if any(p not in PHASES for p in phases):
        return []  # RR0202, reported already
    order = "reinforce, attack, fortify, draw"
    twice = sorted({p for p in phases if phases.count(p) > 1})
    if twice:
        return [
            error(
                "RR0219",
                msg(
                    "'turn.phases' lists {twice} twice: a turn has each phase once",
                    twice=tuple(twice),
                ),
                own.span(clause),
                msg("list each phase once, such as {order}", order=order),
            )
        ]
    missing = [p for p in ("reinforce", "attack", "fortify") if p not in phases]
    if missing:
        said = msg(
            "'turn.phases' leaves out {missing}: every turn has its reinforcements, attacks "
            "and fortifying move",
            missing=tuple(missing),
        )
        if "fortify" in missing:
            said = msg(
                "{said}; to play without fortifying keep the phase and write "
                "`override fortify.moves: 0`",
                said=said,
            )
        return [
            error(
                "RR0219",
                said,
                own.span(clause),
                msg("list the phases in order, such as {order}", order=order),
            )
        ]

    def rank(phase: str) -> int:
        return PHASES.index("fortify" if phase == "ally_fortify" else phase)

    if [rank(p) for p in phases] != sorted(rank(p) for p in phases):
        canonical = sorted(phases, key=rank)
        return [
            error(
                "RR0219",
                msg(
                    "'turn.phases' puts the phases out of order: a turn is played {canonical}",
                    canonical=", ".join(canonical),
                ),
                own.span(clause),
                msg("did you mean '{fix}'?", fix=", ".join(canonical)),
            )
        ]
    return []


# ---------------------------------------------------------------- rules that need others


def _needs(eff: EffectiveRuleset, own: Own) -> list[Diagnostic]:
    """RR0227: a rule that needs another one the ruleset does not have, or other values."""
    out = _clashes(eff, own)
    for rule, needed, why, example in _needed(eff):
        if eff.clause(needed) is not None:
            continue
        at = own.any((rule, "turn.phases", "neutrals.count"))
        if at is None:
            continue
        out.append(
            error(
                "RR0227",
                msg(
                    "rule '{rule}' needs '{needed}' ({why}), but the ruleset does not set it",
                    rule=rule,
                    needed=needed,
                    why=why,
                ),
                at.id_span,
                msg("add a line such as `{example}`", example=example),
            )
        )
    out.extend(_status_start(eff, own))
    return out


def _needed(eff: EffectiveRuleset) -> list[tuple[str, str, Message, str]]:
    """The rules the ruleset's values need: (rule, needed, why, example)."""
    needs: list[tuple[str, str, Message, str]] = []
    if word_of(eff, "setup.territories") == "deal":
        found = player_range(eff)
        board = eff.board
        each = len(board.territories) // max(1, found[0]) if found and board else 14
        needs.append(
            (
                "setup.territories",
                "setup.deal.cards",
                msg("the territories are dealt with the cards"),
                f"setup.deal.cards: {each}",
            )
        )
    if eff.clause("missions.per_player") is not None:
        needs.append(
            (
                "missions.per_player",
                "missions.ranks",
                msg("players draw a mission of each rank"),
                "missions.ranks: captain, major, colonel, general",
            )
        )
        needs.append(
            (
                "missions.per_player",
                "missions.claims_per_turn",
                msg("missions are claimed in a turn"),
                "missions.claims_per_turn: 1",
            )
        )
    bribed = word_of(eff, "neutrals.mode") == "active" and neutral_count(eff)
    if bribed and "bribe" in words_of(eff, "turn.phases"):
        for rule, example in (
            ("neutrals.bribe.steps_per_card", "neutrals.bribe.steps_per_card: 1"),
            ("neutrals.bribe.max_cards", "neutrals.bribe.max_cards: 5"),
        ):
            bribed_why = msg("active neutral armies are bribed")
            needs.append(("neutrals.mode", rule, bribed_why, example))
    return needs


def _clashes(eff: EffectiveRuleset, own: Own) -> list[Diagnostic]:
    """Values that cannot go together: neutral armies placed by the players on territories
    that are claimed, and team play where one player holds a territory alone."""
    out: list[Diagnostic] = []
    placed = eff.clause("neutrals.place_per_turn")
    if placed is not None and neutral_count(eff) and word_of(eff, "setup.territories") != "deal":
        at = own.any(("neutrals.place_per_turn", "setup.territories", "neutrals.count"))
        if at is not None:
            out.append(
                error(
                    "RR0227",
                    msg(
                        "rule 'neutrals.place_per_turn' needs the territories dealt "
                        "(setup.territories: deal): the players place the neutral armies' armies "
                        "on the territories they are dealt, and in a claim they are dealt none"
                    ),
                    at.id_span,
                    msg(
                        "deal the territories (setup.territories: deal), or let the neutral "
                        "armies claim for themselves: drop neutrals.place_per_turn"
                    ),
                )
            )
    teams = int_of(eff, "teams.count")
    if teams and word_of(eff, "territory.control") == "sole_occupant":
        at = own.any(("territory.control", "teams.count", "teams.size", "teams.fortify.into_team"))
        if at is not None:
            out.append(
                error(
                    "RR0227",
                    msg(
                        "team play needs 'territory.control: most_armies': team-mates fortify "
                        "into each other's territories, and their armies share them"
                    ),
                    at.id_span,
                    msg("write `override territory.control: most_armies` (the team rules of 000)"),
                )
            )
    return out


def _status_start(eff: EffectiveRuleset, own: Own) -> list[Diagnostic]:
    clause = eff.clause("neutrals.status.start")
    start = word_of(eff, "neutrals.status.start")
    if (
        clause is None
        or start is None
        or own.any(("neutrals.status.start", "neutrals.status.track")) is None
    ):
        return []
    track = words_of(eff, "neutrals.status.track") or [
        "ally_of_first",
        "not_involved",
        "ally_of_second",
    ]
    if start in track:
        return []
    return [
        error(
            "RR0227",
            msg(
                "'neutrals.status.start' is '{start}', which is not on the status track ({track})",
                start=start,
                track=", ".join(track),
            ),
            clause.value.span,
            msg("start the neutral armies on a space of their track"),
        )
    ]
