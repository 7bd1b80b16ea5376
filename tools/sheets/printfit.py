"""A sheet printed by a browser, fitted to its paper as its PDF is (pdf.py), without WeasyPrint.

The sheet's HTML carries a small script (templates/printfit.js) and the fitting's figures
(`figures`: pdf.py's, the one source). Just before a print the script lays the sheet out in
the browser on the paper's width with columns as tall as the page's, measures it as pdf.py
measures WeasyPrint's layout, and sets the type the same rules choose: a sheet that fits one
page grows until it is AIM_FILL full, one just over is set tighter, one on two pages grows
until its second page is fuller. It measures the browser's own layout with the fonts it has (a
player's computer may have no DejaVu Sans), which no estimate made on the server could; a
browser's layouts cost milliseconds, so it halves the steps of type rather than estimating.
A page served with a Content-Security-Policy allows the script by its hash (`SCRIPT_HASH`).
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from markupsafe import Markup

from . import pdf

# The paper's size and the sheet's margin on every side, in mm (the template's @page).
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 10.0

SCRIPT = (Path(__file__).parent / "templates" / "printfit.js").read_text(encoding="utf-8")
SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()


def figures(paper: str) -> Markup:
    """What the script fits by, as JSON for the sheet's `#fitting` data block: the page's
    content box in mm and pdf.py's sizes and fills."""
    width, height = PAPER_MM.get(paper, PAPER_MM["a4"])
    found = {
        "page": [round(width - 2 * MARGIN_MM, 1), round(height - 2 * MARGIN_MM, 1)],
        "base": pdf.BASE_TYPE,
        "largest": pdf.LARGEST_TYPE,
        "step": pdf.TYPE_STEP,
        "least_fill": pdf.LEAST_PAGE_FILL,
        "aim_fill": pdf.AIM_FILL,
        "most_fill": pdf.MOST_FILL,
        "least_second": pdf.LEAST_SECOND_FILL,
        "aim_second": pdf.AIM_SECOND_FILL,
        "tight_saves": pdf.TIGHT_SAVES,
    }
    return Markup(json.dumps(found, sort_keys=True))  # numbers only: nothing to escape


def script() -> Markup:
    """The script as the sheet carries it, its text exactly what SCRIPT_HASH is of."""
    return Markup(SCRIPT)
