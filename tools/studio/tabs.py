"""Two tabs on one file each keep their own unsaved work. A file has one draft
(`.NAME.rules.draft`), written by the page that typed last; a page that would replace another
page's draft of another text keeps its own instead as the draft of a name of its own
(`NAME-2.rules`, found again at its next keystroke, offered on the start page), so a tab that
is closed or crashes without saving loses nothing another tab typed over. A page's side drafts
go when its text is in the file's own draft again, or saved."""

from __future__ import annotations

import contextlib
import itertools

from .drafts import BadName, Folder

MOST_SIDES = 50  # side drafts of one file looked through for a page's own


def keep(folder: Folder, name: str, text: str, base: str, tab: str) -> str:
    """Keep a page's text of `name`; returns the name whose draft holds it (`name` itself,
    unless another page's draft of another text is there)."""
    kept = folder.kept(name)
    theirs = kept is not None and kept.tab not in ("", tab) and kept.text != text
    if not tab or not theirs:
        folder.keep(name, text, base, tab)
        forget_sides(folder, name, tab)
        return name
    side = _side(folder, name, tab) or folder.free_name(name[: -len(".rules")])
    folder.keep(side, text, base, tab)
    return side


def forget(folder: Folder, name: str, text: str, tab: str) -> None:
    """A page's text is in the file now (saved, or typed back to it): its drafts go, and
    the file's own draft when it is this page's or holds this very text."""
    kept = folder.kept(name)
    if kept is not None and (kept.text == text or kept.tab in ("", tab)):
        folder.forget(name)
    forget_sides(folder, name, tab)


def forget_sides(folder: Folder, name: str, tab: str) -> None:
    for _ in range(MOST_SIDES if tab else 0):
        side = _side(folder, name, tab)
        if side is None:
            return
        folder.forget(side)


def _side(folder: Folder, name: str, tab: str) -> str | None:
    """The name of this page's side draft of `name`, if it has one."""
    stem = name[: -len(".rules")]
    for path in itertools.islice(folder.root.glob(f".{stem}-*.rules.draft"), MOST_SIDES):
        side = path.name[1 : -len(".draft")]
        with contextlib.suppress(BadName):
            found = folder.kept(side)
            if found is not None and found.tab == tab and side[len(stem) + 1 : -6].isdigit():
                return side
    return None
