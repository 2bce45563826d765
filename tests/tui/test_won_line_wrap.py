"""A worked hand's "How it was won" line breaks between its parts, never inside one:
at 80x24 the bonus tiles of a worked hand went over two rows (a learner's walk)."""

from __future__ import annotations

import pytest
from rich.console import Console

from mj_trainer.engine.notation import parse
from mj_trainer.tui.screens.course import _won_flow
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.widgets.hand_view import context_line, context_pieces

HAND = "c123 c456 b234 b567 k5 +k5 self seat:south wind:west f1 f2 s3 s4"


@pytest.mark.parametrize("width", [30, 40, 60, 76, 120])
def test_each_part_of_how_it_was_won_stays_on_one_row(width: int) -> None:
    hand = parse(HAND)
    parts = [p.plain for p in context_pieces(hand, None, style=TileStyle.TEXT)]
    assert any(p.startswith("bonus ") for p in parts)
    console = Console(width=width, record=True, color_system=None)
    console.print(_won_flow(hand, TileStyle.TEXT))
    rows = [r.rstrip() for r in console.export_text().splitlines() if r.strip()]
    assert rows[0].startswith("How it was won: ")
    assert all(len(r) <= width for r in rows), rows
    for part in parts:
        assert any(part.strip() in r for r in rows), (width, part, rows)
    assert (len(rows) == 1) is (width >= 120)


def test_the_context_line_reads_as_before() -> None:
    hand = parse(HAND)
    line = context_line(hand, "mj-score-eval", style=TileStyle.TEXT).plain
    assert line.startswith("mj-score-eval · ")
    assert " · bonus " in line
    assert line == " · ".join(p.plain for p in
                              context_pieces(hand, "mj-score-eval", style=TileStyle.TEXT))
