"""The author's own words in a house-rules file, as the studio's form writes them: the ruleset's
title in one language (`title {en: "…", da: "…"}`, the other languages kept) and a rule's note
in one language (`note {da: "…"}` after the rule, printed beneath its sentence on the sheet).
A note is the author's, never an assumption: the rule's value stays as written. Like every
edit of the form, the text is then laid out as `fmt` does and checked as `check` does."""

from __future__ import annotations

import re

from ...grammar import model as m
from ...grammar.messages import msg
from ...grammar.printer import note_text, title_text
from .edits import Edited, _finished, _refused, _target, _text_of, declared_ruleset
from .errors import UsageError
from .fixes import offset
from .language import check_document
from .snapshot import Snapshot

_STRING = r'"(?:[^"\\\n]|\\.)*"'
_TABLE = r'\{(?:[^{}"]|' + _STRING + r")*\}"
# A ruleset's title after its name, and a note at the end of a clause.
_TITLE = re.compile(r"\s*(?:" + _STRING + r"|title\s*" + _TABLE + r")?")
_NOTE = re.compile(r"\s*\bnote\s+(?:" + _STRING + "|" + _TABLE + r")\s*$")
MAX_WORDS = 500  # characters of a title or a note


def _words(current: str | None, lang: str, said: str) -> m.Localized | None:
    """The words by language after the author wrote `said` in `lang` (empty: taken out)."""
    given: dict[str, str] = {}
    if isinstance(current, m.Localized) and current.texts:
        given.update(current.texts)
    elif current:
        given["en"] = str(current)
    said = " ".join(said.split())
    if len(said) > MAX_WORDS:
        raise UsageError(msg("keep it under {most} characters", most=MAX_WORDS))
    if said:
        given[lang] = said
    else:
        given.pop(lang, None)
    if not given:
        return None
    entries = tuple(m.Entry(k, m.Text(v)) for k, v in given.items())
    return m.Localized.of(m.Table(entries))


def set_title(
    snapshot: Snapshot, path: str, lang: str, title: str, ruleset_name: str | None = None
) -> Edited:
    """The text at `path` in `snapshot` with its ruleset's title in `lang` set to `title`
    (empty: that language's taken out; the others stay)."""
    text = _text_of(snapshot, path)
    checked = check_document(snapshot, path)
    declared = checked.workspace.file(path)
    ruleset = declared_ruleset(declared, ruleset_name) if declared is not None else None
    if ruleset is None:
        raise UsageError(msg("the text declares no ruleset to give a title"))
    words = _words(ruleset.title, lang, title)
    at = offset(text, ruleset.name_span.end_line, ruleset.name_span.end_column)
    found = _TITLE.match(text, at)
    end = found.end() if found else at
    shown = f" {title_text(words)}" if words is not None else ""
    candidate = text[:at] + shown + text[end:]
    return _checked(snapshot, path, candidate)


def set_note(
    snapshot: Snapshot,
    path: str,
    rule: str,
    lang: str,
    note: str,
    ruleset_name: str | None = None,
) -> Edited:
    """The text at `path` in `snapshot` with the note on `rule` (which the ruleset must write)
    in `lang` set to `note` (empty: that language's taken out)."""
    text = _text_of(snapshot, path)
    checked = check_document(snapshot, path)
    ruleset, _ = _target(checked, path, rule, ruleset_name)
    clause = next((c for c in ruleset.clauses if c.id == rule), None)
    if clause is None:
        if not note.strip():
            return Edited(text, False, (), checked.diagnostics, snapshot)
        raise UsageError(msg("change the rule first: a note goes with a change"))
    words = _words(clause.note, lang, note)
    end = offset(text, clause.span.end_line, clause.span.end_column)
    start = offset(text, clause.id_span.line, clause.id_span.column)
    body = text[start:end]
    found = _NOTE.search(body) if clause.note else None
    kept = body[: found.start()] if found else body
    shown = f" {note_text(words)}" if words is not None else ""
    return _checked(snapshot, path, text[:start] + kept + shown + text[end:])


def _checked(snapshot: Snapshot, path: str, candidate: str) -> Edited:
    """The candidate laid out and checked, or the text as it was with the errors it made."""
    before = check_document(snapshot, path)
    made = snapshot.edited(path, candidate)
    after = check_document(made, path)
    was = {(d.code, d.message) for d in before.diagnostics if d.severity == "error"}
    new = [d for d in after.diagnostics if d.severity == "error" and (d.code, d.message) not in was]
    if new:
        return _refused(snapshot, path, new)
    return _finished(_text_of(snapshot, path), path, made)
