"""Import the modules named (the engine's) with Lark missing: the engine must not need it."""

import importlib
import sys

sys.modules["lark"] = None  # type: ignore[assignment]  # (as if not installed)
for name in sys.argv[1:]:
    importlib.import_module(name)
