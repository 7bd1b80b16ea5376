"""Run every feature file in features/ (the manuals' examples) with pytest-bdd."""

from __future__ import annotations

from pathlib import Path

from pytest_bdd import scenarios

FEATURES = Path(__file__).resolve().parent.parent / "features"

scenarios(*sorted(str(p) for p in FEATURES.glob("*.feature")))
