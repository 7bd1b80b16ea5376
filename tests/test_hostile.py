"""Hostile input through the real command line: every case in tests/hostile/ (and a few made
here, too big or too odd to keep in the repository) ends with a clear message and exit 1 or 2,
never an internal error (3), within a time and memory limit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import NOT_HERE, ROOT

HOSTILE = ROOT / "tests" / "hostile"
MEMORY = 1_500 * 2**20  # bytes of address space a command may use
SECONDS = 90


def _limit() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str, cwd: Path | None = None, stdin: bytes | None = None) -> tuple[int, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "riskrules", *args],
        capture_output=True,
        input=stdin,
        cwd=cwd,
        timeout=SECONDS,
        preexec_fn=_limit if os.name == "posix" else None,
    )
    out = (proc.stdout + proc.stderr).decode("utf-8", errors="replace")
    assert "internal error" not in out and "Traceback" not in out, out[-2000:]
    assert proc.returncode != 3, out[-2000:]
    return proc.returncode, out


def h(name: str) -> str:
    return str(HOSTILE / name)


# (arguments, the exit code, words the output must hold)
CASES = [
    (("summary", h("misspelt-quantity.rules"), "-o", "{tmp}/x.html"), 1, "RR0211"),
    (("check", h("misspelt-quantity.rules"), "--report", "{tmp}/report"), 1, "RR0211"),
    (("check", h("divide-by-zero.rules")), 1, "RR0220"),
    (("check", h("divide-at-14.rules")), 1, "territories = 14"),
    (("check", h("divide-dice.rules")), 1, "RR0220"),
    (("simulate", h("divide-by-zero.rules"), "-g", "1"), 1, "RR0220"),
    (("odds", h("divide-by-zero.rules"), "-a", "3", "-d", "2"), 1, "RR0220"),
    (("summary", h("divide-by-zero.rules")), 1, "RR0220"),
    (("check", h("long-expression.rules")), 1, "RR0004"),
    (("fmt", "--check", h("long-expression.rules")), 0, ""),  # fmt lays out; check reports
    (("check", h("ten-dice.rules")), 1, "RR0223"),
    (("odds", h("ten-dice.rules"), "-a", "10", "-d", "10"), 1, "RR0223"),
    (("check", h("huge-income.rules")), 1, "RR0222"),
    (("check", h("huge-trade.rules")), 1, "RR0222"),
    (("simulate", h("huge-start.rules"), "-g", "1"), 1, "RR0222"),
    (("check", h("zero-minimum.rules")), 1, "RR0221"),
    (("check", h("negative-move-in.rules")), 1, "RR0224"),
    (("check", h("leading-zeros.rules")), 0, "no problems"),
    (("check", h("bom.rules")), 0, "no problems"),
    (("check", h("stray-cr.rules")), 0, "no problems"),
    (("fmt", "--diff", h("stray-cr.rules")), 1, "fortify.moves: 2"),
    (("check", h("ring.rules")), 1, "cycle of 200"),
    (("test", "classic", h("empty.feature")), 1, "no feature found"),
    (("test", "classic", h("not-gherkin.feature")), 1, "not valid Gherkin"),
    (
        ("trace", h("sources.rules"), "--sources", str(HOSTILE), "--features", h("empty.feature")),
        1,
        "no feature found",
    ),
    (("summary", "classic", "-o", "{tmp}/missing/x.html"), 2, "cannot write"),
    (("summary", "classic", "-o", "/dev/full"), 2, "cannot write"),
    (("check", "--report", "{tmp}/file/sub"), 2, "cannot write"),
    (("new", "mine", "-o", "{tmp}/missing/mine.rules"), 2, "cannot write"),
    (("simulate", "classic", "-g", "1", "--record", "{tmp}/file/sub"), 2, "cannot write"),
    (("check", "/dev/zero"), 1, "not a regular file"),
    (("check", "{tmp}/big.rules"), 1, "rules files are limited"),
    (("check", "{tmp}/fifo.rules"), 1, "not a regular file"),
    (("referee", "classic", "{tmp}/deep.jsonl"), 1, "nested too deeply"),
    (("referee", "classic", "{tmp}/long.jsonl"), 1, "longer than 100,000 bytes"),
    (("referee", "classic", "{tmp}/version.jsonl"), 1, "unsupported record version"),
]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "file").write_text("a file, not a folder\n")
    with open(folder / "big.rules", "wb") as handle:  # 300 MB, sparse: costs no disk
        handle.truncate(300_000_000)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.rules")
    header = json.dumps(
        {
            "format": "riskrules-record",
            "version": 1,
            "ruleset": "classic",
            "players": ["a", "b", "c"],
            "neutrals": [],
        }
    )
    (folder / "deep.jsonl").write_text(header + "\n" + '{"x": ' + "[" * 99_000 + "\n")
    with open(folder / "long.jsonl", "w") as handle:
        handle.write(header + "\n")
        handle.write(" " * 50_000_000 + "\n")
    (folder / "version.jsonl").write_text(header.replace('"version": 1', '"version": true') + "\n")
    return folder


@pytest.mark.parametrize(("args", "code", "words"), CASES, ids=lambda v: str(v)[:40])
def test_hostile_input(tmp: Path, args: tuple[str, ...], code: int, words: str) -> None:
    if "{tmp}/fifo.rules" in args and not hasattr(os, "mkfifo"):
        pytest.skip(NOT_HERE + "no FIFOs on this system")
    got, out = run(*(a.replace("{tmp}", str(tmp)) for a in args), cwd=tmp)
    assert got == code, out[-2000:]
    assert words in out, out[-2000:]


def test_the_report_escapes_what_a_title_holds(tmp: Path) -> None:
    run("check", h("script-title.rules"), "--report", str(tmp / "escaped"))
    index = (tmp / "escaped" / "index.md").read_text()
    assert "<script>" not in index and "&lt;script&gt;" in index


def test_trace_reads_manuals_only_inside_the_sources_folder(tmp: Path) -> None:
    _code, out = run(
        "trace",
        h("sources.rules"),
        "--sources",
        str(HOSTILE),
        "--format",
        "json",
        "--features",
        str(ROOT / "features" / "nl-classic.feature"),
    )
    report = json.loads(out[out.index("{") :])["rulesets"][0]
    # The Latin-1 manual is read (its anchor found); /bin/ls, outside the folder, is not.
    assert report["anchors_checked"] == 1 and report["anchors_found"] == 1, report


def test_same_seed_same_record_bytes_under_any_hash_seed(tmp: Path) -> None:
    folders = []
    for seed in ("1", "2"):
        folder = tmp / f"hash-{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "riskrules",
                "simulate",
                "da-2006",
                "-p",
                "3",
                "-g",
                "2",
                "--seed",
                "7",
                "--record",
                str(folder),
            ],
            check=True,
            env=env,
            capture_output=True,
            timeout=300,
        )
        folders.append(folder)
    for name in ("game-0001.jsonl", "game-0002.jsonl"):
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes()
