"""Advice on a character no token starts with (grammar/mistakes.py): a slash, a single equals
sign, a curly quote, a letter outside the language's alphabet, a symbol typed for an
operator."""

import re

from .diagnostics import Diagnostic, error
from .messages import msg
from .mistake_text import (
    _CURLY,
    _SYMBOLS,
    Failure,
    Text,
    _code,
    fix,
)
from .schema import Kind, lookup
from .words import FOREIGN, language_name


def _character(f: Failure, t: Text) -> Diagnostic | None:
    text = t.text
    ch = text[f.pos] if f.pos < len(text) else ""
    nxt = text[f.pos + 1] if f.pos + 1 < len(text) else ""
    _prev_pos, prev = t.before(f.pos)
    if ch == "/" and nxt != "/":
        return error(
            "RR0002",
            msg(
                "'/' is not division here: write // (a whole number, rounded down), such as "
                "territories // 3"
            ),
            t.span(f.pos),
            fix("//"),
        )
    if ch == "=":
        return _equals(f, t, nxt, prev)
    if ch in _SYMBOLS:
        written, why = _SYMBOLS[ch]
        return error(
            "RR0002",
            msg("'{ch}' cannot be typed here: {why}", ch=ch, why=why),
            t.span(f.pos),
            fix(written),
        )
    if ch in "|&":
        word = "or" if ch == "|" else "and"
        end = f.pos + (2 if nxt == ch else 1)
        return error(
            "RR0002",
            msg(
                "write '{word}' to join two conditions, not '{text_}'",
                word=word,
                text_=text[f.pos : end],
            ),
            t.span(f.pos, end),
            fix(word),
        )
    if ch == "!":
        return error(
            "RR0002", msg("write 'not' before a condition, not '!'"), t.span(f.pos), fix("not ")
        )
    if ch == ";":
        if any(b.kind == "table" for b in t.open_blocks(f.pos)):
            return error(
                "RR0002",
                msg("separate a table's entries with ',', not ';'"),
                t.span(f.pos),
                fix(","),
            )
        return error(
            "RR0002",
            msg("a rule ends at the end of its line: no ';' is needed"),
            t.span(f.pos),
            msg("remove the ';'"),
        )
    if ch in _CURLY or ch == "'":
        return _quotes(f, t, ch)
    if ch.isalpha() and (ch.isupper() or not ch.isascii()):
        return _letter(f, t)
    return None


def _equals(f: Failure, t: Text, nxt: str, prev: str) -> Diagnostic:
    """An '=' where something else is meant: >=, <=, ':' or '=='."""
    if nxt == ">":
        return error("RR0002", msg("write 'at least' as >="), t.span(f.pos, f.pos + 2), fix(">="))
    if nxt == "<":
        return error("RR0002", msg("write 'at most' as <="), t.span(f.pos, f.pos + 2), fix("<="))
    rule = t.rule_at(f.pos)
    if prev == ":":
        return error(
            "RR0002",
            msg("unexpected '=' after ':': a rule is written 'rule.id: value'"),
            t.span(f.pos),
            msg("remove the '='"),
        )
    if rule is None and re.fullmatch(r"[a-z][a-z0-9_.]*", prev or "-"):
        return error(
            "RR0002",
            msg("unexpected '=': a rule is written 'rule.id: value', with ':'"),
            t.span(f.pos),
            fix(":", msg("('==' compares two numbers in a condition)")),
        )
    return error(
        "RR0002",
        msg("unexpected '=': compare two numbers with '=='"),
        t.span(f.pos),
        fix("==", msg("a rule is written 'rule.id: value'")),
    )


def _quotes(f: Failure, t: Text, ch: str) -> Diagnostic:
    """A curly quote (pasted from a word processor) or a single one, where '"' is meant."""
    _, begin, content = t.line_of(f.pos)
    rest = t.text[f.pos + 1 : begin + len(content)]
    ends = [i for i, c in enumerate(rest) if c in "”“’‘'»«\"„"]
    what = (
        msg("a single quote")
        if ch == "'"
        else msg("a curly quote {ch} (as a word processor types it)", ch=ch)
    )
    if not ends:
        return error(
            "RR0002",
            msg('{what} cannot start a text: write straight double quotes "…"', what=what),
            t.span(f.pos),
            fix('"'),
        )
    inner = rest[: ends[0]]
    end = f.pos + 1 + ends[0] + 1
    rule = t.rule_at(f.pos)
    spec = lookup(rule[0]) if rule else None
    word = re.fullmatch(r"[a-z][a-z0-9_]*( [a-z][a-z0-9_]*)*", inner)
    _, prev = t.before(f.pos)
    text_goes_here = prev in ("because", "cite", "title", "short", "section", "page") or (
        prev.isdigit() and "cite" in content
    )
    if spec is not None and word and spec.kind != Kind.TEXT and not text_goes_here:
        return error(
            "RR0002",
            msg(
                "{what} around '{inner}': a word of a rule needs no quotes", what=what, inner=inner
            ),
            t.span(f.pos, end),
            fix(inner),
        )
    return error(
        "RR0002",
        msg("{what}: write a text in straight double quotes", what=what),
        t.span(f.pos, end),
        fix(f'"{inner}"'),
    )


def _letter(f: Failure, t: Text) -> Diagnostic:
    """An upper-case or non-ASCII letter: a title without quotes, a capital in a name, another
    language's word (with its letters: ø, æ, ë …)."""
    start, end, word = t.word_at(f.pos)
    while end < len(t.text) and (t.text[end].isalpha() or t.text[end] in "_-"):
        end += 1
    word = t.text[start:end]
    lowered = word.lower()
    _line, begin, content = t.line_of(f.pos)
    head = _code(content[: start - begin]).strip()
    header = re.fullmatch(r"ruleset\s+[a-z][a-z0-9_-]*", head)
    if header:
        stop = re.search(r"\s(extends\b|\{)", content[start - begin :])
        title = content[start - begin : start - begin + stop.start()] if stop else word
        title = title.strip()
        return error(
            "RR0002",
            msg('a ruleset\'s title goes in quotes: "{title}"', title=title),
            t.span(start, start + len(title)),
            fix(f'"{title}"'),
        )
    meant = FOREIGN.get(lowered)
    if meant is not None:
        return error(
            "RR0002",
            msg(
                "'{word}' is {language} for '{meant}': the rules are written in English words",
                word=word,
                language=language_name(meant[1]),
                meant=meant[0],
            ),
            t.span(start, end),
            fix(meant[0]),
        )
    if lowered.isascii():
        kind = msg("a ruleset's name") if re.fullmatch(r"ruleset", head) else msg("a name")
        return error(
            "RR0002",
            msg(
                "{kind} is written in lower case: '{lowered}', not '{word}'",
                kind=kind,
                lowered=lowered,
                word=word,
            ),
            t.span(start, end),
            fix(lowered, msg("(display names go in quotes)")),
        )
    ascii_word = _ascii(lowered)
    return error(
        "RR0002",
        msg(
            "'{word}' has a letter riskrules cannot read in a name ({text_}): names are plain "
            "lower-case letters, digits and _; a display name goes in quotes",
            word=word,
            text_=t.text[f.pos],
        ),
        t.span(start, end),
        fix(ascii_word) if ascii_word else None,
    )


def _ascii(word: str) -> str:
    out = word
    for a, b in (("æ", "ae"), ("ø", "oe"), ("å", "aa"), ("ë", "e"), ("é", "e"), ("ü", "u")):
        out = out.replace(a, b)
    return out if out.isascii() and re.fullmatch(r"[a-z_][a-z0-9_]*", out) else ""


# ---------------------------------------------------------------- unexpected tokens
