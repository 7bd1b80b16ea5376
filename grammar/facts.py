"""What a ruleset's effective rules say, read as numbers, words and player counts, and the
rules it writes itself (where a finding about rules together is reported): what the checks of
a whole ruleset (grammar/playable.py, grammar/shares.py, grammar/ranges.py) ask of it. A value
is read as grammar/reading.py reads it, as the engine does."""

from __future__ import annotations

from collections.abc import Iterable

from . import model as m
from . import reading
from .diagnostics import Span
from .limits import MAX_PLAYERS
from .messages import Arg, msg
from .resolve import EffectiveRuleset

plain = reading.plain  # (the checks' name for it)


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
    if low < 1 or low > high or high + neutral_count(eff) > seats_of(eff):
        return None
    return range(low, high + 1)


def seats_of(eff: EffectiveRuleset) -> int:
    """Seats at one table, neutral armies included: each needs a territory to start on."""
    board = eff.board
    if board is None:
        return MAX_PLAYERS
    return min(MAX_PLAYERS, sum(len(c.territories) for c in board.continents))


def counts_text(counts: Iterable[int]) -> Arg:
    """`3`, `3 or 4`, `3, 5 or 6` players."""
    shown = [str(n) for n in counts]
    if len(shown) <= 1:
        return "".join(shown)
    return msg("{some} or {last}", some=", ".join(shown[:-1]), last=shown[-1])


def start_armies(eff: EffectiveRuleset) -> dict[int, int]:
    """The start armies by player count, as the table gives them (the first entry of a count
    written twice, as the engine reads it)."""
    table = plain(eff.value("setup.start_armies"))
    out: dict[int, int] = {}
    if isinstance(table, m.Table):
        for entry in table.entries:
            armies = plain(entry.value)
            if isinstance(entry.key, int) and isinstance(armies, m.Int):
                out.setdefault(entry.key, armies.value)
    return out


class Own:
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
