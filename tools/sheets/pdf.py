"""Printing a sheet's HTML to PDF with WeasyPrint (the optional `pdf` extra), fitted to paper.

A sheet is laid out at 9 pt; one that runs a little over a page is tried tighter (less space
between rules, never smaller type); one that needs two pages is set larger until its second page
is at least a third full, so no page carries only a few lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Body classes (tools/templates/summary.css): tighter spacing, and the type sizes in pt from
# the sheet's own (the empty class) up; summary.css takes its sizes from here.
TIGHT = "tight"
SIZES = {"": 9.0, "roomy": 9.8, "roomier": 10.6, "roomiest": 11.4}
LARGER = tuple(SIZES)[1:]
LEAST_FILL = 1 / 3
# A one-page layout fuller than this is not trusted to stay on one page in a browser, whose
# fonts and line breaks differ a little from WeasyPrint's: it is laid out on two instead.
MOST_FILL = 0.95
TIGHT_SAVES = 0.1  # of a page's two columns, measured on the built-in sheets


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

    def one_page(doc: Any) -> bool:
        return len(doc.pages) == 1 and fill(doc.pages[0]) <= MOST_FILL

    best = lay("")
    if not one_page(best[1]):
        # Tighter spacing saves about a tenth: worth a layout only for a sheet just over.
        pages = best[1].pages
        just_over = len(pages) == 1 or (len(pages) == 2 and fill(pages[1]) <= TIGHT_SAVES)
        tight = lay(TIGHT) if just_over else None
        best = tight if tight and one_page(tight[1]) else _spread(lay, best)
    html, doc = best
    return html, bytes(doc.write_pdf()), len(doc.pages)


def laid_out(html: str) -> tuple[bytes, int]:
    """The PDF of the HTML as it is (no fitting), and its pages."""
    doc = _weasyprint().HTML(string=html).render()
    return bytes(doc.write_pdf()), len(doc.pages)


def _spread(lay: Callable[[str], tuple[str, Any]], best: tuple[str, Any]) -> tuple[str, Any]:
    """A sheet that needs two pages, set large enough that the second is at least a third
    full: the type size is estimated from how much runs over (text grows with the square of
    its size), so one layout usually does."""
    doc = best[1]
    over = fill(doc.pages[-1]) if len(doc.pages) == 2 else 1.0
    if len(doc.pages) == 2 and over >= LEAST_FILL:
        return best
    needed = (1 + LEAST_FILL) / (1 + over) if len(doc.pages) == 2 else 1.0
    order = list(LARGER)
    start = next(
        (i for i, cls in enumerate(order) if (SIZES[cls] / SIZES[""]) ** 2 >= needed),
        len(order) - 1,
    )
    for cls in order[start:]:
        bigger = lay(cls)
        pages = len(bigger[1].pages)
        if pages > 2:
            break
        best = bigger
        if pages == 2 and fill(bigger[1].pages[-1]) >= LEAST_FILL:
            break
    return best
