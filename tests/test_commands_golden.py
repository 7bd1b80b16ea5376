"""Every command's output, exit code and JSON, byte for byte, as recorded in
tests/golden/commands/, one file a command (`check.txt`, `summary.txt`, …; `riskrules.txt`
for the top level: --help, --version, no command, an unknown one): the built-in rulesets, the
example house rules, error cases and each command's --help. It pins what a user sees while the
code under the commands moves. A case is numbered within its command's file, so a new case
changes only its own command's file.

Regenerate the record (only when a change of output is meant) with
`python tests/test_commands_golden.py --update` (`--from-single FILE` splits a record kept the
old way, in one file); `--subprocess` runs every command as its own
`python -m riskrules` process instead, to show the in-process run prints the same.

What is not compared: which engine `--version` names (compiled in a plain install, Python in
an editable one), the seconds a simulation took and the games per second (masked as <T>),
and the pictures of the balance report (compared by their SHA-256). Paths are shown relative to
the checkout (<ROOT>) and to the case's temporary folder (<TMP>).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import pytest
from click import formatting
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import ROOT

GOLDEN = ROOT / "tests" / "golden" / "commands"
HOUSE = "examples/house-rules"
# The environment every command sees: no colour forced either way, a fixed terminal width for
# --help, no manuals unless a case names them.
ENV = {"NO_COLOR": None, "FORCE_COLOR": None, "RISKRULES_SOURCES": None, "COLUMNS": "80"}

COMMANDS = [
    "check",
    "list",
    "show",
    "explain",
    "odds",
    "diff",
    "test",
    "trace",
    "summary",
    "new",
    "fmt",
    "lsp",
    "referee",
    "simulate",
    "balance",
    "sweep",
]


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    stdin: str | None = None
    files: tuple[str, ...] = ()  # files the command writes (under {tmp}), shown after its output
    prepare: Callable[[Path], None] | None = None  # run before the command, given the tmp folder
    # Run as its own process (started first, running while the others do). No case needs it
    # now: `test` and `trace` give each pytest run a module name of its own
    # (tools/compliance/scenarios.py), so a second run in one process runs its own scenarios.
    process: bool = False
    in_tmp: bool = False  # run in the temporary folder (a command that writes where it runs)

    def argv(self, tmp: Path) -> list[str]:
        return [a.replace("{tmp}", str(tmp)) for a in self.args]

    @property
    def title(self) -> str:
        return "riskrules " + " ".join(self.args)

    @property
    def command(self) -> str:
        """The command the case runs (its golden file's name): the first word that is not an
        option (nor --color's value), or "riskrules" for the top level."""
        words = iter(self.args)
        for word in words:
            if word == "--color":
                next(words, None)
            elif not word.startswith("-"):
                return word if word in COMMANDS or word == "studio" else "riskrules"
            else:
                break
        return "riskrules"


def case(*args: str, **kw: object) -> Case:
    return Case(tuple(args), **kw)  # type: ignore[arg-type]


# Rules files with errors of the three stages: syntax, names, values.
DIAGNOSED = tuple(
    f"tests/diagnostics/{name}.rules"
    for name in ("RR0001-missing-colon", "RR0102-unknown-ruleset", "RR0202-unknown-choice")
)
UNFORMATTED = "ruleset   messy extends classic {\n    override combat.ties:attacker\n}\n"
WITH_ERRORS = (
    "ruleset broken extends classic {\n"
    "  override combat.ties: attacke\n"
    "  override reinforcements.minimum: -1\n"
    "}\n"
)
FAILING_FEATURE = """\
Feature: a house rule that does not hold
  Background:
    Given the ruleset "classic"

  Scenario: thirteen territories give five
    When a player holds 13 territories
    Then they receive 5 armies
"""


def _write(name: str, text: str) -> Callable[[Path], None]:
    def prepare(tmp: Path) -> None:
        (tmp / name).write_text(text, encoding="utf-8")

    return prepare


def _tamper(tmp: Path) -> None:
    """A copy of the simulated record with one placement doubled past what the player holds,
    and one with a malformed line."""
    lines = (tmp / "rec" / "game-0001.jsonl").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"place"' in line and '"turn":1' in line)
    row = json.loads(lines[at])
    row["armies"] = 99
    illegal = [*lines[:at], json.dumps(row, separators=(",", ":")), *lines[at + 1 :]]
    (tmp / "illegal.jsonl").write_text("\n".join(illegal) + "\n", encoding="utf-8")
    broken = [*lines[:5], '{"action": "claim", "turn": 0}', *lines[5:]]
    (tmp / "broken.jsonl").write_text("\n".join(broken) + "\n", encoding="utf-8")


CASES = [
    case("--help"),
    case("--version"),
    case(),
    case("frobnicate"),
    *(case(command, "--help") for command in COMMANDS),
    # check
    case("check"),
    case("check", "--format", "json"),
    case("check", "--strict", "--quiet"),
    case("check", "--verbose"),
    case("check", "classic", "da-2006"),
    case("check", HOUSE),
    case("check", HOUSE, "--format", "json"),
    case("check", *DIAGNOSED),
    case("check", *DIAGNOSED, "--format", "json"),
    case("check", "-", stdin=WITH_ERRORS),
    case("check", "-", "--color", "always", stdin=WITH_ERRORS),
    case("--color", "always", "check", "-", "--quiet", stdin=WITH_ERRORS),
    case("check", "no/such/file.rules"),
    case("check", "clasic"),
    case("check", "--format", "xml"),
    case("check", "classic", "--report", "{tmp}/report", files=("report",)),
    # list, show, explain
    case("list"),
    case("list", "--format", "json"),
    case("show", "classic"),
    case("show", "da-2006", "--format", "json"),
    case("show", f"{HOUSE}/capital-risk.rules"),
    case("show", "clasic"),
    case("explain", "da-2006", "cards.trade_values"),
    case("explain", "da-2006", "cards.trade_values", "--format", "json"),
    case("explain", f"{HOUSE}/attacker-wins-ties.rules", "combat.ties"),
    case("explain", "classic", "combat.tie"),
    case("explain", "nosuch", "combat.ties"),
    # odds
    case("odds", "classic", "-a", "10", "-d", "5"),
    case("odds", "classic", "-a", "3", "-d", "2", "--exact"),
    case("odds", "classic", "-a", "3", "-d", "2", "--format", "json"),
    case("odds", "classic", "-a", "3", "-d", "2", "--exact", "--format", "json"),
    case("odds", "classic", "--table", "5"),
    case("odds", "classic", "--table", "3", "--exact", "--format", "json"),
    case("odds", "classic", "--roll", "3v2"),
    case("odds", "classic", "--roll", "3v2", "--exact", "--format", "json"),
    case("odds", "classic", "--roll", "4v2"),
    case("odds", "classic", "--roll", "three"),
    case("odds", "classic"),
    case("odds", "classic", "-a", "61", "-d", "2", "--exact"),
    case("odds", f"{HOUSE}/attacker-wins-ties.rules", "-a", "3", "-d", "3"),
    case("odds", f"{HOUSE}/defender-three-dice.rules", "--roll", "3v3", "--exact"),
    case(
        "odds",
        "{tmp}/broken.rules",
        "-a",
        "3",
        "-d",
        "2",
        prepare=_write("broken.rules", WITH_ERRORS),
    ),
    # diff
    *(case("diff", "classic", "da-2006", "--format", f) for f in ("text", "md", "html", "json")),
    case("diff", "nl-classic", "da-classic", "da-web", "da-2006"),
    *(
        case("diff", "nl-classic", "da-2006", "--format", "html", "--lang", lang)
        for lang in ("da", "nl")
    ),
    case(
        "diff",
        "classic",
        f"{HOUSE}/capital-risk.rules",
        f"{HOUSE}/fixed-ten.rules",
        "--format",
        "md",
    ),
    case("diff", "classic", "da-2006", "-o", "{tmp}/diff.md", files=("diff.md",)),
    case("diff", "classic", "da-2006", "--format", "text", "-o", "{tmp}/diff.html"),
    case("diff", "classic"),
    case("diff", "classic", "classic"),
    case("diff", "classic", "clasic"),
    # summary
    *(
        case("summary", "classic", "--lang", lang, "--format", "html", "-o", "-")
        for lang in ("en", "da", "nl")
    ),
    case("summary", "da-2006", "--format", "html", "--paper", "letter", "-o", "-"),
    *(
        case("summary", ruleset, "--lang", lang, "--layout", "card", "--format", "html", "-o", "-")
        for ruleset, lang in (("classic", "en"), ("da-2006", "da"), ("nl-classic", "nl"))
    ),
    case(
        "summary", "da-web", "--layout", "card", "--paper", "letter", "--format", "html", "-o", "-"
    ),
    case("summary", "classic", "--layout", "card", "--format", "md", "-o", "-"),
    *(
        case("summary", ruleset, "--lang", lang, "--format", "md", "-o", "-")
        for ruleset in ("classic", "da-2006")
        for lang in ("en", "da", "nl")
    ),
    case("summary", "nl-classic", "--format", "md", "-o", "-"),
    case("summary", "da-2006-mission", "--format", "md", "-o", "-"),
    case("summary", "da-2006-teams", "--format", "md", "--citations", "rules", "-o", "-"),
    case(
        "summary",
        "da-web-2p",
        "--format",
        "md",
        "--citations",
        "none",
        "--paper",
        "letter",
        "-o",
        "-",
    ),
    case("summary", f"{HOUSE}/capital-risk.rules", "--format", "md", "-o", "-"),
    case(
        "summary", f"{HOUSE}/three-and-a-neutral.rules", "--format", "md", "--lang", "da", "-o", "-"
    ),
    case("summary", "classic", "--format", "md", "-o", "{tmp}/sheet.md", files=("sheet.md",)),
    case("summary", "classic", "-o", "{tmp}/suffix.md"),
    case("summary", "classic", "--format", "md", files=("classic.en.md",), in_tmp=True),
    case("summary", "classic", "--format", "html", "-o", "{tmp}/sheet.pdf"),
    case("summary", "classic", "-o", "{tmp}/sheet.txt"),
    case("summary", "{tmp}/broken.rules"),
    case("--color", "always", "summary", "{tmp}/broken.rules"),
    case("summary", "classic", "--lang", "fr"),
    # new
    case("new", "house", "--extends", "da-2006", "-o", "-"),
    case("new", "capitals", "--from", "capital-risk", "-o", "-"),
    case(
        "new", "house", "--title", "Friday rules", "-o", "{tmp}/house.rules", files=("house.rules",)
    ),
    case("new", "house", "-o", "{tmp}/house.rules"),
    case("new", "x", "--from", "list"),
    case("new", "--from", "list"),
    case("new"),
    case("new", "x", "--from", "capital-risc"),
    case("new", "Bad Name"),
    case("new", "house", "--extends", "clasic", "-o", "-"),
    # fmt
    case(
        "fmt", "--check", *(f"{HOUSE}/{n}.rules" for n in ("capital-risk", "fixed-ten", "no-cards"))
    ),
    case("fmt", "--check", "{tmp}/messy.rules", prepare=_write("messy.rules", UNFORMATTED)),
    case("fmt", "--diff", "{tmp}/messy.rules"),
    case("fmt", "-", stdin=UNFORMATTED),
    case("fmt", "{tmp}/messy.rules", files=("messy.rules",)),
    case("fmt", "{tmp}/broken.rules"),
    case("fmt", "{tmp}/nothing.rules"),
    # test, trace
    case("test", f"{HOUSE}/capital-risk.rules", f"{HOUSE}/capital-risk.feature", "-v"),
    case(
        "test",
        "classic",
        "{tmp}/fails.feature",
        "--format",
        "json",
        prepare=_write("fails.feature", FAILING_FEATURE),
    ),
    case("test", "classic", "{tmp}/messy.rules"),
    case("test", "{tmp}/broken.rules", f"{HOUSE}/capital-risk.feature"),
    case("trace", "classic", "nl-classic", "--format", "json"),
    case(
        "trace",
        f"{HOUSE}/fixed-ten.rules",
        "--features",
        f"{HOUSE}/fixed-ten.feature",
    ),
    case("trace", "--uncovered"),
    case("trace", "{tmp}/broken.rules"),
    # simulate, referee
    case(
        "simulate",
        "classic",
        "--games",
        "2",
        "--seed",
        "7",
        "--workers",
        "1",
        "--record",
        "{tmp}/rec",
    ),
    case(
        "simulate", "classic", "--games", "2", "--seed", "7", "--workers", "1", "--format", "json"
    ),
    case(
        "simulate",
        "da-2006-2p-active",
        "--games",
        "1",
        "--workers",
        "1",
        "--agent",
        "random",
        "--max-turns",
        "4",
    ),
    case(
        "simulate",
        f"{HOUSE}/capital-risk.rules",
        "--games",
        "1",
        "--players",
        "4",
        "--workers",
        "1",
        "--format",
        "json",
    ),
    case("simulate", "classic", "--players", "1"),
    case("simulate", "classic", "--players", "13"),
    case("simulate", "{tmp}/broken.rules"),
    case("referee", "classic", "{tmp}/rec/game-0001.jsonl"),
    case("referee", "classic", "{tmp}/rec/game-0002.jsonl", "--format", "json"),
    case("referee", "classic", "{tmp}/illegal.jsonl", prepare=_tamper),
    case("referee", "classic", "{tmp}/illegal.jsonl", "--format", "json"),
    case("referee", "classic", "{tmp}/broken.jsonl"),
    case("referee", "classic", "{tmp}/no-such.jsonl"),
    case("referee", "da-2006", "{tmp}/rec/game-0001.jsonl"),
    # balance, sweep
    case(
        "balance", "classic", f"{HOUSE}/attacker-wins-ties.rules", "--games", "4", "--workers", "1"
    ),
    case(
        "balance",
        "classic",
        f"{HOUSE}/fixed-ten.rules",
        "--games",
        "2",
        "--workers",
        "1",
        "--format",
        "json",
        "--report",
        "{tmp}/study",
        files=("study",),
    ),
    case("balance", "classic", "da-2006-2p-active", "--games", "2"),
    case("balance", "classic", "classic", "--games", "2"),
    case(
        "sweep",
        "classic",
        "--vary",
        "combat.ties=attacker,defender",
        "--games",
        "2",
        "--workers",
        "1",
    ),
    case(
        "sweep",
        "classic",
        "--vary",
        "combat.ties=attacker,defender",
        "--vary",
        "cards.trade_values=fixed 8|fixed 10",
        "--games",
        "2",
        "--workers",
        "1",
        "--agent",
        "aggressive",
        "--format",
        "json",
    ),
    case(
        "sweep",
        "classic",
        "--vary",
        "setup.start_armies[4]=25,30",
        "--players",
        "4",
        "--games",
        "2",
        "--workers",
        "1",
        "--agent",
        "aggressive",
    ),
    case("sweep", "classic", "--vary", "setup.start_armies[7]=30"),
    case("sweep", "classic", "--vary", "setup.start_armies=30"),
    case("sweep", "classic", "--vary", "combat.tie=attacker"),
    case("sweep", "classic", "--vary", "combat.ties=attacke"),
    # studio (its serving is tested in tests/test_studio*.py; here what it says when it cannot)
    case("studio", "--help"),
    case("studio", "no-such-folder", "--no-browser"),
    case("studio", "--port", "70000", "--no-browser"),
]


def _masked(text: str, tmp: Path) -> str:
    for path, name in ((str(tmp), "<TMP>"), (str(ROOT), "<ROOT>")):
        text = text.replace(path, name)
    text = re.sub(r"\(engine: [^)]*\)", "(engine: <KIND>)", text)  # compiled or not
    text = re.sub(r'("(?:elapsed_s|games_per_s)": )[0-9.e+-]+', r"\1<T>", text)
    text = re.sub(r"[0-9.]+( s, )[0-9.]+ (games|spil|spellen)/s", r"<T>\1<T> \2/s", text)
    text = re.sub(r"[0-9.]+ (games|spil|spellen)/s", r"<T> \1/s", text)
    return re.sub(
        r"data:image/png;base64,([A-Za-z0-9+/=]+)",
        lambda m: "data:image/png;sha256," + hashlib.sha256(m.group(1).encode()).hexdigest(),
        text,
    )


def _written(tmp: Path, names: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for name in names:
        path = tmp / name
        found = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in found:
            data = file.read_bytes() if file.exists() else b"(not written)"
            out.append((str(file.relative_to(tmp)), data.decode("utf-8", errors="replace")))
    return out


@contextmanager
def _cwd(path: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def _in_process(argv: list[str], stdin: str | None) -> tuple[int, str, str]:
    from riskrules.tools.cli import main

    runner = CliRunner()
    with runner.isolation(input=stdin, env=ENV, color=False) as (out, err, _):
        # click wraps --help at the terminal's width less 2 (78 at COLUMNS=80); CliRunner
        # forces a width of 80 instead, so it is given what a terminal would.
        formatting.FORCED_WIDTH = 78
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        sys.stdout.flush()
        sys.stderr.flush()
        return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


Started = tuple[subprocess.Popen[str], str | None]


def _start(argv: list[str], stdin: str | None, cwd: Path = ROOT) -> Started:
    env = {k: v for k, v in os.environ.items() if k not in ENV}
    env.update({k: v for k, v in ENV.items() if v is not None})
    process = subprocess.Popen(
        [sys.executable, "-m", "riskrules", *argv],
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        encoding="utf-8",
        env=env,
        cwd=cwd,
    )
    return process, stdin


def _finish(started: Started) -> tuple[int, str, str]:
    process, stdin = started
    out, err = process.communicate(input=stdin, timeout=300)
    return process.returncode, out, err


def record(processes: bool = False) -> dict[str, str]:
    """Run every case (from the checkout, each in one shared temporary folder, in the order of
    CASES: a case may read what one before it wrote) and give what each did as its command's
    golden file's text, by file name. The cases that need a process of their own start first
    and run while the others do."""
    blocks: dict[str, list[str]] = {}
    tmp = Path(tempfile.mkdtemp(prefix="riskrules-golden-"))
    try:
        with _cwd(ROOT):
            started: dict[int, Started] = {}
            finished: dict[int, tuple[int, str, str]] = {}
            for number, item in enumerate(CASES, start=1):
                if item.process or processes:
                    if item.prepare is not None:
                        item.prepare(tmp)
                    where = tmp if item.in_tmp else ROOT
                    started[number] = _start(item.argv(tmp), item.stdin, where)
                if processes:  # one at a time: a case may read what the one before wrote
                    finished[number] = _finish(started.pop(number))
            for number, item in enumerate(CASES, start=1):
                if number in finished:
                    code, out, err = finished[number]
                elif number in started:
                    code, out, err = _finish(started[number])
                else:
                    if item.prepare is not None:
                        item.prepare(tmp)
                    with _cwd(tmp) if item.in_tmp else nullcontext():
                        code, out, err = _in_process(item.argv(tmp), item.stdin)
                parts = [("stdout", out), ("stderr", err), *_written(tmp, item.files)]
                blocks.setdefault(f"{item.command}.txt", [])
                within = len(blocks[f"{item.command}.txt"]) + 1  # numbered within its file
                block = [f"#### {within} {_masked(item.title, tmp)}", f"#### exit {code}"]
                for name, text in parts:
                    text = _masked(text, tmp)
                    block.append(f"#### {name} ({len(text)} characters)")
                    block.append(text)
                blocks[f"{item.command}.txt"].append("\n".join(block))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {name: "\n".join(texts) + "\n" for name, texts in sorted(blocks.items())}


def recorded() -> dict[str, str]:
    """The golden files' texts, by file name."""
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(GOLDEN.glob("*.txt"))}


def write(files: dict[str, str]) -> None:
    """`files` as the golden record: each written, and a command's file no case writes now
    removed."""
    GOLDEN.mkdir(exist_ok=True)
    for stale in set(recorded()) - set(files):
        (GOLDEN / stale).unlink()
    for name, text in files.items():
        (GOLDEN / name).write_text(text, encoding="utf-8")


def crashes(files: dict[str, str]) -> list[str]:
    """The cases of a record that ended in exit 3, riskrules' exit for a crash (a traceback),
    as `FILE: #### N riskrules …`: never an expected output, whatever a case types."""
    return [
        f"{name}: {title}"
        for name, text in sorted(files.items())
        for title, body in split(text).items()
        if body.startswith("#### exit 3\n")
    ]


def update(files: dict[str, str]) -> None:
    """`files` as the new golden record, unless a case crashed: then nothing is written, and
    SystemExit names the cases (a regeneration once recorded a crash as what was expected)."""
    crashed = crashes(files)
    if crashed:
        raise SystemExit(
            f"not written: {len(crashed)} cases crashed (exit 3); fix them, then update:\n"
            + "\n".join(crashed)
        )
    write(files)


def split(text: str) -> dict[str, str]:
    """The golden text by case: `#### N riskrules …` to the next case's header."""
    cases: dict[str, str] = {}
    stream = io.StringIO(text)
    title = ""
    body: list[str] = []
    while line := stream.readline():
        if line.startswith("#### ") and re.match(r"#### \d+ riskrules", line):
            if title:
                cases[title] = "".join(body)
            title, body = line.rstrip("\n"), []
            continue
        body.append(line)
        sized = re.fullmatch(r"#### \S+ \((\d+) characters\)\n", line)
        if sized:  # the output itself, however it looks, then its newline
            body.append(stream.read(int(sized.group(1)) + 1))
    if title:
        cases[title] = "".join(body)
    return cases


def test_every_command_prints_what_it_printed() -> None:
    """Every case's exit code, standard output and error, and the files it writes, are as
    recorded. A difference names the case; the whole new record is left in the temporary
    folder to compare."""
    found, expected = record(), recorded()
    if found == expected:
        return
    dump = Path(tempfile.mkdtemp(prefix="riskrules-commands-"))
    changed, gone = [], []
    for name in sorted(set(found) | set(expected)):
        new, old = split(found.get(name, "")), split(expected.get(name, ""))
        changed += [f"{name}: {title}" for title in new if new[title] != old.get(title)]
        gone += [f"{name}: {title}" for title in old if title not in new]
        if name in found:
            (dump / name).write_text(found[name], encoding="utf-8")
    raise AssertionError(
        f"{len(changed)} commands print otherwise, {len(gone)} recorded ones were not run "
        f"(the new record is in {dump}; diff it with {GOLDEN}):\n" + "\n".join(changed + gone)
    )


def test_the_record_is_read_back_whole() -> None:
    # The reader of the golden files finds every case, each in its command's file, with
    # outputs that hold '#### ' lines.
    files = recorded()
    assert set(files) == {f"{item.command}.txt" for item in CASES}
    cases = {name: split(text) for name, text in files.items()}
    assert sum(len(found) for found in cases.values()) == len(CASES)
    assert all("#### exit " in body for found in cases.values() for body in found.values())


def test_the_record_holds_no_crash_and_an_update_refuses_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No recorded case expects a crash, and `--update` refuses to record one: given a record
    in which one case ended in exit 3, it writes nothing and names that case."""
    files = recorded()
    assert crashes(files) == []
    name = "check.txt"
    first = next(iter(split(files[name])))
    assert files[name].startswith(first + "\n#### exit ")
    crashed = dict(files)
    crashed[name] = re.sub(r"\A(#### .*\n)#### exit \d+\n", r"\1#### exit 3\n", files[name])
    monkeypatch.setitem(globals(), "GOLDEN", tmp_path)  # where a write would go
    with pytest.raises(SystemExit, match="1 cases crashed") as refused:
        update(crashed)
    assert f"{name}: {first}" in str(refused.value)
    assert list(tmp_path.iterdir()) == []
    update(files)  # the record as it is: written
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)


def split_single(text: str) -> dict[str, str]:
    """The record as it was kept before 2026-12-03, one file of every case numbered in order
    (tests/golden/commands.txt), as the files of today: each case's block unchanged but for its
    number, which counts within its command's file. (For a branch begun before the split: take
    its commands.txt, `--from-single` it, and delete it.)"""
    cases = split(text)
    if len(cases) != len(CASES):
        raise SystemExit(f"the file holds {len(cases)} cases, CASES {len(CASES)}")
    files: dict[str, list[str]] = {}
    for (title, body), item in zip(cases.items(), CASES, strict=True):
        shown = title.split(" ", 2)[2]  # "#### N riskrules …" less the number
        blocks = files.setdefault(f"{item.command}.txt", [])
        blocks.append(f"#### {len(blocks) + 1} {shown}\n{body}")
    return {name: "".join(blocks) for name, blocks in sorted(files.items())}


if __name__ == "__main__":
    if "--from-single" in sys.argv:
        single = Path(sys.argv[sys.argv.index("--from-single") + 1])
        write(split_single(single.read_text(encoding="utf-8")))
    elif "--update" in sys.argv:
        update(record("--subprocess" in sys.argv))
    elif "--subprocess" in sys.argv:
        same = record(processes=True) == recorded()
        print("as separate processes: " + ("the same" if same else "DIFFERENT"))
        sys.exit(0 if same else 1)
    else:
        print(__doc__)
