"""The files the studio may touch: `*.rules` files directly inside FOLDER, named by a plain file
name (no folder, no `..`, no absolute path, no link leading out), and each one's draft
(`.NAME.rules.draft` beside it), written at every edit so nothing typed is lost when the tab is
closed or the server stops."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ...grammar.limits import MAX_FILE_BYTES, MAX_STUDIO_DRAFTS

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.rules")


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
    """A file name the studio refuses, with the reason in plain words."""


@dataclass(frozen=True)
class Folder:
    root: Path  # resolved

    @staticmethod
    def of(path: str | Path) -> Folder:
        return Folder(Path(path).resolve())

    def file(self, name: str) -> Path:
        """The path of house-rules file `name` in the folder, or BadName."""
        if not name:
            raise BadName("give the file a name, such as house-rules.rules")
        if "/" in name or "\\" in name or name.startswith(".") or os.path.isabs(name):
            raise BadName(
                f"'{name}' is not a plain file name: the studio keeps its files in "
                f"{self.root} only (no folders, no '..')"
            )
        if not NAME.fullmatch(name):
            raise BadName(
                f"'{name}' is not a house-rules file name: use letters, digits, '-', '_' "
                "and '.', ending in .rules (such as house-rules.rules)"
            )
        path = self.root / name
        if path.is_symlink() or (path.exists() and path.resolve().parent != self.root):
            raise BadName(f"'{name}' is a link: the studio opens only files in {self.root}")
        if path.exists() and not path.is_file():
            raise BadName(f"'{name}' is not a file")
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

    def draft(self, name: str) -> str | None:
        path = self.draft_of(name)
        if not path.is_file() or path.is_symlink():
            return None
        return _read(path)

    def current(self, name: str) -> str | None:
        """What the author sees: the draft when there is one, else the file."""
        found = self.draft(name)
        return found if found is not None else self.read(name)

    def keep(self, name: str, text: str) -> None:
        """Write the draft (atomically: a crash leaves the old draft or the new, not half)."""
        _write(self.draft_of(name), text)

    def save(self, name: str, text: str) -> None:
        _write(self.file(name), text)

    def forget(self, name: str) -> None:
        self.draft_of(name).unlink(missing_ok=True)

    def free_name(self, stem: str) -> str:
        """`stem.rules`, or `stem-2.rules`, … : a name no file or draft has yet."""
        for k in range(1, 1000):
            name = f"{stem}.rules" if k == 1 else f"{stem}-{k}.rules"
            if not self.file(name).exists() and not self.draft_of(name).exists():
                return name
        raise BadName(f"too many files named {stem}-N.rules in {self.root}")


def _read(path: Path) -> str:
    if path.stat().st_size > MAX_FILE_BYTES:
        raise BadName(f"{path.name} is longer than {MAX_FILE_BYTES:,} bytes")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise BadName(f"{path.name} is not UTF-8 text") from None


def _write(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8", newline="")
    os.replace(temporary, path)
