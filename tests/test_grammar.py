"""The grammar: conflict-free (Lark's strict mode); the parser a new user's install builds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers import ROOT
from riskrules.grammar import syntax


def test_grammar_has_no_conflicts() -> None:
    # Strict mode refuses shift/reduce conflicts and terminals whose patterns collide. It needs
    # `interegular` (a dev dependency): the check belongs here, not in every user's start-up.
    strict = syntax.build_parser(strict=True)
    plain = syntax.build_parser()
    text = (ROOT / "specs" / "classic.rules").read_text(encoding="utf-8")
    assert strict.parse(text) == plain.parse(text)


_COLD_START = """
import sys
sys.modules["interegular"] = None  # as on a machine where it was never installed
from riskrules.tools.cli import main
sys.argv = ["riskrules", "check", "classic"]
main()
"""


def _cold(tmp: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TMPDIR": str(tmp), **extra}
    env.pop("RISKRULES_NO_CACHE", None)
    env.update(extra)
    return subprocess.run(
        [sys.executable, "-c", _COLD_START],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp,
        timeout=120,
    )


def test_a_new_machine_builds_the_parser_without_interegular(tmp_path: Path) -> None:
    # No cache (an empty TMPDIR) and no interegular: the README's first command must work.
    result = _cold(tmp_path)
    assert result.returncode == 0, result.stderr
    caches = list(tmp_path.glob("riskrules-*/parser-*.cache"))
    assert len(caches) == 1
    name = caches[0].name
    from riskrules import __version__

    assert __version__ in name
    # A second run reads the cache and says the same.
    again = _cold(tmp_path)
    assert (again.returncode, again.stdout) == (0, result.stdout)


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
    first = syntax.cache_path()
    monkeypatch.setattr(syntax, "grammar_text", lambda: "start: NAME\n%import common.CNAME -> NAME")
    assert first is not None and syntax.cache_path() not in (None, first)


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
