"""A Pygments lexer for rules files, registered under the name `riskrules` (an entry point),
for highlighted examples in the docs and anywhere Pygments is used."""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

KEYWORDS = (
    "source", "language", "title", "short", "from", "inherit", "ignore", "board", "continent",
    "borders", "ruleset", "extends", "override", "cite", "page", "section", "assumed",
    "because", "note", "sequence", "track", "then", "after", "last", "stay", "by", "kind", "fixed",
    "and", "or", "not", "yes", "no",
)  # fmt: skip


class RiskrulesLexer(RegexLexer):  # type: ignore[misc]
    name = "riskrules"
    aliases: ClassVar[list[str]] = ["riskrules", "rules"]
    filenames: ClassVar[list[str]] = ["*.rules"]
    mimetypes: ClassVar[list[str]] = ["text/x-riskrules"]

    tokens: ClassVar[dict[str, list[object]]] = {
        "root": [
            (r"\s+", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"', String.Double),
            (
                r"(ruleset|extends)(\s+)([a-z][a-z0-9_]*(?:-[a-z0-9_]+)*)",
                bygroups(Keyword, Whitespace, Name.Class),
            ),
            (words(KEYWORDS, suffix=r"\b"), Keyword),
            (r"[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+(?=\s*[:{])", Name.Attribute),
            (r"[a-z_][a-z0-9_]*(?=\s*[:{])", Name.Attribute),
            (r"[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+", Name.Attribute),
            (r"[a-z_][a-z0-9_]*(?=\()", Name.Function),
            (r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)+", Name.Class),
            (r"[a-z_][a-z0-9_]*", Name),
            (r"[0-9]+", Number.Integer),
            (r"\.\.|//|==|!=|<=|>=|[<>+\-*%~]", Operator),
            (r"[{}()\[\],:]", Punctuation),
        ],
    }
