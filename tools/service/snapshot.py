"""One snapshot of rules texts: read, resolved and checked once, then read by every service.

A `Snapshot` is what the language says of a set of files (the user's texts, saved or not,
with the built-ins): the workspace (each file's model, the index, the effective rulesets),
the checked files' diagnostics, and, made lazily and once per ruleset, the engine's `Rules`
(through `riskrules.playable`, the one place they are built). It is immutable but for those
lazily made parts, holds no file handle, thread or process (the studio in a browser page
makes one per edit), and is never stale: a new text is a new snapshot. Front ends make them
(the command line from its arguments; the studio and the language server one per open text,
a new one only when the text changes: `Snapshots`) and give them to the services.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ...grammar.diagnostics import Diagnostic, Severity
from ...grammar.library import RulesetNotFound, RulesetUnusable, Workspace, file_of, find
from ...grammar.resolve import EffectiveRuleset
from .errors import NotFound, RulesetErrors

if TYPE_CHECKING:
    from ...engine.rules import Rules

T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Snapshot:
    """The checked workspace of `files` (absolute paths; `texts` the unsaved ones' contents)."""

    workspace: Workspace
    files: tuple[str, ...]
    texts: Mapping[str, str]
    diagnostics: tuple[Diagnostic, ...]  # the files', every one (a front end leaves out ignored)
    # What is made from it on demand, once: each ruleset's chain errors and Rules, and what a
    # front end derives from it (`once`).
    # The built-ins' own snapshot, whose checks of the built-ins this one reads (they say the
    # same in every snapshot: a user's file cannot change what a built-in's check finds).
    builtins: Snapshot | None = field(default=None, repr=False)
    _made: dict[object, Any] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @staticmethod
    def of(
        paths: Sequence[str] = (),
        texts: Mapping[str, str] | None = None,
        builtins: Snapshot | None = None,
    ) -> Snapshot:
        """The built-ins with the files `paths` and the unsaved `texts` (by path), checked: one
        parse of each text, one check of them and of the built-ins their rulesets extend (those
        `builtins`, the built-ins' own snapshot, has checked already are not checked again)."""
        unsaved = {os.path.abspath(k): v for k, v in (texts or {}).items()}
        ws = Workspace.open(list(paths), texts=unsaved)
        files = tuple(dict.fromkeys(os.path.abspath(p) for p in [*paths, *unsaved]))
        chains = {
            ws.index.rulesets[n].span.file
            for f in ws.files
            if f.path in files
            for r in f.rulesets
            if (eff := ws.resolved.get(r.name)) is not None and eff.ruleset is r
            for n in eff.chain
        } - set(files)
        known = {
            path: builtins.diagnostics_of(path)
            for path in chains
            if builtins is not None and path in ws.builtin and path in builtins.workspace.builtin
        }
        wanted = [*files, *sorted(chains - set(known))]
        found = ws.diagnostics_for(wanted) if files else []
        mine = tuple(d for d in found if d.span.file in files)
        snap = Snapshot(ws, files, unsaved, mine, builtins)
        for path in chains:
            here = known[path] if path in known else [d for d in found if d.span.file == path]
            snap._made[("file", path)] = here
        return snap

    @staticmethod
    def of_text(path: str, text: str, builtins: Snapshot | None = None) -> Snapshot:
        """One document as an editor holds it (its text need not be saved); `builtins`: the
        built-ins' own snapshot, whose checks of them it reads."""
        return Snapshot.of((), {path: text}, builtins)

    def edited(self, path: str, text: str) -> Snapshot:
        """The snapshot of another text at `path` (an edit's), reading the same built-ins'
        checks as this one."""
        return Snapshot.of_text(path, text, self.builtins)

    @staticmethod
    def of_refs(refs: Sequence[str], texts: Mapping[str, str] | None = None) -> Snapshot:
        """What a command line's ruleset references need: the files they name (a reference to
        no file and no unsaved text is refused, NotFound)."""
        paths = []
        for ref in refs:
            try:
                path = file_of(ref, texts)
            except RulesetNotFound as exc:
                raise NotFound(exc.diagnostic) from None
            if path is not None and os.path.abspath(path) not in (texts or {}):
                paths.append(path)
        return Snapshot.of(paths, texts)

    def text(self, path: str) -> str | None:
        """The unsaved text at `path` (None: a file on disk, or none of the snapshot's)."""
        return self.texts.get(os.path.abspath(path))

    @property
    def effective(self) -> Mapping[str, EffectiveRuleset]:
        """Every ruleset that resolves, by name, with every inherited clause."""
        return self.workspace.resolved

    def once(self, key: object, make: Callable[[], T]) -> T:
        """What `make` makes from this snapshot, made the first time it is asked for."""
        with self._lock:
            if key in self._made:
                found: T = self._made[key]
                return found
        made = make()
        with self._lock:
            return self._made.setdefault(key, made)  # type: ignore[no-any-return]

    def diagnostics_of(self, path: str) -> list[Diagnostic]:
        """A file's diagnostics: a checked file's from the snapshot's check, another's (a
        built-in's, asked for by name) checked once."""
        absolute = os.path.abspath(path)
        if absolute in self.files:
            return [d for d in self.diagnostics if d.span.file == absolute]
        return list(self.once(("file", absolute), lambda: self.workspace.diagnostics_for([path])))

    def ruleset(self, ref: str) -> EffectiveRuleset:
        """The ruleset `ref` names here (a name, a file of the snapshot, FILE:NAME), errors or
        not; NotFound when it names none."""
        try:
            return find(self.workspace, ref, self.diagnostics_of)
        except RulesetUnusable as exc:  # there, with errors: a finding (exit 1), not a wrong name
            raise RulesetErrors(exc.name, exc.diagnostics) from None
        except RulesetNotFound as exc:
            raise NotFound(exc.diagnostic) from None

    def errors(self, eff: EffectiveRuleset) -> list[Diagnostic]:
        """The errors in the files of a ruleset and of every ruleset it extends: a ruleset with
        any is not played, printed or loaded."""
        ws = self.workspace
        files = sorted({ws.index.rulesets[name].span.file for name in eff.chain})
        found = [d for f in files for d in self.diagnostics_of(f) if d.severity == Severity.ERROR]
        return sorted(found, key=lambda d: (d.span.file, d.span.line, d.span.column, d.code))

    def checked(self, ref: str) -> EffectiveRuleset:
        """The ruleset, if it and the rulesets it extends have no errors (nothing is played or
        printed from a ruleset that does not check); else `RulesetErrors` with them."""
        eff = self.ruleset(ref)
        errors = self.errors(eff)
        if errors:
            raise RulesetErrors(eff.name, errors)
        return eff

    def rules(self, ref: str | EffectiveRuleset) -> Rules:
        """The checked ruleset (a reference, or one of this snapshot's) as the engine plays it,
        made once per ruleset; `RulesetErrors` when it has errors."""
        from ... import playable

        eff = self.ruleset(ref) if isinstance(ref, str) else ref
        errors = self.errors(eff)
        if errors:
            raise RulesetErrors(eff.name, errors)
        return self.once(("rules", eff.name), lambda: playable(eff))


class Snapshots:
    """A front end's snapshots, one per open text (the studio's files, an editor's documents),
    the most recently used `kept`: a text asked for again is the snapshot made for it, a
    changed text a new snapshot in its place."""

    def __init__(self, kept: int = 16) -> None:
        self.kept = kept
        self._by_path: OrderedDict[str, Snapshot] = OrderedDict()
        self._lock = threading.Lock()
        self._builtins: Snapshot | None = None

    @property
    def builtins(self) -> Snapshot:
        """The built-ins alone, read when first asked for (they do not change while a front end
        runs): every open text's snapshot reads its checks of the built-ins from it."""
        with self._lock:
            if self._builtins is None:
                self._builtins = Snapshot.of()
            return self._builtins

    def of(self, path: str, text: str) -> Snapshot:
        absolute = os.path.abspath(path)
        with self._lock:
            found = self._by_path.get(absolute)
            if found is not None and found.text(absolute) == text:
                self._by_path.move_to_end(absolute)
                return found
        return self.keep(absolute, Snapshot.of_text(absolute, text, self.builtins))

    def keep(self, path: str, snapshot: Snapshot) -> Snapshot:
        """`snapshot` as the one of the text at `path` (an edit made it)."""
        with self._lock:
            self._by_path[os.path.abspath(path)] = snapshot
            self._by_path.move_to_end(os.path.abspath(path))
            while len(self._by_path) > self.kept:
                self._by_path.popitem(last=False)
        return snapshot
