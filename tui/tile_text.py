"""Tiles drawn as Rich text: the plain text style that lines up in every terminal.

Each tile is a two-character label on a colored background: `3c` for 3 of coins,
`E ` for the east wind, `Rd` for the red dragon.  Used by the `score` command and
by the app's widgets, so a hand looks the same everywhere.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from engine import tiles
from engine.arrangements import Arrangement, Group
from engine.tiles import Suit, Tile

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


def label(tile: Tile) -> str:
    """The two-character label of a tile."""
    if tile < 27:
        return f"{tiles.RANK[tile]}{tiles.code(tile)[0]}"
    if tile in _HONOR_LABEL:
        return _HONOR_LABEL[tile]
    return tiles.code(tile).upper()


def style(tile: Tile) -> Style:
    """The colors of a tile in the text style."""
    if tiles.IS_DRAGON[tile]:
        return _DRAGON_STYLE[tile]
    return _SUIT_STYLE[tiles.SUIT[tile]]


def tile_text(tile: Tile, *, winning: bool = False) -> Text:
    """One tile, padded to four cells; the winning tile stands out in yellow."""
    return Text(f" {label(tile)} ", style=_WIN_STYLE if winning else style(tile))


def group_text(group: Group, winning_tile: Tile | None = None) -> Text:
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
        out.append_text(tile_text(t, winning=is_win))
    if group.declared:
        out.append("}" if group.concealed else "]", style="bold")
    return out


def arrangement_text(arrangement: Arrangement, winning_tile: Tile) -> Text:
    """The hand grouped as scored, two spaces between groups."""
    out = Text()
    for i, g in enumerate(arrangement.groups):
        if i:
            out.append("  ")
        out.append_text(group_text(g, winning_tile))
    return out


def tiles_text(tile_list: list[Tile] | tuple[Tile, ...]) -> Text:
    """Loose tiles in a row, one space apart."""
    out = Text()
    for i, t in enumerate(tile_list):
        if i:
            out.append(" ")
        out.append_text(tile_text(t))
    return out
