"""Every tile in rows by suit, to build a hand with the keyboard or the mouse.

Rows: coins, bamboo, characters, honors (winds and dragons), bonus (flowers and
seasons).  Arrow keys move the cursor, enter or space adds the tile, `w` adds it as
the winning tile, `c` `p` `k` add an exposed chow (from it), pung or kong and `K` a
concealed kong.  A click adds the tile the way the calculator's "click adds" choice
says.  Tiles the hand already holds four times are drawn dim.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from mj_trainer.engine import tiles
from mj_trainer.engine.tiles import Tile
from mj_trainer.tui.tile_text import TILE_WIDTH, TileStyle, tile_text

How = Literal["tile", "winning", "chow", "pung", "kong", "concealed-kong"]
HOWS: Final[tuple[How, ...]] = ("tile", "winning", "chow", "pung", "kong", "concealed-kong")

ROWS: Final[tuple[tuple[str, tuple[Tile, ...]], ...]] = (
    ("coins", tuple(range(0, 9))),
    ("bamboo", tuple(range(9, 18))),
    ("chars", tuple(range(18, 27))),
    ("honors", tuple(range(27, 34))),
    ("bonus", tiles.FLOWERS + tiles.SEASONS),
)
LABEL_WIDTH: Final = 7
STEP: Final = TILE_WIDTH + 1  # a tile and the separator before it (the cursor marks)
_CURSOR = Style(bold=True)


def tile_at(row: int, col: int) -> Tile | None:
    """The tile drawn at a row and column of the palette (None: none there)."""
    if not 0 <= row < len(ROWS) or col < LABEL_WIDTH:
        return None
    index, offset = divmod(col - LABEL_WIDTH, STEP)
    row_tiles = ROWS[row][1]
    if index >= len(row_tiles) or offset == 0:
        return None
    return row_tiles[index]


class TilePalette(Widget, can_focus=True):
    """The tile palette; posts `Picked` for each tile chosen."""

    DEFAULT_CSS = """
    TilePalette { height: 5; width: auto; }
    """
    BINDINGS = [
        Binding("enter,space", "pick('tile')", "Add", id="palette.add"),
        Binding("w", "pick('winning')", "Winning", id="palette.winning",
                tooltip="Add it as the winning tile"),
        Binding("c", "pick('chow')", "Chow", id="palette.chow",
                tooltip="Add an exposed chow starting at it"),
        Binding("p", "pick('pung')", "Pung", id="palette.pung",
                tooltip="Add an exposed pung"),
        Binding("k", "pick('kong')", "Kong", id="palette.kong", tooltip="Add an exposed kong"),
        Binding("K", "pick('concealed-kong')", "Concealed kong", id="palette.ckong",
                key_display="K", tooltip="Add a concealed kong"),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("home", "move(-9, 0)", show=False),
        Binding("end", "move(9, 0)", show=False),
    ]

    @dataclass
    class Picked(Message):
        """A tile was chosen, and how it joins the hand."""

        tile: Tile
        how: How

    row: reactive[int] = reactive(0)
    col: reactive[int] = reactive(0)
    tile_style: reactive[TileStyle] = reactive(TileStyle.TEXT, layout=True)

    def __init__(self, *, left: Callable[[Tile], int] | None = None,
                 click_how: Callable[[], How] | None = None, id: str | None = None) -> None:
        super().__init__(id=id)
        self.left = left or (lambda _t: 4)
        self.click_how = click_how or (lambda: "tile")

    @property
    def tile(self) -> Tile:
        row_tiles = ROWS[self.row][1]
        return row_tiles[min(self.col, len(row_tiles) - 1)]

    def move_to(self, tile: Tile) -> None:
        for r, (_, row_tiles) in enumerate(ROWS):
            if tile in row_tiles:
                self.row, self.col = r, row_tiles.index(tile)

    def action_move(self, dx: int, dy: int) -> None:
        self.row = (self.row + dy) % len(ROWS)
        width = len(ROWS[self.row][1])
        self.col = max(0, min(width - 1, min(self.col, width - 1) + dx))

    def action_pick(self, how: How) -> None:
        self.post_message(self.Picked(self.tile, how))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        tile = tile_at(offset.y, offset.x)
        if tile is None:
            return
        event.stop()
        self.move_to(tile)
        self.focus()
        self.post_message(self.Picked(tile, self.click_how()))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return LABEL_WIDTH + 9 * STEP + 1

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        focused = self.has_focus
        for r, (name, row_tiles) in enumerate(ROWS):
            if r:
                out.append("\n")
            out.append(f"{name:<{LABEL_WIDTH}}", style="dim")
            at = min(self.col, len(row_tiles) - 1) if focused and r == self.row else -9
            for c, t in enumerate(row_tiles):
                mark = "▶" if c == at else "◀" if c == at + 1 else " "
                out.append(mark, style=_CURSOR)
                face = tile_text(t, style=self.tile_style)
                if self.left(t) <= 0:
                    face.stylize(Style(dim=True, strike=True))
                out.append_text(face)
            out.append("◀" if at == len(row_tiles) - 1 else " ", style=_CURSOR)
        return out

    def watch_row(self) -> None:
        self.refresh()

    def watch_col(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
