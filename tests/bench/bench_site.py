"""Benchmark: the static site as a player feels it, against issue 44's budgets: the transfer
of a cold visit as a static host serves it compressed (8 MB), the first built-in sheet shown
(2.5 s from navigation), the diagnostics of the first edit (15 s from navigation cold, 6 s on
a repeat visit), every panel updated after an edit (1.5 s), a 200-game study (90 s).

Run `python tests/bench/bench_site.py [SITE]` (SITE: a built site; else one is built into a
temporary folder with `riskrules site build`). It prints figures (not a timed test), each
beside the dice calibration measured around it and the load average, from headless Chromium
(the system's) with every request outside 127.0.0.1 refused.
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from calibration import beside  # noqa: E402
from sitehelpers import build, local_only, serving, until  # noqa: E402
from studiohelpers import open_text_view  # noqa: E402

BUDGETS = {"transfer": 8.0, "sheet": 2.5, "cold": 15.0, "repeat": 6.0, "panel": 1.5, "study": 90.0}
READY = "window.__site && window.__site.navigations > 0"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def say(label: str, figure: float, unit: str, budget: float, calibration: float) -> None:
    verdict = "within" if figure <= budget else "OVER"
    print(
        f"{label}: {figure:.2f} {unit} ({verdict} the budget of {budget:g} {unit}); "
        f"dice calibration {calibration:.1f}; load {load()}",
        flush=True,
    )


def transfer(site: Path, squeeze: Any = lambda data: gzip.compress(data, 9)) -> float:
    """MB a first visit fetches, compressed as a static host sends it (gzip -9; brotli where
    a host serves it): every file of site.json, which the service worker keeps on the first
    visit."""
    files = json.loads((site / "site.json").read_text())["files"]
    total = 0
    for name in files:
        path = site / ("index.html" if name == "./" else name)
        total += len(squeeze(path.read_bytes()))
    return total / 1e6


def by_file(site: Path) -> None:
    """What the gzip figure is made of: the largest files, and the rest by folder."""
    files = json.loads((site / "site.json").read_text())["files"]
    sizes = {}
    for name in files:
        data = (site / ("index.html" if name == "./" else name)).read_bytes()
        sizes[name] = len(gzip.compress(data, 9)) / 1e6
    largest = sorted(sizes, key=sizes.__getitem__, reverse=True)[:6]
    rest: dict[str, float] = {}
    for name, size in sizes.items():
        if name not in largest:
            folder = name.split("/")[0] + "/" if "/" in name else "the rest"
            rest[folder] = rest.get(folder, 0.0) + size
    shown = [f"{n} {sizes[n]:.2f}" for n in largest] + [f"{k} {v:.2f}" for k, v in rest.items()]
    print("   MB gzip: " + "; ".join(shown))


def first_sheet(browser: Any, address: str) -> float:
    context = browser.new_context(locale="da-DK")
    local_only(context)
    page = context.new_page()
    begun = time.perf_counter()
    page.goto(address)
    page.locator("section.front[data-lang='da'] a", has_text="Regelark").first.click()
    page.wait_for_url("**/sheets/*.da.html")
    page.locator("h1").first.wait_for()
    took = time.perf_counter() - begun
    context.close()
    return took


def first_edit(page: Any, address: str) -> float:
    """From navigation to the studio, through starting from da-2006, to the diagnostics of
    the first edit (a misspelt rule name: an error at its place)."""
    begun = time.perf_counter()
    page.goto(address + "studio.html")
    until(page, READY)
    page.click("button[value='da-2006']")
    open_text_view(page)  # the rules as text: one fold away, the form first
    text = page.input_value("#text").replace(
        "extends da-2006 {", "extends da-2006 {\n  override combat.tise: attacker", 1
    )
    page.fill("#text", text)
    page.locator("#diagnostics li.error").wait_for()
    took = time.perf_counter() - begun
    steps = page.evaluate("window.__site.timings")
    print("   the start, ms after navigation: " + ", ".join(f"{k} {v}" for k, v in steps.items()))
    kept = page.evaluate("async () => (await caches.keys()).map((k) => k.split('-')[1])")
    print("   the site's caches: " + ", ".join(sorted(kept)))  # its files; compiled bytecode
    return took


def panel_updates(page: Any, rounds: int = 4) -> list[float]:
    """From choosing in a rule's menu to the sheet showing the new sentence."""
    page.fill("#text", page.input_value("#text").replace("  override combat.tise: attacker\n", ""))
    page.locator("#diagnostics li.error").wait_for(state="detached")
    field = "form.field[data-rule='combat.ties']"
    sheet = page.frame_locator("#sheet")
    times = []
    page.wait_for_timeout(3000)  # the text's edit settled: every panel drawn again
    for k in range(rounds):
        choice, words = ("attacker", "angriberen") if k % 2 == 0 else ("defender", "forsvareren")
        _open(page, f"{field} select")
        begun = time.perf_counter()
        page.select_option(f"{field} select", choice)  # a change posts the form
        sheet.locator(f"text=uafgjort vinder {words}").first.wait_for()
        times.append(time.perf_counter() - begun)
        page.wait_for_timeout(1500)  # the form drawn again after the change, before the next
    return times


def _open(page: Any, selector: str) -> None:
    """The rule form's attack step opened (the form is drawn again after each edit, closed)."""
    for _ in range(100):
        if page.locator(selector).is_visible():
            return
        if not page.locator("details[data-section='attack']").evaluate("d => d.open"):
            page.click("details[data-section='attack'] > summary")
        time.sleep(0.2)


def study(page: Any, games: int = 200) -> float:
    page.fill("form[hx-post='/study'] input[name='games']", str(games))
    begun = time.perf_counter()
    page.click("#study-start")
    page.wait_for_selector("#study .verdict", timeout=900_000)
    return time.perf_counter() - begun


def main() -> None:
    from playwright.sync_api import sync_playwright

    site = Path(sys.argv[1]) if len(sys.argv) > 1 else build(Path(tempfile.mkdtemp()) / "site")
    megabytes, calibration = beside(lambda: transfer(site))
    say("cold transfer, compressed (gzip -9)", megabytes, "MB", BUDGETS["transfer"], calibration)
    by_file(site)
    try:
        import brotli  # WeasyPrint's fonttools brings it; only this figure needs it
    except ImportError:
        print("cold transfer, brotli: not measured (no brotli module here)")
    else:
        megabytes, calibration = beside(
            lambda: transfer(site, lambda d: brotli.compress(d, quality=11))
        )
        say(
            "cold transfer, compressed (brotli 11)",
            megabytes,
            "MB",
            BUDGETS["transfer"],
            calibration,
        )
    with serving(site) as (address, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        took, calibration = beside(lambda: first_sheet(browser, address))
        say("first built-in sheet shown", took, "s", BUDGETS["sheet"], calibration)
        context = browser.new_context(locale="da-DK", viewport={"width": 1400, "height": 1000})
        local_only(context)
        context.set_default_timeout(120_000)
        page = context.new_page()
        took, calibration = beside(lambda: first_edit(page, address))
        say("diagnostics of the first edit, cold", took, "s", BUDGETS["cold"], calibration)
        page.close()
        page = context.new_page()  # a repeat visit: the same profile, its caches
        took, calibration = beside(lambda: first_edit(page, address))
        say(
            "diagnostics of the first edit, repeat visit", took, "s", BUDGETS["repeat"], calibration
        )
        times, calibration = beside(lambda: panel_updates(page))
        say(
            f"sheet panel after a form edit (median of {len(times)}, slowest {max(times):.2f} s)",
            statistics.median(times),
            "s",
            BUDGETS["panel"],
            calibration,
        )
        took, calibration = beside(lambda: study(page))
        say("a 200-game study, click to verdict", took, "s", BUDGETS["study"], calibration)
        browser.close()


if __name__ == "__main__":
    main()
