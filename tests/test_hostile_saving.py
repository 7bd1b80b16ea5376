"""No edit lost and no false "Saved" (issue 42, items 2, 5 and 7), the hostile suite's
careless user through Starlette's TestClient: a save states the version of the file it
replaces; two tabs on one file, an outside editor's change, a closing tab's draft against
another tab's, a read-only folder. What a user would notice: which text each file holds
afterwards, and what the page said."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import NOT_HERE

pytest.importorskip("starlette")
from starlette.testclient import TestClient
from test_studio import HOUSE, client

from riskrules.tools.studio.drafts import Folder, version

MINE = HOUSE.replace("attacker", "defender")  # tab A's edit
THEIRS = HOUSE.replace('"Our table"', '"Their table"')  # tab B's, or another editor's


class Tab:
    """One page of the editor, as a browser tab holds it: the version and the name it was
    loaded with, and the text in its textarea."""

    def __init__(self, c: TestClient, name: str) -> None:
        self.c, self.name = c, name
        page = c.get("/edit", params={"file": name}).text
        self.base = _hidden(page, "base")
        self.tab = _hidden(page, "tab")
        self.page = page

    def fields(self, **more: str) -> dict[str, str]:
        return {"file": self.name, "base": self.base, "tab": self.tab, **more}

    def type(self, text: str) -> int:
        answer = self.c.post("/text", data=self.fields(text=text))
        self.said = answer.text
        return answer.status_code

    def save(self, text: str, name: str | None = None, **more: str) -> tuple[int, str]:
        answer = self.c.post("/save", data=self.fields(text=text, name=name or self.name, **more))
        found = re.search(r'id="base" name="base" value="(\w+)" hx-swap-oob', answer.text)
        if found:
            self.base = found.group(1)  # the page's version follows the save (out of band)
        return answer.status_code, answer.text


def _hidden(page: str, name: str) -> str:
    found = re.search(rf'id="{name}" name="{name}" value="(\w*)"', page)
    assert found is not None, f"no hidden {name} in the page"
    return found.group(1)


def _said(page: str, key: str) -> str:
    found = re.search(rf"&#34;{key}&#34;: &#34;([\w.-]+)&#34;|\"{key}\": \"([\w.-]+)\"", page)
    assert found is not None, page
    return found.group(1) or found.group(2)


def test_two_tabs_neither_edit_is_lost_and_no_saved_is_false(tmp_path: Path) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    c = client(tmp_path)
    a, b = Tab(c, "h.rules"), Tab(c, "h.rules")
    assert a.tab != b.tab and a.base == b.base == version(HOUSE)
    assert a.type(MINE) == 200
    assert b.type(THEIRS) == 200  # A's draft is not replaced: B's is kept aside, and said
    assert "Another tab has unsaved changes to h.rules too" in b.said and "h-2.rules" in b.said
    folder = Folder.of(tmp_path)
    assert folder.draft("h.rules") == MINE and folder.draft("h-2.rules") == THEIRS
    status, said = a.save(MINE)
    assert status == 200 and "Saved as h.rules." in said
    assert (tmp_path / "h.rules").read_text() == MINE  # A's text, as A was told
    assert folder.draft("h.rules") is None and folder.draft("h-2.rules") == THEIRS
    status, said = b.save(THEIRS)
    assert status == 409 and "was changed on disk after this page opened it" in said
    assert "Saved" not in said and (tmp_path / "h.rules").read_text() == MINE
    copy = _said(said, "name")  # Keep both: B's text under a new name
    assert copy == "h-mine.rules"
    status, said = b.save(THEIRS, name=copy)
    assert status == 200 and "Saved as h-mine.rules." in said
    assert (tmp_path / "h.rules").read_text() == MINE
    assert (tmp_path / "h-mine.rules").read_text() == THEIRS
    assert folder.drafts() == []  # each tab's work is in a file: no draft left over
    status, said = a.save(MINE + "# and more\n")  # A's page follows its own save
    assert status == 200 and "Saved as h.rules." in said


def test_a_change_by_another_editor_after_the_draft_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    c = client(tmp_path)
    Tab(c, "h.rules").type(MINE)  # a draft, made from HOUSE; the tab is closed
    (tmp_path / "h.rules").write_text(THEIRS)  # another editor saves the file
    again = Tab(c, "h.rules")
    assert "was changed on disk after this draft was made" in again.page
    assert "the file on disk is older" not in again.page
    assert again.base == version(HOUSE)  # the draft's version, not the file's
    status, said = again.save(MINE)
    assert status == 409 and (tmp_path / "h.rules").read_text() == THEIRS
    compared = c.post("/compare", data={"file": "h.rules", "text": MINE})
    assert compared.status_code == 200
    assert "-" + 'ruleset family "Their table"' in compared.text.replace("&#34;", '"')
    assert "+  override combat.ties: defender" in compared.text
    status, said = again.save(MINE, overwrite=_said(said, "overwrite"))  # Replace it with mine
    assert status == 200 and (tmp_path / "h.rules").read_text() == MINE


def test_replace_asks_again_when_the_file_changed_once_more(tmp_path: Path) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    c = client(tmp_path)
    tab = Tab(c, "h.rules")
    (tmp_path / "h.rules").write_text(THEIRS)
    status, said = tab.save(MINE)
    over = _said(said, "overwrite")
    (tmp_path / "h.rules").write_text(THEIRS + "# once more\n")
    status, _ = tab.save(MINE, overwrite=over)
    assert status == 409 and (tmp_path / "h.rules").read_text() == THEIRS + "# once more\n"


def test_tabs_that_close_or_crash_unsaved_each_leave_their_own_draft(tmp_path: Path) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    c = client(tmp_path)
    a, b = Tab(c, "h.rules"), Tab(c, "h.rules")
    a.type(MINE)
    b.type(THEIRS)
    b.type(THEIRS + "# more\n")  # found again: the same draft of B's own
    a.type(MINE + "# more\n")
    assert c.post("/draft", data=b.fields(text=THEIRS + "# last\n")).status_code == 204
    folder = Folder.of(tmp_path)  # (A crashes: no beacon)
    assert folder.draft("h.rules") == MINE + "# more\n"
    assert folder.draft("h-2.rules") == THEIRS + "# last\n"
    assert folder.draft("h-3.rules") is None
    start = c.get("/").text
    assert "Go on with h.rules" in start and "Go on with h-2.rules" in start
    # A types back to the file's text and closes: A's draft goes, nobody else's.
    assert c.post("/draft", data=a.fields(text=HOUSE)).status_code == 204
    assert folder.draft("h.rules") is None and folder.draft("h-2.rules") == THEIRS + "# last\n"
    # B, typing again with the file's draft free, takes it; its draft aside goes.
    b.type(THEIRS)
    assert folder.draft("h.rules") == THEIRS and folder.draft("h-2.rules") is None


def test_a_draft_of_an_older_studio_is_read_and_asked_about(tmp_path: Path) -> None:
    """A draft kept before drafts said their version: its text is offered; older than the
    file, Save asks."""
    (tmp_path / ".h.rules.draft").write_text(MINE)
    os.utime(tmp_path / ".h.rules.draft", (1_000_000, 1_000_000))
    (tmp_path / "h.rules").write_text(THEIRS)
    tab = Tab(client(tmp_path), "h.rules")
    assert "was changed on disk after this draft was made" in tab.page
    assert tab.save(MINE)[0] == 409 and (tmp_path / "h.rules").read_text() == THEIRS


# ----------------------------------------------------------------------- a read-only folder


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """`folder` made read-only for this process: by its mode, or for root (whom modes do not
    stop) by a read-only bind mount."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    if shutil.which("mount") is None:
        pytest.skip(NOT_HERE + "root without mount: no way to make a folder read-only")
    bound = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
    if bound.returncode != 0:
        pytest.skip(NOT_HERE + "root, and a read-only bind mount is not allowed here")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True)
        yield
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_read_only_is_said_for_typing_save_and_new_and_the_text_stays(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "h.rules").write_text(HOUSE)
    with read_only(folder):
        assert not os.access(folder, os.W_OK), "the folder is still writable"
        c = client(folder)
        tab = Tab(c, "h.rules")
        typed = c.post("/text", data=tab.fields(text=MINE))
        assert typed.status_code == 403 and "cannot be written to" in typed.text
        assert typed.text.count("cannot be written to") == 1  # said once
        assert "line" in typed.text or "No problems" in typed.text  # still checked
        status, said = tab.save(MINE)
        assert status == 403 and "cannot be written to" in said and "Saved" not in said
        new = c.post("/new", data={"base": "da-2006"}, follow_redirects=False)
        assert new.status_code == 403 and "cannot be written to" in new.text
        beacon = c.post("/draft", data=tab.fields(text=MINE))
        assert beacon.status_code == 403
        for answer in (typed, new, beacon):
            assert "PermissionError" not in answer.text and "Traceback" not in answer.text
        c.cookies.set("riskrules_studio_lang", "nl")
        dutch = c.post("/text", data=tab.fields(text=MINE)).text
        assert "Er kan niet in de map worden geschreven" in dutch
    assert sorted(p.name for p in folder.iterdir()) == ["h.rules"]
    assert (folder / "h.rules").read_text() == HOUSE


def test_the_form_changes_the_pages_own_text_not_another_tabs_draft(tmp_path: Path) -> None:
    (tmp_path / "h.rules").write_text(HOUSE)
    c = client(tmp_path)
    a, b = Tab(c, "h.rules"), Tab(c, "h.rules")
    b.type(THEIRS)  # the draft on disk is B's
    fields = a.fields(text=MINE, rule="reinforcements.minimum", value="4", set="1")
    answer = c.post("/rule", data=fields)
    assert answer.status_code == 200
    assert "override reinforcements.minimum: 4" in answer.text
    assert "defender" in answer.text and "Their table" not in answer.text  # A's text, changed


def test_a_draft_in_a_folder_made_read_only_since_is_said_not_a_500(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "h.rules").write_text(HOUSE)
    c = client(folder)
    tab = Tab(c, "h.rules")
    tab.type(MINE)  # a draft kept
    with read_only(folder):
        back = c.post("/draft", data=tab.fields(text=HOUSE))  # typed back: the draft would go
        assert back.status_code == 403 and "cannot be written to" in back.text
        status, said = tab.save(MINE)
        assert status == 403 and "Saved" not in said
    assert Folder.of(folder).draft("h.rules") == MINE
