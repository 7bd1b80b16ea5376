"""The reasons for assumed values a sheet quotes under its †, bounded: a house rule's reasons,
each up to 1,000 characters and one per table entry, once filled seven pages and more."""

from __future__ import annotations

# A sheet quotes each reason for an assumed value up to REASON_SHOWN characters, and the
# reasons up to REASONS_SHOWN characters in all (the built-in sheets' longest: 198 and 1,228);
# the rest is counted, with the rules file named for the full text. A house rule's reasons,
# each up to 1,000 characters and one per table entry, filled seven pages and more.
REASON_SHOWN = 240
REASONS_SHOWN = 1_500


def shown_reasons(reasons: list[str]) -> tuple[list[str], bool, int]:
    """The reasons a sheet quotes (each shortened past REASON_SHOWN characters, at a word,
    and no more than REASONS_SHOWN characters of them), whether any is shortened, and how
    many are left out."""
    shown: list[str] = []
    total = 0
    cut = False
    for reason in reasons:
        if len(reason) > REASON_SHOWN:
            words = reason[: REASON_SHOWN - 1].rsplit(" ", 1)[0]
            reason, cut = words.rstrip(" ,;:.") + "…", True
        if total + len(reason) > REASONS_SHOWN:
            break
        shown.append(reason)
        total += len(reason)
    return shown, cut, len(reasons) - len(shown)
