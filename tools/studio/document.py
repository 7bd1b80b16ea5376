"""A house-rules file as the studio holds it (its text, possibly unsaved, at its path in FOLDER)
and what the service layer says about it: each call here is one service, given the text as an
unsaved file, so what is shown is what `riskrules check`, `summary`, `diff` and `odds` say of
the same text once it is saved."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..service import language, odds, rulesets, sheets
from ..service.errors import ServiceError

ODDS_SIZE = 8  # armies a side in the studio's odds table (the command line goes to 200)


@dataclass(frozen=True)
class Document:
    path: Path  # absolute, inside FOLDER
    text: str

    @property
    def ref(self) -> str:
        return str(self.path)

    @property
    def texts(self) -> dict[str, str]:
        return {str(self.path): self.text}

    def diagnostics(self) -> list[dict[str, Any]]:
        """As `riskrules check` reports them: code, severity, line, column, message, hint."""
        found = language.check_document(str(self.path), self.text)
        return [d.to_json() for d in found.diagnostics]

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
        return sheets.summary(self.ref, lang, fmt, texts=self.texts)

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
        theirs = odds.table(base, ODDS_SIZE)
        return mine, (theirs if theirs.grid != mine.grid else None)
