"""Pyodide's standard library as the site ships it: its zip less the modules the page never
imports (the debugger, the test frameworks, the REPL, mail and XML-RPC clients, profilers,
XML, the command-line parsers, terminals, and the text codecs for encodings other than the
Unicode ones, Latin-1 and ASCII: riskrules reads and writes UTF-8 only). 0.68 MB of a cold
visit's 8.6 MB (gzip), and 0.17 MB more since XML and the rest below `this.py` went (none is
imported in the page, even with every module of riskrules imported: tests/test_site_trim.py).
Derived from the file checked against site.lock, member by member, the same bytes each
build."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from . import output

DROPPED = frozenset(
    {
        "unittest",
        "doctest.py",
        "pdb.py",
        "bdb.py",
        "pydoc.py",
        "pydoc_data",
        "_pyrepl",
        "wsgiref",
        "xmlrpc",
        "ftplib.py",
        "imaplib.py",
        "poplib.py",
        "smtplib.py",
        "mailbox.py",
        "sqlite3",
        "timeit.py",
        "trace.py",
        "profile.py",
        "cProfile.py",
        "pstats.py",
        "tabnanny.py",
        "pickletools.py",
        "symtable.py",
        "this.py",
        "antigravity.py",
        "__phello__",
        # riskrules' JUnit report (compliance, never in the page) is the one user of xml
        "xml",
        "argparse.py",
        "optparse.py",
        "getopt.py",
        "cmd.py",
        "pty.py",
        "tty.py",
        "plistlib.py",
        "modulefinder.py",
        "pyclbr.py",
        "zipapp.py",
        "shelve.py",
        "sched.py",
        "netrc.py",
        "wave.py",
        "colorsys.py",
        "tracemalloc.py",
    }
)
CODECS = frozenset(
    {
        "__init__",
        "aliases",
        "utf_8",
        "utf_8_sig",
        "utf_16",
        "utf_16_le",
        "utf_16_be",
        "utf_32",
        "utf_32_le",
        "utf_32_be",
        "ascii",
        "latin_1",
        "charmap",
        "idna",
        "punycode",
        "raw_unicode_escape",
        "unicode_escape",
        "cp1252",
        "cp437",
        "iso8859_1",
        "iso8859_15",
        "base64_codec",
        "hex_codec",
        "undefined",
        "mbcs",
        "rot_13",
        "quopri_codec",
        "uu_codec",
        "zlib_codec",
        "bz2_codec",
    }
)


def kept(name: str) -> bool:
    parts = name.split("/")
    if parts[0] in DROPPED:
        return False
    if parts[0] == "encodings" and len(parts) > 1 and parts[1]:
        return parts[1].split(".")[0] in CODECS
    return True


def trimmed(source: Path, target: Path) -> None:
    """`source` (python_stdlib.zip) written to `target` without the dropped modules; each kept
    member with its own name, time and compression method (made in memory, about 2 MB, and
    written as every file of the site is)."""
    made = io.BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(made, "w") as new:
        for info in old.infolist():
            if kept(info.filename):
                with old.open(info) as data:
                    new.writestr(info, data.read(), compress_type=info.compress_type)
    output.write(target, made.getvalue())
