"""`riskrules site build DIR`: the static site. Pyodide's runtime and the wheels (fetch.py,
wheels.py), the pre-rendered pages (prerender.py), the page's own scripts (static/), the
studio's stylesheet and htmx (the studio's own files), and site.json: what the worker
installs and what the service worker keeps for offline use."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from ...grammar.limits import MAX_FILE_BYTES, MAX_STUDIO_BODY
from ..service.sheets import sheet_scripts
from . import fetch, prerender, stdlib, wheels
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
MAX_LINK = 200_000  # characters of a share link's fragment (a house rule packs to a few KiB)


def build(site: Path, say: Callable[[str], None] = print) -> dict[str, object]:
    """Write the site into `site` (emptied first when it holds an earlier build)."""
    if site.exists() and any(site.iterdir()) and not (site / "site.json").exists():
        raise fetch.FetchError(f"{site} is not empty and holds no earlier site: pick a new folder")
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    spec = fetch.lock()
    python = str(spec["python"])
    say("fetching Pyodide's runtime (checked against site.lock)")
    runtime = fetch.pyodide_runtime()
    shutil.copytree(runtime, site / "pyodide", ignore=shutil.ignore_patterns("python_stdlib.zip"))
    stdlib.trimmed(runtime / "python_stdlib.zip", site / "pyodide" / "python_stdlib.zip")
    say("fetching and building the wheels")
    names = wheels.all_wheels(python, site / "wheels")
    say("pre-rendering the sheets, cards and concordance")
    rows = prerender.write_all(site, LANGUAGES, CSP)
    _pages(site, rows)
    for name in ("bridge.js", "worker.js", "sw.js", "front.js", "site.css"):
        shutil.copyfile(HERE / "static" / name, site / name)
    for name in ("htmx.min.js", "studio.css"):
        shutil.copyfile(STUDIO_STATIC / name, site / name)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    version = hashlib.sha256()
    for name in files:
        version.update(name.encode() + b"\0" + (site / name).read_bytes())
    manifest: dict[str, object] = {"version": version.hexdigest()[:16], "wheels": names}
    manifest["files"] = ["./", *files]
    (site / "site.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    size = sum((site / f).stat().st_size for f in files)
    say(f"site written to {site}: {len(files)} files, {size / 1e6:.1f} MB")
    return manifest


def _pages(site: Path, rows: dict[str, list[prerender.Row]]) -> None:
    env = Environment(
        loader=PackageLoader("riskrules.tools.site", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    languages = [(lang, words(lang), rows[lang], f"concordance.{lang}.html") for lang in LANGUAGES]
    index = env.get_template("index.j2").render(languages=languages, names=LANGUAGE_NAMES, csp=CSP)
    (site / "index.html").write_text(index, encoding="utf-8")
    limits = {"body": MAX_STUDIO_BODY, "file": MAX_FILE_BYTES, "link": MAX_LINK}
    # The page's words in every language; the bridge picks the reader's.
    studio = env.get_template("studio.j2").render(
        lang="en",
        csp=CSP,
        words=words("en"),
        words_json=_json({lang: words(lang) for lang in LANGUAGES}),
        limits_json=_json(limits),
    )
    (site / "studio.html").write_text(studio, encoding="utf-8")


def _json(value: object) -> Markup:
    """JSON inside a <script type="application/json">: no '<' can end the element."""
    return Markup(json.dumps(value, ensure_ascii=False).replace("<", "\\u003c"))
