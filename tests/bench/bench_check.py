"""Benchmark: `riskrules check` start-to-finish, and parse+check throughput.

Run `python tests/bench/bench_check.py`; it prints figures (it is not a timed test).
Targets (issue 2): whole-process check of the built-ins <= 0.3 s; >= 10,000 lines/s on a
generated 5,000-line ruleset file. Issue 31: linear, the rate at 100,000 lines within 1.25 x
the rate at 1,000.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from riskrules.grammar import library
from riskrules.grammar.library import Workspace, builtin_paths


def whole_process(runs: int = 10) -> float:
    subprocess.run([sys.executable, "-m", "riskrules", "check"], capture_output=True)  # warm
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "riskrules", "check"], capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def generated(lines: int) -> str:
    out = []
    i = 0
    while len(out) < lines:
        out.append(f'ruleset house{i} "House {i}" extends classic {{')
        out.append(f"  override reinforcements.territories: max(3, territories // {2 + i % 3})")
        out.append('    cite nl004 section "Gebieden" "dat aantal deel je door drie"')
        out.append(f"  override cards.trade_values: sequence 4, 6, 8, {10 + i % 5} then +5")
        out.append("  override combat {")
        out.append("    ties: attacker")
        out.append("    defender.dice: 1 .. min(3, armies)")
        out.append("  }")
        out.append("}")
        i += 1
    return "\n".join(out) + "\n"


def throughput(lines: int = 5000, runs: int = 5) -> tuple[int, float]:
    """Lines per second of a real parse and check: the workspace's cache of parsed files is
    emptied before each run, so the generated file and the built-ins are all parsed again."""
    text = generated(lines)
    count = text.count("\n") + sum(
        Path(p).read_text(encoding="utf-8").count("\n") for p in builtin_paths()
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.rules"
        path.write_text(text)
        best = float("inf")
        os.environ["RISKRULES_NO_CACHE"] = "1"  # no parse kept on disk either
        for _ in range(runs):
            library._READ.clear()
            start = time.perf_counter()
            ws = Workspace.open([str(path)])
            diags = ws.diagnostics_for([str(path)])
            best = min(best, time.perf_counter() - start)
        errors = [d for d in diags if d.severity.value == "error"]
        assert not errors, errors[:3]
    return count, count / best


def workspace_rate(folder: Path, lines: int, runs: int) -> float:
    """Lines per CPU-second of `Workspace.open` and `diagnostics_for` on `lines` generated
    lines (files of at most 10,000 lines: a rules file is limited to 1 MB) and the built-ins,
    every file parsed again; the best of `runs` (the least disturbed by other processes)."""
    per = min(lines, 10_000)
    paths = []
    for k in range(lines // per):
        path = folder / f"lines{lines}-{k}.rules"
        path.write_text(generated(per).replace("ruleset house", f"ruleset f{k}house"))
        paths.append(str(path))
    count = lines + sum(Path(p).read_text(encoding="utf-8").count("\n") for p in builtin_paths())
    best = float("inf")
    os.environ["RISKRULES_NO_CACHE"] = "1"
    for _ in range(runs):
        library._READ.clear()
        start = time.process_time()
        ws = Workspace.open(paths)
        diags = ws.diagnostics_for(paths)
        best = min(best, time.process_time() - start)
        del ws
    errors = [d for d in diags if d.severity.value == "error"]
    assert not errors, errors[:3]
    return count / best


def linearity(small: int = 1_000, large: int = 100_000) -> tuple[float, float]:
    """Issue 31: parse and check linear, the rate at 100k lines within 1.25 x the rate at 1k.
    The rates are of CPU time, best of several runs."""
    with tempfile.TemporaryDirectory() as folder:
        Workspace.open()  # the grammar loaded, outside the figures
        return workspace_rate(Path(folder), small, 10), workspace_rate(Path(folder), large, 3)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from calibration import beside, engine, line

    print(engine(), flush=True)
    figure, dice = beside(whole_process)
    print(
        f"riskrules check (built-ins), whole process, median of 10: {figure:.3f} s "
        f"({figure * dice:.1f} x the time of one calibration game; calibration {dice:.1f})",
        flush=True,
    )
    (n, rate), dice = beside(throughput)
    label = f"parse + check of {n:,} lines (a generated file and the built-ins)"
    print(line(label, rate, "lines/s", dice))
    print(f"load average: {os.getloadavg()}", flush=True)
    (small, large), dice = beside(linearity)
    print(line("parse + check of 1,000 lines and the built-ins, per CPU-s", small, "lines/s", dice))
    print(
        line("parse + check of 100,000 lines and the built-ins, per CPU-s", large, "lines/s", dice)
    )
    verdict = "ok" if small / large <= 1.25 else "ABOVE 1.25"
    print(f"rate at 1k / rate at 100k: {small / large:.2f} ({verdict}); load {os.getloadavg()}")
