"""The studio's processes as the operating system sees them: a study started from a real studio
(`riskrules studio`, a process of its own) ends within STOP seconds of the studio, whatever
signal ended the studio, even one it cannot answer (SIGKILL) or does not (SIGHUP)."""

from __future__ import annotations

import os
import signal
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from studiohelpers import studio

from helpers import NOT_HERE

pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(
        not sys.platform.startswith("linux"),
        reason=NOT_HERE + "reads /proc; the parent-death signal is Linux's",
    ),
]
HOUSE = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
STOP = 2.0  # seconds from the studio's end to the study's last process's


def _running(group: int) -> list[int]:
    """The live processes of a process group (a zombie, ended but not yet waited for by
    whoever adopted it, is not running)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()  # after the command's name, which may hold ')'
        if int(fields[2]) == group and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[-1].split()
        except OSError:
            continue
        if entry.name.isdigit() and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=str)
def test_a_study_ends_with_the_studio_whatever_ended_it(tmp_path: Path, sig: int) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    with studio(tmp_path) as running:
        form = b"file=a.rules&games=1000"
        with urllib.request.urlopen(running.root + "/study", data=form, timeout=60) as answer:
            assert "of 400 games" in answer.read().decode()  # the first look (100 a ruleset)
        began = time.monotonic()
        group = 0
        while time.monotonic() - began < 60:  # the study's process and a worker, playing
            children = _children(running.pid)
            group = children[0] if children else 0
            if group and len(_running(group)) >= 2:
                break
            time.sleep(0.1)
        assert group and len(_running(group)) >= 2, "the study never started its workers"
        time.sleep(0.5)  # into their games
        playing = _running(group)
        os.kill(running.pid, sig)
        ended = time.monotonic()
        while _running(group) and time.monotonic() - ended < 30:
            time.sleep(0.02)
        took = time.monotonic() - ended
        name = signal.Signals(sig).name
        print(f"{name}: {len(playing)} study processes ended {took:.2f} s after")
        assert not _running(group), f"still running {took:.0f} s after: {_running(group)}"
        assert took < STOP, took


@pytest.mark.limits  # a study played to its (shortened) limit: 15 s of both cores
def test_a_study_at_the_time_limit_shows_the_figures_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the limit the study stops with the seeds every ruleset finished, compared as a
    study of that many games, and says so; its processes end."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from riskrules.tools.studio import study
    from riskrules.tools.studio.app import guarded
    from riskrules.tools.studio.security import Door

    (tmp_path / "a.rules").write_text(HOUSE)
    c = TestClient(guarded(tmp_path, Door("t", port=1)), base_url="http://127.0.0.1:1/s/t")
    c.post("/study", data={"file": "a.rules", "games": "1000"})
    run = c.app.app.state.studio.studies.run  # type: ignore[attr-defined]
    began = time.monotonic()
    while run.done < 4 * 64 and time.monotonic() - began < 120:  # four chunks of 64 back
        time.sleep(0.2)
    limit = time.monotonic() - run.started  # the limit is now: it has just been reached
    monkeypatch.setattr(study, "MAX_STUDIO_SECONDS", limit)
    reached = time.monotonic()
    while not run.finished and time.monotonic() - reached < study.WRAP_UP + 10:
        time.sleep(0.2)
    took = time.monotonic() - reached
    text = c.get("/study/progress").text
    played = run.result.games if run.result is not None else 0
    print(f"limit {limit:.1f} s: stopped {took:.1f} s after, {played} games per ruleset compared")
    assert run.finished and run.timed_out and run.result is not None, text
    assert 2 <= played < 1000 and run.result.stopped is not None
    assert "reached the studio's time limit" in text and f"first {played} games" in text
    assert 'class="verdict"' in text
    assert run.group is not None and not _running(run.group)
    assert took < study.WRAP_UP


def test_what_a_person_sends_leaves_no_traceback_on_the_terminal(tmp_path: Path) -> None:
    """The studio as started, sent what a person can put in a form or an address (and what
    is no HTTP at all): every answer a page under 500, and nothing but its address and its
    stopping on the terminal."""
    import socket
    import subprocess
    import urllib.error

    (tmp_path / "a.rules").write_text(HOUSE)
    script = Path(sys.executable).parent / "riskrules"
    command = [str(script), "studio", str(tmp_path), "--no-browser", "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        root = ""
        while not root:
            line = process.stdout.readline()
            assert line, "the studio printed no address"
            root = line.split()[1].rstrip("/") if line.startswith("Open ") else ""
        sent = [
            ("/study", b"file=a.rules&games=%C2%B2"),  # ²
            ("/study", b"file=a.rules&games=%E2%91%A0"),  # ①
            ("/study", b"file=a.rules&games=" + b"9" * 5000),
            ("/study", b"file=a.rules&games=&games=3&games="),
            ("/fix", b"file=a.rules&fix=%C2%B2"),
            ("/fix", b"file=a.rules&fix=" + b"9" * 5000),
            ("/rule", b"file=a.rules&rule=setup.start_armies&key=%C2%B2&cell=%E2%91%A0"),
            ("/edit?file=%ff%fe", None),
            ("/sheet.pdf?file=a.rules&lang=" + "x" * 3000, None),
        ]
        for path, body in sent:
            try:
                with urllib.request.urlopen(root + path, data=body, timeout=60) as answer:
                    status = answer.status
            except urllib.error.HTTPError as exc:
                status = exc.code
                assert "<p" in exc.read().decode()
            assert status < 500, (path, status)
        port = int(root.split(":")[2].split("/")[0])
        for raw in (b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nContent-Length: \xc2\xb2\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
                conn.sendall(raw)
                conn.recv(1000)
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err and "Exception" not in err, err
