"""The pages a player sees before any Python has loaded in the page: every built-in ruleset's
rule sheet and card in every language, and the concordance of the four manuals, written as
static, printable HTML when the site is built (the same service calls `riskrules summary`
and `riskrules diff` make)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from ..service import rulesets, sheets
from ..service.snapshot import Snapshot
from . import output

# The four manuals' own rulesets: the concordance sets them side by side.
MANUALS = ("nl-classic", "da-classic", "da-2006", "da-web")


# A page's own stylesheet and print-fitting script, the same in every sheet (and card) of a
# layout: kept once in a file of the folder, which each page links, instead of once a page
# (0.17 MB of a cold visit's transfer, gzip). A block found nowhere else stays inline.
_BLOCKS = re.compile(r"<style>(.*?)</style>|<script>(.*?)</script>", re.S)


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


def shared_blocks(pages: dict[Path, str]) -> dict[Path, str]:
    """`pages` (a folder's, by path) with each style and script block that two or more of
    them hold moved to a file of that folder named by its content, and linked; the files are
    among the pages returned."""
    seen: dict[str, int] = {}
    for html in pages.values():
        for block in {m.group(0) for m in _BLOCKS.finditer(html)}:
            seen[block] = seen.get(block, 0) + 1
    out: dict[Path, str] = {}
    for path, html in pages.items():

        def linked(found: re.Match[str], folder: Path = path.parent) -> str:
            if seen[found.group(0)] < 2:
                return found.group(0)
            css, js = found.group(1), found.group(2)
            text = css if css is not None else js
            kind = "css" if css is not None else "js"
            name = f"{hashlib.sha256(text.encode()).hexdigest()[:12]}.{kind}"
            out[folder / name] = text
            if css is not None:
                return f'<link rel="stylesheet" href="{name}">'
            return f'<script src="{name}"></script>'

        out[path] = _BLOCKS.sub(linked, html)
    return out


def write_all(site: Path, languages: tuple[str, ...], csp: str) -> dict[str, list[Row]]:
    """Write the pages into `site`; the front page's rows, by language."""
    rows: dict[str, list[Row]] = {lang: [] for lang in languages}
    for folder in ("sheets", "cards"):
        output.folder(site / folder)
    snapshot = Snapshot.of()  # the built-ins, read and checked once for every page
    pages: dict[Path, str] = {}
    for entry in rulesets.builtins(snapshot):
        eff = snapshot.ruleset(entry.name)
        for lang in languages:
            sheet = f"sheets/{entry.name}.{lang}.html"
            card = f"cards/{entry.name}.{lang}.html"
            page = sheets.summary(snapshot, entry.name, lang, "html")
            pages[site / sheet] = with_policy(str(page.data), csp)
            page = sheets.summary(snapshot, entry.name, lang, "html", layout="card")
            pages[site / card] = with_policy(str(page.data), csp)
            rows[lang].append(Row(rulesets.title_in(eff, lang), sheet, card))
    for folder in ("sheets", "cards"):
        mine = {path: html for path, html in pages.items() if path.parent == site / folder}
        for path, text in shared_blocks(mine).items():
            output.write(path, text)
    found = sheets.diff(snapshot, list(MANUALS))
    for lang in languages:
        html = found.document("html", lang)
        output.write(site / f"concordance.{lang}.html", with_policy(html, csp))
    return rows
