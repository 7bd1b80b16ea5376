"""What the site leaves out (tools/site/trim.py, stdlib.py, prerender.py's shared blocks) is
what the page never reads: no module the site installs imports a dropped member (checked in a
built site's wheels, the riskrules wheel included), a trimmed wheel keeps everything else, and
a stylesheet repeated in every sheet is written once and linked."""

from __future__ import annotations

import ast
import json
import zipfile
from pathlib import Path

import pytest
from sitehelpers import built

from riskrules.tools.site import prerender, stdlib, trim

# Where a kept module imports a dropped one, and why the page never gets there.
KNOWN = {
    ("anyio/_core/_sockets.py", "idna"): "a host name for a socket: the page opens none",
    ("riskrules/tools/compliance/scenarios.py", "xml"): "`riskrules verify`'s JUnit report",
    ("click/_termui_impl.py", "tty"): "a key read at a terminal",
    ("babel/localtime/__init__.py", "babel.localtime._win32"): "on Windows only",
    ("click/_compat.py", "click._winconsole"): "on Windows only",
}


def _dropped_modules() -> set[str]:
    names = {m.removesuffix(".py") for m in stdlib.DROPPED} | set(trim.LEFT_OUT)
    for members in trim.DROPPED.values():
        for member in members:
            if member.endswith((".py", "/")):
                names.add(member.removesuffix(".py").removesuffix("/").replace("/", "."))
    return names


def _imports(source: bytes, package: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def test_trim_drops_only_what_it_names() -> None:
    assert not trim.kept("babel", "babel/messages/frontend.py")
    assert trim.kept("babel", "babel/messages/pofile.py")
    assert not trim.kept("lark", "lark/tools/standalone.py")
    assert trim.kept("lark", "lark/grammars/common.lark")
    assert not trim.kept("msgspec", "msgspec/__init__.pyi")
    assert not trim.kept("babel", "babel/locale-data/fr.dat", ("en", "da", "nl"))
    assert trim.kept("babel", "babel/locale-data/da_DK.dat", ("en", "da", "nl"))
    assert trim.kept("starlette", "starlette/routing.py")


def test_a_block_every_page_repeats_is_written_once() -> None:
    style, script = "<style>body { color: #000 }</style>", "<script>fit();</script>"
    pages = {
        Path(f"sheets/{n}.html"): f"<head>{style}</head><body>{n}{script}</body>" for n in "ab"
    }
    pages[Path("sheets/c.html")] = "<head><style>only here</style></head>"
    out = prerender.shared_blocks(pages)
    files = {p.name: t for p, t in out.items() if not p.name.endswith(".html")}
    assert sorted(files.values()) == ["body { color: #000 }", "fit();"]
    css = next(n for n in files if n.endswith(".css"))
    assert out[Path("sheets/a.html")].startswith(f'<head><link rel="stylesheet" href="{css}">')
    assert (
        "<style>" not in out[Path("sheets/b.html")]
        and "<script>fit" not in out[Path("sheets/b.html")]
    )
    assert out[Path("sheets/c.html")] == pages[Path("sheets/c.html")]


@pytest.mark.site
def test_nothing_the_site_installs_imports_what_it_leaves_out(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    site = built(tmp_path_factory)
    dropped = _dropped_modules()
    wheels = json.loads((site / "site.json").read_text())["wheels"]
    assert not [w for w in wheels if w.split("-")[0].lower() in trim.LEFT_OUT]
    seen = set()
    for name in wheels:
        with zipfile.ZipFile(site / "wheels" / name) as wheel:
            members = wheel.namelist()
            if not name.startswith("riskrules-"):
                package = name.split("-")[0].lower()
                assert all(trim.kept(package, m) for m in members), name
            for member in members:
                if not member.endswith(".py"):
                    continue
                module = member.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
                package = module if member.endswith("__init__.py") else module.rpartition(".")[0]
                for used in _imports(wheel.read(member), package):
                    hit = next((d for d in dropped if used == d or used.startswith(d + ".")), None)
                    if hit is not None:
                        seen.add((member, hit))
    assert seen <= set(KNOWN), sorted(seen - set(KNOWN))
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as standard:
        assert not [n for n in standard.namelist() if not stdlib.kept(n)]
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.14")
