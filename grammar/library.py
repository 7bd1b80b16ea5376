"""The built-in specs and a workspace: built-ins plus the user's files, checked together."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, is_dataclass
from enum import Enum
from importlib import resources
from pathlib import Path

from . import cache
from . import model as m
from .check import check_all
from .diagnostics import Diagnostic, Severity, Span, did_you_mean, error
from .messages import msg
from .reader import ReadResult, collector_paused, read_path, read_rules
from .resolve import EffectiveRuleset, Index, resolve_all
from .syntax import cache_key


def builtin_paths() -> list[str]:
    """Absolute paths of the built-in `.rules` files, wherever riskrules is installed."""
    root = resources.files("riskrules.specs")
    paths = [str(Path(str(entry))) for entry in root.iterdir() if entry.name.endswith(".rules")]
    return sorted(os.path.abspath(p) for p in paths)


@dataclass
class Workspace:
    """Files read and indexed together so rulesets can extend across files."""

    files: list[m.RulesFile] = field(default_factory=list)
    read_diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)
    index: Index = field(default_factory=Index)
    resolved: dict[str, EffectiveRuleset] = field(default_factory=dict)
    resolve_diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)
    builtin: frozenset[str] = frozenset()
    # Files with syntax errors whose other statements were read (their rulesets are never
    # played: their errors refuse them).
    broken: set[str] = field(default_factory=set)

    @staticmethod
    def open(extra: list[str] | None = None, texts: dict[str, str] | None = None) -> Workspace:
        """The built-ins and `extra` files; `texts` gives files' unsaved contents (an editor's).

        The garbage collector is paused throughout (issue 31): reading, indexing and resolving
        make objects the workspace keeps, so each collection, between two files or inside the
        index and resolve, walked the whole workspace read so far again, and parse and check
        grew slower than linear in their input. What is paused is bounded by the files read."""
        with collector_paused():
            return Workspace._open(extra, texts)

    @staticmethod
    def _open(extra: list[str] | None, texts: dict[str, str] | None) -> Workspace:
        builtins = builtin_paths()
        ws = Workspace(builtin=frozenset(builtins))
        overlays = {os.path.abspath(k): v for k, v in (texts or {}).items()}
        seen: set[str] = set()
        for path in [*builtins, *(extra or []), *overlays]:
            absolute = os.path.abspath(path)
            if absolute in seen:
                continue
            seen.add(absolute)
            if absolute in overlays:
                result = read_rules(overlays[absolute], absolute)
            elif absolute in ws.builtin:
                result = _read_builtin(absolute)
            else:
                result = _read_cached(absolute)
            ws.read_diagnostics[absolute] = list(result.diagnostics)
            if result.file is not None:
                ws.files.append(result.file)
            elif result.recovered is not None:  # after syntax errors: what parsed is checked
                ws.files.append(result.recovered)
                ws.broken.add(absolute)
        ws.index = Index.build(ws.files, ws.builtin)
        ws.resolved, ws.resolve_diagnostics = resolve_all(ws.index)
        return ws

    def file(self, path: str) -> m.RulesFile | None:
        absolute = os.path.abspath(path)
        return next((f for f in self.files if f.path == absolute), None)

    def diagnostics_for(self, paths: list[str]) -> list[Diagnostic]:
        """Every diagnostic located in the given files, in file order, without repeats."""
        wanted = {os.path.abspath(p) for p in paths}
        found: list[Diagnostic] = []
        for path in wanted:
            found.extend(self.read_diagnostics.get(path, []))
        found.extend(d for d in self.index.diagnostics if d.span.file in wanted)
        for diags in self.resolve_diagnostics.values():
            found.extend(d for d in diags if d.span.file in wanted)
        files = [f for f in self.files if f.path in wanted]
        with collector_paused():  # as in `open` (issue 31)
            checked = check_all(self.index, self.resolved, files, self.builtin & wanted)
        # A ruleset that lost a statement to a syntax error is not also told it is incomplete;
        # an expression cut at its limit (RR0004: a stand-in of 0 in its place) is not also told
        # what the stand-in makes of it (not a condition, never true).
        cut = [d.span for d in found if d.code == "RR0004"]
        found.extend(
            d
            for d in checked
            if not (d.code == "RR0206" and d.span.file in self.broken)
            and not any(_inside(c, d.span) for c in cut)
        )
        unique = list(dict.fromkeys(found))
        return sorted(unique, key=lambda d: (d.span.file, d.span.line, d.span.column, d.code))

    def chain_errors(self, eff: EffectiveRuleset) -> list[Diagnostic]:
        """The errors in the files of a ruleset and of every ruleset it extends: a ruleset with
        any is not played, printed or loaded."""
        files = sorted({self.index.rulesets[name].span.file for name in eff.chain})
        return [d for d in self.diagnostics_for(files) if d.severity == Severity.ERROR]

    def ruleset_names(self) -> list[str]:
        return list(self.index.rulesets)


def _inside(inner: Span, outer: Span) -> bool:
    return (
        inner.file == outer.file
        and (outer.line, outer.column) <= (inner.line, inner.column)
        and (inner.end_line, inner.end_column) <= (outer.end_line, outer.end_column)
    )


_READ: dict[str, tuple[tuple[int, int], ReadResult]] = {}


def _read_cached(path: str) -> ReadResult:
    """A file's parse, reused while the file is unchanged (size and modification time): every
    snapshot of an edited text (tools/service/snapshot.py) reads the built-ins with it, and
    they never change. An unsaved text is never kept here: its snapshot is its one parse."""
    try:
        stat = os.stat(path)
    except OSError:
        return read_path(path)
    key = (stat.st_mtime_ns, stat.st_size)
    cached = _READ.get(path)
    if cached is not None and cached[0] == key:
        return cached[1]
    result = read_path(path)
    if len(_READ) < 256:
        _READ[path] = (key, result)
    return result


def _read_builtin(path: str) -> ReadResult:
    """A built-in spec's parse, kept on disk between runs: parsing the built-ins is a third of
    a `check`'s time, and they only change with riskrules. The entry's name holds the file's
    path and content hash besides the install's key (syntax.cache_key); the private cache
    (grammar/cache.py) hands back only what riskrules wrote for that very entry, and it is
    unpickled with the model's own classes only. Anything else is parsed afresh;
    RISKRULES_NO_CACHE=1 turns it off."""
    if not cache.enabled():
        return _read_cached(path)
    try:
        stat = os.stat(path)
        known = _READ.get(path)
        if known is not None and known[0] == (stat.st_mtime_ns, stat.st_size):
            return known[1]  # parsed (or loaded) already in this process: nothing to read
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return _read_cached(path)
    digest = hashlib.sha256(data + path.encode("utf-8") + cache_key().encode()).hexdigest()
    name = f"spec-{digest[:32]}.pickle"
    found = _unpickle_model(cache.load(name))
    if found is not None:
        _READ[path] = ((stat.st_mtime_ns, stat.st_size), found)
        return found
    result = _read_cached(path)
    cache.store(name, pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    return result


# The modules whose classes a cached parse is made of (ReadResult, the model, its spans).
_MODEL_MODULES = frozenset(
    f"{__package__}.{name}" for name in ("model", "diagnostics", "reader", "transform")
)


class _ModelUnpickler(pickle.Unpickler):
    """Unpickles the model's own dataclasses and enums and nothing else: no function, no
    class from elsewhere, so even a cache file that got past the cache's checks cannot make
    unpickling call anything."""

    def find_class(self, module: str, name: str) -> type:
        if module in _MODEL_MODULES:
            found = getattr(sys.modules.get(module), name, None)
            if isinstance(found, type) and found.__module__ == module and _plain(found):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not part of the model")


def _plain(cls: type) -> bool:
    """A class whose instances unpickle without calling anything of ours: a dataclass, an enum,
    or a string with attributes (model.Reason, a `because` in several languages: every spec
    that gives one was refused here, and so parsed again at every start)."""
    return is_dataclass(cls) or issubclass(cls, Enum) or (issubclass(cls, str) and _no_hooks(cls))


def _no_hooks(cls: type) -> bool:
    return all(
        hook not in vars(klass)
        for klass in cls.__mro__
        if klass not in (str, object)
        for hook in ("__setstate__", "__reduce__", "__reduce_ex__", "__new__", "__init__")
    )


def _unpickle_model(payload: bytes | None) -> ReadResult | None:
    if payload is None:
        return None
    try:
        found = _ModelUnpickler(io.BytesIO(payload)).load()
    except Exception:  # whatever a damaged entry raises, it is parsed afresh
        return None
    return found if isinstance(found, ReadResult) else None


class RulesetNotFound(Exception):
    """A ruleset reference that names nothing; carries a diagnostic for the user."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class RulesetUnusable(RulesetNotFound):
    """The reference names a ruleset (or a file) that is there, but what is written there has
    errors that leave no ruleset to use (a syntax error before any ruleset, an `extends`
    cycle or a chain too deep): a finding in the file, not a wrong name. `diagnostics`: all
    of them, the first is `diagnostic`."""

    def __init__(self, name: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics[0])
        self.name = name
        self.diagnostics = diagnostics


def split_reference(ref: str) -> tuple[str | None, str | None]:
    """`NAME`, `PATH` or `PATH:NAME` → (path, name)."""
    if ref.endswith(".rules") or os.sep in ref or "/" in ref:
        if ":" in ref and not os.path.exists(ref):
            path, _, name = ref.rpartition(":")
            return path, name or None
        return ref, None
    if ":" in ref:
        path, _, name = ref.rpartition(":")
        return path, name or None
    return None, ref


def locate(ref: str, texts: dict[str, str] | None = None) -> tuple[Workspace, EffectiveRuleset]:
    """Open a workspace holding `ref` and return its effective ruleset, or raise RulesetNotFound;
    `texts` gives files' unsaved contents by absolute path (a path there need not exist)."""
    path = file_of(ref, texts)
    ws = Workspace.open([path] if path else [], texts=texts)
    return ws, find(ws, ref, lambda file: ws.diagnostics_for([file]))


def file_of(ref: str, texts: Mapping[str, str] | None = None) -> str | None:
    """The file a reference names (None: a ruleset by name), or RulesetNotFound when it is
    neither on disk nor among the unsaved `texts`."""
    path, _ = split_reference(ref)
    unsaved = {os.path.abspath(k) for k in texts or {}}
    if path is not None and not os.path.exists(path) and os.path.abspath(path) not in unsaved:
        span = Span.point(path, 1, 1)
        raise RulesetNotFound(error("RR0005", msg("no such file: {path}", path=path), span))
    return path


def find(
    ws: Workspace, ref: str, diagnostics_of: Callable[[str], Sequence[Diagnostic]]
) -> EffectiveRuleset:
    """The effective ruleset `ref` names in a workspace that holds its file, or
    RulesetNotFound; `diagnostics_of(path)` gives a file's diagnostics (asked only when the
    file declares no ruleset to find)."""
    path, name = split_reference(ref)
    span = Span.point(path or "<command line>", 1, 1)
    if path is not None:
        rules_file = ws.file(path)
        if rules_file is None or (name is None and not rules_file.rulesets):
            problems = [d for d in diagnostics_of(path) if d.severity == Severity.ERROR]
            if rules_file is None:
                first = problems[0] if problems else error("RR0005", msg("cannot read rules"), span)
                raise RulesetNotFound(first)
            if problems:  # read, but no ruleset in it parses: a finding, not a wrong name
                raise RulesetUnusable(path, problems)
        if name is None:
            if len(rules_file.rulesets) != 1:
                names = ", ".join(r.name for r in rules_file.rulesets) or "none"
                raise RulesetNotFound(
                    error(
                        "RR0107",
                        msg(
                            "{path} holds {n} rulesets ({names})",
                            path=path,
                            n=len(rules_file.rulesets),
                            names=names,
                        ),
                        span,
                        msg("name one: {path}:NAME", path=path),
                    )
                )
            name = rules_file.rulesets[0].name
    assert name is not None
    eff = ws.resolved.get(name)
    if eff is None:
        if name in ws.index.rulesets:
            diags = ws.resolve_diagnostics.get(name) or []
            raise RulesetUnusable(
                name,
                diags
                or [error("RR0102", msg("ruleset '{name}' cannot be resolved", name=name), span)],
            )
        raise RulesetNotFound(
            error(
                "RR0102",
                msg("unknown ruleset '{name}'", name=name),
                span,
                did_you_mean(name, ws.index.rulesets) or msg("riskrules list shows the rulesets"),
            )
        )
    return eff
