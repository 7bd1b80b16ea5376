"""Benchmark: simulated games per second, the speed-up of two workers, the referee's actions
per second on a long record and its peak memory on a 1,000,000-line record.

Run `python tests/bench/bench_games.py [--quick]`; it prints figures (not a timed test).
Targets (issues 6, 19): >= 50 games/s for classic with 4 players on one core; referee >= 100,000
actions/s.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import riskrules
from riskrules import EndTurn, Game, Place
from riskrules.engine.agents import prepare
from riskrules.engine.record import encode, header, to_json
from riskrules.tools.compliance.referee import referee
from riskrules.tools.lab.simulate import jobs, rules_for, run


def games_per_second(name: str, players: int, games: int, workers: int = 1) -> float:
    """Games per second, once the ruleset is loaded and the agent's odds table made (once per
    ruleset and process, whatever the number of games: 0.1-0.3 s)."""
    planned = jobs(name, players, games, 1, "aggressive", 500, None)
    prepare(rules_for(planned[0]))
    results, elapsed = run(planned, workers)
    assert not any(r.violation for r in results)
    return len(results) / elapsed


def long_record(path: Path, lines: int) -> None:
    """A legal record of `lines` lines: three players who only reinforce and pass."""
    rules = riskrules.load("classic")
    game = Game(rules)
    rng = random.Random(1)
    state = game.start(["red", "blue", "green"])
    with path.open("w") as out:
        out.write(encode(header("classic", ["red", "blue", "green"], [], 1)).decode() + "\n")
        written = 1
        while written < lines:
            if state.phase in ("claim", "place"):
                action = rng.choice(game.legal_actions(state))
            elif state.phase == "reinforce":
                seat = state.current
                action = Place(game.owned(state, seat)[0], state.reserves[seat])
            else:
                action = EndTurn()
            out.write(encode(to_json(state, action)).decode() + "\n")
            state = game.apply(state, action)
            written += 1


def referee_rate(path: Path) -> tuple[int, float]:
    rules = riskrules.load("classic")
    start = time.perf_counter()
    with path.open("rb") as handle:
        verdict = referee(rules, handle)
    elapsed = time.perf_counter() - start
    assert verdict.ok, verdict
    return verdict.actions, verdict.actions / elapsed


def referee_peak_memory(path: Path) -> float:
    """Peak resident memory, in MiB, of `riskrules referee` on the record (a child process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(
        [sys.executable, "-m", "riskrules", "referee", "classic", str(path)],
        check=True,
        capture_output=True,
    )
    return max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def real_records(folder: Path, games: int) -> list[Path]:
    """The records of `games` simulated classic 4-player games: attacks, conquests, cards."""
    run(jobs("classic", 4, games, 1, "aggressive", 500, str(folder)), 1)
    return sorted(folder.glob("*.jsonl"))


def referee_records(paths: list[Path]) -> float:
    rules = riskrules.load("classic")
    actions = 0
    start = time.perf_counter()
    for path in paths:
        with path.open("rb") as handle:
            verdict = referee(rules, handle)
        assert verdict.ok, verdict
        actions += verdict.actions
    return actions / (time.perf_counter() - start)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from calibration import beside, engine, line

    quick = "--quick" in sys.argv
    print(engine(), flush=True)
    listing = subprocess.run(
        [sys.executable, "-m", "riskrules", "list", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    games_per_figure = 4 if quick else 10
    rate, dice = beside(lambda: games_per_second("classic", 4, 4 * games_per_figure))
    print(line("classic (4 players), aggressive, one core", rate, "games/s", dice), flush=True)
    for name in [r["name"] for r in json.loads(listing.stdout)]:
        rules = riskrules.load(name)
        for players in sorted(set(rules.players)):
            rate, dice = beside(partial(games_per_second, name, players, games_per_figure))
            label = f"{name} ({players} players), aggressive, one core"
            print(line(label, rate, "games/s", dice), flush=True)
    many = 8 if quick else 40
    (one, two), dice = beside(
        lambda: (
            games_per_second("classic", 4, many, workers=1),
            games_per_second("classic", 4, many, workers=2),
        )
    )
    print(
        f"classic, 4 players, {many} games: {one:.1f} games/s with 1 worker, {two:.1f} with 2 "
        f"(speed-up {two / one:.2f}x; {one / dice:.3f} x the dice calibration of {dice:.1f})",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as folder:
        paths = real_records(Path(folder), 5 if quick else 20)
        rate, dice = beside(lambda: referee_records(paths))
        label = f"referee on the records of {len(paths)} simulated classic games"
        print(line(label, rate, "actions/s", dice), flush=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.jsonl"
        size = 100_000 if quick else 1_000_000
        long_record(path, size)
        (_, rate), dice = beside(lambda: referee_rate(path))
        print(line(f"referee on a {size:,}-line record", rate, "actions/s", dice), flush=True)
        peak = referee_peak_memory(path)
        print(f"referee peak memory on the {size:,}-line record: {peak:.0f} MiB")
