"""A Babel message catalogue (a .po file shipped in a package) compiled in memory when first
used, so the .po files are the only source: the printed sheets' and the balance lab's."""

from __future__ import annotations

import functools
import gettext
import io
from importlib import resources

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


@functools.cache
def compiled(package: str, domain: str, lang: str) -> gettext.NullTranslations:
    """`package`'s catalogue locale/LANG/LC_MESSAGES/DOMAIN.po (English, the source language,
    has none)."""
    if lang == "en":
        return gettext.NullTranslations()
    po = resources.files(package).joinpath(f"locale/{lang}/LC_MESSAGES/{domain}.po")
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
