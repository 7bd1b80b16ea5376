"""How WeasyPrint's import finds its libraries (tests/test_sheet_fitting.py): prints how many
processes the import started (ctypes' search ran ldconfig, gcc and ld), whether every library
opened, whether the optional HarfBuzz subsetter opened exactly where the search finds it,
whether the search itself still works, and whether every library opens where only the search's
answer opens them."""

import ctypes.util
import subprocess
import sys
from typing import Any

import cffi.api

from riskrules.tools.sheets.pdf import _weasyprint

started: list[object] = []
init = subprocess.Popen.__init__


def counted(self: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
    started.append(args)
    init(self, *args, **kwargs)


subprocess.Popen.__init__ = counted  # type: ignore[method-assign]
ffi = _weasyprint().text.ffi
print(len(started))
print(all((ffi.gobject, ffi.pango, ffi.harfbuzz, ffi.fontconfig, ffi.pangoft2)))
subprocess.Popen.__init__ = init  # type: ignore[method-assign]
subset = ctypes.util.find_library("harfbuzz-subset")
print((ffi.harfbuzz_subset is None) == (subset is None))
print(ctypes.util.find_library("c") is not None)  # the search is as it was

# A system whose libraries open only by the search's answer (none by a name as it is): the
# import is made again with the search, and finds them, silently.
for name in [m for m in sys.modules if m.startswith("weasyprint")]:
    del sys.modules[name]


def only_searched(backend: Any, name: str, flags: int) -> Any:
    found = ctypes.util.find_library(name)
    if found is None:
        raise OSError(f"no {name}")
    return backend.load_library(found, flags)


cffi.api._load_backend_lib = only_searched
ffi = _weasyprint().text.ffi
print(all((ffi.gobject, ffi.pango, ffi.harfbuzz, ffi.fontconfig, ffi.pangoft2)))
