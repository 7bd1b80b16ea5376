"""The language a command's output is written in: the one asked for (`--lang`), else the
language of the ruleset's own manual where there is one, else the locale's (LC_ALL,
LC_MESSAGES, LANG), else English."""

from __future__ import annotations

import os
from collections.abc import Iterable

from ...grammar.messages import LANGUAGES, language_of


def reader_language(asked: str | None = None, manuals: Iterable[str] = ()) -> str:
    """`asked`, else the one language of `manuals` (the checked rulesets' manuals' languages),
    else the locale's."""
    if asked in LANGUAGES:
        return str(asked)
    found = {lang for lang in manuals if lang in LANGUAGES}
    if len(found) == 1:
        return found.pop()
    return locale_language()


def locale_language() -> str:
    """The locale's language, as a message's ("da_DK.UTF-8" is da), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return language_of(value) or "en"
    return "en"
