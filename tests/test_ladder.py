"""The ladder of built-in players: a random baseline whose games end, seats that mix agents
(in simulate, records and studies), the search player's budget counted in evaluations, the
ladder's figures against an exact interval computed here, studies under two strengths whose
verdicts say when an effect depends on the players, and the per-game counts of trades and
conquests against the records' own lines."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import riskrules
from gamehelpers import four_seats
from helpers import ROOT, run_cli
from riskrules import Game
from riskrules.engine.actions import Fortify
from riskrules.grammar.limits import SEARCH_EVALUATIONS
from riskrules.tools.lab.simulate import GameResult, Job, play

TIES = str(ROOT / "tests" / "houserules" / "ties-to-attacker.rules")


def test_random_players_finish_their_games() -> None:
    """Four random players end a classic game well within the cap: uniformly random moves
    ended none of 60 within 500 turns (stacks spread thin, no one knocked out, the cards'
    armies outgrowing 20 rolls a turn)."""
    for seed in (1, 2, 3):
        found = play(Job("classic", 4, seed, 0, "random", 400, None))
        assert found.violation is None
        assert found.completed, f"seed {seed}: still going at turn {found.turns}"


def test_seats_mix_agents_and_the_record_names_them(tmp_path: Path) -> None:
    """--seats puts each agent in its seat; the record's header says who sat where, and the
    referee replays it."""
    seats = "search,random,positional,aggressive"
    out = run_cli(
        *("simulate", "classic", "-p", "4", "-g", "1", "-w", "1", "--max-turns", "40"),
        *("--seats", seats, "--record", str(tmp_path), "--format", "json"),
    )
    assert out.code == 0, out.out + out.err
    record = next(tmp_path.glob("*.jsonl"))
    head = json.loads(record.read_text().splitlines()[0])
    assert head["agents"] == seats.split(",")
    refereed = run_cli("referee", "classic", str(record))
    assert refereed.code == 0, refereed.out + refereed.err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--seats", "search,random"), "--seats names 2 agents for 4 players"),
        (("--seats", "search,gambler,random,random"), "no agent 'gambler'"),
    ],
)
def test_bad_seats_are_usage_errors(args: tuple[str, ...], words: str) -> None:
    out = run_cli("simulate", "classic", "-p", "4", "-g", "1", *args)
    assert out.code == 2, out.out + out.err
    assert words in out.err


def test_the_search_player_keeps_to_its_budget() -> None:
    """Every decision of the search player weighs at most SEARCH_EVALUATIONS positions (more
    than one where it has a choice), and its games are the same for the same seed. (Read from
    what search_decision says it weighed, not by patching a class: the module is compiled.)"""
    from riskrules.engine import ladder

    counts: list[int] = []
    game = Game(riskrules.load("classic"))
    rng = random.Random(4)
    state = game.start(["p1", "p2", "p3"])
    while state.phase != "over" and state.turn <= 12:
        action, weighed = ladder.search_decision(game, state, rng)
        counts.append(weighed)
        state = game.apply(state, action)
    assert counts and max(counts) <= SEARCH_EVALUATIONS
    assert max(counts) > 2  # it does weigh several moves
    # A position with more invasions than the budget can weigh: the territories dealt round
    # the seats in turn, 20 armies in every territory of the player to attack, 1 to 3 in the
    # opponents'.
    game = Game(riskrules.load("classic"))
    state = game.start(["p1", "p2", "p3"])
    while state.phase != "attack":
        state = game.apply(state, ladder.positional_agent(game, state, rng))
    seat = state.current
    rows = tuple(
        tuple((20 if s == seat else 1 + i % 3) if s == i % 3 else 0 for s in range(3))
        for i in range(len(state.armies))
    )
    state = state.evolve(armies=rows)
    view = game.rel.view(state)
    pairs = sum(len(view.borders[i]) for i in range(len(rows)) if view.holders[i] == seat)
    assert 1 + 2 * pairs > SEARCH_EVALUATIONS  # stopping, and each invasion's two outcomes
    _action, weighed = ladder.search_decision(game, state, rng)
    assert 2 < weighed <= SEARCH_EVALUATIONS
    again = play(Job("classic", 3, 4, 0, "search", 30, None))
    assert again == play(Job("classic", 3, 4, 0, "search", 30, None))


def _fortify_position(own: dict[str, int], enemy: dict[str, int]) -> tuple[Game, Any]:
    """A classic 4-player position at p1's fortifying move: p1 holds `own`, p2 every other
    territory (one army each but `enemy`'s), p3 and p4 one far-off territory each."""

    def seat_armies(t: str) -> tuple[int, int, int, int]:
        if t in own:
            return (own[t], 0, 0, 0)
        if t in ("japan", "eastern_australia"):
            return (0, 0, 2, 0) if t == "japan" else (0, 0, 0, 2)
        return (0, enemy.get(t, 1), 0, 0)

    game, state = four_seats(seat_armies)
    return game, state.evolve(phase="fortify", current=0, fortifies_left=1)


def test_the_search_player_fortifies_the_border_the_odds_can_save() -> None:
    """p1 holds South America: Venezuela (3 armies) faces 12 in Central America, Brazil (1)
    faces 3 in North Africa, and Peru's 6 (5 movable) reach both. The positional player sends
    them to the bigger threat, Venezuela, which the exact odds say falls either way (11
    attackers take 3 defenders 99 times in 100 and 8 about 80); Brazil is the border the move
    saves (2 attackers take 1 defender 3 times in 4, 6 about 2 times in 100). The search
    player's lookahead moves them to Brazil, within its budget."""
    from riskrules.engine import ladder, lookahead
    from riskrules.engine.odds import battle_odds

    game, state = _fortify_position(
        {"venezuela": 3, "brazil": 1, "peru": 6, "argentina": 1},
        {"central_america": 12, "north_africa": 3},
    )

    def falls(attackers: int, defenders: int) -> float:
        return float(battle_odds(game.rules, attackers, defenders).attacker_wins)

    saved_at_venezuela = falls(11, 3) - falls(11, 8)
    saved_at_brazil = falls(2, 1) - falls(2, 6)
    assert saved_at_brazil > 3 * saved_at_venezuela  # the situation, by the odds alone
    rng = random.Random(1)
    assert ladder.positional_agent(game, state, rng) == Fortify("peru", "venezuela", 5)
    assert ladder.search_agent(game, state, rng) == Fortify("peru", "brazil", 5)
    _move, weighed = lookahead.weigh_fortify(game, state, 0)
    assert 1 < weighed <= SEARCH_EVALUATIONS  # it weighed several moves, within the budget


@pytest.mark.parametrize("ruleset", ["da-2006-2p-active", "da-2006-mission", "da-2006-teams"])
def test_every_agent_plays_every_kind_of_decision(ruleset: str) -> None:
    """Allies, status rolls, bribes, missions and teams: the new players answer the decisions
    they have no strategy of their own for, and break no invariant."""
    rules = riskrules.load(ruleset)
    low, _high = Game(rules).rules.players
    seats = tuple(["search", "positional", "random", "aggressive"][k % 4] for k in range(low))
    found = play(Job(ruleset, low, 3, 0, "aggressive", 40, None, seats=seats))
    assert found.violation is None
    assert found.agents == seats


def test_trades_and_conquests_are_counted(tmp_path: Path) -> None:
    """A game's trades and conquests, as the study keeps them, are its record's trade lines
    and the conquests it moved into."""
    found = play(Job("classic", 3, 9, 0, "aggressive", 200, str(tmp_path)))
    lines = [json.loads(line) for line in Path(found.record or "").read_text().splitlines()[1:]]
    kinds = [line["action"] for line in lines]
    assert found.trades == kinds.count("trade") > 0
    assert found.conquests == kinds.count("move_in") > 0


def _won(seat: int, index: int) -> GameResult:
    return GameResult(index, True, f"p{seat + 1}", 30, 300, winner_seat=seat)


def test_a_rungs_share_and_interval() -> None:
    """Eight games, two in each seat (seat = index // 2): the rung's agent won 6 of them. The
    share is 6/8, and the exact 95% interval is the Clopper-Pearson one (0.349 to 0.968, from
    the beta quantiles), above the fair 1/4."""
    from scipy import stats

    from riskrules.tools.lab.ladder import Rung, rung_figures

    winners = [0, 0, 1, 1, 2, 3, 3, 0]  # the rung's agent sits in seat index // 2
    results = [_won(w, i) for i, w in enumerate(winners)]
    found = rung_figures(Rung("search", "positional"), results, 4, 2, 1.0)
    assert found["wins"] == 6 and found["share"] == 0.75
    low = stats.beta.ppf(0.025, 6, 3)
    high = stats.beta.ppf(0.975, 7, 2)
    assert found["ci"] == pytest.approx([low, high])
    assert found["ci"][0] == pytest.approx(0.349, abs=1e-3)
    assert found["beats_below"]
    # One game a seat (seat = index): only game 0 is the rung's win, 1 of 4, a fair share.
    four = rung_figures(Rung("search", "positional"), results[:4], 4, 1, 1.0)
    assert four["wins"] == 1 and not four["beats_below"]


def test_the_ladder_command() -> None:
    out = run_cli(
        *("ladder", "classic", "-p", "4", "-g", "4", "--rungs", "random,aggressive"),
        *("--max-turns", "60", "-w", "1", "--format", "json"),
    )
    assert out.code == 0, out.out + out.err
    found = json.loads(out.out)
    assert [(r["agent"], r["against"], r["games"]) for r in found["rungs"]] == [
        ("random", "random", 4),
        ("aggressive", "random", 4),
    ]
    bad = run_cli("ladder", "classic", "--rungs", "aggressive,gambler")
    assert bad.code == 2 and "weakest first" in bad.err


def test_the_matrix_plays_every_rung_against_every_other() -> None:
    """`ladder --matrix`: each ordered pair of rungs (one in a seat, the other in the rest)
    once, and a grid with a row and a column per rung; the same cells in the JSON."""
    args = ("ladder", "classic", "-p", "3", "-g", "3", "--rungs", "random,aggressive,positional")
    args += ("--max-turns", "60", "-w", "1", "--matrix")
    out = run_cli(*args, "--format", "json")
    assert out.code == 0, out.out + out.err
    found = json.loads(out.out)
    assert found["matrix"] == ["random", "aggressive", "positional"]
    pairs = [(r["agent"], r["against"]) for r in found["rungs"]]
    names = found["matrix"]
    assert pairs == [(a, b) for a in names for b in names if a != b]
    assert all(r["games"] == 3 for r in found["rungs"])
    text = run_cli(*args).out
    header, *rows = [re.split(r"\s{2,}", line.strip()) for line in text.splitlines()[2:6]]
    assert header == names and [row[0] for row in rows] == names
    assert rows[1][2] == "-"  # aggressive against itself: not played
    shares = {(r["agent"], r["against"]): f"{100 * r['share']:.0f}%" for r in found["rungs"]}
    assert rows[2][1].startswith(shares["positional", "random"] + " (")


@pytest.mark.games
def test_each_rung_wins_more_than_its_fair_share_the_lower_ones_clearly() -> None:
    """On classic with 4 players, each rung wins more than its fair share (1/4) against three of
    the rung below; aggressive and positional clearly (the 95% interval above 1/4). Search over
    positional is not clear at 200 games since ties stopped following the board's order (issue
    48: 57 of 200, 28.5%, interval 22.4-35.3%; it was 35% with the order's ties): part of its
    edge was the artefact, and docs/lab.md says so."""
    first = "random,aggressive,positional,search"  # the planner: tests/bench/bench_planner.py
    out = run_cli("ladder", "classic", "-p", "4", "-g", "200", "--rungs", first, "--format", "json")
    assert out.code == 0, out.out + out.err
    rungs = json.loads(out.out)["rungs"]
    assert [r["agent"] for r in rungs] == first.split(",")
    for rung in rungs[1:]:
        assert rung["share"] > 0.25, rung
    for rung in rungs[1:3]:
        assert rung["ci"][0] > 0.25, rung
    assert sum(r["unfinished"] for r in rungs) < 0.1 * sum(r["games"] for r in rungs)


def test_a_study_reports_two_strengths_by_default() -> None:
    """balance with no agent named plays aggressive and positional players on the same seeds:
    balance.json holds both strengths' figures and games (valid against its schema), and each
    verdict ends with what the second strength says."""
    import jsonschema

    from riskrules.tools.service.lab import Study, plan_balance, run_study
    from riskrules.tools.service.snapshot import Snapshot

    both = Snapshot.of_refs([TIES])

    plan = plan_balance(both, "classic", [TIES], Study(players=3, games=4, workers=1, max_turns=40))
    assert plan.total == 2 * 2 * 4
    found = run_study(plan).to_json()
    schema = json.loads((ROOT / "tools" / "lab" / "balance.schema.json").read_text())
    jsonschema.validate(found, schema)
    assert found["agent"] == "aggressive"
    [other] = found["strengths"]
    assert other["agents"] == "positional" and other["seats"] == ["positional"] * 3
    assert {s["agent"] for g in other["outcomes"][0]["games"] for s in g["seats"]} == {"positional"}
    assert len(other["differences"][0]["measures"]) == len(found["differences"][0]["measures"])
    sentence = found["verdicts"][0]["sentences"][-1]
    assert "with positional players in every seat" in sentence.lower()
    tested = [
        m
        for block in (found["differences"], other["differences"], other["contrasts"])
        for m in block[0]["measures"]
        if m["p_value"] is not None
    ]
    # one family: both strengths, and each effect of the second against the first's
    assert found["family"]["comparisons"] == len(tested)
