"""Benchmark: `riskrules trace --uncovered` against manuals made large from the real 000.

Run `python tests/bench/bench_trace.py [SOURCES]`; it prints figures (it is not a timed test;
tests/test_coverage.py holds the timed one). Each manual is the real 000 followed by pages of
its sentences (tests/helpers.large_manual), three lines to a page (many pages) or thirty (few
long ones), at 4,000, 16,000 and 64,000 lines. Target (issue 26): linear in the manual's size,
under 10 s at 64,000 lines; before, 1.5 s, 11 s and 162 s with three lines to a page.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from helpers import SEEDS, large_manual

MANUAL = "000_c088f9ca3cbe1af9.txt"


def run(folder: Path) -> tuple[float, float]:
    """Seconds on the clock and of processor time for one `trace --uncovered`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "riskrules",
            "trace",
            "da-2006",
            "--uncovered",
            "--sources",
            str(folder),
        ],
        capture_output=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    sources = Path(sys.argv[1]) if len(sys.argv) > 1 else SEEDS
    real = (sources / MANUAL).read_text(encoding="utf-8")
    print("lines  page lines  bytes       clock s  processor s")
    for page_lines in (3, 30):
        for lines in (4_000, 16_000, 64_000):
            with tempfile.TemporaryDirectory() as folder:
                text = large_manual(real, lines, page_lines)
                (Path(folder) / MANUAL).write_text(text, encoding="utf-8")
                wall, cpu = run(Path(folder))
                size = len(text.encode())
                print(f"{lines:>6,}  {page_lines:>10}  {size:>10,}  {wall:>7.2f}  {cpu:>11.2f}")


if __name__ == "__main__":
    main()
