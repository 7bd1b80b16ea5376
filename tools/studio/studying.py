"""What does it do? The study's routes: start (planned first: a bad request is said at once),
the progress bar the page polls, Cancel, and the verdict with the study's plots."""

from __future__ import annotations

import math
import time

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ...grammar.limits import MAX_STUDIO_GAMES
from ...grammar.messages import msg
from ..service.errors import ServiceError, UsageError
from ..service.progress import duration
from . import study
from .drafts import BadName
from .editor import document
from .render import language, page, say
from .state import studio_of
from .study import DEFAULT_GAMES, Busy, Run

DONE = 286  # htmx stops polling on this status


def _games(request: Request, raw: object) -> int:
    """The number of games asked for: a whole number of 0-9 digits, within the studio's cap
    (a ² or a ① is a digit to Python's isdigit, not to int; a number of 5,000 digits is one
    int refuses to read)."""
    text = str(raw if raw is not None and raw != "" else DEFAULT_GAMES).strip()
    if text.isascii() and text.isdigit() and len(text) < 10 and 1 <= int(text) <= MAX_STUDIO_GAMES:
        return int(text)
    shown = text if len(text) <= 12 else text[:12] + "…"
    raise UsageError(
        say(
            request,
            "The number of games is a whole number from 1 to {most}, such as {example}, "
            "not “{given}”.",
            most=f"{MAX_STUDIO_GAMES:,}",
            example=DEFAULT_GAMES,
            given=shown,
        )
    )


async def start(request: Request) -> Response:
    form = await request.form()
    doc = document(request, str(form.get("file") or ""), ruleset=form.get("ruleset"))
    studies = studio_of(request).studies
    scheduler = str(form.get("scheduler") or "").strip() or None
    try:
        studies.start(doc, _games(request, form.get("games")), scheduler)
    except Busy:
        return _panel(request, studies.run, busy=True)
    return _panel(request, studies.run)


def _needs(run: Run) -> int | None:
    """The minutes a running study needs in all at its pace so far if it plays on to its last
    look, when that is more than the time limit (None: it will finish in time, or too few
    games are done to tell)."""
    if run.finished or run.total == 0 or run.done < max(8, run.total // 20):
        return None
    left = run.time_to(run.total)
    if left is None:
        return None
    whole = time.monotonic() - run.started + left
    return math.ceil(whole / 60) if whole > study.time_limit() else None


def _stage(run: Run, lang: str) -> dict[str, object]:
    """Where a study in stages is: the look it plays towards (its games per ruleset, its
    number, the games to play until then), and the time until then and until its last look
    at the pace so far (once a tenth of the way to the look is played)."""
    if run.finished:
        return {}
    target = run.next_look
    soon, most = run.seconds_left(target), run.seconds_left(run.games)
    return {
        "games": target,
        "number": sum(1 for n in run.looks if n < target) + 1,
        "looks": len(run.looks),
        "total": target * run.per_seed,
        "soon": None if soon is None else duration(soon).render(lang),
        "most": None if most is None or target == run.games else duration(most).render(lang),
    }


async def progress(request: Request) -> Response:
    return _panel(request, studio_of(request).studies.run)


def _panel(request: Request, run: Run | None, busy: bool = False) -> Response:
    """The study's panel: where it is and how long it will take, its figures so far (a look
    it played on from) or its verdict; polled until it ends."""
    limit = math.ceil(study.time_limit() / 60)
    if run is None:
        return page(request, "_study.j2", run=None, busy=busy, status=DONE)
    lang = language(request)
    shown = run.result if run.result is not None else run.look
    verdicts = shown.verdicts_in(lang) if shown is not None else []
    players = shown.players_note(lang) if shown is not None else ""
    titles = _titles(request, run.file, lang) if verdicts else {}
    return page(
        request,
        "_study.j2",
        run=run,
        shown=shown,
        verdicts=verdicts,
        players=players,
        needs=_needs(run),
        stage=_stage(run, lang),
        limit=limit,
        titles=titles,
        busy=busy,
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
    return _panel(request, studies.run)


async def report(request: Request) -> Response:
    """The study's page with its plots (the lab's own report): of its result, or, while it
    plays on, of its last look."""
    run = studio_of(request).studies.run
    shown = None if run is None else run.result or run.look
    if shown is None:
        raise UsageError(msg("no study has finished yet: press What does it do? first"))
    return HTMLResponse(shown.page(language(request)))  # in the page's language
