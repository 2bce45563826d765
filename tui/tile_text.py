"""Tiles drawn as Rich text, in three styles, every tile four cells wide.

* ``text`` (the default) lines up in every terminal: a two-character label on a
  colored background, ``3c`` for the 3 of coins, ``E`` for east, ``Rd`` for the red
  dragon.
* ``cjk``: the rank and the Chinese suit (萬 筒 條) or honor (東 南 西 北 中 發 白).
* ``unicode``: the mahjong tiles of the U+1F000 block.  Most terminals advance one
  cell for them but draw them wider, so each glyph is padded to two cells (the red
  dragon is already two), which keeps rows aligned.

The same functions serve the `score` command and the app's widgets, so a hand looks
the same everywhere.
"""

from __future__ import annotations

from enum import Enum

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group
from mj_trainer.engine.tiles import Suit, Tile

TILE_WIDTH = 4  # cells per tile in every style


class TileStyle(Enum):
    """How tiles are drawn."""

    TEXT = "text"
    CJK = "cjk"
    UNICODE = "unicode"


_SUIT_STYLE = {
    Suit.COINS: Style(color="white", bgcolor="blue", bold=True),
    Suit.BAMBOO: Style(color="white", bgcolor="green", bold=True),
    Suit.CHARACTERS: Style(color="white", bgcolor="red", bold=True),
    Suit.WINDS: Style(color="black", bgcolor="bright_white", bold=True),
    Suit.FLOWERS: Style(color="black", bgcolor="magenta", bold=True),
    Suit.SEASONS: Style(color="black", bgcolor="magenta", bold=True),
}
_DRAGON_STYLE = {
    tiles.RED: Style(color="bright_white", bgcolor="dark_red", bold=True),
    tiles.GREEN: Style(color="bright_white", bgcolor="dark_green", bold=True),
    tiles.WHITE: Style(color="black", bgcolor="grey70", bold=True),
}
_WIN_STYLE = Style(color="black", bgcolor="yellow", bold=True, underline=True)
_HONOR_LABEL = {
    tiles.EAST: "E ", tiles.SOUTH: "S ", tiles.WEST: "W ", tiles.NORTH: "N ",
    tiles.RED: "Rd", tiles.GREEN: "Gd", tiles.WHITE: "Wd",
}
_CJK_SUIT = {Suit.COINS: "筒", Suit.BAMBOO: "條", Suit.CHARACTERS: "萬"}
_CJK_HONOR = {
    tiles.EAST: "東", tiles.SOUTH: "南", tiles.WEST: "西", tiles.NORTH: "北",
    tiles.RED: "中", tiles.GREEN: "發", tiles.WHITE: "白",
}
# U+1F000 block order: winds E S W N, dragons red green white, characters 1-9,
# bamboo 1-9, circles (our coins) 1-9, flowers 1-4, seasons 1-4.
_UNICODE_BASE = {Suit.CHARACTERS: 0x1F007, Suit.BAMBOO: 0x1F010, Suit.COINS: 0x1F019}
_UNICODE_HONOR = {
    tiles.EAST: 0x1F000, tiles.SOUTH: 0x1F001, tiles.WEST: 0x1F002, tiles.NORTH: 0x1F003,
    tiles.RED: 0x1F004, tiles.GREEN: 0x1F005, tiles.WHITE: 0x1F006,
}


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
        face += " " * (2 - cell_len(face))
    else:
        face = label(tile)
    face = " " + face
    return face + " " * (TILE_WIDTH - cell_len(face))


def style_of(tile: Tile) -> Style:
    """The colors of a tile."""
    if tiles.IS_DRAGON[tile]:
        return _DRAGON_STYLE[tile]
    return _SUIT_STYLE[tiles.SUIT[tile]]


def tile_text(tile: Tile, *, winning: bool = False, style: TileStyle = TileStyle.TEXT) -> Text:
    """One tile, four cells wide; the winning tile stands out in yellow."""
    return Text(glyph(tile, style), style=_WIN_STYLE if winning else style_of(tile))


def group_text(
    group: Group, winning_tile: Tile | None = None, *, style: TileStyle = TileStyle.TEXT
) -> Text:
    """A set or pair; declared melds are bracketed, concealed kongs braced.

    When the group holds the winning tile, one copy of it is highlighted.
    """
    out = Text()
    if group.declared:
        out.append("{" if group.concealed else "[", style="bold")
    marked = False
    for i, t in enumerate(group.tiles):
        is_win = group.winning and not marked and t == winning_tile
        marked = marked or is_win
        if i:
            out.append(" ")
        out.append_text(tile_text(t, winning=is_win, style=style))
    if group.declared:
        out.append("}" if group.concealed else "]", style="bold")
    return out


def arrangement_text(
    arrangement: Arrangement, winning_tile: Tile, *, style: TileStyle = TileStyle.TEXT
) -> Text:
    """The hand grouped as scored, two spaces between groups."""
    out = Text()
    for i, g in enumerate(arrangement.groups):
        if i:
            out.append("  ")
        out.append_text(group_text(g, winning_tile, style=style))
    return out


def tiles_text(
    tile_list: list[Tile] | tuple[Tile, ...], *, style: TileStyle = TileStyle.TEXT,
    winning: Tile | None = None,
) -> Text:
    """Loose tiles in a row, one space apart; one copy of `winning` highlighted."""
    out = Text()
    marked = False
    for i, t in enumerate(tile_list):
        if i:
            out.append(" ")
        is_win = not marked and t == winning
        marked = marked or is_win
        out.append_text(tile_text(t, winning=is_win, style=style))
    return out
