"""The rule form and the quick fixes: both are the editing service's (`service.editing`),
drawn here; each change rewrites the file in `fmt`'s canonical layout."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request

from ..service.errors import UsageError
from .document import Document
from .render import language


def _editing() -> Any:
    """The editing service (tools/service/editing.py); None while it is not there."""
    try:
        from ..service import editing  # type: ignore[attr-defined]
    except ImportError:
        return None
    return editing


def form_of(doc: Document, request: Request) -> Any:
    editing = _editing()
    if editing is None:
        return None
    return editing.rule_form(doc.text, doc.ref, language(request))


def fixes(doc: Document) -> list[dict[str, Any]]:
    """The quick fixes the language server offers, each a button: its title and an index."""
    editing = _editing()
    if editing is None:
        return []
    return [{"index": k, "title": f.title} for k, f in enumerate(editing.quick_fixes(doc.text, doc.ref))]


def apply_fix(doc: Document, index: str) -> Document:
    editing = _editing()
    found = editing.quick_fixes(doc.text, doc.ref) if editing is not None else []
    if not index.isdigit() or int(index) >= len(found):
        raise UsageError("that quick fix no longer applies: the text has changed since")
    return Document(doc.path, editing.apply_fix(doc.text, found[int(index)]))


def apply_rule(doc: Document, form: FormData, request: Request) -> tuple[Document, list[str]]:
    editing = _editing()
    if editing is None:
        raise UsageError("the rule form is not available in this installation")
    rule = str(form.get("rule") or "")
    if form.get("clear"):
        edited = editing.clear_rule(doc.text, doc.ref, rule)
    else:
        value = str(form.get("value") or "")
        because = str(form.get("because") or "") or None
        edited = editing.set_rule(doc.text, doc.ref, rule, value, because)
    problems = [d.message for d in edited.diagnostics if d.severity.value == "error"]
    return Document(doc.path, edited.text), problems
