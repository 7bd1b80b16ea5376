"""Save: the page's own text, to the file it names, only over the version the page was loaded
with. When the file changed since (another tab saved, another program wrote it), nothing is
overwritten: the studio says so and offers to keep both (the page's text as a copy) or to see
the difference, and replaces the file only when asked to with the difference known."""

from __future__ import annotations

import difflib
import re
from typing import Any
from urllib.parse import urlencode

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ..service.errors import UsageError
from ..shared import safewrite
from . import tabs
from .drafts import Folder, save_name, version
from .editor import document
from .keeping import SHOWN, status, words
from .render import page, say
from .state import studio_of

MOST_LINES = 400  # lines of a difference shown (the rest is said as a count)


def _name(value: object) -> str:
    return str(value or "")


async def save(request: Request) -> Response:
    """Save to a file the author names: the file being edited, or a new one; another file that
    exists is overwritten only when the author has said so, and any file only over the version
    the page last saw."""
    form = await request.form()
    folder = studio_of(request).folder
    current = _name(form.get("file"))
    typed = _name(form.get("name")).strip()
    named = save_name(typed)
    if named is None:
        said = say(
            request,
            "'{name}' does not end in .rules, as a house-rules file's name does (such as "
            "family.rules), so nothing was saved.",
            name=typed,
        )
        raise UsageError(said)
    if typed and not named:
        raise UsageError(say(request, "Give the file a name with a letter or a digit in it."))
    target = named or current
    doc = document(request, current, str(form["text"]) if "text" in form else None)
    folder.file(target)  # a name out of the folder is refused before anything is read
    on_disk = folder.read(target)
    asked = _name(form.get("overwrite"))
    if target != current and on_disk is not None and asked != version(on_disk):
        # Another file: asked first; asked again when it changed since the question.
        return _answer(
            request, "_save.j2", file=current, name=target, ask=True, over=version(on_disk)
        )
    if target == current and on_disk is not None and on_disk != doc.text:
        base = _name(form.get("base")) or version(folder.read(current))  # a page of before
        if base != version(on_disk) and asked != version(on_disk):
            return _conflict(request, folder, current, on_disk)
    try:
        folder.save(target, doc.text, new=on_disk is None)
    except safewrite.Refused as exc:
        return _answer(
            request, "_save.j2", status(exc), file=current, name=target, refused=words(request, exc)
        )
    tab = _name(form.get("tab"))
    tabs.forget(folder, current, doc.text, tab)
    if target != current:
        tabs.forget(folder, target, doc.text, tab)
    message = say(request, "Saved as {name}.", name=target)
    if doc.errors():
        message += " " + say(request, "It still has errors: riskrules check lists them.")
    response = page(
        request, "_save.j2", file=target, name=target, saved=message, base=version(doc.text)
    )
    if target != current:
        picked = _name(form.get("ruleset"))  # the ruleset shown goes on being shown
        query = {"file": target, **({"ruleset": picked} if picked else {})}
        response.headers["HX-Redirect"] = f"/edit?{urlencode(query)}"
    return response


def _answer(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    response = page(request, template, status=status, **context)
    response.headers.update(SHOWN)
    return response


def _conflict(request: Request, folder: Folder, name: str, on_disk: str) -> Response:
    """The file changed since the page was loaded: said, with the ways on offered."""
    stem = name[: -len(".rules")]
    copy = folder.free_name(f"{stem}-mine")
    return _answer(
        request,
        "_save.j2",
        409,
        file=name,
        name=name,
        conflict=True,
        copy=copy,
        over=version(on_disk),
    )


def _line(line: str) -> tuple[str, str]:
    """A line of the difference: its mark and text; a hunk's header (`@@ -2,3 +2,4 @@`) as
    the line of the page's text it begins at."""
    if line.startswith("@@"):
        found = re.search(r"\+(\d+)", line)
        return "@", found.group(1) if found else ""
    return line[:1], line[1:]


async def compare(request: Request) -> Response:
    """The difference between the file on disk and the page's text, line by line."""
    form: FormData = await request.form()
    name = _name(form.get("file"))
    doc = document(request, name, str(form["text"]) if "text" in form else None)
    on_disk = studio_of(request).folder.read(name) or ""
    lines = list(
        difflib.unified_diff(on_disk.splitlines(), doc.text.splitlines(), lineterm="", n=2)
    )[2:]  # without the two lines of file names
    shown = [_line(line) for line in lines[:MOST_LINES]]
    return _answer(
        request,
        "_compare.j2",
        file=name,
        lines=shown,
        more=max(0, len(lines) - MOST_LINES),
    )
