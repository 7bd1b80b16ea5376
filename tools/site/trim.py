"""What the site leaves out of the third-party wheels, and why: members the page never reads
(test helpers, command lines, another event loop's backend, type stubs), Babel's locales
beyond the languages riskrules prints, and one wheel no code in the page imports. The
riskrules wheel is never trimmed: it is the wheel a pip install gets. tests/test_site_trim.py
checks that nothing kept imports what is dropped."""

from __future__ import annotations

# A package's members (a file, or a folder ending in "/") the page never reads.
DROPPED: dict[str, tuple[str, ...]] = {
    # Babel's pybabel command line and the extraction of messages from sources: a translator's
    # steps, done in the repository; the page reads catalogues.
    "babel": (
        "babel/messages/frontend.py",
        "babel/messages/setuptools_frontend.py",
        "babel/messages/extract.py",
        "babel/messages/jslexer.py",
        "babel/localtime/_win32.py",
    ),
    # CliRunner (tests) and the Windows console.
    "click": ("click/testing.py", "click/_winconsole.py"),
    # The test client (it needs httpx).
    "starlette": ("starlette/testclient.py",),
    # The trio backend (trio is not installed) and the pytest plugin.
    "anyio": ("anyio/_backends/_trio.py", "anyio/pytest_plugin.py"),
    # The standalone-parser generator, the Nearley converter, PyInstaller's hook, and the
    # Python grammar (riskrules' grammar imports none).
    "lark": ("lark/tools/", "lark/__pyinstaller/", "lark/grammars/python.lark"),
    # The C accelerator's source (built pure: it falls back to Python).
    "markupsafe": ("markupsafe/_speedups.c",),
}
# Read by type checkers only.
STUBS = (".pyi", "/py.typed")
# Wheels the page does not install at all.
LEFT_OUT = {
    # anyio imports it only to resolve a host name for a socket (anyio/_core/_sockets.py,
    # idna2008_resolve); the page opens no socket.
    "idna",
}
# English's own regional data Babel reads for "en" (the other languages keep every region).
ENGLISH_KEPT = {"en", "en_001", "en_150", "en_GB", "en_US_POSIX"}


def kept(package: str, member: str, locales: tuple[str, ...] = ()) -> bool:
    """Whether the site keeps `member` of `package`'s wheel."""
    if member.endswith(STUBS):
        return False
    for dropped in DROPPED.get(package, ()):
        if member == dropped or (dropped.endswith("/") and member.startswith(dropped)):
            return False
    return not locales or _keep_locale(member, locales)


def _keep_locale(member: str, locales: tuple[str, ...]) -> bool:
    if "/locale-data/" not in member or not member.endswith(".dat"):
        return True
    stem = member.rsplit("/", 1)[1][: -len(".dat")]
    language = stem.split("_")[0]
    if stem == "root" or stem in ENGLISH_KEPT:
        return True
    return language in locales and language != "en"
