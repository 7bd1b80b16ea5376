"""Where Jinja keeps the templates it compiles, when the host asks: the page's worker
(tools/site/static/worker.js) names a folder in RISKRULES_TEMPLATE_CACHE and keeps it between
visits, so a repeat visit compiles no template again (the studio's first pages are mostly
that). Unset, as for every command and the studio's server, a process compiles each template
once, as always. Jinja names each kept template by its name and checks it against its
source and Jinja's and Python's versions before use."""

from __future__ import annotations

import os

from jinja2 import BytecodeCache, FileSystemBytecodeCache

FOLDER = "RISKRULES_TEMPLATE_CACHE"


def compiled_templates() -> BytecodeCache | None:
    folder = os.environ.get(FOLDER)
    if not folder:
        return None
    os.makedirs(folder, exist_ok=True)
    return FileSystemBytecodeCache(folder)
