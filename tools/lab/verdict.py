"""A balance study's verdict in plain words: for each house rule against its base, what changed
beyond chance (its 95% interval leaves out no change) and what did not. The sentences are
message ids with their values; the service translates them through the sheets' catalogues."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .balance_stats import Figure, seat_label


def N_(message: str) -> str:
    """Mark a message for extraction (babel.cfg's `-k N_`); translated by the caller."""
    return message


@dataclass(frozen=True)
class Finding:
    """One sentence: a message id and the values its placeholders take."""

    message: str
    values: dict[str, str]


def _pts(x: float) -> str:
    return f"{abs(100 * x):.0f}"


def _num(x: float) -> str:
    return f"{abs(x):.1f}".rstrip("0").rstrip(".")


def _clear(measure: Any) -> bool:
    """Whether the difference is beyond chance: its interval leaves zero out."""
    ci = measure.get("ci")
    found = measure.get("difference")
    return bool(ci) and found is not None and (ci[0] > 0 or ci[1] < 0)


def _first_player(measure: Any, variant: str) -> Finding:
    values = {"ruleset": variant, "points": _pts(measure["difference"])}
    if measure["difference"] > 0:
        return Finding(
            N_("With {ruleset}, the first player wins {points} percentage points more often."),
            values,
        )
    return Finding(
        N_("With {ruleset}, the first player wins {points} percentage points less often."), values
    )


def _turns(measure: Any, variant: str) -> Finding:
    values = {"ruleset": variant, "turns": _num(measure["difference"])}
    if measure["difference"] > 0:
        return Finding(N_("Games with {ruleset} last {turns} turns longer."), values)
    return Finding(N_("Games with {ruleset} are {turns} turns shorter."), values)


def _unfinished(measure: Any, variant: str) -> Finding:
    values = {"ruleset": variant, "points": _pts(measure["difference"])}
    if measure["difference"] > 0:
        return Finding(
            N_(
                "With {ruleset}, {points} percentage points more games reach the turn "
                "limit unfinished."
            ),
            values,
        )
    return Finding(
        N_(
            "With {ruleset}, {points} percentage points fewer games reach the turn "
            "limit unfinished."
        ),
        values,
    )


def _eliminations(measure: Any, variant: str) -> Finding:
    values = {"ruleset": variant, "count": _num(measure["difference"])}
    if measure["difference"] > 0:
        return Finding(N_("With {ruleset}, {count} more players are knocked out a game."), values)
    return Finding(N_("With {ruleset}, {count} fewer players are knocked out a game."), values)


SAID = {
    seat_label(0): _first_player,
    "turns": _turns,
    "unfinished": _unfinished,
    "eliminations": _eliminations,
}


def findings(study: Figure) -> list[Finding]:
    """The verdict of every house rule against the base, a sentence per clear change; one
    sentence saying no clear change when there is none."""
    out: list[Finding] = []
    games = str(study["games"])
    for diff in study["differences"]:
        variant = str(diff["variant"])
        clear = [m for m in diff["measures"] if m["measure"] in SAID and _clear(m)]
        out.extend(SAID[m["measure"]](m, variant) for m in clear)
        if not clear:
            out.append(
                Finding(
                    N_(
                        "Over {games} games, {ruleset} changes nothing a study can tell apart "
                        "from chance: who wins, how long games last and how many players are "
                        "knocked out stay as with {base}."
                    ),
                    {"games": games, "ruleset": variant, "base": str(diff["base"])},
                )
            )
    out.append(
        Finding(
            N_(
                "Measured over {games} games per ruleset, the same dice for each, played by "
                "the built-in players; a change counts when its 95% interval leaves out none."
            ),
            {"games": games},
        )
    )
    return out
