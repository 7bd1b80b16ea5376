"""The private cache, attacked as another local user would: planted pickles, links, a folder
someone else made or may write into, and damaged files. None of them runs code, is written
through, or changes what riskrules reads; each is ignored and the parse made afresh."""

from __future__ import annotations

import dataclasses
import os
import pickle
import random
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from helpers import Result, examples, run_cli
from riskrules.grammar import cache, library, syntax
from riskrules.grammar import model as m
from riskrules.grammar.reader import read_path

ROOT_USER = hasattr(os, "getuid") and os.getuid() == 0
NOBODY = 65534


class _Planted:
    """Unpickling this runs code: it writes a marker file (what an attacker's payload does)."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, (f"touch {self.marker}",))


def _evil(marker: Path) -> bytes:
    return pickle.dumps(_Planted(str(marker)))


_BUILD = syntax.build_parser
_BUILT: list[object] = []


def _built_once(**options: bool) -> object:
    """syntax.build_parser, its plain parser built once a worker: Lark compiling the grammar
    (0.7 s, the same tables each time) is not what these tests test, but what the cache does
    with the parser it is given, from an empty folder each time."""
    if options:
        return _BUILD(**options)
    if not _BUILT:
        _BUILT.append(_BUILD())
    return _BUILT[0]


@pytest.fixture
def tmpdir_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temporary directory of the test's own, as TMPDIR, with the cache on and nothing read
    yet in this process."""
    monkeypatch.setattr(syntax, "build_parser", _built_once)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.delenv("RISKRULES_NO_CACHE", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", None)
    monkeypatch.setattr(library, "_READ", {})
    syntax.parser.cache_clear()
    yield tmp_path
    syntax.parser.cache_clear()


def _classic() -> str:
    return next(p for p in library.builtin_paths() if p.endswith("classic.rules"))


def _spec_names() -> list[str]:
    names = os.listdir(cache.folder_path())
    return sorted(n for n in names if n.startswith("spec-"))


def _fresh_read(path: str) -> library.ReadResult:
    library._READ.clear()
    return library._read_builtin(path)


def test_the_cache_is_private_and_its_entries_are_keyed(tmpdir_env: Path) -> None:
    first = _fresh_read(_classic())
    folder = Path(cache.folder_path())
    info = folder.lstat()
    assert stat.S_ISDIR(info.st_mode) and not info.st_mode & 0o077
    for entry in folder.iterdir():
        assert entry.is_file() and not entry.is_symlink()
        assert not entry.stat().st_mode & 0o077, entry
    again = _fresh_read(_classic())
    assert again.file == first.file == read_path(_classic()).file


def test_a_planted_pickle_in_the_users_own_folder_never_runs(tmpdir_env: Path) -> None:
    # The folder is ours (a riskrules run made it); a pickle planted at every entry's name,
    # the parser's included, is refused by its keyed hash and never unpickled.
    _fresh_read(_classic())
    syntax.parser()
    marker = tmpdir_env / "ran"
    folder = Path(cache.folder_path())
    for entry in folder.iterdir():
        if entry.name != cache.KEY_NAME:
            entry.write_bytes(_evil(marker))
    syntax.parser.cache_clear()
    library._READ.clear()
    assert _fresh_read(_classic()).file == read_path(_classic()).file
    syntax.parser().parse("ruleset x {\n}\n")
    assert not marker.exists()


def test_an_entry_that_passed_the_cache_still_unpickles_only_the_model(tmpdir_env: Path) -> None:
    # Even a pickle stored with the user's own key (as if the cache's checks were beaten)
    # cannot make unpickling call a function: only the model's classes are found.
    _fresh_read(_classic())
    marker = tmpdir_env / "ran"
    for name in _spec_names():
        assert cache.store(name, _evil(marker))
    assert _fresh_read(_classic()).file == read_path(_classic()).file
    assert not marker.exists()


def test_a_symlinked_folder_is_not_used(tmpdir_env: Path) -> None:
    elsewhere = tmpdir_env / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    os.symlink(elsewhere, cache.folder_path())
    assert _fresh_read(_classic()).file == read_path(_classic()).file
    assert list(elsewhere.iterdir()) == []  # nothing written through the link
    assert cache.load("anything") is None and not cache.store("x", b"y")


def test_a_symlinked_entry_is_replaced_never_written_through(tmpdir_env: Path) -> None:
    _fresh_read(_classic())
    victim = tmpdir_env / "victim.txt"
    victim.write_text("precious\n")
    folder = Path(cache.folder_path())
    names = _spec_names()
    for name in names:
        (folder / name).unlink()
        os.symlink(victim, folder / name)
    (folder / syntax.cache_name()).unlink(missing_ok=True)
    os.symlink(victim, folder / syntax.cache_name())
    syntax.parser.cache_clear()
    assert _fresh_read(_classic()).file == read_path(_classic()).file
    syntax.parser()
    assert victim.read_text() == "precious\n"
    for name in [*names, syntax.cache_name()]:
        if (folder / name).exists():
            assert not (folder / name).is_symlink()


def test_a_symlinked_key_is_not_trusted(tmpdir_env: Path) -> None:
    _fresh_read(_classic())
    folder = Path(cache.folder_path())
    known = tmpdir_env / "known-key"
    known.write_bytes(b"k" * cache.KEY_BYTES)
    known.chmod(0o600)
    (folder / cache.KEY_NAME).unlink()
    os.symlink(known, folder / cache.KEY_NAME)
    assert cache.load(_spec_names()[0]) is None  # no key it trusts: no entry is read
    assert not cache.store("x", b"y")
    assert known.read_bytes() == b"k" * cache.KEY_BYTES


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o707, 0o1777, 0o755])
def test_a_folder_others_may_enter_is_not_used(tmpdir_env: Path, mode: int) -> None:
    os.mkdir(cache.folder_path())
    os.chmod(cache.folder_path(), mode)
    marker = tmpdir_env / "ran"
    planted = Path(cache.folder_path()) / syntax.cache_name()
    planted.write_bytes(_evil(marker))
    assert _fresh_read(_classic()).file == read_path(_classic()).file
    syntax.parser()
    assert not marker.exists()
    assert sorted(os.listdir(cache.folder_path())) == [syntax.cache_name()]  # nothing added


def test_an_entry_others_may_write_is_not_read(tmpdir_env: Path) -> None:
    _fresh_read(_classic())
    name = _spec_names()[0]
    path = Path(cache.folder_path()) / name
    good = cache.load(name)
    assert good is not None
    path.chmod(0o666)
    assert cache.load(name) is None


@pytest.mark.skipif(not ROOT_USER, reason="making a folder another user owns needs root")
def test_a_folder_of_another_user_is_not_used(tmpdir_env: Path) -> None:
    os.mkdir(cache.folder_path(), 0o700)
    marker = tmpdir_env / "ran"
    (Path(cache.folder_path()) / syntax.cache_name()).write_bytes(_evil(marker))
    os.chown(cache.folder_path(), NOBODY, NOBODY)
    assert _fresh_read(_classic()).file == read_path(_classic()).file
    syntax.parser()
    assert not marker.exists()


@pytest.mark.process
@pytest.mark.skipif(not ROOT_USER, reason="acting as another user needs root")
@pytest.mark.parametrize("how", ["their folder", "a link to a folder of ours they can write"])
def test_another_user_planting_a_cache_before_riskrules_runs(tmp_path: Path, how: str) -> None:
    """The attack as it happens: a shared temporary folder (mode 1777, as /tmp, owned by
    root); another user (nobody) makes the folder riskrules will look for (or a link named
    like it, to the shared folder itself, which root owns), and plants a pickle at every name
    riskrules could read and a link at a name it could write. Then root runs `riskrules
    check`: it checks as usual, runs no code of theirs and writes through no link."""
    shared = _shared_tmp()
    try:
        marker = shared / "ran"
        victim = tmp_path / "victim.txt"
        victim.write_text("precious\n")
        victim.chmod(0o666)
        folder = shared / f"riskrules-{os.getuid()}"
        planted = folder if how == "their folder" else shared
        names = [syntax.cache_name(), *_builtin_entry_names(), cache.KEY_NAME]
        payload = _evil(marker)

        def plant() -> None:  # as nobody, in a child process
            if how == "their folder":
                os.mkdir(folder, 0o777)
                os.chmod(folder, 0o777)
            else:
                os.symlink(shared, folder)
            for name in names:
                (planted / name).write_bytes(payload)
            os.symlink(victim, planted / "spec-link.pickle")

        _as_nobody(plant)
        assert folder.lstat().st_uid == NOBODY
        env = {**os.environ, "TMPDIR": str(shared)}
        env.pop("RISKRULES_NO_CACHE", None)
        attacked = subprocess.run(_CHECK, capture_output=True, text=True, env=env, timeout=120)
        expected = _checked_without_a_cache()
        assert attacked.returncode == expected.code == 0, attacked.stderr
        assert attacked.stdout == expected.out
        assert not marker.exists()
        assert victim.read_text() == "precious\n"
        extra = [] if how == "their folder" else [folder.name]
        assert sorted(os.listdir(planted)) == sorted(
            [*names, "spec-link.pickle", *extra]
        )  # nothing written there
    finally:
        subprocess.run(["rm", "-rf", str(shared)], check=False)


_CHECK = [sys.executable, "-m", "riskrules", "check", "--format", "json"]


def _checked_without_a_cache() -> Result:
    """`riskrules check` as it runs with the cache off: what an attacked run must print (the
    same for every attack). Run in this process (helpers.run_cli, which reads the files as a
    new process would): what it prints is the reference, not what is attacked; the attacked
    run is the process of its own."""
    return run_cli(*_CHECK[3:], env={"RISKRULES_NO_CACHE": "1"})


def _shared_tmp() -> Path:
    """A new folder every user can write into (mode 1777, as /tmp is), somewhere every user
    can reach (the test's own temporary folder is private to root)."""
    for base in ("/tmp", "/var/tmp", "/dev/shm"):
        info = os.stat(base) if os.path.isdir(base) else None
        if info is not None and info.st_mode & 0o1777 == 0o1777:
            shared = Path(tempfile.mkdtemp(prefix="riskrules-test-shared-", dir=base))
            shared.chmod(0o1777)
            return shared
    pytest.skip("no folder every user can reach")


def _as_nobody(work: Callable[[], None]) -> None:
    """Run `work` in a child process that has become another user (nobody)."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child
        code = 1
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            work()
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def _builtin_entry_names() -> list[str]:
    import hashlib

    names = []
    for path in library.builtin_paths():
        data = Path(path).read_bytes()
        key = data + path.encode("utf-8") + syntax.cache_key().encode()
        names.append(f"spec-{hashlib.sha256(key).hexdigest()[:32]}.pickle")
    return names


@pytest.mark.hypothesis  # a property test of our own: .ci/run tries all 300 damages
def test_three_hundred_corruptions_are_each_ignored(tmpdir_env: Path) -> None:
    """Random damage to the built-ins' entries (bytes flipped, cut short, grown, emptied,
    swapped for another entry): each read gives exactly the fresh parse of that file, never
    an error and never another file's model. 300 at full strength, 60 in a quick run."""
    paths = library.builtin_paths()
    fresh = {path: read_path(path) for path in paths}
    for path in paths:
        _fresh_read(path)
    folder = Path(cache.folder_path())
    entries = dict(zip(paths, _builtin_entry_names(), strict=True))
    originals = {path: (folder / name).read_bytes() for path, name in entries.items()}
    rng = random.Random(20261201)
    kinds = ["flip", "cut", "grow", "empty", "swap", "header"]
    for trial in range(examples(300)):
        path = rng.choice(paths)
        data = bytearray(originals[path])
        kind = kinds[trial % len(kinds)]
        if kind == "flip":
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif kind == "cut":
            del data[rng.randrange(len(data)) :]
        elif kind == "grow":
            data += rng.randbytes(rng.randint(1, 64))
        elif kind == "empty":
            data = bytearray()
        elif kind == "swap":
            other = rng.choice([p for p in paths if p != path])
            data = bytearray(originals[other])
        else:  # the keyed hash itself damaged
            data[len(cache.MAGIC) + rng.randrange(32)] ^= 0xFF
        (folder / entries[path]).write_bytes(bytes(data))
        (folder / entries[path]).chmod(0o600)
        got = _fresh_read(path)
        assert got.file == fresh[path].file, (trial, kind, path)
        assert got.diagnostics == fresh[path].diagnostics
    assert cache.load(entries[paths[0]]) is not None  # each damaged entry was rebuilt


def test_a_damaged_parser_entry_is_rebuilt(tmpdir_env: Path) -> None:
    syntax.parser()
    folder = Path(cache.folder_path())
    entry = folder / syntax.cache_name()
    original = entry.read_bytes()
    text = Path(_classic()).read_text(encoding="utf-8")
    expected = syntax.build_parser().parse(text)
    rng = random.Random(7)
    for damage in range(4):
        data = bytearray(original)
        if damage == 0:
            data = data[: len(data) // 2]
        elif damage == 1:
            data[-10] ^= 0x55
        elif damage == 2:
            data = bytearray(b"{}")
        else:
            data[rng.randrange(len(cache.MAGIC), len(data))] ^= 0x01
        entry.write_bytes(bytes(data))
        syntax.parser.cache_clear()
        assert syntax.parser().parse(text) == expected
    assert entry.read_bytes() != bytes(data)  # rebuilt, not left damaged


def test_a_change_to_the_model_code_is_a_new_cache_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spec parsed and pickled by one version of the model's code is never unpickled by
    another: the key hashes the grammar package's modules, not only the grammar (a changed
    dataclass or transformer once met a stale pickle with the same key)."""
    package = Path(syntax.__file__).parent
    copy = tmp_path / "grammar"
    copy.mkdir()
    for source in package.iterdir():
        if source.suffix in (".py", ".lark"):
            (copy / source.name).write_bytes(source.read_bytes())

    def key() -> str:
        syntax._code_digest.cache_clear()
        monkeypatch.setattr(syntax.resources, "files", lambda _name: copy)
        try:
            return syntax.cache_key()
        finally:
            monkeypatch.undo()
            syntax._code_digest.cache_clear()

    before = key()
    assert key() == before  # the same code, the same key
    model = copy / "model.py"
    model.write_text(model.read_text(encoding="utf-8") + "\n# a field added\n", encoding="utf-8")
    assert key() != before


def test_every_built_in_is_read_back_from_the_cache(
    tmpdir_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each built-in spec parsed once is loaded, not parsed, on the next start: a spec with a
    `because` in several languages (model.Reason, a string with attributes) was refused by the
    unpickler, so eight of the ten were parsed again at every command's start (0.8 s)."""
    fresh = {path: _fresh_read(path) for path in library.builtin_paths()}

    def parsed(path: str) -> library.ReadResult:
        raise AssertionError(f"{path} was parsed again, not loaded from the cache")

    monkeypatch.setattr(library, "read_path", parsed)
    for path, first in fresh.items():
        again = _fresh_read(path)
        assert again.file == first.file and again.diagnostics == first.diagnostics
    reasons = [r for p in fresh for r in _reasons(_fresh_read(p).file) if r.texts]
    assert reasons  # the reasons in several languages came back with their languages


def _reasons(value: object) -> Iterator[m.Reason]:
    if isinstance(value, m.Reason):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _reasons(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _reasons(item)
