"""docs/house-rules.md works as printed: its files are written, its commands run, and each
command's exit code and first lines of output are as shown."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from helpers import ROOT, run_cli

DOC = ROOT / "docs" / "house-rules.md"
BLOCK = re.compile(r"```(\w+)(?: file=(\S+))?\n(.*?)```", re.S)


def test_tutorial_commands_work_as_printed(tmp_path: Path) -> None:
    ran = 0
    for kind, filename, body in BLOCK.findall(DOC.read_text(encoding="utf-8")):
        if filename:
            (tmp_path / filename).write_text(body, encoding="utf-8")
            continue
        if kind != "console":
            continue
        lines = body.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            if not line.startswith("$ "):
                continue
            command, _, note = line[2:].partition("  # ")
            expected_code = int(note.split()[-1]) if note.startswith("exits") else 0
            shown = []
            while i < len(lines) and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            words = shlex.split(command)
            assert words[0] == "riskrules"
            result = run_cli(*words[1:], cwd=tmp_path)
            output = result.out + result.err
            assert result.code == expected_code, (command, output)
            for expected in shown[:3]:
                assert expected.strip() in output, (command, expected, output)
            ran += 1
    assert ran >= 10
    assert (tmp_path / "scaffold.rules").exists() and (tmp_path / "familie.html").exists()
