"""Benchmark: the studio as a player feels it, against issue 30's targets: the diagnostics of a
30-line house rule (100 ms from the request), the sheet preview (1 s), the studio answering
after the command starts (2 s); and issue 43's per-edit time: a rule changed through the form
and every panel then refreshed (the form's answer, the sheet's panel, the sheet, the diff, the
odds: the requests the page makes), one after another (1 s).

Run `python tests/bench/bench_studio.py [--quick]`; it prints figures (not a timed test): each
request's time on the running studio (`riskrules studio --no-browser --port 0`, over HTTP on
this machine: the server's time plus a loopback round trip), the median and the slowest of
several, each edit a new text (nothing answered from a cache of the previous one), beside the
dice calibration measured in the same run and the load average.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGETS = {"diagnostics": 0.1, "sheet": 1.0, "start": 2.0, "edit": 1.0}
USUAL = (84, 177)  # the dice calibration's range on this machine (the README's benchmarks)


def house_rule(k: int) -> str:
    """A 30-line house rule on da-2006 (the scaffold `new` writes, every rule in it changed),
    its start armies differing with `k` and its first line naming `k`: each `k` a text of its
    own, so no sheet is answered from the studio's sheets kept for a text seen again."""
    from riskrules.tools.service.authoring import new_rules

    text = new_rules("bench", "da-2006").replace("  # override", "  override")
    text = text.replace("{3: 35, 4: 30}", f"{{3: {35 + k % 5}, 4: 30}}")
    lines = text.splitlines(keepends=True)
    lines[0] = f"# A house rule to measure the studio by (edit {k}).\n"
    lines += ["\n"] * (30 - len(lines))  # as long as the scaffold is not
    return "".join(lines)


def start(folder: Path) -> tuple[subprocess.Popen[str], str, str, float]:
    """The studio started as a user starts it; the time until it first answers a page."""
    script = Path(sys.executable).parent / "riskrules"
    began = time.perf_counter()
    process = subprocess.Popen(
        [str(script), "studio", str(folder), "--no-browser", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    line = ""
    for line in process.stdout:
        if line.startswith("Open "):
            break
    origin = line.split()[1].rstrip("/")  # http://127.0.0.1:PORT/s/TOKEN: the token's path
    cookie = ""  # the token is in the path; no cookie carries it
    while True:
        try:
            request(origin, cookie, "/")
            break
        except OSError:
            time.sleep(0.01)
    return process, origin, cookie, time.perf_counter() - began


def request(origin: str, cookie: str, path: str, form: dict[str, str] | None = None) -> float:
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    headers = {"Cookie": cookie} if cookie else {}
    sent = urllib.request.Request(origin + path, data=data, headers=headers)
    began = time.perf_counter()
    with urllib.request.urlopen(sent, timeout=60) as answer:
        answer.read()
        assert answer.status == 200, answer.status
    return time.perf_counter() - began


def form_edit(origin: str, cookie: str, k: int) -> float:
    """A rule changed through the form (the text first reset to edit `k`'s, untimed: each edit
    a text of its own), then every panel the page refreshes: their time together."""
    request(origin, cookie, "/text", {"file": "bench.rules", "text": house_rule(k)})
    value = {"file": "bench.rules", "rule": "reinforcements.minimum", "value": str(4 + k % 3)}
    took = request(origin, cookie, "/rule", {**value, "set": "1"})
    for path in ("/sheetpanel", "/sheet", "/diff", "/odds"):
        took += request(
            origin, cookie, path + "?file=bench.rules" + ("&lang=da" * (path == "/sheet"))
        )
    return took


def figures(label: str, times: list[float], target: float, dice: float) -> str:
    """The figures, and the median as calibration games' time (the time of that many dice
    games: the same on a fast minute and a slow one) and what it is at the calibration's usual
    range here (USUAL, the README's benchmarks)."""
    median, worst = statistics.median(times), max(times)
    verdict = "within" if median <= target else "OVER"
    games = median * dice
    low, high = games / USUAL[1], games / USUAL[0]
    return (
        f"{label}: median {1000 * median:,.0f} ms, slowest {1000 * worst:,.0f} ms of "
        f"{len(times)} ({verdict} the {1000 * target:,.0f} ms target; dice calibration "
        f"{dice:.1f} games/s, load average {os.getloadavg()[0]:.2f}): {games:.1f} calibration "
        f"games' time, {1000 * low:,.0f}-{1000 * high:,.0f} ms at the usual calibration "
        f"{USUAL[0]}-{USUAL[1]}"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second

    runs = 5 if "--quick" in sys.argv else 20
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "bench.rules").write_text(house_rule(0), encoding="utf-8")
        assert len(house_rule(0).splitlines()) == 30
        dice = dice_games_per_second()
        starts = []
        for _ in range(3 if runs > 5 else 1):
            process, origin, cookie, took = start(Path(folder))
            starts.append(took)
            if len(starts) < (3 if runs > 5 else 1):
                process.terminate()
                process.wait()
        print(figures("the studio answering after the command", starts, TARGETS["start"], dice))
        try:
            request(origin, cookie, "/edit?file=bench.rules")  # warm: the built-ins read once
            dice = dice_games_per_second()
            edits = [
                request(origin, cookie, "/text", {"file": "bench.rules", "text": house_rule(k)})
                for k in range(1, runs + 1)
            ]
            print(
                figures(
                    "diagnostics of a 30-line house rule (the edit's request)",
                    edits,
                    TARGETS["diagnostics"],
                    dice,
                )
            )
            dice = dice_games_per_second()
            sheets = []
            for k in range(1, runs + 1):
                request(origin, cookie, "/text", {"file": "bench.rules", "text": house_rule(k)})
                sheets.append(request(origin, cookie, "/sheet?file=bench.rules"))
            print(
                figures("the sheet preview (HTML, after each edit)", sheets, TARGETS["sheet"], dice)
            )
            dice = dice_games_per_second()
            edits = [form_edit(origin, cookie, k) for k in range(1, runs + 1)]
            print(
                figures(
                    "a rule changed through the form, every panel refreshed",
                    edits,
                    TARGETS["edit"],
                    dice,
                )
            )
        finally:
            process.terminate()
            process.wait()
