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
