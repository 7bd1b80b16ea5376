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

from collections.abc import Iterable

from . import model as m
from . import reading
from .diagnostics import Diagnostic, Span, error, warning
from .limits import MAX_PLAYERS
from .resolve import EffectiveRuleset
from .schema import PHASES, Kind, lookup


def int_of(eff: EffectiveRuleset, rule_id: str) -> int | None:
    return reading.number(eff.value(rule_id))


def word_of(eff: EffectiveRuleset, rule_id: str) -> str | None:
    return reading.word(eff.value(rule_id))


def words_of(eff: EffectiveRuleset, rule_id: str) -> list[str]:
    return list(reading.words(eff.value(rule_id)))


def flag_of(eff: EffectiveRuleset, rule_id: str) -> bool:
    return reading.flag(eff.value(rule_id)) is True


def player_range(eff: EffectiveRuleset) -> tuple[int, int] | None:
    """The fewest and most players the `players` rule allows (None: not a range of numbers)."""
    return reading.int_range(eff.value("players"))


def neutral_count(eff: EffectiveRuleset) -> int:
    return int_of(eff, "neutrals.count") or 0


def player_counts(eff: EffectiveRuleset) -> range | None:
    """Every player count the ruleset allows, when it allows a playable range of them (the
    counts past the seats a table has are RR0215's, not played)."""
    found = player_range(eff)
    if found is None:
        return None
    low, high = found
    if low < 1 or low > high or high + neutral_count(eff) > _seats(eff):
        return None
    return range(low, high + 1)


def _seats(eff: EffectiveRuleset) -> int:
    """Seats at one table, neutral armies included: each needs a territory to start on."""
    board = eff.board
    if board is None:
        return MAX_PLAYERS
    return min(MAX_PLAYERS, sum(len(c.territories) for c in board.continents))


def counts_text(counts: Iterable[int]) -> str:
    """`3`, `3 or 4`, `3, 5 or 6` players."""
    shown = [str(n) for n in counts]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def start_armies(eff: EffectiveRuleset) -> dict[int, int]:
    """The start armies by player count, as the table gives them (the first entry of a count
    written twice, as the engine reads it)."""
    table = reading.plain(eff.value("setup.start_armies"))
    out: dict[int, int] = {}
    if isinstance(table, m.Table):
        for entry in table.entries:
            armies = reading.plain(entry.value)
            if isinstance(entry.key, int) and isinstance(armies, m.Int):
                out.setdefault(entry.key, armies.value)
    return out


class _Own:
    """The rules a ruleset writes itself: where a finding about rules together is reported."""

    def __init__(self, eff: EffectiveRuleset) -> None:
        self.eff = eff
        self.clauses = {c.id: c for c in eff.ruleset.clauses}

    def any(self, rule_ids: Iterable[str]) -> m.Clause | None:
        """The first of these rules the ruleset writes itself (None: it writes none of them)."""
        for rule_id in rule_ids:
            found = self.clauses.get(rule_id)
            if found is not None:
                return found
        return None

    def prefixed(self, prefix: str) -> m.Clause | None:
        return next((c for c in self.clauses.values() if c.id.startswith(prefix)), None)

    def span(self, clause: m.Clause) -> Span:
        return clause.value.span if clause.value.span.line else clause.id_span


def check_playable(eff: EffectiveRuleset) -> list[Diagnostic]:
    """Every check of this module, for one effective ruleset."""
    if eff.board is None:
        return []
    own = _Own(eff)
    counts = player_counts(eff)
    out = _players(eff, own)
    out += _bounds(own)
    out += _phases(eff, own)
    out += _needs(eff, own)
    if counts is not None:
        out += _start_armies(eff, own, counts)
        out += _teams(eff, own, counts)
        out += _deal(eff, own, counts)
    return out


# ---------------------------------------------------------------- players and seats

_SEATING = ("players", "neutrals.count", "board")


def _players(eff: EffectiveRuleset, own: _Own) -> list[Diagnostic]:
    """RR0215: at least one player, and no more seats than a table has (neutral armies are
    seats too), nor than the board has territories to start on."""
    at = own.any(_SEATING)
    found = player_range(eff)
    if at is None or found is None:
        return []
    low, high = found
    neutrals = neutral_count(eff)
    seats = _seats(eff)
    where = own.span(own.clauses.get("players") or at)
    if low < 1:
        return [
            error(
                "RR0215",
                f"'players' allows {low} players: a game needs at least one",
                where,
                "write the fewest players first, such as 3 .. 6",
            )
        ]
    if low <= high and high + neutrals > seats:
        with_neutrals = f" and {neutrals} neutral armies" if neutrals else ""
        return [
            error(
                "RR0215",
                f"{high} players{with_neutrals} are {high + neutrals} seats, past the "
                f"{seats} a game has",
                where,
                f"at most {seats} seats at a table (neutral armies included); "
                f"each starts on a territory of its own",
            )
        ]
    return []


def _start_armies(eff: EffectiveRuleset, own: _Own, counts: range) -> list[Diagnostic]:
    """RR0213: a start-armies entry for every player count the ruleset allows; RR0214: a
    warning for an entry written for a count it does not (never used)."""
    clause = eff.clause("setup.start_armies")
    table = reading.plain(clause.value) if clause is not None else None
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
                f"rule 'setup.start_armies' gives no start armies for {counts_text(missing)} "
                f"players, but the ruleset is for {allowed} players",
                own.span(at),
                f"add {example} to the table, or allow fewer players "
                f"(override players: {min(given) if given else counts.start} .. "
                f"{max(given) if given else counts.stop - 1})",
            )
        )
    if "setup.start_armies" in own.clauses:
        for entry in table.entries:
            if isinstance(entry.key, int) and entry.key not in counts:
                out.append(
                    warning(
                        "RR0214",
                        f"start armies for {entry.key} players are never used: the ruleset is "
                        f"for {allowed} players",
                        entry.span,
                        f"remove the entry, or allow {entry.key} players in 'players'",
                    )
                )
    return out


# ---------------------------------------------------------------- numbers in range


def _bounds(own: _Own) -> list[Diagnostic]:
    """RR0217: a whole number within what its rule allows (the catalogue's bounds)."""
    out = []
    for clause in own.clauses.values():
        spec = lookup(clause.id)
        value = reading.plain(clause.value)
        if spec is None or not isinstance(value, m.Int) or spec.kind != Kind.INT:
            continue
        low, high = spec.least, spec.most
        if low is not None and value.value < low:
            bound, fix = (f"at least {low}", f"{low} or more") if high != low else (low, low)
        elif high is not None and value.value > high:
            bound, fix = (f"at most {high}", f"{high} or fewer") if high != low else (high, high)
        else:
            continue
        out.append(
            error(
                "RR0217",
                f"rule '{clause.id}' is {value.value}, but it must be {bound}: {spec.why}",
                clause.value.span,
                f"write {fix}",
            )
        )
    return out


# ---------------------------------------------------------------- the turn


def _phases(eff: EffectiveRuleset, own: _Own) -> list[Diagnostic]:
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
                f"'turn.phases' lists {', '.join(twice)} twice: a turn has each phase once",
                own.span(clause),
                f"list each phase once, such as {order}",
            )
        ]
    missing = [p for p in ("reinforce", "attack", "fortify") if p not in phases]
    if missing:
        fortify = (
            "; to play without fortifying keep the phase and write `override fortify.moves: 0`"
            if "fortify" in missing
            else ""
        )
        return [
            error(
                "RR0219",
                f"'turn.phases' leaves out {', '.join(missing)}: every turn has its "
                f"reinforcements, attacks and fortifying move{fortify}",
                own.span(clause),
                f"list the phases in order, such as {order}",
            )
        ]

    def rank(phase: str) -> int:
        return PHASES.index("fortify" if phase == "ally_fortify" else phase)

    if [rank(p) for p in phases] != sorted(rank(p) for p in phases):
        canonical = sorted(phases, key=rank)
        return [
            error(
                "RR0219",
                f"'turn.phases' puts the phases out of order: a turn is played "
                f"{', '.join(canonical)}",
                own.span(clause),
                f"did you mean '{', '.join(canonical)}'?",
            )
        ]
    return []


# ---------------------------------------------------------------- rules that need others


def _needs(eff: EffectiveRuleset, own: _Own) -> list[Diagnostic]:
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
                f"rule '{rule}' needs '{needed}' ({why}), but the ruleset does not set it",
                at.id_span,
                f"add a line such as `{example}`",
            )
        )
    out.extend(_status_start(eff, own))
    return out


def _needed(eff: EffectiveRuleset) -> list[tuple[str, str, str, str]]:
    """The rules the ruleset's values need: (rule, needed, why, example)."""
    needs: list[tuple[str, str, str, str]] = []
    if word_of(eff, "setup.territories") == "deal":
        found = player_range(eff)
        board = eff.board
        each = len(board.territories) // max(1, found[0]) if found and board else 14
        needs.append(
            (
                "setup.territories",
                "setup.deal.cards",
                "the territories are dealt with the cards",
                f"setup.deal.cards: {each}",
            )
        )
    if eff.clause("missions.per_player") is not None:
        needs.append(
            (
                "missions.per_player",
                "missions.ranks",
                "players draw a mission of each rank",
                "missions.ranks: captain, major, colonel, general",
            )
        )
        needs.append(
            (
                "missions.per_player",
                "missions.claims_per_turn",
                "missions are claimed in a turn",
                "missions.claims_per_turn: 1",
            )
        )
    bribed = word_of(eff, "neutrals.mode") == "active" and neutral_count(eff)
    if bribed and "bribe" in words_of(eff, "turn.phases"):
        for rule, example in (
            ("neutrals.bribe.steps_per_card", "neutrals.bribe.steps_per_card: 1"),
            ("neutrals.bribe.max_cards", "neutrals.bribe.max_cards: 5"),
        ):
            needs.append(("neutrals.mode", rule, "active neutral armies are bribed", example))
    return needs


def _clashes(eff: EffectiveRuleset, own: _Own) -> list[Diagnostic]:
    """Values that cannot go together: neutral armies placed by the players on territories
    that are claimed, and team play where one player holds a territory alone."""
    out = []
    placed = eff.clause("neutrals.place_per_turn")
    if placed is not None and neutral_count(eff) and word_of(eff, "setup.territories") != "deal":
        at = own.any(("neutrals.place_per_turn", "setup.territories", "neutrals.count"))
        if at is not None:
            out.append(
                error(
                    "RR0227",
                    "rule 'neutrals.place_per_turn' needs the territories dealt "
                    "(setup.territories: deal): the players place the neutral armies' armies "
                    "on the territories they are dealt, and in a claim they are dealt none",
                    at.id_span,
                    "deal the territories (setup.territories: deal), or let the neutral "
                    "armies claim for themselves: drop neutrals.place_per_turn",
                )
            )
    teams = int_of(eff, "teams.count")
    if teams and word_of(eff, "territory.control") == "sole_occupant":
        at = own.any(("territory.control", "teams.count", "teams.size", "teams.fortify.into_team"))
        if at is not None:
            out.append(
                error(
                    "RR0227",
                    "team play needs 'territory.control: most_armies': team-mates fortify into "
                    "each other's territories, and their armies share them",
                    at.id_span,
                    "write `override territory.control: most_armies` (the team rules of 000)",
                )
            )
    return out


def _status_start(eff: EffectiveRuleset, own: _Own) -> list[Diagnostic]:
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
            f"'neutrals.status.start' is '{start}', which is not on the status track "
            f"({', '.join(track)})",
            clause.value.span,
            "start the neutral armies on a space of their track",
        )
    ]


# ---------------------------------------------------------------- teams


def _teams(eff: EffectiveRuleset, own: _Own, counts: range) -> list[Diagnostic]:
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
        what = f"{teams} teams of {size} need {teams * size} players"
    else:
        what = f"{n} players do not split into {teams} teams of the same size"
    fits = [k for k in counts if k not in bad]
    hint = (
        f"allow only {counts_text(fits)} players, or change the teams"
        if fits
        else f"with {counts_text(counts)} players, write teams.size: "
        f"{counts.start // teams if counts.start >= teams else 1}"
    )
    return [
        error(
            "RR0216",
            f"{what}, but the ruleset allows {counts_text(bad)} players",
            own.span(at),
            hint,
        )
    ]


# ---------------------------------------------------------------- the deal


def _deal(eff: EffectiveRuleset, own: _Own, counts: range) -> list[Diagnostic]:
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
        to_neutrals = f" and {neutrals} × {per_neutral} to neutral armies" if neutrals else ""
        short = dealt < pile
        consequence = (
            "some territories would have no owner"
            if short
            else "the pile runs out before the deal is done"
        )
        wilds = f" and {wild} wild cards" if wild else ""
        rest = pile - neutrals * per_neutral
        hint = (
            f"deal {rest // n} cards each (setup.deal.cards: {rest // n})"
            if rest > 0 and rest % n == 0
            else f"{pile} cards do not share evenly among {n} players: claim the territories "
            "(setup.territories: claim), or allow only player counts the pile shares evenly"
        )
        out.append(
            error(
                "RR0218",
                f"with {n} players, {n} × {cards} cards{to_neutrals} are {dealt} cards, but "
                f"the pile holds {territories} territory cards{wilds}: {consequence}",
                where,
                hint,
            )
        )
        break
    neutral_armies = int_of(eff, "neutrals.start_armies") or 0
    if neutrals and per_neutral > neutral_armies:
        out.append(
            error(
                "RR0218",
                f"each neutral army is dealt {per_neutral} territories but has only "
                f"{neutral_armies} start armies: one army goes on each territory dealt",
                where,
                f"give each neutral army at least {per_neutral} start armies",
            )
        )
    return out
