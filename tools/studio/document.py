"""A house-rules file as the studio holds it (its text, possibly unsaved, at its path in FOLDER)
and what the service layer says about it, all read from the text's one snapshot (the studio
keeps one per open file, `Studio.snapshots`, and makes a new one only when the text changes):
so what is shown is what `riskrules check`, `summary`, `diff` and `odds` say of the same text
once it is saved, and an edit with every panel refreshed reads and checks the text once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..service import editing, language, odds, rulesets, sheets
from ..service.errors import ServiceError
from ..service.snapshot import Snapshot

ODDS_SIZE = 8  # armies a side in the studio's odds table (the command line goes to 200)


@dataclass(frozen=True)
class Document:
    path: Path  # absolute, inside FOLDER
    snapshot: Snapshot  # of the text at `path`
    asked: str | None = None  # the ruleset the author picked (a file may declare several)

    @property
    def text(self) -> str:
        found = self.snapshot.text(str(self.path))
        assert found is not None  # a document's snapshot is made of its text
        return found

    @property
    def rulesets(self) -> tuple[str, ...]:
        """The rulesets the text declares, in order."""
        return editing.rulesets_in(self.snapshot, str(self.path))

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
        """The unsaved text by its path (what a study's workers are given to play)."""
        return {str(self.path): self.text}

    def edited(self, snapshot: Snapshot) -> Document:
        """The same file and ruleset with another text (in its snapshot)."""
        return Document(self.path, snapshot, self.asked)

    def checked(self) -> language.Checked:
        return language.check_document(self.snapshot, str(self.path))

    def diagnostics(self, lang: str = "en") -> list[dict[str, Any]]:
        """As `riskrules check` reports them (code, severity, line, column, message, hint),
        the message and the hint in `lang`."""
        return [d.to_json(lang) for d in self.checked().diagnostics]

    def errors(self) -> int:
        return self.checked().errors

    def base(self) -> str | None:
        """The ruleset the house rule extends (None: it extends none, or cannot be read)."""
        try:
            eff = self.snapshot.ruleset(self.ref)
        except ServiceError:
            return None
        return eff.chain[1] if len(eff.chain) > 1 else None

    def name(self) -> str | None:
        try:
            return self.snapshot.ruleset(self.ref).name
        except ServiceError:
            return None

    def sheet(self, lang: str | None, fmt: sheets.SheetFormat = "html") -> sheets.RuleSheet:
        """The sheet `summary` writes for this text, laid out once per language and format
        (the panel's frame and a language switched back ask again)."""
        return self.snapshot.once(
            ("sheet", self.ref, lang, fmt),
            lambda: sheets.summary(self.snapshot, self.ref, lang, fmt),
        )

    def sheet_language(self) -> str:
        return sheets.sheet_language(self.snapshot, self.ref)

    def diff(self) -> sheets.Diff | None:
        base = self.base()
        if base is None:
            return None
        return sheets.diff(self.snapshot, [base, self.ref])

    def odds(self) -> tuple[odds.Table, odds.Table | None]:
        """The house rule's odds table, and its base's beside it when they differ."""
        mine = odds.table(self.snapshot, self.ref, ODDS_SIZE)
        base = self.base()
        if base is None:
            return mine, None
        # A ruleset of this very file by its file's name and its own, a built-in by its name.
        ref = f"{self.path}:{base}" if base in self.rulesets else base
        theirs = odds.table(self.snapshot, ref, ODDS_SIZE)
        return mine, (theirs if theirs.grid != mine.grid else None)

    def titles(self, lang: str) -> dict[str, str]:
        """This ruleset's title and its base's in `lang`, by name, as the panels head them."""
        try:
            eff = self.snapshot.ruleset(self.ref)
        except ServiceError:
            return {}
        ws = self.snapshot.workspace
        found = [eff] + [ws.resolved[n] for n in eff.chain[1:2] if n in ws.resolved]
        return {e.name: rulesets.title_in(e, lang) for e in found}
