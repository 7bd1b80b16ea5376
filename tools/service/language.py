"""Checking and formatting rules files: the one place both are done, for the command line
(`check`, `fmt`) and the language server (diagnostics as you type, formatting) alike."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...grammar.diagnostics import Diagnostic, Severity, did_you_mean
from ...grammar.library import Workspace, builtin_paths, split_reference
from ...grammar.messages import msg
from ..shared.render import remember_source
from .errors import UsageError
from .paths import writable_folder
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ..compliance.trace import Manuals


@dataclass(frozen=True)
class Checked:
    """The diagnostics of the checked files, those the project or a line ignores left out."""

    snapshot: Snapshot  # the checked files' (the diagnostics are its, the ignored left out)
    files: tuple[str, ...]  # absolute paths
    diagnostics: tuple[Diagnostic, ...]
    ignored: int

    @property
    def workspace(self) -> Workspace:
        return self.snapshot.workspace

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == Severity.WARNING)

    @property
    def notes(self) -> int:
        return len(self.diagnostics) - self.errors - self.warnings

    @property
    def rulesets(self) -> list[str]:
        """The names of the rulesets the checked files declare."""
        return [r.name for f in self.workspace.files if f.path in self.files for r in f.rulesets]

    def manual_languages(self) -> set[str]:
        """The languages of the manuals the checked rulesets encode (a house rule: its
        base's), as `rulesets.manual_languages` reads them."""
        from .rulesets import manual_languages

        resolved = self.workspace.resolved
        return {
            lang
            for name in self.rulesets
            if (eff := resolved.get(name)) is not None
            for lang in manual_languages(eff)
        }

    def failed(self, strict: bool = False) -> bool:
        return self.errors > 0 or (strict and self.warnings > 0)

    def to_json(self, lang: str = "en") -> dict[str, object]:
        return {
            "language": lang,
            "diagnostics": [d.to_json(lang) for d in self.diagnostics],
            "errors": self.errors,
            "warnings": self.warnings,
            "notes": self.notes,
            "ignored": self.ignored,
        }


def _paths(targets: Sequence[str]) -> list[str]:
    """Targets to file paths: a path is itself, a folder its rules files, a ruleset name its
    file."""
    if not targets:
        return []
    ws = Workspace.open()
    paths = []
    for target in targets:
        if os.path.isdir(target):
            found = sorted(str(p) for p in Path(target).rglob("*.rules"))
            if not found:
                raise UsageError(msg("no .rules files in {folder}", folder=target))
            paths.extend(found)
            continue
        path, name = split_reference(target)
        if path is not None:  # a file, or PATH:NAME: the file that holds the ruleset
            if not os.path.exists(path):
                raise UsageError(msg("no such file: {path}", path=path))
            if name is not None:
                _declares(path, name)
            paths.append(path)
            continue
        ruleset = ws.index.rulesets.get(target)
        if ruleset is None:
            hint = did_you_mean(target, ws.index.rulesets) or msg(
                "riskrules list shows the rulesets"
            )
            raise UsageError(msg("unknown ruleset '{name}' ({hint})", name=target, hint=hint))
        paths.append(ruleset.span.file)
    return paths


def _declares(path: str, name: str) -> None:
    """`check PATH:NAME` checks the file; a NAME it does not declare is a usage error."""
    found = Workspace.open([path]).file(path)
    names = [r.name for r in found.rulesets] if found is not None else []
    if found is not None and name not in names:
        hint = did_you_mean(name, names) or msg(
            "it declares {names}", names=tuple(names) if names else msg("none")
        )
        raise UsageError(
            msg("{path} declares no ruleset '{name}' ({hint})", path=path, name=name, hint=hint)
        )


def _diagnosed(
    snapshot: Snapshot,
    files: Sequence[str],
    ignore: frozenset[str],
    diagnostics: Sequence[Diagnostic],
) -> Checked:
    from ..authoring.ignores import split

    shown, ignored = split(list(diagnostics), ignore)
    return Checked(snapshot, tuple(files), tuple(shown), ignored)


def check(
    targets: Sequence[str] = (), texts: Mapping[str, str] | None = None, project: Path | None = None
) -> Checked:
    """Check rules files, folders of them or built-in rulesets (none: every built-in), and
    `texts`, rules files that are not on disk (by absolute path), with the ignored codes of
    the project around `project` (the current folder by default)."""
    from ..authoring.ignores import ConfigError
    from ..authoring.ignores import project as settings_of

    texts = dict(texts or {})
    for path, text in texts.items():
        remember_source(path, text)  # diagnostics show its lines; `# riskrules: ignore` read
    paths = _paths(targets) + list(texts)
    try:
        settings = settings_of(project or Path.cwd())
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    unsaved = {os.path.abspath(k) for k in texts}
    on_disk = [p for p in paths if os.path.abspath(p) not in unsaved] if paths else builtin_paths()
    snapshot = Snapshot.of(on_disk, texts)
    files = [os.path.abspath(p) for p in paths] if paths else list(snapshot.files)
    return _diagnosed(snapshot, files, settings.ignore, snapshot.diagnostics)


def check_document(snapshot: Snapshot, path: str) -> Checked:
    """The diagnostics of one document of a snapshot (an editor's text, saved or not), with
    the ignored codes of its project; a broken [tool.riskrules] ignores nothing here (`check`
    reports it)."""
    from ..authoring.ignores import ConfigError, project

    text = snapshot.text(path)
    if text is not None:
        remember_source(path, text)
    try:
        codes = project(Path(path).parent).ignore
    except ConfigError:
        codes = frozenset()
    return _diagnosed(snapshot, [path], codes, snapshot.diagnostics_of(path))


def write_report(
    checked: Checked, folder: Path, manuals: Manuals | None = None, lang: str = "en"
) -> Path:
    """The readable report of every checked ruleset in `lang` (index.md, a page per ruleset,
    its sheets; with the manuals' texts, `compliance.manuals(FOLDER)`, each manual's coverage);
    returns the index's path."""
    from .report import write_report as write

    writable_folder(folder)
    found = (list(checked.files), list(checked.diagnostics))
    return write(checked.snapshot, *found, folder, manuals, lang)


@dataclass(frozen=True)
class Formatted:
    """A rules file in the canonical layout: `formatted` is None when it cannot be formatted,
    for its `diagnostics` (it does not read or parse) or because the layout would change its
    meaning (`meaning_changed`, a bug to report; the file is left as it is)."""

    path: str
    text: str
    formatted: str | None
    diagnostics: tuple[Diagnostic, ...] = ()
    meaning_changed: bool = False

    @property
    def changed(self) -> bool:
        return self.formatted is not None and self.formatted != self.text


def format_text(text: str, path: str) -> Formatted:
    """Format rules text that is not on disk (standard input, an editor's buffer), shown in
    diagnostics as `path`."""
    remember_source(path, text)
    return _formatted(text, path)


def format_file(path: str) -> Formatted:
    """Format a rules file, read once as the parser reads it (bounded, UTF-8, no newline
    translation)."""
    from ...grammar.reader import source_text

    found, problem = source_text(path)
    if problem is not None:
        return Formatted(path, "", None, (problem,))
    return _formatted(found or "", path)


def _formatted(text: str, path: str) -> Formatted:
    from ...grammar.layout import format_text as layout
    from ...grammar.reader import read_rules

    before = read_rules(text, path)
    if before.file is None:
        return Formatted(path, text, None, tuple(before.diagnostics))
    formatted = layout(text)
    after = read_rules(formatted, path)
    if after.file is None or after.file != before.file:
        return Formatted(path, text, None, meaning_changed=True)
    return Formatted(path, text, formatted)
