"""A small house rule keeps its base's one page (issue: the Danish player's journey printed on
two): a changed table is shown once in the box of changes, its changed rows with the base's
value beside the new, never the base's whole table again under the new one. The page count is
WeasyPrint's (marker `sheets`); the box itself is read from the HTML, without WeasyPrint."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from helpers import run_cli

# A house rule as the studio's form makes it, started from a printed game (the studio's long
# title: "Husregler til" and the base's own): Asia's bonus and who wins ties changed.
HOUSE = """ruleset house "Husregler til RISK: Spillet om verdensherredømmet (2006)"
  extends {base} {{
  override combat.ties: attacker
  override continents.bonus: {{asia: 9, north_america: 5, europe: 5, africa: 3,
    south_america: 2, australia: 2}}
}}
"""
ASIA = {"en": "Asia", "da": "Asien", "nl": "Azië"}
WAS = {"en": "was", "da": "var", "nl": "was"}
BASES = ["da-2006", "nl-classic", "classic"]  # each a one-page sheet in every language


def _house(tmp_path: Path, base: str) -> Path:
    path = tmp_path / "house.rules"
    path.write_text(HOUSE.format(base=base), encoding="utf-8")
    return path


def _sheet(ref: str, lang: str, fmt: str) -> str:
    result = run_cli("summary", ref, "--lang", lang, "--format", fmt, "-o", "-")
    assert result.code == 0, result.err
    return result.out


def _cells(html: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)
    return [re.findall(r"<t[dh]>([^<]*)</t[dh]>", row) for row in rows]


@pytest.mark.parametrize("lang", ["da", "nl", "en"])
def test_the_box_shows_a_changed_table_once_the_old_beside_the_new(
    tmp_path: Path, lang: str
) -> None:
    html = _sheet(str(_house(tmp_path, "da-2006")), lang, "html")
    box = html.split('<section class="changes">')[1].split("</section>")[0]
    # The base's own sheet gives Asia's old bonus (7 in the Danish manual's table, p. 3).
    base = _cells(_sheet("da-2006", lang, "html"))
    old = next(row[1] for row in base if row and row[0] == ASIA[lang])
    assert box.count("<table") == 1, box
    assert _cells(box) == [[ASIA[lang], "9", f"{WAS[lang]} {old}"]], box
    assert old != "9"


@pytest.mark.sheets
@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("lang", ["da", "nl", "en"])
def test_a_small_house_rule_on_a_one_page_base_prints_on_one_page(
    tmp_path: Path, base: str, lang: str
) -> None:
    from riskrules.tools.service import sheets
    from riskrules.tools.service.snapshot import Snapshot
    from riskrules.tools.sheets.pdf import BASE_TYPE

    own = sheets.summary(Snapshot.of(), base, lang, "pdf")
    assert own.pages == 1, (base, lang)  # the base prints on one page...
    path = _house(tmp_path, base)
    house = sheets.summary(Snapshot.of([str(path)]), str(path), lang, "pdf")
    assert house.pages == 1, (base, lang)  # ... and so does a house rule of two changes
    assert isinstance(house.data, bytes)
    assert _body_type(house.data) >= BASE_TYPE  # by the box, not by smaller type


def _body_type(pdf: bytes) -> float:
    """The type size most of the PDF's text is set in, in pt (pypdf's text matrices)."""
    import io

    import pypdf

    used: Counter[float] = Counter()

    def seen(text: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        if text.strip():
            used[round(size * abs(tm[3]) * abs(cm[3]), 1)] += len(text)

    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=seen)
    return used.most_common(1)[0][0]


def test_a_table_beside_its_old_one_shows_only_what_changed() -> None:
    from riskrules.tools.sheets.beside import beside

    old = [["players", "3", "4", "5"], ["armies each", "35", "30", "25"]]
    new = [["players", "3", "4"], ["armies each", "40", "30"]]
    assert beside(new, old, "was", "new") == [
        ["players", "3", "5"],
        ["armies each", "40", "—"],
        ["Was", "35", "25"],
    ]
    down = [["Asia", "7"], ["Europe", "5"], ["Africa", "3"]]
    now = [["Asia", "7"], ["Europe", "6"], ["Mars", "1"]]
    assert beside(now, down, "was", "new") == [
        ["Europe", "6", "was 5"],
        ["Mars", "1", "new"],
        ["Africa", "—", "was 3"],
    ]
    assert beside(down, down, "was", "new") == down  # a sentence changed, not its table
    assert beside([["Mars", "1"]], down, "was", "new") == []  # nothing in common: both shown
