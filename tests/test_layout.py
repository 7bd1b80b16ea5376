"""The folders say the pipeline (docs/architecture.md): grammar/ is the language, engine/ the game,
tools/ and features/ the I/O; each layer imports only from those before it, and no two modules
import each other, even lazily. Inside tools/: the front ends (the command line, the editor
support) call the service layer, which calls the workflows (sheets, the balance lab,
compliance, authoring); a workflow uses no other, except through what they share (shared/)."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT

FOLDERS = {
    "riskrules": ROOT / "src" / "riskrules",
    "riskrules.grammar": ROOT / "grammar",
    "riskrules.engine": ROOT / "engine",
    "riskrules.tools": ROOT / "tools",
    "riskrules.features": ROOT / "features",
}


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for package, folder in FOLDERS.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if package == "riskrules" and parts[0] != "__init__":
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join((package, *parts))] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Every module `name` imports, at the top or inside a function, resolved to full names."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in MODULES else module)
    return found


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Every module's imports: parsed when a test first asks (not as pytest collects each
    worker's tests, where it cost a second of every worker's start)."""
    return {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(module: str) -> str:
    return module.split(".")[1] if module.count(".") >= 1 else "root"


def test_the_language_imports_nothing_of_the_game_or_the_tools() -> None:
    bad = {
        (name, imported)
        for name, imports in _graph().items()
        if _layer(name) == "grammar"
        for imported in imports
        if imported.startswith("riskrules") and _layer(imported) != "grammar"
    }
    assert not bad


@pytest.mark.process
def test_the_engine_imports_neither_lark_nor_the_tools() -> None:
    bad = {
        (name, imported)
        for name, imports in _graph().items()
        if _layer(name) == "engine"
        for imported in imports
        if imported.split(".")[0] == "lark"
        or (imported.startswith("riskrules") and _layer(imported) not in ("engine", "grammar"))
    }
    assert not bad
    # And not through the language either: every engine module imports with Lark missing.
    engine = [n for n in MODULES if _layer(n) == "engine"]
    probe = ROOT / "tests" / "probes" / "without_lark.py"
    done = subprocess.run([sys.executable, str(probe), *engine], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_tools_and_features_do_not_import_each_other_the_wrong_way() -> None:
    # features/ (the scenarios) may not use the command line; tools/ may run the step library.
    bad = {
        (name, imported)
        for name, imports in _graph().items()
        if _layer(name) == "features"
        for imported in imports
        if imported.startswith("riskrules.tools")
    }
    assert not bad


def test_no_import_cycles() -> None:
    internal = {n: {i for i in deps if i in MODULES and i != n} for n, deps in _graph().items()}
    cycles = _cycles(internal)
    assert not cycles, cycles


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_module_is_seen() -> None:
    assert "riskrules.grammar.syntax" in MODULES and "riskrules.engine.game" in MODULES
    assert "riskrules.features.steps.cards" in MODULES
    assert "riskrules.grammar.model" in _graph()["riskrules.engine.rules"]


# tools/, folder by folder (docs/architecture.md says why each is where it is).
FRONT_ENDS = (
    "riskrules.tools.cli",
    "riskrules.tools.editor",
    "riskrules.tools.studio",
    "riskrules.tools.site",
)
SERVICE = "riskrules.tools.service"
SHARED = "riskrules.tools.shared"
WORKFLOWS = (
    "riskrules.tools.sheets",
    "riskrules.tools.lab",
    "riskrules.tools.compliance",
    "riskrules.tools.authoring",
)
# pyproject's pygments entry point names this path; it re-exports the editor support's lexer.
PLUGIN = "riskrules.tools.lexer"
# The imports of another front end's internals: `riskrules lsp` starts the language server,
# `riskrules studio` the studio's web server, `riskrules site` builds and serves the static
# site, whose page runs the studio's own app (one app, two hosts) on the studio's files.
STARTS_THE_SERVER = {
    ("riskrules.tools.cli.commands.lsp", "riskrules.tools.editor.lsp"),
    ("riskrules.tools.cli.commands.studio", "riskrules.tools.studio.server"),
    ("riskrules.tools.cli.commands.site", "riskrules.tools.site.build"),
    ("riskrules.tools.cli.commands.site", "riskrules.tools.site.fetch"),
    ("riskrules.tools.cli.commands.site", "riskrules.tools.site.serve"),
    ("riskrules.tools.site.page", "riskrules.tools.studio.app"),
    ("riskrules.tools.site.page", "riskrules.tools.studio.drafts"),
    ("riskrules.tools.site.page", "riskrules.tools.studio.security"),
    ("riskrules.tools.site.page", "riskrules.tools.studio.study"),
}
MAX_LINES = 600
MAX_COMMAND_LINES = 300


def _folder(module: str) -> str | None:
    """The tools/ folder a module belongs to (None: not in tools/, or tools/ itself)."""
    for folder in (*FRONT_ENDS, SERVICE, SHARED, *WORKFLOWS, PLUGIN):
        if module == folder or module.startswith(folder + "."):
            return folder
    return None


def _allowed(importer: str, imported: str) -> bool:
    """Whether a module of tools/ may import another module of tools/."""
    here, there = _folder(importer), _folder(imported)
    if there is None or here == there or (importer, imported) in STARTS_THE_SERVER:
        return True
    if here in FRONT_ENDS:
        return there in (SERVICE, SHARED)
    if here == SERVICE:
        return there in (SHARED, *WORKFLOWS)
    if here in WORKFLOWS:
        return there == SHARED
    if here == PLUGIN:
        return imported == "riskrules.tools.editor.lexer"
    return False  # shared/ imports nothing else of tools/


def _crossings(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    return {
        (name, imported)
        for name, imports in graph.items()
        if name.startswith("riskrules.tools.")
        for imported in imports
        if imported.startswith("riskrules.tools.") and not _allowed(name, imported)
    }


def test_every_module_of_the_tools_is_in_a_known_folder() -> None:
    # A new folder under tools/ is placed in the map above (and in docs/architecture.md).
    loose = [n for n in MODULES if n.startswith("riskrules.tools.") and _folder(n) is None]
    assert not loose


def test_front_ends_call_the_service_layer_and_workflows_use_no_other() -> None:
    assert not _crossings(_graph())


def test_a_wrong_way_import_is_found() -> None:
    graph = {
        "riskrules.tools.cli.commands.odds": {"riskrules.tools.sheets.summary"},
        "riskrules.tools.editor.lsp": {"riskrules.tools.cli.common"},
        "riskrules.tools.lab.balance": {"riskrules.tools.compliance.referee"},
        "riskrules.tools.sheets.diff": {"riskrules.tools.service.sheets"},
        "riskrules.tools.service.lab": {"riskrules.tools.cli.common", "riskrules.tools.lab.sweep"},
        "riskrules.tools.shared.render": {"riskrules.tools.sheets.i18n"},
        "riskrules.tools.cli.commands.lsp": {"riskrules.tools.editor.lsp"},
        "riskrules.tools.cli.commands.studio": {"riskrules.tools.studio.app"},
        "riskrules.tools.studio.panels": {"riskrules.tools.sheets.summary"},
    }
    assert _crossings(graph) == {
        ("riskrules.tools.cli.commands.odds", "riskrules.tools.sheets.summary"),
        ("riskrules.tools.editor.lsp", "riskrules.tools.cli.common"),
        ("riskrules.tools.lab.balance", "riskrules.tools.compliance.referee"),
        ("riskrules.tools.sheets.diff", "riskrules.tools.service.sheets"),
        ("riskrules.tools.service.lab", "riskrules.tools.cli.common"),
        ("riskrules.tools.shared.render", "riskrules.tools.sheets.i18n"),
        ("riskrules.tools.cli.commands.studio", "riskrules.tools.studio.app"),
        ("riskrules.tools.studio.panels", "riskrules.tools.sheets.summary"),
    }


def test_the_front_ends_do_not_do_the_services_work() -> None:
    # The command line plays, reads and finds rulesets only through the service layer; the
    # language server checks and formats through it (no second copy of either).
    cli = {n: _graph()[n] for n in MODULES if n.startswith("riskrules.tools.cli")}
    work = ("riskrules.engine", "riskrules.grammar.library", "riskrules.grammar.reader")
    assert not {(n, i) for n, imports in cli.items() for i in imports if i.startswith(work)}
    front = {n: _graph()[n] for n in MODULES if _folder(n) in FRONT_ENDS}
    formatter = ("riskrules.grammar.layout", "riskrules.grammar.check")
    assert not {(n, i) for n, imports in front.items() for i in imports if i.startswith(formatter)}
    assert "riskrules.tools.service.language" in _graph()["riskrules.tools.editor.lsp"]


def test_no_module_is_too_long() -> None:
    lines = {
        name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in MODULES.items()
    }
    assert not {n: k for n, k in lines.items() if k > MAX_LINES}
    commands = {n: k for n, k in lines.items() if n.startswith("riskrules.tools.cli.commands.")}
    assert len(commands) >= 10
    assert not {n: k for n, k in commands.items() if k > MAX_COMMAND_LINES}


MAX_FUNCTION_LINES = 80
# Functions longer than MAX_FUNCTION_LINES, each with why; CONTRIBUTING.md names them too. None
# now: an entry added must say why, and one no longer needed fails the test below.
LONG_FUNCTIONS: dict[str, str] = {}


def _function_lengths(name: str, path: Path) -> dict[str, int]:
    """Every function of a module (methods and nested ones too, by their dotted names) and its
    lines, from `def` to its last line (decorators not counted)."""
    found: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qualified = f"{prefix}.{child.name}"
                if not isinstance(child, ast.ClassDef):
                    found[qualified] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, qualified)

    visit(ast.parse(path.read_text(encoding="utf-8")), name)
    return found


def test_no_function_is_too_long() -> None:
    layers = ("riskrules.grammar", "riskrules.engine", "riskrules.tools")
    lengths = {
        function: lines
        for name, path in MODULES.items()
        if name.startswith(layers)
        for function, lines in _function_lengths(name, path).items()
    }
    assert len(lengths) > 1_000  # every module's functions were read
    long = {f: n for f, n in lengths.items() if n > MAX_FUNCTION_LINES}
    assert not {f: n for f, n in long.items() if f not in LONG_FUNCTIONS}
    assert not set(LONG_FUNCTIONS) - set(long), "no longer too long: take it off the list"


def test_a_long_function_is_found(tmp_path: Path) -> None:
    body = "".join(f"        x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    module = tmp_path / "m.py"
    module.write_text(f"class C:\n    def long(self):\n{body}    def short(self):\n        pass\n")
    found = _function_lengths("m", module)
    assert found == {"m.C.long": MAX_FUNCTION_LINES + 1, "m.C.short": 2}


def test_every_package_is_installed() -> None:
    # pyproject lists the packages a plain `pip install` carries one by one: a folder missing
    # there is missing from every install that is not editable.
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    packages = {
        name for name, path in MODULES.items() if path.name == "__init__.py" and name != "riskrules"
    }
    assert packages <= listed, sorted(packages - listed)
