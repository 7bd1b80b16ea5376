"""The language's keywords, read from its grammar, so that the parser, its recovery after a
syntax error and the advice on mistakes know the same words (a keyword added to the grammar
is known to all three at once)."""

from __future__ import annotations

import functools
import re
from importlib import resources

GRAMMAR_FILE = "riskrules.lark"


@functools.cache
def grammar_text() -> str:
    """The grammar's text, read once a process: the keywords, the parser and every cache key
    read it (a cache key once read the file again for each built-in spec)."""
    return resources.files("riskrules.grammar").joinpath(GRAMMAR_FILE).read_text("utf-8")


# Every quoted word of the grammar is a keyword (`"override"`, `"yes"`, case-blind `"by"i`).
KEYWORDS: tuple[str, ...] = tuple(sorted(set(re.findall(r'"([a-z_]+)"i?', grammar_text()))))
# Words that cannot end a statement: a line ending with one goes on on the next.
OPEN_WORDS = frozenset(KEYWORDS) - {"yes", "no", "stay"}
