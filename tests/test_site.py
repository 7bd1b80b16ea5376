"""`riskrules site`'s own refusals, without a build (no download): a folder that holds
something else is never emptied, a folder with no built site is not served; and the lock is
well formed (every pinned file with a sha256)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from riskrules.tools.site import fetch, stdlib

SCRIPT = Path(sys.executable).parent / "riskrules"


def _riskrules(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *argv], capture_output=True, text=True, timeout=120)


def test_a_folder_holding_something_else_is_never_emptied(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    done = _riskrules("site", "build", str(tmp_path))
    assert done.returncode == 2 and "not empty" in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_folder_with_no_site_is_not_served(tmp_path: Path) -> None:
    done = _riskrules("site", "serve", str(tmp_path), "--port", "0")
    assert done.returncode == 2 and "riskrules site build" in done.stderr


def test_the_lock_pins_every_file_by_its_hash() -> None:
    lock = fetch.lock()
    runtime = lock["pyodide"]
    assert isinstance(runtime, dict)
    hashes = [runtime["sha256"], *runtime["files"].values()]
    hashes += [pin.sha256 for pin in fetch.pinned_wheels()]
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes)
    names = {pin.name for pin in fetch.pinned_wheels()}
    assert {"lark", "jinja2", "babel", "click", "msgspec", "markupsafe", "starlette"} <= names
    assert "pyodide.asm.wasm" in runtime["files"]
    json.dumps(lock)


def test_a_changed_download_is_refused(tmp_path: Path) -> None:
    got = tmp_path / "lark-1.3.1-py3-none-any.whl"
    got.write_bytes(b"not the pinned wheel")
    try:
        fetch.checked(got, "0" * 64)
    except fetch.FetchError as exc:
        assert "does not match site.lock" in str(exc)
    else:
        raise AssertionError("a file that does not match the lock was accepted")


def test_the_standard_library_keeps_what_riskrules_reads() -> None:
    assert not stdlib.kept("unittest/case.py") and not stdlib.kept("encodings/cp037.py")
    kept = ("encodings/utf_8.py", "encodings/__init__.py", "json/decoder.py", "email/utils.py")
    assert all(stdlib.kept(name) for name in kept)
