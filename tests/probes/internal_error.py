"""`riskrules check` when the code itself fails (the workspace's opening raises): the command
line says "internal error", exits 3 and prints no traceback."""

import sys

from riskrules.grammar import library


def boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("boom")


library.Workspace.open = staticmethod(boom)

from riskrules.tools.cli import main  # noqa: E402

sys.argv = ["riskrules", "check"]
main()
