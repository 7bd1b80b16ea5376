"""The command line: exit codes, JSON shapes, and no traceback ever."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT, run_cli


def test_check_builtins_is_clean() -> None:
    result = run_cli("check", "--format", "json")
    assert result.code == 0, result.out
    data = result.json()
    assert data["errors"] == 0
    assert set(data) == {"language", "diagnostics", "errors", "warnings", "notes", "ignored"}
    for diag in data["diagnostics"]:
        assert set(diag) == {
            "file",
            "line",
            "column",
            "end_line",
            "end_column",
            "severity",
            "code",
            "message",
            "hint",
            "arguments",
            "hint_arguments",
            "docs",
        }
        assert diag["severity"] == "warning" and diag["code"] == "RR0501"


def test_strict_fails_on_assumed_values() -> None:
    assert run_cli("check", "--strict").code == 1


def test_check_a_builtin_by_name_and_a_report(tmp_path: Path) -> None:
    result = run_cli("check", "classic", "--report", str(tmp_path / "out"))
    assert result.code == 0
    index = (tmp_path / "out" / "index.md").read_text(encoding="utf-8")
    assert "[classic](classic.md)" in index
    page = (tmp_path / "out" / "classic.md").read_text(encoding="utf-8")
    assert "`combat.ties`" in page and "defender" in page


def test_list_json_shape() -> None:
    rows = run_cli("list", "--format", "json").json()
    assert isinstance(rows, list)
    classic = next(r for r in rows if r["name"] == "classic")
    assert set(classic) == {"name", "title", "file", "extends", "sources"}
    assert classic["file"] == "classic.rules (built-in)"  # never the folder it is installed in
    assert classic["extends"] is None
    assert {"nl004", "da001"} <= set(classic["sources"])


def test_show_and_explain(tmp_path: Path) -> None:
    house = tmp_path / "house.rules"
    house.write_text(
        "ruleset house extends classic {\n"
        "  override combat.ties: attacker\n"
        '    cite nl004 "hoger of gelijk"\n'
        "}\n"
    )
    shown = run_cli("show", str(house), "--format", "json").json()
    rules = {r["id"]: r for r in shown["rules"]}
    assert shown["chain"] == ["house", "classic"]
    assert rules["combat.ties"]["value"] == "attacker"
    assert rules["combat.ties"]["defined_in"] == "house"
    assert rules["reinforcements.minimum"]["value"] == 3
    explained = run_cli("explain", str(house), "combat.ties", "--format", "json").json()
    assert explained["value"] == "attacker"
    assert [c["ruleset"] for c in explained["chain"]] == ["house", "classic"]
    assert explained["chain"][0]["line"] == 2
    assert explained["chain"][1]["citations"][0]["document"] == "nl004"
    text = run_cli("explain", str(house), "combat.ties", "--lang", "en")
    assert text.code == 0 and "overridden in house" in text.out and "classic.rules" in text.out
    # Without --lang, in the language of the manual the house rule cites (nl004: Dutch).
    dutch = run_cli("explain", str(house), "combat.ties")
    assert dutch.code == 0 and "veranderd in house" in dutch.out
    shown_text = run_cli("show", "classic")
    assert shown_text.code == 0 and "combat.ties: defender" in shown_text.out


def test_usage_errors_exit_2() -> None:
    unknown = run_cli("show", "clasic")
    assert unknown.code == 2 and "did you mean 'classic'?" in unknown.err
    assert run_cli("explain", "classic", "combat.tie").code == 2
    assert run_cli("check", "no/such/file.rules").code == 2
    assert run_cli("frobnicate").code == 2
    assert run_cli("check", "--format", "xml").code == 2


def test_findings_exit_1_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("ruleset house extends classic {\n  override combat.ties: attacke\n}\n")
    result = run_cli("check", str(bad))
    assert result.code == 1
    assert "Traceback" not in result.out + result.err
    assert "did you mean 'attacker'?" in result.out


@pytest.mark.process
def test_internal_error_exits_3(tmp_path: Path) -> None:
    script = ROOT / "tests" / "probes" / "internal_error.py"
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert proc.returncode == 3
    assert "internal error: RuntimeError: boom" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_internal_error_exits_3_in_process_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' in-process runner goes through the same entry point: a crash is exit 3."""
    from riskrules.grammar import library

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(library.Workspace, "open", staticmethod(boom))
    monkeypatch.delenv("RISKRULES_DEBUG", raising=False)
    result = run_cli("check")
    assert result.code == 3
    assert "internal error: RuntimeError: boom" in result.err
    assert "Traceback" not in result.err


def test_builtins_are_package_data() -> None:
    from riskrules.grammar.library import builtin_paths

    names = {Path(p).name for p in builtin_paths()}
    assert {"world.rules", "classic.rules", "sources.rules"} <= names
    assert all(Path(p).is_absolute() for p in builtin_paths())
    assert (ROOT / "specs" / "__init__.py").exists()


def test_check_a_folder(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text("ruleset a extends classic {\n}\n")
    nested = tmp_path / "more"
    nested.mkdir()
    (nested / "b.rules").write_text("ruleset b extends clasic {\n}\n")
    result = run_cli("check", str(tmp_path), "--format", "json")
    assert result.code == 1
    assert [d["code"] for d in result.json()["diagnostics"]] == ["RR0102"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_cli("check", str(empty)).code == 2


def test_odds_are_bounded() -> None:
    assert run_cli("odds", "classic", "-a", "61", "-d", "2", "--exact").code == 2
    assert run_cli("odds", "classic", "-a", "5000", "-d", "2").code == 2


def test_show_prints_a_ruleset_that_checks(tmp_path: Path) -> None:
    """`show` flattens inheritance into the language itself: the result checks clean and has
    the same effective values as the original."""
    from riskrules.grammar.library import Workspace

    for name in ("classic", "da-2006-mission", "da-2006-teams"):
        text = run_cli("show", name).out.replace(f"ruleset {name} ", f"ruleset flat-{name} ", 1)
        path = tmp_path / f"flat-{name}.rules"
        path.write_text(text, encoding="utf-8")
        result = run_cli("check", str(path), "--format", "json")
        assert result.json()["errors"] == 0, result.out
        ws = Workspace.open([str(path)])
        flat, original = ws.resolved[f"flat-{name}"], ws.resolved[name]
        assert {c.id: c.value for c in flat.clauses} == {c.id: c.value for c in original.clauses}


def test_odds_refuses_dice_the_ruleset_does_not_allow() -> None:
    result = run_cli("odds", "classic", "--roll", "4v2")
    assert result.code == 2 and "combat.attacker.dice" in result.err and "1 to 3" in result.err
    result = run_cli("odds", "classic", "--roll", "3v3")
    assert result.code == 2 and "combat.defender.dice" in result.err
    assert run_cli("odds", "classic", "-a", "0", "-d", "3").code == 2


def test_new_writes_to_standard_output() -> None:
    result = run_cli("new", "mine", "-o", "-")
    assert result.code == 0 and "ruleset mine" in result.out and not Path("-").exists()


def test_cite_tags_in_a_users_feature_are_not_unknown_marks(tmp_path: Path) -> None:
    feature = tmp_path / "tagged.feature"
    feature.write_text(
        'Feature: mine\n  Background:\n    Given the ruleset "classic"\n\n'
        "  @cite:000:p4\n  Scenario: thirteen\n    When a player holds 13 territories\n"
        "    Then the player receives 4 reinforcements\n"
    )
    result = run_cli("test", "classic", str(feature))
    assert result.code == 0, result.out + result.err
    assert "Warning" not in result.out + result.err


def test_checking_the_built_ins_fits_one_screen() -> None:
    result = run_cli("check")
    assert result.code == 0
    assert len(result.out.splitlines()) <= 30, result.out
    assert "--verbose lists each" in result.out
    verbose = run_cli("check", "--verbose")
    assert verbose.out.count("warning[RR0501]") >= 10
    quiet = run_cli("check", "--quiet")
    assert "warning[" not in quiet.out and "checked" in quiet.out


def test_an_assumed_group_is_one_warning() -> None:
    # The illustrative mission deck: 48 rules under one `assumed … because`, one gap.
    data = run_cli("check", "--format", "json").json()
    deck = [d for d in data["diagnostics"] if "missions.deck" in d["message"]]  # type: ignore[index]
    assert len(deck) == 1 and "48 rules" in deck[0]["message"]


# ---------------------------------------------------------------- issue 16: check, fmt, colour


def test_a_copy_of_a_builtin_is_checked_as_itself(tmp_path: Path) -> None:
    """Copying specs/classic.rules to edit it: the copy shadows the built-in (a note), and a
    mistake in the copy is reported, not hidden behind 'declared twice'."""
    copy = tmp_path / "my-classic.rules"
    text = (ROOT / "specs" / "classic.rules").read_text(encoding="utf-8")
    copy.write_text(text.replace("{asia: 7", "{asai: 7", 1), encoding="utf-8")
    result = run_cli("check", str(copy))
    assert result.code == 1
    assert "declared twice" not in result.out
    assert "note[RR0108]: ruleset 'classic' shadows the built-in" in result.out
    assert "unknown continent 'asai'" in result.out and "did you mean 'asia'" in result.out


def test_warnings_are_ignored_per_project_and_per_line_but_errors_never(tmp_path: Path) -> None:
    house = tmp_path / "house.rules"
    house.write_text(
        'ruleset house "House" extends classic {\n'
        '  override cards.territory_bonus: assumed 3 because "we play it so"\n'
        "}\n",
        encoding="utf-8",
    )
    plain = run_cli("check", "--format", "json", str(house), cwd=tmp_path)
    assert [d["code"] for d in plain.json()["diagnostics"]] == ["RR0501"]  # type: ignore[index]
    (tmp_path / "pyproject.toml").write_text('[tool.riskrules]\nignore = ["RR0501"]\n')
    project = run_cli("check", str(house), cwd=tmp_path)
    assert project.code == 0 and "RR0501" not in project.out and "(1 ignored)" in project.out
    (tmp_path / "pyproject.toml").unlink()
    text = house.read_text(encoding="utf-8").replace('so"\n', 'so"  # riskrules: ignore[RR0501]\n')
    house.write_text(text, encoding="utf-8")
    line = run_cli("check", "--strict", str(house), cwd=tmp_path)
    assert line.code == 0 and "(1 ignored)" in line.out
    broken = tmp_path / "broken.rules"
    broken.write_text(
        'ruleset broken "B" extends classic {\n'
        "  override combat.ties: attackr  # riskrules: ignore[RR0202]\n}\n",
        encoding="utf-8",
    )
    assert run_cli("check", str(broken), cwd=tmp_path).code == 1


def test_a_broken_project_setting_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.riskrules]\nignores = ["RR0501"]\n')
    result = run_cli("check", cwd=tmp_path)
    assert result.code == 2
    assert "has no setting 'ignores'" in result.err and "did you mean 'ignore'" in result.err


def test_check_and_fmt_read_standard_input() -> None:
    text = 'ruleset h "H" extends classic {\n  override combat.ties: attackr\n}\n'
    checked = run_cli("check", "-", stdin=text)
    assert checked.code == 1
    assert "<stdin>.rules:2:25" in checked.out and "attackr" in checked.out
    messy = 'ruleset h "H"   extends classic {   # my house   \n override combat.ties:attacker\n}\n'
    formatted = run_cli("fmt", "-", stdin=messy)
    assert formatted.code == 0, formatted.err
    assert formatted.out == (
        'ruleset h "H" extends classic {  # my house\n  override combat.ties: attacker\n}\n'
    )
    assert "1 file reformatted" in formatted.err


def test_fmt_counts_files_in_words(tmp_path: Path) -> None:
    tidy = tmp_path / "tidy.rules"
    tidy.write_text('ruleset t "T" extends classic {\n  override combat.ties: attacker\n}\n')
    messy = tmp_path / "messy.rules"
    messy.write_text('ruleset m "M" extends classic {\n override combat.ties:attacker\n}\n')
    result = run_cli("fmt", str(tidy), str(messy))
    assert result.code == 0
    assert "1 file reformatted, 1 file unchanged" in result.err


@pytest.mark.parametrize(
    ("args", "env", "colored"),
    [
        (["--color", "always"], {}, True),
        (["--color", "never"], {"FORCE_COLOR": "1"}, False),
        ([], {"FORCE_COLOR": "1"}, True),
        ([], {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
        ([], {}, False),  # not a terminal
    ],
)
def test_colour_follows_the_option_and_the_environment(
    tmp_path: Path, args: list[str], env: dict[str, str], colored: bool
) -> None:
    house = tmp_path / "house.rules"
    house.write_text('ruleset h "H" extends classic {\n  override combat.ties: attackr\n}\n')
    result = run_cli("check", *args, str(house), unset=("NO_COLOR", "FORCE_COLOR"), env=env)
    assert result.code == 1
    assert ("\x1b[" in result.out) == colored


def test_help_lists_every_command_whole_with_exit_codes_and_examples() -> None:
    result = run_cli("--help")
    assert result.code == 0
    assert "..." not in result.out.split("Commands:")[1]  # no summary cut short
    assert "Exit codes:" in result.out and "PATH:NAME" in result.out
    commands = [
        line.split()[0]
        for line in result.out.split("Commands:")[1].split("\n\n")[0].splitlines()
        if line.startswith("  ") and not line.startswith("   ")
    ]
    assert {"check", "balance", "simulate", "odds"} <= set(commands)
    for name in commands:
        assert "Examples:" in run_cli(name, "--help").out, name


def test_the_shell_completes_ruleset_names_and_rule_ids() -> None:
    env = {"_RISKRULES_COMPLETE": "bash_complete"}
    words = {"COMP_WORDS": "riskrules show da-web", "COMP_CWORD": "2"}
    result = run_cli(env={**env, **words})
    assert "plain,da-web-2p" in result.out.splitlines()
    words = {"COMP_WORDS": "riskrules explain classic combat.ti", "COMP_CWORD": "3"}
    result = run_cli(env={**env, **words})
    assert result.out.splitlines() == ["plain,combat.ties"]


TIES_FEATURE = """Feature: Ties
  Background:
    Given the ruleset "classic"

  Scenario: The attacker wins ties
    When the attacker rolls 6 and the defender rolls 6
    Then the attacker loses 0 and the defender loses 1
"""


def test_a_failing_scenario_is_told_in_a_few_lines(tmp_path: Path) -> None:
    """File and line, the scenario, the step, expected against got: no pytest internals."""
    feature = tmp_path / "ties.feature"
    feature.write_text(TIES_FEATURE, encoding="utf-8")
    result = run_cli("test", "classic", str(feature), cwd=tmp_path)
    assert result.code == 1
    assert result.out.splitlines() == [
        "FAILED  ties.feature:5  Scenario: The attacker wins ties",
        "  step, line 7: Then the attacker loses 0 and the defender loses 1",
        "  expected (0, 1), got (1, 0)",
        "1 failed",
    ]


def test_cite_tags_in_a_users_feature_raise_no_warning(tmp_path: Path) -> None:
    """`@cite:` tags (one per scenario, as the project's own features have) are not unknown
    pytest marks to the user: nothing but the results is printed."""
    feature = tmp_path / "ties.feature"
    feature.write_text(
        TIES_FEATURE.replace("  Scenario:", "  @cite:nl004:Uitkomst\n  Scenario:"),
        encoding="utf-8",
    )
    result = run_cli("test", "classic", str(feature), "--verbose", cwd=tmp_path)
    assert "Warning" not in result.out + result.err
    assert "PytestUnknownMarkWarning" not in result.out + result.err
    assert result.out.splitlines()[-1] == "1 failed"


def test_test_writes_json_and_junit_xml(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    feature = tmp_path / "ties.feature"
    feature.write_text(TIES_FEATURE, encoding="utf-8")
    house = ROOT / "tests" / "houserules" / "ties-to-attacker.rules"
    report = tmp_path / "junit.xml"
    result = run_cli(
        "test", str(house), str(feature), "--format", "json", "--junitxml", str(report)
    )
    assert result.code == 0, result.out + result.err
    found = result.json()
    assert found["passed"] == 1 and found["failed"] == 0  # type: ignore[index]
    assert found["scenarios"][0]["line"] == 5  # type: ignore[index]
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "1" and suite.get("failures") == "0"


def test_trace_runs_your_scenarios_against_the_house_rules_given(tmp_path: Path) -> None:
    feature = tmp_path / "ties.feature"
    feature.write_text(TIES_FEATURE, encoding="utf-8")
    house = ROOT / "tests" / "houserules" / "ties-to-attacker.rules"
    result = run_cli("trace", str(house), "--features", str(feature), "--format", "json")
    found = result.json()
    assert found["scenarios"] == 1 and found["scenarios_failed"] == 0  # type: ignore[index]
    report = found["rulesets"][0]  # type: ignore[index]
    assert "combat.ties" not in report["unexercised"]


def test_the_colour_option_before_the_command_serves_every_command(tmp_path: Path) -> None:
    house = tmp_path / "house.rules"
    house.write_text('ruleset h "H" extends classic {\n  override combat.ties: attackr\n}\n')
    refused = run_cli("--color", "always", "simulate", str(house), unset=("NO_COLOR",))
    assert refused.code == 1 and "\x1b[" in refused.err
    plain = run_cli("--color", "never", "simulate", str(house), unset=("FORCE_COLOR",))
    assert plain.code == 1 and "\x1b[" not in plain.err
