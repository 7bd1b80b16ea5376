"""`riskrules site build DIR`: the static site. Pyodide's runtime and the wheels (fetch.py,
wheels.py), the pre-rendered pages (prerender.py), the page's own scripts (static/), the
studio's stylesheet and htmx (the studio's own files), and site.json: what the worker
installs and what the service worker keeps for offline use."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from ...grammar.limits import MAX_FILE_BYTES, MAX_STUDIO_BODY
from ...grammar.messages import Message, msg, msg_n
from ..service.sheets import sheet_scripts
from . import fetch, output, prerender, stdlib, wheels
from .words import LANGUAGE_NAMES, LANGUAGES, words

HERE = Path(__file__).parent
STUDIO_STATIC = HERE.parent / "studio" / "static"
# No other origin; 'wasm-unsafe-eval' lets Pyodide compile its WebAssembly (nothing else is
# evaluated); inline styles for the sheets' own; frames are the app's pages (srcdoc).
# The scripts a page may run: the site's own files, Pyodide's WebAssembly, and the sheets' one
# inline script (their print fitting), named by its hash.
_SHEETS = " ".join(f"'{digest}'" for digest in sheet_scripts())
CSP = (
    f"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {_SHEETS}; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; frame-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'"
)
LOCKFILE = "pyodide-lock.json"
MAX_LINK = 200_000  # characters of a share link's fragment (a house rule packs to a few KiB)


def build(site: Path, say: Callable[[Message], None] = print) -> dict[str, object]:
    """Write the site into `site` (emptied first when it holds an earlier build; output.py
    refuses a link in it, and anything but an earlier site); `say` is told each step, as a
    message the front end renders in its reader's language."""
    site = output.prepared(site)
    spec = fetch.lock()
    python = str(spec["python"])
    say(msg("fetching Pyodide's runtime (checked against site.lock)"))
    runtime = fetch.pyodide_runtime()
    pyodide = output.folder(site / "pyodide")
    derived = {"python_stdlib.zip", LOCKFILE}
    for source in sorted(runtime.iterdir()):
        if source.is_file() and source.name not in derived:
            output.copy(source, pyodide / source.name)
    stdlib.trimmed(runtime / "python_stdlib.zip", pyodide / "python_stdlib.zip")
    _lockfile(runtime / LOCKFILE, pyodide / LOCKFILE)
    say(msg("fetching and building the wheels"))
    names = wheels.all_wheels(python, site / "wheels")
    say(msg("pre-rendering the sheets, cards and concordance"))
    rows = prerender.write_all(site, LANGUAGES, CSP)
    _pages(site, rows)
    for name in ("bridge.js", "worker.js", "sw.js", "front.js", "site.css"):
        output.copy(HERE / "static" / name, site / name)
    for name in ("htmx.min.js", "studio.css"):
        output.copy(STUDIO_STATIC / name, site / name)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    version = hashlib.sha256()
    for name in files:
        version.update(name.encode() + b"\0" + (site / name).read_bytes())
    manifest: dict[str, object] = {"version": version.hexdigest()[:16], "wheels": names}
    manifest["files"] = ["./", *files]
    output.write(site / output.MANIFEST, json.dumps(manifest, indent=1))
    size = sum((site / f).stat().st_size for f in files)
    said = msg_n(
        "site written to {path}: {count:,} file, {size:,} kB",
        "site written to {path}: {count:,} files, {size:,} kB",
        len(files),
        path=str(site),
        size=round(size / 1e3),
    )
    say(said)
    return manifest


def _lockfile(source: Path, target: Path) -> None:
    """Pyodide's lock file less its packages: the page installs none of Pyodide's distribution
    (its wheels are the site's own, unpacked from wheels/), and the site holds none of their
    files; Pyodide reads the file as it starts (0.12 MB, 26 kB gzip, of a cold visit)."""
    found = json.loads(source.read_text(encoding="utf-8"))
    output.write(target, json.dumps({"info": found["info"], "packages": {}}, indent=1))


def _pages(site: Path, rows: dict[str, list[prerender.Row]]) -> None:
    env = Environment(
        loader=PackageLoader("riskrules.tools.site", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    languages = [(lang, words(lang), rows[lang], f"concordance.{lang}.html") for lang in LANGUAGES]
    index = env.get_template("index.j2").render(languages=languages, names=LANGUAGE_NAMES, csp=CSP)
    output.write(site / "index.html", index)
    limits = {"body": MAX_STUDIO_BODY, "file": MAX_FILE_BYTES, "link": MAX_LINK}
    # The page's words in every language; the bridge picks the reader's.
    studio = env.get_template("studio.j2").render(
        lang="en",
        csp=CSP,
        words=words("en"),
        words_json=_json({lang: words(lang) for lang in LANGUAGES}),
        limits_json=_json(limits),
    )
    output.write(site / "studio.html", studio)


def _json(value: object) -> Markup:
    """JSON inside a <script type="application/json">: no '<' can end the element."""
    return Markup(json.dumps(value, ensure_ascii=False).replace("<", "\\u003c"))
