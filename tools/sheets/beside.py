"""A changed table as the box of changes shows it: once, the rows (or, in a table set across,
the columns) that changed, the base's value beside the new one, not the base's whole table
printed again under the new one (a one-page base's house rule stays on one page)."""

from __future__ import annotations

# A table set across (the sheet's template sets a two-row table so): a row of headings (the
# player counts, the sets) over a row of values, each row led by its label.
ACROSS = 2


def beside(
    cells: list[list[str]], was_cells: list[list[str]], was: str, new: str
) -> list[list[str]]:
    """The changed part of `cells` against `was_cells`, the old beside the new: down, a row
    each (`key`, new value, "was 7"; a row the base lacks says `new`, one it had alone shows
    "—" now); across, the changed columns with a third row of what they were (—: none). Empty
    where the two are not the same kind of table, or share no row or column (a two-player
    variant's start armies against its base's for 3 to 6): the box then prints both."""
    if not cells or not was_cells:
        return []
    if cells == was_cells:  # only the sentence changed: its table once, as it is
        return cells
    if len(cells) == ACROSS and len(was_cells) == ACROSS:
        return _across(cells, was_cells, was)
    if len(cells) == ACROSS or len(was_cells) == ACROSS:
        return []
    if any(len(row) != 2 for row in [*cells, *was_cells]):
        return []
    now, then = dict((k, v) for k, v in cells), dict((k, v) for k, v in was_cells)
    if not now.keys() & then.keys():
        return []
    rows = [[k, v, f"{was} {then[k]}" if k in then else new] for k, v in now.items()]
    rows += [[k, "—", f"{was} {v}"] for k, v in then.items() if k not in now]
    return [row for row in rows if row[0] not in then or then[row[0]] != now.get(row[0])]


def _across(cells: list[list[str]], was_cells: list[list[str]], was: str) -> list[list[str]]:
    (label, *heads), (value_label, *values) = cells
    (_l, *was_heads), (_v, *was_values) = was_cells
    if len(heads) != len(values) or len(was_heads) != len(was_values):
        return []
    now, then = dict(zip(heads, values, strict=True)), dict(zip(was_heads, was_values, strict=True))
    if not now.keys() & then.keys():
        return []
    keys = [
        k for k in [*heads, *(h for h in was_heads if h not in now)] if now.get(k) != then.get(k)
    ]
    return [
        [label, *keys],
        [value_label, *(now.get(k, "—") for k in keys)],
        [was[:1].upper() + was[1:], *(then.get(k, "—") for k in keys)],
    ]
