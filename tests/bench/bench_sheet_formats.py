"""Benchmark: `riskrules summary` as a whole process, HTML against PDF, beside `python -c pass`.

Run `python tests/bench/bench_sheet_formats.py [RULESET ...]`; it prints figures (it is not a
timed test), each beside the dice calibration measured just before and after it and the load
average (issue 34: HTML is written without WeasyPrint, so it costs about a command's start-up;
a PDF imports WeasyPrint and fits the page, one to six layouts). Each command runs in
alternation with the others, median of RUNS, so a drift of the machine's speed falls on all.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from calibration import beside

RUNS = 5
ROOT = Path(__file__).resolve().parents[2]  # a ruleset's path is read from the checkout


def commands(name: str, folder: Path) -> dict[str, list[str]]:
    summary = [sys.executable, "-m", "riskrules", "summary", name]
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "summary --format html": [*summary, "--format", "html", "-o", str(folder / "s.html")],
        "summary --format pdf": [*summary, "--format", "pdf", "-o", str(folder / "s.pdf")],
        "summary --layout card --format pdf": [
            *summary,
            "--layout",
            "card",
            "--format",
            "pdf",
            "-o",
            str(folder / "c.pdf"),
        ],
    }


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
    return time.perf_counter() - start


def measure(name: str) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        runs = commands(name, Path(folder))
        for command in runs.values():  # once each first: the bytecode and the fonts' cache
            timed(command)
        times: dict[str, list[float]] = {label: [] for label in runs}
        for _ in range(RUNS):
            for label, command in runs.items():
                times[label].append(timed(command))
    return times


def main() -> None:
    for name in sys.argv[1:] or ["da-2006", "examples/house-rules/no-cards.rules"]:
        load = os.getloadavg()
        times, calibration = beside(lambda name=name: measure(name))  # type: ignore[misc]
        print(
            f"{name}: load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after; "
            f"dice calibration {calibration:.1f} games/s (wall)"
        )
        floor = statistics.median(times["python -c pass"])
        for label, values in times.items():
            median = statistics.median(values)
            print(
                f"  {label}: {median:.2f} s median of {RUNS} ({min(values):.2f}-{max(values):.2f})"
                f", {median / floor:.1f}x python -c pass"
            )


if __name__ == "__main__":
    main()
