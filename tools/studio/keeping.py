"""What the studio says when the disk refuses a write (a link planted where it writes, a
read-only folder, a full disk): in the reader's words, with the assurance that what was typed
is still in the page (and in the browser's own storage, studio.js), never a traceback."""

from __future__ import annotations

import os

from starlette.requests import Request
from starlette.responses import Response

from ..shared.safewrite import Refused
from .render import page, say


def N_(message: str) -> str:
    """A message for the catalogue (extracted by this name), translated where it is said."""
    return message


WORDS = {
    "link": N_(
        "A link lies at {path} in the folder, where the studio would write. The studio never "
        "writes through a link, so nothing was written: remove the link, or save under another "
        "name."
    ),
    "not-a-file": N_(
        "{path} in the folder is not a plain file (a folder, a pipe or a device), so nothing "
        "was written there."
    ),
    "denied": N_(
        "The folder cannot be written to (it is read-only, or another user's), so nothing was "
        "written. What you typed stays in this page and in this browser; to keep it in a file, "
        "start the studio in a folder you can write to."
    ),
    "exists": N_("{path} exists already, so nothing was written."),
    "no-folder": N_(
        "The studio's folder is gone, so nothing was written. What you typed stays in this "
        "page and in this browser."
    ),
    "failed": N_(
        "{path} could not be written ({why}), so nothing was written. What you typed stays in "
        "this page and in this browser."
    ),
}
# The header that tells studio.js an answer in words is to be shown, whatever its status.
SHOWN = {"x-studio-words": "1"}


def words(request: Request, exc: Refused) -> str:
    """The refusal in the reader's language."""
    template = WORDS.get(exc.reason, WORDS["failed"])
    return say(request, template, path=os.path.basename(exc.path), why=exc.detail or exc.reason)


def status(exc: Refused) -> int:
    return 403 if exc.reason in ("link", "denied") else 400


async def refused(request: Request, exc: Exception) -> Response:
    """The application's answer to a write refused anywhere: a page, or for the page's own
    requests the words alone (shown where the answer goes, the text left as it is)."""
    assert isinstance(exc, Refused)
    message = words(request, exc)
    if request.headers.get("hx-request"):
        response = page(request, "_problem.j2", status=status(exc), message=message)
        response.headers.update(SHOWN)
        return response
    return page(request, "problem.j2", status=status(exc), message=message)
