"""Shared test helpers: run the real command line; where the manuals are."""

from __future__ import annotations

import json
import os
import re
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


# Where a sentence of a manual ends (as `trace --uncovered` splits passages).
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-ZÆØÅ0-9•\"“(])")


def large_manual(real: str, lines: int, page_lines: int = 3) -> str:
    """A manual of about `lines` lines made from a real paged one (000, whose pages are marked
    `1 `…`10 `): the real text first, as it is, then page after page of its sentences, one a
    line and `page_lines` to a page, numbered on from the real last page. A sentence that
    would open a line with a number joins the line before (it would read as a page marker)."""
    sentences: list[str] = []
    pages = 0
    for line in real.splitlines():
        found = re.match(r"(\d+) (.*)", line)
        if not found:
            continue
        pages = max(pages, int(found.group(1)))
        for sentence in _SENTENCE_END.split(found.group(2)):
            if sentences and re.match(r"\d+ ", sentence):
                sentences[-1] += " " + sentence
            else:
                sentences.append(sentence)
    out = real.rstrip("\n").split("\n")
    taken = 0
    while len(out) < lines:
        pages += 1
        chunk = [sentences[(taken + i) % len(sentences)] for i in range(page_lines)]
        taken += page_lines
        out.append(f"{pages} {chunk[0]}")
        out.extend(chunk[1:])
    return "\n".join(out) + "\n"
