"""Benchmark of the studio's "What does it do?" panel as a player meets it (issue 45): the
default study (in stages, up to the studio's cap) of ties going to the attacker, made as the
studio's form makes it, on da-2006 and on classic. It prints what the panel says at the end
(whether game length is clear, and at how many games), when each look's figures came, and how
the time the panel says is left compares with the time it took: at every poll once a tenth of
the way to the next look is played, the panel's "… until then" against the seconds the look
then took to come ("a few seconds" counting as right when it came within twenty), and its "at
most …" against the seconds the whole study took. A ratio within 0.5-2 is within a factor of
two. The load average and the dice calibration are printed beside.

Run `python tests/bench/bench_study_panel.py [da-2006 classic] [-v]` (a few minutes of both
cores); it prints figures, not a pass or a fail."""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from riskrules.tools.service.progress import FEW
from riskrules.tools.studio.app import guarded
from riskrules.tools.studio.security import Door

HERE = Path(__file__).resolve().parent
POLL = 1.0  # seconds between the panel's polls (the page polls every 0.7 s)
HOUSE = 'ruleset family "Our table" extends {base} {{\n  override combat.ties: attacker\n}}\n'
TIME = re.compile(r"about (?:(\d+) h )?(?:(\d+) min )?(\d+)? ?s?")


def seconds(said: str) -> float | None:
    """The seconds in "about 1 min 05 s" or "about 40 s" (None: not said; "a few seconds": 5,
    which is under FEW)."""
    if "a few seconds" in said:
        return 5.0
    found = re.search(r"about ((?:\d+ h )?(?:\d+ min)?(?: ?\d+ s)?)", said)
    if found is None:
        return None
    parts = dict((unit, int(n)) for n, unit in re.findall(r"(\d+) (h|min|s)", found.group(1)))
    return 3600 * parts.get("h", 0) + 60 * parts.get("min", 0) + parts.get("s", 0)


def panel(base: str) -> None:
    folder = Path(tempfile.mkdtemp())
    (folder / "a.rules").write_text(HOUSE.format(base=base))
    door = Door("t", port=8123)
    client = TestClient(guarded(folder, door), base_url="http://127.0.0.1:8123" + door.root)
    began = time.monotonic()
    client.post("/study", data={"file": "a.rules"})
    polls: list[tuple[float, int, float | None, float | None]] = []  # t, look, soon, most
    looks: dict[int, float] = {}  # games per ruleset -> when its figures were first shown
    text = ""
    while True:
        text = client.get("/study/progress").text
        now = time.monotonic() - began
        so_far = re.search(r"So far, at (\d+) games", text)
        if so_far:
            looks.setdefault(int(so_far.group(1)), now)
        stage = re.search(r"Playing up to (\d+) games", text)
        said = re.search(r'id="study-time">([^<]*)', text)
        if stage and said:
            soon_said, _, most_said = said.group(1).partition("At most")
            polls.append((now, int(stage.group(1)), seconds(soon_said), seconds(most_said)))
        if 'id="study-state">' in text or "hx-get" not in text.split("study-state", 1)[1][:80]:
            break
        time.sleep(POLL)
    end = time.monotonic() - began
    answered = re.search(r'id="study-answered">([^<]*)', text)
    final = re.search(r"Measured over (\d+) games", text)
    if final:
        looks.setdefault(int(final.group(1)), end)
    sentences = re.findall(r"<p>([^<]*)</p>", text.split('class="players"', 1)[-1])
    print(f"{base}: {end:.0f} s; {answered.group(1) if answered else 'no answer line'}")
    for sentence in sentences[:4]:
        print(f"    {sentence}")
    print(f"    looks shown at (s): {looks}")
    ratios = []
    for at, target, soon, most in polls:
        came = looks.get(target)
        if soon is not None and came is not None and came > at:
            # "a few seconds" (under ten) is right when the look comes within twenty
            ratios.append(1.0 if soon < FEW and came - at < 2 * FEW else soon / (came - at))
            if not 0.5 <= ratios[-1] <= 2 and "-v" in sys.argv:
                print(
                    f"      at {at:.0f} s towards {target}: said {soon:.0f} s, "
                    f"took {came - at:.0f} s"
                )
        if most is not None and final and int(final.group(1)) == max(looks):
            pass
    if ratios:
        inside = sum(1 for r in ratios if 0.5 <= r <= 2)
        print(
            f"    'until then' against the time the look took: {len(ratios)} polls, ratio "
            f"{min(ratios):.2f} to {max(ratios):.2f}, {inside} within 2x"
        )
    mosts = [(at, most) for at, _t, _s, most in polls if most is not None]
    if mosts and final and int(final.group(1)) >= 1000:
        r = [most / (end - at) for at, most in mosts]
        print(f"    'at most' against the time to the end: ratio {min(r):.2f} to {max(r):.2f}")
    elif mosts:
        r = [most / (end - at) for at, most in mosts]
        print(
            f"    'at most' (it stopped early) over the time to the end: "
            f"{min(r):.2f} to {max(r):.2f}"
        )


def main() -> None:
    sys.path.insert(0, str(HERE))
    from calibration import dice_games_per_second

    bases = [a for a in sys.argv[1:] if a != "-v"] or ["da-2006", "classic"]
    for base in bases:
        before = dice_games_per_second(0.3)
        panel(base)
        after = dice_games_per_second(0.3)
        print(
            f"    load {os.getloadavg()[0]:.2f}, dice calibration {(before + after) / 2:.1f} "
            "games/s"
        )


if __name__ == "__main__":
    main()
