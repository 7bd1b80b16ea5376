"""Starting the studio: a socket bound before anything is printed (so `--port 0` prints the
port it got), the address with its token, the browser opened on it, uvicorn serving."""

from __future__ import annotations

import logging
import signal
import socket
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ...grammar.messages import Message, msg
from .app import guarded
from .security import Door, new_token

if TYPE_CHECKING:
    import uvicorn

LOCAL = "127.0.0.1"
LOOPBACK = (LOCAL, "::1", "localhost")  # this computer only: no warning to give
MAX_CONNECTIONS = 128  # at once (a page polls, thirty PDFs may wait their turn); more: a 503
STOP_SECONDS = 2  # Ctrl+C or SIGTERM: requests still waiting then (PDFs in line) are dropped


class CannotStart(Exception):
    """The folder or the address cannot be used; `said` says why, in the reader's language
    where it is shown (its English is the exception's text)."""

    def __init__(self, said: Message) -> None:
        self.said = said
        super().__init__(said.render())


def cannot_listen(host: str, port: int, why: str) -> Message:
    return msg("cannot listen on {host}:{port}: {why}", host=host, port=port, why=why)


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        why = exc.strerror or str(exc)
        raise CannotStart(cannot_listen(host, port, why)) from None
    sock.listen(64)
    return sock


def serve(
    folder: Path,
    host: str = LOCAL,
    port: int = 0,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """Serve until interrupted. `say` prints a line for the person who started it."""
    import uvicorn

    if not folder.is_dir():
        raise CannotStart(msg("{folder} is not a folder", folder=str(folder)))
    if host.startswith("[") and host.endswith("]"):  # [::1], as an address writes it
        host = host[1:-1]
    sock = bind(host, port)
    door = Door(new_token(), host=host, port=sock.getsockname()[1])
    app = guarded(folder, door)
    say(f"riskrules studio: the house-rules files in {folder.resolve()}")
    say(f"Open {door.url()}")
    say("(the token in the address lets only you in; press Ctrl+C to stop)")
    if open_browser:
        webbrowser.open(door.url())
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        limit_concurrency=MAX_CONNECTIONS,
        timeout_graceful_shutdown=STOP_SECONDS,
    )
    logging.getLogger("uvicorn.error").addFilter(_Dropped())
    if hasattr(signal, "SIGHUP"):  # the terminal closed: stop as Ctrl+C stops it (a study too)
        signal.signal(signal.SIGHUP, lambda *_: signal.raise_signal(signal.SIGTERM))
    _server(config).run(sockets=[sock])


def _server(config: uvicorn.Config) -> uvicorn.Server:
    """uvicorn's server, with the studio's study stopped as it shuts down (uvicorn then ends
    the process with the signal it caught, so exit handlers would not run)."""
    import uvicorn

    from .study import stop_all

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            await super().shutdown(sockets)
            stop_all()

    return Server(config)


class _Dropped(logging.Filter):
    """Requests still waiting at the stop are dropped on purpose: not an error to print."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "graceful shutdown exceeded" not in record.getMessage()
