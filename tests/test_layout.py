"""The folders say the pipeline (docs/architecture.md): grammar/ is the language, engine/ the game,
tools/ and features/ the I/O; each layer imports only from those before it, and no two modules
import each other, even lazily."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(module: str) -> str:
    return module.split(".")[1] if module.count(".") >= 1 else "root"


def test_the_language_imports_nothing_of_the_game_or_the_tools() -> None:
    bad = {
        (name, imported)
        for name, imports in GRAPH.items()
        if _layer(name) == "grammar"
        for imported in imports
        if imported.startswith("riskrules") and _layer(imported) != "grammar"
    }
    assert not bad


def test_the_engine_imports_neither_lark_nor_the_tools() -> None:
    bad = {
        (name, imported)
        for name, imports in GRAPH.items()
        if _layer(name) == "engine"
        for imported in imports
        if imported.split(".")[0] == "lark"
        or (imported.startswith("riskrules") and _layer(imported) not in ("engine", "grammar"))
    }
    assert not bad
    # And not through the language either: every engine module imports with Lark missing.
    engine = [n for n in MODULES if _layer(n) == "engine"]
    code = "import sys\nsys.modules['lark'] = None\n" + "".join(f"import {n}\n" for n in engine)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_tools_and_features_do_not_import_each_other_the_wrong_way() -> None:
    # features/ (the scenarios) may not use the command line; tools/ may run the step library.
    bad = {
        (name, imported)
        for name, imports in GRAPH.items()
        if _layer(name) == "features"
        for imported in imports
        if imported.startswith("riskrules.tools")
    }
    assert not bad


def test_no_import_cycles() -> None:
    internal = {n: {i for i in deps if i in MODULES and i != n} for n, deps in GRAPH.items()}
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
    assert "riskrules.grammar.model" in GRAPH["riskrules.engine.rules"]
