"""The four manuals' rulesets: clean, cited, traced, exercised, and their numbers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import riskrules
from helpers import ROOT, run_cli

MANUALS = ["nl-classic", "da-classic", "da-web", "da-2006"]
FEATURES = sorted((ROOT / "features").glob("*.feature"))
PATH = {"indonesia", "siam", "india", "afghanistan", "ukraine"}


def test_rulesets_check_clean_with_only_assumed_warnings() -> None:
    result = run_cli("check", *MANUALS, "--format", "json")
    assert result.code == 0, result.out
    data = result.json()
    assert data["errors"] == 0
    assert {d["code"] for d in data["diagnostics"]} == {"RR0501"}


@pytest.mark.parametrize("name", MANUALS)
def test_numbers_from_the_manuals(name: str) -> None:
    rules = riskrules.load(name)
    # Every manual: territories // 3, at least 3; the continent chart (004, or assumed from it).
    assert rules.reinforcements(14, []) == 4
    assert rules.reinforcements(12, ["asia"]) == 11
    assert rules.reinforcements(4, ["australia"]) == 5
    assert rules.battle((3, 2), (6, 2)) == (2, 0)
    assert rules.trade_value(1) == 4 and rules.trade_value(2) == 6


def test_trade_values_by_manual() -> None:
    for name in ("nl-classic", "da-classic", "da-web"):
        rules = riskrules.load(name)
        assert [rules.trade_value(n) for n in (3, 7, 8)] == [8, 20, 25]
    web = riskrules.load("da-web")
    assert [web.trade_value(n) for n in range(1, 7)] == [4, 6, 8, 10, 12, 15]


def test_fortify_reach_by_manual() -> None:
    for name in ("nl-classic", "da-classic", "da-web"):
        assert not riskrules.load(name).can_fortify("indonesia", "ukraine", PATH)
    assert riskrules.load("da-2006").can_fortify("indonesia", "ukraine", PATH)
    assert not riskrules.load("da-2006").can_fortify("indonesia", "ukraine", PATH - {"india"})


def test_feature_files_are_tagged_and_in_their_language() -> None:
    scenarios = manual_scenarios = 0
    for path in FEATURES:
        text = path.read_text(encoding="utf-8")
        lines = [ln.strip() for ln in text.splitlines()]
        language = "nl" if path.stem.startswith("nl-") else "da"  # as the manual is written
        assert lines[0] == f"# language: {language}", path.name
        assert re.search(r'(Givet reglerne|Gegeven de spelregels) "' + path.stem + '"', text)
        for i, line in enumerate(lines):
            if line.startswith(("Scenarie:", "Scenario:")):
                scenarios += 1
                tag = lines[i - 1]
                assert re.fullmatch(r"@cite:(000|001|002|004):\S+", tag), (path.name, line)
                if path.stem in MANUALS:
                    manual_scenarios += 1
    assert manual_scenarios >= 35 and scenarios > manual_scenarios


def test_diff_is_the_concordance() -> None:
    data = run_cli("diff", *MANUALS, "--format", "json").json()
    rows = {d["rule"]: d for d in data["differences"]}
    assert rows["fortify.reach"]["values"]["da-2006"] == "connected through own territories"
    assert rows["fortify.reach"]["values"]["nl-classic"] == "adjacent"
    assert rows["combat.loss_cap"]["values"] == {
        "nl-classic": None,
        "da-classic": None,
        "da-web": "2",
        "da-2006": None,
    }
    assert rows["cards.territory_bonus_cap"]["values"]["nl-classic"] == "2"
    assert "setup.start_armies" in rows and "cards.trade_values" in rows
    # Same meaning, different provenance is no difference: every manual's ties go to the defender.
    assert "combat.ties" not in rows
    assert rows["fortify.reach"]["citations"]["da-2006"][0].startswith("da000 p.7")
    text = run_cli("diff", "classic", "da-2006")
    assert text.code == 0 and "fortify.reach" in text.out
    md = run_cli("diff", "classic", "nl-classic", "--format", "md")
    assert md.out.startswith("| rule | classic | nl-classic |")
    assert run_cli("diff", "classic").code == 2


def test_trace_without_sources() -> None:
    data = run_cli("trace", "da-2006", "--format", "json", unset=("RISKRULES_SOURCES",)).json()
    (report,) = data["rulesets"]
    assert report["name"] == "da-2006" and report["anchors_checked"] == 0
    assert data["scenarios_failed"] == 0 and data["scenarios"] >= 35


def test_trace_finds_every_anchor_and_exercises_the_clauses(seeds: Path) -> None:
    result = run_cli("trace", *MANUALS, "--sources", str(seeds), "--format", "json")
    assert result.code == 0, result.out[-2000:]
    for report in result.json()["rulesets"]:
        assert report["cited"] == report["clauses"], report["name"]
        assert report["missing_anchors"] == [], report["missing_anchors"]
        assert report["anchors_checked"] == report["anchors_found"] > 0
        assert report["exercised"] >= 0.9 * report["clauses"], report["unexercised"]


def test_trace_reports_a_missing_anchor(seeds: Path, tmp_path: Path) -> None:
    house = tmp_path / "house.rules"
    house.write_text(
        "ruleset house extends classic {\n"
        "  override combat.ties: attacker\n"
        '    cite nl004 section "Uitkomst van een gevecht" "de aanvaller wint bij gelijkspel"\n'
        "}\n"
    )
    result = run_cli("trace", str(house), "--sources", str(seeds), "--format", "json")
    assert result.code == 1
    (report,) = result.json()["rulesets"]
    assert [m["rule"] for m in report["missing_anchors"]] == ["combat.ties"]


def test_users_own_scenarios(tmp_path: Path) -> None:
    house = tmp_path / "family.rules"
    house.write_text(
        'ruleset family "Vores regler" extends da-2006 {\n'
        "  override cards.trade_values: fixed 10\n"
        "  override combat.ties: attacker\n"
        "}\n"
    )
    feature = tmp_path / "family.feature"
    feature.write_text(
        "# language: da\n"
        "Egenskab: Vores husregler\n"
        "  Baggrund:\n"
        '    Givet reglerne "da-2006"\n'
        "  Scenarie: Hvert sæt er 10 værd\n"
        "    Så er kortsættene værd 10, 10, 10\n"
        "  Scenarie: Uafgjort vinder angriberen\n"
        "    Når angriberen slår 4 og forsvareren slår 4\n"
        "    Så mister angriberen 0 og forsvareren 1\n",
        encoding="utf-8",
    )
    ok = run_cli("test", str(house), str(feature))
    assert ok.code == 0, ok.out + ok.err
    assert "2 bestået" in ok.out  # in the language of da-2006's manual
    # The same scenarios fail against the box's rules, and say so like pytest.
    box = run_cli("test", "da-2006", str(feature))
    assert box.code == 1 and "2 fejlet" in box.out
    assert "forventede" in box.out  # what was expected against what happened, in Danish
    english = run_cli("test", "da-2006", str(feature), "--lang", "en")
    assert english.code == 1 and "2 failed" in english.out and "expected" in english.out


def test_steps_doc_is_current() -> None:
    from riskrules.tools.compliance.stepsdoc import steps_markdown

    assert (ROOT / "docs" / "steps.md").read_text(encoding="utf-8") == steps_markdown()
