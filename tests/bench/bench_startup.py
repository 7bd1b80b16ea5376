"""Benchmark (issue 31): a study's start-up against `riskrules check`'s, in CPU-seconds.

Run `python tests/bench/bench_startup.py [--runs 5]`; it prints figures (not a timed test).
A study's start-up is the CPU its process has used when its first game begins (interpreter,
imports, reading and checking the rulesets, planning): `balance` and `sweep` with
`--format json`, no report, one worker. `check` is its whole process over the built-ins. They
are measured in alternation, the median of each printed with the calibration before and after
and the load average. Target: a study's start-up at most 0.4 CPU-s above check's.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TIES = str(HERE.parent / "houserules" / "ties-to-attacker.rules")
TARGET = 0.4

# Run in the study's process: the CPU used when the first game begins, then exit at once.
FIRST_GAME = """
import os, sys, time
from riskrules.tools.lab import simulate

def play(job):
    print(f"STARTUP {time.process_time():.4f}", flush=True)
    os._exit(0)

simulate.play = play
sys.argv = ["riskrules", *sys.argv[1:]]
from riskrules.tools.cli import main
main()
"""

SMALL = ["-g", "2", "-w", "1", "--format", "json"]
STUDIES = {
    "balance": ["balance", "classic", TIES, *SMALL],
    "sweep": ["sweep", "classic", "--vary", "combat.ties=attacker,defender", *SMALL],
}


def check_cpu() -> float:
    """CPU-seconds of a whole `riskrules check` process (user and system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "riskrules", "check"],
        capture_output=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def study_startup(args: list[str]) -> float:
    found = subprocess.run(
        [sys.executable, "-c", FIRST_GAME, *args],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    lines = [x for x in found.stdout.splitlines() if x.startswith("STARTUP ")]
    if not lines:
        raise SystemExit(f"{args[0]}: no game began: {found.stderr[-2000:]}")
    return float(lines[0].split()[1])


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second, engine

    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    print(engine(), f"| load average {os.getloadavg()}", flush=True)
    check_cpu()  # the built-ins' parse cached on disk, as after any first run
    figures: dict[str, list[float]] = {"check": [], **{name: [] for name in STUDIES}}
    before = dice_games_per_second(0.5, time.process_time)
    for _ in range(runs):
        figures["check"].append(check_cpu())
        for name, args in STUDIES.items():
            figures[name].append(study_startup(args))
    after = dice_games_per_second(0.5, time.process_time)
    base = statistics.median(figures["check"])
    print(f"riskrules check, whole process: median {base:.3f} CPU-s ({runs} runs)")
    for name in STUDIES:
        median = statistics.median(figures[name])
        verdict = "ok" if median - base <= TARGET else "ABOVE"
        print(
            f"{name} start-up (to its first game): median {median:.3f} CPU-s, "
            f"{median - base:+.3f} over check's ({verdict} {TARGET})"
        )
    print(
        f"calibration {before:.1f} before, {after:.1f} after per CPU-s; "
        f"load average {os.getloadavg()}"
    )
