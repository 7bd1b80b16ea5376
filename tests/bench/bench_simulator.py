"""Benchmark (issue 31): the simulator's games per CPU-second, today's main against this branch.

    python tests/bench/bench_simulator.py [--base main] [--head HEAD] [--rounds 3] [--scaling 3]

Classic, 4 players, the aggressive agent, played as `riskrules simulate` plays them (its `play`:
every invariant checked after every action). Each engine is built as a user gets it, a plain
`pip install` of the commit's files into a scratch venv (mypyc compiles the engine; setup.py),
and the pure-Python engines of both the same way with RISKRULES_PURE_PYTHON=1. The venvs are
kept in build/bench/ by the commit's tree, so a second run builds nothing.

The engines are measured in alternation (A B C D A B C D …), each in a process of its own with
the dice calibration (calibration.py, per CPU-second) measured before, between and after slices
of its games (--slices; a tenth of a second each: the machine's speed can change 1.5x within a
second), and the load average printed beside: the machine is shared and its speed drifts, so
the figure to read is the ratio to the calibration, and main against the branch measured in the
same round. With --scaling, the compiled `--head` engine's speed-up from `--workers 2` (wall time,
one process against two, in alternation, the load average beside). It prints figures; it is not
a timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
STORE = ROOT / "build" / "bench"

# Issue 31's acceptance, as ratios: to the dice calibration, and to main's compiled engine.
COMPILED_MIN = 1.0
PURE_MIN = 0.35
OVER_MAIN_MIN = 2.0


def tree(ref: str) -> str:
    out = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", f"{ref}^{{tree}}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def build(ref: str, pure: bool) -> Path:
    """A venv with `ref`'s files installed by pip (compiled unless `pure`), made once."""
    kind = "pure" if pure else "compiled"
    venv = STORE / f"{kind}-{tree(ref)[:12]}"
    python = venv / "bin" / "python"
    if (venv / "built").exists():
        return python
    print(f"building {ref} ({kind}) into {venv} …", flush=True)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    with tempfile.TemporaryDirectory(prefix="riskrules-bench-") as work:
        archive = Path(work) / "src.tar"
        with archive.open("wb") as out:
            subprocess.run(["git", "-C", str(ROOT), "archive", ref], stdout=out, check=True)
        src = Path(work) / "src"
        with tarfile.open(archive) as tar:
            tar.extractall(src, filter="data")
        env = dict(os.environ)
        env.pop("RISKRULES_PURE_PYTHON", None)
        if pure:
            env["RISKRULES_PURE_PYTHON"] = "1"
        pip = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", str(src)],
            capture_output=True,
            text=True,
            env=env,
            cwd=work,
        )
        if pip.returncode != 0:
            raise SystemExit(
                f"{ref}: pip install failed:\n{pip.stdout[-3000:]}{pip.stderr[-3000:]}"
            )
    found = subprocess.run(
        [str(python), "-c", "import riskrules; print(riskrules.engine_kind())"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    ).stdout.strip()
    wanted = "pure Python" if pure else "compiled"
    if found != wanted:
        raise SystemExit(f"{ref}: the install's engine is {found}, not {wanted}")
    (venv / "built").write_text(f"{ref}\n")
    print(f"  built in {time.perf_counter() - start:.0f} s", flush=True)
    return python


def child(games: int, seed: int, slices: int) -> None:
    """In the engine's venv: the games in `slices` slices, each between two tenths of a
    second of calibration (the machine's speed can change 1.5x within one second, so a
    calibration only before and after all the games read it at two moments); one JSON line.
    The ratio to read is the games' rate over the calibration's rate, both summed over the
    slices."""
    import calibration

    import riskrules
    from riskrules.engine.agents import prepare
    from riskrules.tools.lab.simulate import jobs, play, rules_for

    plan = jobs("classic", 4, games + 1, seed, "aggressive", 500, None)
    prepare(rules_for(plan[0]))
    play(plan[games])  # a game outside the measured ones: everything loaded and made once
    calibrations = [calibration.dice_games_per_second(0.1, time.process_time)]
    cpu = wall = 0.0
    results = []
    for k in range(slices):
        started, began = time.process_time(), time.perf_counter()
        results += [play(plan[i]) for i in range(k * games // slices, (k + 1) * games // slices)]
        cpu += time.process_time() - started
        wall += time.perf_counter() - began
        calibrations.append(calibration.dice_games_per_second(0.1, time.process_time))
    problems = [r.violation for r in results if r.violation]
    print(
        json.dumps(
            {
                "engine": riskrules.engine_kind(),
                "from": str(Path(riskrules.__file__).parent),
                "games": games,
                "ended": sum(r.completed for r in results),
                "actions": sum(r.actions for r in results),
                "problems": problems,
                "cpu_s": cpu,
                "wall_s": wall,
                "calibrations": calibrations,
            }
        )
    )


def child_workers(games: int, workers: int, seed: int) -> None:
    """In the engine's venv: `games` games in `workers` processes, wall time (one JSON line)."""
    from riskrules.engine.agents import prepare
    from riskrules.tools.lab.simulate import jobs, rules_for, run

    plan = jobs("classic", 4, games, seed, "aggressive", 500, None)
    prepare(rules_for(plan[0]))
    results, elapsed = run(plan, workers)
    assert not any(r.violation for r in results)
    print(json.dumps({"games": len(results), "wall_s": elapsed}))


def scaling(python: Path, games: int, rounds: int, seed: int) -> None:
    """The speed-up of `--workers 2` over one process, in alternation, with the load average
    beside each: two workers need the second core idle (load below 1 beside the run)."""
    speedups = []
    for round_ in range(1, rounds + 1):
        walls = {}
        for workers in (1, 2):
            load = os.getloadavg()[0]
            command = [str(python), str(Path(__file__).resolve()), "--child", str(games)]
            out = subprocess.run(
                [*command, "--child-workers", str(workers), "--seed", str(seed)],
                capture_output=True,
                text=True,
                cwd=tempfile.gettempdir(),
            )
            if out.returncode != 0:
                raise SystemExit(out.stderr[-2000:])
            walls[workers] = json.loads(out.stdout.strip().splitlines()[-1])["wall_s"]
            print(
                f"scaling round {round_}: {workers} worker(s), {games} games: "
                f"{games / walls[workers]:.1f} games/s (wall) | load {load:.2f} -> "
                f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
                flush=True,
            )
        speedups.append(walls[1] / walls[2])
    print(
        f"--workers 2 over 1: median {statistics.median(speedups):.2f}x "
        f"(range {min(speedups):.2f}-{max(speedups):.2f})"
    )


def measure(python: Path, games: int, seed: int, slices: int) -> dict[str, Any]:
    load = os.getloadavg()[0]
    script = str(Path(__file__).resolve())
    out = subprocess.run(
        [str(python), script, "--child", str(games), "--seed", str(seed), "--slices", str(slices)],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),  # never the checkout's files: the venv's install
    )
    if out.returncode != 0:
        raise SystemExit(f"{python}: {out.stderr[-2000:]}")
    found: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    found["load"] = load
    found["load_after"] = os.getloadavg()[0]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="main", help="today's engine (a git ref)")
    parser.add_argument("--head", default="HEAD", help="the engine measured against it")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=100, help="games per compiled measurement")
    parser.add_argument("--pure-games", type=int, default=30, help="games per pure measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--slices", type=int, default=10, help="a measurement's slices of games, calibrated each"
    )
    parser.add_argument(
        "--scaling", type=int, default=0, help="then N rounds of 1 against 2 workers (wall time)"
    )
    parser.add_argument("--child", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--child-workers", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child and args.child_workers:
        child_workers(args.child, args.child_workers, args.seed)
        return
    if args.child:
        child(args.child, args.seed, args.slices)
        return
    dirty = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
    ).stdout
    if dirty and args.head == "HEAD":
        print("note: uncommitted changes are not measured (the committed tree is)", flush=True)
    engines = [
        (f"{args.base} compiled", build(args.base, False), args.games),
        (f"{args.head} compiled", build(args.head, False), args.games),
        (f"{args.base} pure Python", build(args.base, True), args.pure_games),
        (f"{args.head} pure Python", build(args.head, True), args.pure_games),
    ]
    print(f"classic, 4 players, aggressive agent, invariants checked; seeds {args.seed}… ")
    print(f"{os.cpu_count()} cores; load average before the run: {os.getloadavg()}", flush=True)
    ratios: dict[str, list[float]] = {label: [] for label, _, _ in engines}
    rates: dict[str, list[float]] = {label: [] for label, _, _ in engines}
    for round_ in range(1, args.rounds + 1):
        for label, python, games in engines:
            m = measure(python, games, args.seed, args.slices)
            if m["problems"]:
                raise SystemExit(f"{label}: invariants broken: {m['problems']}")
            rate = float(m["games"]) / float(m["cpu_s"])
            cal = statistics.mean(m["calibrations"])  # slices of equal length: their mean rate
            ratios[label].append(rate / cal)
            rates[label].append(rate)
            print(
                f"round {round_} {label:>22}: {rate:6.1f} games/CPU-s "
                f"({m['ended']}/{m['games']} ended, {m['cpu_s']:.2f} CPU-s in "
                f"{m['wall_s']:.2f} s) | calibration {cal:.1f} /CPU-s "
                f"({min(m['calibrations']):.1f}-{max(m['calibrations']):.1f} in "
                f"{len(m['calibrations'])} slices around {args.slices} of games) | "
                f"ratio {rate / cal:.3f} | "
                f"load {m['load']:.2f} -> {m['load_after']:.2f}",
                flush=True,
            )
    print()
    base, head, pure_base, pure = (label for label, _, _ in engines)
    over = [h / b for h, b in zip(rates[head], rates[base], strict=True)]
    over_cal = [h / b for h, b in zip(ratios[head], ratios[base], strict=True)]
    pure_over = [h / b for h, b in zip(ratios[pure], ratios[pure_base], strict=True)]
    for label, wanted in ((base, None), (head, COMPILED_MIN), (pure_base, None), (pure, PURE_MIN)):
        median = statistics.median(ratios[label])
        verdict = "" if wanted is None else (" ok" if median >= wanted else " BELOW") + f" {wanted}"
        print(
            f"{label:>22}: median {statistics.median(rates[label]):6.1f} games/CPU-s, "
            f"{median:.3f} x calibration (range {min(ratios[label]):.3f}-"
            f"{max(ratios[label]):.3f}){verdict}"
        )
    verdict = "ok" if statistics.median(over) >= OVER_MAIN_MIN else "BELOW"
    print(
        f"{head} over {base}, same round: median {statistics.median(over):.2f}x "
        f"(range {min(over):.2f}-{max(over):.2f}; as calibration ratios "
        f"{statistics.median(over_cal):.2f}x) {verdict} {OVER_MAIN_MIN}"
    )
    print(
        f"{pure} over {pure_base}, same round, as calibration ratios: median "
        f"{statistics.median(pure_over):.2f}x (range {min(pure_over):.2f}-{max(pure_over):.2f})"
    )
    print(f"load average after the run: {os.getloadavg()}", flush=True)
    if args.scaling:
        scaling(engines[1][1], 2 * args.games, args.scaling, args.seed)


if __name__ == "__main__":
    main()
