"""Benchmark: games per second of a balance study (classic against a house rule, 4 players) on
one core, on two worker processes, and on a local Dask cluster of two workers.

Run `python tests/bench/bench_balance.py [--quick]`; it prints figures (not a timed test), each
beside the dice calibration measured in the same run. The cluster's figure includes starting
nothing (the cluster is started before the clock) but does include shipping jobs and results.
"""

from __future__ import annotations

import sys
from pathlib import Path

from riskrules.grammar.library import locate
from riskrules.tools.lab.balance import Settings, arm, study

HERE = Path(__file__).resolve().parent
TIES = str(HERE.parent / "houserules" / "ties-to-attacker.rules")

if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second, line

    quick = "--quick" in sys.argv
    games = 20 if quick else 100
    arms = [arm(*locate("classic")), arm(*locate(TIES))]
    settings = Settings(players=4, games=games)
    total = len(arms) * games
    runs: list[tuple[str, dict[str, object]]] = []
    for workers in (1, 2):
        dice = dice_games_per_second()
        found = study(arms, settings, workers=workers)
        label = f"balance, {total} games, {workers} worker{'s' if workers > 1 else ''}"
        print(line(label, float(found.games_per_s or 0), "games/s", dice), flush=True)
        runs.append((label, found))
    try:
        from distributed import LocalCluster
    except ImportError:
        print("Dask distributed is not installed: no cluster figure (pip install '.[cluster]')")
        sys.exit(0)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        dice = dice_games_per_second()
        found = study(arms, settings, scheduler=cluster.scheduler_address, batch=10)
        label = f"balance, {total} games, local Dask cluster of 2 workers (10 games a task)"
        print(line(label, float(found.games_per_s or 0), "games/s", dice), flush=True)
