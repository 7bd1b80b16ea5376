"""'Cited' is a sentence-to-rule map (issue 47): every cited passage of the four manuals is
cited by a rule whose family is about what the sentence is about, a passage set aside is set
aside for a reason that does not say the engine plays it, and the marked-up manual names each
sentence's rules. The subject words are the manuals' own (Danish and Dutch), one list a rule
family, written here from the manuals, not from the rules files."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from helpers import SEEDS, run_cli
from riskrules.tools.compliance.coverage import CITED, HEADING, SET_ASIDE, Passage
from riskrules.tools.service.compliance import manuals_page
from riskrules.tools.service.snapshot import Snapshot

# What a sentence must mention for a rule of the family to encode it (any of the words).
SUBJECT = {
    "cards": r"kort|sæt|kaart|set|joker|wild|byt|inruil|ruil|billede|afbeelding|design|symbol"
    r"|infanter|kavaler|cavaler|artiller|guldkavaleri|hære|leger|territori|område|gebied|vent"
    r"|wacht",
    "combat": r"terning|angr|forsvar|invasion|slag|dobbelste|aanval|verdedig|kamp|gevecht|vind"
    r"|tab|mister|verlies|wint|hoger|højere|gelijk|uafgjort|øjne|kast|worp|gooi|rul|rol|matrice"
    r"|grænse|forbund|kystlinje|hær|leger|territori|fange|doos",
    "conquest": r"flyt|ryk|verhuiz|besæt|indfang|overtag|erob|verover|overwonnen|territori|gebied",
    "fortify": r"overfør|forstærk|befæst|versterk|flyt|ryk|tropper|position|positie|forbund"
    r"|tilstød|grenz|territori|gebied|ubesat|efterlad|hær|leger|igennem|venlig|fjende",
    "reinforcements": r"forstærkning|hær|armé|leger|placer|plaats|territori|gebied|divid|deel"
    r"|\btre\b|drie",
    "continents": r"kontinent|continent|amerika|asien|azië|europa|afrika|australi|oversigt"
    r"|diagram|grafiek|tabel|bonus|ekstra|extra|tal\b|version",
    "setup": r"spiller|speler|hær|armé|leger|territori|gebied|område|terning|dobbelste|kast"
    r"|gooi|slå|rul|start|begyn|placer|plaats|opstilling|opsætning|forbered|kort|kaart"
    r"|venstre|links|krav|tur\b|hævd",
    "turn": r"tur\b|turen|beurt|fase|trin|stap|angr|aanval|forstærk|befæst|versterk|overfør"
    r"|placer|plaats|næste|volgende|kort|kaart|afslut|eind|kamp|bestik|styrke|^\d\.",
    "victory": r"vind|win|formål|doel|udslet|elimin|besejr|verover|erobr|verden|mission",
    "elimination": r"udslet|elimin|ude af|kort|kaart|byt|inruil|forstærk",
    "neutrals": r"neutral|allier|bondgenoot|involveret|kanon|status|bestik|kort|terning"
    r"|modspiller|forsvar|flytte|angr|forstærk|territori|overfør|tropper|defensiv|hær|invasion",
    "missions": r"mission|kaptajn|major|oberst|general|påberåb|bunke|hemmelig|kort",
    "teams": r"hold|team|makker|kontroll|flest|kort|ryk|overfør|angr",
    "territory": r"kontroll|besæt|territori|gebied|armé|hær|leger|bezet|hold",
    "players": r"spiller|speler|\d|\b(?:to|tre|fire|fem|seks|twee|drie|vier|vijf|zes)\b"
    r"|farve|kleur",
    "board": r"territori|gebied|grænse|tilstød|forbund|grenz|kontinent|continent|bræt|bord",
}
FRAGMENT = 4  # words: a piece of a table or a picture's labels names no subject of its own
# A reason that says the engine plays the passage: then a rule must cite it instead.
ENFORCED = re.compile(r"engine (allows|plays|does|enforces)|built into", re.I)


@pytest.fixture(scope="module")
def passages() -> list[Passage]:
    if not SEEDS.is_dir():
        pytest.skip("the manuals' texts are not here")
    page = manuals_page(Snapshot.of(), ["da-2006", "da-classic", "da-web", "nl-classic"], SEEDS)
    return [p for report in page.reports for p in report.every]


def _about(passage: Passage, rule: str) -> bool:
    family = "players" if rule == "players" else rule.split(".")[0]
    words = SUBJECT.get(family)
    assert words is not None, f"no subject words for the family of {rule}"
    return re.search(words, passage.text, re.I) is not None


def test_every_citation_is_about_its_sentence(passages: list[Passage]) -> None:
    """Each cited passage (all of them: a sample would let one slip) is cited by at least one
    rule whose family its sentence talks about."""
    cited = [p for p in passages if p.status == CITED]
    assert len(cited) > 400
    wrong = [
        f"{p.document} {p.where()} {[r for _, r in p.rules]}: {p.text[:80]}"
        for p in cited
        if len(p.text.split()) >= FRAGMENT and not any(_about(p, r) for _, r in p.rules)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_check_fails_on_a_citation_about_something_else(passages: list[Passage]) -> None:
    """The check above can fail: a battle's sentence cited by a card rule is caught."""
    battle = next(p for p in passages if "sammenlignes med forsvarerens" in p.text)
    assert _about(battle, "combat.compare") and not _about(battle, "missions.ranks")


def test_a_sample_of_each_status_is_true(passages: list[Passage]) -> None:
    """A seeded sample of each status: a set-aside reason never says the engine plays the
    passage (then a rule cites it), a heading is a short title, a cited one names its rules."""
    rng = random.Random(47)
    by_status: dict[str, list[Passage]] = {}
    for p in passages:
        by_status.setdefault(p.status, []).append(p)
    assert set(by_status) == {CITED, SET_ASIDE, HEADING}
    for p in rng.sample(by_status[SET_ASIDE], 40):
        assert p.why and not ENFORCED.search(p.why), (p.where(), p.text, p.why)
    assert not [p.why for p in by_status[SET_ASIDE] if ENFORCED.search(p.why)]
    for p in rng.sample(by_status[HEADING], 10):
        assert len(p.text.split()) <= 12 and not p.rules, p.text
    for p in rng.sample(by_status[CITED], 40):
        assert p.rules and all(rule for _, rule in p.rules)


def test_the_marked_up_manual_names_each_sentences_rules() -> None:
    """`trace --format html`: a cited sentence is followed by the ids of the rules that cite it
    (000 p6's comparison of the highest dice: combat.compare)."""
    if not SEEDS.is_dir():
        pytest.skip("the manuals' texts are not here")
    html = manuals_page(Snapshot.of(), ["da-2006"], SEEDS).html
    found = re.search(
        r"HØJESTE antal øjne sammenlignes med forsvarerens[^<]*</span>"
        r'<span class="rules">\[([^\]]*)\]</span>',
        html,
    )
    assert found is not None and ">combat.compare</a>" in found.group(1)


def test_an_assumed_value_cites_no_sentence_into_cited(tmp_path: Path) -> None:
    """A rule whose whole value is assumed says where the manual is silent: its citation does
    not make the sentence cited (issue 47: a sentence cited only through an assumption about
    another thing); the same rule with a stated value does."""
    sources = tmp_path / "manuals"
    sources.mkdir()
    (sources / "house.txt").write_text(
        "Husregler\nHver spiller trækker to kort efter en erobring.\n", encoding="utf-8"
    )
    rules = tmp_path / "house.rules"
    text = (
        'source house "house.txt" language da title "Vores husregler"\n'
        'ruleset ours "Ours" extends classic {\n'
        "  from house\n"
        "  override cards.draw: VALUE\n"
        '    cite house section "Husregler" "trækker to kort efter en erobring"\n'
        "}\n"
    )
    for value, cited in (('assumed 2 because "we guess"', 0), ("2", 1)):
        rules.write_text(text.replace("VALUE", value), encoding="utf-8")
        result = run_cli(
            "trace", str(rules), "--sources", str(sources), "--uncovered", "--format", "json"
        )
        manual = result.json()["manuals"][0]  # type: ignore[index]
        assert (manual["cited"], manual["uncovered_count"]) == (cited, 1 - cited), value


@pytest.mark.parametrize(
    ("words", "rule"),
    [
        ("Du forsøger at indsamle sæt af 3 kort", "cards.sets"),  # 001, was elimination.cards
        ("Antallet af forstærkninger, du modtager for at bytte", "cards.trade_values"),  # 000 p5
        ("HØJESTE antal øjne sammenlignes med forsvarerens", "combat.compare"),  # was set aside
        ("Du kan foretage mere end én invasion i", "combat.attacks"),  # was set aside
    ],
)
def test_the_named_sentences_are_cited_by_their_rule(
    passages: list[Passage], words: str, rule: str
) -> None:
    found = next(p for p in passages if words in p.text)
    assert found.status == CITED and rule in [r for _, r in found.rules], found.rules


def test_the_advice_twins_share_one_status(passages: list[Passage]) -> None:
    """001's and 004's advice to place wisely and attack at the right moment: both set aside."""
    twins = [
        p
        for p in passages
        if "placere dine kræfter klogt" in p.text or "Je moet je legers slim plaatsen" in p.text
    ]
    assert len(twins) == 2 and {p.status for p in twins} == {SET_ASIDE}
