"""The editor: the file's text with its diagnostics at their line and column (the checker's
codes and messages) and quick fixes as buttons, the rule form beside it, and Save. Every edit
is kept as a draft on disk before anything else is done with it."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlencode

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from ...grammar.limits import MAX_STUDIO_BODY, MAX_STUDIO_GAMES
from ...grammar.messages import msg
from ..service.edits import Edited
from ..service.errors import UsageError
from ..shared import safewrite
from . import form as rule_form
from . import tabs
from .document import Document
from .drafts import save_name, version
from .keeping import SHOWN, words
from .render import language, page, say
from .state import studio_of


def _name(value: object) -> str:
    return str(value or "")


def document(
    request: Request, name: str, text: str | None = None, ruleset: object = None
) -> Document:
    """The document `name` in the folder, with `text` if given, else its draft or its file;
    showing ruleset `ruleset` (a form's field, else the address's `ruleset`; by default the
    file's first)."""
    folder = studio_of(request).folder
    path = folder.file(name)
    if text is None:
        text = folder.current(name)
        if text is None:
            raise UsageError(
                msg("there is no file {name} in {folder}", name=name, folder=str(folder.root))
            )
    asked = ruleset if ruleset is not None else request.query_params.get("ruleset")
    snapshot = studio_of(request).snapshots.of(str(path), text)
    return Document(path, snapshot, str(asked) if asked else None)


def where(doc: Document) -> dict[str, Any]:
    """What the templates name the document by: the file, the ruleset shown, and the query
    every panel's address carries (`file=…&ruleset=…`)."""
    chosen = doc.ruleset
    query = {"file": doc.path.name, **({"ruleset": chosen} if chosen else {})}
    return {"file": doc.path.name, "ruleset": chosen, "query": urlencode(query)}


def _work(request: Request, doc: Document, **extra: Any) -> dict[str, Any]:
    """What the text and form panels show."""
    return {
        **where(doc),
        "text": doc.text,
        "diagnostics": doc.diagnostics(language(request)),
        "fixes": rule_form.fixes(doc, language(request)),
        **_form_context(request, doc),
        **extra,
    }


def _form_context(request: Request, doc: Document) -> dict[str, Any]:
    form = rule_form.form_of(doc, request)
    return {"form": form, "cites": rule_form.citations(form, say(request, "p."))}


def _page_of(form: FormData) -> dict[str, str]:
    """What a page says of itself in every post: the version of the file it was loaded with
    (`base`) and its own random name (`tab`)."""
    return {"base": _name(form.get("base")), "tab": _name(form.get("tab"))}


def _kept(request: Request, doc: Document, base: str, tab: str) -> dict[str, str | None]:
    """Keep the draft: `kept` is why not, in words, when it could not be (the text stays in the
    page); `aside` the name whose draft holds it when another tab's draft is the file's."""
    try:
        held = tabs.keep(studio_of(request).folder, doc.path.name, doc.text, base, tab)
    except safewrite.Refused as exc:
        return {"kept": words(request, exc), "aside": None}
    return {"kept": None, "aside": held if held != doc.path.name else None}


async def edit(request: Request) -> Response:
    name = _name(request.query_params.get("file"))
    folder = studio_of(request).folder
    doc = document(request, name)
    on_disk = folder.read(name)
    disk = version(on_disk)
    kept = folder.kept(name)
    base, changed = disk, False
    if kept is not None and kept.text != on_disk:
        base = kept.base if kept.base is not None else _legacy_base(request, name)
        changed = base != disk
    return page(
        request,
        "editor.j2",
        restored=kept is not None and on_disk is not None and kept.text != on_disk,
        changed_on_disk=changed and on_disk is not None,
        saved=on_disk is not None and on_disk == doc.text,
        base=base,
        tab=secrets.token_hex(8),
        limit=MAX_STUDIO_BODY // 1024,
        study_games=MAX_STUDIO_GAMES,
        **_work(request, doc),
    )


def _legacy_base(request: Request, name: str) -> str:
    """A draft kept before drafts said their version: made from the file as it is when the
    draft is the newer of the two; else unknown (Save then asks)."""
    folder = studio_of(request).folder
    draft, path = folder.draft_of(name), folder.file(name)
    if path.exists() and draft.stat().st_mtime >= path.stat().st_mtime:
        return version(folder.read(name))
    return "unknown"


async def _form(request: Request) -> FormData:
    return await request.form()


def _posted(request: Request, form: FormData) -> Document:
    """The document a post names, with the text the page holds when it sent it (a page
    before this one sent none: the draft's then)."""
    text = str(form["text"]) if "text" in form else None
    return document(request, _name(form.get("file")), text, form.get("ruleset"))


def _changed(request: Request, doc: Document, form: FormData, **extra: Any) -> Response:
    """The text and form panels again, and the preview panels told to follow."""
    mine = _page_of(form)
    said = _kept(request, doc, **mine)
    response = page(request, "_work.j2", **_work(request, doc, **said, **mine, **extra))
    response.headers["HX-Trigger"] = "rules-changed"
    return response


async def text(request: Request) -> Response:
    """Typed in the text: keep the draft, answer with the diagnostics and quick fixes only
    (the textarea being typed in is not replaced); the form and the previews follow on their
    own requests (`text-changed`, `rules-changed`), so the diagnostics come first. A draft
    the disk refuses is said (status 403 or 400) and the text stays in the page."""
    form = await _form(request)
    doc = _posted(request, form)
    said = _kept(request, doc, **_page_of(form))
    response = page(
        request,
        "_diagnostics.j2",
        status=200 if said["kept"] is None else 403,
        **where(doc),
        diagnostics=doc.diagnostics(language(request)),
        fixes=rule_form.fixes(doc, language(request)),
        **said,
    )
    response.headers["HX-Trigger"] = "text-changed, rules-changed"
    response.headers.update(SHOWN if said["kept"] else {"x-studio-draft": "kept"})
    return response


async def draft(request: Request) -> Response:
    """The text as it was when the tab was closed or hidden (the page's beacon, sent before
    the 0.4 s of typing htmx waits for): kept as the draft, nothing checked or answered. A text
    that is the saved file's leaves no draft of this page behind (another page's stays); a
    draft another page kept, of another text, is not replaced (tabs.py)."""
    form = await _form(request)
    name = _name(form.get("file"))
    if "text" not in form:
        raise UsageError(msg("a draft is the file's text: none was sent"))
    text = str(form.get("text"))
    mine = _page_of(form)
    folder = studio_of(request).folder
    folder.file(name)  # a name out of the folder is refused before anything is written
    on_disk = folder.read(name)
    if on_disk == text:
        tabs.forget(folder, name, text, mine["tab"])
    elif on_disk is None and folder.draft(name) is None:
        # Neither a file nor a draft: a page left after its work was saved under another
        # name ("Save as" forgets the old name's draft); its beacon leaves no ghost.
        pass
    else:
        tabs.keep(folder, name, text, **mine)
    return Response(status_code=204)


async def form_panel(request: Request) -> Response:
    """The rule form as the text now is (after an edit of the text)."""
    doc = document(request, _name(request.query_params.get("file")))
    return page(request, "_form.j2", **where(doc), **_form_context(request, doc))


async def fix(request: Request) -> Response:
    form = await _form(request)
    doc = _posted(request, form)
    fixed = rule_form.apply_fix(doc, str(form.get("fix") or ""))
    return _changed(request, document(request, doc.path.name, fixed, doc.asked), form)


async def rule(request: Request) -> Response:
    """A rule set (or cleared) through the form: the file rewritten in `fmt`'s layout."""
    form = await _form(request)
    doc = _posted(request, form)
    edited, problems = rule_form.apply_rule(doc, form, request)
    return _edited(request, doc, edited, form, problems)


def _edited(
    request: Request, doc: Document, edited: Edited, form: FormData, problems: list[str]
) -> Response:
    """The panels after a change through the form, shown from the edit's own snapshot (kept
    as the file's: nothing read or checked again)."""
    studio_of(request).snapshots.keep(str(doc.path), edited.snapshot)
    return _changed(request, doc.edited(edited.snapshot), form, form_problems=problems)


async def part(request: Request) -> Response:
    """A part of the game (teams, neutral armies, missions) added as a game plays it."""
    form = await _form(request)
    doc = _posted(request, form)
    edited, problems = rule_form.apply_part(doc, form, request)
    return _edited(request, doc, edited, form, problems)


async def title(request: Request) -> Response:
    """The house rules' title in the page's language, typed in the form."""
    form = await _form(request)
    doc = _posted(request, form)
    edited, problems = rule_form.apply_title(doc, form, request)
    return _edited(request, doc, edited, form, problems)


async def filename(request: Request) -> Response:
    """The file name a typed name is saved under, shown before saving."""
    target = save_name(_name(request.query_params.get("name")))
    return page(request, "_filename.j2", target=target)
