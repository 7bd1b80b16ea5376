"""`trace --uncovered`: the rule-bearing passages of a manual that no rule cites."""

from __future__ import annotations

from pathlib import Path

from helpers import run_cli
from riskrules.tools.coverage import rule_bearing, split


def test_rule_bearing_passages_by_language() -> None:
    # Sentences of the manuals themselves (004 "Gebieden", 000 p. 5, 002 "Risikokort").
    assert rule_bearing("Je krijgt altijd minimaal 3 legers, ook als je minder dan 9", "nl")
    assert rule_bearing("skal du bytte et eller flere kortsæt", "da")
    assert rule_bearing("får du mindst ét risikokort", "da")
    assert not rule_bearing("Risk is een spel over werelddominantie", "nl")
    assert not rule_bearing("Det blev først udgivet i Frankrig", "da")
    # An article is not a number: "et territorium" states no count.
    assert not rule_bearing("Hvert kort bærer navnet på et territorium", "da")


def test_a_manual_splits_into_passages_with_pages() -> None:
    raw = (
        "1 Indledning Spillet er sjovt for hele familien.\n"
        "2 Regler Du SKAL bytte, når du har fem kort. • Hver spiller tager 35 arméer.\n"
    )
    passages = split("doc", raw, "da")
    texts = [p.text for p in passages]
    # A transcript runs a heading into its first sentence; the page number is dropped.
    assert "Regler Du SKAL bytte, når du har fem kort." in texts
    assert "Hver spiller tager 35 arméer." in texts
    pages = {p.text: p.page for p in passages}
    assert pages["Hver spiller tager 35 arméer."] == 2
    bearing = [p.text for p in passages if p.reasons]
    assert "Spillet er sjovt for hele familien." not in bearing


def test_uncovered_needs_the_manuals() -> None:
    result = run_cli("trace", "da-2006", "--uncovered")
    assert result.code == 2 and "--sources" in result.err


def test_uncovered_passages_and_ignores(seeds: Path, tmp_path: Path) -> None:
    before = run_cli("trace", "da-2006", "--sources", str(seeds), "--uncovered", "--format", "json")
    assert before.code == 1  # passages are left
    manual = before.json()["manuals"][0]  # type: ignore[index]
    assert manual["document"] == "da000" and manual["title"] == "Kommandomanual"
    assert 0 < manual["cited"] < manual["rule_bearing"]
    first = manual["uncovered"][0]
    assert len(first["words"].split()) <= 8 and first["reasons"]
    # Setting a passage aside: the same count, one more ignored, one fewer uncovered.
    house = tmp_path / "aside.rules"
    house.write_text(
        'ruleset aside "Aside" extends da-2006 {\n'
        "  from da000\n"
        f'  ignore da000 page {first["page"]} "{first["words"]}" because "flavour text"\n'
        "}\n",
        encoding="utf-8",
    )
    assert run_cli("check", str(house)).code in (0, 1)
    after = run_cli(
        "trace", str(house), "--sources", str(seeds), "--uncovered", "--format", "json"
    ).json()["manuals"][0]  # type: ignore[index]
    assert after["ignored"] == 1
    assert len(after["uncovered"]) == len(manual["uncovered"]) - 1
    # An ignore whose anchor is not in the manual is reported, and fails.
    house.write_text(
        house.read_text(encoding="utf-8").replace(first["words"], "no such words here"),
        encoding="utf-8",
    )
    wrong = run_cli("trace", str(house), "--sources", str(seeds), "--uncovered")
    assert wrong.code == 1 and "no such words here" in wrong.out


def test_an_ignore_names_a_declared_manual(tmp_path: Path) -> None:
    house = tmp_path / "bad.rules"
    house.write_text(
        'ruleset bad "Bad" extends da-2006 {\n'
        '  ignore da999 page 2 "Spillet" because "nothing"\n'
        "}\n",
        encoding="utf-8",
    )
    result = run_cli("check", str(house))
    assert result.code == 1 and "RR0103" in result.out


def test_trace_refuses_a_ruleset_with_errors(tmp_path: Path) -> None:
    """No figures for a ruleset that does not check: its errors, as `check` shows them."""
    bad = tmp_path / "bad.rules"
    bad.write_text('ruleset bad "B" extends classic {\n  override combat.ties: attackr\n}\n')
    for extra in ([], ["--uncovered"]):
        result = run_cli("trace", str(bad), "--sources", str(tmp_path), *extra)
        assert result.code == 1 and "fix them first" in result.err, extra
