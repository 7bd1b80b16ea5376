"""Mistakes in a player's own words (grammar/mistakes.py asks these first): the language's
keywords written in the manuals' words (`tilsidesæt`, `omdat`), a number with its unit
(`5 arméer`), a trade sequence going on in words (`4, 6, 8 og så +5`)."""

from __future__ import annotations

import re

from .diagnostics import Diagnostic, error
from .messages import msg
from .mistake_text import Failure, Text, _code, _skip_spaces, fix
from .schema import Kind, lookup
from .words import KEYWORD_WORDS, THEN_WORDS, UNITS, language_name


def said_in_words(f: Failure, t: Text) -> Diagnostic | None:
    """A value said as a player says it: a number with its unit (`5 arméer`, `5 legers`), a
    trade sequence going on in words (`4, 6, 8 og så +5`, `en dan +5`)."""
    rule = t.rule_at(f.pos)
    if rule is None:
        return None
    rule_id, value_at = rule
    spec = lookup(rule_id)
    _, begin, content = t.line_of(value_at)
    value = _code(t.text[value_at : begin + len(content)]).strip()
    if spec is None or not value:
        return None
    start = _skip_spaces(t.text, value_at)
    span = t.span(start, start + len(value))
    unit = re.fullmatch(r"(\d+)\s+(\w+)", value)
    if unit and unit.group(2).lower() in UNITS and spec.kind in _NUMBERS:
        return error(
            "RR0001",
            msg(
                "a number is written without its unit: {n}, not '{value}'",
                n=unit.group(1),
                value=value,
            ),
            span,
            fix(unit.group(1), msg("(the rule counts them already)")),
        )
    if spec.kind != Kind.SCHEDULE:
        return None
    words = "|".join(re.escape(w) for w in sorted(THEN_WORDS, key=len, reverse=True))
    then = re.fullmatch(rf"(?:sequence\s+)?(\d+(?:\s*,\s*\d+)*),?\s+({words})\s*\+?\s*(\d+)", value)
    if then:
        listed = ", ".join(n.strip() for n in then.group(1).split(","))
        written = f"sequence {listed} then +{then.group(3)}"
        return error(
            "RR0001",
            msg(
                "'{said}' is written 'then' in a trade sequence: {fix}",
                said=then.group(2),
                fix=written,
            ),
            span,
            fix(written),
        )
    return None


_NUMBERS = (Kind.INT, Kind.OPTIONAL_INT, Kind.COUNT_OR_UNLIMITED)


def keyword_in_words(f: Failure, t: Text) -> Diagnostic | None:
    """A keyword written in the manuals' words (`tilsidesæt`, `udvider`, `fordi`, `omdat`,
    `aangenomen`): the word at the place the parser stopped, or the one before it."""
    at = min(f.pos, max(len(t.text) - 1, 0))
    found = t.word_at(at) if t.text and _is_word(t.text[at]) else None
    if found is None or found[2].lower() not in KEYWORD_WORDS:
        found = _keyword_on_line(f, t)
    if found is None:
        return None
    start, end, word = found
    meant = KEYWORD_WORDS.get(word.lower())
    if meant is None:
        return None
    keyword, language = meant
    return error(
        "RR0001",
        msg(
            "'{word}' is {language} for '{meant}': the rules are written in English words",
            word=word,
            language=language_name(language),
            meant=keyword,
        ),
        t.span(start, end),
        fix(keyword),
    )


def _keyword_on_line(f: Failure, t: Text) -> tuple[int, int, str] | None:
    """The first keyword in the manuals' words on the failure's line before it (outside a
    string and a comment)."""
    _line, begin, content = t.line_of(f.pos)
    code = _code(content)[: max(0, f.pos - begin)]
    code = re.sub(r'"[^"]*"', lambda m: " " * len(m.group(0)), code)
    for found in re.finditer(r"[^\W\d][\w]*", code):
        if found.group(0).lower() in KEYWORD_WORDS:
            return begin + found.start(), begin + found.end(), found.group(0)
    return None


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"
