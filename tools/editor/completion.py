"""What the editor should offer at the cursor, read from the text before it: rule ids at the
start of a line (those the base sets after `override`), a rule's own words after `rule:`,
continents or territories inside a table, rulesets after `extends`, manuals after `cite`."""

from __future__ import annotations

import re
from dataclasses import dataclass

_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"?')
_COMMENT = re.compile(r"#[^\n]*")
_OPENER = re.compile(
    r"^[ \t]*(?P<decl>ruleset|board|continent|source)\b[^{\n]*\{"  # a declaration's block
    r"|(?P<table>:\s*(?:assumed\s+)?)\{"  # a table value
    r"|(?:\boverride\s+)?(?P<group>[a-z_][\w.]*)\s*\{"  # a group of rules: `combat {`
    r"|(?P<close>\})",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Context:
    """`kind`: rule, override, value, table, ruleset, source or anything; `rule`: the full
    rule id a value or table belongs to; `prefix`: the groups the cursor is inside."""

    kind: str
    rule: str = ""
    prefix: str = ""
    base: str = ""  # what the enclosing ruleset extends, read from the text (it may not parse)


def _plain(text: str) -> str:
    """The text with strings and comments blanked (same length), so braces in them don't count."""

    def blank(match: re.Match[str]) -> str:
        return " " * len(match.group())

    return _COMMENT.sub(blank, _STRING.sub(blank, text))


def context(before: str) -> Context:
    """The completion context for the text before the cursor."""
    line = before.rsplit("\n", 1)[-1]
    if re.search(r"\bextends\s+[\w-]*$", line):
        return Context("ruleset")
    if re.search(r"\bcite\s+\w*$", line):
        return Context("source")
    stack: list[tuple[str, str]] = []  # (kind, name) of each open brace
    text = _plain(before)
    table_rule = ""
    for match in _OPENER.finditer(text):
        if match.group("close"):
            if stack:
                stack.pop()
        elif match.group("decl"):
            stack.append(("decl", match.group("decl")))
        elif match.group("table") is not None:
            head = text[: match.start()].rstrip()
            found = re.search(r"([a-z_][\w.]*)$", head)
            table_rule = found.group(1) if found else ""
            stack.append(("table", table_rule))
        else:
            stack.append(("group", match.group("group")))
    groups = [name for kind, name in stack if kind == "group"]
    prefix = ".".join(groups)
    heads = re.findall(r"^[ \t]*ruleset\s+[\w-]+[^{\n]*?\bextends\s+([\w-]+)", text, re.MULTILINE)
    base = heads[-1] if heads else ""
    if stack and stack[-1][0] == "table":
        return Context("table", _join(prefix, stack[-1][1]), prefix)
    if not stack or stack[0] != ("decl", "ruleset"):
        return Context("anything")
    value = re.match(r"^\s*(?:override\s+)?([a-z_][\w.]*)\s*:\s*(?:assumed\s+)?[\w-]*$", line)
    if value:
        return Context("value", _join(prefix, value.group(1)), prefix, base)
    if re.match(r"^\s*override\s+[\w.]*$", line):
        return Context("override", "", prefix, base)
    if re.match(r"^\s*[\w.]*$", line):
        return Context("rule", "", prefix, base)
    return Context("anything", "", prefix, base)


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name
