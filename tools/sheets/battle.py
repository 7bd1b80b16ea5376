"""The battle box of a sheet whose combat differs from its base's: the attacker's chance of
taking the territory in a few common fights, the base's beside this ruleset's, from the
engine's exact odds (engine/odds.py, as `riskrules odds` computes them)."""

from __future__ import annotations

import gettext

from ...engine.rules import Rules

# The fights a battle box gives the odds of (attacking armies, the territory holding one more,
# against defending armies), when a ruleset's combat differs from its base's: the opening
# attack, a middling one and a large one.
FIGHTS = ((3, 2), (5, 3), (10, 10))


def battle_box(
    rules: Rules, base: Rules, title: str, base_title: str, tr: gettext.NullTranslations, lang: str
) -> list[list[str]]:
    """The battle box's table: each fight of FIGHTS with the attacker's chance of taking the
    territory under the base's rules and under these, from the engine's exact odds; no table
    when the odds are the same."""
    from babel.numbers import format_percent

    from ...engine.odds import battle_odds

    def shown(p: float) -> str:
        return format_percent(p, locale=lang)

    rows = [[tr.gettext("Armies"), base_title, title]]
    differ = False
    for attackers, defenders in FIGHTS:
        fight = tr.gettext("{attackers} against {defenders}").format(
            attackers=attackers, defenders=defenders
        )
        before = battle_odds(base, attackers, defenders).attacker_wins
        now = battle_odds(rules, attackers, defenders).attacker_wins
        differ = differ or before != now
        rows.append([fight, shown(float(before)), shown(float(now))])
    # A combat rule that changes none of these odds (where one may attack from) gets no box.
    return rows if differ else []
