"""Tiles drawn as Rich text for the app's widgets.

The faces, widths and colors are the engine's (`engine.tile_faces`), shared with the
`score` table of the command line, so a hand looks the same everywhere; this module
only turns them into `rich.text.Text`.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from rich.style import Style
from rich.text import Text

from mj_trainer.engine.tile_faces import (
    TILE_WIDTH,
    WIN_COLORS,
    TileStyle,
    arrangement_spans,
    colors,
    glyph,
    group_spans,
    tiles_spans,
)
from mj_trainer.engine.tiles import Tile

if TYPE_CHECKING:  # annotations only: home draws a row of tiles, not a hand
    from mj_trainer.engine.arrangements import Arrangement, Group

__all__ = [
    "TILE_WIDTH", "TileStyle", "arrangement_text", "glyph", "group_text", "style_of",
    "tile_text", "tiles_text",
]


_WIN: Final = Style.parse(WIN_COLORS)


@cache
def style_of(tile: Tile) -> Style:
    """The colors of a tile."""
    return Style.parse(colors(tile))


def tile_text(tile: Tile, *, winning: bool = False, style: TileStyle = TileStyle.TEXT) -> Text:
    """One tile, four cells wide; the winning tile stands out in yellow.

    The colors are the text's own style (not a span), so a widget can pad a tile
    with `Text(" " * 4, style=face.style)` in the same colors.
    """
    return Text(glyph(tile, style), style=_WIN if winning else style_of(tile))


def group_text(
    group: Group, winning_tile: Tile | None = None, *, style: TileStyle = TileStyle.TEXT
) -> Text:
    """A set or pair; declared melds are bracketed, concealed kongs braced."""
    return Text.assemble(*group_spans(group, winning_tile, style=style))


def arrangement_text(
    arrangement: Arrangement, winning_tile: Tile, *, style: TileStyle = TileStyle.TEXT
) -> Text:
    """The hand grouped as scored, two spaces between groups."""
    return Text.assemble(*arrangement_spans(arrangement, winning_tile, style=style))


def tiles_text(
    tile_list: list[Tile] | tuple[Tile, ...], *, style: TileStyle = TileStyle.TEXT,
    winning: Tile | None = None,
) -> Text:
    """Loose tiles in a row, one space apart; one copy of `winning` highlighted."""
    return Text.assemble(*tiles_spans(tile_list, style=style, winning=winning))
