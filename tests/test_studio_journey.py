"""Issue 45 in a real browser (Playwright driving the system's headless Chromium; the studio
started as a player starts it): the journey of a Danish player in at most 14 clicks, the same
studio on a phone (390×844) with nothing scrolling sideways, every studio page checked by
axe-core (vendored from its npm package for the tests only, tests/vendor/axe.min.js, 4.14.1,
MPL-2.0: see axe.LICENSE; the studio never serves it) with no serious or critical violation,
the form worked by keyboard, and a plain install without WeasyPrint offering the browser's
print of the same sheet on one page. The README's pictures (docs/images/studio-*.png) are
taken here, from the journey: written there when RISKRULES_SCREENSHOTS=1, in the test's own
folder otherwise (a test run leaves the checkout as it found it)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from studiohelpers import Clicks, Running, studio

from helpers import ROOT

pytestmark = pytest.mark.browser
README_IMAGES = ROOT / "docs" / "images"
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
WAIT = 30_000  # ms: a sheet or a PDF on a busy machine
STUDY_WAIT = 240_000  # ms: the default study (100 games a ruleset) on a busy machine
PHONE = {"width": 390, "height": 844}
HOUSE = 'ruleset family "Vores bord" extends da-2006 {\n  override combat.ties: attacker\n}\n'


def _images(tmp_path: Path) -> Path:
    """Where the screenshots go: the README's folder when asked for, else the test's folder."""
    folder = README_IMAGES if os.environ.get("RISKRULES_SCREENSHOTS") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _page(browser: Any, running: Running, lang: str = "da", **options: Any) -> Any:
    viewport = options.pop("viewport", {"width": 1400, "height": 1000})
    context = browser.new_context(viewport=viewport, locale=lang, accept_downloads=True, **options)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(running.url)
    return page


def _axe(page: Any) -> list[str]:
    """axe-core's serious and critical violations of the page as it is now (evaluated by the
    browser's driver, which the page's content security policy does not govern: the studio
    serves no test tool, and a pip install carries none)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async () => {
            const r = await axe.run(document, {iframes: false, resultTypes: ['violations']});
            return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
              .map(v => v.id + ': ' + v.help + ' — '
                + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
        }"""
    )
    return list(found)


def _sideways(page: Any) -> int:
    """How many pixels the page is wider than the screen (0: nothing scrolls sideways)."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def _open_every_section(page: Any) -> None:
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")


def test_the_danish_players_journey_in_at_most_14_clicks(browser: Any, tmp_path: Path) -> None:
    """Start from da-2006; ties to the attacker and Asia 9 through the form; the Danish sheet;
    the diff in sentences; the odds; the study's verdict; saved under "Vores regler"; the PDF."""
    import pypdf

    folder = tmp_path / "husregler"
    folder.mkdir()
    with studio(folder) as running:
        page = _page(browser, running)
        user = Clicks(page)
        page.wait_for_selector("text=Start fra et trykt spil")
        page.screenshot(path=str(_images(tmp_path) / "studio-start.png"))
        user.click("button[value='da-2006']")
        sheet = page.frame_locator("#sheet")
        sheet.locator("text=uafgjort vinder forsvareren").first.wait_for()
        ties = "form.field[data-rule='combat.ties']"
        user.click("details[data-section='attack'] > summary")
        user.choose(f"{ties} select", "attacker")  # a menu in words: "angriberen vinder"
        page.wait_for_selector(f"{ties}.changed")
        user.click("details[data-section='reinforce'] > summary")
        asia = page.locator("form.field[data-rule='continents.bonus']").get_by_label("Asien")
        asia.fill("9")  # the table's row by its Danish name
        asia.press("Tab")
        page.wait_for_selector("form.field.changed[data-rule='continents.bonus']")
        user.click("#sheet-panel button[lang='da']")  # the Danish sheet
        sheet = page.frame_locator("#sheet")
        sheet.locator("text=uafgjort vinder angriberen").first.wait_for()
        diff = page.locator("#diff")
        diff.locator("text=uafgjort vinder angriberen").wait_for()
        shown = diff.inner_text()
        assert "uafgjort vinder forsvareren" in shown and "Kommandomanual, s. 6" in shown
        assert "combat.ties" not in shown and "asia" not in shown and "Asien" in shown
        odds = page.locator("#odds")
        odds.locator("table.odds").nth(1).wait_for()  # the base's and the house rule's
        assert odds.locator("table.odds").count() == 2
        page.locator(ties).scroll_into_view_if_needed()
        page.screenshot(path=str(_images(tmp_path) / "studio-editor.png"))
        user.click("#study-start")
        page.wait_for_selector(".verdict", timeout=STUDY_WAIT)
        verdict = page.locator(".verdict").inner_text()
        # Headed by the titles (the base's, the house rules'), never by the ids.
        assert "da-2006-house" not in verdict and "100" in verdict
        assert "Husregler til RISK" in verdict
        page.locator(".study").scroll_into_view_if_needed()
        page.screenshot(path=str(_images(tmp_path) / "studio-study.png"))
        report = page.context.new_page()  # the study's figures and plots, a page of its own
        report.goto(f"{running.root}/study/report")
        assert not _axe(report), _axe(report)
        report.close()
        page.fill("#save-name", "Vores regler")
        page.locator("#filename", has_text="vores-regler.rules").wait_for()  # shown before
        user.click("#save")
        page.wait_for_url("**/edit?file=vores-regler.rules")
        with page.expect_download() as downloading:
            user.click("#pdf")
        pdf = Path(downloading.value.path()).read_bytes()
        assert len(pypdf.PdfReader(io.BytesIO(pdf)).pages) == 1
        assert user.count <= 14, user.count
        page.goto(running.url.split("?")[0])  # the start page: the saved file, no ghost draft
        assert page.locator("text=vores-regler.rules").count() >= 1
        assert page.locator("text=Arbejde, du ikke gemte sidst").count() == 0
    saved = folder / "vores-regler.rules"
    script = Path(sys.executable).parent / "riskrules"
    checked = subprocess.run([str(script), "check", str(saved)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "override combat.ties: attacker" in saved.read_text(encoding="utf-8")
    assert not any(p.name.endswith(".draft") for p in folder.iterdir())


def test_a_phone_shows_the_form_first_and_nothing_scrolls_sideways(
    browser: Any, tmp_path: Path
) -> None:
    (tmp_path / "family.rules").write_text(HOUSE)
    with studio(tmp_path) as running:
        page = _page(browser, running, viewport=PHONE, is_mobile=True, has_touch=True)
        page.wait_for_selector("text=Start fra et trykt spil")
        assert _sideways(page) == 0
        page.click("text=family.rules")
        page.frame_locator("#sheet").locator("text=uafgjort vinder angriberen").first.wait_for()
        page.locator("#diff li.change").first.wait_for()
        page.locator("#odds table.odds").first.wait_for()
        assert _sideways(page) == 0
        top = {
            name: page.locator(selector).bounding_box()["y"]
            for name, selector in {
                "form": "#rule-form",
                "sheet": "#sheet-panel",
                "diff": "#diff",
                "odds": "#odds",
                "study": ".study",
            }.items()
        }
        assert top["form"] < top["sheet"] < top["diff"] < top["odds"] < top["study"], top
        # The form is the page's own: no box of its own to scroll in.
        assert (
            page.evaluate("() => getComputedStyle(document.querySelector('#work')).overflowY")
            != "auto"
        )
        page.screenshot(path=str(_images(tmp_path) / "studio-phone.png"))
        _open_every_section(page)
        assert _sideways(page) == 0, "an open section is wider than the phone"
        page.click("#text-view > summary")
        assert _sideways(page) == 0


@pytest.mark.parametrize(
    ("lang", "base"),
    [("da", "da-2006"), ("en", "da-2006"), ("nl", "da-2006"), ("da", "da-2006-mission")],
)
def test_every_studio_page_has_no_serious_accessibility_violation(
    browser: Any, tmp_path: Path, lang: str, base: str
) -> None:
    (tmp_path / "family.rules").write_text(HOUSE.replace("da-2006", base))
    with studio(tmp_path) as running:
        page = _page(browser, running, lang=lang)
        origin = running.root
        found: dict[str, list[str]] = {}
        page.wait_for_selector("main h1")
        found["start"] = _axe(page)
        page.goto(f"{origin}/edit?file=family.rules")
        page.locator("#diff li.change").first.wait_for()
        page.locator("#odds table.odds").first.wait_for()
        _open_every_section(page)
        found["editor"] = _axe(page)
        page.goto(f"{origin}/sheet?file=family.rules&lang={lang}")
        found["sheet"] = _axe(page)
        page.goto(f"{origin}/no-such-page")
        found["missing"] = _axe(page)
        page.goto(f"{origin}/edit?file=missing.rules")
        found["problem"] = _axe(page)
        assert not any(found.values()), found


def test_every_control_has_a_label_and_the_form_works_by_keyboard(
    browser: Any, tmp_path: Path
) -> None:
    (tmp_path / "family.rules").write_text(HOUSE)
    with studio(tmp_path) as running:
        page = _page(browser, running, lang="en")
        page.click("text=family.rules")
        page.locator("#diff li.change").first.wait_for()
        _open_every_section(page)
        unlabelled = page.evaluate(
            """() => [...document.querySelectorAll(
                    'input:not([type=hidden]), select, textarea, button')]
                .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                             && !e.getAttribute('aria-labelledby') && !(e.textContent || '').trim()
                             && !e.closest('fieldset legend'))
                .filter(e => !(e.type === 'radio' && e.closest('label')))
                .map(e => e.outerHTML.slice(0, 80))"""
        )
        assert not unlabelled, unlabelled
        # By keyboard: focus the equal-dice menu, pick the defender, leave it; the rule is set.
        page.focus("form.field[data-rule='combat.ties'] select")
        page.keyboard.press("ArrowUp")  # the menu's first: "the defender wins"
        page.keyboard.press("Tab")
        # The base's value: the house rule's change is taken back, and the sheet says so.
        page.wait_for_selector("form.field[data-rule='combat.ties']:not(.changed)")
        page.frame_locator("#sheet").locator("text=uafgjort vinder forsvareren").first.wait_for()
        assert "combat.ties" not in (tmp_path / ".family.rules.draft").read_text()
        # The form drawn again, the keyboard goes on where it was: the control after the menu.
        where = "() => document.activeElement.closest('#rule-form') && document.activeElement.id"
        assert page.evaluate(where), page.evaluate("() => document.activeElement.outerHTML")
        # Tab reaches every section's summary and opens it with Enter.
        page.goto(f"{running.root}/edit?file=family.rules")
        summary = page.locator("details[data-section='fortify'] > summary")
        summary.focus()
        page.keyboard.press("Enter")
        assert page.locator("details[data-section='fortify']").get_attribute("open") is not None


def test_without_weasyprint_the_pdf_button_says_so_and_the_browser_prints_one_page(
    browser: Any, tmp_path: Path
) -> None:
    """A plain install (no `pdf` extra): no PDF link that answers nothing, a note saying why,
    and the browser's print of the sheet, which is the same sheet on one page."""
    import pypdf

    blocked = tmp_path / "no-weasyprint"
    (blocked / "weasyprint").mkdir(parents=True)
    (blocked / "weasyprint" / "__init__.py").write_text(
        'raise ImportError("WeasyPrint is not installed in this test")\n'
    )
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "family.rules").write_text(HOUSE)
    with studio(folder, env={"PYTHONPATH": str(blocked)}) as running:
        page = _page(browser, running, lang="en")
        page.click("text=family.rules")
        page.locator("#no-pdf").wait_for()
        assert page.locator("#pdf").count() == 0 and page.locator("#print").count() == 1
        assert "WeasyPrint" in page.inner_text("#no-pdf")
        sheet = page.context.new_page()
        refused: list[str] = []
        sheet.on("console", lambda message: refused.append(message.text))
        sheet.goto(f"{running.root}/sheet?file=family.rules&lang=da")
        # Its print fitting runs under the page's policy (a script refused would print it
        # unfitted, at the sheet's own type, on two pages on some machines).
        sheet.evaluate("() => dispatchEvent(new Event('beforeprint'))")
        assert sheet.evaluate("() => document.body.style.fontSize").endswith("pt"), refused
        sheet.evaluate("() => dispatchEvent(new Event('afterprint'))")
        printed = sheet.pdf(prefer_css_page_size=True, print_background=True)
        assert len(pypdf.PdfReader(io.BytesIO(printed)).pages) == 1
        words = " ".join(pypdf.PdfReader(io.BytesIO(printed)).pages[0].extract_text().split())
        assert "uafgjort vinder angriberen" in words
