"""The files the studio may touch: `*.rules` files directly inside FOLDER, named by a plain file
name (no folder, no `..`, no absolute path, no link leading out), and each one's draft
(`.NAME.rules.draft` beside it), written at every edit so nothing typed is lost when the tab is
closed or the server stops. Every write goes through shared/safewrite.py (a link at any name
written is refused, never followed). A draft remembers the version of the file it was made
from, so a Save never replaces a change made on disk since without asking."""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ...grammar.limits import MAX_FILE_BYTES, MAX_STUDIO_DRAFTS
from ...grammar.messages import Message, msg
from ..shared import safewrite

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.rules")


ABSENT = "none"  # the version of a file not written yet
DRAFT_HEAD = "#riskrules-draft of "  # a draft's first line: the version it came from, the tab
# Letters a plain file name spells out (the Danish and German way), before the rest lose
# their accents: "Vores æbleregler" is vores-aebleregler.rules on every disk and in every link.
SPELLED = str.maketrans(
    {"æ": "ae", "ø": "oe", "å": "aa", "ß": "ss", "Æ": "Ae", "Ø": "Oe", "Å": "Aa"}
)


def safe_name(typed: str) -> str:
    """The file name a name a player types is saved under: its letters without accents, lower
    case, words joined by '-', ending in .rules ("Vores regler" is vores-regler.rules); ""
    when nothing of it is left."""
    import unicodedata

    stem = typed.strip()
    if stem.lower().endswith(".rules"):
        stem = stem[: -len(".rules")]
    plain = unicodedata.normalize("NFKD", stem.translate(SPELLED))
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    words = re.sub(r"[^a-z0-9_.]+", "-", plain).strip("-.")
    words = re.sub(r"-{2,}", "-", words)[:90].strip("-.")
    return f"{words}.rules" if words else ""


class BadName(Exception):
    """A file name the studio refuses, with the reason in plain words (`said`, a Message)."""

    def __init__(self, said: Message) -> None:
        super().__init__(said.render())
        self.said = said


def version(text: str | None) -> str:
    """What a page says it replaces: the content hash of the file as it was loaded."""
    if text is None:
        return ABSENT
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save_name(typed: str) -> str | None:
    """The file a name typed in Save as names, as `safe_name` spells it (`Vores regler` is
    vores-regler.rules, `h.RULES` is h.rules); nothing typed is nothing; a name that ends in
    another suffix (h.rules.tmp, notes.txt) names none (it was given a second suffix, and left
    h.rules.tmp.rules and h.RULES.rules behind)."""
    name = typed.strip()
    if not name:
        return name
    stem, dot, suffix = name.rpartition(".")
    if dot and suffix.isalnum() and (suffix.lower() != "rules" or not stem):
        return None
    return safe_name(name)  # "" when no letter or digit is left


@dataclass(frozen=True)
class Draft:
    text: str
    base: str | None  # the version of the file it was made from (None: a draft kept before)
    tab: str = ""  # the page that wrote it last (each page says its own random name)


@dataclass(frozen=True)
class Folder:
    root: Path  # resolved

    @staticmethod
    def of(path: str | Path) -> Folder:
        return Folder(Path(path).resolve())

    def file(self, name: str) -> Path:
        """The path of house-rules file `name` in the folder, or BadName."""
        if not name:
            raise BadName(msg("give the file a name, such as house-rules.rules"))
        if "/" in name or "\\" in name or name.startswith(".") or os.path.isabs(name):
            raise BadName(
                msg(
                    "'{name}' is not a plain file name: the studio keeps its files in "
                    "{folder} only (no folders, no '..')",
                    name=name,
                    folder=str(self.root),
                )
            )
        if not NAME.fullmatch(name):
            raise BadName(
                msg(
                    "'{name}' is not a house-rules file name: use letters, digits, '-', '_' "
                    "and '.', ending in .rules (such as house-rules.rules)",
                    name=name,
                )
            )
        path = self.root / name
        if path.is_symlink() or (path.exists() and path.resolve().parent != self.root):
            raise BadName(
                msg(
                    "'{name}' is a link: the studio opens only files in {folder}",
                    name=name,
                    folder=str(self.root),
                )
            )
        if path.exists() and not path.is_file():
            raise BadName(msg("'{name}' is not a file", name=name))
        return path

    def draft_of(self, name: str) -> Path:
        return self.root / f".{self.file(name).name}.draft"

    def rules_files(self) -> list[str]:
        found = []
        for path in sorted(self.root.glob("*.rules")):
            try:
                self.file(path.name)
            except BadName:
                continue
            found.append(path.name)
        return found

    def drafts(self) -> list[str]:
        """The files with a draft kept (newest first): what was typed and not saved."""
        found = []
        for path in self.root.glob(".*.rules.draft"):
            name = path.name[1 : -len(".draft")]
            try:
                self.file(name)
            except BadName:
                continue
            if path.is_file() and not path.is_symlink():
                found.append((path.stat().st_mtime, name))
        return [name for _, name in sorted(found, reverse=True)[:MAX_STUDIO_DRAFTS]]

    def read(self, name: str) -> str | None:
        """The file's text on disk (None: no such file yet)."""
        path = self.file(name)
        if not path.exists():
            return None
        return _read(path)

    def kept(self, name: str) -> Draft | None:
        """The draft with the version of the file it was made from."""
        path = self.draft_of(name)
        if not path.is_file() or path.is_symlink():
            return None
        text = _read(path, len(DRAFT_HEAD) + 80)
        head, newline, rest = text.partition("\n")
        if head.startswith(DRAFT_HEAD) and newline:
            base, _, tab = head[len(DRAFT_HEAD) :].partition(" by ")
            return Draft(rest, base.strip(), tab.strip())
        return Draft(text, None)  # kept by a studio before drafts said their version

    def draft(self, name: str) -> str | None:
        found = self.kept(name)
        return found.text if found is not None else None

    def current(self, name: str) -> str | None:
        """What the author sees: the draft when there is one, else the file."""
        found = self.draft(name)
        return found if found is not None else self.read(name)

    def keep(self, name: str, text: str, base: str | None = None, tab: str = "") -> None:
        """Write the draft (atomically: a crash leaves the old draft or the new, not half),
        with the version of the file it was made from (by default the file as it is now) and
        the page that wrote it."""
        made_from = base or version(self.read(name))
        head = f"{DRAFT_HEAD}{_word(made_from)}" + (f" by {_word(tab)}" if tab else "")
        safewrite.write(self.draft_of(name), f"{head}\n{text}")

    def save(self, name: str, text: str, new: bool = False) -> None:
        """Write the file; with `new`, only if no file of that name exists yet."""
        safewrite.write(self.file(name), text, new=new)

    def forget(self, name: str) -> None:
        """Drop the draft (a link planted at its name is removed, never followed)."""
        safewrite.remove(self.draft_of(name))

    def free_name(self, stem: str) -> str:
        """`stem.rules`, or `stem-2.rules`, … : a name no file or draft has yet."""
        for k in range(1, 1000):
            name = f"{stem}.rules" if k == 1 else f"{stem}-{k}.rules"
            taken = (self.root / name, self.root / f".{name}.draft")
            if not any(os.path.lexists(path) for path in taken):  # a link, too, is taken
                return name
        raise BadName(
            msg("too many files named {stem}-N.rules in {folder}", stem=stem, folder=str(self.root))
        )


def _word(value: str) -> str:
    """A version or a tab's name as a page sent it: letters and digits only, bounded."""
    return re.sub(r"[^A-Za-z0-9]", "", value)[:64] or ABSENT


def _read(path: Path, head: int = 0) -> str:
    try:
        if path.stat().st_size > MAX_FILE_BYTES + head:
            raise BadName(
                msg("{name} is longer than {most:,} bytes", name=path.name, most=MAX_FILE_BYTES)
            )
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise BadName(msg("{name} is not UTF-8 text", name=path.name)) from None
    except OSError as exc:  # another user's file, say
        why = exc.strerror or str(exc)
        raise BadName(msg("{name} cannot be read: {why}", name=path.name, why=why)) from None
