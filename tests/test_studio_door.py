"""The studio's door from outside: the addresses it answers on (IPv6's loopback too), and that
slow work (a PDF) leaves the other panels answering."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from riskrules.tools.studio.app import guarded
from riskrules.tools.studio.security import Door

HOUSE = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'


def _ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


def test_ipv6s_loopback_is_written_in_brackets_and_let_in(tmp_path: Path) -> None:
    door = Door("t", host="::1", port=8123)
    assert door.url() == "http://[::1]:8123/s/t/"
    client = TestClient(guarded(tmp_path, door), base_url="http://[::1]:8123/s/t")
    assert client.get("/").status_code == 200  # Host: [::1]:8123, as a browser sends it
    assert client.get("/", headers={"origin": "http://[::1]:8123"}).status_code == 200
    for host in ("::1:8123", "[::1]:8124", "[::2]:8123"):
        assert client.get("/", headers={"host": host}).status_code == 403, host


@pytest.mark.skipif(not _ipv6(), reason="this machine has no IPv6 loopback")
def test_the_studio_started_on_ipv6s_loopback_prints_an_address_that_works(
    tmp_path: Path,
) -> None:
    script = Path(sys.executable).parent / "riskrules"
    command = [str(script), "studio", str(tmp_path), "--no-browser", "--host", "::1"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        printed = process.stdout.readline() + process.stdout.readline()
        found = re.search(r"Open (http://\[::1\]:\d+/s/[\w-]+/)", printed)
        assert found, printed
        with urllib.request.urlopen(found.group(1), timeout=30) as answer:
            assert answer.status == 200 and "riskrules studio" in answer.read().decode()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(found.group(1).split("/s/")[0] + "/", timeout=30)
        assert refused.value.code == 403
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "warning" not in err and "Traceback" not in err  # ::1 is this computer only
