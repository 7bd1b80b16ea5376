"""What does it do? The study's routes: start (planned first: a bad request is said at once),
the progress bar the page polls, Cancel, and the verdict with the study's plots."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ..service.errors import ServiceError, UsageError
from .drafts import BadName
from .editor import document
from .render import language, page
from .state import studio_of
from .study import DEFAULT_GAMES, Busy

DONE = 286  # htmx stops polling on this status


def _games(raw: object) -> int:
    text = str(raw or DEFAULT_GAMES).strip()
    if not text.isdigit():
        raise UsageError(
            f"the number of games is a whole number, such as {DEFAULT_GAMES}, not '{text}'"
        )
    return int(text)


async def start(request: Request) -> Response:
    form = await request.form()
    doc = document(request, str(form.get("file") or ""), ruleset=form.get("ruleset"))
    studies = studio_of(request).studies
    scheduler = str(form.get("scheduler") or "").strip() or None
    try:
        studies.start(doc, _games(form.get("games")), scheduler)
    except Busy:
        return page(request, "_study.j2", run=studies.run, busy=True)
    return page(request, "_study.j2", run=studies.run)


async def progress(request: Request) -> Response:
    run = studio_of(request).studies.run
    if run is None:
        return page(request, "_study.j2", run=None, status=DONE)
    lang = language(request)
    verdicts = run.result.verdicts_in(lang) if run.result is not None else []
    titles = _titles(request, run.file, lang) if verdicts else {}
    return page(
        request,
        "_study.j2",
        run=run,
        verdicts=verdicts,
        titles=titles,
        status=DONE if run.finished else 200,
    )


def _titles(request: Request, file: str, lang: str) -> dict[str, str]:
    """The rulesets studied by their titles, as every panel heads them (never their ids)."""
    try:
        return document(request, file).titles(lang)
    except (ServiceError, BadName):
        return {}


async def cancel(request: Request) -> Response:
    studies = studio_of(request).studies
    studies.cancel()
    return page(request, "_study.j2", run=studies.run)


async def report(request: Request) -> Response:
    """The study's page with its plots (the lab's own report)."""
    run = studio_of(request).studies.run
    if run is None or run.result is None:
        raise UsageError("no study has finished yet: press What does it do? first")
    return HTMLResponse(run.result.page())
