"""Whole pieces packed into rows: sets of tiles, the parts of a line that must not break.

Rich and Textual wrap text at any space, and tiles are drawn with spaces in and between
them, so a set's tiles or a number and its set could land on two rows.  What must stay
whole is packed here instead: as many whole pieces on a row as fit, a row breaking only
between pieces.
"""

from __future__ import annotations

from collections.abc import Sequence


def pack(widths: Sequence[int], room: int | None, *, gap: int, lead: int = 0
         ) -> list[list[int]]:
    """The indexes of the pieces of `widths` (in cells), row by row.

    Each row starts `lead` cells in (a label on the first, its indent on the next),
    with `gap` cells between pieces, and holds as many whole pieces as fit in `room`
    (None: one row).  A piece wider than a row gets a row of its own."""
    rows: list[list[int]] = []
    used = lead
    for i, width in enumerate(widths):
        if rows and room is not None and used + gap + width > room:
            rows.append([])
            used = lead
        elif rows:
            used += gap
        if not rows:
            rows.append([])
        rows[-1].append(i)
        used += width
    return rows
