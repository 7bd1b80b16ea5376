"""Where `riskrules site build` writes, and how (issue 42): the output folder made or checked as
every command's is (service/paths.py: a link, a file or a pipe at its name refused), emptied
only when it holds an earlier site with no link and nothing but files and folders in it (a link
inside would send the emptying, or a later file, out of the folder); every file then written
through shared/safewrite.py, which never writes through a link planted at a file's name."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from ...grammar.messages import msg
from ..service.errors import UsageError
from ..service.paths import writable_folder
from ..shared import safewrite

MANIFEST = "site.json"  # what marks a folder as an earlier site (build.py writes it last)


def prepared(site: Path) -> Path:
    """`site` made if missing, or emptied when it holds an earlier site; anything else in it,
    and a link anywhere in it, refused before anything is removed or written."""
    folder = writable_folder(site)
    top = sorted(os.listdir(folder))
    if not top:
        return folder
    try:
        manifest = os.lstat(folder / MANIFEST).st_mode
    except FileNotFoundError:
        manifest = 0
    if not stat.S_ISREG(manifest) and not stat.S_ISLNK(manifest):
        raise UsageError(
            msg("{path} is not empty and holds no earlier site: pick a new folder", path=str(site))
        )
    _refuse_odd_entries(site, folder)
    fd = os.open(folder, os.O_RDONLY | safewrite.DIRECTORY | safewrite.NOFOLLOW)
    try:  # relative to the folder's descriptor: a folder swapped for a link is not followed
        for name in top:
            if stat.S_ISDIR(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
                shutil.rmtree(name, dir_fd=fd)  # never follows a link (avoids_symlink_attacks)
            else:
                os.unlink(name, dir_fd=fd)
    finally:
        os.close(fd)
    return folder


def _refuse_odd_entries(site: Path, folder: Path) -> None:
    """A link, a pipe, a device or a socket anywhere in an earlier site: refused, in words."""

    def failed(exc: OSError) -> None:
        raise exc

    for top, folders, files in os.walk(folder, onerror=failed):  # links are not followed
        for name in (*folders, *files):
            path = Path(top, name)
            mode = os.lstat(path).st_mode
            shown = site / path.relative_to(folder)
            if stat.S_ISLNK(mode):
                raise UsageError(
                    msg(
                        "cannot empty {path} for the new site: {entry} is a link; riskrules "
                        "never follows a link out of the folder it writes (remove it, or pick "
                        "a new folder)",
                        path=str(site),
                        entry=str(shown),
                    )
                )
            if not stat.S_ISDIR(mode) and not stat.S_ISREG(mode):
                raise UsageError(
                    msg(
                        "cannot empty {path} for the new site: {entry} is not a plain file (a "
                        "pipe or a device): remove it, or pick a new folder",
                        path=str(site),
                        entry=str(shown),
                    )
                )


def folder(path: Path) -> Path:
    """A folder inside the site or the cache, made if missing; a link at its name refused."""
    return safewrite.folder(path)


def write(path: Path, data: str | bytes) -> None:
    """A file of the site or the cache (a link at its name refused, never followed)."""
    safewrite.write(path, data)


def check(path: Path) -> None:
    """Refuse a link (or anything but a plain file) at a name about to be read or written."""
    safewrite.check(path)


def copy(source: Path, target: Path) -> None:
    """`source`'s bytes written to `target` as `write` writes (the largest, Pyodide's
    WebAssembly, is about 10 MB: read whole)."""
    safewrite.write(target, source.read_bytes())
