"""A study's comparisons adjusted together: the weighted Holm procedure (Holm 1979's weighted
step-down, a graphical procedure whose rejected hypotheses pass their share of α on to the
rest in proportion to their weights), so that the chance that any verdict called clear is a
false alarm is at most α for the whole study, however many rulesets, strengths and measures.

The headline comparisons (game length, of every variant under every strength) share half of
α; every other comparison (each place's wins, the unfinished games, and whether an effect
depends on the players' strength) shares the other half. A study of five variants under two
strengths has 10 headline comparisons of 60 or more: each starts at α/20 rather than α/60, so
the rest, however many, do not drown them. Each hypothesis's interval is at the level of the
step that rejected it (or, not rejected, of the step that failed): at least 95% on its own,
and excluding no change exactly when its adjusted p-value is below α."""

from __future__ import annotations

from collections.abc import Sequence

ALPHA = 0.05
HEADLINE_SHARE = 0.5  # of α, for the headline comparisons together


def weights(headline: Sequence[bool]) -> list[float]:
    """Each comparison's weight: the headline ones share HEADLINE_SHARE, the rest the rest
    (all of it, when the other group is empty)."""
    heads = sum(1 for h in headline if h)
    rest = len(headline) - heads
    share = HEADLINE_SHARE if heads and rest else (1.0 if heads else 0.0)
    return [share / heads if h else (1.0 - share) / rest for h in headline]


def weighted_holm(
    p_values: Sequence[float], weights: Sequence[float], alpha: float = ALPHA
) -> tuple[list[float], list[float]]:
    """Each adjusted p-value, and the level of an interval that agrees with it. At each step
    the remaining hypothesis with the smallest p/w is compared with α·w / (the remaining
    weights); its adjusted p-value is the largest of p·(remaining weights)/w so far."""
    m = len(p_values)
    remaining = set(range(m))
    adjusted = [1.0] * m
    levels = [1.0 - alpha] * m
    running = 0.0
    failed = False
    while remaining:
        total = sum(weights[i] for i in remaining)
        i = min(remaining, key=lambda k: (p_values[k] / weights[k], k))
        running = max(running, min(1.0, p_values[i] * total / weights[i]))
        adjusted[i] = running
        if not failed and running >= alpha:
            failed = True
            for k in remaining:  # every one left: at the level of the step that failed
                levels[k] = 1.0 - alpha * weights[k] / total
        if not failed:
            levels[i] = 1.0 - alpha * weights[i] / total
        remaining.discard(i)
    return adjusted, levels
