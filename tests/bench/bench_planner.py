"""Benchmark: the ladder's top rung, `planner`, against five of the rung below (`search`) in
6-player classic (issue 48: at least 1.5x the fair share, its 95% interval above it): its
share of the games won with the exact (Clopper-Pearson) interval, and its speed.

Run `python tests/bench/bench_planner.py [--games 120] [--workers 2]`; it prints figures (not a
timed test): the share and its interval, the share against the fair 1/6, and games per second
(wall, and per CPU-second with one worker) beside the dice calibration measured just before
and after, with the load average: the machine is shared and its speed drifts, so the figure to
read is the ratio to the calibration.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from riskrules.tools.lab.ladder import Rung, plan_rung, run_ladder

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second, engine, line

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=120, help="games (a multiple of 6)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="search", help="the agent in the other 5 seats")
    options = parser.parse_args()
    print(engine(), flush=True)
    print(f"load average before: {os.getloadavg()}", flush=True)
    rung = Rung("planner", options.against)
    plan = plan_rung(rung, "classic", 6, options.games, options.seed, 500)
    dice = dice_games_per_second(0.5)
    cpu_dice = dice_games_per_second(0.5, time.process_time)
    cpu = time.process_time()
    (found,) = run_ladder([(rung, plan)], 6, options.workers)
    cpu = time.process_time() - cpu
    dice = (dice + dice_games_per_second(0.5)) / 2
    cpu_dice = (cpu_dice + dice_games_per_second(0.5, time.process_time)) / 2
    low, high = found["ci"]
    fair = found["fair_share"]
    print(
        f"planner against 5 {options.against}, classic, 6 players, seeds {options.seed}-"
        f"{options.seed + plan.games - 1} in every seat: {found['wins']}/{found['games']} won, "
        f"{100 * found['share']:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%), "
        f"{found['share'] / fair:.2f}x the fair share {100 * fair:.1f}% "
        f"(the interval's low end {low / fair:.2f}x); p = {found['p_value']:.2g}; "
        f"unfinished {found['unfinished']}",
        flush=True,
    )
    speed = found["games"] / found["elapsed_s"]
    print(
        f"{found['games']} games, {options.workers} worker(s): {speed:.3f} games/s "
        f"({speed / dice:.5f} x the dice calibration of {dice:.1f})",
        flush=True,
    )
    if options.workers == 1:
        print(line("  per CPU-second", found["games"] / cpu, "games/CPU-s", cpu_dice), flush=True)
    print(f"load average after: {os.getloadavg()}", flush=True)
