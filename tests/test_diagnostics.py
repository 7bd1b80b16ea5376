"""One bad file per diagnostic code, each checked for its code, line and message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import ROOT, run_cli
from riskrules.grammar.check import check_ruleset
from riskrules.grammar.library import Workspace
from riskrules.grammar.reader import read_path, read_rules
from riskrules.grammar.resolve import Index, resolve

SAMPLES = sorted((ROOT / "tests" / "diagnostics").glob("*.rules"))
EXPECT = re.compile(r'# expect: (RR\d{4}) line (\d+) "(.*)"')
DOCUMENTED = set(
    re.findall(r"^\| (RR\d{4}) \|", (ROOT / "docs" / "diagnostics.md").read_text(), re.M)
)
TRIGGERED_HERE = {"RR0003", "RR0005", "RR0107", "RR0122", "RR0504"}


def _expectation(path: Path) -> tuple[str, int, str]:
    match = EXPECT.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert match, f"{path.name} has no '# expect:' header"
    return match.group(1), int(match.group(2)), match.group(3)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_sample_gives_its_diagnostic(path: Path) -> None:
    code, line, message = _expectation(path)
    diags = Workspace.open([str(path)]).diagnostics_for([str(path)])
    found = [d for d in diags if d.code == code]
    assert found, f"expected {code}, got {[(d.code, d.message) for d in diags]}"
    assert any(d.span.line == line and message in d.message for d in found), [
        (d.span.line, d.message) for d in found
    ]
    assert all(d.span.file == str(path) for d in found)


def test_every_documented_code_is_triggered() -> None:
    sampled = {_expectation(p)[0] for p in SAMPLES}
    assert sampled <= DOCUMENTED, sampled - DOCUMENTED
    assert DOCUMENTED - sampled == TRIGGERED_HERE


def test_oversized_file(tmp_path: Path) -> None:
    big = tmp_path / "big.rules"
    big.write_text("# padding\n" * 120_000)
    result = read_path(str(big))
    assert [d.code for d in result.diagnostics] == ["RR0003"]


def test_unreadable_and_non_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.rules"
    bad.write_bytes(b'ruleset x "caf\xe9" {\n}\n')
    result = read_path(str(bad))
    assert [d.code for d in result.diagnostics] == ["RR0005"]
    assert result.diagnostics[0].span.line == 1
    missing = read_path(str(tmp_path / "nope.rules"))
    assert [d.code for d in missing.diagnostics] == ["RR0005"]


def test_several_rulesets_need_a_name(tmp_path: Path) -> None:
    two = tmp_path / "two.rules"
    two.write_text("ruleset a extends classic {\n}\nruleset b extends classic {\n}\n")
    result = run_cli("show", str(two))
    assert result.code == 2
    assert "RR0107" in result.err and "two.rules:NAME" in result.err
    named = run_cli("show", f"{two}:b", "--format", "json")
    assert named.code == 0 and named.json()["name"] == "b"


def test_builtin_rules_must_cite() -> None:
    text = (ROOT / "specs" / "classic.rules").read_text(encoding="utf-8")
    uncited = re.sub(r"(board: world)(\n\s*cite [^\n]*)+", r"\1", text)
    parsed = read_rules(uncited, "classic.rules")
    world = read_path(str(ROOT / "specs" / "world.rules"))
    sources = read_path(str(ROOT / "specs" / "sources.rules"))
    assert parsed.file and world.file and sources.file
    index = Index.build([parsed.file, world.file, sources.file])
    eff, _ = resolve(index, "classic")
    assert eff is not None
    codes = [d.code for d in check_ruleset(eff, index, require_citations=True)]
    assert "RR0122" in codes
    assert "RR0122" not in [d.code for d in check_ruleset(eff, index, require_citations=False)]


def test_several_diagnostics_in_one_file(tmp_path: Path) -> None:
    house = tmp_path / "house.rules"
    house.write_text(
        "ruleset house extends classic {\n"
        "  override combat.ties: attacke\n"
        "  fortify.reech: adjacent\n"
        "  override board: wrold\n"
        "}\n"
    )
    codes = [d.code for d in Workspace.open([str(house)]).diagnostics_for([str(house)])]
    assert codes == ["RR0202", "RR0104", "RR0105"]


def test_misspelt_territory_in_a_spec_copy(tmp_path: Path) -> None:
    """The issue's acceptance example: exit 1, right line and column, the right suggestion."""
    world = (ROOT / "specs" / "world.rules").read_text(encoding="utf-8")
    lines = world.splitlines()
    target = next(i for i, ln in enumerate(lines) if ln.strip() == "alaska ~ kamchatka")
    lines[target] = lines[target].replace("kamchatka", "kamchatk")
    bad_board = tmp_path / "world2.rules"
    bad_board.write_text("\n".join(lines).replace("board world", "board world2") + "\n")
    result = run_cli("check", str(bad_board), "--format", "json")
    assert result.code == 1
    diags = [d for d in result.json()["diagnostics"] if d["code"] == "RR0101"]
    assert len(diags) == 1
    col = lines[target].index("alaska") + 1
    assert (diags[0]["line"], diags[0]["column"]) == (target + 1, col)
    assert diags[0]["hint"] == "did you mean 'kamchatka'?"
    text = run_cli("check", str(bad_board))
    assert "^" in text.out and "kamchatk" in text.out


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        ("combat.tiez", "did you mean 'combat.ties'?"),
        ("combat.dice", "did you mean 'combat.attacker.dice' or 'combat.defender.dice'?"),
        ("cards.trade", "'cards.trade_values', 'cards.forced_trade', or 'cards.forced_trade_sets'"),
    ],
)
def test_a_misspelt_rule_id_is_matched_in_its_own_group_first(
    tmp_path: Path, written: str, hint: str
) -> None:
    house = tmp_path / "house.rules"
    house.write_text(f'ruleset house "H" extends classic {{\n  {written}: 2\n}}\n')
    diags = Workspace.open([str(house)]).diagnostics_for([str(house)])
    found = [d for d in diags if d.code == "RR0104"]
    assert found and hint in (found[0].hint or ""), [(d.code, d.hint) for d in diags]


def test_override_of_a_rule_the_base_does_not_set_says_to_drop_override(tmp_path: Path) -> None:
    house = tmp_path / "house.rules"
    house.write_text('ruleset house "H" extends classic {\n  override combat.loss_cap: 2\n}\n')
    diags = Workspace.open([str(house)]).diagnostics_for([str(house)])
    found = [d for d in diags if d.code == "RR0402"]
    assert found and (found[0].hint or "").startswith("drop `override`")


def test_a_built_in_gives_its_reasons_in_every_sheet_language(tmp_path: Path) -> None:
    """RR0504 holds the built-in rulesets (checked as strictly as citations) to reasons in en,
    da and nl; a user's file may give one string."""
    from riskrules.grammar.check import check_all

    path = tmp_path / "builtin-like.rules"
    path.write_text(
        "ruleset house extends classic {\n"
        "  override cards.territory_bonus:\n"
        '    assumed 0 because {en: "no bonus", da: "ingen bonus"}\n'
        '    cite da000 page 5 "Antallet af forstærkninger, du modtager for at bytte"\n'
        '  override cards.draw: assumed 2 because "one string"\n'
        '    cite da000 page 7 "kan du kun modtage ét RISK-kort pr. tur"\n'
        "}\n",
        encoding="utf-8",
    )
    ws = Workspace.open([str(path)])
    rules_file = ws.file(str(path))
    assert rules_file is not None
    strict = check_all(ws.index, ws.resolved, [rules_file], [str(path)])
    found = sorted((d.span.line, d.message) for d in strict if d.code == "RR0504")
    assert found == [
        (3, "rule 'cards.territory_bonus': its reason is not given in nl"),
        (5, "rule 'cards.draw': its reason is given in one language only"),
    ]
    lenient = ws.diagnostics_for([str(path)])
    assert not [d for d in lenient if d.code == "RR0504"]


@pytest.mark.parametrize(("length", "refused"), [(1_000, False), (1_001, True)])
def test_a_string_is_limited_in_length(tmp_path: Path, length: int, refused: bool) -> None:
    """RR0006 at the limit's edge (grammar/limits.py's MAX_STRING), for any string: here a
    source's title, with an escaped quote inside counted as written."""
    from riskrules.grammar.limits import MAX_STRING

    assert length in (MAX_STRING, MAX_STRING + 1)
    title = '\\"' + "t" * (length - 2)
    path = tmp_path / "sources.rules"
    path.write_text(f'source mine "mine.txt" language en\n  title "{title}"\n', encoding="utf-8")
    codes = [d.code for d in Workspace.open([str(path)]).diagnostics_for([str(path)])]
    assert ("RR0006" in codes) == refused, codes


def test_the_codes_page_in_each_language_holds_every_code() -> None:
    """docs/diagnostics.md in Danish and Dutch: the same codes, each with its anchor (what a
    message's link and the language server's code page point at), in the same order."""
    english = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    wanted = re.findall(r'^\| (RR\d{4}) \|[^|]*\| <a id="(rr\d{4})"></a>', english, re.M)
    assert len(wanted) == len(DOCUMENTED)
    for lang in ("da", "nl"):
        page = (ROOT / "docs" / f"diagnostics.{lang}.md").read_text(encoding="utf-8")
        found = re.findall(r'^\| (RR\d{4}) \|[^|]*\| <a id="(rr\d{4})"></a>', page, re.M)
        assert found == wanted, lang
