"""The editor: the file's text with its diagnostics at their line and column (the checker's
codes and messages) and quick fixes as buttons, the rule form beside it, and Save. Every edit
is kept as a draft on disk before anything else is done with it."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from ..service.errors import UsageError
from . import form as rule_form
from .document import Document
from .drafts import safe_name
from .render import page, say
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
            raise UsageError(f"there is no file {name} in {folder.root}")
    asked = ruleset if ruleset is not None else request.query_params.get("ruleset")
    return Document(path, text, str(asked) if asked else None)


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
        "diagnostics": doc.diagnostics(),
        "fixes": rule_form.fixes(doc),
        **_form_context(request, doc),
        **extra,
    }


def _form_context(request: Request, doc: Document) -> dict[str, Any]:
    form = rule_form.form_of(doc, request)
    return {"form": form, "cites": rule_form.citations(form, say(request, "p."))}


async def edit(request: Request) -> Response:
    name = _name(request.query_params.get("file"))
    folder = studio_of(request).folder
    doc = document(request, name)
    on_disk = folder.read(name)
    restored = folder.draft(name) is not None and on_disk is not None and on_disk != doc.text
    return page(
        request,
        "editor.j2",
        restored=restored,
        saved=on_disk is not None and on_disk == doc.text,
        **_work(request, doc),
    )


async def _form(request: Request) -> FormData:
    return await request.form()


def _changed(request: Request, doc: Document, **extra: Any) -> Response:
    """The text and form panels again, and the preview panels told to follow."""
    studio_of(request).folder.keep(doc.path.name, doc.text)
    response = page(request, "_work.j2", **_work(request, doc, **extra))
    response.headers["HX-Trigger"] = "rules-changed"
    return response


async def text(request: Request) -> Response:
    """Typed in the text: keep the draft, answer with the diagnostics and quick fixes only
    (the textarea being typed in is not replaced); the form and the previews follow on their
    own requests (`text-changed`, `rules-changed`), so the diagnostics come first."""
    form = await _form(request)
    text = str(form.get("text") or "")
    doc = document(request, _name(form.get("file")), text, form.get("ruleset"))
    studio_of(request).folder.keep(doc.path.name, doc.text)
    response = page(
        request,
        "_diagnostics.j2",
        **where(doc),
        diagnostics=doc.diagnostics(),
        fixes=rule_form.fixes(doc),
    )
    response.headers["HX-Trigger"] = "text-changed, rules-changed"
    return response


async def draft(request: Request) -> Response:
    """The text as it was when the tab was closed or hidden (the page's beacon, sent before
    the 0.4 s of typing htmx waits for): kept as the draft, nothing checked or answered. A text
    that is the saved file's leaves no draft behind."""
    form = await _form(request)
    name = _name(form.get("file"))
    if "text" not in form:
        raise UsageError("a draft is the file's text: none was sent")
    text = str(form.get("text"))
    folder = studio_of(request).folder
    folder.file(name)  # a name out of the folder is refused before anything is written
    on_disk = folder.read(name)
    if on_disk == text:
        folder.forget(name)
    elif on_disk is None and folder.draft(name) is None:
        # Neither a file nor a draft: a page left after its work was saved under another
        # name ("Save as" forgets the old name's draft); its beacon leaves no ghost.
        pass
    else:
        folder.keep(name, text)
    return Response(status_code=204)


async def form_panel(request: Request) -> Response:
    """The rule form as the text now is (after an edit of the text)."""
    doc = document(request, _name(request.query_params.get("file")))
    return page(request, "_form.j2", **where(doc), **_form_context(request, doc))


async def fix(request: Request) -> Response:
    form = await _form(request)
    doc = document(request, _name(form.get("file")), ruleset=form.get("ruleset"))
    fixed = rule_form.apply_fix(doc, str(form.get("fix") or ""))
    return _changed(request, fixed)


async def rule(request: Request) -> Response:
    """A rule set (or cleared) through the form: the file rewritten in `fmt`'s layout."""
    form = await _form(request)
    doc = document(request, _name(form.get("file")), ruleset=form.get("ruleset"))
    changed, problems = rule_form.apply_rule(doc, form, request)
    return _changed(request, changed, form_problems=problems)


async def part(request: Request) -> Response:
    """A part of the game (teams, neutral armies, missions) added as a game plays it."""
    form = await _form(request)
    doc = document(request, _name(form.get("file")), ruleset=form.get("ruleset"))
    changed, problems = rule_form.apply_part(doc, form)
    return _changed(request, changed, form_problems=problems)


async def title(request: Request) -> Response:
    """The house rules' title in the page's language, typed in the form."""
    form = await _form(request)
    doc = document(request, _name(form.get("file")), ruleset=form.get("ruleset"))
    changed, problems = rule_form.apply_title(doc, form, request)
    return _changed(request, changed, form_problems=problems)


async def filename(request: Request) -> Response:
    """The file name a typed name is saved under, shown before saving."""
    target = safe_name(_name(request.query_params.get("name")))
    return page(request, "_filename.j2", target=target)


async def save(request: Request) -> Response:
    """Save to a file the author names: the file being edited, or a new one; another file that
    exists is overwritten only when the author has said so."""
    form = await _form(request)
    studio = studio_of(request)
    current = _name(form.get("file"))
    typed = _name(form.get("name")).strip()
    target = safe_name(typed) if typed else current
    if not target:
        raise UsageError(say(request, "Give the file a name with a letter or a digit in it."))
    doc = document(request, current)
    path = studio.folder.file(target)
    exists = path.exists()
    asked = form.get("overwrite") == target
    if exists and target != current and not asked:
        return page(request, "_save.j2", file=current, name=target, ask=True)
    studio.folder.save(target, doc.text)
    studio.folder.forget(current)
    if target != current:
        studio.folder.forget(target)
    errors = doc.errors()
    message = say(request, "Saved as {name}.", name=target)
    if errors:
        message += " " + say(request, "It still has errors: riskrules check lists them.")
    response = page(request, "_save.j2", file=target, name=target, saved=message)
    if target != current:
        picked = _name(form.get("ruleset"))  # the ruleset shown goes on being shown
        query = {"file": target, **({"ruleset": picked} if picked else {})}
        response.headers["HX-Redirect"] = f"/edit?{urlencode(query)}"
    return response
