"""The studio's rule form and its edits (tools/service/editing.py), as the studio calls them.

Expected values come from the manuals and the built-in specs: classic's start armies (35, 30,
25, 20 for 3 to 6 players), da-2006's tie rule (the defender wins ties, Kommandomanual p. 6),
the Danish sheet's words for it, the mistakes corpus' own messages and fixes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from helpers import ROOT, run_cli
from riskrules.grammar.diagnostics import Diagnostic, Severity
from riskrules.tools.service import editing
from riskrules.tools.service.editing import rule_form, set_rule
from riskrules.tools.service.errors import UsageError
from riskrules.tools.service.snapshot import Snapshot

HOUSE = (
    "# Our family's rules.\n"
    'ruleset family "Vores regler" extends da-2006 {\n'
    "  # agreed at Christmas\n"
    "  override reinforcements.minimum: 4 # more than the box says\n"
    "}\n"
)


def of(text: str, path: str | Path) -> Snapshot:
    """The snapshot of `text` at `path`, as the studio makes one of the text it holds."""
    return Snapshot.of_text(str(path), text)


def _errors(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity == Severity.ERROR]


def test_ties_to_the_attacker_through_the_form_changes_the_danish_sentence(
    tmp_path: Path,
) -> None:
    path = tmp_path / "family.rules"
    text = editing.start_house_rules("da-2006", "family", "Vores regler")
    before = rule_form(of(text, str(path)), str(path), "da").field("combat.ties")
    assert before is not None and before.widget == "menu"
    assert set(before.choices) == {"attacker", "defender"}
    assert before.value == before.base_value == "defender" and not before.set_here
    assert before.sentence_text and "uafgjort vinder forsvareren" in before.sentence_text
    # The Kommandomanual's own passage, p. 6, cited first on a Danish form.
    first = before.citations[0]
    assert (first.document, first.page) == ("da000", 6) and "forsvareren" in first.anchor

    edited = set_rule(of(text, str(path)), str(path), "combat.ties", "attacker")
    assert edited.ok and edited.changed
    assert "override combat.ties: attacker" in edited.text
    assert not [d for d in edited.diagnostics if d.severity != Severity.NOTE]
    after = rule_form(of(edited.text, str(path)), str(path), "da").field("combat.ties")
    assert after is not None and after.overridden and after.value == "attacker"
    assert after.sentence_text and "uafgjort vinder angriberen" in after.sentence_text
    assert after.base_sentence == before.sentence

    # The saved file checks clean, is in fmt's layout, and its sheet says the same sentence.
    path.write_text(edited.text, encoding="utf-8")
    assert run_cli("check", "--strict", str(path)).code == 0
    assert run_cli("fmt", "--check", str(path)).code == 0
    sheet = run_cli("summary", str(path), "--lang", "da", "-o", str(tmp_path / "s.md"))
    assert sheet.code == 0, sheet.err
    assert "uafgjort vinder angriberen" in (tmp_path / "s.md").read_text(encoding="utf-8")


def test_the_form_groups_the_catalogue_as_the_sheet_does() -> None:
    form = rule_form(of(HOUSE, "/tmp/family.rules"), "/tmp/family.rules", "da")
    keys = [s.key for s in form.sections]
    # The setup first, the turn's steps numbered in da-2006's order, winning after them.
    assert keys[0] == "setup" and keys.index("reinforce") < keys.index("attack")
    assert keys.index("attack") < keys.index("fortify") < keys.index("victory")
    steps = [s for s in form.sections if s.number is not None]
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    titles = {s.key: s.title for s in form.sections}
    assert titles["setup"] == "Forberedelser" and titles["victory"] == "Sådan vinder du"
    where = {f.rule: s.key for s in form.sections for f in s.fields}
    assert where["combat.ties"] == "attack" and where["setup.start_armies"] == "setup"
    assert where["victory"] == "victory" and where["cards.draw"] == "draw"
    kinds = {f.rule: (f.kind, f.widget) for f in form.fields}
    assert kinds["setup.start_armies"] == ("by_players", "table")
    assert kinds["reinforcements.minimum"] == ("int", "number")
    # A formula is picked from the games' and examples' presets (the own formula aside).
    assert kinds["reinforcements.territories"] == ("expr", "presets")
    assert kinds["victory"] == ("condition", "presets")
    assert kinds["cards.trade_values"] == ("schedule", "presets")
    used = {s.key: s.used for s in form.sections}
    assert used["setup"] and used["attack"] and not used["neutrals"]  # da-2006 has none
    # What the ruleset does not play waits in a section of its own, to be added: no team rule
    # among the attack's.
    addable = {s.key for s in form.sections if s.addable}
    assert addable == {"neutrals", "teams", "missions"}
    assert where["teams.friendly_fire"] == "teams" and where["missions.ranks"] == "missions"
    # The phases are the sheet's numbered steps, under "Your turn".
    phases = form.field("turn.phases")
    assert phases is not None and titles["turn"] == "Din tur"
    assert phases.value == "reinforce, attack, fortify, draw"
    assert phases.sentence_text == " · ".join(
        f"{s.number}. {s.title}" for s in form.sections if s.number
    )
    minimum = form.field("reinforcements.minimum")
    assert minimum is not None and minimum.value == "4" and minimum.base_value == "3"
    assert json.loads(json.dumps(form.to_json()))["ruleset"] == "family"


def test_start_armies_edited_as_rows(tmp_path: Path) -> None:
    path = tmp_path / "armies.rules"
    text = 'ruleset armies "More armies" extends classic {\n}\n'
    field = rule_form(of(text, str(path)), str(path), "en").field("setup.start_armies")
    assert field is not None
    assert field.base_rows == (("3", "35"), ("4", "30"), ("5", "25"), ("6", "20"))
    assert field.keys == ("3", "4", "5", "6")
    rows = [(3, "40"), (4, "35"), ("5", "30"), ("6", " 25 ")]
    edited = set_rule(of(text, str(path)), str(path), "setup.start_armies", rows)
    assert edited.ok, edited.refused
    assert "override setup.start_armies: {3: 40, 4: 35, 5: 30, 6: 25}" in edited.text
    now = rule_form(of(edited.text, str(path)), str(path), "en").field("setup.start_armies")
    assert now is not None and now.rows == (("3", "40"), ("4", "35"), ("5", "30"), ("6", "25"))
    path.write_text(edited.text, encoding="utf-8")
    assert run_cli("check", "--strict", str(path)).code == 0


def test_a_row_that_runs_into_another_is_refused() -> None:
    text = "ruleset armies extends classic {\n}\n"
    # Read as text, the table would be whole and check clean: {3: 40, 4: 35, 5: 30, 6: 25}.
    rows = [(3, "40, 4: 35"), (5, "30"), (6, "25")]
    sneaked = set_rule(of(text, "/tmp/a.rules"), "/tmp/a.rules", "setup.start_armies", rows)
    assert not sneaked.ok and sneaked.text == text
    assert "one value" in sneaked.refused[0].message


def test_a_bad_value_comes_back_with_the_checkers_diagnostic(tmp_path: Path) -> None:
    path = str(tmp_path / "family.rules")
    refused = set_rule(of(HOUSE, path), path, "combat.ties", "attacke")
    assert not refused.ok and refused.text == HOUSE and not refused.changed
    (diag,) = refused.refused
    # tests/mistakes/misspelt-choice.rules: the message the checker gives this mistake.
    assert diag.code == "RR0202" and "'attacke' is not a choice for rule 'combat.ties'" in (
        diag.message
    )
    assert "attacker" in (diag.hint or "")
    for value, code in (
        ("territories / 3", "RR0002"),  # '/' for '//'
        ("{3: 40, 4: 35, 5: 30 6: 25}", "RR0001"),  # a missing comma
        ("30 territories", "RR0001"),  # words for a condition
    ):
        rule = {"RR0002": "reinforcements.territories", "RR0001": "setup.start_armies"}[code]
        if value == "30 territories":
            rule = "victory"
        refused = set_rule(of(HOUSE, path), path, rule, value)
        assert not refused.ok and refused.text == HOUSE, value
        assert code in {d.code for d in refused.refused}, (value, refused.refused)
    # The diagnostics of the text as it stands come back too (it has none).
    assert not _errors(refused.diagnostics)


def test_a_value_that_would_add_a_rule_is_refused() -> None:
    sneaked = "attacker\n  override victory: territories >= 1"
    refused = set_rule(of(HOUSE, "/tmp/family.rules"), "/tmp/family.rules", "combat.ties", sneaked)
    assert not refused.ok and refused.text == HOUSE
    assert "one value on one line" in refused.refused[0].message


def test_comments_and_citations_survive_an_edit(tmp_path: Path) -> None:
    path = str(tmp_path / "family.rules")
    text = HOUSE.replace(
        "  override reinforcements.minimum: 4 # more than the box says\n",
        "  override reinforcements.minimum: 4 # more than the box says\n"
        "  override reinforcements.territories: (territories // 4)\n"
        '    cite da000 page 3 "antallet af territorier"\n',
    )
    edited = set_rule(of(text, path), path, "reinforcements.minimum", "5")
    assert edited.ok, edited.refused
    assert "# Our family's rules." in edited.text and "# agreed at Christmas" in edited.text
    assert "override reinforcements.minimum: 5  # more than the box says" in edited.text
    again = set_rule(of(edited.text, path), path, "reinforcements.territories", "territories // 2")
    assert again.ok, again.refused
    assert "override reinforcements.territories: territories // 2\n" in again.text
    assert 'cite da000 page 3 "antallet af territorier"' in again.text
    assert "# agreed at Christmas" in again.text


def test_a_reason_in_two_languages(tmp_path: Path) -> None:
    path = tmp_path / "family.rules"
    because = {"en": "our table's custom", "da": "vores skik"}
    edited = set_rule(of(HOUSE, str(path)), str(path), "combat.ties", "attacker", because)
    assert edited.ok, edited.refused
    assert 'because {en: "our table\'s custom", da: "vores skik"}' in edited.text
    field = rule_form(of(edited.text, str(path)), str(path), "da").field("combat.ties")
    assert field is not None and field.because == because and field.value == "attacker"
    path.write_text(edited.text, encoding="utf-8")
    assert run_cli("fmt", "--check", str(path)).code == 0
    # A schedule carries its reason on its first numbers.
    schedule = set_rule(
        of(HOUSE, str(path)), str(path), "cards.trade_values", "sequence 5, 10 then +5", because
    )
    assert schedule.ok, schedule.refused
    assert not _errors(schedule.diagnostics)


def test_clear_rule_restores_the_base_value(tmp_path: Path) -> None:
    path = str(tmp_path / "ties.rules")
    text = (ROOT / "examples" / "house-rules" / "attacker-wins-ties.rules").read_text()
    assert rule_form(of(text, path), path, "en").field("combat.ties").value == "attacker"  # type: ignore[union-attr]
    cleared = editing.clear_rule(of(text, path), path, "combat.ties")
    assert cleared.ok and cleared.changed and "combat.ties" not in cleared.text
    assert cleared.text.startswith("# The attacker wins ties")  # the comment stays
    field = rule_form(of(cleared.text, path), path, "en").field("combat.ties")
    assert field is not None and field.value == field.base_value == "defender"
    assert not field.set_here
    # Nothing to clear: the text as it was.
    assert editing.clear_rule(of(cleared.text, path), path, "combat.ties").text == cleared.text


def test_clearing_a_rule_others_need_is_refused() -> None:
    """capital-risk's victory names capitals: without `setup.capitals: yes` no one has any."""
    text = (ROOT / "examples" / "house-rules" / "capital-risk.rules").read_text()
    cleared = editing.clear_rule(
        of(text, "/tmp/capital-risk.rules"), "/tmp/capital-risk.rules", "setup.capitals"
    )
    assert not cleared.ok and cleared.text == text and cleared.refused


def _builtin_names() -> list[str]:
    from riskrules.tools.service.rulesets import builtins

    return [entry.name for entry in builtins(Snapshot.of())]


@pytest.mark.parametrize("name", _builtin_names())
def test_every_rule_of_a_builtins_form_has_its_sentence_and_citation(name: str) -> None:
    from riskrules.tools.service.rulesets import explain

    text = f'ruleset mine "Mine" extends {name} {{\n}}\n'
    form = rule_form(of(text, "/tmp/mine.rules"), "/tmp/mine.rules", "da")
    assert not _errors(form.diagnostics)
    shown = [f for f in form.fields if f.value is not None]
    assert len(shown) > 20
    for field in shown:
        # A mission's parts are a row of the sheet's table of missions, not sentences.
        if not field.rule.startswith("missions.deck."):
            assert field.sentence, f"{name}: no sentence for {field.rule}"
        cited = explain(Snapshot.of(), name, field.rule).clause.citations
        assert {(c.document, c.anchor) for c in field.citations} == {
            (c.document, c.anchor) for c in cited
        }, field.rule


def test_a_base_ruleset_given_by_text() -> None:
    path = ROOT / "specs" / "classic.rules"
    form = rule_form(of(path.read_text(encoding="utf-8"), path), str(path), "nl")
    assert form.ruleset == "classic" and form.base is None
    armies = form.field("setup.start_armies")
    assert armies is not None and armies.rows == (
        ("3", "35"),
        ("4", "30"),
        ("5", "25"),
        ("6", "20"),
    )
    assert armies.set_here and not armies.overridden and armies.base_value is None
    assert "nl004" in {c.document for c in armies.citations}


MISTAKES = sorted((ROOT / "tests" / "mistakes").glob("*.rules"))
FIX = re.compile(r'^# fix: "(.*)"$', re.M)


@pytest.mark.parametrize(
    "path", [p for p in MISTAKES if FIX.search(p.read_text())], ids=lambda p: p.stem
)
def test_a_mistakes_quick_fix_makes_it_check_clean(path: Path) -> None:
    """Fixed, the file checks clean; or, where the fix uncovers a rule the choice needs,
    that rule is all the checker still asks for."""
    text = path.read_text(encoding="utf-8")
    wanted = FIX.search(text)
    assert wanted
    fixes = editing.quick_fixes(of(text, str(path)), str(path))
    chosen = [f for f in fixes if wanted.group(1) in (f.replacement, f"override {f.replacement}")]
    chosen = chosen or [f for f in fixes if f.preferred]
    assert chosen, [f.title for f in fixes]
    fixed = chosen[0].applied(text)
    from riskrules.tools.service.language import check_document

    left = [d.code for d in _errors(check_document(of(fixed, path), str(path)).diagnostics)]
    assert left == NEEDS_MORE.get(path.stem, []), fixed


# Fixed, these need another rule too: a deal needs the number of cards dealt.
NEEDS_MORE = {"misspelt-deal": ["RR0227"], "da-deal": ["RR0227"]}


def test_add_override_inside_a_group() -> None:
    text = "ruleset family extends classic {\n  combat {\n    ties: attacker\n  }\n}\n"
    (fix,) = [
        f
        for f in editing.quick_fixes(of(text, "/tmp/g.rules"), "/tmp/g.rules")
        if f.diagnostic.code == "RR0401"
    ]
    assert str(fix.title) == "Add 'override'" and fix.preferred
    fixed = fix.applied(text)
    assert "    override ties: attacker\n" in fixed
    from riskrules.tools.service.language import check_document

    assert not _errors(check_document(of(fixed, "/tmp/g.rules"), "/tmp/g.rules").diagnostics)


def test_a_form_in_an_unknown_language_is_a_usage_error() -> None:
    from riskrules.tools.service.errors import ServiceError

    with pytest.raises(ServiceError, match="en, da, nl"):
        rule_form(of(HOUSE, "/tmp/family.rules"), "/tmp/family.rules", "de")


BROKEN = HOUSE.replace(
    "  # agreed at Christmas\n", "  # agreed at Christmas\n  override fortify.reach:\n"
)


def test_a_form_of_a_text_with_errors_shows_the_values_and_the_errors() -> None:
    form = rule_form(of(BROKEN, "/tmp/family.rules"), "/tmp/family.rules", "da")
    assert [(d.code, d.span.line) for d in form.diagnostics] == [("RR0001", 4)]
    minimum = form.field("reinforcements.minimum")
    assert minimum is not None and minimum.value == "4" and minimum.sentence is None
    # The base's sentences are said: the base checks.
    assert minimum.base_sentence and minimum.base_value == "3"


def test_an_edit_beside_a_half_typed_line_keeps_it_as_typed() -> None:
    edited = set_rule(
        of(BROKEN, "/tmp/family.rules"), "/tmp/family.rules", "combat.ties", "attacker"
    )
    assert edited.ok and "  override fortify.reach:\n" in edited.text
    assert "override combat.ties: attacker" in edited.text
    assert [d.code for d in _errors(edited.diagnostics)] == ["RR0001"]  # still half typed


@pytest.mark.parametrize("value", ["", "   ", "{", '"attacker', "attacker }"])
def test_what_a_person_can_type_is_refused_not_raised(value: str) -> None:
    refused = set_rule(of(HOUSE, "/tmp/family.rules"), "/tmp/family.rules", "combat.ties", value)
    assert not refused.ok and refused.text == HOUSE and refused.refused


def test_a_ruleset_written_from_scratch_takes_its_rules_one_by_one() -> None:
    """A ruleset without a base lacks the rules it must have (RR0206) until they are all
    written: each one set is taken, and the error stays to say what is still missing."""
    text = 'ruleset mine "Mine" {\n}\n'
    edited = set_rule(of(text, "/tmp/mine.rules"), "/tmp/mine.rules", "combat.ties", "attacker")
    assert edited.ok and edited.text == 'ruleset mine "Mine" {\n  combat.ties: attacker\n}\n'
    (missing,) = _errors(edited.diagnostics)
    assert missing.code == "RR0206" and "combat.ties" not in missing.message


def test_nothing_is_printed(capfd: pytest.CaptureFixture[str]) -> None:
    path = "/tmp/family.rules"
    rule_form(of(BROKEN, path), path, "nl")
    set_rule(of(HOUSE, path), path, "combat.ties", "attacke")
    editing.clear_rule(of(HOUSE, path), path, "reinforcements.minimum")
    editing.quick_fixes(of(BROKEN, path), path)
    assert capfd.readouterr() == ("", "")


def test_setting_the_bases_value_clears_the_override(tmp_path: Path) -> None:
    """Back to the base's value through the form: no override is left repeating it (which
    `check --strict` refuses, RR0404)."""
    path = tmp_path / "ties.rules"
    text = (ROOT / "examples" / "house-rules" / "attacker-wins-ties.rules").read_text()
    back = set_rule(of(text, str(path)), str(path), "combat.ties", "defender")
    assert back.ok and back.changed and "combat.ties" not in back.text
    path.write_text(back.text, encoding="utf-8")
    assert run_cli("check", "--strict", str(path)).code == 0
    # Set where it was not written, the base's value leaves the text as it is.
    assert (
        set_rule(of(back.text, str(path)), str(path), "combat.ties", "defender").text == back.text
    )


def test_the_form_and_its_edits_reach_every_ruleset_of_a_file(tmp_path: Path) -> None:
    """A file declaring two rulesets: each has its form (rule_form's `ruleset`), the names of
    both are given for a picker, and set_rule/clear_rule change the ruleset named only."""
    from riskrules.tools.service.editing import clear_rule, rulesets_in

    text = (
        'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n\n'
        'ruleset quick "A short game" extends da-2006 {\n}\n'
    )
    path = str(tmp_path / "two.rules")
    assert rulesets_in(of(text, path), path) == ("family", "quick")
    form = rule_form(of(text, path), path, "en", "quick")
    assert form.ruleset == "quick" and form.rulesets == ("family", "quick")
    assert not form.field("combat.ties").set_here  # quick leaves the ties to its base
    edited = set_rule(of(text, path), path, "combat.ties", "attacker", ruleset_name="quick")
    assert edited.ok and edited.text.count("override combat.ties: attacker") == 2
    assert rule_form(of(edited.text, path), path, "en", "quick").field("combat.ties").set_here
    back = clear_rule(of(edited.text, path), path, "combat.ties", "quick")
    assert back.text.count("override combat.ties: attacker") == 1
    assert rule_form(of(back.text, path), path, "en").field("combat.ties").set_here  # family's kept
    with pytest.raises(UsageError, match="no ruleset 'nobody'"):
        set_rule(of(text, path), path, "combat.ties", "attacker", ruleset_name="nobody")
