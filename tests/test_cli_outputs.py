"""The command line's half of issue 29, as a new player meets it: files whose format follows
their name, no Python reprs, `new --from list`, a sweep over a table's entry, a referee that
notices another ruleset's record, and a step typed wrong answered with the steps that exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers import ROOT, run_cli

HOUSE = ROOT / "examples" / "house-rules"


# ---------------------------------------------------------------- summary -o FILE


@pytest.mark.parametrize(
    ("name", "starts"),
    [
        ("sheet.md", b"# Classic Risk"),
        ("sheet.html", b"<!DOCTYPE html>"),
        ("sheet.HTM", b"<!DOCTYPE"),
    ],
)
def test_summary_writes_the_format_its_file_is_named_for(
    tmp_path: Path, name: str, starts: bytes
) -> None:
    result = run_cli("summary", "classic", "-o", str(tmp_path / name))
    assert result.code == 0, result.err
    assert (tmp_path / name).read_bytes().startswith(starts)
    assert result.out == ""  # the sheet is in the file, not on the terminal


def test_summary_writes_a_pdf_into_a_file_named_pdf(tmp_path: Path) -> None:
    pytest.importorskip("weasyprint")
    result = run_cli("summary", "da-2006", "--lang", "da", "-o", str(tmp_path / "regler.pdf"))
    assert result.code == 0, result.err
    assert (tmp_path / "regler.pdf").read_bytes().startswith(b"%PDF-")


def test_format_given_wins_over_a_name_that_names_no_format(tmp_path: Path) -> None:
    result = run_cli("summary", "classic", "--format", "md", "-o", str(tmp_path / "sheet"))
    assert result.code == 0, result.err
    assert (tmp_path / "sheet").read_text(encoding="utf-8").startswith("# Classic Risk")


def test_a_format_that_clashes_with_the_file_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("summary", "classic", "--format", "html", "-o", str(tmp_path / "x.pdf"))
    assert result.code == 2
    assert "--format html" in result.err and "x.pdf" in result.err and "x.html" in result.err
    assert not (tmp_path / "x.pdf").exists()


def test_a_file_name_that_says_no_format_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("summary", "classic", "-o", str(tmp_path / "sheet.txt"))
    assert result.code == 2
    assert ".html, .md, .pdf" in result.err and "--format" in result.err


def test_summary_without_o_writes_a_file_named_for_ruleset_and_language(tmp_path: Path) -> None:
    result = run_cli("summary", "da-2006", "--lang", "da", cwd=tmp_path)
    assert result.code == 0, result.err
    assert "<html" not in result.out + result.err  # never the page on the terminal
    written = tmp_path / "da-2006.da.html"
    assert written.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "da-2006.da.html" in result.err and "den aktuelle mappe" in result.err  # in Danish
    md = run_cli("summary", "classic", "--format", "md", cwd=tmp_path)
    assert md.code == 0 and (tmp_path / "classic.en.md").exists()


def test_summary_to_standard_output_on_request() -> None:
    result = run_cli("summary", "classic", "--format", "md", "-o", "-")
    assert result.code == 0, result.err
    assert result.out.startswith("# Classic Risk")


# ---------------------------------------------------------------- diff -o FILE, its †


def test_diff_writes_the_format_its_file_is_named_for(tmp_path: Path) -> None:
    for name, check in (
        ("d.html", lambda t: t.startswith("<!DOCTYPE html>")),
        ("d.md", lambda t: t.startswith("| rule |")),
        ("d.json", lambda t: json.loads(t)["rulesets"] == ["classic", "da-2006"]),
        ("d.txt", lambda t: "rules differ" in t),
    ):
        result = run_cli("diff", "classic", "da-2006", "-o", str(tmp_path / name))
        assert result.code == 0, result.err
        assert result.out == ""
        assert check((tmp_path / name).read_text(encoding="utf-8")), name
    clash = run_cli("diff", "classic", "da-2006", "--format", "md", "-o", str(tmp_path / "d.html"))
    assert clash.code == 2 and "disagree" in clash.err


def test_diff_page_explains_a_dagger_only_when_one_is_shown() -> None:
    none = run_cli("diff", "classic", str(HOUSE / "fixed-ten.rules"), "--format", "html")
    assert none.code == 0, none.err
    assert "†" not in none.out  # nothing differs in an assumed value
    some = run_cli("diff", "classic", "da-2006", "--format", "html")
    assert some.code == 0, some.err
    body = some.out.split("<footer>")[0]
    assert '<span class="dagger">†</span>' in body  # the mark on the assumed value …
    assert "<footer><p>† " in some.out  # … and the note that explains it


# ---------------------------------------------------------------- no Python reprs


def test_simulate_shows_the_winners_as_a_table() -> None:
    result = run_cli("simulate", "classic", "--games", "2", "--seed", "7", "--workers", "1")
    assert result.code == 0, result.err
    assert "{" not in result.out and "'" not in result.out
    rows = re.findall(r"^\s+(p\d)\s+(\d+)\s+(\d+)%$", result.out, re.M)
    assert [seat for seat, _, _ in rows] == ["p1", "p2", "p3"]  # every seat, in seat order
    assert sum(int(wins) for _, wins, _ in rows) == 2
    assert re.search(r"^\s+seat\s+wins\s+share$", result.out, re.M)


def test_no_command_prints_a_python_repr_in_its_text() -> None:
    """The golden record holds every command's text output: none holds a dict, a list or a
    quoted string as Python prints them."""
    from test_commands_golden import recorded, split

    repr_like = re.compile(r"\{'[^']*': |\['[^']*', '|\(\'[^']*',")
    for name, text in recorded().items():
        for title, body in split(text).items():
            if "--format json" in title or "--help" in title:
                continue
            assert not repr_like.search(body), f"{name}: {title}"


# ---------------------------------------------------------------- new --from list


def test_new_from_list_lists_the_examples_without_a_name() -> None:
    result = run_cli("new", "--from", "list")
    assert result.code == 0, result.err
    assert re.search(r"^\s+capital-risk\s+Capital Risk$", result.out, re.M)
    assert "fixed-ten" in result.out
    missing = run_cli("new")
    assert missing.code == 2 and "NAME" in missing.err and "riskrules new house" in missing.err


# ---------------------------------------------------------------- sweep over a table's entry


def test_sweep_varies_one_entry_of_a_table() -> None:
    result = run_cli(
        "sweep",
        "classic",
        "--vary",
        "setup.start_armies[4]=25,30",
        "--players",
        "4",
        "-g",
        "2",
        "-w",
        "1",
        "--agent",  # (one strength of players: the rulesets are named the same under each)
        "aggressive",
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    names = [r["name"] for r in result.json()["rulesets"]]  # type: ignore[index]
    assert names == ["classic", "setup.start_armies[4]=25", "setup.start_armies[4]=30"]


def test_a_sweep_point_keeps_the_rest_of_the_table() -> None:
    from riskrules.tools.lab.sweep import parse_vary, points
    from riskrules.tools.service.snapshot import Snapshot

    eff = Snapshot.of().checked("classic")
    grid = points(eff, [parse_vary("continents.bonus[asia]=9")])
    assert "override continents.bonus: {asia: 9, north_america: 5, europe: 5," in grid[0].text


@pytest.mark.parametrize(
    ("vary", "words"),
    [
        ("setup.start_armies[7]=30", "has no entry 7 (its entries: 3, 4, 5, 6)"),
        ("combat.ties[3]=attacker", "'combat.ties' is not a table"),
        ("setup.start_armie[3]=30", "did you mean 'setup.start_armies'"),
        ("setup.start_armies[3=30", "RULE[ENTRY]"),
        ("continents.bonus[asia]=lots", "must be a whole number"),
        ("setup.start_armies=30", "setup.start_armies[3]=VALUE,VALUE"),
    ],
)
def test_a_table_vary_that_cannot_be_used_says_why(vary: str, words: str) -> None:
    result = run_cli("sweep", "classic", "--vary", vary, "-g", "2")
    assert result.code == 2, result.out
    assert words in result.err
    assert "Traceback" not in result.err


# ---------------------------------------------------------------- referee: another ruleset


def test_referee_refuses_a_record_of_another_ruleset(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    played = run_cli("simulate", "classic", "-g", "1", "-w", "1", "--record", str(folder))
    assert played.code == 0, played.err
    record = next(folder.glob("*.jsonl"))
    assert run_cli("referee", "classic", str(record)).code == 0
    result = run_cli("referee", "da-2006", str(record))
    assert result.code == 1
    # In da-2006's own manual's language (Danish), as every command says it by default.
    assert ":1: optegnelsen nævner regelsættet 'classic', ikke 'da-2006'" in result.out
    verdict = run_cli("referee", "da-2006", str(record), "--format", "json").json()
    assert verdict["ok"] is False and verdict["line"] == 1  # type: ignore[index]


# ---------------------------------------------------------------- test: an unknown step

TYPO = """\
Feature: a typo
  Background:
    Given the ruleset "classic"

  Scenario: thirteen territories give four
    When a player hold 13 territories
    Then the player receives 4 reinforcements
"""


def test_an_unknown_step_offers_the_closest_and_names_the_installed_steps(
    tmp_path: Path,
) -> None:
    feature = tmp_path / "typo.feature"
    feature.write_text(TYPO, encoding="utf-8")
    result = run_cli("test", "classic", str(feature))
    assert result.code == 1
    assert "did you mean 'When a player holds {n} territories'" in result.out
    found = re.search(r"is in (\S+steps\.md)", result.out)
    assert found is not None, result.out
    assert "| meaning |" in Path(found.group(1)).read_text(encoding="utf-8")


def test_the_pages_messages_point_to_are_package_data() -> None:
    """A plain install carries them: pyproject's package data names every page."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = data["tool"]["setuptools"]["package-data"]["riskrules.docs"]
    assert {"steps.md", "diagnostics.md", "rule-catalogue.md"} <= set(shipped)


def test_check_and_explain_name_the_installed_pages_that_explain_them() -> None:
    broken = "ruleset x extends classic {\n  override combat.ties: attacke\n}\n"
    result = run_cli("check", "-", stdin=broken)
    assert result.code == 1
    found = re.search(r"RR0202 and every other code are explained in (\S+)$", result.out, re.M)
    assert found is not None, result.out
    assert "| RR0202 |" in Path(found.group(1)).read_text(encoding="utf-8")
    unset = run_cli("explain", "classic", "territory.max_armies")
    assert unset.code == 2
    page = re.search(r"every rule is in (\S+rule-catalogue\.md)", unset.err)
    assert page is not None, unset.err
    assert "`territory.max_armies`" in Path(page.group(1)).read_text(encoding="utf-8")


def test_fmt_of_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("fmt", str(tmp_path / "nothing.rules"))
    assert result.code == 2 and "does not exist" in result.err
    unknown = run_cli("check", "nosuch")
    assert unknown.code == 2 and "riskrules list shows the rulesets" in unknown.err
