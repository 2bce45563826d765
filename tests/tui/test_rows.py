"""Whole pieces packed into rows (tui/rows.py), which the tile flows, the split picker's
sets and the reading given back all use."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mj_trainer.tui.rows import pack


@given(st.lists(st.integers(1, 30), max_size=12), st.integers(1, 80), st.integers(0, 3),
       st.integers(0, 20))
def test_rows_hold_every_piece_in_order_as_many_as_fit(
        widths: list[int], room: int, gap: int, lead: int) -> None:
    rows = pack(widths, room, gap=gap, lead=lead)
    assert [i for row in rows for i in row] == list(range(len(widths)))
    assert all(rows)  # no empty row

    def size(row: list[int]) -> int:
        return lead + sum(widths[i] for i in row) + gap * (len(row) - 1)

    for k, row in enumerate(rows):
        assert len(row) == 1 or size(row) <= room  # only a lone piece may overflow
        if k:  # the row's first piece did not fit after the row before it
            assert size([*rows[k - 1], row[0]]) > room


def test_without_room_everything_is_one_row() -> None:
    assert pack([5, 50, 500], None, gap=2, lead=10) == [[0, 1, 2]]
    assert pack([], 10, gap=2) == []
