"""`python -m riskrules ARGS` as a process of its own, without paying Python's start-up for each:
a server process imports the command line once (what `python -m riskrules` imports before it
reads its arguments), then forks a child for every command. The child is a real process: its
own exit status, standard streams (files, or a pipe for standard input), working directory,
environment, address-space limit (RLIMIT_AS) and time limit (SIGALRM ends it), its CPU time
measured by the kernel; it starts from the state a new process has after that import (and
the import of the libraries its command loads, see _PRELOAD, the built-ins read and the
grammar's scanners built), before any command ran (the server runs none). Starting Python
and importing the command line costs 0.3-0.6 CPU-s a process, and a server's libraries up to
2 more; a fork costs a few milliseconds. The workers of a pytest-xdist run share one server of
each kind (SHARED).

Use `run_forked` where the test is about a command's behaviour as a process (a limit, a status,
what it prints on its streams) and the interpreter's own start-up is not under test; use
helpers.run_process for that (the entry point, signals, hash seeds)."""

from __future__ import annotations

import atexit
import fcntl
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

# The server: it listens on a Unix socket (argv[1], in a folder only this user can enter) and
# forks a handler for each client that connects (a pytest worker: every worker of a run shares
# one server of each kind, see SHARED). A handler reads one request a line, forks the command,
# and answers with its status and usage. A client's requests run one at a time, two clients'
# side by side. It stops listening when the process that started it closes its fd 0 (it
# exits), and exits once its last handler has, having waited for each: their CPU time, and
# their children's, counts in the run's. Neither fd 0 nor 1 goes through sys.stdin or
# sys.stdout, and a command's process has its own in their place.
_SERVER = r"""
import atexit, json, os, resource, select, signal, socket, sys, tempfile, threading, traceback
import importlib
where, preload = sys.argv[1], sys.argv[2:]
for name in preload:  # the libraries this server's commands import (see _PRELOAD)
    if not name.startswith(":"):
        importlib.import_module(name)
sys.argv = ["riskrules"]
from riskrules.tools import cli
# What every command that reads rules does first, done once here: the built-ins read (from
# the cache) and the grammar's tables loaded, so that a child spends its time on its own input
# (the reading itself, and the cache's safety, are tests/test_cache.py's).
from riskrules.grammar import library, syntax
library.Workspace.open()
syntax.parser()
# Lark builds a parser state's scanner (a compiled regular expression) the first time it lexes
# in that state: 60 ms of a child's first parse, whatever its size. The built-ins' texts parsed
# once here build those of every state they reach.
from pathlib import Path
for path in library.builtin_paths():
    syntax.parse_tree(Path(path).read_text(encoding="utf-8"), path)
# ... and the game's modules, which a command imports only when it plays, simulates, referees
# or computes odds (50-80 ms of each of those children).
import riskrules.engine.odds, riskrules.engine.record, riskrules.tools.lab.simulate
import riskrules.tools.service.lab, riskrules.tools.service.odds
# ... and what a command's first message imports (the diagnostics' translations and numbers in
# Babel, the project settings' TOML reader): 40 ms of every child otherwise.
import babel.dates, babel.numbers, babel.support, riskrules.docs, sysconfig, tomllib
import riskrules.tools.authoring.ignores
if ":sheets" in preload:  # the sheets' templates compiled, as a first sheet compiles them
    from importlib import resources  # (0.35 CPU-s of every `summary` otherwise)
    from riskrules.grammar.library import locate
    from riskrules.tools.sheets import i18n, sentences, summary
    folder = resources.files("riskrules.tools.sheets").joinpath("templates/rules")
    for lang in i18n.LANGUAGES:
        for name in (t.name for t in folder.iterdir() if t.name.endswith(".j2")):
            sentences.environment(lang).get_template(f"rules/{name}").module
    from riskrules import playable
    summary.render_markdown(summary.build_for(playable(locate("classic")[1]), None, True, "en"))
    for name in ("summary.html.j2", "card.html.j2"):
        summary._environment().get_template(name)
import gc
gc.freeze()  # what is loaded stays out of the children's collections (and shared, not copied)

def child(request):
    code = 1
    try:
        signal.alarm(request["seconds"])  # its default action ends the process
        if request["memory"]:
            resource.setrlimit(resource.RLIMIT_AS, (request["memory"],) * 2)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        tempfile.tempdir = None  # as a new process finds it: from TMPDIR
        streams = [
            os.open(request["stdin"] or os.devnull, os.O_RDONLY),
            os.open(request["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
            os.open(request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
        ]
        for target, fd in enumerate(streams):
            os.dup2(fd, target)
            os.close(fd)
        sys.argv = ["riskrules", *request["args"]]
        exec(request["prelude"], {})  # a test's own look into the command (run_forked)
        try:
            cli.main(request["args"])
            code = 0
        except SystemExit as exc:  # as Python exits with sys.exit's argument
            if exc.code is None:
                code = 0
            elif isinstance(exc.code, int):
                code = exc.code & 0xFF
            else:
                print(exc.code, file=sys.stderr)
                code = 1
        threading._shutdown()  # what Python does at exit: join the threads, run atexit
        atexit._run_exitfuncs()
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)

def feed(path, endless):  # a pipe as the command's standard input, written by a process of
    read, write = os.pipe()  # its own: the file, or the file again and again for ever
    feeder = os.fork()
    if feeder == 0:
        os.close(read)
        try:
            while True:
                with open(path, "rb") as source:
                    while chunk := source.read(65536):
                        os.write(write, chunk)
                if not endless:
                    break
        except OSError:  # the command stopped reading
            pass
        os._exit(0)
    os.close(write)
    return read, feeder

def serve(conn):  # one client's requests, one at a time, until it hangs up
    buffer, passed = b"", []
    while True:
        while b"\n" not in buffer:
            chunk, fds, _, _ = socket.recv_fds(conn, 65536, 3)
            if not chunk:
                os._exit(0)
            buffer += chunk
            passed += fds
        line, buffer = buffer.split(b"\n", 1)
        request = json.loads(line)
        feeder = None
        if passed:  # the client's own pipes as the command's standard streams (spawn)
            for name, fd in zip(("stdin", "stdout", "stderr"), passed):
                request[name] = f"/dev/fd/{fd}"
        elif request["stdin"]:
            pipe, feeder = feed(request["stdin"], request["endless"])
            request["stdin"] = f"/dev/fd/{pipe}"
        pid = os.fork()
        if pid == 0:
            conn.close()
            child(request)
        if feeder is not None:
            os.close(pipe)
        for fd in passed:
            os.close(fd)  # the command's now: its pipes end when it does
        if passed:
            conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
            passed = []
        _, status, usage = os.wait4(pid, 0)
        if feeder is not None:
            os.kill(feeder, signal.SIGKILL)
            os.waitpid(feeder, 0)
        reply = {
            "status": os.waitstatus_to_exitcode(status),
            "cpu": usage.ru_utime + usage.ru_stime,
            "peak": usage.ru_maxrss,
        }
        conn.sendall(json.dumps(reply).encode() + b"\n")

listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(where)
listener.listen(16)
os.write(1, b"ready\n")
handlers = set()
while True:
    ready, _, _ = select.select([listener, 0], [], [])
    if 0 in ready and not os.read(0, 1):  # the process that started it is exiting
        break
    if listener in ready:
        conn, _ = listener.accept()
        pid = os.fork()
        if pid == 0:
            listener.close()
            serve(conn)
        conn.close()
        handlers.add(pid)
    handlers = {pid for pid in handlers if not os.waitpid(pid, os.WNOHANG)[0]}
os.unlink(where)  # first: a server started after this one binds the name afresh
listener.close()
for pid in handlers:
    os.waitpid(pid, 0)
os._exit(0)  # no finalizing of what it loaded: a fifth of a second a server, more when busy
"""


@dataclass
class Forked:
    code: int  # the exit status; a negative number is the signal that ended it (-14: SIGALRM)
    out: bytes
    err: bytes
    cpu: float  # the child's user and system CPU seconds
    peak: int  # the kernel's figure for its peak memory (KiB), the server's pages counted


# Libraries a command imports as it starts (SciPy's statistics for a study, pytest-bdd for
# scenarios, WeasyPrint for a fitted sheet), a second or more of CPU for each process: its
# commands are forked from a server that imported them too (so they count in its memory, as in
# a process of its own), every other command from one that did not. SciPy's numerical library
# runs on one thread there: a process forked from one with threads keeps only the forking one.
_PRELOAD = {
    "balance": ("scipy.stats",),
    "sweep": ("scipy.stats",),
    "test": ("pytest_bdd",),
    "trace": ("pytest_bdd",),
    "summary": ("weasyprint", ":sheets"),  # (":sheets": its templates compiled, see _SERVER)
    "lsp": ("riskrules.tools.editor.lsp",),  # pygls and the protocol's types: 1.3 CPU-s
}
_ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def _line(conn: socket.socket, timeout: float | None) -> dict[str, int | float] | None:
    """The server's next answer on `conn` (None: none within `timeout` seconds)."""
    reply = b""
    while not reply.endswith(b"\n"):
        ready, _, _ = select.select([conn], [], [], timeout)
        if not ready:
            return None
        chunk = conn.recv(1)  # one byte at a time: what follows is the next answer's
        if not chunk:
            raise RuntimeError("the fork server hung up")
        reply += chunk
    answer: dict[str, int | float] = json.loads(reply)
    return answer


def _request(
    args: tuple[str, ...],
    *,
    cwd: Path | str | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str = "",
    endless: bool = False,
    prelude: str = "",
    stdout: str = "",
    stderr: str = "",
    memory: int = 0,
    seconds: int = 120,
) -> dict[str, object]:
    """What the server's `child` is asked to run: `riskrules ARGS` in `cwd` (this process's by
    default) with `env` (this process's by default), its streams the files named (none: the
    pipes passed with the request, or /dev/null for an input)."""
    return {
        "args": list(args),
        "cwd": str(cwd or os.getcwd()),
        "env": dict(os.environ if env is None else env),
        "stdin": stdin,
        "endless": endless,
        "prelude": prelude,
        "stdout": stdout,
        "stderr": stderr,
        "memory": memory,
        "seconds": seconds,
    }


class Spawned:
    """A command forked by `ForkServer.spawn`, as subprocess.Popen gives one: its pipes, and
    `poll`, `wait` and `kill`."""

    def __init__(self, conn: socket.socket, stdin: int, stdout: int, stderr: int) -> None:
        self._conn = conn
        self.stdin = os.fdopen(stdin, "wb")
        self.stdout = os.fdopen(stdout, "rb")
        self.stderr = os.fdopen(stderr, "rb")
        started = _line(conn, 120)
        if started is None:
            raise RuntimeError("the fork server did not fork the command")
        self.pid = int(started["pid"])
        self._pidfd = os.pidfd_open(self.pid)  # a handle no other process can come to own
        self.returncode: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        global CPU_FORKED
        if self.returncode is None:
            done = _line(self._conn, timeout)
            if done is None:
                raise subprocess.TimeoutExpired("riskrules", timeout or 0)
            self.returncode = int(done["status"])
            CPU_FORKED += done["cpu"]
            self._conn.close()
            os.close(self._pidfd)
        return self.returncode

    def poll(self) -> int | None:
        try:
            return self.wait(0)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.poll() is None:
            signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
            self.wait()


# Where the servers listen: a folder every pytest-xdist worker of this run can find and only
# this user can enter (tests/conftest.py sets it to the run's temporary folder), so that one
# server of each kind serves them all. None: each process starts its own (in a folder of its
# own), as in a run without workers.
SHARED: Path | None = None
_SOCKET_PATH_MAX = 100  # bytes: a Unix socket's name is at most 107


class ForkServer:
    """A client of one server process, of one set of libraries imported first; the server is
    found where SHARED says (or started there, on first use). `run` has it fork a child."""

    def __init__(self, preload: tuple[str, ...] = ()) -> None:
        self.preload = preload
        self._proc: subprocess.Popen[bytes] | None = None  # the server, if this process began it
        self._conn: socket.socket | None = None
        self._lock = threading.Lock()
        self._folder = Path(tempfile.mkdtemp(prefix="riskrules-forks-"))
        self._path = self._socket()

    def _socket(self) -> Path:
        """Where the server listens (found once: a folder made here is this client's)."""
        name = "forks-" + ("-".join(self.preload) or "plain") + ".sock"
        for folder in (SHARED, self._folder):
            if folder is not None and len(os.fsencode(folder / name)) <= _SOCKET_PATH_MAX:
                return folder / name
        return Path(tempfile.mkdtemp(prefix="rr-forks-", dir="/tmp")) / name

    def _connection(self) -> socket.socket:
        if self._conn is None:
            self._conn = self._connect()
        return self._conn

    def _connect(self) -> socket.socket:
        path = self._path
        with open(path.with_suffix(".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one process starts it while the others wait
            conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                conn.connect(str(path))
            except OSError:  # none listens there (yet, or any more)
                path.unlink(missing_ok=True)
                self._start(path)
                conn.connect(str(path))
        return conn

    def _start(self, path: Path) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-c", _SERVER, str(path), *self.preload],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=self._folder,
            env={**os.environ, **_ONE_THREAD},
        )
        assert self._proc.stdout is not None
        ready, _, _ = select.select([self._proc.stdout], [], [], 120)
        if not ready or self._proc.stdout.readline() != b"ready\n":
            self._proc.kill()
            self._proc.wait()
            raise RuntimeError(f"the fork server for {self.preload} did not start")

    def run(
        self,
        *args: str,
        cwd: Path | str | None = None,
        stdin: bytes | None = None,
        env: Mapping[str, str] | None = None,
        memory: int = 0,
        seconds: int = 120,
        stdin_path: str = "",
        endless: bool = False,
        prelude: str = "",
    ) -> Forked:
        with self._lock:
            paths = {name: self._folder / name for name in ("stdin", "stdout", "stderr")}
            if stdin is not None:
                paths["stdin"].write_bytes(stdin)
                stdin_path = str(paths["stdin"])
            request = _request(
                args,
                cwd=cwd,
                env=env,
                stdin=stdin_path,
                endless=endless,
                prelude=prelude,
                stdout=str(paths["stdout"]),
                stderr=str(paths["stderr"]),
                memory=memory,
                seconds=seconds,
            )
            conn = self._connection()
            conn.sendall(json.dumps(request).encode() + b"\n")
            try:
                answer = _line(conn, seconds + 60)
            except RuntimeError:  # hung up
                answer = None
            if answer is None:
                self.close()
                raise RuntimeError(f"the fork server gave no answer for riskrules {args}")
            return Forked(
                int(answer["status"]),
                paths["stdout"].read_bytes(),
                paths["stderr"].read_bytes(),
                float(answer["cpu"]),
                int(answer["peak"]),
            )

    def spawn(self, *args: str, env: Mapping[str, str] | None = None) -> Spawned:
        """`riskrules ARGS` forked with this process's pipes as its standard streams, over a
        connection of its own (its handler waits for it alone), running while this process
        talks to it."""
        conn = self._connect()
        ends = [os.pipe() for _ in range(3)]
        theirs = [ends[0][0], ends[1][1], ends[2][1]]
        request = _request(args, env=env, seconds=600)  # (its streams: the pipes passed)
        socket.send_fds(conn, [json.dumps(request).encode() + b"\n"], theirs)
        for fd in theirs:
            os.close(fd)
        return Spawned(conn, ends[0][1], ends[1][0], ends[2][0])

    def close(self) -> None:
        """Hang up (the server's handler for this process ends)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def stop(self) -> None:
        """Tell the server this process started to end, once every process it serves has hung
        up (as they exit)."""
        if self._proc is not None and self._proc.stdin is not None:
            self._proc.stdin.close()

    def wait(self) -> None:
        """Wait for the server to end: then its CPU time is counted in this process's (a
        process not waited for takes it away)."""
        if self._proc is not None:
            try:
                self._proc.wait(timeout=600)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        shutil.rmtree(self._folder, ignore_errors=True)


_SERVERS: dict[tuple[str, ...], ForkServer] = {}
CPU_FORKED = 0.0  # the CPU seconds of every child so far (the server's own are its parent's)


def _stop() -> None:
    """At exit: hang up on every server first (one another process started waits for it),
    then end those this process started, all at once."""
    for server in _SERVERS.values():
        server.close()
    for server in _SERVERS.values():
        server.stop()
    for server in _SERVERS.values():
        server.wait()


def spawn_forked(*args: str, env: Mapping[str, str] | None = None) -> Spawned:
    """`python -m riskrules ARGS`, with pipes to talk to it as it runs (Spawned: a language
    server's session), a child of this run's server."""
    return _server_for(args, None).spawn(*args, env=env)


def _server_for(args: tuple[str, ...], preload: tuple[str, ...] | None) -> ForkServer:
    command = next(
        (a for a in args if not a.startswith("-") and a not in ("auto", "always", "never")), ""
    )
    if preload is None:
        preload = _PRELOAD.get(command, ())
    if preload not in _SERVERS:
        if not _SERVERS:
            atexit.register(_stop)
        _SERVERS[preload] = ForkServer(preload)
    return _SERVERS[preload]


def run_forked(
    *args: str,
    cwd: Path | str | None = None,
    stdin: bytes | None = None,
    env: Mapping[str, str] | None = None,
    memory: int = 0,
    seconds: int = 120,
    stdin_path: str = "",
    endless: bool = False,
    prelude: str = "",
    preload: tuple[str, ...] | None = None,
) -> Forked:
    """`python -m riskrules ARGS` in `cwd` with the environment `env` (this process's by
    default), `stdin` (or the file at `stdin_path`, /dev/zero as well; `endless`: again and
    again, for as long as it reads) through a pipe (else /dev/null), at most `memory` bytes of
    address space (0: no limit) and `seconds` of wall time: a child of this run's server.
    `prelude`, Python code, runs in the child first (a test's hook into the command);
    `preload` names the server's libraries where the command's own (_PRELOAD) are not wanted
    (`()`: the plain server's, the command line, the game and the built-ins only)."""
    global CPU_FORKED
    done = _server_for(args, preload).run(
        *args,
        cwd=cwd,
        stdin=stdin,
        env=env,
        memory=memory,
        seconds=seconds,
        stdin_path=stdin_path,
        endless=endless,
        prelude=prelude,
    )
    CPU_FORKED += done.cpu
    return done
