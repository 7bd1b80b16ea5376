"""Translations for printed summaries: Babel message catalogues
(tools/sheets/locale/*/riskrules.po), compiled in memory when first used (shared/catalogue)."""

from __future__ import annotations

import gettext

from ...grammar.schema import SHEET_LANGUAGES
from ..shared.catalogue import compiled

LANGUAGES = SHEET_LANGUAGES  # the catalogue's: checked reasons and sheets agree
DOMAIN = "riskrules"


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here."""
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with its plural for extraction (`ngettext` translates the pair)."""
    return singular, plural


def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue for a language (English is the source language: no catalogue)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no translation for '{lang}' (one of {', '.join(LANGUAGES)})")
    return compiled("riskrules.tools.sheets", DOMAIN, lang)
