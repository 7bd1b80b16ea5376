"""Whatever a person can put in the studio's forms and addresses gets a page in plain words,
never a 500 or a traceback on the studio's terminal: every route, every field it reads, with
Unicode digits (², ①, ٣), huge numbers, empty and repeated fields and stray ones, through
Starlette's TestClient (an exception that reached the server would be raised here)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import examples

pytest.importorskip("starlette")
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from riskrules.grammar.messages import msg
from riskrules.grammar.schema import CATALOGUE
from riskrules.tools.studio import study
from riskrules.tools.studio.app import guarded
from riskrules.tools.studio.security import Door

HOUSE = 'ruleset family "Our table" extends da-2006 {\n  override combat.ties: attacker\n}\n'
ORIGIN = "http://127.0.0.1:8123"

# Every route, and the fields it reads (its query's for GET, its form's for POST).
ROUTES: dict[tuple[str, str], tuple[str, ...]] = {
    ("GET", "/"): (),
    ("POST", "/new"): ("base", "example"),
    ("POST", "/language"): ("lang", "back"),
    ("GET", "/edit"): ("file", "ruleset"),
    ("POST", "/text"): ("file", "text", "ruleset", "base", "tab"),
    ("POST", "/draft"): ("file", "text", "base", "tab"),
    ("POST", "/fix"): ("file", "ruleset", "fix"),
    ("GET", "/form"): ("file", "ruleset"),
    ("POST", "/rule"): ("file", "ruleset", "rule", "value", "key", "cell", "clear", "because"),
    ("POST", "/save"): ("file", "name", "overwrite", "ruleset", "text", "base", "tab"),
    ("POST", "/compare"): ("file", "text"),
    ("POST", "/title"): ("file", "ruleset", "title", "text", "base", "tab"),
    ("POST", "/part"): ("file", "ruleset", "part", "source", "text", "base", "tab"),
    ("GET", "/filename"): ("name",),
    ("GET", "/sheet"): ("file", "ruleset", "lang"),
    ("GET", "/sheet.pdf"): ("file", "ruleset", "lang"),
    ("GET", "/sheetpanel"): ("file", "ruleset", "lang"),
    ("GET", "/diff"): ("file", "ruleset"),
    ("GET", "/odds"): ("file", "ruleset"),
    ("POST", "/study"): ("file", "ruleset", "games", "scheduler"),
    ("GET", "/study/progress"): (),
    ("POST", "/study/cancel"): (),
    ("GET", "/study/report"): (),
    ("GET", "/static/htmx.min.js"): (),
}

NUMBERS = ["²", "①", "٣", "𝟗", "⅕", "Ⅻ", "1²", "0", "-1", "+3", "1e9", "1_000", " 7 ", "3.5"]
HUGE = ["9" * 19, "9" * 4301, str(10**100), "-" + "9" * 40]
WORDS = ["a.rules", "broken.rules", "da-2006", "classic", "family", "combat.ties", "attacker"]
HOSTILE = ["", " ", "..", "../a.rules", "/etc/passwd", "//evil.example", "\x00", "a.rules\x00"]
VALUES = st.one_of(
    st.sampled_from(NUMBERS + HUGE + WORDS + HOSTILE + ["en", "da", "nl", "xx", "/", "on"]),
    st.text(st.characters(categories=("Nd", "No", "Nl")), max_size=6),  # digits of every script
    st.integers(-(10**30), 10**30).map(str),
    st.text(max_size=20),
)


def test_the_fuzzed_table_names_every_route() -> None:
    app = guarded(tempfile.gettempdir(), Door("t", port=1)).app
    found = {
        (method, r.path)
        for r in app.routes  # type: ignore[attr-defined]
        if isinstance(r, Route)
        for method in (r.methods or ()) - {"HEAD"}
    }
    mounts = {r.path for r in app.routes if isinstance(r, Mount)}  # type: ignore[attr-defined]
    assert found == {k for k in ROUTES if not k[1].startswith("/static/")}
    assert mounts == {"/static"}


# A value each field takes in a request that works, so that a fuzzed field is read past the
# others (a study's number of games is read once its file is found).
VALID = {
    "file": st.just("a.rules"),
    "ruleset": st.just("family"),
    "games": st.just("10"),
    "fix": st.just("0"),
    "rule": st.sampled_from(sorted(spec.id for spec in CATALOGUE)),  # tables among them
    "value": st.sampled_from(["defender", "3", "true", "none"]),
    "key": st.sampled_from(["3", "4", "asia", "north_america"]),
    "cell": st.sampled_from(["9", "0", "yes"]),
    "base": st.sampled_from(["da-2006", "classic"]),
    "lang": st.sampled_from(["en", "da", "nl"]),
    "name": st.just("b.rules"),
    "back": st.just("/edit?file=a.rules"),
    "text": st.just(HOUSE),
}
# The values of a request that works, for the sweep of one field at a time.
SWEEP = {
    "file": "a.rules",
    "ruleset": "family",
    "games": "10",
    "fix": "0",
    "rule": "setup.start_armies",  # a table: its key and cell are read
    "value": "3",
    "key": "4",
    "cell": "30",
    "base": "da-2006",
    "lang": "da",
    "name": "b.rules",
    "back": "/edit?file=a.rules",
    "text": HOUSE,
}
# A body that is no form: a broken multipart one, JSON, bytes that are not UTF-8.
BODIES = [
    (b"--x\r\nbroken", "multipart/form-data; boundary=x"),
    (b"garbage", "multipart/form-data"),
    (b"{}", "application/json"),
    (b"file=a.rules&text=%ff%fe&games=%ff", "application/x-www-form-urlencoded"),
    (b"\xff\xfe=\xff", "application/x-www-form-urlencoded"),
]


Request = tuple[str, str, list[tuple[str, str]], tuple[bytes, str] | None]


@st.composite
def requests(draw: st.DrawFn) -> Request:
    """A route, each of its fields left out, as it works, or fuzzed, then some sent again."""
    method, path = draw(st.sampled_from(sorted(ROUTES)))
    fields: list[tuple[str, str]] = []
    for name in ROUTES[(method, path)]:
        how = draw(st.sampled_from(["out", "valid", "fuzzed", "fuzzed"]))
        if how == "valid" and name in VALID:
            fields.append((name, draw(VALID[name])))
        elif how == "fuzzed":
            fields.append((name, draw(VALUES)))
    names = st.sampled_from([*ROUTES[(method, path)], "stray"])
    again = draw(st.lists(st.tuples(names, VALUES), max_size=3))  # a name may come again
    raw = draw(st.none() | st.sampled_from(BODIES)) if method == "POST" else None
    return method, path, fields + again, raw


@pytest.fixture
def studio(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """A studio in a folder of its own; what it is given is sent to it on a folder as at
    the start (its files, no draft), and its answer checked. No study is played."""

    def play(self: study.Studies, run: study.Run, plan: object) -> None:
        run.error, run.finished = msg("{error}", error="not played in this test"), True

    monkeypatch.setattr(study.Studies, "_play", play)
    monkeypatch.setattr(study.Studies, "_watch", lambda self, run: None)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        app = guarded(folder, Door("t", port=8123))
        with TestClient(app, base_url=ORIGIN + "/s/t") as client:  # one event loop for all
            yield _sender(folder, client)


def _sender(folder: Path, client: TestClient) -> Callable[..., None]:
    """What the `studio` fixture yields: a request sent on the folder as at the start."""

    def send(request: Request, files: dict[str, bytes] | None = None) -> None:
        for old in folder.iterdir():
            old.unlink()
        (folder / "a.rules").write_text(HOUSE)
        (folder / "broken.rules").write_text("ruleset {")
        for name, data in (files or {}).items():
            (folder / name).write_bytes(data)
        method, path, fields, raw = request
        if method == "GET":
            answer = client.get(path + "?" + urlencode(fields))
        else:
            form = "application/x-www-form-urlencoded"
            body, kind = raw or (urlencode(fields).encode(), form)
            answer = client.post(path, content=body, headers={"content-type": kind})
        assert answer.status_code < 500, (request, answer.text[-500:])
        assert "Traceback" not in answer.text
        if answer.status_code >= 400:
            # words in a page: a paragraph, or an alert (a save that finds the file changed)
            worded = "<p" in answer.text or 'role="alert"' in answer.text
            assert worded, (request, answer.text[-500:])

    return send


@pytest.mark.parametrize(("method", "path"), sorted(ROUTES))
def test_each_field_with_each_hostile_value(
    studio: Callable[..., None], method: str, path: str
) -> None:
    """Every field of the route, in a request that works otherwise, given each value a
    person could type that is not what the field wants, then given twice."""
    fields = ROUTES[(method, path)]
    works = [(name, SWEEP.get(name, "")) for name in fields]
    studio((method, path, works, None))
    for at, name in enumerate(fields):
        for value in [*NUMBERS, *HUGE, *HOSTILE]:
            studio((method, path, [*works[:at], (name, value), *works[at + 1 :]], None))
        studio((method, path, [*works, (name, "2"), (name, "")], None))  # repeated
    for body in BODIES if method == "POST" else []:
        studio((method, path, [], body))


@pytest.mark.hypothesis  # CI's stage 1b runs it at full strength with the property tests
def test_nothing_a_person_can_send_is_a_500(studio: Callable[..., None]) -> None:
    @settings(
        max_examples=examples(1500),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(requests())
    def sent(request: Request) -> None:
        studio(request)

    sent()


HOSTILE_FILES = sorted((Path(__file__).parent / "hostile").glob("*.rules"))
PANELS = ["/edit", "/form", "/sheet", "/sheetpanel", "/diff", "/odds"]


@pytest.mark.parametrize("source", HOSTILE_FILES, ids=lambda p: p.name)
def test_every_panel_of_a_hostile_file_is_a_page(studio: Callable[..., None], source: Path) -> None:
    """A file the studio reads, as the hostile suite wrote it (a byte-order mark, Latin-1, a
    stray CR, a million wild cards, a ring of extends): every panel a page, the study a page.
    The PDF of each is test_hostile's (a sheet laid out per file)."""
    fields = [("file", "h.rules")]
    for path in PANELS:
        studio(("GET", path, fields, None), {"h.rules": source.read_bytes()})
    studio(("POST", "/study", [*fields, ("games", "10")], None), {"h.rules": source.read_bytes()})
    studio(("POST", "/text", [*fields, ("text", "x")], None), {"h.rules": source.read_bytes()})
