"""A study in stages (tools/lab/stages.py, issue 45): the looks spend the 5% and no more, a
look's verdict agrees with its interval, the study stops at the first look whose answer is
clear, the studio's panel says where it is and how long it will take (within a factor of two
of the time it then takes), and, under the `games` marker, the studio's default study says
"clear" for ties going to the attacker on da-2006 and classic within its cap."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from riskrules.grammar.limits import MAX_STUDIO_GAMES
from riskrules.tools.lab import balance, stages
from riskrules.tools.lab.balance_stats import adjust
from riskrules.tools.lab.family import ALPHA
from riskrules.tools.lab.game_length import paired_length
from riskrules.tools.lab.simulate import GameResult
from riskrules.tools.service.progress import FEW, TimeLeft

HOUSE = 'ruleset family "Our table" extends {base} {{\n  override combat.ties: attacker\n}}\n'


def test_the_looks_spend_the_five_percent_and_no_more() -> None:
    assert stages.looks(1000) == (100, 200, 400, 1000)
    assert stages.looks(100) == (100,) and stages.looks(300) == (100, 300)
    planned, taken, spent = stages.looks(1000), 0, []
    for n in planned:
        look = stages.look_at(n, 1000, taken, planned)
        assert look.number == len(spent) + 1
        spent.append(look.alpha)
        taken = n
    assert sum(spent) <= ALPHA + 1e-15 and sum(spent) == pytest.approx(ALPHA)
    assert spent[0] < 0.001 and spent[-1] > 0.045  # little early, nearly all at the cap
    assert stages.look_at(100, 100, 0, (100,)).alpha == ALPHA  # one look: a study of that size
    # A look at an unplanned size (the time limit) spends by its own share of the cap.
    late = stages.look_at(700, 1000, 400, planned)
    assert late.alpha == pytest.approx(stages.spent(0.7) - stages.spent(0.4)) and late.number == 4


def _games(turns: list[int]) -> list[GameResult]:
    return [GameResult(i, True, "p1", t, 10 * t, winner_seat=0, order=(0, 1, 2)) for i, t in
            enumerate(turns)]  # fmt: skip


@pytest.mark.parametrize("share", [0.05, 0.01, 0.0005])
def test_a_look_is_clear_exactly_when_its_interval_leaves_out_no_change(share: float) -> None:
    """At a look's share of α the adjusted p-value is the study's times α / share, and it is
    below 0.05 exactly when the interval (at the level the share gives) leaves out 0."""
    base = [20 + (7 * i) % 13 for i in range(200)]
    for shift in (0, 1, 2, 3):
        variant = [t + (shift if i % 3 else 0) for i, t in enumerate(base)]
        comparison = paired_length(_games(base), _games(variant), 500)
        ((full,),), ((at,),) = adjust([[comparison]]), adjust([[comparison]], share)
        assert at.p_adjusted is not None and full.p_adjusted is not None
        assert at.p_adjusted == pytest.approx(min(1.0, full.p_adjusted * ALPHA / share))
        assert at.ci_adjusted is not None and at.ci_adjusted[0] is not None
        leaves_out = at.ci_adjusted[0] > 0 or (at.ci_adjusted[1] or 0) < 0
        assert leaves_out == (at.p_adjusted < ALPHA), (shift, at)


def test_the_study_stops_at_the_first_look_whose_answer_is_clear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each look's figures go to on_look as it is reached, of exactly its seeds; the study
    ends at the first look answered (here: the second), with that look's figures."""
    from riskrules.grammar.library import locate

    ties = str(Path(__file__).parent / "houserules" / "ties-to-attacker.rules")
    arms = [balance.arm(*locate("classic")), balance.arm(*locate(ties))]
    settings = balance.Settings(players=3, games=12, agent="random", max_turns=30)
    seen: list[Any] = []
    monkeypatch.setattr(balance, "answered", lambda _found: len(seen) == 2)
    found = balance.study(arms, settings, 1, looks=(2, 4, 12), on_look=seen.append)
    assert [f.games for f in seen] == [2, 4] and found.games == 4
    assert found.family.look is not None and found.family.look.number == 2
    assert found.family.look.alpha == pytest.approx(stages.spent(4 / 12) - stages.spent(2 / 12))
    assert found.to_json()["family"]["stage"]["looks"] == [2, 4, 12]


def test_the_time_left_with_two_workers_is_within_a_factor_of_two() -> None:
    """Two workers' chunks of 64 games land together (each chunk 6-10 s, after a 3 s start):
    once results have come since the first ones, the time said to any point ahead is within
    a factor of two of the time it then takes (under ten seconds the panel says "a few
    seconds": then what is left is the next chunk, which lands within twenty)."""
    import random

    rng = random.Random(45)
    now = [0.0]
    pace = TimeLeft(4000, lambda: now[0])
    landed: list[tuple[float, int]] = []
    free = [3.0, 3.0]  # when each worker is next free
    for _chunk in range(4000 // 64):
        worker = min(range(2), key=lambda w: free[w])
        free[worker] += rng.uniform(6, 10)
        landed.append((free[worker], 64))
    landed.sort()
    done, times = 0, []
    for at, games in landed:
        done += games
        times.append((at, done))
    for at, done_then in times:
        now[0] = at
        pace.seconds(done_then)
        if not pace.measured(done_then):
            continue
        for target in (400, 800, 1600, done):
            if target <= done_then:
                continue
            said = pace.seconds(done_then, target)
            truth = next(t for t, d in times if d >= target) - at
            assert said is not None
            if said < FEW:  # said as "a few seconds": the next chunk's landing is what is left
                assert truth < 2 * FEW, (at, target, said, truth)
            else:
                assert truth / 2 <= said <= truth * 2, (at, target, said, truth)


def test_the_panel_says_where_the_study_is_and_what_it_found_so_far(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from riskrules.tools.service import lab
    from riskrules.tools.service.snapshot import Snapshot
    from riskrules.tools.studio.app import guarded
    from riskrules.tools.studio.security import Door
    from riskrules.tools.studio.study import Run

    client = TestClient(guarded(tmp_path, Door("t", port=1)), base_url="http://127.0.0.1:1/s/t")
    studies = client.app.app.state.studio.studies  # type: ignore[attr-defined]
    base = time.monotonic()
    now = [base]
    run = Run("a.rules", "da-2006", 1000, total=4000, looks=(100, 200, 400, 1000))
    run.started, run.pace = base, TimeLeft(4000, lambda: now[0])
    studies.run = run

    def shown(done: int, at: float) -> str:
        now[0] = base + at
        run.done = done
        run.pace.seconds(done)
        return client.get("/study/progress").text

    first = shown(0, 1)
    assert "Playing up to 100 games per ruleset (look 1 of 4)" in first and "of 400 games" in first
    assert "Time until then" not in first  # nothing done yet
    assert "Time until then" not in shown(128, 10)  # the first results: no pace yet
    later = shown(256, 20)  # 128 games in 10 s: 144 to go to the first look
    assert "Time until then: about 11 s." in later
    assert "At most" not in later  # not a tenth of the way to the cap yet
    # The first look reached: its figures shown as "so far" while it plays on.
    house = tmp_path / "a.rules"
    house.write_text(HOUSE.format(base="da-2006"))
    snapshot = Snapshot.of_refs(["da-2006", str(house)])
    request = lab.Study(games=100, workers=1, agents=("random",), max_turns=20, until_clear=True)
    run.look = lab.run_study(lab.plan_balance(snapshot, "da-2006", [str(house)], request))
    so_far = shown(768, 60)  # the same pace: 32 games to the next look, 3,232 to the cap
    assert "So far, at 100 games per ruleset (not clear yet, so it plays on):" in so_far
    assert "Playing up to 200 games per ruleset (look 2 of 4)" in so_far
    assert "Time until then: a few seconds." in so_far
    assert "At most about 4 min 12 s if it plays on to 1000 games per ruleset." in so_far
    assert "<h3>Our table</h3>" in so_far and "Measured over 100 games" in so_far
    assert "study/report" not in so_far  # the plots come with the result


@pytest.mark.games  # the studio's default study, twice: 2-3 minutes each on two busy cores
@pytest.mark.parametrize("base", ["da-2006", "classic"])
def test_the_default_study_says_ties_to_the_attacker_make_games_clearly_shorter(
    base: str, tmp_path: Path
) -> None:
    """Ties to the attacker, as the studio's form writes it, studied as the studio studies it
    (in stages, up to its cap): game length is clear, under both strengths of players."""
    from riskrules.tools.lab.verdicts import CLEAR
    from riskrules.tools.service import lab
    from riskrules.tools.service.snapshot import Snapshot

    house = tmp_path / "ours.rules"
    house.write_text(HOUSE.format(base=base))
    snapshot = Snapshot.of_refs([base, str(house)])
    request = lab.Study(games=MAX_STUDIO_GAMES, until_clear=True)
    found = lab.run_study(lab.plan_balance(snapshot, base, [str(house)], request))
    assert found.games <= MAX_STUDIO_GAMES and found.look is not None
    (verdict,) = found.verdicts_in("en")
    assert re.match(r"Games are \d+% shorter \(95% sure: ", verdict.sentences[0]), verdict.text
    lengths = [verdict.effects[0], *(effects[0] for _agents, effects in verdict.strengths)]
    assert [e.verdict for e in lengths] == [CLEAR, CLEAR], verdict.text
