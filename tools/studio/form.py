"""The rule form and the quick fixes, both the editing service's (`service.editing`), drawn
here: each change the form posts is written into the file in `fmt`'s canonical layout, and the
text panel shows the file as it then is (form and text in step both ways)."""

from __future__ import annotations

from starlette.datastructures import FormData
from starlette.requests import Request

from ...grammar.messages import msg
from ..service import editing
from ..service.errors import ServiceError, UsageError
from .document import Document
from .render import language


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
    """A field's value as posted: one text, or a table's rows (a key and a cell each)."""
    keys = [str(k) for k in form.getlist("key")]
    if keys:
        cells = [str(c).strip() for c in form.getlist("cell")]
        rows: list[tuple[str | int, str]] = [(k, c) for k, c in zip(keys, cells, strict=False) if c]
        if not rows:
            raise UsageError(msg("fill in at least one row of the table"))
        return rows
    value = str(form.get("value") or "").strip()
    if not value:
        raise UsageError(msg("give the rule a value (or press Back to the base)"))
    return value


def apply_rule(doc: Document, form: FormData, request: Request) -> tuple[editing.Edited, list[str]]:
    """The text after the form's change (with its snapshot), and what the checker said
    against the value when the change was refused (the text then stays as it was)."""
    rule = str(form.get("rule") or "")
    path = str(doc.path)
    if form.get("clear"):
        edited = editing.clear_rule(doc.snapshot, path, rule, doc.ruleset)
    else:
        because = str(form.get("because") or "").strip()
        reason = {language(request): because} if because else None
        edited = editing.set_rule(doc.snapshot, path, rule, _value(form), reason, doc.ruleset)
    lang = language(request)
    problems = [
        d.text(lang) + (f" ({hint})" if (hint := d.hint_text(lang)) else "") for d in edited.refused
    ]
    return edited, problems
