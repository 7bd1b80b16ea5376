"""Syntax errors in the author's terms: the usual mistakes recognised from the text around the
place the parser stopped, each answered with what was meant and the right form.

The parser says which token it did not expect and which it would have taken; a player wrote a
house rule. `advise` reads the line (and the blocks open around it) to tell a missing comma
from a word where a formula goes, a curly quote from a straight one, `/` from `//`, a title
without its quotes from a misspelt keyword. Where the fix is sure, the hint offers it as
"did you mean 'X'?" over exactly the text to replace: the form the language server turns into
a quick fix. Nothing here names the grammar's tokens.
"""

from __future__ import annotations

import re

from .diagnostics import Diagnostic, Span, error
from .keywords import OPEN_WORDS
from .messages import msg
from .mistake_characters import (
    _character,
)
from .mistake_text import (
    _OPERATOR,
    SCHEDULE_FORMS,
    Failure,
    Text,
    _code,
    _skip_spaces,
    closest,
    fix,
)
from .mistake_words import keyword_in_words, said_in_words
from .schema import Kind, known_ids, lookup
from .words import NUMBER_WORDS

# ---------------------------------------------------------------- the advice


def advise(failure: Failure, text: str, path: str) -> Diagnostic | None:
    """A diagnostic in the author's terms for the usual mistakes, or None for the others."""
    t = Text(text, path)
    said = keyword_in_words(failure, t) or said_in_words(failure, t)
    if said is not None:
        return said
    if failure.token == "":  # a line left unfinished is the mistake, not the next line's
        return _unclosed(failure, t) or _character(failure, t)
    for rule in _TOKEN_RULES:
        found = rule(failure, t)
        if found is not None:
            return found
    return None


def _at_end(f: Failure, t: Text) -> Diagnostic | None:
    """The file ends inside a block: name the block left open."""
    if f.token != "$END":
        return None
    blocks = [b for b in t.open_blocks(len(t.text)) if b.char == "{"]
    if not blocks:
        return None
    block = blocks[-1]
    line, _, _ = t.line_of(block.pos)
    what = {
        "ruleset": msg("ruleset '{label}'", label=block.label),
        "group": msg("the group '{label} {{'", label=block.label),
        "table": msg("the table"),
        "board": msg("the {label}", label=block.label),
    }.get(block.kind, msg("a block"))
    end = t.span(len(t.text), len(t.text))  # where the '}' goes
    return error(
        "RR0001",
        msg(
            "the file ends before {what} opened on line {line} is closed: missing '}}'",
            what=what,
            line=line,
        ),
        end,
        msg("close every '{{' with a matching '}}'"),
    )


def _unclosed(f: Failure, t: Text) -> Diagnostic | None:
    """The error comes on a line that starts a new rule: the rule before it is unfinished (a
    bracket left open, or a line ending in an operator or a comma)."""
    line, begin, content = t.line_of(f.pos)
    starts_rule = re.match(r"\s*(override\b|[a-z][a-z0-9_.]*\s*[:{])", content)
    if not starts_rule or f.pos - begin > len(starts_rule.group(0)) + 40:
        return None
    if begin == 0:
        return None
    prev_pos, prev = t.before(begin)
    if prev_pos < 0:
        return None
    prev_line, _, _ = t.line_of(prev_pos)
    blocks = t.open_blocks(begin)
    if blocks and blocks[-1].kind in ("paren", "list"):
        opened = blocks[-1]
        at, _, _ = t.line_of(opened.pos)
        close = ")" if opened.char == "(" else "]"
        return error(
            "RR0001",
            msg(
                "the '{char}' on line {at} is never closed: the rule goes on to line {line}",
                char=opened.char,
                at=at,
                line=line,
            ),
            t.span(opened.pos),
            msg("close it with '{close}' on line {at}", close=close, at=at),
        )
    if blocks and blocks[-1].kind == "table" and prev not in (",", "{", ":"):
        return None  # a table's entries on several lines: told by _table_open
    if prev.lower() in OPEN_WORDS or prev[-1] in _OPERATOR + ",:([.":
        return error(
            "RR0001",
            msg(
                "the rule on line {prev_line} is unfinished: it ends with '{prev}'",
                prev_line=prev_line,
                prev=prev,
            ),
            t.span(prev_pos, prev_pos + len(prev)),
            msg(
                "finish it on its own line (such as territories >= 30), or remove what is left over"
            ),
        )
    return None


def _table_open(f: Failure, t: Text) -> Diagnostic | None:
    """A line ends inside a table: its '}' is missing (or a ',' before the next entry)."""
    if f.token != "_NL":
        return None
    blocks = t.open_blocks(f.pos)
    if not blocks or blocks[-1].kind != "table":
        return None
    line, _, _ = t.line_of(blocks[-1].pos)
    end_pos, last = t.before(f.pos)
    return error(
        "RR0001",
        msg("the table opened on line {line} is not closed: end it with '}}'", line=line),
        t.span(end_pos, end_pos + len(last)),
        msg("close the table on the line it is opened, or end each line of its entries with ','"),
    )


def _missing_comma(f: Failure, t: Text) -> Diagnostic | None:
    """A value follows another where a ',' goes: in a table, a list, a sequence, a call."""
    if "COMMA" not in f.expected or f.token not in ("INT", "NAME", "RULE_ID", "STRING"):
        return None
    _, _begin, content = t.line_of(f.pos)
    written = t.text[f.pos : f.end]
    blocks = t.open_blocks(f.pos)
    inner = blocks[-1] if blocks else None
    _after_pos, after = t.after(f.end)
    why = None
    if inner is not None and inner.kind == "table" and after == ":":
        why = msg("each entry of a table is followed by ','")
    elif inner is not None and inner.kind in ("paren", "list"):
        why = msg("the values in brackets are separated by ','")
    elif re.search(r":\s*(sequence|track)\b", content) and f.token == "INT":
        why = msg("the values of a sequence are separated by ','")
    if why is None:
        return None
    return error(
        "RR0001",
        msg("missing ',' before {written}?", written=written),
        t.span(f.pos, f.end),
        fix(f", {written}", why),
    )


def _formula_in_words(f: Failure, t: Text) -> Diagnostic | None:
    """A number and a quantity where a condition goes (`30 territories`), `3 to 6` for a
    range, `territories divided by 3` for a formula."""
    rule = t.rule_at(f.pos)
    if rule is None:
        return None
    rule_id, value_at = rule
    spec = lookup(rule_id)
    if spec is None:
        return None
    _, begin, content = t.line_of(value_at)
    value = _code(t.text[value_at : begin + len(content)]).strip()
    start = _skip_spaces(t.text, value_at)
    span = t.span(start, start + len(value))
    words = value.split()
    if spec.kind == Kind.CONDITION:
        found = re.fullmatch(r"(\d+)\s+([a-z_]+)(\s+or more)?", value)
        if found and found.group(2) in spec.names:
            formula = f"{found.group(2)} >= {found.group(1)}"
            return error(
                "RR0001",
                msg(
                    "a condition is written as a comparison: '{formula}' for {value}",
                    formula=formula,
                    value=value,
                ),
                span,
                fix(
                    formula,
                    msg(
                        "(or, for the last one standing too: {formula} or opponents == 0)",
                        formula=formula,
                    ),
                ),
            )
    if spec.kind == Kind.INT_RANGE:
        found = re.fullmatch(r"(\d+)\s*(to|til|tot|-|–)\s*(\d+)", value)
        if found:
            written = f"{found.group(1)} .. {found.group(3)}"
            return error(
                "RR0001",
                msg("a range is written with '..': {written}", written=written),
                span,
                fix(written),
            )
    if spec.kind in (Kind.EXPR, Kind.CONDITION) and len(words) >= 3:
        joined = " ".join(words)
        for said, op in (("divided by", "//"), ("times", "*"), ("plus", "+"), ("minus", "-")):
            found = re.fullmatch(rf"([a-z_]+|\d+) {said} ([a-z_]+|\d+)", joined)
            if found:
                formula = f"{found.group(1)} {op} {found.group(2)}"
                return error(
                    "RR0001",
                    msg(
                        "a formula is written with {op}, not '{said}': {formula}",
                        op=op,
                        said=said,
                        formula=formula,
                    ),
                    span,
                    fix(formula),
                )
    if spec.kind == Kind.SCHEDULE and not re.match(r"(sequence|track|fixed|by)\b", value):
        return _schedule_in_words(value, span)
    return None


def _schedule_in_words(value: str, span: Span) -> Diagnostic | None:
    """Trade values written as one number (`fixed N`) or as numbers one after another (a
    `sequence`)."""
    numbers = re.fullmatch(r"\d+(\s*,\s*\d+)*(\s+then\s+\+?\s*\d+)?", value)
    if re.fullmatch(r"\d+", value):
        # One number is what every set is worth, as the checker's RR0201 reads it too.
        return error(
            "RR0001",
            msg("a trade value that never changes is written 'fixed {value}'", value=value),
            span,
            fix(f"fixed {value}", SCHEDULE_FORMS),
        )
    if numbers:
        then = re.search(r"then\s+\+?\s*(\d+)", value)
        listed = value[: then.start()].strip() if then else value
        written = f"sequence {listed}" + (f" then +{then.group(1)}" if then else "")
        return error(
            "RR0001",
            msg(
                "trade values listed one after another are a sequence: '{written}'",
                written=written,
            ),
            span,
            fix(written, SCHEDULE_FORMS),
        )
    return None


def _schedule(f: Failure, t: Text) -> Diagnostic | None:
    """A trade schedule missing a part: `fixed` without its value, `by kind` without braces,
    `then 5` where `then +5` goes."""
    prev_pos, prev = t.before(f.pos)
    rule = t.rule_at(max(prev_pos, 0))
    spec = lookup(rule[0]) if rule is not None else None
    if spec is None or spec.kind != Kind.SCHEDULE:
        return None
    if prev == "fixed":
        return error(
            "RR0001",
            msg("'fixed' needs the armies every set is worth, such as fixed 10"),
            t.span(prev_pos, prev_pos + len(prev)),
            fix("fixed 10"),
        )
    if prev == "kind" and "LBRACE" in f.expected:
        return error(
            "RR0001",
            msg(
                "the values by kind go in braces: by kind {{infantry: 4, cavalry: 6, artillery: "
                "8, mixed: 10}}"
            ),
            t.span(f.pos, f.end),
            None,
        )
    if prev == "then" and f.token == "INT":
        n = t.text[f.pos : f.end]
        return error(
            "RR0001",
            msg("what each further set adds is written 'then +{n}'", n=n),
            t.span(f.pos, f.end),
            fix(f"+{n}"),
        )
    return None


def _rule_head(f: Failure, t: Text) -> Diagnostic | None:
    """After a rule id the parser wants ':' (or '{' for a group): a misspelt `override`, a
    rule id with a space for its dot, a name of two words in a table, a missing ':'."""
    if "COLON" not in f.expected or f.token not in (
        "OVERRIDE",
        "RULE_ID",
        "NAME",
        "INT",
        "STRING",
        "YES",
        "NO",
    ):
        return None
    written = t.text[f.pos : f.end]
    prev_pos, prev = t.before(f.pos)
    _, begin, content = t.line_of(f.pos)
    blocks = t.open_blocks(f.pos)
    in_table = bool(blocks) and blocks[-1].kind == "table"
    if in_table and f.expected == frozenset({"COLON"}):
        if f.token in ("RULE_ID", "NAME") and re.fullmatch(r"[a-z_][a-z0-9_]*", prev or "-"):
            joined = f"{prev}_{written}"
            return error(
                "RR0001",
                msg("a name of two words is written with '_': '{joined}'", joined=joined),
                t.span(prev_pos, f.end),
                fix(joined),
            )
        return error(
            "RR0001",
            msg(
                "each entry of a table is written KEY: VALUE, such as {prev}: {written}",
                prev=prev,
                written=written,
            ),
            t.span(f.pos, f.end),
            fix(f": {written}"),
        )
    if "LBRACE" not in f.expected:
        return None
    first = re.match(r"\s*(override\s+)?([a-z][a-z0-9_.]*)", content)
    if first and prev_pos == begin + first.start(2):
        head = first.group(2)
        if not first.group(1) and closest(head, ["override"], 0.7):
            return error(
                "RR0001",
                msg("'{head}' is not a word of the language: did you mean 'override'?", head=head),
                t.span(prev_pos, prev_pos + len(head)),
                fix("override"),
            )
        joined = f"{head}.{written}"
        if lookup(joined) is not None or any(k.startswith(joined + ".") for k in known_ids()):
            return error(
                "RR0001",
                msg("a rule id joins its parts with '.': '{joined}'", joined=joined),
                t.span(prev_pos, f.end),
                fix(joined),
            )
    prev_line, _, _ = t.line_of(prev_pos)
    if prev and prev_line < t.line_of(f.pos)[0]:  # a line left half typed: the error is there
        return error(
            "RR0001",
            msg(
                "the rule on line {prev_line} is unfinished: '{prev}' needs ':' and its value",
                prev_line=prev_line,
                prev=prev,
            ),
            t.span(prev_pos, prev_pos + len(prev)),
            msg("a rule is written 'rule.id: value', such as 'combat.ties: attacker'"),
        )
    return error(
        "RR0001",
        msg("expected ':' after the rule id, found '{written}'", written=written),
        t.span(f.pos, f.end),
        fix(f": {written}", msg("a rule is written 'rule.id: value', a group 'prefix {{ … }}'")),
    )


def _keyword(f: Failure, t: Text) -> Diagnostic | None:
    """A misspelt keyword where a declaration or `extends` goes, and a ruleset's title
    without its quotes."""
    if f.token not in ("RULE_ID", "NAME", "RULESET_NAME"):
        return None
    written = t.text[f.pos : f.end]
    if "RULESET" in f.expected:
        meant = closest(written, ["ruleset", "board", "source"], 0.6)
        return error(
            "RR0001",
            msg(
                "'{written}' does not start a declaration: did you mean '{fix}'?",
                written=written,
                fix=meant,
            )
            if meant
            else msg("'{written}' does not start a declaration", written=written),
            t.span(f.pos, f.end),
            fix(meant)
            if meant
            else msg('a file holds rulesets: ruleset NAME "TITLE" extends BASE {{'),
        )
    if "EXTENDS" in f.expected and "LBRACE" in f.expected:
        if closest(written, ["extends"], 0.7):
            return error(
                "RR0001",
                msg(
                    "'{written}' is not a word of the language: did you mean 'extends'?",
                    written=written,
                ),
                t.span(f.pos, f.end),
                fix("extends"),
            )
        if "STRING" in f.expected:
            _, begin, content = t.line_of(f.pos)
            stop = re.search(r"\s(extends\b|\{)", content[f.pos - begin :])
            title = content[f.pos - begin : f.pos - begin + stop.start()] if stop else written
            return error(
                "RR0001",
                msg('a ruleset\'s title goes in quotes: "{strip}"', strip=title.strip()),
                t.span(f.pos, f.pos + len(title.strip())),
                fix(f'"{title.strip()}"'),
            )
    return None


def _no_brace(f: Failure, t: Text) -> Diagnostic | None:
    """A ruleset's header without its '{'."""
    if f.expected != frozenset({"LBRACE"}):
        return None
    prev_pos, prev = t.before(f.pos)
    line, _, _ = t.line_of(prev_pos)
    here, _, _ = t.line_of(f.pos)
    if here == line:
        return None
    return error(
        "RR0001",
        msg(
            "a ruleset's rules go between '{{' and '}}': put '{{' at the end of line {line}",
            line=line,
        ),
        t.span(prev_pos, prev_pos + len(prev)),
        fix(f"{prev} {{"),
    )


def _quote_missing(f: Failure, t: Text) -> Diagnostic | None:
    """A reason after `because`, or a citation's anchor, written without quotes."""
    if "STRING" not in f.expected or f.token in ("STRING", "$END", "_NL"):
        return None
    _prev_pos, prev = t.before(f.pos)
    _, begin, content = t.line_of(f.pos)
    code = _code(content)
    rest = code[f.pos - begin :].strip()
    if prev == "because" and f.expected <= {"STRING", "LBRACE"}:
        return error(
            "RR0001",
            msg('a reason goes in quotes: because "{rest}"', rest=rest),
            t.span(f.pos, f.pos + len(rest)),
            fix(f'"{rest}"'),
        )
    if f.expected <= {"STRING", "PAGE", "SECTION"}:
        return error(
            "RR0001",
            msg('a citation\'s anchor goes in quotes: "{rest}"', rest=rest),
            t.span(f.pos, f.pos + len(rest)),
            fix(f'"{rest}"'),
        )
    return None


def _bracket_table(f: Failure, t: Text) -> Diagnostic | None:
    """`3: 35, 4: 30` without braces, or in square brackets: a table goes in braces."""
    if f.token != "COLON":
        return None
    rule = t.rule_at(f.pos)
    if rule is None:
        return None
    _, value_at = rule
    _, begin, content = t.line_of(value_at)
    value = _code(t.text[value_at : begin + len(content)]).strip()
    inner = value.strip("{}[] ")
    if not re.fullmatch(r"[a-z0-9_]+\s*:.*", inner):
        return None
    start = _skip_spaces(t.text, value_at)
    return error(
        "RR0001",
        msg("a table goes in braces: {{{inner}}}", inner=inner),
        t.span(start, start + len(value)),
        fix(f"{{{inner}}}", msg("(a list of words goes without brackets, or in [ ])")),
    )


def _stray(f: Failure, t: Text) -> Diagnostic | None:
    """A closing brace too many, and `//` for a comment."""
    if f.token == "RBRACE" and f.expected <= {"$END", "_NL"}:
        return error(
            "RR0001",
            msg("one '}}' too many: the ruleset is closed already"),
            t.span(f.pos),
            msg("remove this '}}' (or the one that closes the ruleset too early)"),
        )
    if f.token == "MUL" and t.text[f.pos : f.pos + 2] == "//":
        _, begin, content = t.line_of(f.pos)
        if not content[: f.pos - begin].strip():
            return error(
                "RR0001",
                msg("a comment starts with '#', not '//'"),
                t.span(f.pos, f.pos + 2),
                fix("#"),
            )
    return None


def _number_word(f: Failure, t: Text) -> Diagnostic | None:
    if f.token not in ("NAME", "RULE_ID"):
        return None
    written = t.text[f.pos : f.end].lower()
    if written in NUMBER_WORDS:
        n = NUMBER_WORDS[written]
        return error(
            "RR0001",
            msg("write numbers in digits: {n} for '{written}'", n=n, written=written),
            t.span(f.pos, f.end),
            fix(str(n)),
        )
    return None


_TOKEN_RULES = (
    _at_end,
    _unclosed,
    _table_open,
    _stray,
    _schedule,
    _bracket_table,
    _missing_comma,
    _formula_in_words,
    _quote_missing,
    _rule_head,
    _keyword,
    _no_brace,
    _number_word,
)
