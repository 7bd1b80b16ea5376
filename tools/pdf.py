"""Printing a summary's HTML to PDF with WeasyPrint (the optional `pdf` extra)."""

from __future__ import annotations


class PdfUnavailable(Exception):
    """WeasyPrint (or the system libraries it needs) is not installed."""


def html_to_pdf(html: str) -> bytes:
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as exc:
        raise PdfUnavailable(
            f"PDF output needs WeasyPrint: pip install 'riskrules[pdf]' ({exc})"
        ) from None
    return bytes(HTML(string=html).write_pdf())
