"""Links planted where riskrules writes (issue 42, item 1): at every name the studio writes (the
file, its draft, a copy, the temporaries of before and of now), in a plain folder and in a
cloned git repository, and at every output a command writes. The file a link points to, outside
the folder, must be byte-identical afterwards; the link is refused in words (a 403 or 400 page,
exit 2), never followed; nothing stray is left beside the files."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from helpers import NOT_HERE, ROOT, run_cli

pytest.importorskip("starlette")
from test_studio import HOUSE, MINE, client

from riskrules.tools.shared import safewrite
from riskrules.tools.studio.drafts import version

SECRET = b"the user's own file, outside the folder\n"
TYPED = HOUSE.replace("attacker", "defender")


def _outside(tmp_path: Path) -> Path:
    target = tmp_path / "outside" / "precious.txt"
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(SECRET)
    return target


def _names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def _untouched(outside: Path, link: Path) -> None:
    assert outside.read_bytes() == SECRET
    assert link.is_symlink() and os.readlink(link) == str(outside)  # the link left as it was


# ------------------------------------------------------------------------------- the studio

# Every name the studio writes for h.rules: the file, its draft, the temporaries the studio
# used to write beside each (h.rules.tmp, .h.rules.draft.tmp), a copy's name (keep both).
STUDIO_NAMES = ["h.rules", ".h.rules.draft", "h.rules.tmp", ".h.rules.draft.tmp", "h-mine.rules"]


def _studio_folder(tmp_path: Path, planted: str, outside: Path) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir()
    if planted != "h.rules":
        (folder / "h.rules").write_text(HOUSE)
    os.symlink(outside, folder / planted)
    return folder


def _every_write(folder: Path) -> list[int]:
    """Type, close the tab (the beacon), save, save as a copy, start a new file: each route
    that writes, with what it answered."""
    c = client(folder)
    base = version(HOUSE)
    posted = {"file": "h.rules", "base": base, "tab": "a"}
    return [
        c.post("/text", data={**posted, "text": TYPED}).status_code,
        c.post("/draft", data={**posted, "text": TYPED + "#\n"}).status_code,
        c.post("/save", data={**posted, "name": "h.rules", "text": TYPED}).status_code,
        c.post("/save", data={**posted, "name": "h-mine.rules", "text": TYPED}).status_code,
        c.post("/new", data={"base": "da-2006"}, follow_redirects=False).status_code,
    ]


@pytest.mark.parametrize("planted", STUDIO_NAMES)
def test_a_link_where_the_studio_writes_is_never_followed(tmp_path: Path, planted: str) -> None:
    outside = _outside(tmp_path)
    folder = _studio_folder(tmp_path, planted, outside)
    answers = _every_write(folder)
    assert 500 not in answers
    _untouched(outside, folder / planted)
    stray = {n for n in _names(folder) if n.endswith(".tmp") and n != planted}
    assert not stray  # no temporary left behind, refused or not


def test_a_link_at_the_draft_is_said_in_the_page(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    folder = _studio_folder(tmp_path, ".h.rules.draft", outside)
    c = client(folder)
    typed = c.post("/text", data={"file": "h.rules", "text": TYPED})
    assert typed.status_code == 403 and typed.headers["x-studio-words"] == "1"
    assert "A link lies at .h.rules.draft" in typed.text and "Traceback" not in typed.text
    assert "RR" not in typed.text or "line" in typed.text  # the diagnostics are still there
    c.cookies.set("riskrules_studio_lang", "da")
    assert (
        "Et link ligger ved .h.rules.draft"
        in c.post("/text", data={"file": "h.rules", "text": TYPED}).text
    )
    _untouched(outside, folder / ".h.rules.draft")


def test_a_link_at_the_file_is_refused_for_saving(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "a.rules").write_text(HOUSE)
    os.symlink(outside, folder / "b.rules")
    answer = client(folder).post(
        "/save", data={"file": "a.rules", "name": "b.rules", "text": TYPED}
    )
    assert answer.status_code == 400 and "link" in answer.text
    _untouched(outside, folder / "b.rules")


def test_a_temporary_whose_random_name_is_taken_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were the random name guessed (here: made predictable), the link there is not followed:
    the temporary is created with O_EXCL|O_NOFOLLOW, and another name is tried."""
    outside = _outside(tmp_path)
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "h.rules").write_text(HOUSE)
    names = iter(["guessed", "guessed", "fresh"])
    monkeypatch.setattr(safewrite.secrets, "token_hex", lambda n: next(names))
    os.symlink(outside, folder / ".h.rules.guessed.tmp")
    safewrite.write(folder / "h.rules", TYPED)
    assert (folder / "h.rules").read_text() == TYPED
    _untouched(outside, folder / ".h.rules.guessed.tmp")
    assert _names(folder) == {"h.rules", ".h.rules.guessed.tmp"}


def test_a_new_file_passes_over_a_name_a_link_holds(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    folder = tmp_path / "rules"
    folder.mkdir()
    os.symlink(outside, folder / ".da-2006-house.rules.draft")
    answer = client(folder).post("/new", data={"base": "da-2006"}, follow_redirects=False)
    assert answer.headers["location"] == MINE + "/edit?file=da-2006-house-2.rules"
    _untouched(outside, folder / ".da-2006-house.rules.draft")


@pytest.mark.parametrize(
    ("typed", "saved"),
    [
        ("h", "h.rules"),
        ("h.RULES", "h.rules"),
        ("h.rules", "h.rules"),
        ("copy.Rules", "copy.rules"),
    ],
)
def test_a_name_typed_in_save_as_names_one_file(tmp_path: Path, typed: str, saved: str) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    c = client(tmp_path)
    answer = c.post("/save", data={"file": "h.rules", "name": typed, "text": HOUSE})
    assert answer.status_code == 200 and f"Saved as {saved}" in answer.text
    assert _names(tmp_path) == {"h.rules", saved}


@pytest.mark.parametrize("typed", ["h.rules.tmp", "h.rules.draft", "notes.txt", ".rules"])
def test_a_name_that_ends_otherwise_is_refused_not_given_a_second_suffix(
    tmp_path: Path, typed: str
) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    answer = client(tmp_path).post("/save", data={"file": "h.rules", "name": typed, "text": TYPED})
    assert answer.status_code == 400 and "does not end in .rules" in answer.text
    assert _names(tmp_path) == {"h.rules"}  # no h.rules.tmp.rules, nothing stray
    assert (tmp_path / "h.rules").read_text() == HOUSE


def test_a_cloned_repository_with_a_planted_draft_link(tmp_path: Path) -> None:
    """A repository holding a link at `.family.rules.draft.tmp` (the temporary the studio
    used to write) and at `.family.rules.draft`: cloned, opened in the studio, typed in and
    saved, the file the links name is untouched."""
    if shutil.which("git") is None:
        pytest.skip(NOT_HERE + "no git")
    outside = _outside(tmp_path)
    made = tmp_path / "made"
    made.mkdir()
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "core.symlinks=true"]
    (made / "family.rules").write_text(HOUSE)
    os.symlink(outside, made / ".family.rules.draft.tmp")
    os.symlink(outside, made / ".family.rules.draft")
    subprocess.run([*git, "init", "-q"], cwd=made, check=True)
    subprocess.run([*git, "add", "-A"], cwd=made, check=True)
    subprocess.run([*git, "commit", "-qm", "house rules"], cwd=made, check=True)
    clone = tmp_path / "clone"
    subprocess.run([*git, "clone", "-q", str(made), str(clone)], check=True)
    assert (clone / ".family.rules.draft.tmp").is_symlink()
    c = client(clone)
    assert c.get("/edit", params={"file": "family.rules"}).status_code == 200
    posted = {"file": "family.rules", "base": version(HOUSE), "tab": "a"}
    typed = c.post("/text", data={**posted, "text": TYPED})  # the first keystroke
    assert typed.status_code == 403 and "link" in typed.text
    assert c.post("/draft", data={**posted, "text": TYPED}).status_code == 403
    saved = c.post("/save", data={**posted, "name": "family.rules", "text": TYPED})
    assert saved.status_code == 200 and (clone / "family.rules").read_text() == TYPED
    _untouched(outside, clone / ".family.rules.draft.tmp")
    _untouched(outside, clone / ".family.rules.draft")
    assert _names(clone) == {
        ".git",
        "family.rules",
        ".family.rules.draft",
        ".family.rules.draft.tmp",
    }


# -------------------------------------------------------------------------- the command line

TIES = str(ROOT / "tests" / "houserules" / "ties-to-attacker.rules")


def _command_outputs(here: Path) -> list[tuple[list[str], str]]:
    """Each command that writes a file, and the name it writes (a link is planted there)."""
    return [
        (["summary", TIES, "--lang", "en", "-o", "sheet.html"], "sheet.html"),
        (["summary", TIES, "--lang", "en", "--format", "md"], "ties-to-attacker.en.md"),
        (["diff", "classic", TIES, "-o", "diff.md"], "diff.md"),
        (["new", "house", "--extends", "da-2006", "--lang", "en"], "house.rules"),
        (["new", "house", "--extends", "da-2006", "--force", "--lang", "en"], "house.rules"),
        (["fmt", "linked.rules"], "linked.rules"),
        (["check", TIES, "--report", "report"], "report"),
        (["check", TIES, "--report", "report2"], "report2/index.md"),
        (["simulate", TIES, "-p", "3", "-g", "1", "--record", "games"], "games/game-0001.jsonl"),
        (  # (its games played in this process by one strength: neither writes a file)
            [
                *("balance", "classic", TIES, "--games", "2", "--workers", "1"),
                *("--agent", "aggressive", "--report", "study"),
            ],
            "study/balance.json",
        ),
    ]


@pytest.mark.parametrize("case", range(10))
def test_a_command_never_writes_through_a_planted_link(tmp_path: Path, case: int) -> None:
    outside = _outside(tmp_path)
    if case == 5:
        outside.write_text(HOUSE.replace("  ", "      "))  # a rules file fmt would change
    before = outside.read_bytes()
    here = tmp_path / "here"
    here.mkdir()
    args, planted = _command_outputs(here)[case]
    link = here / planted
    link.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside.parent if planted in ("report",) else outside, link)
    result = run_cli(*args, cwd=here)
    assert result.code == 2, (result.code, result.err)
    said = "exists (use --force" if args[0] == "new" and "--force" not in args else "link"
    assert said in result.err and "Traceback" not in result.err
    assert outside.read_bytes() == before and link.is_symlink()
    assert not [p for p in here.rglob("*.tmp")]  # nothing stray


@pytest.mark.parametrize("target", ["/dev/null", "fifo"])  # -o "": the cli branch
def test_an_output_that_is_no_plain_file_is_a_usage_error(tmp_path: Path, target: str) -> None:
    if target == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip(NOT_HERE + "no FIFOs on this system")
        os.mkfifo(tmp_path / "fifo")  # no reader: an open for writing would wait for ever
    result = run_cli("summary", TIES, "--lang", "en", "-o", target, cwd=tmp_path)
    assert result.code == 2 and "Traceback" not in result.err


def test_a_pipe_at_the_draft_is_neither_read_nor_written(tmp_path: Path) -> None:
    """A FIFO planted where the draft goes: opened to read or write, it would wait for ever."""
    if not hasattr(os, "mkfifo"):
        pytest.skip(NOT_HERE + "no FIFOs on this system")
    (tmp_path / "h.rules").write_text(HOUSE)
    os.mkfifo(tmp_path / ".h.rules.draft")
    c = client(tmp_path)
    assert "extends da-2006" in c.get("/edit", params={"file": "h.rules"}).text
    typed = c.post("/text", data={"file": "h.rules", "text": TYPED})
    assert typed.status_code == 403 and "is not a plain file" in typed.text
    saved = c.post("/save", data={"file": "h.rules", "name": "h.rules", "text": TYPED})
    assert saved.status_code == 200 and (tmp_path / "h.rules").read_text() == TYPED
