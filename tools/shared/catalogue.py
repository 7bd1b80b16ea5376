"""A Babel message catalogue (a .po file shipped in a package) compiled in memory when first
used, so the .po files are the only source: the printed sheets', the balance lab's and the
diagnostics' (grammar/messages.py holds the loader, as grammar cannot import tools/)."""

from __future__ import annotations

from ...grammar.messages import compiled

__all__ = ["compiled"]
