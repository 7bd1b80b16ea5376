"""A message as the code writes it once: its English text with `{name}` places (the gettext
message id) and the arguments that fill them, rendered in a reader's language only at the edge
(the command line, the studio, the language server). The catalogues are grammar/locale/
LANG/LC_MESSAGES/messages.po (Babel's, as the sheets'); English, the source, has none.

An argument is a text the file holds (a rule id, a word, a number: never translated) or another
Message (a phrase rendered in the same language), or a tuple of them (a list, joined by commas).
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from dataclasses import dataclass
from importlib import resources
from typing import Literal, Union

DOMAIN = "messages"
LANGUAGES = ("en", "da", "nl")

Arg = Union[str, int, float, "Message", "Either", tuple["Arg", ...]]


@dataclass(frozen=True)
class Either:
    """Words offered as alternatives, quoted and joined as the reader's language joins them
    ("'a' or 'b'", "'a' eller 'b'", "'a' of 'b'")."""

    words: tuple[str, ...]
    style: Literal["or", "standard"] = "or"  # "standard": all of them ("'a' and 'b'")

    def render(self, lang: str) -> str:
        from babel.lists import format_list  # only when alternatives are offered

        return format_list([f"'{w}'" for w in self.words], style=self.style, locale=lang)


@dataclass(frozen=True)
class Message:
    """`text` (the English, the message id) with its arguments; `plural` and `count` choose
    the plural form by gettext's rules (`{count}` is among the arguments)."""

    text: str
    args: tuple[tuple[str, Arg], ...] = ()
    plural: str | None = None
    count: int = 1

    def render(self, lang: str = "en") -> str:
        """The message in `lang` (English where the catalogue has no entry)."""
        book = translations(lang)
        if self.plural is None:
            template = book.gettext(self.text)
        else:
            template = book.ngettext(self.text, self.plural, self.count)
        values = {name: _shown(value, lang) for name, value in self.args}
        if lang != "en" and ":,}" in template:  # thousands as the language writes them
            grouped = set(re.findall(r"\{(\w+):,\}", template))
            template = template.replace(":,}", "}")
            values = {k: _grouped(v, lang) if k in grouped else v for k, v in values.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a catalogue's slip: the English is right
            return (self.text if self.count == 1 else self.plural or self.text).format(**values)

    def arguments(self, lang: str = "en") -> dict[str, object]:
        """The arguments as JSON: texts and numbers as they are, a phrase without arguments
        rendered, a phrase with some by its own arguments (a message joined of two gives
        both's)."""
        out: dict[str, object] = {}
        for name, value in self.args:
            if isinstance(value, Message) and value.args:
                out.update(value.arguments(lang))
            else:
                out[name] = _json(value, lang)
        return out

    def __str__(self) -> str:
        return self.render("en")

    def with_args(self, **args: Arg) -> Message:
        """This message with more arguments (a message kept in a table, filled where used)."""
        return Message(self.text, self.args + tuple(args.items()), self.plural, self.count)

    def words(self) -> list[str]:
        """Every text argument, phrases' included, in order (what the message quotes)."""
        found: list[str] = []
        for _name, value in self.args:
            _collect(value, found)
        return found

    def find(self, name: str) -> list[str]:
        """Every text argument called `name`, in this message and the phrases it holds."""
        found: list[str] = []
        for key, value in self.args:
            if key == name and isinstance(value, str):
                found.append(value)
            elif key == name and isinstance(value, Either):
                found.extend(value.words)
            elif isinstance(value, Message):
                found.extend(value.find(name))
            elif isinstance(value, tuple):
                found.extend(w for v in value if isinstance(v, Message) for w in v.find(name))
        return found


def msg(text: str, **args: Arg) -> Message:
    """A message (`text` is extracted by pybabel: -k msg)."""
    return Message(text, tuple(args.items()))


def msg_n(singular: str, plural: str, count: int, **args: Arg) -> Message:
    """A message with a plural form chosen by `count` (-k msg_n:1,2)."""
    return Message(singular, (("count", count), *args.items()), plural, count)


def then(base: Message, more: Message | None) -> Message:
    """`base` with what more there is to say after a colon ("rule X needs N: more")."""
    return base if more is None else msg("{base}: {more}", base=base, more=more)


def joined(parts: list[Message] | tuple[Message, ...], lang: str = "en") -> str:
    """Phrases joined as a sentence joins them."""
    return ", ".join(p.render(lang) for p in parts)


def language_of(locale: str | None) -> str | None:
    """The messages' language for a locale ("da_DK.UTF-8", "nl-NL", "da"), or None."""
    if not locale:
        return None
    code = locale.replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in LANGUAGES else None


def _grouped(value: object, lang: str) -> object:
    """A whole number with its thousands grouped as `lang` writes them (Babel's)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
        from babel.numbers import format_decimal

        return format_decimal(value, locale=lang)
    return value


def _shown(value: Arg, lang: str) -> object:
    if isinstance(value, (Message, Either)):
        return value.render(lang)
    if isinstance(value, str) and hasattr(value, "in_language"):  # an author's words per
        return value.in_language(lang) or value  # language (model.Localized: a reason)
    if isinstance(value, tuple):
        return ", ".join(str(_shown(v, lang)) for v in value)
    return value


def _json(value: Arg, lang: str) -> object:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, Either):
        return list(value.words)
    if isinstance(value, str) and hasattr(value, "in_language"):
        return value.in_language(lang) or str(value)
    if isinstance(value, tuple):
        return [_json(v, lang) for v in value]
    return value


def _collect(value: Arg, found: list[str]) -> None:
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, Message):
        found.extend(value.words())
    elif isinstance(value, Either):
        found.extend(value.words)
    elif isinstance(value, tuple):
        for v in value:
            _collect(v, found)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The diagnostics' catalogue for `lang` (English, or a language without one: none)."""
    if lang not in LANGUAGES or lang == "en":
        return gettext.NullTranslations()
    return compiled("riskrules.grammar", DOMAIN, lang)


@functools.cache
def compiled(package: str, domain: str, lang: str) -> gettext.NullTranslations:
    """`package`'s catalogue locale/LANG/LC_MESSAGES/DOMAIN.po compiled in memory when first
    used, so the .po files are the only source (English, the source language, has none).
    Babel is imported here, not at start-up (it costs a `check` 20 ms)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    if lang == "en":
        return gettext.NullTranslations()
    po = resources.files(package).joinpath(f"locale/{lang}/LC_MESSAGES/{domain}.po")
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
