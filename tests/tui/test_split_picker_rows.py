"""The split picker's "Sets:" row breaks between sets, never inside one (seen on a
learner's walk at 80x24: a set's tiles went over two rows)."""

from __future__ import annotations

import asyncio

import pytest
from rich.console import Console
from textual.app import App, ComposeResult

from mj_trainer.engine import tiles
from mj_trainer.engine.notation import parse
from mj_trainer.tui.tile_text import TileStyle, tile_text
from mj_trainer.tui.widgets.split_picker import SplitPicker

HAND = "c123 c456 b4 +b4 [k999] [dr dr dr]"


def _tile(code: str) -> tiles.Tile:
    tile = tiles.parse_code(code)
    assert tile is not None, code
    return tile


class _Host(App[None]):
    def compose(self) -> ComposeResult:
        yield SplitPicker(id="picker")


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_every_set_stays_on_one_row(width: int) -> None:
    app = _Host()
    rows: list[str] = []
    blocks: list[str] = []

    async def body() -> None:
        async with app.run_test(size=(width, 20)) as pilot:
            picker = app.query_one(SplitPicker)
            picker.load(parse(HAND), ask_winning=True, style=TileStyle.TEXT)
            # Every concealed tile read into sets, as a learner would (the melds come first).
            for codes_of in ("c1 c2 c3", "c4 c5 c6", "b4 b4"):
                picker.sets.append(tuple(_tile(c) for c in codes_of.split()))
                picker.from_meld.append(False)
            picker.winning = len(picker.sets) - 1
            await pilot.pause()
            room = picker.content_size.width
            assert 0 < room <= width
            # The picker's text as Textual lays it out in its width.
            drawn = picker.render().wrap(Console(width=room), room)
            rows.extend(line.plain.rstrip() for line in drawn)
            sets_at = next(i for i, r in enumerate(rows) if r.startswith("Sets: "))
            del rows[:sets_at]
            for k, group in enumerate(picker.sets):
                won = " ← winning tile" if k == picker.winning else ""
                mine = " declared" if picker.from_meld[k] else ""
                codes = " ".join(tile_text(t, style=TileStyle.TEXT).plain for t in group)
                blocks.append(f"{k + 1} {codes}{mine}{won}")
            assert all(len(r) <= room for r in rows), rows

    asyncio.run(body())
    assert rows[0].startswith("Sets: 1 ")
    for block in blocks:  # each set whole on one row
        assert any(" ".join(block.split()) in " ".join(r.split()) for r in rows), (block, rows)
