"""The grammar: conflict-free (Lark's strict mode); the parser a new user's install builds."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT
from riskrules.grammar import reader, syntax
from riskrules.grammar.diagnostics import Span
from riskrules.grammar.transform import ToModel


def test_grammar_has_no_conflicts() -> None:
    # Strict mode refuses shift/reduce conflicts and terminals whose patterns collide. It needs
    # `interegular` (a dev dependency): the check belongs here, not in every user's start-up.
    # Compared with the parser every command uses (built the same way, kept in the cache).
    strict = syntax.build_parser(strict=True)
    text = (ROOT / "specs" / "classic.rules").read_text(encoding="utf-8")
    assert strict.parse(text) == syntax.parser().parse(text)


def _cold(tmp: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TMPDIR": str(tmp), **extra}
    env.pop("RISKRULES_NO_CACHE", None)
    env.update(extra)
    return subprocess.run(
        [sys.executable, str(ROOT / "tests" / "probes" / "cold_start.py")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp,
        timeout=120,
    )


@pytest.mark.process
def test_a_new_machine_builds_the_parser_without_interegular(tmp_path: Path) -> None:
    # No cache (an empty TMPDIR) and no interegular: the README's first command must work.
    result = _cold(tmp_path)
    assert result.returncode == 0, result.stderr
    caches = list(tmp_path.glob("riskrules-*/parser-*.json"))
    assert len(caches) == 1
    name = caches[0].name
    from riskrules import __version__

    assert __version__ in name
    # A second run reads the cache and says the same.
    again = _cold(tmp_path)
    assert (again.returncode, again.stdout) == (0, result.stdout)


@pytest.mark.process
def test_the_cache_can_be_turned_off(tmp_path: Path) -> None:
    result = _cold(tmp_path, RISKRULES_NO_CACHE="1")
    assert result.returncode == 0, result.stderr
    assert not list(tmp_path.glob("riskrules-*/parser-*"))


def test_a_cache_of_another_grammar_is_not_used(tmp_path: Path, monkeypatch) -> None:
    # The cache's name carries the grammar's hash: an edited grammar never meets an old cache.
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.delenv("RISKRULES_NO_CACHE", raising=False)
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    first = syntax.cache_name()
    monkeypatch.setattr(syntax, "grammar_text", lambda: "start: NAME\n%import common.CNAME -> NAME")
    assert syntax.cache_name() != first


def test_a_cached_built_in_parse_is_the_parse(tmp_path: Path, monkeypatch) -> None:
    # The built-ins' parses are kept on disk between runs; loading one gives exactly what
    # parsing the file gives, and a cache of another install's key is never read.
    import tempfile

    from riskrules.grammar import library
    from riskrules.grammar.reader import read_path

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.delenv("RISKRULES_NO_CACHE", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", None)
    path = next(p for p in library.builtin_paths() if p.endswith("classic.rules"))
    monkeypatch.setattr(library, "_READ", {})
    first = library._read_builtin(path)  # parsed, then written
    assert list(tmp_path.glob("riskrules-*/spec-*.pickle"))
    monkeypatch.setattr(library, "_READ", {})
    again = library._read_builtin(path)  # loaded from disk
    fresh = read_path(path)
    assert again.file == fresh.file == first.file and again.diagnostics == fresh.diagnostics
    monkeypatch.setattr(syntax, "cache_key", lambda: "another-install")
    monkeypatch.setattr(library, "cache_key", lambda: "another-install")
    monkeypatch.setattr(library, "_READ", {})
    library._read_builtin(path)
    assert len(list(tmp_path.glob("riskrules-*/spec-*.pickle"))) == 2


def _spans(value: object, out: list[Span]) -> list[Span]:
    """Every span in a model, in order (spans are not part of the models' equality)."""
    if isinstance(value, Span):
        out.append(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _spans(getattr(value, f.name), out)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _spans(item, out)
    elif isinstance(value, dict):
        for item in value.values():
            _spans(item, out)
    return out


def test_the_parsers_positions_are_larks_own_for_every_rules_file() -> None:
    """The parser keeps every token and leaves placing the nodes to `syntax.positioned`, one
    pass after the parse (Lark's propagate_positions was a third of the parse's time). Every
    model made from the project's rules files (specs, examples, the tests' house rules and
    hostile files), and every span in it, must be the one Lark's own way gives."""
    lark_own = syntax.build_parser(propagate_positions=True)
    kept = {s.name for r in lark_own.rules for s in r.expansion if s.is_term and not s.filter_out}
    dropped = {s.name for r in lark_own.rules for s in r.expansion if s.is_term and s.filter_out}
    declared = syntax._declared_terminals()
    assert kept <= declared and not dropped & declared
    files = sorted(p for d in ("specs", "examples", "tests") for p in (ROOT / d).rglob("*.rules"))
    compared = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        read = reader.read_rules(text, str(path))
        if read.file is None:  # a syntax error or a limit: nothing placed to compare
            continue
        expected = ToModel(str(path)).transform(lark_own.parse(text))
        assert read.file == expected, path
        assert _spans(read.file, []) == _spans(expected, []), path
        compared += 1
    assert compared > 50


def test_the_index_and_resolve_run_without_garbage_collections(tmp_path: Path, monkeypatch) -> None:
    """Issue 31: the collector walked the whole parsed workspace again and again during index
    and resolve (parse and check slower than linear). It is paused for those steps only, and
    left as it was: on, off, or after an error."""
    import gc

    from riskrules.grammar import library

    text = "".join(
        f'ruleset house{i} "House {i}" extends classic {{\n'
        f"  override reinforcements.territories: max(3, territories // {2 + i % 3})\n}}\n"
        for i in range(300)
    )
    path = tmp_path / "many.rules"
    path.write_text(text, encoding="utf-8")
    collections: list[str] = []
    inside = [False]

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and inside[0]:
            collections.append(phase)

    real = library.resolve_all

    def resolve_all(index):  # type: ignore[no-untyped-def]
        inside[0] = True
        try:
            return real(index)
        finally:
            inside[0] = False

    monkeypatch.setattr(library, "resolve_all", resolve_all)
    thresholds = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's own (the test workers collect less often)
    gc.callbacks.append(count)
    try:
        ws = library.Workspace.open([str(path)])
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*thresholds)
    assert len(ws.resolved) > 300
    assert collections == []
    assert gc.isenabled()

    gc.disable()
    try:
        library.Workspace.open([str(path)])
        assert not gc.isenabled()
    finally:
        gc.enable()

    def broken(index):  # type: ignore[no-untyped-def]
        raise RuntimeError("resolve failed")

    monkeypatch.setattr(library, "resolve_all", broken)
    with pytest.raises(RuntimeError):
        library.Workspace.open([str(path)])
    assert gc.isenabled()
