"""Hands drawn as tiles that wrap between groups, never inside a set.

The reference and the set browser show hands in panes that may be narrower than a
whole hand (a 14-tile hand is about 70 cells wide).  `TileFlow` lays out pieces --
a set, a meld, a run of one suit -- left to right and starts a new line only
between pieces, so a chow never ends up split over two lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import groupby

from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.hand import Hand, MeldKind
from mj_trainer.engine.tiles import Tile
from mj_trainer.tui.rows import pack
from mj_trainer.tui.tile_text import TileStyle, group_text, tiles_text

_MELD_KIND = {MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG,
              MeldKind.KONG: GroupKind.KONG}


class TileFlow:
    """A Rich renderable: pieces of tiles separated by `gap` cells, wrapped between pieces."""

    def __init__(self, pieces: Iterable[Text], gap: int = 2) -> None:
        self.pieces = [p for p in pieces if p.cell_len]
        self.gap = gap

    def lines(self, width: int) -> list[Text]:
        """The pieces packed into lines of at most `width` cells."""
        out: list[Text] = []
        for row in pack([p.cell_len for p in self.pieces], width, gap=self.gap):
            line = Text()
            for n, i in enumerate(row):
                if n:
                    line.append(" " * self.gap)
                line.append_text(self.pieces[i])
            out.append(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for line in self.lines(options.max_width):
            if line.cell_len > options.max_width:
                # One piece wider than the pane: let it wrap between its tiles.
                line.no_wrap = False
                yield line
            else:
                line.no_wrap = True
                yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((p.cell_len for p in self.pieces), default=0)
        total = sum(p.cell_len for p in self.pieces) + self.gap * max(0, len(self.pieces) - 1)
        return Measurement(min(widest, options.max_width), min(total, options.max_width))


def arrangement_pieces(arrangement: Arrangement, winning_tile: Tile, *,
                       style: TileStyle = TileStyle.TEXT) -> list[Text]:
    """One piece per set or pair of a reading, the winning tile highlighted."""
    return [group_text(g, winning_tile, style=style) for g in arrangement.groups]


def hand_pieces(hand: Hand, *, style: TileStyle = TileStyle.TEXT) -> list[Text]:
    """A hand as a player holds it: concealed tiles by suit, then the declared melds.

    Nothing is grouped into sets (that would give the reading away): the concealed
    tiles are sorted and split only where the suit changes, the winning tile is
    highlighted where it sorts, and each declared meld stands apart in brackets
    (exposed) or braces (a concealed kong).
    """
    ordered = sorted(hand.concealed, key=tiles.sort_key)
    pieces: list[Text] = []
    marked = False
    for _suit, run in groupby(ordered, key=lambda t: tiles.SUIT[t]):
        run_tiles = list(run)
        win = hand.winning_tile if not marked and hand.winning_tile in run_tiles else None
        marked = marked or win is not None
        pieces.append(tiles_text(run_tiles, style=style, winning=win))
    for meld in hand.melds:
        group = Group(_MELD_KIND[meld.kind], meld.tile, concealed=not meld.exposed,
                      declared=True)
        pieces.append(group_text(group, style=style))
    return pieces


def bonus_piece(hand: Hand, *, style: TileStyle = TileStyle.TEXT) -> Text | None:
    """The hand's flowers and seasons as one piece, or None when it has none."""
    if not hand.bonus:
        return None
    return tiles_text(sorted(hand.bonus), style=style)


def context_text(hand: Hand) -> str:
    """How the hand was won, in a few words: 'self-drawn · seat south · final draw'."""
    bits = ["self-drawn" if hand.self_drawn else "won on a discard",
            f"winning tile {tiles.name(hand.winning_tile)}",
            f"seat {tiles.WIND_NAMES[hand.seat_wind - tiles.EAST]}",
            f"prevailing {tiles.WIND_NAMES[hand.prevailing_wind - tiles.EAST]}"]
    bits.extend(i.value.replace("_", " ") for i in sorted(hand.incidentals,
                                                           key=lambda i: i.value))
    return " · ".join(bits)
