"""Issue 45: the studio in a player's words, through its routes (no browser). Every rule is a
control in words (a menu of the sheet's phrases, a number with its range, a table with named
rows, a formula's presets said by the sheet's sentences); the title and the note are the
author's; the diff says each change in the sheet's sentences; a name a player types is saved
under a safe file name shown first. Outside the text view no rule id and no rules language."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_studio import client

from helpers import ROOT, run_cli
from riskrules.grammar.schema import CATALOGUE
from riskrules.tools.service import editing, presets
from riskrules.tools.service.snapshot import Snapshot
from riskrules.tools.studio.drafts import safe_name

pytest.importorskip("starlette")

HOUSE = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
# Rules language a player must not meet outside the text view: rule ids, the identifiers of
# values, and a formula's symbols.
RULE_IDS = [spec.id for spec in CATALOGUE if not spec.pattern and "." in spec.id]
IDENTIFIERS = ["to_conqueror", "north_america", "sole_occupant", "highest_roll", "one_of_each"]
FORMULA = re.compile(r"min\(|armies - 1|armies >= |territories // |\.\. ")


class Shown(HTMLParser):
    """The words a page shows (its text, not its attributes), leaving out the text view and
    the "my own formula" toggle, where the rules language belongs."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.hidden = 0  # depth inside an element whose words are the rules language
        self.stack: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        shows = tag == "input" and given.get("type") not in ("hidden", "radio", "checkbox")
        if shows and not self.hidden:  # what a field shows a player is read as the page's words
            self.words.append(given.get("value") or "")
        if tag in ("input", "br", "meta", "link", "img"):
            return
        classes = (given.get("class") or "").split()
        rules = tag in ("textarea", "script", "style") or "own" in classes or "text" in classes
        self.stack.append(rules)
        self.hidden += rules

    def handle_endtag(self, tag: str) -> None:
        if tag in ("input", "br", "meta", "link", "img") or not self.stack:
            return
        self.hidden -= self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.words.append(data)


def shown(html: str) -> str:
    parser = Shown()
    parser.feed(html)
    return " ".join(" ".join(parser.words).split())


def danish(folder: Path) -> object:
    c = client(folder)
    c.cookies.set("riskrules_studio_lang", "da")
    return c


def _field(page: str, rule: str) -> str:
    start = page.index(f'data-rule="{rule}"')
    return page[start : page.index("</form>", start)]


@pytest.mark.parametrize(
    ("lang", "base"),
    [("en", "da-2006"), ("da", "da-2006"), ("nl", "da-2006"), ("da", "da-2006-mission"),
     ("nl", "da-2006-teams"), ("en", "da-2006-2p-active")],
)  # fmt: skip
def test_the_editor_shows_no_rule_id_no_identifier_and_no_formula(
    tmp_path: Path, lang: str, base: str
) -> None:
    """What a page shows (its text and what its fields hold, the text view and the own
    formula aside): a mission's text and goal, the neutral armies' status, the team rules,
    all in words."""
    (tmp_path / "a.rules").write_text(HOUSE.replace("da-2006", base))
    c = client(tmp_path)
    c.cookies.set("riskrules_studio_lang", lang)
    page = c.get("/edit", params={"file": "a.rules"}).text
    words = shown(page) + " " + shown(c.get("/diff", params={"file": "a.rules"}).text)
    found = [
        w
        for w in [*RULE_IDS, *IDENTIFIERS]
        if re.search(rf"(?<![\w.]){re.escape(w)}(?![\w.])", words)
    ]
    assert not found, found
    assert not FORMULA.search(words), FORMULA.search(words)
    assert "combat.ties: attacker" in page  # the text view still has the rules as written


def test_a_choice_is_a_menu_of_the_sheets_phrases(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    page = danish(tmp_path).get("/form", params={"file": "a.rules"}).text
    ties = _field(page, "combat.ties")
    assert '<option value="attacker" selected>angriberen vinder</option>' in ties
    assert '<option value="defender">forsvareren vinder</option>' in ties
    cards = _field(page, "elimination.cards")
    assert ">går til den spiller, der udslettede ham</option>" in cards
    assert '<label for="f-combat-ties">Uafgjort</label>' in ties  # labelled, by the sheet


def test_a_number_is_a_number_field_with_its_range(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    page = client(tmp_path).get("/form", params={"file": "a.rules"}).text
    spec = next(s for s in CATALOGUE if s.id == "cards.wild")
    wild = _field(page, "cards.wild")
    assert 'type="number"' in wild and f'max="{spec.most}"' in wild
    assert f"at most {spec.most}" in wild
    cap = _field(page, "territory.max_armies")  # a number or no limit: a box to tick
    assert 'type="checkbox" name="word" value="none"' in cap and "no limit" in cap


def test_a_table_has_its_rows_named_in_the_pages_language(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    page = danish(tmp_path).get("/form", params={"file": "a.rules"}).text
    bonus = _field(page, "continents.bonus")
    assert ">Asien</label>" in bonus and ">Nordamerika</label>" in bonus
    assert ">3 spillere</label>" in _field(page, "setup.start_armies")


def test_a_table_is_written_back_in_the_bases_order(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = danish(tmp_path)
    page = c.get("/form", params={"file": "a.rules"}).text
    bonus = _field(page, "continents.bonus")
    keys = re.findall(r'name="key" value="(\w+)"', bonus)
    cells = re.findall(r'name="cell" value="(\d+)"', bonus)
    cells[keys.index("asia")] = "9"
    form = {"file": "a.rules", "rule": "continents.bonus", "key": keys, "cell": cells}
    answer = c.post("/rule", data=form)  # type: ignore[attr-defined]
    assert answer.status_code == 200
    written = (tmp_path / ".a.rules.draft").read_text()
    base = (ROOT / "specs" / "da-2006.rules").read_text()
    order = re.findall(r"(\w+): \d", re.search(r"continents\.bonus:[^}]*\{([^}]*)\}", base)[1])  # type: ignore[index]
    mine = re.findall(r"(\w+): \d", re.search(r"continents\.bonus: \{([^}]*)\}", written)[1])  # type: ignore[index]
    assert mine == order and "asia: 9" in written


def test_a_formula_is_offered_as_the_games_and_examples_presets() -> None:
    """The defender's dice: the built-ins' two dice and the example's three, each said as the
    sheet says it; the expected values read from the files, not from the code."""
    example = (ROOT / "examples" / "house-rules" / "defender-three-dice.rules").read_text()
    three = re.search(r"combat\.defender\.dice: (.+)", example)[1].strip()  # type: ignore[index]
    classic = (ROOT / "specs" / "classic.rules").read_text()
    two = re.search(r"^\s*defender\.dice: (.+)$", classic, re.M)[1].strip()  # type: ignore[index]
    found = {p.value: p for p in presets.presets("combat.defender.dice", "da")}
    assert three in found and two in found
    assert "op til 3 terninger" in found[three].sentence
    assert "op til 2 terninger" in found[two].sentence
    assert found[three].cells  # the sentence's table of dice by armies
    moves = presets.presets("conquest.move_in.maximum", "en")
    assert moves and all("armies - 1" not in p.sentence for p in moves)


def test_every_formula_rule_of_a_game_has_presets_each_said() -> None:
    form = editing.rule_form(Snapshot.of_text("/tmp/a.rules", HOUSE), "/tmp/a.rules", "nl")
    for f in form.fields:
        spec = next((s for s in CATALOGUE if s.id == f.rule), None)
        if spec is None or f.widget != "presets" or f.value is None:
            continue
        assert f.presets, f.rule
        assert all((p.sentence and "<b>" in p.sentence) or "·" in p.sentence for p in f.presets)
        assert f.preset is not None, (f.rule, f.value)  # da-2006's own value is among them


def test_picking_a_preset_sets_the_rule_and_my_own_formula_too(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    three = presets.presets("combat.defender.dice", "en")[-1].value
    c.post("/rule", data={"file": "a.rules", "rule": "combat.defender.dice", "value": three})
    assert f"override combat.defender.dice: {three}" in (tmp_path / ".a.rules.draft").read_text()
    own = "1 .. min(1, armies)"
    data = {"file": "a.rules", "rule": "combat.defender.dice", "value": three}
    c.post("/rule", data={**data, "own": own, "current": three})
    assert f"override combat.defender.dice: {own}" in (tmp_path / ".a.rules.draft").read_text()


def test_the_why_a_player_types_is_a_note_never_an_assumption(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = danish(tmp_path)
    data = {"file": "a.rules", "rule": "combat.ties", "value": "attacker"}
    c.post("/rule", data={**data, "note": "Så går det hurtigere"})  # type: ignore[attr-defined]
    text = (tmp_path / ".a.rules.draft").read_text()
    assert 'note {da: "Så går det hurtigere"}' in text
    assert "assumed" not in text and "because" not in text
    sheet = c.get("/sheet", params={"file": "a.rules", "lang": "da"}).text  # type: ignore[attr-defined]
    assert "Så går det hurtigere" in sheet  # beneath the rule, as the author's note
    form = c.get("/form", params={"file": "a.rules"}).text  # type: ignore[attr-defined]
    assert 'value="Så går det hurtigere"' in _field(form, "combat.ties")


def test_the_title_is_a_field_per_language(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = danish(tmp_path)
    c.post("/title", data={"file": "a.rules", "title": "Vores regler"})  # type: ignore[attr-defined]
    text = (tmp_path / ".a.rules.draft").read_text()
    assert 'title {en: "Our table", da: "Vores regler"}' in text
    assert "<h1>Vores regler</h1>" in c.get("/sheet", params={"file": "a.rules", "lang": "da"}).text  # type: ignore[attr-defined]
    assert (
        "Our table" in client(tmp_path).get("/sheet", params={"file": "a.rules", "lang": "en"}).text
    )


def test_a_house_rule_started_from_a_game_has_a_title_and_no_commands(tmp_path: Path) -> None:
    c = danish(tmp_path)
    answer = c.post("/new", data={"base": "da-2006"}, follow_redirects=False)  # type: ignore[attr-defined]
    name = answer.headers["location"].split("file=")[1]
    text = (tmp_path / f".{name}.draft").read_text()
    assert "riskrules " not in text and 'title {da: "Husregler til RISK' in text


@pytest.mark.parametrize(
    ("typed", "saved"),
    [
        ("Vores regler", "vores-regler.rules"),
        ("Vores æbleregler", "vores-aebleregler.rules"),
        ("Ølhus Ålborg.rules", "oelhus-aalborg.rules"),
        ("../../etc/passwd", "etc-passwd.rules"),
        ("Onze regels (2026)", "onze-regels-2026.rules"),
    ],
)
def test_any_name_becomes_a_safe_file_name_shown_before_saving(
    tmp_path: Path, typed: str, saved: str
) -> None:
    assert safe_name(typed) == saved
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    assert f"File: {saved}" in c.get("/filename", params={"name": typed}).text
    answer = c.post("/save", data={"file": "a.rules", "name": typed})
    assert answer.status_code == 200 and (tmp_path / saved).read_text() == HOUSE


def test_the_diff_page_says_each_change_in_the_sheets_sentences(tmp_path: Path) -> None:
    path = tmp_path / "a.rules"
    path.write_text(
        HOUSE.replace(
            "}\n",
            "  override continents.bonus: {north_america: 5, asia: 9, europe: 5, africa: 3, "
            "south_america: 2, australia: 2}\n}\n",
        )
    )
    out = tmp_path / "diff.html"
    done = run_cli("diff", "da-2006", str(path), "--format", "html", "--lang", "da", "-o", str(out))
    assert done.code == 0, done.err
    page = out.read_text()
    words = shown(page)
    assert "uafgjort vinder angriberen" in words and "uafgjort vinder forsvareren" in words
    assert not FORMULA.search(words) and "north_america" not in words and "{" not in words
    # The continents' table in the base's order on both sides (Asia first in da-2006).
    tables = re.findall(r"<table class=\"cells\">(.*?)</table>", page, re.S)
    orders = [re.findall(r"<tr><td>([^<]+)</td>", t) for t in tables if "Asien" in t]
    assert len(orders) == 2 and orders[0] == orders[1]


def test_the_card_says_what_a_set_is_and_marks_a_house_rules_changes_and_note(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ours.rules"
    path.write_text(
        'ruleset ours title {da: "Vores regler"} extends da-2006 {\n'
        '  override combat.ties: attacker note {da: "Så går det hurtigere"}\n'
        "  override fortify.moves: unlimited\n}\n"
    )
    out = tmp_path / "card.html"
    done = run_cli("summary", str(path), "--layout", "card", "--lang", "da", "-o", str(out))
    assert done.code == 0, done.err
    card = out.read_text()
    words = shown(card)
    # What a set is (the sheet's sentence for cards.sets) and the forced trade (da-2006: 5).
    assert "tre ens" in words and "SKAL du bytte" in words
    assert re.search(r'class="rule changed">[^<]*Sammenlign', card)  # the change, marked
    assert "Så går det hurtigere" in words  # the author's note, under it
    assert "så ofte, du vil" in words  # a change the card has no place for, listed
    plain = tmp_path / "plain.html"
    run_cli("summary", "da-2006", "--layout", "card", "--lang", "da", "-o", str(plain))
    assert "changed" not in plain.read_text().split("<body>")[1]  # a printed game: no marks


def test_the_trade_values_are_a_table_a_player_edits(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = danish(tmp_path)
    field = _field(c.get("/form", params={"file": "a.rules"}).text, "cards.trade_values")  # type: ignore[attr-defined]
    # da-2006's track, set by set (read from the built-in, not from the code).
    base = (ROOT / "specs" / "da-2006.rules").read_text()
    track = re.search(r"trade_values:\s*track (.*?) after last", base, re.S)[1]  # type: ignore[index]
    values = re.findall(r"\b\d+\b", re.sub(r"because \{[^}]*\}", "", track))
    cells = re.findall(r'name="trade" value="(\d*)"', field)
    assert cells[: len(values)] == values and ">kortsæt 1</label>" in field
    current = re.search(r'name="trade_current" value="([^"]*)"', field)[1]  # type: ignore[index]
    data = {
        "file": "a.rules",
        "rule": "cards.trade_values",
        "value": "",
        "trade_kind": "track",
        "trade_current": current,
        "trade": [*values[:-1], "35", ""],
        "trade_step": "5",
    }
    answer = c.post("/rule", data=data)  # type: ignore[attr-defined]
    assert answer.status_code == 200
    written = (tmp_path / ".a.rules.draft").read_text()
    assert f"track {', '.join([*values[:-1], '35'])} after last +5" in written


def test_a_part_of_the_game_is_added_as_a_game_plays_it(tmp_path: Path) -> None:
    """Teams need several rules at once (their count, who controls a territory, how many
    play): offered as the built-in team game plays them, added in one edit that checks."""
    (tmp_path / "a.rules").write_text(HOUSE)
    c = danish(tmp_path)
    page = c.get("/form", params={"file": "a.rules"}).text  # type: ignore[attr-defined]
    teams = page[page.index('data-section="teams"') :]
    assert 'name="source" value="da-2006-teams">RISK for 4 spillere på 2 hold</button>' in teams
    one = c.post("/rule", data={"file": "a.rules", "rule": "teams.count", "value": "2"})  # type: ignore[attr-defined]
    assert "territory.control" in one.text  # one rule alone is refused, with why
    answer = c.post("/part", data={"file": "a.rules", "part": "teams", "source": "da-2006-teams"})  # type: ignore[attr-defined]
    assert answer.status_code == 200
    text = (tmp_path / ".a.rules.draft").read_text()
    team_game = (ROOT / "specs" / "da-2006-variants.rules").read_text()
    count = re.search(
        r"teams\.count: (\d+)|count: (\d+)", team_game[team_game.index("da-2006-teams") :]
    )
    assert count is not None and f"teams.count: {count[1] or count[2]}" in text
    assert "territory.control: most_armies" in text and "combat.ties: attacker" in text
    (tmp_path / "b.rules").write_text(text)
    checked = run_cli("check", str(tmp_path / "b.rules"))
    assert checked.code == 0, checked.out  # the house rule with teams checks clean
    form = c.get("/form", params={"file": "a.rules"}).text  # type: ignore[attr-defined]
    assert 'data-section="teams"' in form and "Tilføj: Hold" not in form  # played now


def test_a_name_with_nothing_to_keep_says_what_to_type(tmp_path: Path) -> None:
    shown_name = client(tmp_path).get("/filename", params={"name": "\x00\n../../"}).text
    assert shown_name.strip() == "Give the file a name with a letter or a digit in it."


def test_no_ghost_draft_after_save_as_even_from_a_late_beacon(tmp_path: Path) -> None:
    c = danish(tmp_path)
    answer = c.post("/new", data={"base": "da-2006"}, follow_redirects=False)  # type: ignore[attr-defined]
    name = answer.headers["location"].split("file=")[1]
    text = (tmp_path / f".{name}.draft").read_text()
    c.post("/save", data={"file": name, "name": "Vores regler"})  # type: ignore[attr-defined]
    c.post("/draft", data={"file": name, "text": text})  # type: ignore[attr-defined]  # the old page's
    assert sorted(p.name for p in tmp_path.iterdir()) == ["vores-regler.rules"]
    assert "Arbejde, du ikke gemte sidst" not in c.get("/").text  # type: ignore[attr-defined]
