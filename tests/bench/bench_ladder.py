"""Benchmark: each rung of the ladder's cost, in games per second and per CPU-second, on classic
with 4 players, one process: each rung's games as `riskrules ladder` plays them (one of it
against three of the rung below, the seat rotated; the baseline against itself).

Run `python tests/bench/bench_ladder.py [--games 40]`; it prints figures (not a timed test),
each beside the dice calibration measured in the same run (per second of wall time and of CPU
time, just before and after the rung's games) and the load average: the machine is shared and
its speed drifts, so the figure to read is the ratio to the calibration.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from riskrules.grammar.limits import LADDER
from riskrules.tools.lab.ladder import plan_rung, rungs
from riskrules.tools.lab.simulate import play

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second, engine, line

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40, help="games per rung")
    options = parser.parse_args()
    print(engine(), flush=True)
    for rung in rungs(LADDER):
        plan = plan_rung(rung, "classic", 4, options.games, 1, 500)
        dice = dice_games_per_second(0.3)
        cpu_dice = dice_games_per_second(0.3, time.process_time)
        wall, cpu = time.perf_counter(), time.process_time()
        results = [play(job) for job in plan]
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        dice = (dice + dice_games_per_second(0.3)) / 2
        cpu_dice = (cpu_dice + dice_games_per_second(0.3, time.process_time)) / 2
        label = f"{rung.agent} against {rung.below}, {len(results)} games"
        print(line(label, len(results) / wall, "games/s", dice), flush=True)
        print(line("  per CPU-second", len(results) / cpu, "games/CPU-s", cpu_dice), flush=True)
        print(f"  load average: {os.getloadavg()}", flush=True)
