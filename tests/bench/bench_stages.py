"""Benchmark of the study in stages (tools/lab/stages.py, issue 45): what the studio's default
study says of a known effect, look by look, and how often it calls anything clear in a study
of a ruleset against itself (the false-alarm rate, at most 5% wanted).

- Known effect: ties going to the attacker (the studio's form: `override combat.ties:
  attacker`) on da-2006 and on classic, 3 players (the studio's default), aggressive and
  positional players: the design played on disjoint seed blocks of 1,000 (seeds 1-1,000,
  1,001-2,000, …): at which look it stops, and what game length says at each look.
- A/A: studies of the base against itself, each ruleset's games drawn with replacement from
  the base's pool (a seed's games under both strengths kept together, as a study pairs them),
  played through the looks as the studio's study is, stopping when answered: the share that
  call anything clear at any look (every measure, every strength, every contrast).

The games are played once into pools (`--pools DIR` keeps them; POOL seeds per ruleset and
strength). `python tests/bench/bench_stages.py [--pools DIR] [--studies N]`; it prints figures,
not a pass or a fail, with the load average and the dice calibration beside."""

from __future__ import annotations

import os
import pickle
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from riskrules.grammar.library import locate
from riskrules.tools.lab import stages
from riskrules.tools.lab.balance import Arm, Settings, arm, figures, plan_for
from riskrules.tools.lab.balance_stats import adjust, compare, contrast
from riskrules.tools.lab.game_length import horizon
from riskrules.tools.lab.simulate import GameResult, play_all
from riskrules.tools.lab.verdicts import CLEAR, SAME, effect

HERE = Path(__file__).resolve().parent
STRENGTHS = ("aggressive", "positional")
PLAYERS = 3  # the studio's default: the fewest da-2006 and classic allow
POOL = 3000  # seeds per ruleset and strength
CHUNK = 500  # seeds played at a time (a few minutes of both cores), QUIET looked at between
HOUSE = "ruleset {name} extends {base} {{\n  override combat.ties: attacker\n}}\n"
CAP = 1000


def pool(ref: str, name: str, agent: str, keep: Path) -> list[GameResult]:
    """POOL games of `ref` with `agent` in every seat, seeds from 1, in seed order."""
    out: list[GameResult] = []
    for first in range(1, POOL + 1, CHUNK):
        path = keep / f"{name}-{agent}-{first}-{CHUNK}.pkl"
        if not path.exists():
            while os.path.exists("/work/coord/QUIET"):
                time.sleep(10)
            settings = Settings(players=PLAYERS, games=CHUNK, seed=first, agent=agent)
            played = sorted(play_all(plan_for([arm(*locate(ref))], settings), 2), key=_index)
            with open(path, "wb") as file:
                pickle.dump(played, file)
        with open(path, "rb") as file:
            out += pickle.load(file)
    return out


def _index(result: GameResult) -> int:
    return result.index


def staged(names: tuple[str, str], games: dict[str, tuple[Sequence[GameResult], ...]]) -> list:
    """The design on given games (by strength: base's, variant's, CAP each): each look's
    game length under each strength (estimate, verdict), until it is answered."""
    settings = Settings(PLAYERS, CAP, strengths=tuple((a,) * PLAYERS for a in STRENGTHS))
    planned, taken, out = stages.looks(CAP), 0, []
    for n in planned:
        every = [list(games[a][k][:n]) for a in STRENGTHS for k in (0, 1)]
        look = stages.look_at(n, CAP, taken, planned)
        taken = n
        found = figures([Arm(names[0]), Arm(names[1])], settings, every, None, look)
        lengths = [effect(s.differences[0].measures[0]) for s in found.strengths]
        out.append((n, lengths))
        if stages.answered(found.comparisons()):
            break
    return out


def false_alarm(games: dict[str, tuple[Sequence[GameResult], ...]]) -> tuple[bool, int]:
    """Whether the design calls anything clear at any look of an A/A study, and where it
    stopped (the comparisons alone, as figures() adjusts them)."""
    taken, planned = 0, stages.looks(CAP)
    for n in planned:
        look = stages.look_at(n, CAP, taken, planned)
        taken = n
        parts = {a: (list(games[a][0][:n]), list(games[a][1][:n])) for a in STRENGTHS}
        tau = horizon((r for a in STRENGTHS for part in parts[a] for r in part), 500)
        first, other = parts[STRENGTHS[0]], parts[STRENGTHS[1]]
        family = [compare(*first, PLAYERS, tau), compare(*other, PLAYERS, tau)]
        family.append(contrast(first, other, PLAYERS, tau))
        measures = adjust(family, look.alpha)
        said = [effect(m).verdict for part in measures for m in part]
        if CLEAR in said:
            return True, n
        lengths = [effect(part[0]).verdict for part in measures[:2]]
        if all(v in (CLEAR, SAME) for v in lengths):
            return False, n
    return False, CAP


def main() -> None:
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second

    keep = Path(sys.argv[sys.argv.index("--pools") + 1]) if "--pools" in sys.argv else None
    keep = keep or Path(tempfile.mkdtemp())
    keep.mkdir(parents=True, exist_ok=True)
    studies = int(sys.argv[sys.argv.index("--studies") + 1]) if "--studies" in sys.argv else 200
    dice = dice_games_per_second()
    start = time.perf_counter()
    for base in ("da-2006", "classic"):
        house = keep / f"{base}-ties.rules"
        house.write_text(HOUSE.format(name=f"{base}-ties", base=base))
        pools = {
            a: (pool(base, base, a, keep), pool(str(house), f"{base}-ties", a, keep))
            for a in STRENGTHS
        }
        stops = []
        for first in range(0, POOL - CAP + 1, CAP):
            block = {a: tuple(p[first : first + CAP] for p in pools[a]) for a in STRENGTHS}
            looks = staged((base, "ties"), block)
            stops.append(looks[-1][0])
            print(f"{base}, ties to the attacker, seeds {first + 1}-{first + CAP}:")
            for n, lengths in looks:
                said = ", ".join(
                    f"{a} {100 * (e.estimate or 0):+.1f}% {e.verdict}"
                    for a, e in zip(STRENGTHS, lengths, strict=True)
                )
                print(f"    {n:>5} games per ruleset: game length {said}")
        rng = random.Random(45)
        alarms, ends = 0, []
        for _ in range(studies):
            draws = [[rng.randrange(POOL) for _ in range(CAP)] for _ in (0, 1)]
            games = {a: tuple([pools[a][0][i] for i in d] for d in draws) for a in STRENGTHS}
            alarm, end = false_alarm(games)
            alarms += alarm
            ends.append(end)
        print(
            f"A/A {base} against itself: {alarms} of {studies} studies in stages call anything "
            f"clear ({100 * alarms / studies:.1f}%; at most 5% wanted); stopped at "
            + ", ".join(f"{n}: {ends.count(n)}" for n in stages.looks(CAP))
        )
    print(
        f"{time.perf_counter() - start:.0f} s; load {os.getloadavg()[0]:.2f}, dice calibration "
        f"{dice:.1f} games/s"
    )


if __name__ == "__main__":
    main()
