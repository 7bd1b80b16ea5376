"""A study in stages (a group-sequential design): the games are played seed by seed up to a
cap, and the study looks at its figures at fixed sizes (100, 200, 400, … games per ruleset,
and the cap), stopping at the first look where its answer is clear, so that a player need not
choose a number of games.

Each look spends a part of α = 0.05 by an α-spending function of the information fraction
t = games / cap (Lan and DeMets 1983): the Hwang-Shih-DeCani function with γ = −4, close to
O'Brien and Fleming's boundaries: little at the first looks (only an effect far beyond doubt
stops a study of 100 games), most at the cap, where a study that plays on keeps nearly the
power of a study of that size alone. A look's comparisons are adjusted together as a study's
are (weighted Holm, family.py) at the look's share of α; a look at an unplanned size (a study
stopped by a time limit) spends by its own fraction. The looks' shares add up to at most α, so
the chance that any look of the study calls anything clear that is not is at most 5% by the
union bound, whatever the correlation between the looks and whatever stops the study
(docs/lab.md says why not the exact correlated boundaries; tests/bench/bench_stages.py
measures the false-alarm rate on studies of a ruleset against itself)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .family import ALPHA

if TYPE_CHECKING:
    from .comparison import Comparisons

FIRST_LOOK = 100  # games per ruleset at the first look (about a minute on two cores)
GAMMA = -4.0  # the spending function's shape (Hwang, Shih and DeCani 1990)


def looks(cap: int) -> tuple[int, ...]:
    """The sizes a study of at most `cap` games per ruleset looks at: 100 and its doublings up
    to half the cap, then the cap (1,000: 100, 200, 400, 1,000)."""
    sizes = []
    size = FIRST_LOOK
    while size <= cap // 2:
        sizes.append(size)
        size *= 2
    return (*sizes, cap)


def spent(fraction: float, alpha: float = ALPHA) -> float:
    """The α spent by the time `fraction` of the cap's games are looked at (0 to α)."""
    t = min(max(fraction, 0.0), 1.0)
    return alpha * (1.0 - math.exp(-GAMMA * t)) / (1.0 - math.exp(-GAMMA))


@dataclass(frozen=True)
class Look:
    """One look of a study in stages: its games per ruleset, its place among the planned
    looks, and the share of α it spends (its comparisons are adjusted at that level)."""

    games: int
    cap: int
    alpha: float
    planned: tuple[int, ...]
    before: int = 0  # the games per ruleset at the previous look (0: this is the first)

    @property
    def number(self) -> int:
        """Its place among the looks (1: the first); an unplanned one counts as the next."""
        return sum(1 for size in self.planned if size < self.games) + 1

    @property
    def last(self) -> bool:
        return self.games >= self.cap

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "look": self.number,
            "looks": list(self.planned),
            "cap": self.cap,
            "alpha_spent": self.alpha,
            "spending": f"Hwang-Shih-DeCani, gamma {GAMMA:g}",
        }


def look_at(games: int, cap: int, before: int, planned: Sequence[int]) -> Look:
    """The look at `games` per ruleset, the previous one having been at `before`."""
    reached = ALPHA if games >= cap else spent(games / cap)  # all of α by the cap, exactly
    share = reached - spent(before / cap)
    return Look(games, cap, share, tuple(planned), before)


def answered(found: Comparisons) -> bool:
    """Whether a look's answer is clear: how long games are, the study's headline, is settled
    (clear, or no meaningful difference) for every variant under every strength of players.
    Who wins more often takes thousands of games to settle, and is not waited for."""
    from .verdicts import CLEAR, SAME, effect

    lengths = [
        m
        for strength in found.strengths
        for difference in strength.differences
        for m in difference.measures
        if m.kind == "length"
    ]
    return bool(lengths) and all(effect(m).verdict in (CLEAR, SAME) for m in lengths)


def looked(look: Look | None, lang: str) -> str:
    """How a study in stages read its figures, for the report's reader (nothing for a study
    of fixed size)."""
    if look is None:
        return ""
    from babel.lists import format_list
    from babel.numbers import format_decimal

    from .i18n import translations

    _ = translations(lang).gettext
    sizes = [format_decimal(n, "#,##0", locale=lang) for n in look.planned if n <= look.games]
    return " " + _(
        "The study looked at its figures at {looks} games per ruleset, stopping at the first "
        "look where how long games are was clear under every strength of players; each look "
        "spent a share of the 5%, so that the chance of a false alarm at any look is at most 5%."
    ).format(looks=format_list(sizes, locale=lang))
