"""What the site's Web Worker calls, in Pyodide: the studio's own Starlette app (the very
routes, templates and services `riskrules studio` serves), called directly as ASGI with the
page's requests, and the few things the page itself asks of the folder (a file from the disk
or a share link kept as a draft). The folder is the browser's: an IndexedDB-backed folder the
worker mounts."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from ...grammar.limits import MAX_FILE_BYTES, MAX_STUDIO_BODY, MAX_STUDIO_SECONDS
from ...grammar.messages import Message, msg
from ..service import lab
from ..service.errors import ServiceError
from ..studio.app import in_page
from ..studio.drafts import NAME, Folder
from ..studio.security import refusal_page
from ..studio.study import Run, Studies

Headers = list[tuple[str, str]]
_APPS: dict[str, Any] = {}
HOST = "riskrules.page"  # the scope's host: the page has no address of its own to the app
TEMPLATES = "riskrules-templates"  # in site-packages: kept with the bytecode (worker.js)


class PageStudy:
    """A study as the page plays it: the studio plans it (a bad request is said at once) and
    hands it here; the page's script takes it (`study_job`), plays it in a Web Worker of its
    own (`play`, no threads or processes in the page), and reports its progress and its end
    back, which the studio's own progress panel shows. Cancel and the time limit end the
    worker (`study_stop`)."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.pending: bytes | None = None

    def launch(self, run: Run, plan: lab.StudyPlan) -> None:
        import pickle  # a study's only (as in the functions below): not before the first page

        self.run, self.pending = run, pickle.dumps(plan)


STUDY = PageStudy()


def _app(folder: str) -> Any:
    if folder not in _APPS:
        _APPS[folder] = in_page(folder, Studies(STUDY.launch))
    return _APPS[folder]


def study_job() -> bytes | None:
    """The study the page should start now (its plan), once."""
    job, STUDY.pending = STUDY.pending, None
    return job


def study_progress(done: int, total: int) -> None:
    if STUDY.run is not None and not STUDY.run.finished:
        STUDY.run.done, STUDY.run.total = done, total
        STUDY.run.pace.seconds(done)  # the pace is measured from the first results


def study_look(data: Any) -> None:
    """A look of the study in stages, reached while it plays on: its figures so far."""
    import pickle

    run = STUDY.run
    if run is not None and not run.finished:
        run.look = pickle.loads(data.to_bytes() if hasattr(data, "to_bytes") else bytes(data))


def study_end(data: Any) -> None:
    """The study's worker ended: its result, or why there is none."""
    import pickle

    run = STUDY.run
    if run is None or run.finished:
        return
    kind, value = pickle.loads(data.to_bytes() if hasattr(data, "to_bytes") else bytes(data))
    if kind == "result":
        run.result = value
    else:
        run.error = value if isinstance(value, Message) else msg("{error}", error=str(value))
    run.finished = True


def study_failed(message: str) -> None:
    """The study's worker could not play it (it failed to start, or ran out of memory)."""
    run = STUDY.run
    if run is not None and not run.finished:
        run.error = msg("the study stopped: {error}", error=message)
        run.finished = True


def study_stop() -> bool:
    """Whether the page should end the study's worker now: Cancel pressed, or the time
    limit passed (MAX_STUDIO_SECONDS)."""
    run = STUDY.run
    if run is None or run.finished:
        return False
    if time.monotonic() - run.started > MAX_STUDIO_SECONDS:
        run.timed_out = True
    if not (run.cancel.cancelled or run.timed_out):
        return False
    run.cancelled = not run.timed_out
    if run.timed_out and run.look is not None:  # the last look's figures: what it found
        run.result = run.look
    run.finished = True
    return True


def play(
    plan: Any, report: Callable[[int, int], None], look: Callable[[bytes], None] | None = None
) -> bytes:
    """In the study's own worker: play the planned study, `report` its progress and `look`
    each look it reaches (pickled); the result (or why there is none) pickled for the
    studio's worker (the same code on both ends)."""
    import pickle

    found = pickle.loads(plan.to_bytes() if hasattr(plan, "to_bytes") else bytes(plan))
    on_look = None if look is None else lambda result: look(pickle.dumps(result))
    try:
        return pickle.dumps(("result", lab.run_study(found, report, on_look=on_look)))
    except ServiceError as exc:
        return pickle.dumps(("error", exc.said or msg("{error}", error=exc.message)))
    except Exception as exc:  # said in the page, not a traceback
        what = f"{type(exc).__name__}: {exc}"
        return pickle.dumps(("error", msg("the study stopped: {error}", error=what)))


async def handle(
    folder: str, method: str, url: str, headers: Headers, body: bytes
) -> tuple[int, Headers, bytes]:
    """One request of the page, answered by the app: status, headers, body."""
    body = body.to_bytes() if hasattr(body, "to_bytes") else bytes(body)  # a JS buffer
    if len(body) > MAX_STUDIO_BODY:
        return 413, [("content-type", "text/html; charset=utf-8")], refusal_page("body")
    parts = urlsplit(url)
    sent_headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
    sent_headers += [(b"host", HOST.encode()), (b"content-length", str(len(body)).encode())]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method.upper(),
        "scheme": "http",
        "path": parts.path or "/",
        "raw_path": (parts.path or "/").encode(),
        "root_path": "",
        "query_string": parts.query.encode("latin-1"),
        "headers": sent_headers,
        "client": ("127.0.0.1", 0),
        "server": (HOST, 80),
    }
    sent: list[dict[str, Any]] = []
    given = False

    async def receive() -> dict[str, Any]:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # a disconnect never comes: the page waits for the answer
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await _app(folder)(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    out = [(bytes(k).decode("latin-1"), bytes(v).decode("latin-1")) for k, v in start["headers"]]
    data = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return int(start["status"]), out, data


def keep(folder: str, name: str, text: str) -> str:
    """A text the page brought (a file from the disk, a share link) kept as a draft under a
    free name like `name`; the name it got. Refused as the studio refuses a file."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise ValueError(f"the file is longer than {MAX_FILE_BYTES:,} bytes")
    stem = name[: -len(".rules")] if name.endswith(".rules") else name
    stem = "".join(c if c.isalnum() or c in "-_." else "-" for c in stem).strip("-.")[:80]
    place = Folder.of(folder)
    chosen = place.free_name(stem or "house-rules")
    if not NAME.fullmatch(chosen):
        chosen = place.free_name("house-rules")
    place.keep(chosen, text)
    return chosen


def compiled(root: str, known: int) -> tuple[int, bytes] | None:
    """The bytecode Python wrote for the site's packages as it imported them (their
    __pycache__ folders under `root`), as a zip the page keeps for its next visit, which then
    compiles none of them again: each .pyc made unchecked hash-based (the cache it is kept in
    is named by the site's version, so the sources cannot change under it). None when no
    more than the `known` files the page kept already were written."""
    import importlib.util
    import io
    import os
    import zipfile

    found = []
    templates = os.path.join(root, TEMPLATES)  # the templates Jinja compiled (shared/templates)
    for top, _folders, files in os.walk(root):
        if os.path.basename(top) == "__pycache__":
            found += [os.path.join(top, name) for name in files if name.endswith(".pyc")]
    if len(found) + len(_listed(templates)) <= known:
        return None
    made = io.BytesIO()
    with zipfile.ZipFile(made, "w", zipfile.ZIP_STORED) as kept:
        for path in _listed(templates):
            with open(path, "rb") as handle:
                kept.writestr(os.path.relpath(path, root), handle.read())
        for path in sorted(found):
            source = os.path.join(os.path.dirname(os.path.dirname(path)), _source_name(path))
            if not os.path.exists(source):
                continue
            with open(path, "rb") as handle:
                data = handle.read()
            if int.from_bytes(data[4:8], "little") == 0:  # timestamp-based, as Python writes
                with open(source, "rb") as handle:
                    digest = importlib.util.source_hash(handle.read())
                data = data[:4] + (1).to_bytes(4, "little") + digest + data[16:]
            kept.writestr(os.path.relpath(path, root), data)
    return len(found) + len(_listed(templates)), made.getvalue()


def _listed(folder: str) -> list[str]:
    import os

    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, name) for name in os.listdir(folder))


def _source_name(pyc: str) -> str:
    """`name.cpython-314.pyc` -> `name.py`."""
    return pyc.rsplit("/", 1)[-1].split(".", 1)[0] + ".py"
