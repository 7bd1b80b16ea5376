"""Issue 30's journeys in a real browser: the studio started as a user starts it
(`riskrules studio FOLDER --no-browser --port 0`), driven by Playwright in the system's
headless Chromium. The README's screenshots are taken by issue 45's journey
(test_studio_journey.py)."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from studiohelpers import Clicks, Running, studio

pytestmark = pytest.mark.browser
WAIT = 30_000  # ms: a sheet, a PDF or a small study on a busy machine


def _page(browser: Any, running: Running) -> Any:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(running.url)
    return page


def _riskrules(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "riskrules"
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, text=True)


def _sheet_text(page: Any) -> str:
    return str(page.frame_locator("#sheet").locator("body").inner_text())


def test_a_house_rule_through_the_form_sheet_diff_pdf_and_save(
    browser: Any, tmp_path: Path
) -> None:
    """(a) da-2006, ties to the attacker through the form, the Danish sheet's sentence, the
    diff with its citation, a one-page PDF, Save; the saved file checks clean and prints the
    same sheet; at most 12 clicks."""
    import pypdf

    tmp_path = tmp_path / "house-rules"  # as the start page names a player's folder
    tmp_path.mkdir()
    with studio(tmp_path) as running:
        page = _page(browser, running)
        user = Clicks(page)
        page.wait_for_selector("text=Start from a printed game")
        user.click("button[value='da-2006']")
        page.wait_for_selector("#sheet")
        sheet = page.frame_locator("#sheet")
        sheet.locator("text=uafgjort vinder forsvareren").first.wait_for()
        field = "form.field[data-rule='combat.ties']"
        user.click("details[data-section='attack'] > summary")  # the sheet's step: attack
        user.choose(f"{field} select", "attacker")  # set as it is chosen
        sheet.locator("text=uafgjort vinder angriberen").first.wait_for()  # the Danish sentence
        assert "override combat.ties: attacker" in page.input_value("#text")
        # The form and the previews side by side (one column each), the text view folded.
        assert page.locator(".editor > #work #text-view #text").count() == 1
        assert page.locator(".editor > #work #rule-form").count() == 1
        diff = page.locator("#diff")
        diff.locator("text=equal dice the attacker").wait_for()
        shown = diff.inner_text()  # the base's citation: its manual by title, page, words
        assert "Kommandomanual, p. 6: “" in shown and "da000" not in shown
        with page.expect_download() as downloading:
            user.click("#pdf")
        pdf = Path(downloading.value.path()).read_bytes()
        assert len(pypdf.PdfReader(io.BytesIO(pdf)).pages) == 1
        page.fill("input[name='name']", "our-table.rules")
        user.click("#save")
        page.wait_for_url("**/edit?file=our-table.rules")  # now editing the saved file
        assert page.inner_text("#saved") == "Saved."
        page.frame_locator("#sheet").locator("text=uafgjort vinder angriberen").first.wait_for()
        shown = page.frame_locator("#sheet").locator("html").inner_html()
        assert user.count <= 12, user.count
    saved = tmp_path / "our-table.rules"
    checked = _riskrules("check", str(saved), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    printed = _riskrules("summary", str(saved), "-o", str(tmp_path / "sheet.html"), cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    sheet_html = (tmp_path / "sheet.html").read_text(encoding="utf-8")
    assert "uafgjort vinder angriberen" in sheet_html
    # The same sheet: the studio's frame shows the HTML summary writes.
    assert _words(shown) == _words(sheet_html)


def _words(html: str) -> list[str]:
    import re

    body = html.split("<body", 1)[-1].replace("&nbsp;", "\u00a0")  # as the browser gives it
    return re.sub(r"<[^>]+>", " ", body).split()


def test_a_typo_is_shown_at_its_place_and_fixed_by_its_button(browser: Any, tmp_path: Path) -> None:
    """(b) a typo in the text, its error at its line and column, the quick fix applied."""
    (tmp_path / "family.rules").write_text(
        'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
    )
    with studio(tmp_path) as running:
        page = _page(browser, running)
        page.click("text=family.rules")
        page.click("#text-view > summary")  # the rules as text
        page.wait_for_selector("text=No problems")
        text = page.input_value("#text").replace("combat.ties", "combat.tise")
        page.fill("#text", text)
        error = page.locator("#diagnostics li.error")
        error.wait_for()
        assert "line 2, column 12" in error.inner_text() and "RR0104" in error.inner_text()
        page.click("#diagnostics button.fix")
        page.wait_for_selector("text=No problems")
        assert "override combat.ties: attacker" in page.input_value("#text")
        # The form follows the text: the rule typed to another value shows it in its menu.
        page.fill("#text", page.input_value("#text").replace("attacker", "defender"))
        menu = "form.field[data-rule='combat.ties'] select"
        page.wait_for_function(
            "s => document.querySelector(s) && document.querySelector(s).value === 'defender'",
            arg=menu,
        )
    assert ".family.rules.draft" in {p.name for p in tmp_path.iterdir()}  # kept, not saved


def test_a_small_study_gives_its_verdict_in_words(browser: Any, tmp_path: Path) -> None:
    """(c) What does it do? with a few games: the progress, then the verdict sentence."""
    (tmp_path / "family.rules").write_text(
        'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
    )
    with studio(tmp_path) as running:
        page = _page(browser, running)
        page.click("text=family.rules")
        page.click("section.study details > summary")  # the most games: a larger study's
        page.fill("input[name='games']", "12")
        page.click("#study-start")
        # The verdict, or whatever else ends the study (a problem, a time-out): said in the failure.
        page.wait_for_selector("#study-state[hx-get]")  # started: the page polls its progress
        page.wait_for_selector("#study-state:not([hx-get])", timeout=120_000)
        assert page.locator(".verdict").count() == 1, page.locator("#study").inner_text()
        verdict = page.locator(".verdict").inner_text()
        assert "Our table" in verdict and "12 games" in verdict  # by its title
        assert "Played to 12 games per ruleset, the most the studio plays" in verdict


def test_the_default_study_shows_its_look_its_time_and_its_figures_so_far(
    browser: Any, tmp_path: Path
) -> None:
    """What does it do? with no number of games: the look it plays towards, then the time
    until then, then the first look's verdict as figures so far, headed by the title, while
    it plays on to the next look; Cancel ends it."""
    (tmp_path / "family.rules").write_text(
        'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
    )
    with studio(tmp_path) as running:
        page = _page(browser, running)
        page.click("text=family.rules")
        assert not page.locator("input[name='games']").is_visible()  # no number to choose
        page.click("#study-start")
        stage = page.locator("#study-stage")
        assert "Playing up to 100 games per ruleset (look 1 of 4)" in stage.inner_text()
        page.locator("#study-time", has_text="Time until then").wait_for(timeout=120_000)
        page.locator("#study-so-far").wait_for(timeout=240_000)
        verdict = page.locator(".verdict.so-far").inner_text()
        assert "So far, at 100 games per ruleset" in verdict and "Our table" in verdict
        assert "Measured over 100 games" in verdict
        if page.locator("#study-stage").count():  # still playing: towards the next look
            assert "(look 2 of 4)" in page.locator("#study-stage").inner_text()
            page.click("#study-cancel")
            page.locator("#study", has_text="The study was cancelled.").wait_for()


def test_what_was_typed_just_before_the_tab_closed_is_kept(browser: Any, tmp_path: Path) -> None:
    """Nothing typed is lost: a change typed and the tab closed at once (before htmx's 0.4 s
    wait sends it) is sent as the page goes (studio.js's beacon) and is there on reopening."""
    (tmp_path / "family.rules").write_text(
        'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
    )
    with studio(tmp_path) as running:
        page = _page(browser, running)
        page.click("text=family.rules")
        page.click("#text-view > summary")  # the rules as text
        page.wait_for_selector("text=No problems")
        page.locator("#text").press("End")
        page.fill("#text", page.input_value("#text") + "# typed as the tab closed\n")
        page.close()  # at once: the 0.4 s after the last key have not passed
        draft = tmp_path / ".family.rules.draft"
        for _ in range(100):
            if draft.exists():
                break
            time.sleep(0.05)
        again = _page(browser, running)
        again.click("text=Go on with family.rules")
        assert "# typed as the tab closed" in again.input_value("#text")
    assert "# typed as the tab closed" not in (tmp_path / "family.rules").read_text()
