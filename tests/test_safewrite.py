"""tools/shared/safewrite.py, the one way riskrules writes a file: never through a link, never
half a file, nothing stray left; both with the folder's descriptor (Linux, macOS) and by path
(a system without the *at calls, as Pyodide's may be)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from riskrules.tools.shared import safewrite

SECRET = b"outside\n"


@pytest.fixture(params=[True, False], ids=["descriptor", "path"])
def at(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    if request.param and not safewrite.AT:
        pytest.skip("no *at calls on this system")
    monkeypatch.setattr(safewrite, "AT", request.param)
    return bool(request.param)


def _outside(tmp_path: Path) -> Path:
    (tmp_path / "away").mkdir()
    target = tmp_path / "away" / "precious"
    target.write_bytes(SECRET)
    return target


def test_a_file_is_written_and_replaced_whole_keeping_its_mode(tmp_path: Path, at: bool) -> None:
    target = tmp_path / "a.txt"
    safewrite.write(target, "first\n")
    target.chmod(0o640)
    safewrite.write(target, b"second\n")
    assert target.read_bytes() == b"second\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


@pytest.mark.parametrize("dangling", [False, True])
def test_a_link_at_the_target_is_refused_and_left(tmp_path: Path, at: bool, dangling: bool) -> None:
    outside = _outside(tmp_path)
    link = tmp_path / "a.txt"
    os.symlink(tmp_path / "nowhere" if dangling else outside, link)
    with pytest.raises(safewrite.Refused) as refused:
        safewrite.write(link, "x")
    assert refused.value.reason == "link" and "never writes through a link" in str(refused.value)
    assert outside.read_bytes() == SECRET and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "away"]


def test_a_pipe_a_device_and_a_folder_are_no_plain_files(tmp_path: Path, at: bool) -> None:
    os.mkfifo(tmp_path / "fifo")  # no reader: opening it to write would wait for ever
    (tmp_path / "folder").mkdir()
    for name in (tmp_path / "fifo", "/dev/null", tmp_path / "folder"):
        with pytest.raises(safewrite.Refused) as refused:
            safewrite.write(name, "x")
        assert refused.value.reason == "not-a-file"


def test_new_never_replaces_what_is_there(tmp_path: Path, at: bool) -> None:
    (tmp_path / "a.txt").write_text("mine\n")
    with pytest.raises(safewrite.Refused) as refused:
        safewrite.write(tmp_path / "a.txt", "theirs\n", new=True)
    assert refused.value.reason == "exists"
    assert (tmp_path / "a.txt").read_text() == "mine\n"
    safewrite.write(tmp_path / "b.txt", "new\n", new=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]


def test_a_write_that_fails_half_way_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, at: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.txt").write_text("old\n")

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safewrite.os, "write", full)
    with pytest.raises(safewrite.Refused) as refused:
        safewrite.write(tmp_path / "a.txt", "new\n")
    assert "No space left on device" in str(refused.value)
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]
    assert (tmp_path / "a.txt").read_text() == "old\n"


def test_a_streamed_file_is_put_in_place_also_when_its_writer_fails(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError), safewrite.open_text(tmp_path / "game.jsonl") as out:
        out.write("line 1\n")
        raise RuntimeError("the game broke an invariant")
    assert (tmp_path / "game.jsonl").read_text() == "line 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]


def test_a_folder_is_made_and_a_link_or_file_at_its_name_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    assert safewrite.folder(tmp_path / "deep" / "er").is_dir()
    os.symlink(outside.parent, tmp_path / "linked")
    with pytest.raises(safewrite.Refused) as refused:
        safewrite.folder(tmp_path / "linked")
    assert refused.value.reason == "link"
    (tmp_path / "file").write_text("x")
    with pytest.raises(safewrite.Refused):
        safewrite.folder(tmp_path / "file" / "sub")


def test_a_read_only_folder_is_denied_in_words(tmp_path: Path) -> None:
    from test_hostile_saving import read_only

    folder = tmp_path / "ro"
    folder.mkdir()
    with read_only(folder), pytest.raises(safewrite.Refused) as refused:
        safewrite.write(folder / "a.txt", "x")
    assert refused.value.reason == "denied" and "read-only" in str(refused.value)
    assert list(folder.iterdir()) == []
