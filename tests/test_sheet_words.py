"""The words on a rule sheet (issue 34, second pass): the changes box shows what a rule was in
the form it shows what it is, rulesets are named by their titles in the reader's language, the
author's notes are printed beneath their rules, and a changed battle gets its odds.

Every expected old value below is read from the base's spec (specs/*.rules), never from the
code that prints it: classic's start armies {3: 35, 4: 30, 5: 25, 6: 20}, its trade values
`sequence 4, 6, 8, 10, 12, 15 then +5`, its defender's `1 .. min(2, armies)` dice, …"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import ROOT, run_cli

LANGS = ("en", "da", "nl")
EXAMPLES = sorted((ROOT / "examples" / "house-rules").glob("*.rules"))


def _house(tmp_path: Path, base: str, body: str, name: str = "house", title: str = '"T"') -> Path:
    path = tmp_path / f"{name}.rules"
    path.write_text(f"ruleset {name} {title} extends {base} {{\n{body}\n}}\n", encoding="utf-8")
    return path


def _md(path: Path | str, lang: str = "en", *extra: str) -> str:
    result = run_cli("summary", str(path), "--lang", lang, "--format", "md", "-o", "-", *extra)
    assert result.code == 0, result.err
    return result.out


def _box(md: str) -> str:
    """The changes box of a Markdown sheet: from its heading to the next section's."""
    start = md.index("\n## ") + 1
    end = md.index("\n## ", start + 1)
    return md[start:end]


def _rows(text: str) -> list[list[str]]:
    """The Markdown table rows in `text`, each as its cells (the |---| line left out)."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


# ------------------------------------------------------------------------------ the changes box

# One change in each rule family a sheet prints (turn.phases is the sheet's steps, not a line):
# (family, base, the override, what the box must say the rule was: the old sentence's words,
# or the table's rows: a changed table once, what changed with the base's value beside the new
# (the base's values as its spec gives them), or, where the new rule has no table, the old
# table under "Was:").
FAMILIES = [
    ("players", "classic", "override players: 3 .. 4", "(was: For **3 to 6 players**.)", None),
    (
        "setup",
        "classic",
        "override setup.start_armies: {3: 40, 4: 35, 5: 30, 6: 25}",
        None,
        [
            ["players", "3", "4", "5", "6"],
            ["armies each", "40", "35", "30", "25"],
            ["Was", "35", "30", "25", "20"],
        ],
    ),
    (
        "reinforcements",
        "classic",
        "override reinforcements.minimum: 5",
        "(was: Never take fewer than **3 armies**",
        None,
    ),
    (
        "continents",
        "classic",
        "override continents.bonus: {asia: 9, north_america: 5, europe: 5, africa: 3,"
        " south_america: 2, australia: 2}",
        None,
        [["Asia", "9", "was 7"]],
    ),
    ("territory", "classic", "territory.max_armies: 12", "(new)", None),
    (
        "cards",
        "classic",
        "override cards.trade_values: fixed 10",
        "more than the one before",
        [
            ["set", "1", "2", "3", "4", "5", "6", "7", "8"],
            ["armies", "4", "6", "8", "10", "12", "15", "20", "25"],
        ],
    ),
    (
        "combat",
        "classic",
        "override combat.defender.dice: 1 .. min(3, armies)",
        "up to 2 dice",
        [["armies", "3+"], ["dice", "1–3"], ["Was", "1–2"]],
    ),
    (
        "conquest",
        "classic",
        "override conquest.move_in.minimum: 1",
        "(was: Took the territory? **Move in** at least as many armies as dice you rolled.)",
        None,
    ),
    (
        "fortify",
        "classic",
        "override fortify.leave_behind: 2",
        "(was: Leave **at least 1 army** behind.)",
        None,
    ),
    (
        "elimination",
        "classic",
        "override elimination.cards: discarded",
        "(was: ",
        None,
    ),
    (
        "victory",
        "classic",
        "override victory: opponents == 0 or territories >= 30",
        "(was: **Win** as soon as no opponent is left.)",
        None,
    ),
    (
        "neutrals",
        "da-2006-2p-passive",
        "override neutrals.start_armies: 30",
        "**24 armies**",
        None,
    ),
    ("teams", "da-2006-teams", "override teams.friendly_fire: yes", "(was: ", None),
    (
        "missions",
        "da-2006-mission",
        "override missions.claims_per_turn: 2",
        "at most 1 mission",
        None,
    ),
]


@pytest.mark.parametrize(
    ("family", "base", "body", "was", "old_rows"), FAMILIES, ids=[f[0] for f in FAMILIES]
)
def test_the_changes_box_shows_the_old_value_in_the_new_ones_form(
    tmp_path: Path, family: str, base: str, body: str, was: str | None, old_rows: object
) -> None:
    box = _box(_md(_house(tmp_path, base, f"  {body}")))
    assert box.startswith("## Changes from "), box
    if was is not None:
        assert was in box, box
    if old_rows is not None and "Was:" not in box:  # one table, the old beside the new
        assert _rows(box) == old_rows, box
    elif old_rows is not None:
        new, _, old = box.partition("Was:")
        assert _rows(old) == old_rows, box  # the base's table, as a table
        assert _rows(new) != old_rows  # the new value above it (a sentence)
        assert not re.search(r"\d+: \d+, \d+: \d+", box), box  # no table squeezed onto a line
        assert not box.rstrip().endswith(":"), box  # a sentence that leads into its table has it


def test_the_changes_box_in_html_has_one_table_the_old_beside_the_new(tmp_path: Path) -> None:
    house = _house(
        tmp_path, "classic", "  override setup.start_armies: {3: 40, 4: 35, 5: 30, 6: 25}"
    )
    result = run_cli("summary", str(house), "--lang", "da", "--format", "html", "-o", "-")
    assert result.code == 0, result.err
    box = result.out.split('<section class="changes">')[1].split("</section>")[0]
    assert box.count("<table") == 1, box
    rows = re.findall(r"<tr>(.*?)</tr>", box)
    assert [re.findall(r"<t[dh]>([^<]+)</t[dh]>", row) for row in rows] == [
        ["spillere", "3", "4", "5", "6"],
        ["arméer hver", "40", "35", "30", "25"],
        ["Var", "35", "30", "25", "20"],
    ]
    assert "<th>Var</th>" in box  # the rows' labels set as the sheet's tables set them
    assert "3: 35" not in box


def test_a_changed_sentence_with_a_table_keeps_its_old_table(tmp_path: Path) -> None:
    """fixed-ten once printed "(was: … beyond the table, 5 more each time:)", the old
    sentence ending in a colon with no table after it."""
    box = _box(_md(ROOT / "examples" / "house-rules" / "fixed-ten.rules"))
    old = box.split("Was:")[1]
    assert "5 more each time:" in old
    assert ["armies", "4", "6", "8", "10", "12", "15", "20", "25"] in _rows(old)


# ----------------------------------------------------------------------------- names for people


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("en", "## Changes from Classic Risk"),
        ("da", "## Ændringer i forhold til Klassisk Risk"),
        ("nl", "## Wijzigingen ten opzichte van Klassiek Risk"),
    ],
)
def test_the_box_names_the_base_by_its_title_in_the_readers_language(
    lang: str, heading: str
) -> None:
    md = _md(ROOT / "examples" / "house-rules" / "attacker-wins-ties.rules", lang)
    assert heading + "\n" in md


def _ids() -> list[str]:
    found = run_cli("list", "--format", "json").json()
    return [r["name"] for r in found]  # type: ignore[union-attr,index]


def _names_an_id(text: str, ids: list[str]) -> str | None:
    for name in ids:
        # an id as a word of its own (not the "classic" of a file's name, not part of a word)
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w.-])", text):
            return name
    return None


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_no_ruleset_id_on_a_house_rules_sheet(path: Path) -> None:
    ids = [*_ids(), path.stem]
    for lang in LANGS:
        md = _md(path, lang)
        # "classic" is an English word too ("Risk: the classic rules in Danish"): on an English
        # sheet the id is looked for where it once stood, the box's heading.
        shown = [i for i in ids if not (lang == "en" and i == "classic")]
        assert _names_an_id(md, shown) is None, (lang, _names_an_id(md, shown))
        assert not re.search(r"^## \S.* classic$", md, re.M), lang


@pytest.mark.parametrize("name", ["classic", "da-2006", "da-2006-2p-active", "nl-classic"])
def test_built_in_titles_in_each_language_without_the_manuals_number(name: str) -> None:
    ids = _ids()
    titles = set()
    for lang in LANGS:
        md = _md(name, lang)
        title = md.splitlines()[0]
        assert not re.search(r"\(\d{3}\)", title), title
        assert _names_an_id(md, ids) is None, (lang, _names_an_id(md, ids))
        titles.add(title)
    assert len(titles) == 3  # a title of its own in each language


def test_a_danish_manuals_title_is_danish_on_a_danish_sheet_and_english_on_an_english_one() -> None:
    assert _md("da-2006", "da").startswith("# RISK: Spillet om verdensherredømmet (2006)\n")
    assert _md("da-2006", "en").startswith("# RISK: The Game of World Domination")


def test_the_diff_page_heads_its_columns_with_titles() -> None:
    result = run_cli(
        "diff", "classic", "da-2006", "nl-classic", "--format", "html", "--lang", "da", "-o", "-"
    )
    assert result.code == 0, result.err
    heads = re.findall(r"<th><b>([^<]*)</b></th>", result.out)[:3]
    assert heads == [
        "Klassisk Risk",
        "RISK: Spillet om verdensherredømmet (2006)",
        "Risk: de hollandske regler",
    ]
    page = re.sub(r"<[^>]+>", " ", result.out)
    assert _names_an_id(page, _ids()) is None, _names_an_id(page, _ids())
    assert not re.search(r"\b(da|nl)00\d\b", page)  # manuals by their titles, not their ids


TITLED = (
    'title {en: "Our table", da: "Vores bord", nl: "Onze tafel"}',
    "  override combat.ties: attacker",
)


@pytest.mark.parametrize(
    ("lang", "title"), [("en", "Our table"), ("da", "Vores bord"), ("nl", "Onze tafel")]
)
def test_a_house_rule_gives_its_title_per_language(tmp_path: Path, lang: str, title: str) -> None:
    house = _house(tmp_path, "classic", TITLED[1], name="family", title=TITLED[0])
    assert run_cli("check", str(house)).code == 0
    assert _md(house, lang).startswith(f"# {title}\n")


def test_a_title_not_given_in_the_sheets_language_is_the_english_one(tmp_path: Path) -> None:
    house = _house(tmp_path, "classic", TITLED[1], title='title {en: "Our table", da: "Vores"}')
    assert _md(house, "nl").startswith("# Our table\n")


@pytest.mark.parametrize(
    ("title", "message"),
    [
        ('title {en: "Our table", dk: "Vores bord"}', "'dk' is not a language of the sheets"),
        ('title {en: "Our table", en: "Table"}', "gives 'en' twice"),
        ("title {en: 3}", "must be a quoted text"),
        ("title {}", "gives no text"),
    ],
)
def test_a_bad_title_per_language_is_a_located_error(
    tmp_path: Path, title: str, message: str
) -> None:
    house = _house(tmp_path, "classic", TITLED[1], title=title)
    result = run_cli("check", str(house))
    assert result.code == 1 and "error[RR0124]" in result.out and message in result.out
    assert "Traceback" not in result.out + result.err
    summary = run_cli("summary", str(house), "-o", str(tmp_path / "x.html"))
    assert summary.code == 1 and "RR0124" in summary.out + summary.err


def test_fmt_keeps_titles_and_notes_and_their_meaning(tmp_path: Path) -> None:
    from riskrules.grammar.reader import read_rules

    messy = (
        "ruleset family\n"
        '      title {en: "Our table",da:"Vores bord" , nl: "Onze tafel"}\n'
        "        extends classic {\n"
        "override combat.ties: attacker\n"
        '       note {en: "Faster games.", da: "Hurtigere spil."}\n'
        '   override reinforcements.minimum: 4 note "Four, always."\n'
        "}\n"
    )
    path = tmp_path / "family.rules"
    path.write_text(messy, encoding="utf-8")
    assert run_cli("fmt", str(path)).code == 0
    formatted = path.read_text(encoding="utf-8")
    assert formatted == (
        "ruleset family\n"
        '  title {en: "Our table", da: "Vores bord", nl: "Onze tafel"}\n'
        "  extends classic {\n"
        "  override combat.ties: attacker\n"
        '    note {en: "Faster games.", da: "Hurtigere spil."}\n'
        '  override reinforcements.minimum: 4 note "Four, always."\n'
        "}\n"
    )
    assert run_cli("fmt", "--check", str(path)).code == 0
    before = read_rules(messy, "a.rules").file.rulesets[0]
    after = read_rules(formatted, "a.rules").file.rulesets[0]
    assert before.title is not None and after.title is not None
    assert before.title.texts == after.title.texts  # type: ignore[attr-defined]
    assert [(c.id, c.note, getattr(c.note, "texts", ())) for c in before.clauses] == [
        (c.id, c.note, getattr(c.note, "texts", ())) for c in after.clauses
    ]


def test_show_prints_the_title_and_notes_as_written(tmp_path: Path) -> None:
    house = _house(
        tmp_path,
        "classic",
        '  override combat.ties: attacker note {en: "Faster.", da: "Hurtigere."}',
        title=TITLED[0],
    )
    shown = run_cli("show", str(house))
    assert shown.code == 0
    assert (
        'ruleset house title {en: "Our table", da: "Vores bord", nl: "Onze tafel"} {' in shown.out
    )
    assert '    note {en: "Faster.", da: "Hurtigere."}' in shown.out
    data = run_cli("show", str(house), "--format", "json").json()
    assert data["titles"] == {"en": "Our table", "da": "Vores bord", "nl": "Onze tafel"}  # type: ignore[index,call-overload]
    explained = run_cli("explain", str(house), "combat.ties", "--format", "json").json()
    assert explained["title"] == "Our table"  # type: ignore[index,call-overload]
    assert explained["chain"][0]["note"] == {"en": "Faster.", "da": "Hurtigere."}  # type: ignore[index,call-overload]


def test_title_in_is_the_one_title_of_every_front_end(tmp_path: Path) -> None:
    from riskrules.grammar.library import locate
    from riskrules.tools.service.rulesets import title_in

    _, eff = locate("da-2006")
    assert title_in(eff, "da") == "RISK: Spillet om verdensherredømmet (2006)"
    assert title_in(eff, "nl") == title_in(eff.ruleset, "nl")
    assert title_in(eff, "nl").startswith("RISK: Het spel van de wereldheerschappij")
    untitled = tmp_path / "army-cap.rules"
    untitled.write_text(
        "ruleset army-cap extends classic {\n  territory.max_armies: 12\n}\n", encoding="utf-8"
    )
    # No title of its own: its id in words, never its base's title (nor the id itself).
    assert title_in(locate(str(untitled))[1], "da") == "Army cap"


def test_the_studio_start_page_names_the_bases_in_the_readers_language(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from test_studio import client

    c = client(tmp_path)
    assert "RISK: The Game of World Domination (Danish edition, 2006)" in c.get("/").text
    c.post("/language", data={"lang": "da", "back": "/"})
    page = c.get("/").text
    assert "RISK: Spillet om verdensherredømmet (2006)" in page and "Klassisk Risk" in page
    assert "(000)" not in page


# ------------------------------------------------------------------------------- the author's words

NOTED = (
    "  override combat.ties: attacker\n"
    '    note {en: "Ties go to the attacker to speed games up.",'
    ' da: "Uafgjort går til angriberen, så spillet går hurtigere."}\n'
    '  override reinforcements.minimum: 4 note "Vier, altijd."'
)


def test_a_note_is_printed_beneath_its_rule_in_the_sheets_language(tmp_path: Path) -> None:
    house = _house(tmp_path, "classic", NOTED)
    en, da, nl = (_md(house, lang) for lang in LANGS)
    ties_en = en.index("on **equal dice the attacker** wins.", en.index("## Your turn"))
    assert en.index("*Ties go to the attacker to speed games up.*") > ties_en
    assert "Uafgjort går til angriberen, så spillet går hurtigere." in da
    assert "Ties go to the attacker" not in da  # a note per language: in its own language
    assert "Ties go to the attacker" not in nl and "Uafgjort" not in nl  # none given in Dutch
    for md in (en, da, nl):  # a note in one string: the author's words on every sheet
        assert "*Vier, altijd.*" in md
    html = run_cli("summary", str(house), "--lang", "en", "--format", "html", "-o", "-").out
    sentence = html.index("<b>equal dice the attacker</b> wins.", html.index('class="turn"'))
    note = html.index('<p class="note"><em>Ties go to the attacker to speed games up.</em></p>')
    assert note > sentence and "<p" not in html[sentence:note].replace('<p class="note">', "")


def test_a_house_rules_sheet_has_no_source_lines_unless_asked(tmp_path: Path) -> None:
    house = _house(tmp_path, "classic", NOTED)
    plain = _md(house)
    assert "\n*Risk" not in plain and "Sources:" not in plain
    cited = _md(house, "en", "--citations", "sections")
    assert "Sources:" in cited and "\n*Risk" in cited
    # A built-in's sheet still names its manual's pages by default.
    assert "Sources:" in _md("da-2006", "da") or "Kilder:" in _md("da-2006", "da")


def test_a_bad_note_is_a_located_error(tmp_path: Path) -> None:
    house = _house(tmp_path, "classic", '  override combat.ties: attacker note {en: "a", xx: "b"}')
    result = run_cli("check", str(house))
    assert result.code == 1 and "error[RR0124]" in result.out
    assert "the note on 'combat.ties': 'xx' is not a language of the sheets" in result.out


# ----------------------------------------------------------------------------------- the battle box


def _percent(p: float, lang: str) -> str:
    # Danish writes a (non-breaking) space before the sign, as Babel's CLDR data has it
    return {"en": f"{round(p * 100)}%", "da": f"{round(p * 100)}\xa0%", "nl": f"{round(p * 100)}%"}[
        lang
    ]


@pytest.mark.parametrize(
    ("lang", "heading", "fight"),
    [
        ("en", "## Battles", "{a} against {d}"),
        ("da", "## Kampe", "{a} mod {d}"),
        ("nl", "## Gevechten", "{a} tegen {d}"),
    ],
)
def test_a_changed_battle_gets_its_odds_beside_the_bases(
    lang: str, heading: str, fight: str
) -> None:
    from riskrules.tools.service import odds
    from riskrules.tools.service.snapshot import Snapshot

    path = ROOT / "examples" / "house-rules" / "attacker-wins-ties.rules"
    md = _md(path, lang)
    assert heading + "\n" in md
    box = md.split(heading + "\n")[1].split("\n## ")[0]
    rows = _rows(box)
    assert rows[0][1:] == [
        {"en": "Classic Risk", "da": "Klassisk Risk", "nl": "Klassiek Risk"}[lang],
        {
            "en": "Attacker wins ties",
            "da": "Angriberen vinder ved uafgjort",
            "nl": "Bij gelijkspel wint de aanvaller",
        }[lang],
    ]
    for (a, d), row in zip(((3, 2), (5, 3), (10, 10)), rows[1:], strict=True):
        both = Snapshot.of([str(path)])
        base = float(odds.battle(both, "classic", a, d).attacker_wins)
        house = float(odds.battle(both, str(path), a, d).attacker_wins)
        assert row == [fight.format(a=a, d=d), _percent(base, lang), _percent(house, lang)]
    assert len(rows) == 4


def test_the_odds_of_classic_are_the_known_ones() -> None:
    """3 attackers against 2 under classic: 65.6% (the odds command's own figure)."""
    rows = _rows(
        _md(ROOT / "examples" / "house-rules" / "defender-three-dice.rules", "en")
        .split("## Battles")[1]
        .split("\n## ")[0]
    )
    assert rows[1][:2] == ["3 against 2", "66%"]
    assert rows[3][2] != rows[3][1]  # three defending dice change 10 against 10


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "*A six against a six now costs the defender an army: attacks pay.*"),
        ("da", "*Sekser mod sekser koster nu forsvareren en armé: angreb betaler sig.*"),
        ("nl", "*Zes tegen zes kost nu de verdediger een leger: aanvallen loont.*"),
    ],
)
def test_the_examples_notes_reach_their_sheets(lang: str, note: str) -> None:
    md = _md(ROOT / "examples" / "house-rules" / "attacker-wins-ties.rules", lang)
    steps = md[md.index("\n### ") :]
    assert note in steps  # beneath the rule where it stands in the turn


@pytest.mark.parametrize("name", ["fast-escalation", "no-cards", "unlimited-fortify"])
def test_no_battle_box_when_combat_is_the_bases(name: str) -> None:
    md = _md(ROOT / "examples" / "house-rules" / f"{name}.rules")
    assert "## Battles" not in md


def test_an_example_with_titles_per_language_starts_a_house_rule_with_them(tmp_path: Path) -> None:
    listed = run_cli("new", "--from", "list")
    assert "  attacker-wins-ties   Attacker wins ties\n" in listed.out  # its title, not its id
    made = run_cli("new", "mine", "--from", "attacker-wins-ties", cwd=tmp_path)
    assert made.code == 0, made.err
    mine = tmp_path / "mine.rules"
    assert run_cli("check", str(mine)).code == 0
    assert _md(mine, "da").startswith("# Angriberen vinder ved uafgjort\n")
    assert "*Sekser mod sekser koster nu forsvareren en armé: angreb betaler sig.*" in _md(
        mine, "da"
    )
    retitled = run_cli(
        "new", "ours", "--from", "attacker-wins-ties", "--title", 'Our "best"', cwd=tmp_path
    )
    assert retitled.code == 0
    ours = tmp_path / "ours.rules"
    assert 'ruleset ours "Our \\"best\\""\n  extends classic {' in ours.read_text()
    assert run_cli("check", str(ours)).code == 0
    scaffold = run_cli("new", "fresh", "-o", "-")
    assert 'ruleset fresh "House rules on Classic Risk" extends classic {' in scaffold.out


def test_a_combat_rule_that_leaves_the_odds_alone_gets_no_battle_box(tmp_path: Path) -> None:
    """At most two armies lost a roll: two pairs of dice are compared at most, so no fight's
    odds change; the box would show the same figures twice."""
    house = _house(tmp_path, "classic", "  combat.loss_cap: 2")
    md = _md(house)
    assert "## Changes from Classic Risk" in md and "## Battles" not in md
    capped = _md(_house(tmp_path, "classic", "  combat.loss_cap: 1", name="capped"))
    assert "## Battles" in capped  # one army a roll does change them


def test_the_start_armies_table_has_a_column_for_each_count_the_ruleset_allows() -> None:
    """A house rule for 3 to 4 players (`override players: 3 .. 4`) keeps its base's start
    armies for 5 and 6: its sheet's table gives 3 and 4 only, in every language."""
    path = ROOT / "examples" / "house-rules" / "three-and-a-neutral.rules"
    assert "override players: 3 .. 4" in path.read_text(encoding="utf-8")
    for lang, word in (("en", "players"), ("da", "spillere"), ("nl", "spelers")):
        sheet = run_cli("summary", str(path), "--lang", lang, "--format", "md", "-o", "-")
        assert sheet.code == 0, sheet.err
        header = next(ln for ln in sheet.out.splitlines() if ln.strip().startswith(f"| {word} |"))
        assert [c.strip() for c in header.strip().strip("|").split("|")][1:] == ["3", "4"], header
