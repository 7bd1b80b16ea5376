"""Benchmark: a rule sheet as PDF, start to finish and by stage.

Run `python tests/bench/bench_summary.py`; it prints figures (it is not a timed test), each
beside the dice calibration measured in the same run. Target (issue 14): a PDF in under 2 s.
Stages: WeasyPrint's import (fonts and Pango, once per process), building the sheet, and the
layout and writing of the PDF (one or more layouts, as tools/sheets/pdf.py fits the sheet).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from calibration import dice_games_per_second


def whole_process(name: str, runs: int = 5) -> float:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "sheet.pdf"
        command = [sys.executable, "-m", "riskrules", "summary", name, "--format", "pdf"]
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([*command, "-o", str(out)], capture_output=True, check=True)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def stages(name: str) -> dict[str, float]:
    start = time.perf_counter()
    import weasyprint  # noqa: F401  (the import is what is measured)

    imported = time.perf_counter() - start
    from riskrules.tools.service.snapshot import Snapshot
    from riskrules.tools.sheets.summary import build_for, render, sheet_language

    snapshot = Snapshot.of()
    eff = snapshot.checked(name)
    base = snapshot.rules(eff.ruleset.extends) if eff.ruleset.extends else None
    start = time.perf_counter()
    sheet = build_for(snapshot.rules(eff), base, True, sheet_language(eff))
    built = time.perf_counter() - start
    start = time.perf_counter()
    render(sheet, "pdf")
    printed = time.perf_counter() - start
    return {"import": imported, "build": built, "layout+write": printed}


def main() -> None:
    for name in ("da-2006", "nl-classic", "da-2006-2p-active"):
        calibration = dice_games_per_second()
        whole = whole_process(name)
        parts = stages(name) if name == "da-2006" else {}
        detail = ", ".join(f"{k} {v:.2f} s" for k, v in parts.items())
        print(
            f"{name}: PDF whole process {whole:.2f} s (median of 5)"
            + (f"; in process: {detail}" if detail else "")
            + f"  [calibration: {calibration:.0f} dice games/s]"
        )


if __name__ == "__main__":
    main()
