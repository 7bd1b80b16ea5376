"""The studio's routes and its door, through Starlette's TestClient (no server, no browser):
who may come in (the token, Host, Origin, Referer), which files it may touch, how long a body
may be, and that whatever a person types gets a page in plain words, never a traceback."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from helpers import ROOT

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from riskrules.grammar.limits import MAX_STUDIO_BODY
from riskrules.tools.studio.app import guarded
from riskrules.tools.studio.drafts import BadName, Folder
from riskrules.tools.studio.security import Door

PORT = 8123
ORIGIN = f"http://127.0.0.1:{PORT}"
MINE = "/s/right-token"  # the token's path, every address of the studio under it
HOUSE = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'


def client(folder: Path, token: str = "right-token") -> TestClient:
    """The studio's own browser: every address under the token's path, as printed."""
    door = Door(token, port=PORT)
    return TestClient(
        guarded(folder, door), base_url=ORIGIN + door.root, raise_server_exceptions=False
    )


def _draft(folder: Path, name: str) -> str:
    """The text of the draft the studio keeps of `name` (without the line saying its version)."""
    found = Folder.of(folder).draft(name)
    assert found is not None, f"no draft of {name}"
    return found


def _said_version(page: str) -> str:
    """The version of the file a page's Overwrite (or Replace) button replaces."""
    found = re.search(r"&#34;overwrite&#34;: &#34;(\w+)&#34;|\"overwrite\": \"(\w+)\"", page)
    assert found is not None, page
    return found.group(1) or found.group(2)


def stranger(folder: Path) -> TestClient:
    """Anyone else: the right host and port, without the token."""
    return TestClient(guarded(folder, Door("right-token", port=PORT)), base_url=ORIGIN)


# ----------------------------------------------------------------------------------- the door


def test_a_post_without_the_token_writes_nothing(tmp_path: Path) -> None:
    answer = stranger(tmp_path).post("/new", data={"base": "da-2006"})
    assert answer.status_code == 403
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("host", ["evil.example:8123", "127.0.0.1:9999", "attacker.test"])
def test_a_foreign_host_is_refused(tmp_path: Path, host: str) -> None:
    # DNS rebinding: a site's name resolving to 127.0.0.1 still sends its own Host.
    answer = client(tmp_path).get("/", headers={"host": host})
    assert answer.status_code == 403 and "another address" in answer.text


def test_localhost_is_the_studio_too(tmp_path: Path) -> None:
    assert client(tmp_path).get("/", headers={"host": f"localhost:{PORT}"}).status_code == 200


@pytest.mark.parametrize(
    "header", [{"origin": "http://evil.example"}, {"referer": "http://evil.example/page"}]
)
def test_a_foreign_origin_or_referer_is_refused(tmp_path: Path, header: dict[str, str]) -> None:
    answer = client(tmp_path).post("/new", data={"base": "da-2006"}, headers=header)
    assert answer.status_code == 403 and "another web site" in answer.text
    assert list(tmp_path.iterdir()) == []


def test_the_studios_own_origin_is_welcome(tmp_path: Path) -> None:
    answer = client(tmp_path).post(
        "/new", data={"base": "da-2006"}, headers={"origin": ORIGIN}, follow_redirects=False
    )
    assert answer.status_code == 303


def test_an_oversized_body_is_refused_unread(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    big = "#" * (MAX_STUDIO_BODY + 1)
    answer = client(tmp_path).post("/text", data={"file": "a.rules", "text": big})
    assert answer.status_code == 413 and "too long" in answer.text
    assert not (tmp_path / ".a.rules.draft").exists()


def test_every_page_says_where_its_scripts_may_come_from(tmp_path: Path) -> None:
    answer = client(tmp_path).get("/")
    assert "script-src 'self';" in answer.headers["content-security-policy"]  # no inline one
    assert stranger(tmp_path).get("/").headers["x-content-type-options"] == "nosniff"
    # The sheet's page allows the one inline script it carries (its print fitting), by the
    # hash of the text it serves, and no other.
    import base64
    import hashlib

    (tmp_path / "a.rules").write_text(HOUSE)
    sheet = client(tmp_path).get("/sheet", params={"file": "a.rules"})
    inline = re.findall(r"<script>(.*?)</script>", sheet.text, re.S)
    assert len(inline) == 1 and "beforeprint" in inline[0]
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    policy = sheet.headers["content-security-policy"]
    assert f"script-src 'self' 'sha256-{digest}';" in policy and "frame-ancestors 'self'" in policy


# ---------------------------------------------------------------------------------- the files


@pytest.mark.parametrize(
    "name",
    ["../outside.rules", "/etc/passwd", "sub/a.rules", "..", "notes.txt", ".hidden.rules", ""],
)
def test_a_path_out_of_the_folder_is_refused(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (tmp_path / "outside.rules").write_text(HOUSE)
    answer = client(folder).get("/edit", params={"file": name})
    assert answer.status_code == 400
    assert "Traceback" not in answer.text and "That did not work" in answer.text
    saved = client(folder).post("/save", data={"file": "x.rules", "name": name})
    assert saved.status_code == 400
    assert (tmp_path / "outside.rules").read_text() == HOUSE


def test_a_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (tmp_path / "secret.rules").write_text(HOUSE)
    os.symlink(tmp_path / "secret.rules", folder / "link.rules")
    answer = client(folder).get("/edit", params={"file": "link.rules"})
    assert answer.status_code == 400 and "link" in answer.text
    assert "link.rules" not in client(folder).get("/").text
    with pytest.raises(BadName):
        Folder.of(folder).file("link.rules")


# ------------------------------------------------------------------------ the pages and panels


def test_start_offers_the_bases_the_files_and_the_examples(tmp_path: Path) -> None:
    (tmp_path / "family.rules").write_text(HOUSE)
    page = client(tmp_path).get("/").text
    assert 'value="da-2006"' in page and "Spillet om verdensherredømmet" in page  # its title
    assert "Kommandomanual (Hasbro Nordic, 2006)" in page  # and its manual
    assert "family.rules" in page
    assert 'value="attacker-wins-ties"' in page  # an example


def test_starting_from_a_base_keeps_a_draft_and_opens_the_editor(tmp_path: Path) -> None:
    c = client(tmp_path)
    answer = c.post("/new", data={"base": "da-2006"}, follow_redirects=False)
    assert answer.headers["location"] == MINE + "/edit?file=da-2006-house.rules"
    assert "extends da-2006" in _draft(tmp_path, "da-2006-house.rules")
    assert not (tmp_path / "da-2006-house.rules").exists()  # nothing saved until Save
    assert "extends da-2006" in c.get(ORIGIN + answer.headers["location"]).text
    assert "da-2006-house.rules" in c.get("/").text  # offered back on the next start


def test_a_typo_is_shown_at_its_line_and_column_with_the_checkers_code(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    typo = HOUSE.replace("combat.ties", "combat.tie")
    answer = client(tmp_path).post("/text", data={"file": "a.rules", "text": typo})
    assert answer.status_code == 200 and "rules-changed" in answer.headers["hx-trigger"]
    assert "line 2, column 12" in answer.text and "RR0104" in answer.text
    assert "did you mean &#39;combat.ties&#39;?" in answer.text
    assert _draft(tmp_path, "a.rules") == typo  # kept before anything else
    assert (tmp_path / "a.rules").read_text() == HOUSE


def test_the_sheet_follows_the_text_in_each_language(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    danish = c.get("/sheet", params={"file": "a.rules"}).text
    assert "uafgjort vinder angriberen" in danish  # the manual's language first
    english = c.get("/sheet", params={"file": "a.rules", "lang": "en"}).text
    assert "equal dice the attacker" in english
    c.post("/text", data={"file": "a.rules", "text": HOUSE.replace("attacker", "defender")})
    assert "uafgjort vinder forsvareren" in c.get("/sheet", params={"file": "a.rules"}).text


def test_a_sheet_of_broken_rules_says_why(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE.replace("attacker", "nobody"))
    answer = client(tmp_path).get("/sheet", params={"file": "a.rules"})
    assert answer.status_code == 200 and "No sheet yet" in answer.text


def test_the_diff_and_the_odds_show_the_change(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    diff = c.get("/diff", params={"file": "a.rules"}).text
    # Each change as the sheet's sentence for the base and the house rule: no rule id, no
    # rules language.
    assert "Equal dice" in diff and "equal dice the attacker" in diff
    assert "equal dice the defender" in diff and "combat.ties" not in diff
    # The base's citation: its manual by its title, the page, the anchor's words; no ids.
    assert "Kommandomanual, p. 6: “" in diff and "da000" not in diff
    base_title = "RISK: The Game of World Domination (Danish edition, 2006)"
    assert f"<dt>{base_title}</dt>" in diff and "<dt>da-2006</dt>" not in diff
    odds = c.get("/odds", params={"file": "a.rules"}).text
    assert odds.count("<table") == 2 and base_title in odds and "Our table" in odds
    assert "<caption>da-2006" not in odds


def test_the_pdf_is_a_download(tmp_path: Path) -> None:
    pytest.importorskip("weasyprint")
    (tmp_path / "a.rules").write_text(HOUSE)
    answer = client(tmp_path).get("/sheet.pdf", params={"file": "a.rules"})
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    assert 'filename="a.da.pdf"' in answer.headers["content-disposition"]


def test_save_never_overwrites_another_file_without_asking(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    (tmp_path / "b.rules").write_text("# mine\n")
    c = client(tmp_path)
    asked = c.post("/save", data={"file": "a.rules", "name": "b.rules"})
    assert "exists already" in asked.text and (tmp_path / "b.rules").read_text() == "# mine\n"
    over = _said_version(asked.text)  # the button says which b.rules it replaces
    (tmp_path / "b.rules").write_text("# mine, changed since the question\n")
    again = c.post("/save", data={"file": "a.rules", "name": "b.rules", "overwrite": over})
    assert "exists already" in again.text  # asked again: not the file the question was about
    assert (tmp_path / "b.rules").read_text() == "# mine, changed since the question\n"
    over = _said_version(again.text)
    done = c.post("/save", data={"file": "a.rules", "name": "b.rules", "overwrite": over})
    assert done.status_code == 200 and (tmp_path / "b.rules").read_text() == HOUSE
    assert done.headers["hx-redirect"] == MINE + "/edit?file=b.rules"


def test_save_writes_the_draft_and_forgets_it(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    changed = HOUSE.replace("attacker", "defender")
    c.post("/text", data={"file": "a.rules", "text": changed})
    assert "draft you left unsaved" in c.get("/edit", params={"file": "a.rules"}).text
    answer = c.post("/save", data={"file": "a.rules", "name": "a.rules"})
    assert "Saved as a.rules" in answer.text
    assert (tmp_path / "a.rules").read_text() == changed
    assert not (tmp_path / ".a.rules.draft").exists()


def test_the_page_speaks_the_readers_language(tmp_path: Path) -> None:
    c = client(tmp_path)
    c.post("/language", data={"lang": "da", "back": "/"})
    assert "Start fra et trykt spil" in c.get("/").text
    c.post("/language", data={"lang": "nl", "back": "/"})
    assert "Begin bij een gedrukt spel" in c.get("/").text
    assert "Start from a printed game" in client(tmp_path).get("/").text


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("get", "/edit?file=missing.rules", None),
        ("get", "/nowhere", None),
        ("post", "/new", {}),
        ("post", "/new", {"base": "no-such-base"}),
        ("post", "/study", {"file": "a.rules", "games": "many"}),
        ("post", "/study", {"file": "a.rules", "games": "999999"}),
        ("post", "/study", {"file": "a.rules", "games": "²"}),  # issue 42: each was a 500
        ("post", "/study", {"file": "a.rules", "games": "①"}),
        ("post", "/study", {"file": "a.rules", "games": "9" * 5000}),
        ("post", "/fix", {"file": "a.rules", "fix": "²"}),
        ("post", "/study", {"file": "a.rules", "scheduler": "not an address"}),
        ("post", "/fix", {"file": "a.rules", "fix": "7"}),
        ("get", "/study/report", None),
        ("get", "/sheet.pdf?file=broken.rules", None),
        ("post", "/save", {"file": "a.rules", "name": "///"}),
        ("post", "/title", {"file": "a.rules", "title": "x" * 5000}),
        ("post", "/part", {"file": "a.rules", "part": "dragons", "source": "da-2006-teams"}),
        ("post", "/part", {"file": "a.rules", "part": "teams", "source": "nobody"}),
        ("post", "/rule", {"file": "a.rules", "rule": "cards.trade_values", "trade_kind": "x"}),
        (
            "post",
            "/rule",
            {"file": "a.rules", "rule": "combat.ties", "value": "attacker", "note": "x" * 5000},
        ),
    ],
)
def test_what_a_person_can_type_gets_a_page_not_a_traceback(
    tmp_path: Path, method: str, path: str, data: dict[str, str] | None
) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    (tmp_path / "broken.rules").write_text("ruleset {")
    c = client(tmp_path)
    answer = c.get(path) if method == "get" else c.post(path, data=data or {})
    assert answer.status_code in (200, 400, 404)
    assert "Traceback" not in answer.text and "Internal Server Error" not in answer.text
    assert "<p" in answer.text  # words in a page


# ------------------------------------------------------------- the real server, as started


@pytest.mark.process
def test_the_started_studio_refuses_every_stranger(tmp_path: Path) -> None:
    """Journey (d) against the command as a user runs it: no token, a path out of the folder,
    a foreign Origin, a foreign Host and an oversized body are each refused."""
    import urllib.error
    import urllib.request

    from studiohelpers import studio

    (tmp_path / "a.rules").write_text(HOUSE)

    def status(path: str, data: bytes | None = None, **headers: str) -> tuple[int, str]:
        request = urllib.request.Request(url + path, data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    with studio(tmp_path) as running:
        url = running.origin
        mine = running.url.rstrip("/")
        assert status(mine.removeprefix(url) + "/")[0] == 200
        assert status("/")[0] == 403  # no token
        assert status("/edit?file=a.rules")[0] == 403
        mine = mine.removeprefix(url)
        assert status(f"{mine}/edit?file=..%2Fa.rules")[0] == 400
        assert status(f"{mine}/edit?file=%2Fetc%2Fpasswd")[0] == 400
        posted = b"base=da-2006"
        foreign = status(f"{mine}/new", posted, Origin="http://evil.example")
        assert foreign[0] == 403 and "another web site" in foreign[1]
        assert status(f"{mine}/", Host=f"evil.example:{running.port}")[0] == 403
        body = b"file=a.rules&text=" + b"x" * (MAX_STUDIO_BODY + 10)
        assert status(f"{mine}/text", body)[0] == 413
        assert sorted(p.name for p in tmp_path.iterdir()) == ["a.rules"]  # nothing written


def test_a_folder_that_is_not_there_is_a_usage_error(tmp_path: Path) -> None:
    from helpers import run_cli

    result = run_cli("studio", str(tmp_path / "missing"), "--no-browser")
    assert result.code == 2 and "is not a folder" in result.err


def _group_gone(group: int | None) -> bool:
    """No process of the study's group is left (its own, the lab's workers)."""
    assert group is not None
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


def _members(group: int) -> list[int]:
    """The processes of a process group (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except (OSError, ValueError):
            continue
        fields = stat.rsplit(")", 1)[-1].split()  # after the command's name, which may hold ')'
        if entry.name.isdigit() and int(fields[2]) == group:
            found.append(int(entry.name))
    return found


def _stopped_within(c: TestClient, seconds: float) -> tuple[str, float]:
    import time

    began = time.monotonic()
    while time.monotonic() - began < 60:
        answer = c.get("/study/progress")
        if answer.status_code == 286:  # finished: htmx stops polling
            return answer.text, time.monotonic() - began
        time.sleep(0.1)
    raise AssertionError(f"the study still ran {seconds} s after it was told to stop")


def test_a_study_runs_one_at_a_time_and_cancel_stops_it_at_once(tmp_path: Path) -> None:
    """Cancel ends the study's processes (its own and the lab's workers) within a few seconds,
    even in the middle of the games its workers hold."""
    import time

    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    started = c.post("/study", data={"file": "a.rules"})  # the default: in stages, to 1,000
    assert "Playing up to 100 games per ruleset (look 1 of 4)" in started.text
    assert "of 400 games" in started.text and "study-cancel" in started.text  # two strengths
    again = c.post("/study", data={"file": "a.rules", "games": "10"})
    assert "A study is running already" in again.text
    run = c.app.app.state.studio.studies.run  # type: ignore[attr-defined]
    began = time.monotonic()  # the study's process starts in a thread of the studio
    while run.group is None and time.monotonic() - began < 30:
        time.sleep(0.05)
    assert run.group is not None
    began = time.monotonic()  # until a worker is playing (the study's process and one more)
    while len(_members(run.group)) < 2 and time.monotonic() - began < 30:
        time.sleep(0.1)
    time.sleep(0.5)  # into their games
    assert len(_members(run.group)) >= 2 and not _group_gone(run.group)
    c.post("/study/cancel")
    text, took = _stopped_within(c, 5)
    assert "The study was cancelled." in text
    assert took < 5, took
    assert _group_gone(run.group)


def test_the_time_limit_stops_a_study(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from riskrules.tools.studio import study

    monkeypatch.setattr(study, "MAX_STUDIO_SECONDS", 2)
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    c.post("/study", data={"file": "a.rules", "games": "1000"})
    run = c.app.app.state.studio.studies.run  # type: ignore[attr-defined]
    text, took = _stopped_within(c, 2 + 5)
    # At the limit the page shows the figures of the seeds every ruleset finished, or says the
    # study took too long when fewer than two were (which one depends on the machine's speed).
    if run.result is None:
        assert "The study took too long and was stopped." in text
    else:
        assert "reached the studio's time limit" in html.unescape(text)
    assert took < 2 + 5, took
    assert _group_gone(run.group)


@pytest.mark.process
def test_listening_beyond_this_machine_is_warned_of(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = Path(sys.executable).parent / "riskrules"
    command = [str(script), "studio", str(tmp_path), "--no-browser", "--host", "127.0.0.2"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None and process.stdout is not None
        warning = process.stderr.readline()
        assert warning.startswith("warning: listening on 127.0.0.2, not 127.0.0.1")
        assert "http://127.0.0.2:" in process.stdout.readline() + process.stdout.readline()
    finally:
        process.kill()
        process.wait()


# ------------------------------------------------------------------ the draft a closed tab sends


def test_the_closing_tabs_beacon_keeps_the_draft(tmp_path: Path) -> None:
    """What the page sends as it is closed (studio.js, a beacon to /draft) is the file's
    draft; the text of the saved file leaves no draft behind."""
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    typed = HOUSE.replace("attacker", "defender")
    answer = c.post("/draft", data={"file": "a.rules", "text": typed}, headers={"origin": ORIGIN})
    assert answer.status_code == 204
    assert _draft(tmp_path, "a.rules") == typed
    assert (tmp_path / "a.rules").read_text() == HOUSE  # nothing saved
    assert "defender" in c.get("/edit", params={"file": "a.rules"}).text
    c.post("/draft", data={"file": "a.rules", "text": HOUSE})  # typed back to the saved text
    assert not (tmp_path / ".a.rules.draft").exists()
    assert c.post("/draft", data={"file": "a.rules"}).status_code == 400  # no text: nothing kept
    assert (tmp_path / "a.rules").read_text() == HOUSE


@pytest.mark.parametrize(
    ("who", "name", "headers", "status"),
    [
        ("stranger", "a.rules", {}, 403),
        ("client", "a.rules", {"origin": "http://evil.example"}, 403),
        ("client", "../a.rules", {}, 400),
        ("client", ".a.rules.draft", {}, 400),
    ],
)
def test_the_draft_route_keeps_the_door(
    tmp_path: Path, who: str, name: str, headers: dict[str, str], status: int
) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "a.rules").write_text(HOUSE)
    visitor = stranger(folder) if who == "stranger" else client(folder)
    answer = visitor.post("/draft", data={"file": name, "text": "# nothing\n"}, headers=headers)
    assert answer.status_code == status
    assert sorted(p.name for p in folder.iterdir()) == ["a.rules"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules"]


def test_the_draft_route_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    big = "#" * (MAX_STUDIO_BODY + 1)
    answer = client(tmp_path).post("/draft", data={"file": "a.rules", "text": big})
    assert answer.status_code == 413
    assert not (tmp_path / ".a.rules.draft").exists()


# ------------------------------------------------------------------------- the rule form


def _field(page: str, rule: str) -> str:
    start = page.index(f'data-rule="{rule}"')
    return page[start : page.index("</form>", start)]


def test_a_rule_the_base_sets_shows_its_value_from_the_base_and_a_change_overrides(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.rules").write_text(HOUSE)
    c = client(tmp_path)
    inherited = _field(c.get("/form", params={"file": "a.rules"}).text, "reinforcements.minimum")
    assert 'value="3"' in inherited and "from the base" in inherited  # da-2006's 3, marked
    assert "from the base" not in _field(c.get("/form?file=a.rules").text, "combat.ties")
    changed = c.post(
        "/rule",
        data={"file": "a.rules", "rule": "reinforcements.minimum", "value": "4", "set": "1"},
    )
    assert "override reinforcements.minimum: 4" in _draft(tmp_path, "a.rules")
    now = _field(changed.text, "reinforcements.minimum")
    assert 'value="4"' in now and "from the base" not in now and "Back to the base" in now
    danish = client(tmp_path)
    danish.cookies.set("riskrules_studio_lang", "da")
    shown = danish.get("/form", params={"file": "a.rules"}).text
    assert "fra grundreglerne" in _field(shown, "cards.wild")


TWO = (
    'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n\n'
    'ruleset quick "A short game" extends da-2006 {\n  override reinforcements.minimum: 5\n}\n'
)


def test_each_ruleset_of_a_file_has_its_form_and_previews(tmp_path: Path) -> None:
    """A file with two rulesets: a picker, each one's own form, sheet, diff and odds, and a
    change through the form written into the ruleset picked, not the first."""
    (tmp_path / "two.rules").write_text(TWO)
    c = client(tmp_path)
    first = c.get("/edit", params={"file": "two.rules"}).text
    assert "This file holds 2 rulesets" in first
    assert f'href="{MINE}/edit?file=two.rules&amp;ruleset=quick">A short game</a>' in first
    title = 'id="title-field" name="title" value="{}"'
    assert title.format("Our table") in first  # the first ruleset's form by default
    page = c.get("/edit", params={"file": "two.rules", "ruleset": "quick"}).text
    assert title.format("A short game") in page and 'name="ruleset" value="quick"' in page
    assert "/sheetpanel?file=two.rules&amp;ruleset=quick" in page
    sheet = c.get("/sheet", params={"file": "two.rules", "ruleset": "quick"}).text
    assert "A short game" in sheet and "No sheet yet" not in sheet
    assert "Our table" in c.get("/sheet", params={"file": "two.rules"}).text
    diff = c.get("/diff", params={"file": "two.rules", "ruleset": "quick"}).text
    assert "Fewest reinforcements a turn" in diff and "Equal dice" not in diff
    odds = c.get("/odds", params={"file": "two.rules", "ruleset": "quick"}).text
    assert "Combat is as in the base." in odds
    data = {"file": "two.rules", "ruleset": "quick", "rule": "cards.wild", "value": "3"}
    changed = c.post("/rule", data={**data, "set": "1"})
    draft = _draft(tmp_path, "two.rules")
    family, quick = draft.split('ruleset quick "A short game"')
    assert "cards.wild" in quick and "cards.wild" not in family
    assert title.format("A short game") in changed.text  # still the picked ruleset's form
    c.post("/rule", data={**data, "clear": "1"})
    assert "cards.wild" not in _draft(tmp_path, "two.rules")
    unknown = c.get("/form", params={"file": "two.rules", "ruleset": "nobody"}).text
    assert title.format("Our table") in unknown  # a name the file does not declare: its first
    saved = c.post("/save", data={"file": "two.rules", "ruleset": "quick", "name": "ours.rules"})
    assert saved.headers["hx-redirect"] == MINE + "/edit?file=ours.rules&ruleset=quick"


def test_a_file_started_here_is_titled_in_the_readers_language(tmp_path: Path) -> None:
    """Started from an example, the new file keeps the example's title in every language, so
    each reader's sheet has its own; started from a base by a Danish reader, it is titled in
    Danish after the base's Danish title."""
    danish = client(tmp_path)
    danish.post("/language", data={"lang": "da", "back": "/"})
    danish.post("/new", data={"example": "attacker-wins-ties"})
    text = _draft(tmp_path, "attacker-wins-ties.rules")
    assert 'da: "Angriberen vinder ved uafgjort"' in text and 'en: "Attacker wins ties"' in text
    sheet = danish.get("/sheet", params={"file": "attacker-wins-ties.rules", "lang": "da"}).text
    assert "Angriberen vinder ved uafgjort" in sheet and "Attacker wins ties" not in sheet
    english = client(tmp_path).get(
        "/sheet", params={"file": "attacker-wins-ties.rules", "lang": "en"}
    )
    assert "Attacker wins ties" in english.text
    danish.post("/new", data={"base": "da-2006"})
    started = _draft(tmp_path, "da-2006-house.rules")
    assert '"Husregler til RISK: Spillet om verdensherredømmet (2006)"' in started, started


def test_every_example_gives_its_title_in_every_language() -> None:
    """Each shipped example titles itself in en, da and nl (a new example without them fails
    here, so the studio never titles a Danish reader's file in English)."""
    from riskrules.grammar import model as m
    from riskrules.grammar.reader import read_rules

    for path in sorted((ROOT / "examples" / "house-rules").glob("*.rules")):
        parsed = read_rules(path.read_text(encoding="utf-8"), path.name).file
        assert parsed is not None, path.name
        for ruleset in parsed.rulesets:
            title = ruleset.title
            assert isinstance(title, m.Localized), (path.name, title)
            assert {lang for lang, _ in title.texts} == {"en", "da", "nl"}, path.name


def test_a_ruleset_extending_another_of_its_file_is_compared_with_it(tmp_path: Path) -> None:
    (tmp_path / "two.rules").write_text(
        HOUSE + '\nruleset fair "Ties to the defender" extends family {\n'
        "  override combat.ties: defender\n}\n"
    )
    c = client(tmp_path)
    query = {"file": "two.rules", "ruleset": "fair"}
    odds = c.get("/odds", params=query).text
    assert odds.count("<table") == 2 and "<caption>Our table</caption>" in odds
    assert "<caption>Ties to the defender</caption>" in odds
    diff = c.get("/diff", params=query).text
    assert "equal dice the attacker" in diff and "equal dice the defender" in diff


def test_the_start_page_offers_the_examples_by_their_titles_in_the_readers_language(
    tmp_path: Path,
) -> None:
    danish = client(tmp_path)
    danish.post("/language", data={"lang": "da", "back": "/"})
    start = danish.get("/").text
    shown = '<button name="example" value="attacker-wins-ties">Angriberen vinder ved uafgjort<'
    assert shown in start  # the title the example's file gives in Danish, not its name
    assert ">attacker-wins-ties<" not in start
