"""Translations for printed summaries: Babel message catalogues
(tools/sheets/locale/*/riskrules.po), compiled in memory when first used, so the .po files are
the only source."""

from __future__ import annotations

import functools
import gettext
import io
from importlib import resources

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ...grammar.schema import SHEET_LANGUAGES

LANGUAGES = SHEET_LANGUAGES  # the catalogue's: checked reasons and sheets agree
DOMAIN = "riskrules"


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here."""
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with its plural for extraction (`ngettext` translates the pair)."""
    return singular, plural


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue for a language (English is the source language: no catalogue)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no translation for '{lang}' (one of {', '.join(LANGUAGES)})")
    if lang == "en":
        return gettext.NullTranslations()
    po = resources.files("riskrules.tools.sheets").joinpath(
        f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po"
    )
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
