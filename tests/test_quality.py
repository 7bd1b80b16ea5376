"""Lint, format and type checks run as part of the test suite, so CI enforces them."""

from __future__ import annotations

import subprocess
import sys

from helpers import ROOT


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_check() -> None:
    result = _run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = _run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = _run(sys.executable, str(ROOT / "tests" / "typecheck.py"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_rule_catalogue_doc_is_current() -> None:
    from riskrules.tools.authoring.catalogue import catalogue_markdown

    current = (ROOT / "docs" / "rule-catalogue.md").read_text(encoding="utf-8")
    assert current == catalogue_markdown(), (
        "regenerate: python -m riskrules.tools.authoring.catalogue > docs/rule-catalogue.md"
    )
