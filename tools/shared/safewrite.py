"""Every file riskrules writes (the studio's saves and drafts, every command's outputs) is
written here, the one way that a link planted in a folder cannot redirect: the temporary is
created beside the target with O_CREAT|O_EXCL|O_NOFOLLOW, relative to the folder's descriptor,
under a random name; it is written, synced, and renamed over the target (a rename replaces a
link, it never writes through one). A link, a folder, a pipe or a device already at the target
is refused, not followed and not replaced; on any failure the temporary is removed, so no stray
file is left. Why not tempfile: it follows links in its folder argument's last part and keeps
no descriptor of the folder, so the rename could land elsewhere."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ...grammar.messages import Message, msg

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
DIRECTORY = getattr(os, "O_DIRECTORY", 0)
TRIES = 8  # random temporary names tried before giving up
# Every call below relative to the folder's descriptor, where the system offers it.
LINK = getattr(os, "link", None)  # hard links (none in some file systems, Pyodide's)
AT = {os.open, os.stat, os.rename, os.unlink} <= os.supports_dir_fd
REASONS = {  # said in the reader's language where the refusal is shown (Refused.said)
    "link": msg(
        "it is a link; riskrules never writes through a link (remove it, or name another file)"
    ),
    "not-a-file": msg("it is not a plain file (a folder, a pipe or a device)"),
    "exists": msg("a file of that name exists already"),
    "denied": msg("the folder may not be written to (read-only, or another user's)"),
    "no-folder": msg("its folder does not exist"),
    "failed": msg("the disk refused it"),
}


DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}


class Refused(OSError):
    """A write refused before anything was written. `reason` is a key of REASONS, `path` the
    name as given, `detail` what the system said or a closer reason; `said` the whole refusal,
    to be rendered in the reader's language (its English is the exception's text)."""

    def __init__(
        self, path: str | os.PathLike[str], reason: str, detail: str | Message = ""
    ) -> None:
        self.path = os.fspath(path)
        self.reason = reason
        self.detail = str(detail)
        self.why: Message | str = detail or REASONS[reason]
        self.said = msg("cannot write {path}: {why}", path=self.path, why=self.why)
        super().__init__(self.said.render())


def _refused(path: str | os.PathLike[str], exc: OSError) -> Refused:
    """An error of the system, as a refusal in words."""
    if isinstance(exc, Refused):
        return exc
    if exc.errno in DENIED:
        return Refused(path, "denied")
    if exc.errno == errno.ENOENT:
        return Refused(path, "no-folder")
    if exc.errno == errno.EEXIST:
        return Refused(path, "exists")
    return Refused(path, "failed", exc.strerror or str(exc))


def write(path: str | os.PathLike[str], data: str | bytes, *, new: bool = False) -> None:
    """Write `data` (text as UTF-8, newlines as given) to `path`, atomically; with `new`, only
    if no file of that name exists (the check and the write are one step: a hard link)."""
    body = data.encode("utf-8") if isinstance(data, str) else data
    with _Temporary(path) as temporary:
        view = memoryview(body)
        try:
            while view:
                view = view[os.write(temporary.fd, view) :]
        except OSError as exc:  # the disk full, a quota
            raise _refused(path, exc) from None
        temporary.commit(new=new)


@contextlib.contextmanager
def open_text(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A text file to write line by line (a game's record): renamed into place when the block
    ends, also when it ends in an error (what was written so far is what went wrong)."""
    with _Temporary(path) as temporary:
        try:
            with open(temporary.fd, "w", encoding="utf-8", newline="", closefd=False) as handle:
                yield handle
        finally:
            temporary.commit()


def folder(path: str | os.PathLike[str]) -> Path:
    """Make the folder `path` (and its parents) if missing; a link or a file at its own name is
    refused (a link planted where an output folder goes would send every file elsewhere)."""
    found = Path(path)
    try:
        found.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            os.mkdir(found, 0o777)
        info = os.lstat(found)
    except OSError as exc:  # a file where a folder goes, no permission, …
        raise _refused(found, exc) from None
    if stat.S_ISLNK(info.st_mode):
        raise Refused(found, "link")
    if stat.S_ISREG(info.st_mode):
        raise Refused(found, "not-a-file", msg("it is a file, not a folder"))
    if not stat.S_ISDIR(info.st_mode):
        raise Refused(found, "not-a-file", msg("it is a pipe or a device, not a folder"))
    return found


def remove(path: str | os.PathLike[str]) -> None:
    """Remove the file `path` names if there (a link there is removed, never what it names)."""
    with _Folder(path) as place:
        try:
            os.unlink(place.at(place.name), dir_fd=place.fd)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise _refused(path, exc) from None


def check(path: str | os.PathLike[str]) -> None:
    """Refuse now, before any work, what `write` would refuse at `path`'s own name."""
    with _Folder(path) as place:
        place.target()


class _Folder:
    """The target's folder, open as a descriptor (where the system offers the *at calls;
    else by its path, as in Pyodide's file system), and the target's name in it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        given = os.fspath(path)
        parent, name = os.path.split(os.path.abspath(given))
        if not given:
            raise Refused(path, "not-a-file", msg("no file name was given (an empty name)"))
        if given.endswith(os.sep) or name in ("", ".", ".."):
            raise Refused(path, "not-a-file")
        self.parent, self.name = parent, name
        self.fd: int | None = None
        self.renamed = False  # the temporary is the target now (nothing to remove)

    def __enter__(self) -> _Folder:
        try:
            if AT:
                self.fd = os.open(self.parent, os.O_RDONLY | DIRECTORY | CLOEXEC)
            else:
                os.stat(self.parent)
        except OSError as exc:
            raise _refused(self.path, exc) from None
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def at(self, name: str) -> str:
        """`name` as the calls below take it: relative to the descriptor, else joined."""
        return name if self.fd is not None else os.path.join(self.parent, name)

    def target(self) -> os.stat_result | None:
        """The target's own entry (never followed): None when absent; a link or anything but
        a plain file is refused."""
        try:
            info = os.stat(self.at(self.name), dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise _refused(self.path, exc) from None
        if stat.S_ISLNK(info.st_mode):
            raise Refused(self.path, "link")
        if not stat.S_ISREG(info.st_mode):
            raise Refused(self.path, "not-a-file")
        return info

    def create(self, name: str, mode: int) -> int:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | CLOEXEC
        return os.open(self.at(name), flags, mode, dir_fd=self.fd)

    def rename(self, source: str, new: bool) -> None:
        """Put `source` in place under the target's name; with `new`, only if that name is
        free (a hard link fails if it is taken, whatever is there)."""
        here, there = self.at(source), self.at(self.name)
        if new:
            try:
                if LINK is None or (self.fd is not None and LINK not in os.supports_dir_fd):
                    raise NotImplementedError
                LINK(here, there, src_dir_fd=self.fd, dst_dir_fd=self.fd)
                return
            except FileExistsError:
                raise
            except (OSError, NotImplementedError):  # no hard links here: checked, then renamed
                if self.target() is not None:
                    raise FileExistsError(errno.EEXIST, "exists") from None
        else:
            self.target()  # planted since the start: refused still
        os.rename(here, there, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        self.renamed = True

    def unlink(self, name: str) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self.at(name), dir_fd=self.fd)

    def sync(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.fsync(self.fd)  # the rename itself survives a crash


class _Temporary:
    """A temporary beside the target, created without following a link, removed unless
    renamed into place."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self.place = _Folder(path)
        self.fd = -1
        self.temporary = ""

    def __enter__(self) -> _Temporary:
        place = self.place.__enter__()
        try:
            before = place.target()
            mode = stat.S_IMODE(before.st_mode) if before else 0o666
            for attempt in range(TRIES):  # a name taken (planted, even) is passed over
                self.temporary = f".{place.name[:80]}.{secrets.token_hex(8)}.tmp"
                try:
                    self.fd = place.create(self.temporary, mode)
                    break
                except FileExistsError:
                    if attempt == TRIES - 1:
                        raise Refused(self.path, "failed", "no free temporary name") from None
        except OSError as exc:
            place.__exit__()
            raise _refused(self.path, exc) from None
        return self

    def commit(self, new: bool = False) -> None:
        try:
            os.fsync(self.fd)
            self.place.rename(self.temporary, new)
            self.place.sync()
        except OSError as exc:
            raise _refused(self.path, exc) from None

    def __exit__(self, *exc: object) -> None:
        try:
            if self.fd >= 0:
                os.close(self.fd)
            if not self.place.renamed:
                self.place.unlink(self.temporary)
        finally:
            self.place.__exit__()
