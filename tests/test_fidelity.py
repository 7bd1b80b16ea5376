"""Fidelity, third pass (issue 33): the citations that told a player the wrong passage, the
assumptions no manual states, the passages set aside that rules encode, and the reasons of
`inherit … because` that no command printed."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import ROOT, run_cli
from riskrules.tools.compliance.coverage import CITED, manuals_of
from riskrules.tools.compliance.trace import Manuals
from riskrules.tools.service.compliance import _manual_rulesets
from riskrules.tools.service.snapshot import Snapshot


def _explain(ruleset: str, rule: str) -> dict[str, object]:
    result = run_cli("explain", ruleset, rule, "--format", "json")
    assert result.code == 0, result.err
    found = result.json()
    assert isinstance(found, dict)
    return found


def _anchors(found: dict[str, object], at: int = 0) -> list[str]:
    chain = found["chain"]
    assert isinstance(chain, list)
    return [c["anchor"] for c in chain[at]["citations"]]


@pytest.mark.parametrize("ruleset", ["da-2006-2p-passive", "da-2006-2p-active"])
def test_the_two_player_goal_is_its_own_passage(ruleset: str) -> None:
    """000 p8 "Spillets formål At besejre din modspiller": the two-player rulesets' victory
    cites the game for two's own goal, first, not only the 3-4 player one."""
    found = _explain(ruleset, "victory")
    assert found["text"] == "opponents == 0"
    assert _anchors(found) == ["Spillets formål At besejre din modspiller"]
    shown = run_cli("explain", ruleset, "victory")
    assert 'cite da000 page 8 "Spillets formål At besejre din modspiller"' in shown.out
    # No warning for the override: it re-cites the same value from the game's own passage.
    checked = run_cli("check", "--verbose", str(ROOT / "specs" / "da-2006-2p.rules"))
    assert "RR0404" not in checked.out, checked.out


def test_the_neutrals_defence_in_the_active_game_is_assumed() -> None:
    """The only sentence on who rolls a neutral's defence says "i det passive spil": in the
    active game it is an assumption with its reason, shown by check --strict and † on the
    sheet."""
    active = _explain("da-2006-2p-active", "neutrals.defence_rolled_by")
    assert active["assumed"] is True
    assert "passive" in str(active["value"])
    passive = _explain("da-2006-2p-passive", "neutrals.defence_rolled_by")
    assert passive["assumed"] is False
    strict = run_cli(
        "check", "--strict", "--verbose", "--lang", "en", str(ROOT / "specs" / "da-2006-2p.rules")
    )
    assert strict.code == 1
    assert "'neutrals.defence_rolled_by' uses an assumed value" in strict.out
    sheet = run_cli("summary", "da-2006-2p-active", "--format", "md", "--lang", "en", "-o", "-")
    assert "**the other player** rolls its defence. †" in sheet.out, sheet.out


def test_a_tied_start_roll_is_an_assumption() -> None:
    """Every manual says the highest roll starts (stated, not assumed); none says what a tie
    for it does: only that case, the re-roll, is assumed (issue 47)."""
    found = _explain("classic", "setup.first_player")
    assert found["assumed"] is False and found["text"] == "highest_roll"
    (edge,) = found["assumed_edges"]
    assert edge["edge"] == "tie" and "tie" in edge["reason"]["en"]


def test_the_second_start_roll_is_a_rule_of_its_own() -> None:
    """000 p4 "Hver spiller kaster igen én terning" and p8 "Spillerne kaster derefter
    terningerne": the second roll after the setup is played (setup.first_turn: roll_again),
    cited, not assumed; what a tie does is the assumed case of both rolls."""
    for ruleset, anchor in (
        ("da-2006", "Hver spiller kaster igen én terning for at"),
        ("da-2006-2p-passive", "Spillerne kaster derefter terningerne for at se, hvem"),
    ):
        found = _explain(ruleset, "setup.first_turn")
        assert found["text"] == "roll_again", ruleset
        assert found["assumed"] is False, ruleset
        assert anchor in _anchors(found), ruleset
        first = _explain(ruleset, "setup.first_player")
        assert first["assumed"] is False, ruleset
        assert [e["edge"] for e in first["assumed_edges"]] == ["tie"], ruleset
        assert [e["edge"] for e in found["assumed_edges"]] == ["tie"], ruleset
    classic = _explain("classic", "setup.first_player")
    assert "Hver spiller kaster igen én terning for at" not in _anchors(classic)
    absent = run_cli("explain", "classic", "setup.first_turn")
    assert absent.code == 2 and "has no rule 'setup.first_turn'" in absent.err, absent.err


@pytest.fixture
def kommandomanual(seeds: Path) -> dict[str, str]:
    """Each passage of 000 ("PAGE: text") with its status."""
    located = _manual_rulesets(Snapshot.of(), [])
    reports = manuals_of(located, Manuals.open(seeds), keep=True)
    (report,) = [r for r in reports if r.document == "da000"]
    # A passage cited and set aside too (a conflict) is no fix: it keeps both.
    return {
        f"{p.page}: {p.text}": p.status + (" and set aside" if p.why and p.status == CITED else "")
        for p in report.every
    }


@pytest.mark.parametrize(
    "page, words",
    [
        (8, "Du kan give mere end ét kort til"),
        (8, "Kast terningerne for at se, hvem der skal placere"),
        (8, "Spillerne kaster derefter terningerne for at se, hvem"),
        (9, "Han skal overtage et territorium"),
        (6, "Hver side kaster én terning for hver armé"),
    ],
)
def test_passages_a_rule_encodes_are_cited_not_set_aside(
    kommandomanual: dict[str, str], page: int, words: str
) -> None:
    found = [
        s for text, s in kommandomanual.items() if text.startswith(f"{page}: ") and words in text
    ]
    assert found == [CITED], (words, found)


def test_an_inherit_reason_is_shown(tmp_path: Path) -> None:
    """`explain da-web players` says why 3 .. 6 is classic's on purpose; `show` prints the
    `inherit` with its reason and the chain's set-aside passages with theirs; the sheet marks
    the rule ‡ and gives the reason in its language; a ruleset that overrides the rule says
    nothing of it."""
    explained = run_cli("explain", "da-web", "players", "--lang", "en")
    assert "inherited on purpose in da-web at" in explained.out
    assert "its 2-player games are the rulesets da-web-2p and da-web-2p-classic" in explained.out
    assert _explain("da-web", "players")["inherited_on_purpose"] is not None
    assert _explain("da-web-2p", "players")["inherited_on_purpose"] is None
    shown = run_cli("show", "da-web")
    assert '  inherit players because {en: "the web page plays 3 to 6 here' in shown.out
    assert '  ignore da002 section "HISTORIEN" "Risk er et brætspil om verdensherredømme"' in (
        shown.out
    )
    assert '    because "the game\'s history, not a rule"' in shown.out
    derived = run_cli("show", "da-web-2p")
    assert "inherit players" not in derived.out
    assert "# from da-web" in derived.out  # the base's ignores, marked as the base's
    as_json = run_cli("show", "da-web", "--format", "json").json()
    assert isinstance(as_json, dict)
    assert [i["rule"] for i in as_json["inherited_on_purpose"]] == ["players"]
    assert any(i["because"] == "the game's history, not a rule" for i in as_json["set_aside"])
    for lang, words in (
        ("en", "The web page plays 3 to 6 here"),
        ("da", "Websiden spiller 3 til 6 her"),
        ("nl", "De webpagina speelt hier met 3 tot 6"),
    ):
        sheet = run_cli("summary", "da-web", "--format", "md", "--lang", lang, "-o", "-")
        assert sheet.code == 0, sheet.err
        assert "‡" in sheet.out and words in sheet.out, (lang, sheet.out[-800:])
    page = tmp_path / "da-web.html"
    run_cli("summary", "da-web", "--lang", "en", "-o", str(page))
    assert '<span class="dagger">‡</span>' in page.read_text(encoding="utf-8")
    other = run_cli("summary", "da-web-2p", "--format", "md", "--lang", "en", "-o", "-")
    assert "‡" not in other.out
