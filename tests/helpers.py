"""Shared test helpers: run the command line (in this process, or as a real process); where the
manuals are; a Dask cluster of processes to lose."""

from __future__ import annotations

import contextlib
import json
import locale
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
# A skip's reason starts so when what the test needs cannot be on this machine or install at all
# (CI's too): only such a skip is not a failure under RISKRULES_CI=1 (tests/conftest.py). Skip
# with pytest.skip(NOT_HERE + reason) where the test is, so that the report names its line.
NOT_HERE = "not possible here: "


def examples(full: int) -> int:
    """How many examples a property test tries: `full` at full strength
    (RISKRULES_HYPOTHESIS=full, as .ci/run runs the property tests), a fifth in a quick run."""
    return full if os.environ.get("RISKRULES_HYPOTHESIS") == "full" else max(5, full // 5)


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> object:
        return json.loads(self.out)


def run_cli(
    *args: str,
    cwd: Path | None = None,
    unset: tuple[str, ...] = (),
    stdin: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Result:
    """Run `riskrules ARGS` as a user would, in this process: the same entry point as the
    `riskrules` script (tools/cli's main, so an exception is still exit 3 'internal error'),
    in `cwd`, without the environment variables named in `unset` and with those in `env`,
    reading `stdin`; its output decoded as subprocess.run(text=True) decodes a process's. What
    one command leaves in this process's caches of files it read is dropped before the next,
    which finds what a new process would (see _as_a_new_process). Use run_process where the
    process itself is under test (the entry point, signals, resource limits, hash seeds)."""
    import click.formatting
    from click.testing import CliRunner

    from riskrules.tools import cli

    overrides: dict[str, str | None] = {name: None for name in unset}
    overrides.update(env or {})
    if overrides.get("COLUMNS", os.environ.get("COLUMNS")) is None:
        # A process's output to a pipe is laid out for no terminal: 80 columns (shutil's
        # fallback), whatever this process's own terminal is.
        overrides["COLUMNS"] = "80"
    runner = CliRunner()  # stdout and stderr apart, neither a terminal (as a pipe is not)
    code = 0
    with (
        _ONE_AT_A_TIME,
        _as_a_new_process(),
        _working_directory(cwd),
        runner.isolation(input=stdin, env=overrides) as (out, err, _both),
        _warnings_as_in_a_new_process(),
    ):
        click.formatting.FORCED_WIDTH = None  # the runner's 80 is not what a process uses
        try:
            cli.main(list(args))
        except SystemExit as exc:
            code = _exit_status(exc.code)
        finally:  # what a process's streams hold at its exit (print() does not flush)
            sys.stdout.flush()
            sys.stderr.flush()
    return Result(code, _as_text(out.getvalue()), _as_text(err.getvalue()))


def run_process(
    *args: str,
    cwd: Path | None = None,
    unset: tuple[str, ...] = (),
    stdin: str | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 120,
) -> Result:
    """Run `python -m riskrules ARGS` as a process of its own, as run_cli would in this one."""
    environ = {k: v for k, v in os.environ.items() if k not in unset}
    environ.update(env or {})
    proc = subprocess.run(
        [sys.executable, "-m", "riskrules", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environ,
        input=stdin,
        timeout=timeout,
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


@dataclass
class DaskProcesses:
    """A Dask scheduler and its workers, each its own process (so that a test can kill one):
    `address` is the scheduler's."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)


@contextmanager
def dask_processes(
    workers: int = 1, preload: str | None = None, die_after: int = 0
) -> Iterator[DaskProcesses]:
    """A scheduler on a free port of 127.0.0.1 and `workers` workers of one thread each, without
    nannies (a worker killed stays dead), the workers joined when it yields. `preload`
    ("scheduler" or "worker") loads tests/cluster_preload.py there, which ends that process
    after `die_after` tasks."""
    here = Path(__file__).resolve().parent
    env = {**os.environ, "RISKRULES_DIE_AFTER": str(die_after)}
    quiet = subprocess.DEVNULL
    with tempfile.TemporaryDirectory() as folder:
        info = Path(folder) / "scheduler.json"
        extra = ["--preload", str(here / "cluster_preload.py")]
        scheduler = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1"]
            + ["--port", "0", "--no-dashboard", "--scheduler-file", str(info)]
            + (extra if preload == "scheduler" else []),
            stdout=quiet,
            stderr=quiet,
            env=env,
        )
        started = DaskProcesses("", scheduler)
        try:
            deadline = time.monotonic() + 60
            while not started.address:
                if time.monotonic() > deadline or scheduler.poll() is not None:
                    raise RuntimeError("the Dask scheduler did not start")
                time.sleep(0.1)
                if info.exists():
                    try:
                        started.address = json.loads(info.read_text())["address"]
                    except (ValueError, KeyError):
                        continue  # written, not yet whole
            for _ in range(workers):
                started.workers.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "distributed.cli.dask_worker", started.address]
                        + ["--nthreads", "1", "--no-nanny", "--no-dashboard"]
                        + (extra if preload == "worker" else []),
                        stdout=quiet,
                        stderr=quiet,
                        env=env,
                    )
                )
            if workers:
                from distributed import Client

                with Client(started.address, timeout=60, set_as_default=False) as client:
                    client.wait_for_workers(workers, timeout=60)
            yield started
        finally:
            for process in [*started.workers, scheduler]:
                process.kill()
                process.wait()


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


# One command at a time: the working directory, the environment and the standard streams are
# the process's own (pytest-xdist runs tests in parallel in separate processes, not threads).
_ONE_AT_A_TIME = threading.RLock()


def _exit_status(code: object) -> int:
    """The status a process exits with after `sys.exit(code)` (a message is status 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _as_text(data: bytes) -> str:
    """Bytes as subprocess.run(text=True) gives a process's output: in the locale's encoding,
    every line ending (\\r\\n, a lone \\r) as \\n."""
    text = data.decode(locale.getpreferredencoding(False))
    return text.replace("\r\n", "\n").replace("\r", "\n")


@contextlib.contextmanager
def _working_directory(cwd: Path | None) -> Iterator[None]:
    """In `cwd`, or in an empty folder of its own: a command that writes where it runs (a
    sheet without -o) must not write into the checkout, and a test that means a file of the
    checkout names it by its whole path."""
    before = os.getcwd()
    with contextlib.ExitStack() as stack:
        if cwd is None:
            cwd = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="riskrules-cwd-")))
        os.chdir(cwd)
        try:
            yield
        finally:
            os.chdir(before)


@contextlib.contextmanager
def _as_a_new_process() -> Iterator[None]:
    """What a new process would find: the module-level caches that hold what was read from a
    user's files are emptied (a test rewrites a file between two commands, sometimes within the
    file system's clock tick), and so are the simulator's loaded rules; the built-ins' parses
    stay, as those files do not change (a new process reads them from the cache on disk).
    Caches of pure functions (the parser, odds, translations) give the same answers in any
    process and stay too."""
    from riskrules.grammar import library
    from riskrules.tools.lab import simulate
    from riskrules.tools.shared import render

    builtins = set(library.builtin_paths())

    def forget() -> None:
        render._SOURCES.clear()
        render._lines.cache_clear()
        for path in [p for p in library._READ if p not in builtins]:
            del library._READ[path]
        simulate._RULES.clear()

    forget()
    try:
        yield
    finally:
        forget()


# Python's own warning filters, as `python -m riskrules` starts with them (see the warnings
# module), in place of those pytest sets while a test runs.
_DEFAULT_FILTERS = [
    ("default", DeprecationWarning, "__main__"),
    ("ignore", DeprecationWarning, ""),
    ("ignore", PendingDeprecationWarning, ""),
    ("ignore", ImportWarning, ""),
    ("ignore", ResourceWarning, ""),
]


@contextlib.contextmanager
def _warnings_as_in_a_new_process() -> Iterator[None]:
    """A warning the command raises is printed on its standard error, as a process prints it
    (pytest would otherwise collect it into its own summary, out of the test's sight)."""

    def show(message, category, filename, lineno, file=None, line=None) -> None:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))

    with warnings.catch_warnings():
        warnings.resetwarnings()
        for action, category, module in reversed(_DEFAULT_FILTERS):
            warnings.filterwarnings(action, category=category, module=module)
        warnings.showwarning = show
        yield


def pdf_pages(pdf: bytes, first: int | None = None) -> list[str]:
    """The text of each page of a PDF (pypdf's reading of it: 0.3-0.9 CPU-s a sheet's page),
    or of its `first` pages only."""
    import io

    import pypdf

    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages[:first]]


def pdf_page_count(pdf: bytes) -> int:
    """How many pages a PDF has, read from its page tree (pypdf's; no page's text is read,
    which costs a third of a second a sheet's page)."""
    import io

    import pypdf

    return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def build_for(ws: Any, eff: Any, lang: str, citations: str | None = None, paper: str = "a4") -> Any:
    """The sheet of a located ruleset (`grammar.library.locate`), as `summary` builds it: the
    ruleset and its base as the engine reads them (`riskrules.playable`, the one place), and
    whether it is a built-in."""
    from riskrules import playable
    from riskrules.tools.sheets.summary import build_for as build

    base = ws.resolved.get(eff.ruleset.extends) if eff.ruleset.extends else None
    builtin = eff.ruleset.span.file in ws.builtin
    return build(playable(eff), playable(base) if base else None, builtin, lang, citations, paper)
