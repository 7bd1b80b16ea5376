"""The ruleset language: from text to a checked, immutable model."""

# The package's version, written once: pyproject.toml reads it (`dynamic = ["version"]`), the
# root module re-exports it, and the parser's cache carries it in its name. A literal, not a
# metadata lookup, because importlib.metadata costs ~30 ms at every start.
__version__ = "0.1.0"
