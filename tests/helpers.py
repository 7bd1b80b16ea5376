"""Shared test helpers: run the real command line; where the manuals are."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The two-player, Mission RISK and team rulesets (issue 5's six).
VARIANTS = [
    "da-2006-2p-passive",
    "da-2006-2p-active",
    "da-2006-mission",
    "da-2006-teams",
    "da-web-2p",
    "da-web-2p-classic",
]
SEEDS = Path(os.environ.get("RISKRULES_SOURCES", ROOT.parent / "shared" / "seeds"))


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> object:
        return json.loads(self.out)


def run_cli(
    *args: str, cwd: Path | None = None, unset: tuple[str, ...] = (), stdin: str | None = None
) -> Result:
    """Run `riskrules ARGS` as a user would; `unset` names environment variables to clear,
    `stdin` is what the command reads on standard input."""
    env = {k: v for k, v in os.environ.items() if k not in unset}
    proc = subprocess.run(
        [sys.executable, "-m", "riskrules", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        input=stdin,
        timeout=120,
    )
    return Result(proc.returncode, proc.stdout, proc.stderr)


def long_house_rule() -> str:
    """A house rule as long as the language lets one be on the standard board: every rule it
    can change changed, each with a reason of the longest string allowed, and one more for each
    of the 42 cards' symbols (issue 26: its sheet ran to seven pages)."""
    from riskrules.grammar import model as m
    from riskrules.grammar.library import locate
    from riskrules.grammar.limits import MAX_STRING

    said = "We tried the printed rule for three winters; the evenings ran long, so we voted. "

    def because(i: int) -> str:
        return f'because "{(f"Reason {i}. " + said * 20)[:MAX_STRING]}"'

    changed = {
        "players": "2 .. 6",
        "setup.start_armies": "{2: 40, 3: 36, 4: 31, 5: 26, 6: 21}",
        "setup.territories": "deal",
        "setup.place_per_turn": "2",
        "reinforcements.territories": "max(3, territories // 2)",
        "reinforcements.minimum": "4",
        "cards.wild": "4",
        "cards.forced_trade": "6",
        "cards.territory_bonus": "3",
        "cards.draw": "2",
        "combat.attack_requires": "armies >= 3",
        "combat.defender.dice": "1 .. min(3, armies)",
        "combat.ties": "attacker",
        "conquest.move_in.minimum": "1",
        "fortify.moves": "unlimited",
        "fortify.reach": "connected through own territories",
        "fortify.leave_behind": "2",
        "victory": "opponents == 0 or territories >= 30",
    }
    lines = ['ruleset long "Our kitchen-table rules" extends classic {']
    for i, (rule, value) in enumerate(changed.items()):
        lines.append(f"  override {rule}: assumed {value} {because(i)}")
    lines.append("  override cards.trade_values: fixed 10")
    _, eff = locate("classic")
    symbols = m.strip_assumed(eff.value("cards.symbols"))
    assert isinstance(symbols, m.Table)
    lines.append("  override cards.symbols: {")
    for i, entry in enumerate(symbols.entries):
        kind = m.strip_assumed(entry.value)
        assert isinstance(kind, m.Name)
        lines.append(f"    {entry.key}: assumed {kind.name} {because(100 + i)},")
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"
