"""One snapshot of a text (issue 43): a text is parsed and checked once, and every panel of the
studio, and every answer of the language server, reads that one snapshot.

The parses and checks are counted on the real code, in this process: a profile hook (Python's
own `sys.setprofile`, for every thread) sees each call of the grammar's parse
(`syntax.parse_tree`) and check (`check.check_all`) entry points, with the file each is for;
nothing of the product is replaced or patched."""

from __future__ import annotations

import json
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from riskrules.grammar import check, syntax

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from riskrules.tools.studio.app import guarded
from riskrules.tools.studio.security import Door

PORT = 8123
ORIGIN = f"http://127.0.0.1:{PORT}"
HOUSE = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'


@dataclass
class Counts:
    """Parses and checks seen, by the file they were of."""

    parses: Counter[str] = field(default_factory=Counter)
    checks: Counter[str] = field(default_factory=Counter)
    check_runs: int = 0  # one run checks the text and the built-ins its rulesets extend


@contextmanager
def counted() -> Iterator[Counts]:
    counts = Counts()
    parse, check_all = syntax.parse_tree.__code__, check.check_all.__code__

    def seen(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        if frame.f_code is parse:
            counts.parses[frame.f_locals["path"]] += 1
        elif frame.f_code is check_all:
            counts.check_runs += 1
            for rules_file in list(frame.f_locals["files"]):
                counts.checks[rules_file.path] += 1

    threading.setprofile(seen)  # the threads a request runs in
    sys.setprofile(seen)
    try:
        yield counts
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]


def client(folder: Path) -> TestClient:
    door = Door("right-token", port=PORT)
    return TestClient(guarded(folder, door), base_url=ORIGIN + door.root)


def panels(c: TestClient, query: dict[str, str]) -> None:
    """What the page asks for when the rules changed (`rules-changed`): the sheet's panel, the
    sheet in its frame, the diff and the odds."""
    panel = c.get("/sheetpanel", params=query)
    assert panel.status_code == 200
    lang = panel.text.split('aria-pressed="true"')[0].rsplit("lang=", 1)[1].split('"')[0]
    for path, params in (
        ("/sheet", {**query, "lang": lang}),
        ("/diff", query),
        ("/odds", query),
    ):
        answer = c.get(path, params=params)
        assert answer.status_code == 200, path


def test_a_rule_changed_through_the_form_is_parsed_and_checked_once(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    path = str(tmp_path / "a.rules")
    c = client(tmp_path)
    assert c.get("/edit", params={"file": "a.rules"}).status_code == 200
    panels(c, {"file": "a.rules"})
    with counted() as counts:
        changed = c.post(
            "/rule",
            data={"file": "a.rules", "rule": "reinforcements.minimum", "value": "4", "set": "1"},
        )
        panels(c, {"file": "a.rules"})
    assert "override reinforcements.minimum: 4" in changed.text
    assert "Fewest reinforcements a turn" in c.get("/diff", params={"file": "a.rules"}).text
    assert counts.parses[path] <= 1, counts
    assert counts.checks[path] <= 1, counts
    assert counts.check_runs <= 1, counts
    assert set(counts.checks) <= {path}, counts  # the built-ins' checks are read, not redone


def test_a_pause_in_typing_is_parsed_and_checked_once(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    path = str(tmp_path / "a.rules")
    c = client(tmp_path)
    c.get("/edit", params={"file": "a.rules"})
    typed = HOUSE.replace("attacker", "defender")
    with counted() as counts:
        answer = c.post("/text", data={"file": "a.rules", "text": typed})
        assert "text-changed" in answer.headers["hx-trigger"]
        assert c.get("/form", params={"file": "a.rules"}).status_code == 200
        panels(c, {"file": "a.rules"})
    assert "forsvareren" in c.get("/sheet", params={"file": "a.rules"}).text
    assert counts.parses[path] <= 1, counts
    assert counts.checks[path] <= 1, counts
    assert counts.check_runs <= 1, counts
    assert set(counts.checks) <= {str(path)}, counts  # the built-ins' checks are read, not redone


class Editor:
    """An editor talking to the language server in this process: each message handed to the
    server's protocol as the transport would, each answer collected."""

    def __init__(self) -> None:
        from riskrules.tools.editor import lsp

        self.protocol = lsp.server.protocol
        self.sent: list[dict[str, Any]] = []
        self.protocol.set_writer(self, include_headers=False)
        self.send("initialize", {"processId": None, "rootUri": None, "capabilities": {}}, 1)
        self.send("initialized", {})

    def write(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        pass

    def send(self, method: str, params: dict[str, Any], ident: int | None = None) -> None:
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if ident is not None:
            message["id"] = ident
        self.protocol.handle_message(self.protocol.structure_message(message))

    def published(self, uri: str) -> list[dict[str, Any]]:
        found = [
            m["params"]["diagnostics"]
            for m in self.sent
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
        ]
        return found[-1]


def test_a_keystroke_in_the_language_server_is_parsed_and_checked_once(tmp_path: Path) -> None:
    path = tmp_path / "a.rules"
    uri = path.as_uri()
    editor = Editor()
    item = {"uri": uri, "languageId": "riskrules", "version": 1, "text": HOUSE}
    editor.send("textDocument/didOpen", {"textDocument": item})
    typo = HOUSE.replace("combat.ties", "combat.tie")
    with counted() as counts:
        editor.send(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": typo}]},
        )
        (shown,) = editor.published(uri)
        assert shown["code"] == "RR0104" and shown["range"]["start"] == {
            "line": 1,
            "character": 11,
        }
        # What an editor asks next: the quick fixes for the diagnostic, a hover.
        where = {"textDocument": {"uri": uri}, "range": shown["range"]}
        context = {"diagnostics": [shown]}
        editor.send("textDocument/codeAction", {**where, "context": context}, 2)
        position = {"line": 0, "character": 40}
        editor.send("textDocument/hover", {"textDocument": {"uri": uri}, "position": position}, 3)
    answers = {m["id"]: m for m in editor.sent if "id" in m}
    assert "combat.ties" in json.dumps(answers[2]["result"])  # the did-you-mean, as a fix
    assert "da-2006" in json.dumps(answers[3]["result"])  # the base, hovered
    assert counts.parses[str(path)] <= 1, counts
    assert counts.checks[str(path)] <= 1, counts
    assert counts.check_runs <= 1, counts
    assert set(counts.checks) <= {str(path)}, counts  # the built-ins' checks are read, not redone


def test_a_snapshot_is_made_once_per_text_and_its_rules_once_per_ruleset(tmp_path: Path) -> None:
    from riskrules.tools.service.errors import RulesetErrors
    from riskrules.tools.service.snapshot import Snapshots

    path = str(tmp_path / "a.rules")
    open_texts = Snapshots(kept=2)
    first = open_texts.of(path, HOUSE)
    assert open_texts.of(path, HOUSE) is first  # the same text: the same snapshot
    assert first.rules("family") is first.rules(path)  # by name or by file: made once
    assert first.rules("family").reinforcements(9, []) == 3  # nine territories: three armies
    broken = open_texts.of(path, HOUSE.replace("attacker", "nobody"))
    assert broken is not first and open_texts.of(path, HOUSE) is not broken
    with pytest.raises(RulesetErrors) as refused:
        broken.rules("family")
    assert [d.code for d in refused.value.diagnostics] == ["RR0202"]
    for k in range(3):  # a bounded number of open texts: the oldest is let go
        open_texts.of(str(tmp_path / f"{k}.rules"), HOUSE)
    assert open_texts.of(path, HOUSE) is not first
