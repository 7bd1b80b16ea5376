"""Printing a sheet's HTML to PDF with WeasyPrint (the optional `pdf` extra), fitted to paper.

A sheet is laid out at 9 pt; one that runs a little over a page is tried tighter (less space
between rules, never smaller type); one that needs two pages is set larger until its second page
is at least a third full, so no page carries only a few lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Body classes, from the tightest to the roomiest (tools/templates/summary.css).
TIGHT = "tight"
LARGER = ("", "roomy", "roomier", "roomiest")
LEAST_FILL = 1 / 3


class PdfUnavailable(Exception):
    """WeasyPrint (or the system libraries it needs) is not installed."""


def _weasyprint() -> Any:
    try:
        import weasyprint
    except (ImportError, OSError) as exc:
        raise PdfUnavailable(
            f"PDF output needs WeasyPrint: pip install 'riskrules[pdf]' ({exc})"
        ) from None
    return weasyprint


def html_to_pdf(html: str) -> bytes:
    return bytes(_weasyprint().HTML(string=html).write_pdf())


def fill(page: Any) -> float:
    """How full a laid-out page is: the height its two columns use over the height they have."""
    root = page._page_box
    top, left = root.content_box_y(), root.content_box_x()
    middle = left + root.width / 2
    bottoms = [top, top]
    for box in root.descendants():
        if type(box).__name__ == "LineBox":
            column = 0 if box.position_x < middle else 1
            bottoms[column] = max(bottoms[column], box.position_y + box.height)
    return float(sum(b - top for b in bottoms) / (2 * root.height)) if root.height else 1.0


def fitted(render: Callable[[str], str]) -> tuple[str, bytes, int]:
    """The sheet's HTML (rendered with a body class) and PDF at the best fit, and its pages."""
    weasyprint = _weasyprint()

    def lay(cls: str) -> tuple[str, Any]:
        html = render(cls)
        return html, weasyprint.HTML(string=html).render()

    best = lay("")
    if len(best[1].pages) > 1:
        tight = lay(TIGHT)
        if len(tight[1].pages) == 1:
            best = tight
        else:
            for cls in LARGER[1:]:
                if len(best[1].pages) != 2 or fill(best[1].pages[-1]) >= LEAST_FILL:
                    break
                larger = lay(cls)
                if len(larger[1].pages) > 2:
                    break
                best = larger
    html, doc = best
    return html, bytes(doc.write_pdf()), len(doc.pages)
