"""How a file is named to a reader: a built-in by its own name, `classic.rules (built-in)`,
never by the folder riskrules happens to be installed in (a path in site-packages means little
to a player, and nothing in a browser, where the site's Python has no folder of the user's)."""

from __future__ import annotations

import functools
import os
from importlib import resources

BUILT_IN = " (built-in)"


@functools.cache
def _specs_folder() -> str:
    return os.path.normcase(os.path.abspath(str(resources.files("riskrules.specs"))))


def builtin_name(path: str) -> str | None:
    """`classic.rules (built-in)` for a built-in ruleset's file, else None."""
    if not path.endswith(".rules"):
        return None
    folder, name = os.path.split(os.path.normcase(os.path.abspath(path)))
    return f"{os.path.basename(path)}{BUILT_IN}" if folder == _specs_folder() and name else None


def shown_file(path: str) -> str:
    """`path` as a message names it: a built-in by its name, any other file as given."""
    return builtin_name(path) or path
