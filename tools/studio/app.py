"""The studio's application: the routes of each panel, the door in front of them (security.py),
and the one answer for whatever goes wrong (a page in plain words, never a traceback)."""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ...grammar.messages import Message
from ..service.errors import ServiceError
from ..shared.safewrite import Refused
from . import start
from .drafts import BadName, Folder
from .keeping import refused
from .render import language, page, say
from .security import BodyTooLong, Door, Guard, content_policy, refusal_page
from .state import Studio
from .study import Studies

STATIC = Path(__file__).parent / "static"
HEADERS = {
    # Only the studio's own scripts and styles (no CDN, no inline script: the sheet's page
    # names its one by its hash, panels.sheet); the sheet's own inline styles are allowed;
    # nothing may frame a studio page but the studio.
    "content-security-policy": content_policy(),
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


Endpoint = Callable[[Request], Awaitable[Response]]
IN_THIS_BROWSER = "this browser"  # where the page's files are kept, as the start page says


def _later(module: str, name: str) -> Endpoint:
    """A route whose module is imported when it is first asked for, not before the studio's
    first page (the editor's, the panels' and the study's modules, and the services they
    call, are a fifth of the studio's start-up)."""

    async def endpoint(request: Request) -> Response:
        found: Endpoint = getattr(importlib.import_module(f"{__package__}.{module}"), name)
        return await found(request)

    endpoint.__name__ = name
    return endpoint


async def _problem(request: Request, exc: Exception) -> Response:
    """Whatever a person typed that cannot be served: said in the page, status 400."""
    if isinstance(exc, BodyTooLong):
        return HTMLResponse(refusal_page("body", language(request)), status_code=413)
    lang = language(request)
    if isinstance(exc, ServiceError):
        message = exc.text(lang)
    elif isinstance(said := getattr(exc, "said", None), Message):
        message = said.render(lang)
    else:
        message = str(exc)
    if request.headers.get("hx-request"):
        return page(request, "_problem.j2", status=200, message=message)
    return page(request, "problem.j2", status=400, message=message)


async def _unexpected(request: Request, exc: Exception) -> Response:
    message = f"{type(exc).__name__}: {exc}"
    return page(request, "problem.j2", status=500, message=message, internal=True)


async def _missing(request: Request, exc: Exception) -> Response:
    return page(request, "problem.j2", status=404, message="", missing=True)


async def _unreadable(request: Request, exc: Exception) -> Response:
    """A request Starlette could not read (a form whose multipart body is broken): a page in
    words with its status, not Starlette's one line of English."""
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    if status in (404, 405):
        return await _missing(request, exc)
    message = say(request, "What the page sent could not be read. Reload the page and try again.")
    return page(request, "problem.j2", status=status if status < 500 else 400, message=message)


def create_app(
    folder: str | Path, door: Door, studies: Studies | None = None, place: str | None = None
) -> Starlette:
    """The studio for the house-rules files in `folder`, behind `door`."""
    routes = [
        Route("/", start.home),
        Route("/new", start.new, methods=["POST"]),
        Route("/language", start.set_language, methods=["POST"]),
        Route("/edit", _later("editor", "edit")),
        Route("/text", _later("editor", "text"), methods=["POST"]),
        Route("/draft", _later("editor", "draft"), methods=["POST"]),
        Route("/fix", _later("editor", "fix"), methods=["POST"]),
        Route("/form", _later("editor", "form_panel")),
        Route("/rule", _later("editor", "rule"), methods=["POST"]),
        Route("/title", _later("editor", "title"), methods=["POST"]),
        Route("/part", _later("editor", "part"), methods=["POST"]),
        Route("/save", _later("saving", "save"), methods=["POST"]),
        Route("/compare", _later("saving", "compare"), methods=["POST"]),
        Route("/filename", _later("editor", "filename")),
        Route("/sheet", _later("panels", "sheet")),
        Route("/sheet.pdf", _later("panels", "pdf")),
        Route("/sheetpanel", _later("panels", "sheet_panel")),
        Route("/diff", _later("panels", "diff")),
        Route("/odds", _later("panels", "odds")),
        Route("/study", _later("studying", "start"), methods=["POST"]),
        Route("/study/progress", _later("studying", "progress")),
        Route("/study/cancel", _later("studying", "cancel"), methods=["POST"]),
        Route("/study/report", _later("studying", "report")),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            ServiceError: _problem,
            BadName: _problem,
            BodyTooLong: _problem,
            Refused: refused,
            HTTPException: _unreadable,
            Exception: _unexpected,
        },
    )
    app.state.studio = Studio(Folder.of(folder), door, studies or Studies(), place=place)
    return app


def guarded(folder: str | Path, door: Door) -> Guard:
    """The application behind its door: what the server runs."""
    return Guard(create_app(folder, door), door, HEADERS)


def in_page(folder: str | Path, studies: Studies) -> Starlette:
    """The application as the static site hosts it (tools/site), in a Web Worker of the page:
    no server and no socket, so no door to knock on: the page's own script, in the same tab,
    is its only caller (the site's bridge bounds what it passes, as the Guard does). The
    switch between the two hosts is this function against `guarded`, nothing inside; the
    page plays a study in a Web Worker of its own (`studies`)."""
    return create_app(folder, Door(token=""), studies, place=IN_THIS_BROWSER)
