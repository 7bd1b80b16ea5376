"""`trace --uncovered`: the rule-bearing passages of a manual that no rule cites."""

from __future__ import annotations

from pathlib import Path

from helpers import run_cli
from riskrules.tools.compliance.coverage import rule_bearing, split


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
    result = run_cli("trace", "da-2006", "--uncovered", unset=("RISKRULES_SOURCES",))
    assert result.code == 2 and "--sources" in result.err


def test_uncovered_passages_and_ignores(tmp_path: Path) -> None:
    """A manual of one's own: the passage a rule cites is covered, the other rule-bearing one
    is listed until an `ignore` sets it aside; an ignore whose words are not there fails."""
    sources = tmp_path / "manuals"
    sources.mkdir()
    (sources / "house.txt").write_text(
        "Husregler\n"
        "Hver spiller trækker to kort efter en erobring.\n"
        "Man SKAL altid råbe højt, når man angriber Kamchatka.\n"
        "Spillet blev opfundet en regnfuld søndag.\n",
        encoding="utf-8",
    )
    rules = tmp_path / "house.rules"
    text = (
        'source house "house.txt" language da title "Vores husregler"\n'
        'ruleset ours "Ours" extends classic {\n'
        "  from house\n"
        "  override cards.draw: 2\n"
        '    cite house section "Husregler" "trækker to kort efter en erobring"\n'
        "IGNORE"
        "}\n"
    )
    rules.write_text(text.replace("IGNORE", ""), encoding="utf-8")
    before = run_cli(
        "trace", str(rules), "--sources", str(sources), "--uncovered", "--format", "json"
    )
    assert before.code == 1
    manual = before.json()["manuals"][0]  # type: ignore[index]
    assert (manual["document"], manual["rule_bearing"], manual["cited"]) == ("house", 2, 1)
    assert [u["words"] for u in manual["uncovered"]] == [
        "Man SKAL altid råbe højt, når man angriber"
    ]
    assert "a modal: 'skal'" in manual["uncovered"][0]["reasons"]
    aside = '  ignore house section "Husregler" "råbe højt" because "a joke, not a rule"\n'
    rules.write_text(text.replace("IGNORE", aside), encoding="utf-8")
    after = run_cli("trace", str(rules), "--sources", str(sources), "--uncovered")
    assert after.code == 0, after.out
    assert "2 of 2 rule-bearing passages cited or set aside (100%; 1 ignored)" in after.out
    rules.write_text(text.replace("IGNORE", aside.replace("råbe højt", "hviske")), encoding="utf-8")
    wrong = run_cli("trace", str(rules), "--sources", str(sources), "--uncovered")
    assert wrong.code == 1 and 'ignore "hviske": anchor not found' in wrong.out


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


def test_every_built_in_manual_is_covered(seeds: Path) -> None:
    """Each rule-bearing passage of the four manuals is cited by a rule or set aside with a
    reason: the list is empty and the command says so with exit 0."""
    result = run_cli("trace", "--sources", str(seeds), "--uncovered", "--format", "json")
    assert result.code == 0, result.out
    manuals = {m["document"]: m for m in result.json()["manuals"]}  # type: ignore[index]
    assert set(manuals) == {"da000", "da001", "da002", "nl004"}
    for manual in manuals.values():
        assert manual["uncovered"] == [] and manual["missing_ignores"] == []
        assert manual["cited"] > manual["ignored"]  # most passages are rules, cited


def test_the_check_report_gives_each_manuals_coverage(seeds: Path, tmp_path: Path) -> None:
    result = run_cli("check", "--report", str(tmp_path / "report"), "--sources", str(seeds))
    assert result.code == 0, result.out
    index = (tmp_path / "report" / "index.md").read_text(encoding="utf-8")
    assert "## Manual coverage" in index
    assert "| Kommandomanual (da000) |" in index and "| 0 |" in index


def test_an_anchor_covers_only_its_own_page() -> None:
    """An anchor that recurs on two pages covers the passage on the page it names."""
    from riskrules.grammar import model as m
    from riskrules.tools.compliance.coverage import anchor_spans
    from riskrules.tools.compliance.trace import Document, fold

    raw = "1 Du skal bytte fem kort.\n2 Du skal bytte fem kort igen.\n"
    whole, document = fold(raw), Document.parse(raw)
    cite = m.Citation("doc", "Du skal bytte fem kort", 2, None)
    second = whole.rfind("du skal bytte fem kort")  # the occurrence on page 2
    assert anchor_spans(whole, document, cite) == [(second, second + len("du skal bytte fem kort"))]
