"""The service layer as a front end other than the command line (the studio to come) uses it:
typed results, errors as typed exceptions with their diagnostics, nothing printed, progress
reported game by game and a study stopped when asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from riskrules.tools.service import lab, language, rulesets, sheets
from riskrules.tools.service.errors import Cancelled, Kind, NotFound, RulesetErrors, UsageError
from riskrules.tools.service.progress import Cancel
from riskrules.tools.service.snapshot import Snapshot

TIES = "examples/house-rules/attacker-wins-ties.rules"
BROKEN = "ruleset broken extends classic {\n  override combat.ties: attacke\n}\n"


def test_errors_are_typed_with_their_diagnostics(tmp_path: Path) -> None:
    with pytest.raises(NotFound) as missing:
        Snapshot.of().checked("clasic")
    assert missing.value.kind is Kind.USAGE
    assert "did you mean 'classic'?" in missing.value.message
    assert missing.value.diagnostics[0].code
    bad = tmp_path / "broken.rules"
    bad.write_text(BROKEN)
    with pytest.raises(RulesetErrors) as broken:
        sheets.summary(Snapshot.of_refs([str(bad)]), str(bad))
    assert broken.value.kind is Kind.FINDINGS
    assert [d.code for d in broken.value.diagnostics] == ["RR0202"]
    assert broken.value.diagnostics[0].span.line == 2
    with pytest.raises(UsageError, match=r"has no rule .combat\.tie."):
        rulesets.explain(Snapshot.of(), "classic", "combat.tie")


def test_nothing_is_printed(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "broken.rules").write_text(BROKEN)
    assert rulesets.explain(Snapshot.of(), "da-2006", "cards.trade_values").chain
    assert sheets.diff(Snapshot.of(), ["classic", "da-2006"]).rows
    assert language.check([str(tmp_path / "broken.rules")]).errors == 1
    with pytest.raises(RulesetErrors):
        broken = str(tmp_path / "broken.rules")
        lab.plan_simulation(Snapshot.of_refs([broken]), lab.Simulate(broken))
    assert capfd.readouterr() == ("", "")


def test_a_sheet_in_the_manuals_language() -> None:
    sheet = sheets.summary(Snapshot.of(), "da-2006", fmt="md")
    assert (
        sheet.lang == "da"
        and isinstance(sheet.data, str)
        and "# RISK: Spillet om verdensherredømmet (2006)" in sheet.data  # its Danish title
        and "Lavet af riskrules ud fra de trykte regler." in sheet.data
    )


def test_the_editor_and_check_see_the_same_diagnostics(tmp_path: Path) -> None:
    # The language server's view of an unsaved buffer is `check`'s view of the saved file,
    # a line's `# riskrules: ignore[...]` included.
    text = (
        "ruleset house extends classic {\n"
        "  override combat.ties: attacke\n"
        '  override reinforcements.minimum: assumed 4 because "we do"  '
        "# riskrules: ignore[RR0501]\n"
        "}\n"
    )
    path = tmp_path / "house.rules"
    path.write_text(text)
    on_disk = language.check([str(path)], project=tmp_path)
    in_editor = language.check_document(Snapshot.of_text(str(path), text), str(path))
    assert [d.code for d in in_editor.diagnostics] == [d.code for d in on_disk.diagnostics]
    assert [d.code for d in in_editor.diagnostics] == ["RR0202"]
    assert in_editor.ignored == on_disk.ignored == 1


def test_format_as_text_or_as_a_file(tmp_path: Path) -> None:
    messy = "ruleset   messy extends classic {\n    override combat.ties:attacker\n}\n"
    found = language.format_text(messy, str(tmp_path / "messy.rules"))
    assert found.changed and found.formatted == (
        "ruleset messy extends classic {\n  override combat.ties: attacker\n}\n"
    )
    again = language.format_text(found.formatted or "", "again.rules")
    assert again.formatted == found.formatted and not again.changed
    broken = language.format_text("ruleset {\n", "broken.rules")
    assert broken.formatted is None and broken.diagnostics[0].code == "RR0001"
    missing = language.format_file(str(tmp_path / "nothing.rules"))
    assert missing.formatted is None and missing.diagnostics


def test_progress_game_by_game() -> None:
    builtins = Snapshot.of()
    plan = lab.plan_simulation(builtins, lab.Simulate("classic", games=3, seed=5, workers=1))
    assert plan.ruleset == "classic" and plan.players == 3 and len(plan.jobs) == 3
    seen: list[tuple[int, int]] = []
    found = lab.simulate(plan, lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert found.games == 3 and found.to_json()["games"] == 3


@pytest.mark.parametrize("workers", [1, 2])
def test_a_simulation_stops_when_cancelled(workers: int) -> None:
    builtins = Snapshot.of()
    plan = lab.plan_simulation(builtins, lab.Simulate("classic", games=40, seed=1, workers=workers))
    cancel = Cancel()
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 2:
            cancel.cancel()

    with pytest.raises(Cancelled) as stopped:
        lab.simulate(plan, progress, cancel)
    assert stopped.value.kind is Kind.CANCELLED
    assert seen == [1, 2]  # no game is reported after the Cancel


def test_workers_started_beside_other_threads_are_not_forked_and_play_the_same() -> None:
    """The studio runs a study beside its server's threads. A worker forked from such a process
    copies the locks those threads hold and can wait on one for ever (CI once waited two
    minutes for a studio verdict): such workers start from a fresh process, same games."""
    import threading

    from riskrules.tools.lab import simulate

    held = threading.Lock()
    held.acquire()
    blocked = threading.Thread(target=held.acquire, daemon=True)  # waits for the whole test
    blocked.start()
    try:
        assert simulate._context().get_start_method() != "fork"

        def played(workers: int) -> dict[str, object]:
            builtins = Snapshot.of()
            request = lab.Simulate("classic", games=6, seed=3, workers=workers)
            plan = lab.plan_simulation(builtins, request)
            found = lab.simulate(plan).to_json()
            return {k: v for k, v in found.items() if k not in ("elapsed_s", "games_per_s")}

        assert played(2) == played(1)
    finally:
        held.release()


def test_a_cancel_set_before_plays_nothing() -> None:
    builtins = Snapshot.of()
    plan = lab.plan_simulation(builtins, lab.Simulate("classic", games=2, workers=1))
    cancel = Cancel()
    cancel.cancel()
    seen: list[int] = []
    with pytest.raises(Cancelled):
        lab.simulate(plan, lambda done, _total: seen.append(done), cancel)
    assert seen == []


def test_a_study_reports_progress_and_cancels() -> None:
    request = lab.Study(games=2, seed=3, workers=1)
    plan = lab.plan_balance(Snapshot.of_refs([TIES]), "classic", [TIES], request)
    # Two rulesets, two games each, under two strengths of players (aggressive, positional).
    assert plan.total == 8 and [a.name for a in plan.arms] == ["classic", "attacker-wins-ties"]
    seen: list[tuple[int, int]] = []
    watched = lab.run_study(plan, lambda done, total: seen.append((done, total)))
    assert seen == [(k, 8) for k in range(1, 9)]
    plain = lab.run_study(plan)  # the same seeds: the same figures, watched or not
    assert watched.figures.rulesets == plain.figures.rulesets
    cancel = Cancel()
    with pytest.raises(Cancelled):
        lab.run_study(plan, lambda done, _total: cancel.cancel(), cancel)


def test_a_study_request_that_cannot_be_served() -> None:
    with pytest.raises(UsageError, match="no number of players in common"):
        lab.plan_balance(Snapshot.of(), "classic", ["da-2006-2p-active"], lab.Study(games=2))
    with pytest.raises(UsageError, match="not a rule id"):
        lab.plan_sweep(Snapshot.of(), "classic", ["Combat=attacker"], lab.Study(games=2))


UNSAVED = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'


def test_the_services_take_unsaved_text(tmp_path: Path) -> None:
    """The studio's way in: a file that is only text (never written), named by its path."""
    from riskrules.tools.service import odds

    path = str(tmp_path / "family.rules")  # not on disk
    unsaved = Snapshot.of_text(path, UNSAVED)
    sheet = sheets.summary(unsaved, path, "da")
    assert isinstance(sheet.data, str) and "uafgjort vinder angriberen" in sheet.data
    found = sheets.diff(unsaved, ["da-2006", path])
    assert [d.rule for d in found.rows] == ["combat.ties"]
    mine, base = odds.table(unsaved, path, 3), odds.table(unsaved, "da-2006", 3)
    assert mine.grid[0][0] > base.grid[0][0]  # ties to the attacker: 1 against 1 is better
    plan = lab.plan_balance(unsaved, "da-2006", [path], lab.Study(games=2, workers=1))
    assert [a.name for a in plan.arms] == ["da-2006", "family"]
    with pytest.raises(NotFound, match="no such file"):
        sheets.summary(Snapshot.of_refs([path]), path)  # without its text, it names nothing
    assert not (tmp_path / "family.rules").exists()


def test_a_rule_broken_in_a_worker_reaches_the_command_whole() -> None:
    """A worker's error is pickled back to the command: a broken rule must arrive with its rule
    and citation (one that could not be unpickled broke the pool and read as a lost worker)."""
    import pickle

    from riskrules.engine.actions import RuleViolation
    from riskrules.grammar.messages import msg
    from riskrules.grammar.model import Citation

    said = msg("cards {cards} do not make a set", cards="[1, 2]")
    sent = RuleViolation("cards.sets", said, Citation("da000", "et sæt", page=6))
    got = pickle.loads(pickle.dumps(sent))
    assert (got.rule, got.message, got.citation, str(got)) == (
        sent.rule,
        sent.message,
        sent.citation,
        str(sent),
    )
    # Its words, in any language:
    assert got.said.render("da") == "kortene [1, 2] danner ikke et sæt"


def test_a_game_stopped_at_the_turn_limit_counts_the_turns_it_played() -> None:
    """`simulate --max-turns 4` said "5 at most": a game stopped at the limit had begun turn 5
    and played none of it. Three players: turns 1-3 are the first round, turn 4 begins the
    second."""
    from riskrules.tools.lab import simulate

    job = simulate.Job("classic", 3, 1, 0, "random", 4, None)
    result = simulate.play(job)
    assert not result.completed
    assert (result.turns, result.rounds) == (4, 2)
    builtins = Snapshot.of()
    request = lab.Simulate("classic", games=3, agent="random", max_turns=4)
    plan = lab.plan_simulation(builtins, request)
    assert lab.simulate(plan).to_json()["turns"] == {"mean": 4.0, "max": 4}
