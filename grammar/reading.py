"""A rule's value read as a number, a word, a list of words, a yes/no or a range of numbers, an
`assumed` value as the value it assumes. The one reading of values: the checks read a ruleset's
rules with it (grammar/playable.py), the engine caches what it reads with it (engine/rules.py),
and the tools read through those two."""

from __future__ import annotations

from . import model as m


def plain(value: m.Value | None) -> m.Value | None:
    """The value without its `assumed` wrapper (None: no value)."""
    return m.strip_assumed(value) if value is not None else None


def number(value: m.Value | None) -> int | None:
    found = plain(value)
    return found.value if isinstance(found, m.Int) else None


def flag(value: m.Value | None) -> bool | None:
    found = plain(value)
    return found.value if isinstance(found, m.Bool) else None


def word(value: m.Value | None) -> str | None:
    """A word (`deal`) or a phrase (`connected through own territories`)."""
    found = plain(value)
    if isinstance(found, m.Name):
        return found.name
    if isinstance(found, m.Phrase):
        return found.text
    return None


def words(value: m.Value | None) -> tuple[str, ...]:
    """The words of a list (or of one word); what is not a word is left out."""
    found = plain(value)
    items = found.items if isinstance(found, m.ListValue) else (found,) if found else ()
    return tuple(said for item in items if (said := word(item)) is not None)


def int_range(value: m.Value | None) -> tuple[int, int] | None:
    """The ends of a range of numbers (`3 .. 6`: (3, 6)); None: not one."""
    found = plain(value)
    if isinstance(found, m.Range):
        low, high = number(found.low), number(found.high)
        if low is not None and high is not None:
            return low, high
    return None
