"""The language buttons in a real browser (Playwright, the system's headless Chromium): pressed
on the editor with a file open and a change just typed, the page comes back in Danish, then in
Dutch, on the same file with the change, and the checker's messages and quick-fix buttons are
in the language pressed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from studiohelpers import open_text_view, studio

pytestmark = pytest.mark.browser
WAIT = 30_000


def test_the_language_buttons_keep_the_open_file_and_what_was_typed(
    browser: Any, tmp_path: Path
) -> None:
    (tmp_path / "family.rules").write_text(
        'ruleset family "Vores bord" extends da-2006 {\n  override combat.ties: attacker\n}\n',
        encoding="utf-8",
    )
    with studio(tmp_path) as running:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(running.url)
        page.click("text=family.rules")
        open_text_view(page)
        page.fill("#text", page.input_value("#text").replace("attacker", "angriber"))
        page.locator("#diagnostics li.error").wait_for()
        for lang, said, fix in (
            ("da", "'angriber' er dansk for 'attacker'", "Ret til 'attacker'"),
            ("nl", "'angriber' is Deens voor 'attacker'", "Verander in 'attacker'"),
        ):
            page.click(f"form.languages button[value='{lang}']")
            page.wait_for_selector(f"html[lang='{lang}']")
            assert "/edit" in page.url and "family.rules" in page.url
            assert "override combat.ties: angriber" in page.input_value("#text")
            assert said in page.locator("#diagnostics").inner_text()
            assert fix in page.locator("#diagnostics button.fix").first.inner_text()
        assert ".family.rules.draft" in {p.name for p in tmp_path.iterdir()}  # kept, unsaved
        page.click("#diagnostics button.fix")
        page.wait_for_function(
            "() => document.querySelector('#text').value.includes('combat.ties: attacker')"
        )
        context.close()
    saved = (tmp_path / "family.rules").read_text(encoding="utf-8")
    assert "combat.ties: attacker" in saved  # never saved by a language button
