"""Issue 42's lost edits in a real browser (Playwright, the system's headless Chromium; marker
`browser`): two tabs (two browser contexts) on one file, a change made by another editor, a
read-only folder, a text past the body limit. What a player would notice: what the page says,
what the textarea holds, which text each file holds, and no traceback on the terminal."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from studiohelpers import Running, open_text_view, studio
from test_hostile_saving import read_only
from test_studio import HOUSE

from riskrules.grammar.limits import MAX_STUDIO_BODY

pytestmark = pytest.mark.browser
WAIT = 30_000  # ms, on a busy machine
MINE = "# mine: typed in the first tab\n"
THEIRS = "# theirs: typed in the second tab\n"


def _tab(browser: Any, running: Running, name: str) -> Any:
    """A tab of a browser context of its own (its own cookie jar), on the editor of `name`."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.set_default_timeout(WAIT)
    page.goto(running.url)
    page.click(f"text={name}")
    open_text_view(page)
    return page


def _type(page: Any, text: str) -> None:
    """Type at the end of the text, and wait for the studio's answer to the keystrokes."""
    page.locator("#text").press("End")
    with page.expect_response(lambda r: r.url.endswith("/text")):
        page.fill("#text", page.input_value("#text") + text)


def _wait_for(condition: Any, seconds: float = 10) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.05)


def test_two_tabs_both_edits_kept_and_the_second_save_asks(browser: Any, tmp_path: Path) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    log = tmp_path.parent / "studio-two-tabs.log"
    with studio(tmp_path, log=log) as running:
        a, b = _tab(browser, running, "h.rules"), _tab(browser, running, "h.rules")
        _type(a, MINE)
        _type(b, THEIRS)
        b.wait_for_selector("text=Another tab has unsaved changes to h.rules too")
        a.click("#save")
        a.wait_for_selector("text=Saved as h.rules.")
        assert (tmp_path / "h.rules").read_text() == HOUSE + MINE  # A's text, as A was told
        b.click("#save")
        b.wait_for_selector("text=was changed on disk after this page opened it")
        assert "Saved as" not in b.inner_text("#saved")
        assert (tmp_path / "h.rules").read_text() == HOUSE + MINE
        b.click("text=See the difference")
        b.wait_for_selector(".compare")
        assert "# theirs" in b.inner_text(".compare") and "# mine" in b.inner_text(".compare")
        b.click("text=Keep both: save mine as h-mine.rules")
        b.wait_for_url("**/edit?file=h-mine.rules")
        assert (tmp_path / "h-mine.rules").read_text() == HOUSE + THEIRS
        _type(a, "# more\n")  # A goes on: its page follows its own save, no question
        with a.expect_response(lambda r: r.url.endswith("/save")) as saved:
            a.click("#save")
        assert saved.value.status == 200
        a.wait_for_selector("text=Saved as h.rules.")
        assert (tmp_path / "h.rules").read_text() == HOUSE + MINE + "# more\n"
    assert "Traceback" not in log.read_text()


def test_a_change_by_another_editor_is_said_and_not_overwritten(
    browser: Any, tmp_path: Path
) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    with studio(tmp_path) as running:
        page = _tab(browser, running, "h.rules")
        _type(page, MINE)
        page.close()
        (tmp_path / "h.rules").write_text(HOUSE + THEIRS)  # another editor, after the draft
        again = _tab(browser, running, "h.rules")  # offered on the start page as a draft
        assert "was changed on disk after this draft was made" in again.inner_text("main")
        assert MINE in again.input_value("#text")
        again.click("#save")
        again.wait_for_selector("text=was changed on disk after this page opened it")
        assert (tmp_path / "h.rules").read_text() == HOUSE + THEIRS
        again.click("text=Replace it with mine")
        again.wait_for_selector("text=Saved as h.rules.")
        assert (tmp_path / "h.rules").read_text() == HOUSE + MINE


def test_a_read_only_folder_is_said_once_and_the_text_stays_in_the_browser(
    browser: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "h.rules").write_text(HOUSE)
    log = tmp_path / "studio.log"
    with read_only(folder), studio(folder, log=log) as running:
        page = _tab(browser, running, "h.rules")
        _type(page, MINE)
        page.wait_for_selector("text=cannot be written to")
        assert page.locator("text=cannot be written to").count() == 1  # said once
        page.click("#save")
        page.wait_for_selector("#saved >> text=cannot be written to")
        assert page.input_value("#text") == HOUSE + MINE  # the work stays in the page
        page.reload()  # and in the browser: offered back
        page.wait_for_selector("text=This browser kept text of h.rules")
        assert page.input_value("#text") == HOUSE
        page.click("text=Put it back in the editor")
        assert page.input_value("#text") == HOUSE + MINE
        new = page.context.new_page()
        new.goto(running.url)
        new.click("button[value=da-2006]")
        new.wait_for_selector("text=cannot be written to")
    assert sorted(p.name for p in folder.iterdir()) == ["h.rules"]
    said = log.read_text()
    assert "Traceback" not in said and "PermissionError" not in said, said


def test_typing_past_the_limit_is_said_and_kept_in_the_browser(
    browser: Any, tmp_path: Path
) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    huge = HOUSE + "#" * (MAX_STUDIO_BODY + 1024) + "\n"
    with studio(tmp_path) as running:
        page = _tab(browser, running, "h.rules")
        with page.expect_response(lambda r: r.url.endswith("/text") and r.status == 413):
            page.fill("#text", huge)
        page.wait_for_selector("text=more text than the studio takes at once (256 KiB)")
        assert page.input_value("#text") == huge
        stored = page.evaluate("localStorage.getItem('riskrules-studio-unkept:h.rules')")
        assert stored == huge
        _wait_for(lambda: not (tmp_path / ".h.rules.draft").exists(), 1)
        page.fill("#text", HOUSE + MINE)  # back within the limit: kept, and the note goes
        page.wait_for_selector("#unkept", state="hidden")
        assert page.evaluate("localStorage.getItem('riskrules-studio-unkept:h.rules')") is None
