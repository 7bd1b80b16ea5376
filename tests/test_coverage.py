"""`trace --uncovered`: the rule-bearing passages of a manual that no rule cites."""

from __future__ import annotations

import re
import time
from pathlib import Path

from helpers import ROOT, large_manual, run_cli
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
    """A manual of one's own: the passage a rule cites is covered, the heading is a heading,
    every other passage (rule-bearing or not) is listed, the rule-bearing first, until an
    `ignore` sets it aside; one ignore may set several aside under one reason; an ignore whose
    words are not there fails."""
    sources = tmp_path / "manuals"
    sources.mkdir()
    (sources / "house.txt").write_text(
        "Husregler\n"
        "Spillet blev opfundet en regnfuld søndag.\n"
        "Hver spiller trækker to kort efter en erobring.\n"
        "Man SKAL altid råbe højt, når man angriber Kamchatka.\n",
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
    assert (manual["passages"], manual["headings"], manual["uncovered_count"]) == (4, 1, 2)
    assert [u["words"] for u in manual["uncovered"]] == [
        "Man SKAL altid råbe højt, når man angriber",  # rule-bearing: listed first
        "Spillet blev opfundet en regnfuld søndag.",  # no number, no modal: listed too
    ]
    assert "a modal: 'skal'" in manual["uncovered"][0]["reasons"]
    aside = '  ignore house section "Husregler" "råbe højt" because "a joke, not a rule"\n'
    rules.write_text(text.replace("IGNORE", aside), encoding="utf-8")
    one = run_cli("trace", str(rules), "--sources", str(sources), "--uncovered")
    assert one.code == 1 and '"Spillet blev opfundet en regnfuld søndag."' in one.out, one.out
    both = aside.replace('"råbe højt"', '"råbe højt", "en regnfuld søndag"')
    rules.write_text(text.replace("IGNORE", both), encoding="utf-8")
    after = run_cli("trace", str(rules), "--sources", str(sources), "--uncovered")
    assert after.code == 0, after.out
    assert (
        "4 of 4 passages accounted for (100%): 1 cited, 2 set aside, 1 headings; 0 unclassified"
        in after.out
    )
    rules.write_text(text.replace("IGNORE", aside.replace("råbe højt", "hviske")), encoding="utf-8")
    wrong = run_cli("trace", str(rules), "--sources", str(sources), "--uncovered")
    assert wrong.code == 1 and 'ignore "hviske": anchor not found' in wrong.out


def test_a_passage_cited_and_set_aside_is_a_conflict(tmp_path: Path) -> None:
    """Exactly one status: a passage a rule cites and an ignore sets aside is listed with
    both, and the command fails until one goes."""
    sources = tmp_path / "manuals"
    sources.mkdir()
    (sources / "house.txt").write_text(
        "Hver spiller trækker to kort efter en erobring.\n", encoding="utf-8"
    )
    rules = tmp_path / "house.rules"
    rules.write_text(
        'source house "house.txt" language da\n'
        'ruleset ours "Ours" extends classic {\n'
        "  from house\n"
        "  override cards.draw: 2\n"
        '    cite house "trækker to kort efter en erobring"\n'
        '  ignore house "Hver spiller trækker to kort" because "an example"\n'
        "}\n",
        encoding="utf-8",
    )
    result = run_cli("trace", str(rules), "--sources", str(sources), "--uncovered")
    assert result.code == 1, result.out
    assert 'cited by ours cards.draw and set aside ("an example")' in result.out, result.out


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
        assert result.code == 1 and "fix it first (riskrules check)" in result.err, extra


def test_every_built_in_manual_is_covered(seeds: Path) -> None:
    """Every sentence of the four manuals has exactly one status: cited by a rule, set aside
    with a reason, or a heading; the sentences without a number or a modal and the fragments
    under four words count too. None is unclassified, none both cited and set aside, and the
    command says so with exit 0."""
    result = run_cli("trace", "--sources", str(seeds), "--uncovered", "--format", "json")
    assert result.code == 0, result.out
    manuals = {m["document"]: m for m in result.json()["manuals"]}  # type: ignore[index]
    assert set(manuals) == {"da000", "da001", "da002", "nl004"}
    for manual in manuals.values():
        assert manual["uncovered"] == [] and manual["missing_ignores"] == []
        assert manual["uncovered_count"] == 0 and manual["conflicts"] == []
        assert manual["cited"] + manual["ignored"] + manual["headings"] == manual["passages"]
        # Far more passages than the rule-bearing ones the heuristic saw (000: 332 of 353).
        assert manual["passages"] > manual["rule_bearing"] * 1.4, manual
        assert manual["cited"] > manual["ignored"]  # most passages are rules, cited


def test_a_fragment_is_a_passage_with_its_status(seeds: Path) -> None:
    """002's "ANTAL SPILLERE: 2-6 spillere" (four words, no modal) is a passage, cited by the
    two-player rulesets' players; a label of a few words ending in a colon goes with what
    follows it (004's "Azië: 7")."""
    raw = (seeds / "002_eb240fd7b4580a0c.txt").read_text(encoding="utf-8")
    assert "ANTAL SPILLERE: 2-6 spillere" in [p.text for p in split("da002", raw, "da")]
    raw = (seeds / "004_f2d009956e17dfc2.txt").read_text(encoding="utf-8")
    texts = [p.text for p in split("nl004", raw, "nl")]
    assert "Azië: 7" in texts and "Azië:" not in texts
    page = run_cli("trace", "da-web-2p", "--sources", str(seeds), "--format", "html")
    assert page.code == 0, page.err
    assert re.search(
        r'<span class="p cited" data-status="cited" title="cited by da-web-2p players">'
        r"ANTAL SPILLERE: 2-6 spillere</span>",
        page.out,
    ), page.out[:2000]


def test_the_manuals_page_marks_every_sentence(seeds: Path, tmp_path: Path) -> None:
    """`trace --sources DIR --format html`: each manual's text, every passage marked by its
    status; a cited one links to the rules that cite it (listed on the page), a set-aside
    one carries its reason; a manual with a sentence left shows it unclassified, exit 1."""
    result = run_cli("trace", "--sources", str(seeds), "--format", "html")
    assert result.code == 0, result.err
    page = result.out
    assert page.startswith("<!DOCTYPE html>")
    statuses = re.findall(r'data-status="([a-z ]+)"', page)
    assert set(statuses) == {"cited", "set aside", "heading"}
    assert len(statuses) == 353 + 115 + 156 + 128  # every passage of the four manuals
    # 000 p8's goal names the rule that cites it, beside it, a link to its entry on the page.
    goal = re.search(
        r'Spillets formål At besejre din modspiller\.</span><span class="rules">\[(<a [^>]*>)'
        r"victory</a>\]",
        page,
    )
    assert goal is not None
    target = re.search(r'href="#([^"]+)"', goal.group(1))
    assert (
        target is not None
        and f'<li id="{target.group(1)}">da-2006-2p-passive: victory</li>' in (page)
    )
    assert (
        'title="the game&#39;s history, not a rule">Risk er et brætspil om verdensherredømme.'
        in (page)
    )
    sources = tmp_path / "manuals"
    sources.mkdir()
    (sources / "house.txt").write_text(
        "Husregler\nHver spiller trækker to kort efter en erobring.\n<b>Spillet</b> er sjovt.\n",
        encoding="utf-8",
    )
    rules = tmp_path / "house.rules"
    rules.write_text(
        'source house "house.txt" language da title "Vores <husregler>"\n'
        'ruleset ours "Ours" extends classic {\n'
        "  from house\n"
        "  override cards.draw: 2\n"
        '    cite house "trækker to kort efter en erobring"\n'
        "}\n",
        encoding="utf-8",
    )
    left = run_cli("trace", str(rules), "--sources", str(sources), "--format", "html")
    assert left.code == 1, left.err
    assert 'data-status="unclassified"' in left.out
    assert "&lt;b&gt;Spillet&lt;/b&gt; er sjovt." in left.out and "<b>" not in left.out
    assert "Vores &lt;husregler&gt;" in left.out
    bare = run_cli("trace", "--format", "html", unset=("RISKRULES_SOURCES",))
    assert bare.code == 2 and "--sources" in bare.err


def test_the_check_report_gives_each_manuals_coverage(seeds: Path, tmp_path: Path) -> None:
    result = run_cli("check", "--report", str(tmp_path / "report"), "--sources", str(seeds))
    assert result.code == 0, result.out
    index = (tmp_path / "report" / "index.md").read_text(encoding="utf-8")
    assert "## Manual coverage" in index
    assert "| Kommandomanual (da000) | 353 |" in index and "| 0 |" in index
    assert "[manuals.html](manuals.html)" in index
    page = (tmp_path / "report" / "manuals.html").read_text(encoding="utf-8")
    assert 'data-status="cited"' in page and 'data-status="unclassified"' not in page


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


KOMMANDOMANUAL = "000_c088f9ca3cbe1af9.txt"
FEATURE = ROOT / "features" / "nl-classic.feature"


def test_uncovered_is_linear_in_the_manuals_size(seeds: Path, tmp_path: Path) -> None:
    """A 32,000-line manual (3 MB; 20 MB are allowed, read whole under the `limits` marker)
    made of the real 000 and some 10,000 further pages of its sentences: `trace --uncovered`
    takes under 5 s of processor time (about 2.5 s here; when each passage looked through every
    page, twice the manual took 160 s, so this one 40). Processor time, not the clock: the
    machine is shared, and the clock measures the other processes too. The real pages are
    still wholly covered (1,000 of the later passages are listed, the rest counted), and each
    later page is found with its number."""
    import resource

    big = large_manual((seeds / KOMMANDOMANUAL).read_text(encoding="utf-8"), 32_000)
    assert big.count("\n") >= 32_000
    (tmp_path / KOMMANDOMANUAL).write_text(big, encoding="utf-8")

    def used() -> float:  # this process's and its children's (run_cli may run either way)
        own, children = (
            resource.getrusage(r) for r in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
        )
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    before = used()
    start = time.perf_counter()
    result = run_cli("trace", "da-2006", "--uncovered", "--sources", str(tmp_path))
    wall = time.perf_counter() - start
    spent = used() - before
    assert spent < 5, f"{spent:.1f} s of processor time ({wall:.1f} s on the clock)"
    assert result.code == 1, result.err  # the later pages are cited by no rule
    listed = [int(n) for n in re.findall(r"^  p\. (\d+):", result.out, re.M)]
    assert len(listed) == 1_000 and min(listed) > 10, listed[:5]
    assert re.search(r"^  … and [\d,]+ more \(the first 1,000 are listed\)$", result.out, re.M)
    passages = split("da000", big, "da")
    last = int(re.findall(r"^(\d+) ", big, re.M)[-1])
    assert last > 10_000 and passages[-1].page == last
    pages = [p.page for p in passages if p.page is not None]
    assert pages == sorted(pages) and set(pages) == set(range(1, last + 1))


def test_trace_refuses_a_sources_folder_with_nothing_to_read(tmp_path: Path) -> None:
    """An empty folder, a missing one, one holding other files, one whose manuals cannot be
    read (a folder by the manual's name, one over 20,000,000 bytes): exit 2 naming the folder
    and the files it should hold, never "anchors 0/0 found" with exit 0."""
    empty = tmp_path / "empty"
    empty.mkdir()
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("not a manual\n", encoding="utf-8")
    unreadable = tmp_path / "unreadable"
    unreadable.mkdir()
    (unreadable / KOMMANDOMANUAL).mkdir()
    with open(unreadable / "001_f974af0c1c42d141.txt", "wb") as handle:
        handle.truncate(20_000_001)  # sparse: no disk
    for folder in (empty, other, unreadable):
        for extra in ([], ["--uncovered"]):
            result = run_cli("trace", "da-2006", "--sources", str(folder), *extra)
            assert result.code == 2, (folder, extra, result.out, result.err)
            assert str(folder) in result.err and KOMMANDOMANUAL in result.err, result.err
    too_big = run_cli("trace", "da-classic", "--sources", str(unreadable))
    assert too_big.code == 2 and "limited to 20,000,000" in too_big.err, too_big.err
    assert "a folder" in run_cli("trace", "da-2006", "--sources", str(unreadable)).err
    missing = run_cli("trace", "da-2006", "--sources", str(tmp_path / "nowhere"))
    assert missing.code == 2 and "no such folder" in missing.err and "nowhere" in missing.err


def test_trace_names_the_manuals_it_could_not_read(seeds: Path, tmp_path: Path) -> None:
    """With some of the cited manuals there, the others are named as not checked."""
    (tmp_path / KOMMANDOMANUAL).write_bytes((seeds / KOMMANDOMANUAL).read_bytes())
    result = run_cli(
        "trace",
        "classic",
        "--sources",
        str(tmp_path),
        "--features",
        str(FEATURE),
        "--format",
        "json",
    )
    report = result.json()["rulesets"][0]  # type: ignore[index]
    assert report["anchors_checked"] > 0 and report["anchors_found"] == report["anchors_checked"]
    unread = {u["document"]: u for u in report["unread_manuals"]}
    assert set(unread) == {"da001", "da002", "nl004"}, unread
    assert unread["nl004"]["problem"] == "not in the folder"


def test_a_base_counts_the_scenarios_its_heirs_play_of_its_clauses() -> None:
    """`trace classic` said 0% exercised: its scenarios run on da-classic, nl-classic, ….
    A scenario exercises a base's clause when it runs on a ruleset that plays that very clause;
    an override (even to the same value) is the heir's own."""
    from riskrules.grammar.library import Workspace
    from riskrules.tools.compliance.scenarios import ScenarioResult
    from riskrules.tools.compliance.trace import trace

    text = (
        'ruleset house "H" extends classic {\n'
        '  override combat.ties: defender\n    cite da000 page 6 "uafgjort"\n}\n'
    )
    ws = Workspace.open(texts={str(ROOT / "h.rules"): text})
    played = [
        ScenarioResult("ties", "h.feature", "passed", [("house", "combat.ties")]),
        ScenarioResult("dice", "h.feature", "passed", [("house", "combat.attacker.dice")]),
    ]
    report = trace(ws.resolved["classic"], played, None, ws.resolved)
    assert report.exercised_by.get("combat.attacker.dice") == ["dice"]
    assert "combat.ties" not in report.exercised_by
    assert "combat.ties" in trace(ws.resolved["house"], played, None, ws.resolved).exercised_by
    whole = run_cli("trace", "classic")
    assert whole.out.splitlines()[1].startswith("classic: ") and " 100% exercised" in whole.out
