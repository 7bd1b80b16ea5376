"""Issue 44's journeys on the static site, in the system's headless Chromium with every
request outside 127.0.0.1 refused: the site built by `riskrules site build` and served by
`riskrules site serve`; the studio's own app answering in the page's Web Worker."""

from __future__ import annotations

import base64
import html
import zlib
from pathlib import Path
from typing import Any

import pytest
from sitehelpers import built, local_only, serving, stop, until
from studiohelpers import open_text_view

from helpers import NOT_HERE

pytestmark = pytest.mark.site
pytest.importorskip("playwright.sync_api", reason=NOT_HERE + "no Playwright")
WAIT = 60_000
READY = "window.__site && window.__site.navigations > 0"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory)


def _context(browser: Any, locale: str = "da-DK") -> Any:
    context = browser.new_context(locale=locale, viewport={"width": 1400, "height": 1000})
    refused = local_only(context)
    context.set_default_timeout(WAIT)
    context.refused = refused  # read by _closed
    return context


def _closed(context: Any) -> None:
    """Close a context, and check the site asked for nothing from another origin."""
    refused = list(context.refused)
    context.close()
    assert not refused, refused[:5]


def test_the_front_page_shows_every_sheet_before_any_python(browser: Any, site: Path) -> None:
    """A built-in sheet, in the browser's language, with no Python loaded at all."""
    with serving(site) as (address, _):
        context = _context(browser)
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.goto(address)
        front = page.locator("section.front[data-lang='da']")
        assert front.is_visible() and not page.locator("section[data-lang='en']").is_visible()
        assert front.locator("table.sheets tbody tr").count() >= 12
        front.locator("a", has_text="Regelark").first.click()
        page.wait_for_url("**/sheets/*.da.html")
        assert "uafgjort" in page.inner_text("body")  # the Danish sheet's own words
        assert not [u for u in asked if "/pyodide/" in u or "/wheels/" in u]  # no Python
        page.go_back()
        page.locator("section.front[data-lang='da'] a", has_text="Hvor manualerne").click()
        page.wait_for_url("**/concordance.da.html")
        assert page.locator("table").count() >= 1 and "Kommandomanual" in page.content()
        # The front page keeps the whole site for offline use: a sheet opens with no network.
        until(page, "navigator.serviceWorker.controller !== null", 180)
        context.set_offline(True)
        page.goto(address + "sheets/classic.nl.html")
        assert "Risk" in page.locator("h1").first.inner_text()
        context.set_offline(False)
        _closed(context)


def test_a_house_rule_shared_and_edited_offline(browser: Any, site: Path) -> None:
    """da-2006, ties to the attacker through the form; the Danish sheet's sentence and the diff
    change; the share link opens the same house rule in a fresh profile; with the server
    stopped, a reload still edits (the service worker)."""
    with serving(site) as (address, server):
        context = _context(browser)
        page = context.new_page()
        page.goto(address + "studio.html")
        until(page, READY)
        page.click("button[value='da-2006']")
        sheet = page.frame_locator("#sheet")
        sheet.locator("text=uafgjort vinder forsvareren").first.wait_for()
        field = "form.field[data-rule='combat.ties']"
        page.click("details[data-section='attack'] > summary")
        page.select_option(f"{field} select", "attacker")  # a change posts the form
        sheet.locator("text=uafgjort vinder angriberen").first.wait_for()
        text = page.input_value("#text")
        assert "override combat.ties: attacker" in text
        page.locator("#diff li.change").first.wait_for()
        assert "vinder angriberen" in page.locator("#diff").inner_text()  # the change in words
        page.click("#site-share")
        until(page, "document.getElementById('site-share-link').value.length > 0", 10)
        link = page.input_value("#site-share-link")
        assert "#rules=" in link and len(link) < 4000

        fresh = _context(browser, "en-GB")
        other = fresh.new_page()
        other.goto(link)
        until(other, READY)
        open_text_view(other)
        assert other.input_value("#text") == text
        _closed(fresh)

        until(page, "window.__site.offlineReady === true")
        stop(server)
        page.reload()
        until(page, READY)
        open_text_view(page)
        assert "override combat.ties: attacker" in page.input_value("#text")
        page.fill("#text", page.input_value("#text").replace("combat.ties", "combat.tise"))
        page.locator("#diagnostics li.error").wait_for()
        assert "RR0104" in page.locator("#diagnostics").inner_text()
        _closed(context)


def test_a_share_link_is_data_never_code(browser: Any, site: Path) -> None:
    """A link whose fragment is not a compressed house rule is refused in words; a house
    rule holding markup is shown as text, never run."""
    with serving(site) as (address, _):
        context = _context(browser, "en-GB")
        page = context.new_page()
        page.goto(address + "studio.html#rules=%3Cscript%3Ealert(1)%3C/script%3E")
        until(page, READY)
        assert "does not hold a house rule" in page.inner_text("body")
        assert page.evaluate("window.__site.lastPath") == "/"
        text = 'ruleset x "<img src=x onerror=window.__pwned=1>" extends classic {\n}\n'
        packed = base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")
        page.goto(address + "studio.html#rules=" + packed)
        page.reload()
        until(page, READY)
        open_text_view(page)
        assert page.input_value("#text") == text
        assert page.evaluate("window.__pwned === undefined")
        _closed(context)


def test_a_study_in_the_page_says_what_the_command_line_says(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    """What does it do? 100 games in the page's own Web Worker, its progress shown; the verdict
    sentences are the ones CPython gives for the same text and seeds; the report leaves its
    plots out and says so."""
    from riskrules.tools.lab.balance_report import NO_PLOTS
    from riskrules.tools.service import lab
    from riskrules.tools.service.snapshot import Snapshot

    with serving(site) as (address, _):
        context = _context(browser, "en-GB")
        page = context.new_page()
        page.goto(address + "studio.html")
        until(page, READY)
        page.click("button[value='da-2006']")
        open_text_view(page)
        text = page.input_value("#text").replace(
            "extends da-2006 {", "extends da-2006 {\n  override combat.ties: attacker", 1
        )
        page.fill("#text", text)
        page.locator("#diff li.change").first.wait_for()
        page.click("form[hx-post='/study'] details > summary")  # the most games
        page.fill("form[hx-post='/study'] input[name='games']", "100")
        page.click("#study-start")
        page.wait_for_selector("#study progress")
        page.wait_for_selector("#study .verdict", timeout=300_000)
        # First who played (the verdicts are about them), then the sentences, then the games.
        assert page.locator("#study .verdict p.players").inner_text().startswith("Played by")
        found = page.locator("#study .verdict p:not(.players):not(.stage)").all()
        shown = [p.inner_text() for p in found]
        shown = shown[:-1]
        page.click("#study details > summary")
        report = page.frame_locator("#study iframe.report")
        report.locator("text=The plots are left out here").wait_for()
        assert NO_PLOTS.split(":")[0] in report.locator("body").inner_text()
        _closed(context)
    house = tmp_path / page_file(text)
    house.write_text(text, encoding="utf-8")
    request = lab.Study(games=100)
    snapshot = Snapshot.of_refs(["da-2006", str(house)])
    found = lab.run_study(lab.plan_balance(snapshot, "da-2006", [str(house)], request))
    said = [s for v in found.verdicts_in("en") for s in v.sentences]
    assert shown == said


def page_file(text: str) -> str:
    """The file name the studio gave the house rule (its ruleset's name)."""
    name = text.split("ruleset", 1)[1].split()[0]
    return f"{name}.rules"


def test_every_page_of_the_site_has_its_content_policy(site: Path) -> None:
    """A static host sends no headers of the site's choosing: every page carries the policy
    itself (no other origin; 'wasm-unsafe-eval' for Pyodide and nothing else evaluated)."""
    from riskrules.tools.site.build import CSP

    assert "'unsafe-eval'" not in CSP and "http" not in CSP and "*" not in CSP
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 12 * 3 * 2 + 3 + 2
    for page in pages:
        head = html.unescape(page.read_text(encoding="utf-8")[:4000])  # as a browser reads it
        assert f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in head, page


def test_a_file_from_the_disk_downloaded_and_a_study_cancelled(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    """The page's folder is the browser ("this browser", never a path); a file picked from
    the disk opens in the editor; Download gives back the text; Cancel stops a study."""
    text = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
    with serving(site) as (address, _):
        context = _context(browser, "en-GB")
        context.set_default_timeout(120_000)
        page = context.new_page()
        page.goto(address + "studio.html")
        until(page, READY)
        start = page.inner_text("main")  # the folder named in words, never by its path
        assert "this browser" in start and "/home/pyodide" not in start
        page.set_input_files(
            "header.bar .site-tools input[type=file]",
            files=[{"name": "family.rules", "mimeType": "text/plain", "buffer": text.encode()}],
        )
        open_text_view(page)
        assert page.input_value("#text") == text
        assert page.evaluate("window.__site.lastPath") == "/edit?file=family.rules"
        with page.expect_download() as downloading:
            page.click("#site-download")
        assert downloading.value.suggested_filename == "family.rules"
        assert Path(downloading.value.path()).read_text(encoding="utf-8") == text
        page.click("form[hx-post='/study'] details > summary")
        page.fill("form[hx-post='/study'] input[name='games']", "1000")  # the studio's most
        page.click("#study-start")
        page.wait_for_selector("#study-cancel")
        page.click("#study-cancel")
        page.locator("#study", has_text="The study was cancelled.").wait_for()
        _closed(context)
