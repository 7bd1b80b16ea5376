"""The lab's Babel catalogue (tools/lab/locale/*/lab.po): the verdicts', the reports', the
tables' and the plots' words in en, da and nl, compiled in memory when first used."""

from __future__ import annotations

import gettext

from ...grammar.schema import SHEET_LANGUAGES
from ..shared.catalogue import compiled

LANGUAGES = SHEET_LANGUAGES
DOMAIN = "lab"


def translations(lang: str) -> gettext.NullTranslations:
    if lang not in LANGUAGES:
        raise ValueError(f"no translation for '{lang}' (one of {', '.join(LANGUAGES)})")
    return compiled("riskrules.tools.lab", DOMAIN, lang)
