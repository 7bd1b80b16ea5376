"""What a user wrote, made safe for each output format: one function per format, written once.

A user writes titles, `because` reasons, names (of boards, continents, territories, a source's
`short`), citations' anchors and sections, text values, and the file names of their rules; every
output that shows one passes it through its format's function here, so the reader sees what the
author wrote and the format never acts on it:

- HTML: `html` (markupsafe's escape of the text with its control characters made visible as
  `terminal` does; the sheets' and diff pages' templates do the same to every value they
  show, by `html_value` and Jinja2's autoescape);
- Markdown: `markdown` (HTML's `< > &` as entities, Markdown's active characters escaped);
- text on a terminal: `terminal` (control characters, which a terminal obeys, and the
  characters that reorder text shown as escapes);
- XML (`test --junitxml`): `xml_text`, the control characters XML forbids made visible
  (ElementTree escapes the markup);
- JSON: `json.dumps` (the command line's `emit_json`), which escapes by construction.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

__all__ = ["html", "html_value", "markdown", "markdown_of_html", "terminal", "xml_text"]

# Control characters (C0 but the tab, DEL, C1: a terminal acts on them, a carriage return
# overwrites the line) and the characters that reorder what follows them (bidirectional
# overrides and isolates): shown as escapes.
_REORDERING = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_HIDDEN = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f{_REORDERING}]")
_NAMED = {"\n": "\\n", "\r": "\\r"}
# In HTML (and XML) a line break is only white space, and so it is in what a template lays
# out: only the other control characters are shown.
_HIDDEN_IN_HTML = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_REORDERING}]")


def terminal(text: object) -> str:
    """Text for a terminal: what it would obey (an escape sequence, a carriage return, a line
    break inside a one-line title) written out as `\\x1b`, `\\r`, `\\n`, `\\u202e`."""
    return _HIDDEN.sub(_visible, str(text))


def _visible(found: re.Match[str]) -> str:
    char = found.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _controls_shown(text: str) -> str:
    """The control characters shown as `terminal` shows them, but the line breaks and tabs."""
    return _HIDDEN_IN_HTML.sub(_visible, text)


def html(text: object) -> Markup:
    """Text for HTML: `< > & " '` as entities, control characters (but line breaks, white
    space in HTML) shown as `terminal` shows them."""
    return escape(_controls_shown(str(text)))


def xml_text(text: str) -> str:
    """Text for an XML document built by ElementTree (which writes `< > & "` as entities but
    a control character as it is, making the document unreadable): those shown as `html`
    shows them."""
    return _controls_shown(text)


def html_value(value: object) -> object:
    """What an HTML template (with autoescape) shows of a value (its `finalize`): the control
    characters made visible as `html` does, before autoescape escapes the rest. HTML built
    already (a sentence, a macro's output: Markup) stays HTML. A printable text has none of
    those characters (each is a control or a format character): it is returned as it is,
    since a page shows thousands of values (the studio's rule form)."""
    if isinstance(value, str) and value.isprintable():
        return value
    if isinstance(value, Markup):
        return Markup(_controls_shown(value))
    return _controls_shown(value) if isinstance(value, str) else value


# Markdown's active characters anywhere in a line: a backslash, code, emphasis, links and
# images (`[x](javascript:…)` needs its brackets), table cells, strike-through, headings
# (a closing `#` too), footnotes (`[^1]`).
_MD_ANYWHERE = re.compile(r"([\\`*_\[\]|~#])")
# …and at the start of a line only: a list item, a setext underline, a numbered item ("1." or
# "1)": its stop is escaped, the number stays).
_MD_LINE_START = re.compile(r"^(\s*)(?:([-+=])|(\d+)([.)]))")


def markdown(text: object) -> str:
    """Text for Markdown (inline, a table cell, a heading): the reader sees exactly what was
    written. No raw HTML (`<`, `>`, `&` as entities), no Markdown it would start (a heading,
    a link, code, emphasis, a cell's pipe…), on one line; control characters as `terminal`."""
    out = terminal(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = _MD_ANYWHERE.sub(r"\\\1", out)
    return _MD_LINE_START.sub(_escape_line_start, out, count=1)


def _escape_line_start(found: re.Match[str]) -> str:
    space, mark, number, stop = found.groups()
    return f"{space}\\{mark}" if mark else f"{space}{number}\\{stop}"


def markdown_of_html(sentence: Markup) -> str:
    """A sheet's sentence (HTML: escaped text with its key words in <b>) as Markdown: each
    stretch of text through `markdown`, the <b> as **."""
    parts = re.split(r"</?b>", str(sentence))
    said = [markdown(Markup(part).unescape()) for part in parts]
    return "**".join(said)
