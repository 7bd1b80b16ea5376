"""The pages a player sees before any Python has loaded in the page: every built-in ruleset's
rule sheet and card in every language, and the concordance of the four manuals, written as
static, printable HTML when the site is built (the same service calls `riskrules summary`
and `riskrules diff` make)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..service import rulesets, sheets
from ..service.snapshot import Snapshot
from . import output

# The four manuals' own rulesets: the concordance sets them side by side.
MANUALS = ("nl-classic", "da-classic", "da-2006", "da-web")


@dataclass(frozen=True)
class Row:
    title: str
    sheet: str
    card: str


def with_policy(html: str, csp: str) -> str:
    """The page with the site's content policy as its first element (a static host sends no
    headers of the site's choosing)."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
    at = html.find("<head>")
    if at < 0:
        return meta + html
    return html[: at + len("<head>")] + meta + html[at + len("<head>") :]


def write_all(site: Path, languages: tuple[str, ...], csp: str) -> dict[str, list[Row]]:
    """Write the pages into `site`; the front page's rows, by language."""
    rows: dict[str, list[Row]] = {lang: [] for lang in languages}
    for folder in ("sheets", "cards"):
        output.folder(site / folder)
    snapshot = Snapshot.of()  # the built-ins, read and checked once for every page
    for entry in rulesets.builtins(snapshot):
        eff = snapshot.ruleset(entry.name)
        for lang in languages:
            sheet = f"sheets/{entry.name}.{lang}.html"
            card = f"cards/{entry.name}.{lang}.html"
            page = sheets.summary(snapshot, entry.name, lang, "html")
            output.write(site / sheet, with_policy(str(page.data), csp))
            page = sheets.summary(snapshot, entry.name, lang, "html", layout="card")
            output.write(site / card, with_policy(str(page.data), csp))
            rows[lang].append(Row(rulesets.title_in(eff, lang), sheet, card))
    found = sheets.diff(snapshot, list(MANUALS))
    for lang in languages:
        html = found.document("html", lang)
        output.write(site / f"concordance.{lang}.html", with_policy(html, csp))
    return rows
