"""The language server over stdio, spoken to in raw JSON-RPC."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from lspclient import Client
from riskrules.grammar.limits import MAX_LSP_MESSAGE

# The language server as an editor starts it: a process of its own, spoken to over its pipes.
pytestmark = pytest.mark.process


# One server for the tests of this file on a worker (its start is most of a test's time), as an
# editor keeps one for a session; each test's documents are files of its own, and each starts
# with nothing left over from the one before (Client.settle).
@pytest.fixture(scope="module")
def server() -> Any:
    c = Client()
    result = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    assert "hoverProvider" in json.dumps(result["capabilities"]) or result["capabilities"]
    c.notify("initialized", {})
    yield c
    c.close()


@pytest.fixture
def client(server: Client) -> Any:
    server.settle()
    yield server
    assert server.proc.poll() is None, "the server stopped"


HOUSE = (
    'ruleset family "Our table" extends classic {\n'
    "  override combat.ties: attacker\n"
    "  override continents.bonus: {asia: 7, north_america: 5, europe: 5, africa: 3,\n"
    "    south_america: 2, australie: 2}\n"
    "}\n"
)


def _open(client: Client, path: Path, text: str) -> str:
    uri = path.resolve().as_uri()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "riskrules", "version": 1, "text": text}},
    )
    return uri


def test_initialize_advertises_features(client: Client) -> None:
    pass  # the fixture's initialize succeeded


def test_diagnostics_for_a_broken_file(client: Client, tmp_path: Path) -> None:
    uri = _open(client, tmp_path / "family.rules", HOUSE)
    note = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert note["params"]["uri"] == uri
    codes = {d["code"] for d in note["params"]["diagnostics"]}
    assert "RR0101" in codes
    bad = next(d for d in note["params"]["diagnostics"] if d["code"] == "RR0101")
    assert bad["range"]["start"]["line"] == 3 and "australia" in bad["message"]
    # The code links to its entry in the installed docs/diagnostics.md, which holds it.
    href = bad["codeDescription"]["href"]
    assert href.startswith("file://") and href.endswith("diagnostics.md#rr0101")
    page = Path(unquote(urlparse(href).path)).read_text(encoding="utf-8")
    assert '<a id="rr0101"></a>' in page
    client.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": HOUSE.replace("australie", "australia")}],
        },
    )
    fixed = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    # No error left; the fixed table now only repeats the base's, which is worth a warning.
    assert [d["code"] for d in fixed["params"]["diagnostics"]] == ["RR0404"]


def test_hover_completion_definition(client: Client, tmp_path: Path) -> None:
    uri = _open(client, tmp_path / "family.rules", HOUSE.replace("australie", "australia"))
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    hover = client.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 14}},
    )
    text = hover["contents"]["value"]
    assert "combat.ties" in text and "attacker" in text and "classic" in text and "nl004" in text
    items = client.request(
        "textDocument/completion",
        {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 2}},
    )
    labels = {i["label"] for i in items["items"]}
    assert "fortify.reach" in labels and "kamchatka" not in labels  # a line starts with a rule
    target = client.request(
        "textDocument/definition",
        {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 14}},
    )
    assert target["uri"].endswith("/classic.rules")
    assert target["range"]["start"]["line"] > 0
    base = client.request(
        "textDocument/definition",
        {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 40}},
    )
    assert base["uri"].endswith("/classic.rules")


def test_hover_and_completion_give_a_ruleset_its_title(client: Client, tmp_path: Path) -> None:
    """A ruleset's title per language: hover shows it in English and the others after it;
    completion gives the English one, as every front end does (service.rulesets.title_in)."""
    text = 'ruleset family title {en: "Our table", da: "Vores bord"} extends classic {\n}\n'
    uri = _open(client, tmp_path / "titled.rules", text)
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    at = text.index("classic {") + 2
    hover = client.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": 0, "character": at}},
    )
    value = hover["contents"]["value"]
    assert "**ruleset classic**: Classic Risk (da: Klassisk Risk; nl: Klassiek Risk)" in value
    items = client.request(
        "textDocument/completion",
        {"textDocument": {"uri": uri}, "position": {"line": 0, "character": at}},
    )
    details = {i["label"]: i.get("detail") for i in items["items"]}
    assert details.get("da-2006") == "RISK: The Game of World Domination (Danish edition, 2006)"


def test_formatting(client: Client, tmp_path: Path) -> None:
    messy = "ruleset   family extends classic {\n      override combat.ties:attacker\n}\n"
    uri = _open(client, tmp_path / "messy.rules", messy)
    edits = client.request(
        "textDocument/formatting",
        {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}},
    )
    assert (
        edits[0]["newText"]
        == "ruleset family extends classic {\n  override combat.ties: attacker\n}\n"
    )


def test_a_request_with_bad_params_gets_an_error_reply(client: Client, tmp_path: Path) -> None:
    uri = _open(client, tmp_path / "family.rules", HOUSE)
    client.next_id += 1
    client.send(
        {
            "jsonrpc": "2.0",
            "id": client.next_id,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": -1}},
        }
    )
    reply = client.wait(lambda m: m.get("id") == client.next_id)
    assert reply["error"]["code"] == -32602
    assert "Traceback" not in json.dumps(reply) and "traceback" not in json.dumps(reply)
    # And the server goes on answering.
    assert client.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 14}},
    )


def test_hover_on_a_device_it_was_never_given(client: Client) -> None:
    # An unopened document is read from disk only if it is a regular file of bounded size.
    result = client.request(
        "textDocument/hover",
        {"textDocument": {"uri": "file:///dev/zero"}, "position": {"line": 0, "character": 0}},
    )
    assert result is None


def test_a_message_past_the_limit_is_refused_and_the_session_goes_on(
    client: Client, tmp_path: Path
) -> None:
    uri = _open(client, tmp_path / "family.rules", HOUSE)
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    # One didChange larger than the limit (a paste of 16 MB): the editor is shown why it was
    # not read, and the next request is answered.
    huge = {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": "x" * 16_000_000}],
    }
    client.notify("textDocument/didChange", huge)
    shown = client.wait(lambda m: m.get("method") == "window/showMessage")
    assert f"past the language server's limit of {MAX_LSP_MESSAGE:,}" in shown["params"]["message"]
    assert "textDocument/didChange" in shown["params"]["message"]
    hover = {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 14}}
    assert "combat.ties" in json.dumps(client.request("textDocument/hover", hover))
    # A request past the limit gets an error reply to its id.
    client.next_id += 1
    client.send({"jsonrpc": "2.0", "id": client.next_id, "method": "textDocument/hover",
                 "params": {**hover, "padding": "x" * MAX_LSP_MESSAGE}})  # fmt: skip
    reply = client.wait(lambda m: m.get("id") == client.next_id)
    assert f"past the limit of {MAX_LSP_MESSAGE:,} bytes" in reply["error"]["message"], reply
    assert "combat.ties" in json.dumps(client.request("textDocument/hover", hover))


def test_a_content_length_no_client_means_is_refused() -> None:
    from processes import run_limited

    proc = run_limited("lsp", stdin=b"Content-Length: 1000000000000\r\n\r\n{}", seconds=60)
    out, err = proc.out, proc.err
    assert "of 1,000,000,000,000 bytes, past the limit" in err and "Traceback" not in err
    assert "past the language server's limit" in out  # (the editor shows it)


def _framed(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


# Malformed messages (raw bytes), and the error code each is answered with (None: no reply,
# for a notification): every one is refused without a traceback, and the next one is served.
MALFORMED: list[tuple[bytes, int | None]] = [
    (_framed(b"{not json"), -32700),
    (_framed(b'{"jsonrpc": "2.0", "method": "x\xff"}'), -32700),
    (_framed(b"[" * 100_000), -32700),
    (_framed(b"[1, 2]"), -32600),
    (_framed(b"42"), -32600),
    (_framed(b'{"id": 7, "method": "shutdown"}'), -32600),
    (_framed(b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "textDocument/hover"}'), -32600),
    (_framed(b'{"jsonrpc": "2.0", "id": 8, "method": "foo/bar", "params": 42}'), -32600),
    (_framed(b'{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": {}}}'), None),
    (_framed(b'{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":[1]}'), -32602),
    (_framed(b'{"jsonrpc":"2.0","id":10,"method":"m","params":{"a":{"jsonrpc":1}}}'), -32600),
    (b"Content-Length: abc\r\n\r\n{}", -32600),
    (b"Content-Length: -5\r\n\r\n{}", -32600),
    (b"Content-Length: 0\r\n\r\n", -32600),
    (b"Content-Length: 2\n\n{}", -32600),
    (b"X-Junk: " + b"a" * 10_000 + b"\r\n\r\n", -32600),
    # Lines passed over by the thousand (read past in one read), then a message's header.
    (b"y\n" * 50_000 + b"content-length: 2\r\n\r\n42", -32600),
    (b"X-A: 1\r\n" * 3_000 + b" \t\r\n", -32600),  # a blank line ends it: no length
    # A message past the limit, whole (16 MB of spaces): refused unread, the session goes on.
    (_framed(b" " * (MAX_LSP_MESSAGE + 1)), -32600),
]  # fmt: skip


def test_malformed_messages_are_refused_without_a_traceback(tmp_path: Path) -> None:
    # A server of its own: the test ends the session to read all it wrote on stderr.
    client = Client()
    try:  # (killed however it ends: a session left running holds the run's end)
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        uri = _open(client, tmp_path / "family.rules", HOUSE)
        hover = {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 14}}
        for raw, code in MALFORMED:
            client.send_raw(raw)
            if code is not None:
                reply = client.wait(lambda m: "error" in m)
                assert reply["error"]["code"] == code, (raw[:80], reply)
            served = json.dumps(client.request("textDocument/hover", hover))
            assert "combat.ties" in served, raw[:80]  # the next request is answered
        nul = {
            "textDocument": {"uri": "file:///a%00b.rules"},
            "position": {"line": 0, "character": 0},
        }
        assert client.request("textDocument/hover", nul) is None  # not an internal error
        client.next_id += 1
        command = {"command": "nope", "arguments": []}
        client.send({"jsonrpc": "2.0", "id": client.next_id, "method": "workspace/executeCommand",
                     "params": command})  # fmt: skip
        assert client.wait(lambda m: m.get("id") == client.next_id)["error"]["code"] == -32602
        client.close()  # (its shutdown request answered, then exit)
        assert client.proc.returncode == 0  # the session ended as the editor asked
        err = client.proc.stderr.read().decode()  # type: ignore[union-attr]
        assert "Traceback" not in err and err.count("riskrules lsp: refused") >= len(MALFORMED), err
        assert f"past the limit of {MAX_LSP_MESSAGE:,} bytes" in err, err
    finally:
        client.proc.kill()


def test_a_very_long_expression_gets_its_diagnostic(client: Client, tmp_path: Path) -> None:
    terms = " + ".join(["territories"] * 500)
    text = f"ruleset long extends classic {{\n  override reinforcements.territories: {terms}\n}}\n"
    _open(client, tmp_path / "long.rules", text)
    note = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert [d["code"] for d in note["params"]["diagnostics"]] == ["RR0004"]


def _labels(client: Client, uri: str, line: int, character: int) -> set[str]:
    items = client.request(
        "textDocument/completion",
        {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
    )
    return {i["label"] for i in items["items"]}


def test_completion_offers_what_fits_where_the_cursor_is(client: Client, tmp_path: Path) -> None:
    text = (
        'ruleset family "Our table" extends classic {\n'
        "  override combat.ties: \n"
        "  override continents.bonus: {asia: 7, }\n"
        "  combat {\n"
        "    \n"
        "  }\n"
        "  override \n"
        "}\n"
        'ruleset other "Other" extends \n'
    )
    uri = _open(client, tmp_path / "family.rules", text)
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert _labels(client, uri, 1, 24) == {"attacker", "defender"}  # the rule's own words
    assert {"europe", "australia"} <= _labels(client, uri, 2, 39)  # a continent table
    assert "kamchatka" not in _labels(client, uri, 2, 39)
    in_group = _labels(client, uri, 4, 4)  # inside `combat {`: the group's rules, short
    assert {"ties", "attacker.dice", "loss_cap"} <= in_group and "fortify.reach" not in in_group
    overrides = _labels(client, uri, 6, 11)  # after `override`: what the base sets
    assert "combat.ties" in overrides and "combat.loss_cap" not in overrides
    assert {"classic", "da-2006"} <= _labels(client, uri, 8, 38)  # after `extends`


def test_quick_fixes_from_the_diagnostics(client: Client, tmp_path: Path) -> None:
    text = (
        'ruleset family "Our table" extends classic {\n'
        "  override combat.ties: attackr\n"
        "  override combat.loss_cap: 2\n"
        "}\n"
    )
    uri = _open(client, tmp_path / "family.rules", text)
    note = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    diagnostics = note["params"]["diagnostics"]
    actions = client.request(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 1, "character": 0}, "end": {"line": 3, "character": 0}},
            "context": {"diagnostics": diagnostics},
        },
    )
    titles = [a["title"] for a in actions]
    assert "Change to 'attacker'" in titles
    drop = next(a for a in actions if a["title"].startswith("Drop 'override'"))
    (edit,) = drop["edit"]["changes"][uri]
    assert edit["newText"] == "" and edit["range"]["start"] == {"line": 2, "character": 2}
    assert edit["range"]["end"] == {"line": 2, "character": 11}


def test_hover_escapes_what_the_author_wrote(client: Client, tmp_path: Path) -> None:
    """Hover is Markdown: a title, a manual's title or an anchor holding HTML or Markdown is
    shown as written (escaped), never run as a link, code or a heading."""
    text = (
        'source hx "h.txt" language en title "<script>alert(1)</script> `code`"\n'
        'ruleset mine "# heading [x](javascript:alert(1)) | a | b |" extends classic {\n'
        "  override fortify.moves: 2\n"
        '    cite hx page 3 "<img src=x> [x](javascript:alert(1))"\n'
        "}\n"
    )
    uri = _open(client, tmp_path / "mine.rules", text)
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    shown = []
    for line, character in ((2, 12), (1, 10), (0, 8)):  # the rule, the ruleset, the source
        hover = client.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )
        shown.append(hover["contents"]["value"])
    rule, ruleset, source = shown
    assert "&lt;img src=x&gt; \\[x\\](javascript:alert(1))" in rule, rule
    assert "\\# heading \\[x\\](javascript:alert(1)) \\| a \\| b \\|" in ruleset, ruleset
    assert "&lt;script&gt;alert(1)&lt;/script&gt; \\`code\\`" in source, source
    for raw in ("<img", "<script", "[x](", "| a | b |", "`code`"):
        assert all(raw not in part for part in shown), raw


def test_a_missing_override_gets_a_quick_fix_that_adds_it(client: Client, tmp_path: Path) -> None:
    text = 'ruleset family "Our table" extends classic {\n  combat.ties: attacker\n}\n'
    uri = _open(client, tmp_path / "family.rules", text)
    note = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    diagnostics = note["params"]["diagnostics"]
    assert [d["code"] for d in diagnostics] == ["RR0401"]
    actions = client.request(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 1, "character": 0}, "end": {"line": 2, "character": 0}},
            "context": {"diagnostics": diagnostics},
        },
    )
    (add,) = actions
    assert add["title"] == "Add 'override'" and add["isPreferred"]
    (edit,) = add["edit"]["changes"][uri]
    assert edit["range"]["start"] == {"line": 1, "character": 2}
    assert edit["newText"] == "override combat.ties"
    fixed = text.replace("  combat.ties", "  override combat.ties")
    client.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]},
    )
    clean = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert clean["params"]["diagnostics"] == []


def test_hover_on_the_base_ruleset_is_its_title(client: Client, tmp_path: Path) -> None:
    """`extends classic`: the base's title, with no stray word after it; a base that extends
    another names its chain."""
    text = 'ruleset family "Our table" extends classic {\n}\nruleset two extends da-2006 {\n}\n'
    uri = _open(client, tmp_path / "family.rules", text)
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    shown = []
    for line, character in ((0, 38), (2, 23)):
        hover = client.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )
        shown.append(hover["contents"]["value"])
    assert shown[0] == "**ruleset classic**: Classic Risk (da: Klassisk Risk; nl: Klassiek Risk)"
    assert shown[1].startswith("**ruleset da-2006**: RISK: The Game of World Domination")
    assert "(da: RISK: Spillet om verdensherredømmet (2006); nl: " in shown[1]
    assert shown[1].endswith("\n\nextends classic")


def test_a_half_typed_line_keeps_the_other_diagnostics(client: Client, tmp_path: Path) -> None:
    """As the author types a line, the diagnostics of every other line stay published, and
    the unfinished line's own error is on that line (not on the next rule's)."""
    whole = (
        'ruleset family "Our table" extends classic {\n'
        "  override combat.ties: attacke\n"
        "  override fortify.reach: adjacent\n"
        "  override continents.bonus: {asia: 7, europ: 5}\n"
        "}\n"
    )
    uri = _open(client, tmp_path / "family.rules", whole)
    first = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    before = sorted(
        (d["code"], d["range"]["start"]["line"]) for d in first["params"]["diagnostics"]
    )
    assert ("RR0202", 1) in before and ("RR0101", 3) in before
    typing = ("override fortify.re", "override fortify.reach:", "override fortify.reach: 1 ..")
    for version, typed in enumerate(typing, 2):
        half = whole.replace("override fortify.reach: adjacent", typed)
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": half}]},
        )
        note = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        now = sorted(
            (d["code"], d["range"]["start"]["line"]) for d in note["params"]["diagnostics"]
        )
        assert ("RR0202", 1) in now and ("RR0101", 3) in now, (typed, now)
        assert any(code == "RR0001" and line == 2 for code, line in now), (typed, now)


def test_a_danish_client_gets_danish_messages_and_fixes(tmp_path: Path) -> None:
    """The client's locale (initialize params) chooses the language: the messages, the quick
    fixes' titles and the code's page (docs/diagnostics.da.md) are Danish."""
    c = Client()
    try:
        params = {"processId": None, "rootUri": None, "capabilities": {}, "locale": "da-DK"}
        c.request("initialize", params)
        c.notify("initialized", {})
        text = (
            'ruleset family "Vores bord" extends classic {\n  override combat.ties: angriber\n}\n'
        )
        uri = _open(c, tmp_path / "family.rules", text)
        note = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        (said,) = [d for d in note["params"]["diagnostics"] if d["code"] == "RR0202"]
        assert "'angriber' er dansk for 'attacker'" in said["message"], said["message"]
        assert "mente du 'attacker'?" in said["message"]
        href = said["codeDescription"]["href"]
        assert href.endswith("diagnostics.da.md#rr0202")
        page = Path(unquote(urlparse(href).path)).read_text(encoding="utf-8")
        assert '<a id="rr0202"></a>' in page and "dansk" in page
        actions = c.request(
            "textDocument/codeAction",
            {
                "textDocument": {"uri": uri},
                "range": {"start": {"line": 1, "character": 0}, "end": {"line": 2, "character": 0}},
                "context": {"diagnostics": [said]},
            },
        )
        assert "Ret til 'attacker'" in [a["title"] for a in actions]
    finally:
        c.close()
