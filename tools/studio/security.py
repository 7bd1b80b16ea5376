"""The studio's door: a local server any web page in the same browser, or another user of the
machine, could knock on. Every request passes here first (an ASGI middleware):

- its Host must be the studio's own address (a name another site resolves to 127.0.0.1, DNS
  rebinding, is refused);
- an Origin or Referer, when sent, must be the studio's own (a form posted from another site);
- its path starts with the run's token, `/s/TOKEN/…`, as in the address the command printed;
- its body is at most MAX_STUDIO_BODY bytes, counted as it arrives.

Why the path and not a cookie: a browser sends a cookie of 127.0.0.1 to every port of
127.0.0.1 (cookies are not scoped by port), so whoever listened on another local port got the
token with any request the browser made there. A path is sent to the studio's own port only:
every page, form, download and link of the studio carries it (the app's root path, which the
templates put before each address), the back button and a reload keep it. The app itself knows
nothing of the token: without this middleware (the static site, tools/site) its root is `/`.

Anything else gets a short page in plain words and status 403 (413 for a long body)."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from ...grammar.limits import MAX_STUDIO_BODY

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TOKEN_PATH = "/s/"  # the studio's addresses: /s/TOKEN/…


def new_token() -> str:
    return secrets.token_urlsafe(32)


def content_policy(scripts: tuple[str, ...] = ()) -> str:
    """Every page's Content-Security-Policy: only the studio's own scripts, and on a page that
    carries an inline script of its own (the sheet's print fitting), that script alone, named by
    its hash (`sha256-…`); inline styles (the sheet's own); no framing but by the studio."""
    allowed = " ".join(["'self'", *(f"'{digest}'" for digest in scripts)])
    return (
        f"default-src 'self'; script-src {allowed}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; frame-ancestors 'self'; form-action 'self'; base-uri 'none'"
    )


def netloc(host: str, port: int) -> str:
    """HOST:PORT as an address writes it (an IPv6 address in brackets: [::1]:8123)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass
class Door:
    """What a request must match: the token, and the addresses the studio answers on (its port
    is known once the socket is bound, so it is set then)."""

    token: str
    host: str = "127.0.0.1"
    port: int = 0
    extra_hosts: list[str] = field(default_factory=list)

    def hosts(self) -> set[str]:
        names = {"127.0.0.1", "localhost", self.host, *self.extra_hosts}
        return {netloc(name, self.port) for name in names}

    @property
    def root(self) -> str:
        """The path every address of the studio starts with."""
        return f"{TOKEN_PATH}{self.token}"

    def url(self) -> str:
        return f"http://{netloc(self.host, self.port)}{self.root}/"


REFUSED = {
    "host": (
        "This page was asked for under another address than the studio's own. Open the address "
        "riskrules studio printed in the terminal."
    ),
    "origin": (
        "This request came from another web site, not from the studio's own pages, and was "
        "refused. If you clicked a link on another site, open the studio's address instead."
    ),
    "token": (
        "This studio only answers the browser it was opened in. Open the address riskrules "
        "studio printed in the terminal, with the long code after /s/ in it; the code changes "
        "every time the studio starts."
    ),
    "body": (
        "What was sent is too long for the studio (at most {size} KiB at once). A house-rules "
        "file is usually a few KiB: split it, or use riskrules check."
    ),
}


def refusal_page(reason: str, lang: str = "en") -> bytes:
    """The page a refused request gets, in the reader's language."""
    from ..service.sheets import translations

    _ = translations(lang).gettext
    text = _(REFUSED[reason]).format(size=MAX_STUDIO_BODY // 1024)
    title, heading = _("riskrules studio: refused"), _("Not allowed")
    return (
        f"<!doctype html><html lang='{lang}'><meta charset='utf-8'><title>{title}</title>"
        "<body style='font-family:sans-serif;max-width:40em;margin:3em auto'>"
        f"<h1>{heading}</h1><p>{text}</p></body></html>"
    ).encode()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def reader_language(scope: Scope) -> str:
    """The language a refusal is written in: the studio's own choice (render.language)."""
    from starlette.requests import Request

    from .render import language

    try:
        return language(Request(scope))
    except Exception:  # a header that cannot be read: English
        return "en"


class Guard:
    """The middleware; `app` is the studio's Starlette application."""

    def __init__(self, app: ASGIApp, door: Door, headers: dict[str, str] | None = None) -> None:
        self.app = app
        self.door = door
        self.headers = [(k.encode(), v.encode()) for k, v in (headers or {}).items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # the studio has no web socket: nothing else comes in
            await receive()
            await send({"type": "websocket.close", "code": 1008})
            return
        send = self._with_headers(send)
        reason = self.refused(scope)
        if reason is not None:
            page = refusal_page(reason, reader_language(scope))
            await _reply(send, 403, page)
            return
        if scope["path"] == self.door.root:  # the address without its last slash
            await _reply(send, 307, b"", [(b"location", f"{self.door.root}/".encode())])
            return
        length = _header(scope, b"content-length")
        if length is not None and not (
            length.isascii() and length.isdigit() and int(length) <= MAX_STUDIO_BODY
        ):
            await _reply(send, 413, refusal_page("body", reader_language(scope)))
            return
        scope["root_path"] = scope.get("root_path", "") + self.door.root
        await self.app(scope, _bounded(receive), send)

    def _with_headers(self, send: Send) -> Send:
        """Every response, refusals too, with the studio's headers (its content policy); a
        redirect the app makes to one of its own paths (`/edit?…`) goes under the token."""
        root = self.door.root.encode()

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, _rooted(v, root) if bytes(k).lower() in _REDIRECTS else v)
                    for k, v in message.get("headers", [])
                ]
                have = {bytes(k).lower() for k, _ in headers}
                extra = [(k, v) for k, v in self.headers if k not in have]
                message["headers"] = [*headers, *extra]
            await send(message)

        return sending

    def refused(self, scope: Scope) -> str | None:
        """Why a request is refused (a key of REFUSED), or None."""
        hosts = self.door.hosts()
        if _header(scope, b"host") not in hosts:
            return "host"
        origin = _header(scope, b"origin")
        if origin is not None and origin not in {f"http://{h}" for h in hosts}:
            return "origin"
        referer = _header(scope, b"referer")
        if referer is not None and _netloc_of(referer) not in hosts:
            return "origin"
        path = str(scope.get("path", ""))
        given = path[len(TOKEN_PATH) :].split("/", 1)[0] if path.startswith(TOKEN_PATH) else ""
        if not secrets.compare_digest(given.encode(), self.door.token.encode()):
            return "token"
        return None


_REDIRECTS = {b"location", b"hx-redirect", b"hx-location"}


def _rooted(value: bytes, root: bytes) -> bytes:
    """`/edit?…` as `/s/TOKEN/edit?…`; another site's address, or one already under the
    token, as it is."""
    if not value.startswith(b"/") or value.startswith(b"//"):
        return value
    if value == root or value.startswith(root + b"/"):
        return value
    return root + value


def _netloc_of(address: str) -> str | None:
    try:
        return urlsplit(address).netloc
    except ValueError:  # not an address at all ("http://[", a stray bracket)
        return None


class BodyTooLong(Exception):
    """A body that grew past MAX_STUDIO_BODY while being read (no Content-Length said so)."""


def _bounded(receive: Receive) -> Receive:
    seen = 0

    async def bounded() -> Message:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > MAX_STUDIO_BODY:
            raise BodyTooLong()
        return message

    return bounded


async def _reply(
    send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/html; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
