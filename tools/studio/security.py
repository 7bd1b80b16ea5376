"""The studio's door: a local server any web page in the same browser, or another user of the
machine, could knock on. Every request passes here first (an ASGI middleware):

- its Host must be the studio's own address (a name another site resolves to 127.0.0.1, DNS
  rebinding, is refused);
- an Origin or Referer, when sent, must be the studio's own (a form posted from another site);
- it carries the run's token: in the URL the command printed (`?token=…`, exchanged at once for
  an HttpOnly, SameSite=Strict cookie) or in that cookie;
- its body is at most MAX_STUDIO_BODY bytes, counted as it arrives.

Anything else gets a short page in plain words and status 403 (413 for a long body)."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from ...grammar.limits import MAX_STUDIO_BODY

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "riskrules_studio"


def new_token() -> str:
    return secrets.token_urlsafe(32)


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
        return {f"{name}:{self.port}" for name in names}

    def url(self) -> str:
        return f"http://{self.host}:{self.port}/?token={self.token}"

    def cookie_name(self) -> str:
        return f"{COOKIE}_{self.port}"  # two studios on two ports keep their own


REFUSED = {
    "host": (
        "This page was asked for under another address than the studio's own. Open the address "
        "riskrules studio printed (http://127.0.0.1:PORT/?token=…)."
    ),
    "origin": (
        "This request came from another web site, not from the studio's own pages, and was "
        "refused. If you clicked a link on another site, open the studio's address instead."
    ),
    "token": (
        "This studio only answers the browser it was opened in. Open the address "
        "riskrules studio printed in the terminal (it ends with ?token=…); the token changes "
        "every time the studio starts."
    ),
    "body": (
        f"What was sent is too long for the studio (at most {MAX_STUDIO_BODY // 1024} KiB at "
        "once). A house-rules file is usually a few KiB: split it, or use riskrules check."
    ),
}


def refusal_page(reason: str) -> bytes:
    text = REFUSED[reason]
    return (
        "<!doctype html><html lang='en'><meta charset='utf-8'><title>riskrules studio: refused"
        "</title><body style='font-family:sans-serif;max-width:40em;margin:3em auto'>"
        f"<h1>Not allowed</h1><p>{text}</p></body></html>"
    ).encode()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def _cookie(scope: Scope, name: str) -> str | None:
    raw = _header(scope, b"cookie") or ""
    for part in raw.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


class Guard:
    """The middleware; `app` is the studio's Starlette application."""

    def __init__(self, app: ASGIApp, door: Door, headers: dict[str, str] | None = None) -> None:
        self.app = app
        self.door = door
        self.headers = [(k.encode(), v.encode()) for k, v in (headers or {}).items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = self._with_headers(send)
        reason = self.refused(scope)
        if reason is not None:
            await _reply(send, 403, refusal_page(reason))
            return
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        if "token" in query:  # the printed URL: set the cookie, and the token leaves the URL
            del query["token"]
            location = scope["path"] + (f"?{urlencode(query)}" if query else "")
            cookie = (
                f"{self.door.cookie_name()}={self.door.token}; HttpOnly; SameSite=Strict; Path=/"
            )
            headers = [(b"location", location.encode()), (b"set-cookie", cookie.encode())]
            await _reply(send, 303, b"", headers)
            return
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_STUDIO_BODY):
            await _reply(send, 413, refusal_page("body"))
            return
        await self.app(scope, _bounded(receive), send)

    def _with_headers(self, send: Send) -> Send:
        """Every response, refusals too, with the studio's headers (its content policy)."""

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {bytes(k).lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in have]
                message["headers"] = [*message.get("headers", []), *extra]
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
        if referer is not None and urlsplit(referer).netloc not in hosts:
            return "origin"
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        given = query.get("token") or _cookie(scope, self.door.cookie_name()) or ""
        if not secrets.compare_digest(given.encode(), self.door.token.encode()):
            return "token"
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
