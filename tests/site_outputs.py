"""What the site's Python must print exactly as CPython does: run under CPython by
tests/test_site_node.py and under Pyodide by tests/site_node.mjs (the wheels the site ships),
each writing into the folder it is given; the two folders are compared byte for byte.

check on every built-in and example house rule, every built-in's sheet and card in three
languages, the concordance of the four manuals, an odds table, three seeded game records and
the referee's reading of each."""

import contextlib
import io
import os
import shutil
import sys
from importlib import resources

from riskrules.tools.cli import main
from riskrules.tools.service import rulesets
from riskrules.tools.service.snapshot import Snapshot

LANGUAGES = ("en", "da", "nl")
MANUALS = ("nl-classic", "da-classic", "da-2006", "da-web")


def rr(name, *argv):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(argv))
        except SystemExit as exc:
            code = exc.code or 0
    if name:
        with open(name, "w", encoding="utf-8", newline="") as handle:
            handle.write(f"exit {code}\n{out.getvalue()}\n--- stderr\n{err.getvalue()}")


def run(folder):
    os.makedirs(folder, exist_ok=True)
    os.chdir(folder)
    os.makedirs("examples", exist_ok=True)  # relative paths: the same names on both hosts
    for entry in resources.files("riskrules.examples").joinpath("house-rules").iterdir():
        if entry.name.endswith(".rules"):
            with open(os.path.join("examples", entry.name), "w", encoding="utf-8") as out:
                out.write(entry.read_text(encoding="utf-8"))
    examples = sorted(os.path.join("examples", n) for n in os.listdir("examples"))
    rr("check.txt", "check", "--verbose")
    rr("check.json", "check", "--format", "json")
    for path in examples:
        rr(f"check-{os.path.basename(path)}.txt", "check", "--verbose", path)
    for entry in rulesets.builtins(Snapshot.of()):
        for lang in LANGUAGES:
            rr(None, "summary", entry.name, "--lang", lang, "-o", f"{entry.name}.{lang}.html")
            rr(
                None,
                "summary",
                entry.name,
                "--layout",
                "card",
                "--lang",
                lang,
                "-o",
                f"{entry.name}.card.{lang}.html",
            )
    for lang in LANGUAGES:
        rr(
            None,
            "diff",
            *MANUALS,
            "--format",
            "html",
            "--lang",
            lang,
            "-o",
            f"concordance.{lang}.html",
        )
    rr("concordance.txt", "diff", *MANUALS)
    rr("odds.txt", "odds", "classic", "--table", "8", "--exact")
    for seed in (1, 2, 3):
        rr(
            None,
            "simulate",
            "classic",
            "--players",
            "4",
            "--games",
            "1",
            "--workers",
            "1",
            "--seed",
            str(seed),
            "--record",
            f"records-{seed}",
        )
        for record in sorted(os.listdir(f"records-{seed}")):
            shutil.move(os.path.join(f"records-{seed}", record), f"record-{seed}-{record}")
            rr(f"referee-{seed}-{record}.txt", "referee", "classic", f"record-{seed}-{record}")
        os.rmdir(f"records-{seed}")
    shutil.rmtree("examples")


if __name__ == "__main__":
    run(sys.argv[1])
