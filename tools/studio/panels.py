"""The preview panels, each from one service on the current text: the sheet (the HTML
`summary` writes, in da/nl/en) and its PDF, the diff against the base with citations, and the
odds table, base and house rule side by side when combat changed."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ..service.errors import ServiceError
from ..service.sheets import languages, pdf_available, sheet_scripts
from . import lanes
from .editor import document, where
from .render import language, page, say
from .security import content_policy


def _lang(request: Request) -> str | None:
    """The sheet's language: the one asked for, else its manual's own (None)."""
    asked = request.query_params.get("lang")
    return asked if asked in languages() else None


async def sheet_panel(request: Request) -> Response:
    """The sheet's frame with its language buttons and the PDF link."""
    doc = document(request, str(request.query_params.get("file") or ""))
    lang = _lang(request)
    if lang is None:
        try:
            lang = doc.sheet_language()
        except ServiceError:
            lang = language(request)
    return page(
        request,
        "_sheetpanel.j2",
        **where(doc),
        sheet_lang=lang,
        version=abs(hash(doc.text)),
        pdf=pdf_available(),
    )


async def sheet(request: Request) -> Response:
    """The sheet as a page of its own (shown in a frame), or why there is none yet."""
    doc = document(request, str(request.query_params.get("file") or ""))
    try:
        found = doc.sheet(_lang(request))
    except ServiceError as exc:
        said = exc.text(language(request))
        return page(request, "sheet_problem.j2", message=said, diagnostics=exc.diagnostics)
    assert isinstance(found.data, str)
    # Its print fitting (an inline script, as in the file `summary` writes) allowed by its hash.
    policy = content_policy(sheet_scripts())
    return HTMLResponse(found.data, headers={"content-security-policy": policy})


async def pdf(request: Request) -> Response:
    """The sheet as a PDF download, laid out off the event loop (lanes.PDF): the other panels
    go on answering while it is made."""
    doc = document(request, str(request.query_params.get("file") or ""))
    lang_asked = _lang(request)
    try:
        found = await lanes.PDF.run(lambda: doc.sheet(lang_asked, "pdf"))
    except lanes.Full:
        message = say(
            request,
            "The studio is making many PDFs already. Download this one again in a moment.",
        )
        return page(request, "problem.j2", status=503, message=message)
    lang = found.lang
    assert isinstance(found.data, bytes)
    stem = doc.path.name[: -len(".rules")] + (f"-{doc.ruleset}" if doc.ruleset else "")
    return Response(
        found.data,
        media_type="application/pdf",
        headers={"content-disposition": f'attachment; filename="{stem}.{lang}.pdf"'},
    )


async def diff(request: Request) -> Response:
    doc = document(request, str(request.query_params.get("file") or ""))
    try:
        found = doc.diff()
    except ServiceError as exc:
        return page(request, "_problem.j2", message=exc.text(language(request)))
    lang = language(request)
    rows = found.said(lang) if found else []
    titles = dict(zip(found.names, found.titles(lang), strict=True)) if found else {}
    return page(
        request,
        "_diff.j2",
        diff=found,
        names=found.names if found else [],
        titles=titles,
        rows=rows,
    )


async def odds(request: Request) -> Response:
    doc = document(request, str(request.query_params.get("file") or ""))
    try:
        mine, base = doc.odds()
    except ServiceError as exc:
        return page(request, "_problem.j2", message=exc.text(language(request)))
    tables = [mine] if base is None else [base, mine]
    titles = doc.titles(language(request))
    return page(
        request,
        "_odds.j2",
        tables=tables,
        titles=titles,
        changed=base is not None,
        base=doc.base(),
    )
