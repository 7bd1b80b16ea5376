"""`riskrules balance` and `sweep`: the statistics against values worked out by hand, common
random numbers (identical rules give identical games), the same results whatever runs the games
(one process, a pool, a local Dask cluster), and the command as a user meets it."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from helpers import ROOT, dask_processes, run_cli
from riskrules.grammar.library import locate
from riskrules.grammar.limits import TASKS_PER_THREAD
from riskrules.tools.lab.balance import (
    Arm,
    ClusterError,
    Settings,
    arm,
    plan_for,
    run_on_cluster,
    scheduler_address,
)
from riskrules.tools.lab.balance import study as play_study
from riskrules.tools.lab.balance_stats import paired_share, proportion
from riskrules.tools.lab.simulate import Plan

TIES = str(ROOT / "tests" / "houserules" / "ties-to-attacker.rules")


def study(*args: Any, **options: Any) -> dict[str, Any]:
    """A study played, as balance.json holds it."""
    return play_study(*args, **options).to_json()


def arms(*refs: str) -> list[Arm]:
    return [arm(*locate(ref)) for ref in refs]


def without_timing(found: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in found.items() if k not in ("elapsed_s", "games_per_s")}


# ------------------------------------------------------------------ statistics, worked by hand


def test_a_rate_has_its_wilson_interval() -> None:
    # 5 of 10: Wilson 95% interval 0.2366 to 0.7634 (z = 1.96: (p + z²/2n ± z·sqrt(...)) / ...).
    figure = proportion(5, 10)
    assert figure.rate == 0.5
    assert figure.ci == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_a_paired_rate_uses_mcnemars_exact_test_on_the_discordant_games() -> None:
    # Six games the variant's first player wins that the base's did not, none the other way:
    # two-sided exact p = 2 * 0.5**6 = 0.03125; the difference is 6 of 20 games.
    figure = paired_share("first player wins", [False] * 20, [True] * 6 + [False] * 14).figure()
    assert figure["difference"] == pytest.approx(0.3)
    assert figure["p_value"] == pytest.approx(0.03125)
    assert figure["ci"][0] < 0.3 <= figure["ci"][1]


def test_no_difference_at_all_is_reported_plainly() -> None:
    figure = paired_share("unfinished", [False, True, False], [False, True, False]).figure()
    assert figure["difference"] == 0 and figure["p_value"] == 1.0
    assert figure["ci"][0] < 0 < figure["ci"][1]  # three games bound it only loosely


def _lengths(found: dict[str, object], k: int) -> list[tuple[int, str]]:
    games = found["outcomes"][k]["games"]  # type: ignore[index]
    return [(g["turns"], g["outcome"]) for g in games]


# ------------------------------------------------------------------ common random numbers


def test_identical_rules_play_identical_games(tmp_path: Path) -> None:
    """A house rule that changes nothing plays the very same games as its base (the same seeds,
    the same dice): every difference is exactly zero. This is what pairing by seed buys."""
    copy = tmp_path / "same.rules"
    copy.write_text('ruleset same "Classic, unchanged" extends classic {\n}\n')
    found = study(arms("classic", str(copy)), Settings(players=3, games=3))
    assert _lengths(found, 0) == _lengths(found, 1)
    for measure in found["differences"][0]["measures"]:
        assert measure["difference"] == 0, measure


def test_a_rule_that_matters_changes_the_games() -> None:
    found = study(arms("classic", TIES), Settings(players=3, games=3))
    assert _lengths(found, 0) != _lengths(found, 1)


def test_the_results_do_not_depend_on_the_number_of_workers() -> None:
    chosen = arms("classic", TIES)
    settings = Settings(players=3, games=8, seed=11)
    one = study(chosen, settings, workers=1)
    two = study(chosen, settings, workers=2)
    assert without_timing(one) == without_timing(two)


@pytest.mark.cluster
def test_a_local_dask_cluster_gives_the_single_process_results() -> None:
    distributed = pytest.importorskip("distributed")
    chosen = arms("classic", TIES)
    settings = Settings(players=3, games=6, seed=3)
    alone = study(chosen, settings, workers=1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        on_cluster = study(chosen, settings, scheduler=cluster.scheduler_address, batch=4)
    assert without_timing(on_cluster) == without_timing(alone)


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        next(run_on_cluster(plan_for([], Settings(3, 2)), "tcp://127.0.0.1:9", 1, 1))


def test_a_study_plans_its_games_without_making_them() -> None:
    """A plan is its templates and a count: a study of a million games costs nothing until
    its games are handed out, and lists the same jobs as the study always played (game i of
    every ruleset with seed `seed + i`), seed by seed."""
    chosen = arms("classic", TIES)
    plan = plan_for(chosen, Settings(players=3, games=1_000_000, seed=5))
    assert len(plan) == 2_000_000 and len(plan.templates) == 2
    first, second, third = plan[0], plan[1], plan[2]
    assert (first.ruleset, first.seed, first.index) == ("classic", 5, 0)
    assert (second.ruleset, second.seed, second.index) == ("ties-to-attacker", 5, 1_000_000)
    assert (third.ruleset, third.seed, third.index) == ("classic", 6, 1)
    assert plan[-1].seed == 1_000_004 and plan[-1].index == 1_999_999
    assert [job.index for job in plan[2:6]] == [1, 1_000_001, 2, 1_000_002]


# ------------------------------------------------------------------ a cluster lost or broken


@pytest.mark.parametrize(
    "address",
    [
        "garbage",
        "",
        "   ",
        "tcp://",
        "tcp://host:notaport",
        "http://x:8786",
        ":8786",
        "tcp://[::1",
        "tcp://[::1]",
        "tcp://::1:8786",
        "tcp://127.0.0.1:99999",
        "tcp://127.0.0.1:0",
        "tcp://host:-1",
        "tcp://a host:8786",
        "inproc://x",
    ],
)
def test_a_malformed_scheduler_address_is_named_with_the_right_form(address: str) -> None:
    with pytest.raises(ClusterError) as caught:
        scheduler_address(address)
    assert repr(address) in str(caught.value)
    assert "tcp://HOST:PORT" in str(caught.value)


def test_a_scheduler_address_is_written_as_dask_reads_it() -> None:
    assert scheduler_address("10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    assert scheduler_address(" tls://sched.example.org:8786 ") == "tls://sched.example.org:8786"
    assert scheduler_address("tcp://[::1]:8786") == "tcp://[::1]:8786"


@pytest.mark.cluster
def test_a_scheduler_without_workers_is_a_clear_error_in_the_time_given() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None) as cluster:
        start = time.monotonic()
        with pytest.raises(ClusterError, match="has no worker: none joined within 1 s"):
            study(
                arms("classic", TIES),
                Settings(players=3, games=2),
                scheduler=cluster.scheduler_address,
                worker_timeout=1,
            )
        assert time.monotonic() - start < 15


class CountedPlan(Plan):
    """A plan that counts the jobs made from it."""

    made = 0

    def __getitem__(self, at):  # type: ignore[no-untyped-def, override]
        job = super().__getitem__(at)
        self.made += 1
        return job


@pytest.mark.cluster
def test_the_cluster_is_handed_a_few_tasks_per_thread_at_a_time() -> None:
    """However many games a study has, a cluster of one thread holds at most TASKS_PER_THREAD
    tasks of `batch` games: the rest are not made until those are done."""
    distributed = pytest.importorskip("distributed")
    chosen = arms("classic", TIES)
    settings = Settings(players=3, games=12, seed=2)
    plan = plan_for(chosen, settings)
    counted = CountedPlan(plan.templates, plan.games)
    ahead = []
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=None
    ) as cluster:
        results = []
        for result in run_on_cluster(counted, cluster.scheduler_address, batch=2):
            results.append(result)
            ahead.append(counted.made - len(results))
    assert len(results) == 24 and counted.made == 24
    assert max(ahead) <= TASKS_PER_THREAD * 2, ahead
    alone = study(chosen, settings)
    results.sort(key=lambda r: r.index)
    assert [r.turns for r in results[:12]] == [t for t, _ in _lengths(alone, 0)]


@pytest.mark.cluster
def test_a_game_a_worker_cannot_play_stops_the_study_with_the_reason() -> None:
    distributed = pytest.importorskip("distributed")
    broken = Arm("no-such-ruleset")
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=False,
            protocol="tcp",
            dashboard_address=None,
        ) as cluster,
        pytest.raises(
            ClusterError,
            match="could not play its games: RulesError: unknown ruleset 'no-such-ruleset'",
        ),
    ):
        study(
            [*arms("classic"), broken],
            Settings(players=3, games=4),
            scheduler=cluster.scheduler_address,
            batch=1,
        )


class Kill:
    """A progress bar that kills a process after `after` games are in."""

    def __init__(self, process: object, after: int) -> None:
        self.process, self.after, self.seen = process, after, 0

    def update(self, count: int) -> None:
        self.seen += count
        if self.seen == self.after:
            self.process.kill()  # type: ignore[attr-defined]


def _assert_the_seeds_finished(found: dict[str, object], settings: Settings, why: str) -> None:
    """A stopped study: why, and exactly the study of the seeds every ruleset finished."""
    stopped = found["stopped"]
    assert isinstance(stopped, dict)
    assert why in stopped["reason"], stopped
    games = found["games"]
    assert isinstance(games, int) and 2 <= games < settings.games
    assert stopped["games_played"] >= 2 * games
    shorter = Settings(settings.players, games, settings.seed)
    alone = study(arms("classic", TIES), shorter)
    assert without_timing({k: v for k, v in found.items() if k != "stopped"}) == without_timing(
        alone
    )


@pytest.mark.cluster
def test_a_lost_scheduler_ends_the_study_with_the_seeds_every_ruleset_finished() -> None:
    pytest.importorskip("distributed")
    settings = Settings(players=3, games=40, seed=4)
    with dask_processes(workers=1) as cluster:
        found = study(
            arms("classic", TIES),
            settings,
            scheduler=cluster.address,
            batch=1,
            progress=Kill(cluster.scheduler, after=12),
        )
    _assert_the_seeds_finished(found, settings, "lost the Dask scheduler")


@pytest.mark.cluster
def test_a_worker_lost_while_another_plays_on_changes_nothing() -> None:
    """Dask plays a lost worker's games again on the others: the study ends whole, with the
    single-process results."""
    pytest.importorskip("distributed")
    chosen = arms("classic", TIES)
    settings = Settings(players=3, games=12, seed=6)
    with dask_processes(workers=2) as cluster:
        found = study(
            chosen,
            settings,
            scheduler=cluster.address,
            batch=1,
            progress=Kill(cluster.workers[0], after=6),
        )
        assert cluster.workers[0].poll() is not None  # it was killed mid-study
    assert "stopped" not in found
    assert without_timing(found) == without_timing(study(chosen, settings))


@pytest.mark.cluster
def test_a_study_stops_with_the_seeds_finished_when_every_worker_is_lost() -> None:
    pytest.importorskip("distributed")
    settings = Settings(players=3, games=40, seed=4)
    with dask_processes(workers=1) as cluster:
        start = time.monotonic()
        found = study(
            arms("classic", TIES),
            settings,
            scheduler=cluster.address,
            batch=1,
            progress=Kill(cluster.workers[0], after=12),
            worker_timeout=1,
        )
        assert time.monotonic() - start < 60
    _assert_the_seeds_finished(found, settings, "every worker of the Dask scheduler")


# ------------------------------------------------------------------ the command


def test_balance_prints_a_table_and_writes_a_report(tmp_path: Path) -> None:
    result = run_cli("balance", "classic", TIES, "-g", "4", "-w", "1", "--report", str(tmp_path))
    assert result.code == 0, result.err
    assert re.search(r"first player wins\s+\d+% \(\d+–\d+%\)", result.out)
    # First who played, and that the verdicts are about them; then the verdicts.
    assert result.out.startswith("Played by the lab's built-in players (aggressive and positional)")
    assert "\n\nVerdicts\n  ties-to-attacker (classic):\n" in result.out
    assert "ties-to-attacker against classic" in result.out
    page = (tmp_path / "balance.html").read_text()
    assert page.count("data:image/png;base64,") == 3
    figures = json.loads((tmp_path / "balance.json").read_text())
    assert [r["name"] for r in figures["rulesets"]] == ["classic", "ties-to-attacker"]
    assert figures["seeds"] == [1, 4]


def test_balance_json_has_every_figure() -> None:
    result = run_cli("balance", "classic", TIES, "-g", "2", "-w", "1", "--format", "json")
    assert result.code == 0, result.err
    found = result.json()
    assert isinstance(found, dict)
    ruleset = found["rulesets"][0]
    for key in ("wins_by_seat", "first_player", "last_player", "fairness", "unfinished", "rounds"):
        assert key in ruleset
    assert {"asia", "australia"} <= set(ruleset["continent_holder_wins"])
    measures = {m["measure"] for m in found["differences"][0]["measures"]}
    assert {"game length", "first player wins", "unfinished"} <= measures
    assert len(found["outcomes"][0]["games"]) == 2 and found["verdicts"][0]["sentences"]


def _study_imports(*args: str) -> list[str]:
    """Which of SciPy and Matplotlib a study's process imported, in the order it did (Python's
    own record of its imports, -X importtime)."""
    from processes import run_limited

    found = run_limited(*args, seconds=300, options=("-X", "importtime"))
    assert found.code in (0, 2), found.err
    heavy = ("scipy", "matplotlib")
    imported = [line.rsplit("|", 1)[-1].strip() for line in found.err.splitlines()]
    return list(dict.fromkeys(n.split(".")[0] for n in imported if n.split(".")[0] in heavy))


@pytest.mark.process
def test_a_study_imports_scipy_to_compute_and_matplotlib_only_to_plot(tmp_path: Path) -> None:
    """SciPy (about a CPU-second to import) only for a study's figures, Matplotlib only for a
    report's plots; a usage error imports neither."""
    assert _study_imports("balance", "classic", "classic") == []
    one = ("-g", "2", "-w", "1", "--agent", "aggressive")  # two games, one strength of players
    study = ("balance", "classic", TIES, *one, "--format", "json")
    assert _study_imports(*study) == ["scipy"]
    reported = _study_imports(*study, "--report", str(tmp_path))
    assert reported == ["scipy", "matplotlib"]
    assert (tmp_path / "balance.html").exists()
    vary = ("sweep", "classic", "--vary", "combat.ties=attacker,defender", *one)
    assert _study_imports(*vary, "--format", "json") == ["scipy"]


def test_balance_refuses_a_player_count_the_rulesets_do_not_share() -> None:
    result = run_cli("balance", "classic", "da-web-2p", "-g", "2")
    assert result.code == 2
    assert "players" in result.err


def test_a_study_past_its_size_is_refused_naming_the_limit() -> None:
    result = run_cli("balance", "classic", TIES, "da-2006", "-g", "400000")
    assert result.code == 2
    # Two strengths of players by default: each ruleset's games played twice.
    assert "2,400,000 games" in result.err and "at most 1,000,000" in result.err
    assert "--games 166,666 or fewer" in result.err


def test_sweep_plays_a_grid_of_house_rules() -> None:
    result = run_cli(
        "sweep", "classic", "--vary", "combat.ties=attacker,defender", "-g", "2", "-w", "1"
    )
    assert result.code == 0, result.err
    assert "combat.ties=attacker against classic" in result.out
    assert "combat.ties=defender against classic" in result.out


def test_sweep_takes_values_that_hold_commas() -> None:
    result = run_cli(
        "sweep",
        "classic",
        "--vary",
        "cards.trade_values=fixed 10|track 4, 6, 8 after last stay",
        "-g",
        "2",
        "-w",
        "1",
        "--agent",
        "aggressive",
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    names = [r["name"] for r in result.json()["rulesets"]]  # type: ignore[index]
    assert names[2] == "cards.trade_values=track 4, 6, 8 after last stay"


@pytest.mark.parametrize(
    ("vary", "message"),
    [
        ("combat.ties=attackr", "did you mean 'attacker'"),
        ("combat.tiez=attacker", "did you mean 'combat.ties'"),
        ("combat.ties", "RULE=VALUE"),
        ("combat.ties=a{b", "braces"),
    ],
)
def test_sweep_names_what_is_wrong_with_a_vary(vary: str, message: str) -> None:
    result = run_cli("sweep", "classic", "--vary", vary, "-g", "2")
    assert result.code == 2
    assert message in result.err
    assert "Traceback" not in result.err
