"""`riskrules diff`: every rule whose effective value differs between rulesets."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...grammar import model as m
from ...grammar.diagnostics import counted
from ...grammar.printer import to_json, value_text
from ...grammar.resolve import EffectiveRuleset
from ..shared.escape import markdown as md
from ..shared.escape import terminal


def _plain(value: object) -> object:
    """A value's meaning for comparison: `assumed` marks and their reasons left out."""
    if isinstance(value, dict):
        if set(value) == {"assumed", "because"}:
            return _plain(value["assumed"])
        return {k: _plain(v) for k, v in value.items() if k != "assumed"}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@dataclass
class Difference:
    rule: str
    values: dict[str, m.Clause | None]
    # Each ruleset's citations for the rule, its own manual's first (EffectiveRuleset.for_reader).
    cites: dict[str, list[m.Citation]] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "values": {
                name: (value_text(c.value) if c else None) for name, c in self.values.items()
            },
            "assumed": {name: bool(c and c.assumed) for name, c in self.values.items()},
            "citations": {
                name: [cite.short() for cite in self.cites.get(name, [])] for name in self.values
            },
        }


def differences(rulesets: list[EffectiveRuleset]) -> list[Difference]:
    order: list[str] = []
    for eff in rulesets:
        for clause in eff.clauses:
            if clause.id not in order:
                order.append(clause.id)
    out = []
    for rule in order:
        clauses = {eff.name: eff.clause(rule) for eff in rulesets}
        meanings = {
            repr(_plain(to_json(c.value))) if c is not None else None for c in clauses.values()
        }
        if len(meanings) > 1:
            cites = {
                eff.name: eff.for_reader(found.citations)
                for eff in rulesets
                if (found := clauses[eff.name]) is not None
            }
            out.append(Difference(rule, clauses, cites))
    return out


def markdown(rulesets: list[str], diffs: list[Difference]) -> str:
    lines = [
        "| rule | " + " | ".join(md(name) for name in rulesets) + " |",
        "|---|" + "---|" * len(rulesets),
    ]
    for diff in diffs:
        cells = []
        for name in rulesets:
            clause = diff.values[name]
            if clause is None:
                cells.append("—")
                continue
            text = md(value_text(m.strip_assumed(clause.value)))
            mark = " *(assumed)*" if clause.assumed else ""
            cite = "; ".join(md(c.short()) for c in diff.cites[name][:2])
            cells.append(f"{text}{mark}<br><sub>{cite}</sub>" if cite else f"{text}{mark}")
        lines.append(f"| `{diff.rule}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def text(rulesets: list[str], diffs: list[Difference]) -> str:
    if not diffs:
        return "no differences\n"
    out = []
    for diff in diffs:
        out.append(diff.rule)
        width = max(len(n) for n in rulesets)
        for name in rulesets:
            clause = diff.values[name]
            if clause is None:
                out.append(f"  {name.ljust(width)}  (no such rule)")
                continue
            shown = value_text(m.strip_assumed(clause.value))
            if len(shown) > 70:
                shown = shown[:67] + "..."
            mark = "  [assumed]" if clause.assumed else ""
            cite = f"  ({terminal(diff.cites[name][0].short())})" if diff.cites[name] else ""
            out.append(f"  {name.ljust(width)}  {terminal(shown)}{mark}{cite}")
    return "\n".join(out) + f"\n\n{counted(len(diffs), 'rule differs', 'rules differ')}\n"


def cited(eff: EffectiveRuleset, cite: m.Citation, page_word: str) -> str:
    """A citation as a reader is shown it: the manual by its title, the page or section, the
    anchor's words ("Kommandomanual, p. 4: “…”")."""
    source = eff.source(cite.document)
    name = source.label if source is not None else cite.document
    where = f"{page_word} {cite.page}" if cite.page is not None else (cite.section or "")
    place = f"{name}, {where}" if where else name
    return f"{place}: “{cite.anchor}”"


def said(
    rulesets: list[EffectiveRuleset], diffs: list[Difference], lang: str = "en"
) -> list[dict[str, object]]:
    """Each difference as a reader reads it: the rule's label, and for each ruleset the sheet's
    sentence for its value (HTML) with the sentence's table, rows in the first ruleset's order
    so a reordered table reads as the same table, its citations (manual, page, words) and the
    author's note; never the rules language."""
    from markupsafe import Markup, escape

    from ...engine.rules import Rules, RulesError
    from .describe import Words
    from .i18n import translations
    from .sentences import Sentences

    tr = translations(lang)
    page_word = tr.gettext("p.")
    speakers: list[Sentences | None] = []
    for eff in rulesets:
        try:
            speakers.append(Sentences(Rules(eff), Words(tr, lang, eff.board)))
        except RulesError:
            speakers.append(None)
    words = Words(tr, lang, rulesets[0].board)
    rows: list[dict[str, object]] = []
    for diff in diffs:
        cells: list[dict[str, object]] = []
        order: list[str] = []
        for eff, say in zip(rulesets, speakers, strict=True):
            clause = diff.values[eff.name]
            if clause is None:
                cells.append({"sentence": None, "table": [], "cites": [], "note": None})
                continue
            found = say.say(clause) if say is not None else None
            sentence = found.text if found else Markup(escape(words.value(clause.value)))
            table = [list(r) for r in found.cells] if found else []
            if table and all(len(r) == 2 for r in table):
                order = order or [r[0] for r in table]
                table.sort(key=lambda r: order.index(r[0]) if r[0] in order else len(order))
            cells.append(
                {
                    "sentence": sentence,
                    "table": table,
                    "assumed": clause.assumed,
                    "cites": [cited(eff, c, page_word) for c in diff.cites[eff.name][:2]],
                    "note": m.reason_in(clause.note, lang) if clause.note else None,
                }
            )
        rows.append({"rule": diff.rule, "label": words.label(diff.rule), "cells": cells})
    return rows


def html(rulesets: list[EffectiveRuleset], diffs: list[Difference], lang: str = "en") -> str:
    """The concordance as a printable page, in the summaries' look."""
    from .i18n import translations
    from .summary import _environment

    _ = translations(lang).gettext
    # Each ruleset by its title in the page's language, each manual by its title, each value
    # by the sheet's sentence: a reader sees no id and no rules language (the text and JSON
    # forms, for scripts and the terminal, keep them).
    titles = [m.title_in(eff.ruleset, lang) for eff in rulesets]
    rows = said(rulesets, diffs, lang)
    title = _("Concordance: {names}").format(names="; ".join(titles))
    subtitle = _("{n} rules differ").format(n=len(diffs))
    return (
        _environment()
        .get_template("diff.html.j2")
        .render(
            title=title,
            subtitle=subtitle,
            names=titles,
            rows=rows,
            lang=lang,
            # The footnote only explains a † that some cell carries.
            assumed=_("not from the manual: assumed")
            if any(c is not None and c.assumed for d in diffs for c in d.values.values())
            else None,
        )
    )
