"""The start page: a built-in base (its title in the reader's language and its manual), a
house-rules file in the folder, an example house rule, or a draft left from last time. A file
started here is titled in the reader's language (an example keeps its titles in every
language; a base's is "House rules on" its title)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ...grammar.messages import msg
from ..service import authoring, rulesets, wording
from ..service.errors import UsageError
from .render import LANG_COOKIE, language, page, say
from .state import studio_of


async def home(request: Request) -> Response:
    studio = studio_of(request)
    lang = language(request)
    builtin = studio.builtins
    bases = [
        {
            "name": e.name,
            "title": rulesets.title_in(builtin.ruleset(e.name), lang),
            "manuals": [m.title for m in rulesets.manuals(builtin, e.name)],
        }
        for e in rulesets.builtins(builtin)
    ]
    folder = studio.folder
    return page(
        request,
        "start.j2",
        bases=bases,
        files=folder.rules_files(),
        drafts=folder.drafts(),
        examples=authoring.example_titles(lang),
        folder=say(request, studio.place) if studio.place else str(folder.root),
    )


async def new(request: Request) -> Response:
    """Start a house rule (from a base or an example): a draft under a free name, then edit."""
    studio = studio_of(request)
    form = await request.form()
    base = str(form.get("base") or "")
    example = str(form.get("example") or "")
    lang = language(request)  # the new file's title and comments in the reader's language
    if example:  # its title kept as the example gives it, in every language
        name = studio.folder.free_name(example)
        text = authoring.new_rules(name[: -len(".rules")], example=example, lang=lang)
    elif base:
        known = {e.name for e in rulesets.builtins(studio.builtins)}
        if base not in known:
            raise UsageError(msg("there is no built-in ruleset '{base}'", base=base))
        name = studio.folder.free_name(f"{base}-house")
        named = rulesets.title_in(studio.builtins.ruleset(base), lang)
        title = msg("House rules on {base}", base=named).render(lang)
        stem = name[: -len(".rules")]
        text = authoring.new_rules(
            stem, base=base, title=title, lang=lang, snapshot=studio.builtins, bare=True
        )
        # The title in the reader's language (`title {da: "…"}`): the sheet in another
        # language says it too, until the player gives that language's own.
        path = str(studio.folder.file(name))
        text = wording.set_title(studio.builtins.edited(path, text), path, lang, title).text
        if lang != "en":  # the scaffold's title, read as English, goes
            text = wording.set_title(studio.builtins.edited(path, text), path, "en", "").text
    else:
        raise UsageError(msg("pick a base ruleset or an example to start from"))
    studio.folder.keep(name, text)
    return RedirectResponse(f"/edit?file={name}", status_code=303)


async def set_language(request: Request) -> Response:
    form = await request.form()
    lang = str(form.get("lang") or "en")
    back = str(form.get("back") or "/")
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    response = RedirectResponse(back, status_code=303)
    if lang in ("en", "da", "nl"):
        response.set_cookie(LANG_COOKIE, lang, httponly=True, samesite="strict")
    return response
