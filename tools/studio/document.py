"""A house-rules file as the studio holds it (its text, possibly unsaved, at its path in FOLDER)
and what the service layer says about it: each call here is one service, given the text as an
unsaved file, so what is shown is what `riskrules check`, `summary`, `diff` and `odds` say of
the same text once it is saved."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..service import editing, language, odds, rulesets, sheets
from ..service.errors import ServiceError

ODDS_SIZE = 8  # armies a side in the studio's odds table (the command line goes to 200)
SHEETS_KEPT = 8  # sheets kept for texts seen again (a language switched back, a reload)
_SHEETS: OrderedDict[tuple[str, str, str | None, str], sheets.RuleSheet] = OrderedDict()
_SHEETS_LOCK = threading.Lock()


@dataclass(frozen=True)
class Document:
    path: Path  # absolute, inside FOLDER
    text: str
    asked: str | None = None  # the ruleset the author picked (a file may declare several)

    @property
    def rulesets(self) -> tuple[str, ...]:
        """The rulesets the text declares, in order."""
        return _declared(str(self.path), self.text)

    @property
    def ruleset(self) -> str | None:
        """The ruleset shown (the one picked, else the file's first), or None when the file
        declares one or none (then the file's path alone names it)."""
        names = self.rulesets
        if len(names) <= 1:
            return None
        return self.asked if self.asked in names else names[0]

    @property
    def ref(self) -> str:
        """What names the ruleset shown to the services: the file, or FILE:NAME."""
        chosen = self.ruleset
        return str(self.path) if chosen is None else f"{self.path}:{chosen}"

    @property
    def texts(self) -> dict[str, str]:
        return {str(self.path): self.text}

    def edited(self, text: str) -> Document:
        """The same file and ruleset with another text."""
        return Document(self.path, text, self.asked)

    def diagnostics(self, lang: str = "en") -> list[dict[str, Any]]:
        """As `riskrules check` reports them (code, severity, line, column, message, hint),
        the message and the hint in `lang`."""
        found = language.check_document(str(self.path), self.text)
        return [d.to_json(lang) for d in found.diagnostics]

    def errors(self) -> int:
        return language.check_document(str(self.path), self.text).errors

    def base(self) -> str | None:
        """The ruleset the house rule extends (None: it extends none, or cannot be read)."""
        try:
            _, eff = rulesets.located(self.ref, self.texts)
        except ServiceError:
            return None
        return eff.chain[1] if len(eff.chain) > 1 else None

    def name(self) -> str | None:
        try:
            return rulesets.located(self.ref, self.texts)[1].name
        except ServiceError:
            return None

    def sheet(self, lang: str | None, fmt: sheets.SheetFormat = "html") -> sheets.RuleSheet:
        """The sheet `summary` writes for this text; one already made for the same text (the
        built-ins do not change while the studio runs) is given again, not laid out again."""
        key = (self.ref, self.text, lang, fmt)
        with _SHEETS_LOCK:
            found = _SHEETS.get(key)
            if found is not None:
                _SHEETS.move_to_end(key)
                return found
        made = sheets.summary(self.ref, lang, fmt, texts=self.texts)
        with _SHEETS_LOCK:
            _SHEETS[key] = made
            while len(_SHEETS) > SHEETS_KEPT:
                _SHEETS.popitem(last=False)
        return made

    def sheet_language(self) -> str:
        return sheets.sheet_language(self.ref, self.texts)

    def diff(self) -> sheets.Diff | None:
        base = self.base()
        if base is None:
            return None
        return sheets.diff([base, self.ref], self.texts)

    def odds(self) -> tuple[odds.Table, odds.Table | None]:
        """The house rule's odds table, and its base's beside it when they differ."""
        mine = odds.table(self.ref, ODDS_SIZE, texts=self.texts)
        base = self.base()
        if base is None:
            return mine, None
        if base in self.rulesets:  # a ruleset of this very file: read from its text
            theirs = odds.table(f"{self.path}:{base}", ODDS_SIZE, texts=self.texts)
        else:
            theirs = _base_odds(base)
        return mine, (theirs if theirs.grid != mine.grid else None)

    def titles(self, lang: str) -> dict[str, str]:
        """This ruleset's title and its base's in `lang`, by name, as the panels head them: one
        reading of the text (a diff of the two would check both again)."""
        try:
            ws, eff = rulesets.located(self.ref, self.texts)
        except ServiceError:
            return {}
        found = [eff] + [ws.resolved[n] for n in eff.chain[1:2] if n in ws.resolved]
        return {e.name: rulesets.title_in(e, lang) for e in found}


@functools.lru_cache(maxsize=32)
def _declared(path: str, text: str) -> tuple[str, ...]:
    return editing.rulesets_in(text, path)


@functools.lru_cache(maxsize=16)
def _base_odds(base: str) -> odds.Table:
    """A base's odds table, worked out once: it is a ruleset by name, read from the built-ins
    alone (no unsaved text), which do not change while the studio runs."""
    return odds.table(base, ODDS_SIZE)
