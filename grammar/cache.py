"""A private cache on disk that nobody else can write into, and that never runs what it reads.

The parser and the built-in specs' parses are kept between runs in a folder of the temporary
directory. The temporary directory is shared with every local user, so each use of the folder
is checked as a hostile user would attack it:

- the folder is opened without following links (`O_NOFOLLOW`), and used only when this user
  owns it and nobody else may enter it (mode 0700): a folder planted by another user, a
  symlink, or a world-writable folder turns the cache off, it is never repaired or trusted;
- every file is opened relative to that open folder, again without following links, and read
  only when it is a regular file this user owns that nobody else may read or write;
- every file carries a keyed hash (HMAC-SHA256) of its name and contents, the key being a
  random secret in the same folder: a file is decoded only when it was written by riskrules
  for this very entry, so a corrupted, truncated, swapped or foreign file is ignored (the
  caller rebuilds it), never an error and never another entry's value;
- files are written to a new private file (`O_EXCL`) and renamed into place, so a link planted
  at an entry's name is replaced, never followed.

What is read back is bytes; the callers decode them with formats that cannot run code (JSON for
the parser, an unpickler restricted to the model's own classes for the specs).
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from collections.abc import Iterator

MAGIC = b"riskrules-cache 1\n"
KEY_NAME = "key"
KEY_BYTES = 32
MAX_ENTRY_BYTES = 64 * 2**20  # far above any entry (the parser is about 0.2 MB)
_DIGEST = hashlib.sha256().digest_size
_PRIVATE = 0o077  # permission bits nobody but the owner may have


def enabled() -> bool:
    """Off with RISKRULES_NO_CACHE=1, and where the checks above cannot be made: no POSIX, or
    a platform without the calls they need (Pyodide in a browser has no `os.link`)."""
    return not os.environ.get("RISKRULES_NO_CACHE") and os.name == "posix" and _capable()


def _capable() -> bool:
    """The calls the checks above are made with, each relative to an open folder."""
    needed = ("link", "getuid", "O_NOFOLLOW", "O_DIRECTORY", "O_NONBLOCK")
    if not all(hasattr(os, name) for name in needed):
        return False
    return {os.open, os.link, os.unlink} <= os.supports_dir_fd


def folder_path() -> str:
    return os.path.join(tempfile.gettempdir(), f"riskrules-{_user()}")


def load(name: str) -> bytes | None:
    """The contents stored under `name`, or None when there are none this user's riskrules
    wrote for it (absent, unsafe, corrupted, foreign: all the same to the caller)."""
    with _folder() as fd:
        if fd is None:
            return None
        key = _key(fd, create=False)
        data = _read_private(fd, name, MAX_ENTRY_BYTES) if key is not None else None
        if key is None or data is None or not data.startswith(MAGIC):
            return None
        mac, payload = data[len(MAGIC) : len(MAGIC) + _DIGEST], data[len(MAGIC) + _DIGEST :]
        if not hmac.compare_digest(mac, _mac(key, name, payload)):
            return None
        return payload
    return None  # pragma: no cover - the context manager does not swallow errors


def store(name: str, payload: bytes) -> bool:
    """Keep `payload` under `name`; False when the cache cannot be written safely (quietly:
    a cache is an optimisation)."""
    with _folder() as fd:
        if fd is None:
            return False
        key = _key(fd, create=True)
        if key is None:
            return False
        return _write_private(fd, name, MAGIC + _mac(key, name, payload) + payload)
    return False  # pragma: no cover


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    return hmac.new(key, name.encode("utf-8") + b"\0" + payload, hashlib.sha256).digest()


@contextlib.contextmanager
def _folder() -> Iterator[int | None]:
    """The cache folder, open, when it is safe to use; created private when absent."""
    if not enabled() or not _safe_name_part(_user()):
        yield None
        return
    path = folder_path()
    with contextlib.suppress(FileExistsError, OSError):
        os.mkdir(path, 0o700)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:  # a symlink (ELOOP), not a folder, unreadable
        yield None
        return
    try:
        info = os.fstat(fd)
        mine = stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
        yield fd if mine and not info.st_mode & _PRIVATE else None
    finally:
        os.close(fd)


def _key(fd: int, *, create: bool) -> bytes | None:
    key = _read_private(fd, KEY_NAME, KEY_BYTES)
    if key is not None and len(key) == KEY_BYTES:
        return key
    if key is not None or not create:
        return None  # a key of the wrong size is not repaired: someone else's doing, or a race
    fresh = secrets.token_bytes(KEY_BYTES)
    part = _new_part(fd, fresh)
    if part is None:
        return None
    try:
        os.link(part, KEY_NAME, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
    except OSError:  # another process made one first: use that one
        pass
    except (NotImplementedError, AttributeError):  # the platform lacks it after all
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(part, dir_fd=fd)
    key = _read_private(fd, KEY_NAME, KEY_BYTES)
    return key if key is not None and len(key) == KEY_BYTES else None


def _read_private(fd: int, name: str, limit: int) -> bytes | None:
    """A file of the folder when it is a regular file of this user's that only they can read
    and write, not a link, and at most `limit` bytes; else None."""
    try:
        handle = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
    except OSError:
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
            return None
        if info.st_mode & _PRIVATE or info.st_size > limit:
            return None
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= limit else None
    except OSError:
        return None
    finally:
        os.close(handle)


def _write_private(fd: int, name: str, data: bytes) -> bool:
    part = _new_part(fd, data)
    if part is None:
        return False
    try:
        os.replace(part, name, src_dir_fd=fd, dst_dir_fd=fd)  # replaces a link, never follows it
        return True
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(part, dir_fd=fd)
        return False


def _new_part(fd: int, data: bytes) -> str | None:
    """A new private file holding `data`, named so that no other process picks the same."""
    part = f".part-{os.getpid()}-{secrets.token_hex(8)}"
    try:
        handle = os.open(
            part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=fd
        )
    except OSError:
        return None
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    except OSError:
        os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(part, dir_fd=fd)
        return None
    os.close(handle)
    return part


def _safe_name_part(text: str) -> bool:
    return bool(text) and all(c.isalnum() or c in "-_." for c in text) and text not in {".", ".."}


def _user() -> str:
    if hasattr(os, "getuid"):
        return str(os.getuid())
    try:  # pragma: no cover - not POSIX: the cache is off there anyway
        return getpass.getuser()
    except (OSError, KeyError):  # pragma: no cover
        return "user"
