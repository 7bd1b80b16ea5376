"""Benchmark of the balance lab's statistics (issue 48): how often a study of a ruleset against
itself says anything is clear, whether a known effect is found, and how often "about N more
games would likely tell" comes true at the size it names.

Run `python tests/bench/bench_lab_calibration.py [--quick] [--pools DIR]`; it prints figures,
not a pass or a fail (the A/A rate must stay at most 5%, the known effect must be clear, the
predictions must resolve at least 80% of the time: docs/lab.md keeps the last run's figures).

- A/A: 20 studies of classic against classic on other seeds (each 400 games per ruleset, under
  aggressive and positional players, every comparison of the study adjusted together, as a
  study of two rulesets is): the share of studies with any verdict "clear".
- Known effect: classic against the defender rolling three dice
  (examples/house-rules/defender-three-dice.rules), 400 games per ruleset, in disjoint seed
  blocks: whether game length is clear under aggressive players.
- More games: at 50, 100 and 200 games per ruleset, every effect "not clear yet" that names a
  number of games, played again at that many more (the same seeds and the next ones): the share
  settled (clear, or no meaningful difference) then.

The games are played once into pools (every study draws its seeds from them); `--pools DIR`
keeps them between runs. The load average and the dice calibration are printed beside the time.
"""

from __future__ import annotations

import os
import pickle
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from riskrules.grammar.library import locate
from riskrules.tools.lab.balance import Arm, Settings, arm, figures, plan_for
from riskrules.tools.lab.simulate import GameResult, play_all
from riskrules.tools.lab.verdicts import CLEAR, OPEN, effect, verdicts

HERE = Path(__file__).resolve().parent
DEF3 = str(HERE.parents[1] / "examples" / "house-rules" / "defender-three-dice.rules")
STRENGTHS = ("aggressive", "positional")
OTHER_SEEDS = 100_001  # where the A/A studies' second ruleset's seeds begin


def pool(ref: str, agent: str, first: int, games: int, keep: Path | None) -> list[GameResult]:
    """`games` games of `ref` with `agent` in every seat, seeds from `first`, in seed order."""
    name = f"{Path(ref).stem}-{agent}-{first}-{games}.pkl"
    stem = f"{Path(ref).stem}-{agent}-{first}-"
    kept = (
        [p for p in keep.glob(stem + "*.pkl") if int(p.stem[len(stem) :]) >= games] if keep else []
    )
    if kept:
        with open(kept[0], "rb") as file:
            found: list[GameResult] = pickle.load(file)
            return found[:games]
    plan = plan_for([arm(*locate(ref))], Settings(players=4, games=games, seed=first, agent=agent))
    played = sorted(play_all(plan, 1), key=lambda r: r.index)
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        with open(keep / name, "wb") as file:
            pickle.dump(played, file)
    return played


Games = Mapping[str, tuple[Sequence[GameResult], Sequence[GameResult]]]


def study(names: tuple[str, str], games: Games) -> dict[str, Any]:
    """The figures of a two-ruleset study from given games (by strength: base's, variant's)."""
    arms = [Arm(names[0]), Arm(names[1])]
    settings = Settings(players=4, games=len(games[STRENGTHS[0]][0]), strengths=_seatings())
    every = [list(part) for agent in STRENGTHS for part in games[agent]]
    return figures(arms, settings, every).to_json()


def _seatings() -> tuple[tuple[str, ...], ...]:
    return tuple((agent,) * 4 for agent in STRENGTHS)


def any_clear(found: dict[str, Any]) -> bool:
    (verdict,) = verdicts(found)
    every = [*verdict.effects]
    for _agents, effects in (*verdict.strengths, *verdict.contrasts):
        every += effects
    return any(e.verdict == CLEAR for e in every)


def open_predictions(found: dict[str, Any]) -> list[tuple[str, int, int, int | None]]:
    """(strength, measure index, more games, at most) of each effect not clear yet that names
    a number."""
    out = []
    parts = [(STRENGTHS[0], found["differences"])]
    parts += [(s["agents"], s["differences"]) for s in found["strengths"]]
    for agents, diffs in parts:
        for j, m in enumerate(diffs[0]["measures"]):
            e = effect(m)
            if e.verdict == OPEN and e.more_games is not None:
                out.append((agents, j, e.more_games, e.more_games_at_most))
    return out


def settled(found: dict[str, Any], agents: str, j: int) -> bool:
    diffs = found["differences"] if agents == STRENGTHS[0] else found["strengths"][0]["differences"]
    return effect(diffs[0]["measures"][j]).verdict != OPEN


Pools = dict[str, list[GameResult]]


def _games(
    base: Pools, variant: Pools, first: int, end: int
) -> dict[str, tuple[Sequence[GameResult], Sequence[GameResult]]]:
    return {a: (base[a][first:end], variant[a][first:end]) for a in STRENGTHS}


def main() -> None:
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second

    quick = "--quick" in sys.argv
    keep = Path(sys.argv[sys.argv.index("--pools") + 1]) if "--pools" in sys.argv else None
    studies, size = (4, 100) if quick else (20, 400)
    known_blocks = 2 if quick else 5
    dice = dice_games_per_second()
    start = time.perf_counter()
    need = max(studies * size, known_blocks * size)
    classic = {a: pool("classic", a, 1, need, keep) for a in STRENGTHS}
    again = {a: pool("classic", a, OTHER_SEEDS, studies * size, keep) for a in STRENGTHS}
    house = {a: pool(DEF3, a, 1, known_blocks * size, keep) for a in STRENGTHS}
    played = time.perf_counter() - start

    clear = 0
    for k in range(studies):
        block = slice(k * size, (k + 1) * size)
        games = {a: (classic[a][block], again[a][block]) for a in STRENGTHS}
        clear += any_clear(study(("classic", "classic, other seeds"), games))
    print(
        f"A/A: {clear} of {studies} studies ({size} games per ruleset, two strengths) say "
        f"anything is clear: {100 * clear / studies:.0f}% (at most 5% wanted)"
    )

    found_clear = []
    for k in range(known_blocks):
        block = slice(k * size, (k + 1) * size)
        games = {a: (classic[a][block], house[a][block]) for a in STRENGTHS}
        found = study(("classic", "defender-three-dice"), games)
        length = effect(found["differences"][0]["measures"][0])
        found_clear.append(length.verdict == CLEAR)
        print(
            f"  known effect, seeds {k * size + 1}-{(k + 1) * size}: game length "
            f"{100 * (length.estimate or 0):+.1f}%, {length.verdict}"
        )
    print(
        f"Known effect (defender's third die, aggressive players): clear in "
        f"{sum(found_clear)} of {known_blocks} blocks of {size} games per ruleset"
    )

    for kind, base, variant in (("A/A", classic, again), ("known effect", classic, house)):
        held = min(len(part[a]) for part in (base, variant) for a in STRENGTHS)
        tally = {"low": [0, 0], "high": [0, 0]}  # settled, checked
        unchecked = 0
        for n in (50, 100, 200):
            for first in range(0, held - n + 1, max(n, held // 8)):
                found = study(("a", "b"), _games(base, variant, first, first + n))
                for agents, j, low, high in open_predictions(found):
                    if high is None or first + n + high > held:
                        unchecked += 1
                        continue
                    for end, more in (("low", low), ("high", high)):
                        later = study(("a", "b"), _games(base, variant, first, first + n + more))
                        tally[end][0] += settled(later, agents, j)
                        tally[end][1] += 1
        (low_settled, checked), (high_settled, _) = tally["low"], tally["high"]
        print(
            f"More games ({kind}): of {checked} ranges named, {high_settled} settled at the "
            f"high end ({100 * high_settled / max(checked, 1):.0f}%; at least 80% wanted), "
            f"{low_settled} at the low end ({100 * low_settled / max(checked, 1):.0f}%); "
            f"{unchecked} named more games than the pools hold"
        )
    load = os.getloadavg()[0]
    print(f"pools played in {played:.0f} s; dice calibration {dice:.1f} games/s, load {load:.2f}")


if __name__ == "__main__":
    main()
