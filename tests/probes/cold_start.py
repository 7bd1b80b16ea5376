"""`riskrules check classic` on a machine where interegular was never installed (the README's
first command, with an empty temporary folder: the parser is built without it)."""

import sys

sys.modules["interegular"] = None  # type: ignore[assignment]  # (as if not installed)

from riskrules.tools.cli import main  # noqa: E402

sys.argv = ["riskrules", "check", "classic"]
main()
