"""How tiles look on screen, without a drawing library: faces, widths and colors.

Both faces of mj-trainer draw tiles, the app (through Textual) and the `score` table
(through Rich), and both must draw them the same way. This module holds what they
share as plain data: the three tile styles, each tile's face padded to four terminal
cells, the colors of its suit as a style string, and a hand laid out as runs of
``(text, style)`` spans. Turning spans into a library's text object is then one call
on either side (`rich.text.Text.assemble(*spans)`).

* ``text`` (the default) lines up in every terminal: a two-character label on a
  colored background, ``3c`` for the 3 of coins, ``E`` for east, ``Rd`` for the red
  dragon.
* ``cjk``: the rank and the Chinese suit (萬 筒 條) or honor (東 南 西 北 中 發 白).
* ``unicode``: the mahjong tiles of the U+1F000 block. Most terminals advance one
  cell for them but draw them wider, so each glyph is padded to two cells (the red
  dragon is already two), which keeps rows aligned.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Final

from mj_trainer.engine import tiles
from mj_trainer.engine.tiles import Suit, Tile

if TYPE_CHECKING:  # annotations only: the settings name a tile style, not a hand
    from mj_trainer.engine.arrangements import Arrangement, Group

TILE_WIDTH: Final = 4  # cells per tile in every style

Span = tuple[str, str]  # a piece of text and its style string ("" for none)


class TileStyle(Enum):
    """How tiles are drawn."""

    TEXT = "text"
    CJK = "cjk"
    UNICODE = "unicode"


_SUIT_COLORS: Final = {
    Suit.COINS: "bold white on blue",
    Suit.BAMBOO: "bold white on green",
    Suit.CHARACTERS: "bold white on red",
    Suit.WINDS: "bold black on bright_white",
    Suit.FLOWERS: "bold black on magenta",
    Suit.SEASONS: "bold black on magenta",
}
_DRAGON_COLORS: Final = {
    tiles.RED: "bold bright_white on dark_red",
    tiles.GREEN: "bold bright_white on dark_green",
    tiles.WHITE: "bold black on grey70",
}
WIN_COLORS: Final = "bold underline black on yellow"
BRACKET: Final = "bold"
_HONOR_LABEL: Final = {
    tiles.EAST: "E ", tiles.SOUTH: "S ", tiles.WEST: "W ", tiles.NORTH: "N ",
    tiles.RED: "Rd", tiles.GREEN: "Gd", tiles.WHITE: "Wd",
}
_CJK_SUIT: Final = {Suit.COINS: "筒", Suit.BAMBOO: "條", Suit.CHARACTERS: "萬"}
_CJK_HONOR: Final = {
    tiles.EAST: "東", tiles.SOUTH: "南", tiles.WEST: "西", tiles.NORTH: "北",
    tiles.RED: "中", tiles.GREEN: "發", tiles.WHITE: "白",
}
# U+1F000 block order: winds E S W N, dragons red green white, characters 1-9,
# bamboo 1-9, circles (our coins) 1-9, flowers 1-4, seasons 1-4.
_UNICODE_BASE: Final = {Suit.CHARACTERS: 0x1F007, Suit.BAMBOO: 0x1F010, Suit.COINS: 0x1F019}
_UNICODE_HONOR: Final = {
    tiles.EAST: 0x1F000, tiles.SOUTH: 0x1F001, tiles.WEST: 0x1F002, tiles.NORTH: 0x1F003,
    tiles.RED: 0x1F004, tiles.GREEN: 0x1F005, tiles.WHITE: 0x1F006,
}


def cells(text: str) -> int:
    """Terminal cells `text` takes: two for wide (East Asian) characters, else one."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def label(tile: Tile) -> str:
    """The two-character text-style label of a tile."""
    if tile < 27:
        return f"{tiles.RANK[tile]}{tiles.code(tile)[0]}"
    if tile in _HONOR_LABEL:
        return _HONOR_LABEL[tile]
    return tiles.code(tile).upper()


def glyph(tile: Tile, style: TileStyle) -> str:
    """The tile's face in a style, padded to exactly four cells."""
    if style is TileStyle.CJK:
        suit = tiles.SUIT[tile]
        if tile < 27:
            face = f"{tiles.RANK[tile]}{_CJK_SUIT[suit]}"
        elif tile in _CJK_HONOR:
            face = _CJK_HONOR[tile]
        else:
            face = ("花" if suit is Suit.FLOWERS else "季") + str(tiles.RANK[tile])
    elif style is TileStyle.UNICODE:
        if tile < 27:
            face = chr(_UNICODE_BASE[tiles.SUIT[tile]] + tiles.RANK[tile] - 1)
        elif tile in _UNICODE_HONOR:
            face = chr(_UNICODE_HONOR[tile])
        else:
            face = chr(0x1F022 + tile - tiles.FLOWERS[0])
        face += " " * (2 - cells(face))
    else:
        face = label(tile)
    face = " " + face
    return face + " " * (TILE_WIDTH - cells(face))


@cache
def faces(style: TileStyle) -> dict[str, Tile]:
    """Each tile's face in `style`, without its padding, to the tile: what a learner
    sees on screen (``5c``, ``E``, ``Rd``, ``5萬``), which the notation reads back."""
    return {glyph(t, style).strip(): t for t in range(tiles.NUM_TILES)}


def colors(tile: Tile) -> str:
    """The colors of a tile, as a style string."""
    if tiles.IS_DRAGON[tile]:
        return _DRAGON_COLORS[tile]
    return _SUIT_COLORS[tiles.SUIT[tile]]


def tile_span(tile: Tile, *, winning: bool = False, style: TileStyle = TileStyle.TEXT) -> Span:
    """One tile, four cells wide; the winning tile stands out in yellow."""
    return glyph(tile, style), WIN_COLORS if winning else colors(tile)


def group_spans(
    group: Group, winning_tile: Tile | None = None, *, style: TileStyle = TileStyle.TEXT
) -> list[Span]:
    """A set or pair; declared melds are bracketed, concealed kongs braced.

    When the group holds the winning tile, one copy of it is highlighted.
    """
    out: list[Span] = []
    if group.declared:
        out.append(("{" if group.concealed else "[", BRACKET))
    marked = False
    for i, t in enumerate(group.tiles):
        is_win = group.winning and not marked and t == winning_tile
        marked = marked or is_win
        if i:
            out.append((" ", ""))
        out.append(tile_span(t, winning=is_win, style=style))
    if group.declared:
        out.append(("}" if group.concealed else "]", BRACKET))
    return out


def arrangement_spans(
    arrangement: Arrangement, winning_tile: Tile, *, style: TileStyle = TileStyle.TEXT
) -> list[Span]:
    """The hand grouped as scored, two spaces between groups."""
    out: list[Span] = []
    for i, g in enumerate(arrangement.groups):
        if i:
            out.append(("  ", ""))
        out.extend(group_spans(g, winning_tile, style=style))
    return out


def tiles_spans(
    tile_list: Sequence[Tile], *, style: TileStyle = TileStyle.TEXT,
    winning: Tile | None = None,
) -> list[Span]:
    """Loose tiles in a row, one space apart; one copy of `winning` highlighted."""
    out: list[Span] = []
    marked = False
    for i, t in enumerate(tile_list):
        if i:
            out.append((" ", ""))
        is_win = not marked and t == winning
        marked = marked or is_win
        out.append(tile_span(t, winning=is_win, style=style))
    return out
