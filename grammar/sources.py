"""What a rules file's `source` declarations may name: a manual's file inside the manuals'
folder, never a path out of it (RR0125)."""

from __future__ import annotations

import re

from . import model as m
from .diagnostics import Diagnostic, error
from .messages import msg


def check_source(src: m.Source) -> list[Diagnostic]:
    """RR0125: a manual's file is named inside the manuals' folder (`trace --sources DIR`),
    never by an absolute path or one that climbs out of it with `..`: such a file is not read
    (a rules file from elsewhere must not make riskrules read the reader's other files)."""
    parts = re.split(r"[/\\]", src.file)
    if not (src.file.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", src.file) or ".." in parts):
        return []
    plain = parts[-1] if parts[-1] not in ("", "..") else "manual.txt"
    example = f'source {src.id} "{plain}" language {src.language}'
    return [
        error(
            "RR0125",
            msg(
                "source '{id}' names the file '{file}', outside the manuals' folder: it is never "
                "read",
                id=src.id,
                file=src.file,
            ),
            src.span,
            msg(
                "name the file as it is in the folder --sources names, such as {example}",
                example=example,
            ),
        )
    ]
