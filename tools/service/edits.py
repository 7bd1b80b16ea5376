"""Edits the rule form makes to a house-rules file's text: a rule set (`override RULE: VALUE`,
with `because` when a reason is given), a rule cleared, a new file started. Each edit changes
only the rule's own statement (comments, citations and everything else the author wrote stay
as written), then lays the text out as `fmt` does and checks it as `check` does. A value that
does not parse or check leaves the text as it was and comes back with the diagnostics that
refused it: nothing a person can type raises."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...grammar import model as m
from ...grammar.diagnostics import Diagnostic, Severity, Span, error
from ...grammar.messages import Message, msg
from ...grammar.printer import key_text, value_text
from .errors import UsageError
from .fixes import offset
from .language import Checked, check_document
from .snapshot import Snapshot

RULE_ID = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*")
_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')

# A value as the form gives it: rules-language text, or a table's rows (key, value).
Value = str | Sequence[tuple[str | int, str]]
# A reason: one text (English), or one per language ({"en": "…", "da": "…"}).
Because = str | Mapping[str, str]


@dataclass(frozen=True)
class Edited:
    """The house-rules file after an edit. `text` is the new text, or the text as it was when
    the edit was `refused` (then `refused` holds the diagnostics of the value: their lines are
    those of the text the edit would have made). `diagnostics` are the checked diagnostics of
    `text`, as `riskrules check` reports them; `snapshot` is `text`'s (the one the edit checked
    it in: a front end shows the edited text from it, nothing read or checked again)."""

    text: str
    changed: bool
    refused: tuple[Diagnostic, ...]
    diagnostics: tuple[Diagnostic, ...]
    snapshot: Snapshot = field(repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return not self.refused

    def to_json(self) -> dict[str, object]:
        return {
            "text": self.text,
            "changed": self.changed,
            "ok": self.ok,
            "refused": [d.to_json() for d in self.refused],
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def start_house_rules(base: str, name: str, title: str) -> str:
    """The text of a new house-rules file declaring ruleset `name` (titled `title`) that
    extends `base`: `riskrules new`'s scaffold."""
    from .authoring import new_rules

    return new_rules(name, base, title)


def set_rule(
    snapshot: Snapshot,
    path: str,
    rule: str,
    value: Value,
    because: Because | None = None,
    ruleset_name: str | None = None,
) -> Edited:
    """The text at `path` in `snapshot` (a house-rules file) with its ruleset `ruleset_name`
    (default: its first) setting `rule` to `value`: the rule's statement replaced where the
    ruleset writes it, else added (as an `override` where the base sets the rule). The base's
    own value, with no reason, clears the rule instead (`clear_rule`): an override that repeats
    the base is a warning."""
    text = _text_of(snapshot, path)
    before = check_document(snapshot, path)
    ruleset, base_sets = _target(before, path, rule, ruleset_name)
    source, rows = _value_source(value)
    if "\n" in source or "\r" in source:
        return _refused(snapshot, path, [_one_line(path, rule)])
    reason = _reason(because)
    candidate = _with_statement(text, ruleset, rule, source, base_sets)
    made = snapshot.edited(path, candidate)
    checked = check_document(made, path)
    if new := _new_errors(before, checked, _lines(checked, path, rule, ruleset.name)):
        return _refused(snapshot, path, new)
    written = _written(checked, path, ruleset, rule, rows)
    if written is None:
        return _refused(snapshot, path, [_one_line(path, rule)])
    if reason is None and _as_base(checked, path, ruleset, written):
        # The base's value: no override to write (RR0404).
        return clear_rule(snapshot, path, rule, ruleset.name)
    if reason is not None:
        wrapped = _assumed(written.value, reason)
        if wrapped is None:
            return _refused(snapshot, path, [_no_reason(path, written)])
        candidate = _with_statement(text, ruleset, rule, value_text(wrapped), base_sets)
        made = snapshot.edited(path, candidate)
        checked = check_document(made, path)
        if new := _new_errors(before, checked, _lines(checked, path, rule, ruleset.name)):
            return _refused(snapshot, path, new)
        written = _written(checked, path, ruleset, rule, rows)
        if written is None or not written.assumed:
            return _refused(snapshot, path, [_one_line(path, rule)])
    return _finished(text, path, made)


def set_rules(
    snapshot: Snapshot,
    path: str,
    values: Sequence[tuple[str, str]],
    ruleset_name: str | None = None,
) -> Edited:
    """The text at `path` in `snapshot` with its ruleset `ruleset_name` (default: its first)
    setting each rule of `values` (rule id, value as rules text) at once, checked once at the
    end: a part of the game that needs several rules together (teams: their count, who
    controls a territory, …) is added in one edit or refused as a whole."""
    from ...grammar.reader import read_rules

    text = _text_of(snapshot, path)
    before = check_document(snapshot, path)
    candidate = text
    for rule, source in values:
        if "\n" in source or "\r" in source:
            return _refused(snapshot, path, [_one_line(path, rule)])
        _, base_sets = _target(before, path, rule, ruleset_name)
        read = read_rules(candidate, path)
        ruleset = declared_ruleset(read.file, ruleset_name) if read.file is not None else None
        if ruleset is None:
            return _refused(snapshot, path, [_one_line(path, rule)])
        candidate = _with_statement(candidate, ruleset, rule, source, base_sets)
    made = snapshot.edited(path, candidate)
    if new := _new_errors(before, check_document(made, path)):
        return _refused(snapshot, path, new)
    return _finished(text, path, made)


def clear_rule(snapshot: Snapshot, path: str, rule: str, ruleset_name: str | None = None) -> Edited:
    """The text at `path` in `snapshot` without the statement of `rule` in its ruleset
    `ruleset_name` (default: its first): the base's value applies again (a rule the ruleset
    does not write leaves the text as it is)."""
    text = _text_of(snapshot, path)
    before = check_document(snapshot, path)
    ruleset, _ = _target(before, path, rule, ruleset_name)
    own = [c for c in ruleset.clauses if c.id == rule]
    if not own:
        return Edited(text, False, (), before.diagnostics, snapshot)
    candidate = text
    for clause in reversed(own):  # from the end, so the earlier offsets hold
        start = _statement_start(candidate, clause)
        end = offset(candidate, clause.span.end_line, clause.span.end_column)
        candidate = _cut(candidate, start, end)
    made = snapshot.edited(path, candidate)
    if new := _new_errors(before, check_document(made, path)):
        return _refused(snapshot, path, new)
    return _finished(text, path, made)


def _text_of(snapshot: Snapshot, path: str) -> str:
    text = snapshot.text(path)
    if text is None:
        raise UsageError(f"no text of {path} to change")
    return text


# ------------------------------------------------------------------ the statement


def declared_ruleset(declared: m.RulesFile, name: str | None) -> m.Ruleset | None:
    """The file's ruleset `name` (None: its first), or None when it declares no such one."""
    if name is None:
        return declared.rulesets[0] if declared.rulesets else None
    return next((r for r in declared.rulesets if r.name == name), None)


def ruleset_to_edit(
    checked: Checked, path: str, name: str | None, nothing: Message | None = None
) -> m.Ruleset:
    """The ruleset `name` (None: its first) that the text at `path` declares; a UsageError
    when it declares none (`nothing` says so, by default "the text declares no ruleset") or
    no such one."""
    declared = checked.workspace.file(path)
    if declared is None or not declared.rulesets:
        raise UsageError(nothing or msg("the text declares no ruleset"), checked.diagnostics)
    found = declared_ruleset(declared, name)
    if found is None:
        names = tuple(r.name for r in declared.rulesets)
        said = msg(
            "the text declares no ruleset '{name}' (it declares {names})",
            name=name or "",
            names=names,
        )
        raise UsageError(said)
    return found


def _target(
    checked: Checked, path: str, rule: str, name: str | None = None
) -> tuple[m.Ruleset, bool]:
    """The file's ruleset `name` (None: its first), and whether its base sets `rule`."""
    if not RULE_ID.fullmatch(rule):
        raise UsageError(msg("'{rule}' is not a rule id (such as combat.ties)", rule=rule))
    ruleset = ruleset_to_edit(checked, path, name, msg("the text declares no ruleset to change"))
    base = checked.workspace.resolved.get(ruleset.extends) if ruleset.extends else None
    return ruleset, base is not None and base.clause(rule) is not None


def _as_base(checked: Checked, path: str, ruleset: m.Ruleset, written: m.Clause) -> bool:
    """Whether the written value is the one the base gives the rule."""
    base = checked.workspace.resolved.get(ruleset.extends) if ruleset.extends else None
    inherited = base.clause(written.id) if base is not None else None
    return inherited is not None and m.strip_assumed(inherited.value) == written.value


def _value_source(value: Value) -> tuple[str, list[str] | None]:
    """The value as rules-language text, and for rows the keys the table must have."""
    if isinstance(value, str):
        return value.strip(), None
    rows = [(key, str(cell).strip()) for key, cell in value]
    keys = [key_text(k if isinstance(k, int) else _key(k)) for k, _ in rows]
    return "{" + ", ".join(f"{k}: {v}" for k, (_, v) in zip(keys, rows, strict=True)) + "}", keys


def _key(key: str) -> str | int:
    key = key.strip()
    return int(key) if key.isascii() and key.isdigit() and len(key) < 10 else key


def _reason(because: Because | None) -> m.Reason | None:
    if because is None:
        return None
    given = {"en": because} if isinstance(because, str) else dict(because)
    entries = tuple(
        m.Entry(lang.strip(), m.Text(said.strip())) for lang, said in given.items() if said.strip()
    )
    return m.Reason.of(m.Table(entries)) if entries else None


def _assumed(value: m.Value, reason: m.Reason) -> m.Value | None:
    """The value marked as assumed, with its reason (None: a `fixed N` schedule, which the
    language gives no reason for)."""
    value = m.strip_assumed(value)
    if not isinstance(value, m.Schedule):
        return m.Assumed(value, reason)
    if value.kind in ("sequence", "track") and value.segments:
        first = m.Segment(value.segments[0].values, reason)
        return m.Schedule(value.kind, (first, *value.segments[1:]), value.step, value.table)
    if value.kind == "by_kind" and value.table is not None:
        entries = tuple(
            m.Entry(e.key, m.Assumed(m.strip_assumed(e.value), reason)) for e in value.table.entries
        )
        return m.Schedule(value.kind, value.segments, value.step, m.Table(entries))
    return None


def _with_statement(text: str, ruleset: m.Ruleset, rule: str, source: str, base: bool) -> str:
    """The text with the ruleset's statement of `rule` replaced by `rule: source` (its
    citations kept), or that statement added before the ruleset's closing brace."""
    own = next((c for c in ruleset.clauses if c.id == rule), None)
    if own is not None:
        start = _statement_start(text, own)
        written = _slice(text, own.id_span)
        end = _value_end(text, start, own)
        keyword = "override " if own.override or base else ""
        return text[:start] + f"{keyword}{written}: {source}" + text[end:]
    close = offset(text, ruleset.span.end_line, ruleset.span.end_column) - 1
    keyword = "override " if base else ""
    line_start = text.rfind("\n", 0, close) + 1
    statement = f"  {keyword}{rule}: {source}\n"
    if text[line_start:close].strip():
        return text[:close] + "\n" + statement + text[close:]
    return text[:line_start] + statement + text[line_start:]


def _statement_start(text: str, clause: m.Clause) -> int:
    """Where the clause's statement starts: its `override`, else its rule id."""
    at = offset(text, clause.id_span.line, clause.id_span.column)
    found = re.search(r"override\s+$", text[max(0, at - 200) : at]) if clause.override else None
    return at - len(found.group()) if found else at


def _value_end(text: str, start: int, clause: m.Clause) -> int:
    """Where the clause's value ends: its span's end, past the brackets it opened (a value's
    span leaves out the parentheses around it)."""
    end = offset(text, clause.value.span.end_line, clause.value.span.end_column)
    if clause.value.span == m.NO_SPAN:
        end = offset(text, clause.span.end_line, clause.span.end_column)
    plain = _STRING.sub("", text[start:end])
    depth = plain.count("(") - plain.count(")")
    while depth > 0:
        found = re.match(r"\s*\)", text[end:])
        if not found:
            break
        end += found.end()
        depth -= 1
    return end


def _written(
    checked: Checked, path: str, ruleset: m.Ruleset, rule: str, keys: list[str] | None
) -> m.Clause | None:
    """The statement written, if the new text reads as the old with that one statement
    changed (a value that runs into another rule, or a row into another row, does not)."""
    declared = checked.workspace.file(path)
    now = declared_ruleset(declared, ruleset.name) if declared is not None else None
    if now is None or now.extends != ruleset.extends:
        return None
    others = [c for c in ruleset.clauses if c.id != rule]
    if [c for c in now.clauses if c.id != rule] != others:
        return None
    found = [c for c in now.clauses if c.id == rule]
    if len(found) != 1:
        return None
    value = m.strip_assumed(found[0].value)
    written = [key_text(e.key) for e in value.entries] if isinstance(value, m.Table) else None
    if keys is not None and written != keys:
        return None
    return found[0]


# ------------------------------------------------------------------ the outcome


def _new_errors(
    before: Checked, after: Checked, lines: tuple[int, int] | None = None
) -> list[Diagnostic]:
    """The errors an edit makes: those on the edited statement's `lines`, else those past the
    text's errors before the edit (an edit that mends one error and makes another elsewhere
    leaves the author the new one to see, in the diagnostics)."""
    was = [d for d in before.diagnostics if d.severity == Severity.ERROR]
    now = [d for d in after.diagnostics if d.severity == Severity.ERROR]
    if lines is not None:
        here = [d for d in now if lines[0] <= d.span.line <= lines[1]]
        if here:
            return here
    if len(now) <= len(was):
        return []
    seen = Counter((d.code, d.message) for d in was)
    fresh = []
    for d in now:
        if seen[(d.code, d.message)] > 0:
            seen[(d.code, d.message)] -= 1
        else:
            fresh.append(d)
    return fresh or now


def _lines(
    checked: Checked, path: str, rule: str, name: str | None = None
) -> tuple[int, int] | None:
    """The lines of ruleset `name`'s (None: the first's) statement of `rule` (None: it did
    not parse)."""
    declared = checked.workspace.file(path)
    ruleset = declared_ruleset(declared, name) if declared is not None else None
    if ruleset is None:
        return None
    found = next((c for c in ruleset.clauses if c.id == rule), None)
    return (found.span.line, found.span.end_line) if found is not None else None


def _finished(text: str, path: str, made: Snapshot) -> Edited:
    """The edited text (in the snapshot `made` of it) laid out as `fmt` does, when it parses
    and the layout keeps its meaning (as `format_text`), with its diagnostics: a text the
    layout leaves as it is is not read or checked again."""
    from ...grammar.layout import format_text as layout

    candidate = _text_of(made, path)
    declared = made.workspace.file(path)
    if declared is not None and os.path.abspath(path) not in made.workspace.broken:
        formatted = layout(candidate)
        if formatted != candidate:
            laid = made.edited(path, formatted)
            if laid.workspace.file(path) == declared and not laid.workspace.broken:
                candidate, made = formatted, laid
    after = check_document(made, path)
    return Edited(candidate, candidate != text, (), after.diagnostics, made)


def _refused(snapshot: Snapshot, path: str, why: Sequence[Diagnostic]) -> Edited:
    text = _text_of(snapshot, path)
    return Edited(text, False, tuple(why), check_document(snapshot, path).diagnostics, snapshot)


def _one_line(path: str, rule: str) -> Diagnostic:
    return error(
        "RR0001",
        msg("the value of '{rule}' must be one value on one line", rule=rule),
        Span.point(path, 1, 1),
        msg(
            "write the value alone, such as `attacker`, `3`, `{{3: 35, 4: 30}}` or `territories "
            "// 3`; another rule is set by a field of its own"
        ),
    )


def _no_reason(path: str, clause: m.Clause) -> Diagnostic:
    return error(
        "RR0001",
        msg("a `fixed` trade value cannot carry a reason ('{id}')", id=clause.id),
        clause.value.span if clause.value.span != m.NO_SPAN else Span.point(path, 1, 1),
        msg("leave the reason out (a comment above the rule can say why)"),
    )


# ------------------------------------------------------------------ positions


def _slice(text: str, span: Span) -> str:
    return text[offset(text, span.line, span.column) : offset(text, span.end_line, span.end_column)]


def _cut(text: str, start: int, end: int) -> str:
    """The text without [start, end); a line left blank by the cut goes with it."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if not text[line_start:start].strip() and not text[end:line_end].strip():
        return text[:line_start] + text[line_end + 1 :]
    return text[:start] + text[end:]
