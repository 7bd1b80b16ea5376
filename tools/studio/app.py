"""The studio's application: the routes of each panel, the door in front of them (security.py),
and the one answer for whatever goes wrong (a page in plain words, never a traceback)."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..service.errors import ServiceError
from . import editor, panels, start, studying
from .drafts import BadName, Folder
from .render import page
from .security import BodyTooLong, Door, Guard, refusal_page
from .state import Studio
from .study import Studies

STATIC = Path(__file__).parent / "static"
HEADERS = {
    # Only the studio's own scripts and styles (no CDN, no inline script); the sheet's own
    # inline styles are allowed; nothing may frame a studio page but the studio.
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; frame-ancestors 'self'; form-action 'self'; base-uri 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


async def _problem(request: Request, exc: Exception) -> Response:
    """Whatever a person typed that cannot be served: said in the page, status 400."""
    if isinstance(exc, BodyTooLong):
        return HTMLResponse(refusal_page("body"), status_code=413)
    message = exc.message if isinstance(exc, ServiceError) else str(exc)
    if request.headers.get("hx-request"):
        return page(request, "_problem.j2", status=200, message=message)
    return page(request, "problem.j2", status=400, message=message)


async def _unexpected(request: Request, exc: Exception) -> Response:
    message = f"{type(exc).__name__}: {exc}"
    return page(request, "problem.j2", status=500, message=message, internal=True)


async def _missing(request: Request, exc: Exception) -> Response:
    return page(request, "problem.j2", status=404, message="", missing=True)


def create_app(folder: str | Path, door: Door) -> Starlette:
    """The studio for the house-rules files in `folder`, behind `door`."""
    routes = [
        Route("/", start.home),
        Route("/new", start.new, methods=["POST"]),
        Route("/language", start.set_language, methods=["POST"]),
        Route("/edit", editor.edit),
        Route("/text", editor.text, methods=["POST"]),
        Route("/draft", editor.draft, methods=["POST"]),
        Route("/fix", editor.fix, methods=["POST"]),
        Route("/form", editor.form_panel),
        Route("/rule", editor.rule, methods=["POST"]),
        Route("/save", editor.save, methods=["POST"]),
        Route("/sheet", panels.sheet),
        Route("/sheet.pdf", panels.pdf),
        Route("/sheetpanel", panels.sheet_panel),
        Route("/diff", panels.diff),
        Route("/odds", panels.odds),
        Route("/study", studying.start, methods=["POST"]),
        Route("/study/progress", studying.progress),
        Route("/study/cancel", studying.cancel, methods=["POST"]),
        Route("/study/report", studying.report),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            ServiceError: _problem,
            BadName: _problem,
            BodyTooLong: _problem,
            404: _missing,
            405: _missing,
            Exception: _unexpected,
        },
    )
    app.state.studio = Studio(Folder.of(folder), door, Studies())
    return app


def guarded(folder: str | Path, door: Door) -> Guard:
    """The application behind its door: what the server runs."""
    return Guard(create_app(folder, door), door, HEADERS)
