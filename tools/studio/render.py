"""The studio's pages: Jinja2 templates (templates/), in the reader's language through the
sheets' Babel catalogues, escaped by default."""

from __future__ import annotations

import functools
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import escape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from ..service import sheets
from ..service.odds import percent
from ..shared.escape import html_value
from ..shared.templates import compiled_templates

LANG_COOKIE = "riskrules_studio_lang"
LANGUAGE_NAMES = {"en": "English", "da": "Dansk", "nl": "Nederlands"}


@functools.cache
def environment(lang: str) -> Environment:
    env = Environment(
        loader=PackageLoader("riskrules.tools.studio", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=html_value,  # what an author wrote: control characters shown, then escaped
        bytecode_cache=compiled_templates(),
    )
    env.filters["exact"] = Exact
    env.filters["percent"] = percent  # a chance as every front end writes it (77%, 0.7%)
    env.install_gettext_translations(sheets.translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return env


class Exact:
    """The file's own text for the editor's textarea: escaped, every character kept (a control
    character shown as `\\x1b` there would be written back into the file on the next edit)."""

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def __html__(self) -> str:
        return str(escape(self.text))


def language(request: Request) -> str:
    """The reader's language: the one they picked (a cookie), else their browser's, else en."""
    picked = request.cookies.get(LANG_COOKIE)
    known = sheets.languages()
    if picked in known:
        return str(picked)
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in known:
            return code
    return "en"


def root(request: Request) -> str:
    """What every address of the studio starts with: the token's path behind the door
    (security.py), nothing in the static site; the templates write `{{ root }}/edit?…`."""
    scope = request.scope
    return str(scope["app_root_path"] if "app_root_path" in scope else scope.get("root_path", ""))


def _here(request: Request) -> str:
    """The page's address with its query (`/edit?file=house.rules`): where a language button
    leads back to, the open file and its draft included."""
    query = request.url.query
    return request.url.path + (f"?{query}" if query else "")


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    lang = language(request)
    html = (
        environment(lang)
        .get_template(template)
        .render(
            lang=lang,
            languages=LANGUAGE_NAMES,
            path=_here(request),
            root=root(request),
            **context,
        )
    )
    return HTMLResponse(html, status_code=status)


def say(request: Request, message: str, **values: Any) -> str:
    """One message in the reader's language (the catalogue's msgid is the English)."""
    text = sheets.translations(language(request)).gettext(message)
    return text.format(**values) if values else text
