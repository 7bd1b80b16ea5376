"""The rule form and the quick fixes, both the editing service's (`service.editing`), drawn
here: each change the form posts is written into the file in `fmt`'s canonical layout, and the
text panel shows the file as it then is (form and text in step both ways)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from starlette.datastructures import FormData
from starlette.requests import Request

from ...grammar.messages import msg
from ..service import editing, parts, wording
from ..service.errors import ServiceError, UsageError
from .document import Document
from .render import language

if TYPE_CHECKING:
    from ...grammar.diagnostics import Diagnostic


def form_of(doc: Document, request: Request) -> editing.RuleForm | None:
    """The form, or None when the text declares no ruleset that can be read."""
    try:
        return editing.rule_form(doc.snapshot, str(doc.path), language(request), doc.ruleset)
    except ServiceError:
        return None


def citations(form: editing.RuleForm | None, page_word: str) -> dict[str, list[str]]:
    """Each field's manuals as a reader looks them up (the manual and its page, else its
    section), each once, the reader's manual first."""
    out: dict[str, list[str]] = {}
    for field in form.fields if form is not None else []:
        shown: list[str] = []
        for c in field.citations:
            where = f", {page_word} {c.page}" if c.page else (f" §{c.section}" if c.section else "")
            if c.manual + where not in shown:
                shown.append(c.manual + where)
        out[field.rule] = shown
    return out


def fixes(doc: Document, lang: str = "en") -> list[dict[str, object]]:
    """The language server's quick fixes, each a button: its title (in `lang`) and its
    place."""
    return [
        {"index": k, "title": f.title.render(lang), "line": f.span.line, "column": f.span.column}
        for k, f in enumerate(editing.quick_fixes(doc.snapshot, str(doc.path)))
    ]


def apply_fix(doc: Document, index: str) -> str:
    """The text with quick fix `index` made."""
    found = editing.quick_fixes(doc.snapshot, str(doc.path))
    if not (index.isascii() and index.isdigit() and len(index) < 7) or int(index) >= len(found):
        raise UsageError(msg("that quick fix no longer applies: the text has changed since"))
    return found[int(index)].applied(doc.text)


def _value(form: FormData) -> str | list[tuple[str | int, str]]:
    """A field's value as posted: a table's rows (a key and a cell each); the number field's
    word when its box is ticked ("no limit"); the author's own formula when they changed it;
    else the menu's, preset's or number's value."""
    keys = [str(k) for k in form.getlist("key")]
    if keys:
        cells = [str(c).strip() for c in form.getlist("cell")]
        if form.get("quoted"):  # a text by language: each cell the player's words
            cells = [editing.quoted(c) if c else "" for c in cells]
        rows: list[tuple[str | int, str]] = [(k, c) for k, c in zip(keys, cells, strict=False) if c]
        if not rows:
            raise UsageError(msg("fill in at least one row of the table"))
        return rows
    word = str(form.get("word") or "").strip()
    if word:
        return word
    own = str(form.get("own") or "").strip()
    current = str(form.get("current") or "").strip()
    if own and own != current:
        return own
    kind = str(form.get("trade_kind") or "")
    if kind:  # the trade values' table, when the player changed it
        try:
            made = editing.schedule_text(
                kind, [str(c) for c in form.getlist("trade")], str(form.get("trade_step") or "")
            )
        except ValueError:
            raise UsageError(msg("no kind of trade values '{kind}'", kind=kind)) from None
        if made != str(form.get("trade_current") or ""):
            return made
    value = str(form.get("value") or "").strip()
    if not value:
        raise UsageError(msg("give the rule a value (or press Back to the base)"))
    return value


def apply_rule(doc: Document, form: FormData, request: Request) -> tuple[editing.Edited, list[str]]:
    """The text after the form's change (the rule's value, then the author's note on it in the
    page's language), with its snapshot, and what the checker said against the value when the
    change was refused (the text then stays as it was)."""
    rule = str(form.get("rule") or "")
    path = str(doc.path)
    if form.get("clear"):
        return editing.clear_rule(doc.snapshot, path, rule, doc.ruleset), []
    edited = editing.set_rule(doc.snapshot, path, rule, _value(form), None, doc.ruleset)
    problems = _said(edited.refused, request)
    if problems or "note" not in form:
        return edited, problems
    note = str(form.get("note"))
    noted = wording.set_note(edited.snapshot, path, rule, language(request), note, doc.ruleset)
    return noted, _said(noted.refused, request)


def apply_title(
    doc: Document, form: FormData, request: Request
) -> tuple[editing.Edited, list[str]]:
    """The text with the title the author typed in the page's language."""
    title = str(form.get("title") or "")
    path = str(doc.path)
    edited = wording.set_title(doc.snapshot, path, language(request), title, doc.ruleset)
    return edited, _said(edited.refused, request)


def apply_part(doc: Document, form: FormData, request: Request) -> tuple[editing.Edited, list[str]]:
    """The text with a part of the game (teams, neutral armies, missions) added as the game
    the player picked plays it, or as it was with why not."""
    edited = parts.add_part(
        doc.snapshot,
        str(doc.path),
        str(form.get("part") or ""),
        str(form.get("source") or ""),
        doc.ruleset,
    )
    return edited, _said(edited.refused, request)


def _said(refused: Sequence[Diagnostic], request: Request) -> list[str]:
    """What the checker said against a change, with its hint, in the page's language."""
    lang = language(request)
    return [d.text(lang) + (f" ({hint})" if (hint := d.hint_text(lang)) else "") for d in refused]
