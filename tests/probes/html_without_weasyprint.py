"""`riskrules summary da-2006` as an HTML sheet and as an HTML card, written to the file named:
prints whether WeasyPrint (the PDF's library, seconds to import) was imported for them."""

import sys

from riskrules.tools.cli import main

target = sys.argv[1]
for args in (["--format", "html"], ["--layout", "card", "--format", "html"]):
    try:
        main(["summary", "da-2006", *args, "-o", target])
    except SystemExit as exit:
        assert not exit.code, exit.code
print("weasyprint" in sys.modules)
