"""Where `riskrules site build DIR` writes (issue 42, item 1): a link planted at DIR or anywhere
in it is refused in words (exit 2) and never followed, a file or a pipe at DIR is refused, and
an earlier site is emptied and built again. The refusals come before any download; the one
full rebuild is in the site stage (-m site), beside the other tests of a built site."""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from sitehelpers import built

from helpers import NOT_HERE, Result, run_cli
from riskrules.tools.shared import safewrite
from riskrules.tools.site import output, wheels

SECRET = b"the user's own file, outside the folder\n"


def _riskrules(*argv: str, cwd: Path) -> Result:
    return run_cli(*argv, cwd=cwd)


def _outside(tmp_path: Path) -> Path:
    """A folder of the user's, outside the site, with one file in it."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "precious.txt").write_bytes(SECRET)
    return folder


def _earlier_site(folder: Path) -> Path:
    """A folder as a build leaves it (its manifest, pages in folders, a page at the top)."""
    (folder / "sheets").mkdir(parents=True)
    (folder / "sheets" / "classic.en.html").write_text("<p>an earlier sheet</p>")
    (folder / "index.html").write_text("<p>an earlier front page</p>")
    (folder / "site.json").write_text(json.dumps({"version": "0", "files": []}))
    return folder


def _kept(outside: Path) -> None:
    assert [p.name for p in outside.iterdir()] == ["precious.txt"]
    assert (outside / "precious.txt").read_bytes() == SECRET


@pytest.mark.parametrize("planted", ["site", "site/index.html", "site/sheets"])
def test_a_link_at_the_site_or_in_it_is_refused_never_followed(
    tmp_path: Path, planted: str
) -> None:
    outside = _outside(tmp_path)
    if planted == "site/index.html":
        _earlier_site(tmp_path / "site")
        (tmp_path / planted).unlink()
    elif planted == "site/sheets":
        (tmp_path / "site").mkdir()
        (tmp_path / "site" / "site.json").write_text("{}")
    target = outside / "precious.txt" if planted.endswith(".html") else outside
    os.symlink(target, tmp_path / planted)
    done = _riskrules("site", "build", "site", cwd=tmp_path)
    assert done.code == 2, done.err
    said = "it is a link" if planted == "site" else f"{planted} is a link"
    assert said in done.err and "never" in done.err
    assert "Traceback" not in done.err
    _kept(outside)
    assert (tmp_path / planted).is_symlink()  # the link left as it was
    if planted != "site":  # nothing of the earlier site removed either
        assert (tmp_path / "site" / "site.json").is_file()


def test_a_file_at_the_site_is_refused_and_kept(tmp_path: Path) -> None:
    (tmp_path / "site").write_bytes(SECRET)
    done = _riskrules("site", "build", "site", cwd=tmp_path)
    assert done.code == 2 and "it is a file, not a folder" in done.err
    assert "Traceback" not in done.err
    assert (tmp_path / "site").read_bytes() == SECRET


def test_a_pipe_at_the_site_is_refused_without_waiting(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip(NOT_HERE + "no FIFOs on this system")
    os.mkfifo(tmp_path / "site")  # no reader: an open for writing would wait for ever
    done = _riskrules("site", "build", "site", cwd=tmp_path)
    assert done.code == 2 and "a pipe or a device, not a folder" in done.err
    assert "Traceback" not in done.err


def test_an_earlier_site_is_emptied_for_the_new_one(tmp_path: Path) -> None:
    """What `site build` does first on an earlier site: every file and folder in it removed,
    the folder itself kept (its permissions are the user's)."""
    site = _earlier_site(tmp_path / "site")
    os.chmod(site, 0o750)
    assert output.prepared(site) == site
    assert site.is_dir() and not list(site.iterdir())
    assert os.stat(site).st_mode & 0o777 == 0o750
    fresh = output.prepared(tmp_path / "new" / "site")  # missing: made, with its parents
    assert fresh.is_dir() and not list(fresh.iterdir())


def test_a_pipe_in_an_earlier_site_is_refused(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip(NOT_HERE + "no FIFOs on this system")
    site = _earlier_site(tmp_path / "site")
    os.mkfifo(site / "sheets" / "pipe")
    done = _riskrules("site", "build", "site", cwd=tmp_path)
    assert done.code == 2 and "site/sheets/pipe is not a plain file" in done.err
    assert (site / "index.html").is_file()


def test_a_link_in_the_cache_is_not_followed(tmp_path: Path) -> None:
    """Babel trimmed into the user's cache folder: a link planted at its name there is refused,
    neither written through nor read into the site."""
    outside = _outside(tmp_path)
    source = tmp_path / "babel-2.17.0-py3-none-any.whl"
    with zipfile.ZipFile(source, "w") as made:
        made.writestr("babel/locale-data/fr.dat", b"French")
        made.writestr("babel/locale-data/da.dat", b"Danish")
    cache = tmp_path / "cache" / "trimmed"
    cache.mkdir(parents=True)
    os.symlink(outside / "precious.txt", cache / source.name)
    with pytest.raises(safewrite.Refused, match="link"):
        wheels._trimmed(source, "babel", ("da",), cache)
    _kept(outside)


@pytest.mark.site
def test_site_build_on_an_earlier_site_builds_it_again(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A copy of a built site, built again in place: the same files, nothing stray, no link."""
    site = tmp_path_factory.mktemp("again") / "site"
    shutil.copytree(built(tmp_path_factory), site, symlinks=True)
    (site / "sheets" / "old-page.html").write_text("from an earlier build")
    done = _riskrules("site", "build", str(site), cwd=site.parent)
    assert done.code == 0, done.err[-3000:]
    manifest = json.loads((site / "site.json").read_text())
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert manifest["files"] == ["./", *[f for f in files if f != "site.json"]]
    assert not (site / "sheets" / "old-page.html").exists()
    assert not [p for p in site.rglob("*") if p.is_symlink() or p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("da_DK.UTF-8", "indeholder ikke et bygget websted: riskrules site build"),
        ("nl_NL.UTF-8", "bevat geen gebouwde site: riskrules site build"),
        ("en_GB.UTF-8", "holds no built site: riskrules site build"),
    ],
)
def test_site_says_its_refusals_in_the_readers_language(
    tmp_path: Path, lang: str, said: str
) -> None:
    """`site serve` of a folder with no site, and `site build` into a folder of the user's:
    refused in the locale's language (the catalogues, grammar/locale), exit 2, no traceback."""
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    env = {"LC_ALL": lang}
    done = run_cli("site", "serve", "mine", cwd=tmp_path, env=env)
    assert done.code == 2 and said in done.err, done.err
    done = run_cli("site", "build", "mine", cwd=tmp_path, env=env)
    refusal = {"da": "er ikke tom", "nl": "is niet leeg", "en": "is not empty"}[lang[:2]]
    assert done.code == 2 and refusal in done.err and "Traceback" not in done.err, done.err
    assert (tmp_path / "mine" / "notes.txt").read_text() == "mine"
