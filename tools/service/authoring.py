"""`new`: the start of a house-rules file, from a base ruleset or a shipped example."""

from __future__ import annotations

import re

from ...grammar.diagnostics import did_you_mean
from ...grammar.messages import msg
from .errors import UnknownExample, UsageError
from .snapshot import Snapshot

NAME = re.compile(r"[a-z][a-z0-9_]*(-[a-z0-9_]+)*")


def examples() -> list[str]:
    """The shipped example house rules' names."""
    from ..authoring.scaffold import examples as shipped

    return list(shipped())


def example_titles(lang: str = "en") -> list[tuple[str, str]]:
    """The shipped example house rules: each one's name and title in `lang`."""
    from ..authoring.scaffold import example_title
    from ..authoring.scaffold import examples as shipped

    return [(name, example_title(name, text, lang)) for name, text in shipped().items()]


def new_rules(
    name: str,
    base: str = "classic",
    title: str | None = None,
    example: str | None = None,
    lang: str = "en",
    snapshot: Snapshot | None = None,
    bare: bool = False,
) -> str:
    """The text of a new rules file declaring ruleset NAME: the rules families change most, as
    commented examples with the base's values; or the example `example`, renamed. `base` is
    found in `snapshot` (None: a snapshot of what it names, made only when it is needed)."""
    from ...grammar.layout import format_text
    from ..authoring.scaffold import examples as shipped
    from ..authoring.scaffold import from_example, scaffold

    known = shipped() if example is not None else {}
    if example is not None and example not in known:
        hint = did_you_mean(example, known)
        raise UnknownExample(f"no example '{example}'" + (f" ({hint})" if hint else ""), [*known])
    if not NAME.fullmatch(name):
        raise UsageError(
            msg(
                "'{name}' is not a ruleset name: use lower-case letters, digits, '_' and '-'",
                name=name,
            )
        )
    if example is not None:
        return from_example(name, example, known[example], title, lang)
    eff = (snapshot or Snapshot.of_refs([base])).ruleset(base)
    return format_text(scaffold(name, eff, title, lang, bare))
