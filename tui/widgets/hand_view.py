"""The hand of a question, drawn as tiles, with the context of the win on one line.

Concealed tiles come first (sorted), then ``+`` and the winning tile highlighted,
then the declared melds set apart: exposed ones in ``[ ]``, concealed kongs in
``{ }``, then the bonus tiles.  Tiles never split across lines: when the row is too
wide the melds move to the next line, and very narrow widths wrap tile by tile.  With
room to spare (`tall`), each tile is drawn three rows high.  The context (ruleset,
winds, how the hand was won) fits one line at 80 columns; a longer one breaks between
its parts, never inside one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement
from mj_trainer.engine.hand import Hand, Meld, MeldKind
from mj_trainer.engine.tiles import Tile
from mj_trainer.tui.tile_text import TileStyle, tile_text

Chunk = list[Text]  # the rows of one unbreakable piece, all of the same cell width

_BRACKET = Style(bold=True)
_MUTED = Style(dim=True)


def _blank(width: int) -> Text:
    return Text(" " * width)


def tile_chunk(tile: Tile, *, style: TileStyle, winning: bool = False, tall: bool = False
               ) -> Chunk:
    """One tile; three rows high (a colored block around the face) when `tall`."""
    face = tile_text(tile, winning=winning, style=style)
    if not tall:
        return [face]
    pad = Text(" " * face.cell_len, style=face.style)
    return [pad, face, pad.copy()]


def join(chunks: Sequence[Chunk], gap: int = 1, *, tall: bool) -> Chunk:
    """Chunks side by side as one unbreakable chunk."""
    rows = 3 if tall else 1
    out = [Text() for _ in range(rows)]
    for i, chunk in enumerate(chunks):
        for r in range(rows):
            if i:
                out[r].append(" " * gap)
            out[r].append_text(chunk[r])
    return out


def text_chunk(text: str | Text, *, tall: bool, style: Style | str = "") -> Chunk:
    """A word or mark, on the middle row when `tall`."""
    t = text if isinstance(text, Text) else Text(text, style=style)
    if not tall:
        return [t]
    return [_blank(t.cell_len), t, _blank(t.cell_len)]


def group_chunk(tile_list: Iterable[Tile], *, open_: str = "", close: str = "",
                style: TileStyle, tall: bool, winning: Tile | None = None) -> Chunk:
    """Tiles kept together, optionally bracketed; one copy of `winning` highlighted."""
    parts: list[Chunk] = []
    marked = False
    for t in tile_list:
        is_win = winning is not None and not marked and t == winning
        marked = marked or is_win
        parts.append(tile_chunk(t, style=style, winning=is_win, tall=tall))
    body = join(parts, tall=tall)
    if not open_:
        return body
    return join([text_chunk(Text(open_, style=_BRACKET), tall=tall), body,
                 text_chunk(Text(close, style=_BRACKET), tall=tall)], gap=0, tall=tall)


def flow(pieces: Sequence[tuple[Chunk, int]], width: int, *, tall: bool) -> Text:
    """Lay chunks out left to right, each after its gap, wrapping where one does not fit."""
    rows = 3 if tall else 1
    lines: list[list[Text]] = []
    current = [Text() for _ in range(rows)]
    used = 0
    for chunk, gap in pieces:
        w = chunk[0].cell_len
        if used and used + gap + w > width:
            lines.append(current)
            current = [Text() for _ in range(rows)]
            used = 0
        if used:
            for r in range(rows):
                current[r].append(" " * gap)
            used += gap
        for r in range(rows):
            current[r].append_text(chunk[r])
        used += w
    lines.append(current)
    out = Text(no_wrap=True, overflow="crop", end="")
    first = True
    for block in lines:
        for row in block:
            if not first:
                out.append("\n")
            out.append_text(row)
            first = False
    return out


def meld_chunk(meld: Meld, *, style: TileStyle, tall: bool) -> Chunk:
    open_, close = ("{", "}") if meld.kind is MeldKind.KONG and not meld.exposed else ("[", "]")
    return group_chunk(meld.tiles, open_=open_, close=close, style=style, tall=tall)


def hand_pieces(hand: Hand, *, style: TileStyle, tall: bool, bonus: bool = False
                ) -> list[tuple[Chunk, int]]:
    """The question layout: concealed tiles, + the winning tile, the melds, then (with
    `bonus`) the bonus tiles, named and kept together."""
    rest = list(hand.concealed)
    rest.remove(hand.winning_tile)
    rest.sort()
    pieces: list[tuple[Chunk, int]] = []
    for i, t in enumerate(rest):
        pieces.append((tile_chunk(t, style=style, tall=tall), 1 if i else 0))
    plus = text_chunk(Text("+", style="bold"), tall=tall)
    win = tile_chunk(hand.winning_tile, style=style, winning=True, tall=tall)
    pieces.append((join([plus, win], tall=tall), 2))
    for meld in hand.melds:
        pieces.append((meld_chunk(meld, style=style, tall=tall), 3))
    if bonus and hand.bonus:
        label = text_chunk(Text("bonus", style=_MUTED), tall=tall)
        flowers = group_chunk(hand.bonus, style=style, tall=tall)
        pieces.append((join([label, flowers], tall=tall), 3))
    return pieces


def arrangement_pieces(arrangement: Arrangement, winning_tile: Tile, *, style: TileStyle,
                       tall: bool = False) -> list[tuple[Chunk, int]]:
    """A reading of the hand, group by group, the winning tile highlighted in its group."""
    pieces: list[tuple[Chunk, int]] = []
    for i, g in enumerate(arrangement.groups):
        open_, close = ("", "")
        if g.declared:
            open_, close = ("{", "}") if g.concealed else ("[", "]")
        chunk = group_chunk(g.tiles, open_=open_, close=close, style=style, tall=tall,
                            winning=winning_tile if g.winning else None)
        pieces.append((chunk, 2 if i else 0))
    return pieces


def arrangement_block(arrangement: Arrangement, winning_tile: Tile, width: int, *,
                      style: TileStyle) -> Text:
    """A reading drawn as tiles, wrapped between groups to fit `width`."""
    return flow(arrangement_pieces(arrangement, winning_tile, style=style), width, tall=False)


def _context_parts(hand: Hand, ruleset_id: str | None) -> list[Text]:
    """Ruleset (unless None), seat and prevailing wind, how the tile came, incidentals."""
    names = tiles.WIND_NAMES
    bits = [Text(ruleset_id, style="bold")] if ruleset_id is not None else []
    bits += [
        Text(f"seat {names[hand.seat_wind - tiles.EAST].capitalize()}"),
        Text(f"prevailing {names[hand.prevailing_wind - tiles.EAST].capitalize()}"),
        Text("self-drawn" if hand.self_drawn else "on a discard", style="bold"),
    ]
    for inc in sorted(hand.incidentals, key=lambda i: i.value):
        bits.append(Text(inc.value.replace("_", " "), style="bold italic"))
    return bits


def context_block(hand: Hand, ruleset_id: str | None, width: int, *,
                  style: TileStyle, bonus: bool = True) -> Text:
    """The context in `width` columns: one line when it fits, else broken between two
    parts, never inside one (a line that wrapped left "S3" or "North" alone).  Without
    `bonus` the bonus tiles are left to the tile rows (`hand_pieces`)."""
    parts = _context_parts(hand, ruleset_id)
    if not hand.bonus:
        parts.append(Text("no bonus tiles", style=_MUTED))
    elif bonus:
        tiles_part = Text("bonus ")
        for i, t in enumerate(hand.bonus):
            if i:
                tiles_part.append(" ")
            tiles_part.append_text(tile_text(t, style=style))
        parts.append(tiles_part)
    out = Text(end="")
    used = 0
    for i, part in enumerate(parts):
        if i and used + 3 + part.cell_len > width:
            out.append("\n")
            used = 0
        elif i:
            out.append(" · ", style=_MUTED)
            used += 3
        out.append_text(part)
        used += part.cell_len
    return out


def context_pieces(hand: Hand, ruleset_id: str | None, *, style: TileStyle) -> list[Text]:
    """The parts of the context line, each a whole (the bonus tiles one piece with their
    word): a line too narrow for them breaks between parts, never inside one."""
    pieces = list(_context_parts(hand, ruleset_id))
    if hand.bonus:
        bonus = Text("bonus ", end="")
        for i, t in enumerate(hand.bonus):
            if i:
                bonus.append(" ")
            bonus.append_text(tile_text(t, style=style))
        pieces.append(bonus)
    else:
        pieces.append(Text("no bonus tiles", style=_MUTED, end=""))
    return pieces


def context_line(hand: Hand, ruleset_id: str | None, *, style: TileStyle) -> Text:
    """Ruleset (unless None), seat and prevailing wind, how the tile came, incidentals
    and bonus tiles."""
    out = Text(end="")
    for i, piece in enumerate(context_pieces(hand, ruleset_id, style=style)):
        if i:
            out.append(" · ", style=_MUTED)
        out.append_text(piece)
    return out


class HandView(Widget):
    """The hand and its context; call `show` with a hand (None clears it)."""

    DEFAULT_CSS = """
    HandView { height: auto; }
    """

    tall: reactive[bool] = reactive(False, layout=True)
    tile_style: reactive[TileStyle] = reactive(TileStyle.TEXT, layout=True)

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.hand: Hand | None = None
        self.ruleset_id = ""

    def show(self, hand: Hand | None, ruleset_id: str = "") -> None:
        self.hand = hand
        self.ruleset_id = ruleset_id
        self.refresh(layout=True)

    def _build(self, width: int) -> Text:
        if self.hand is None:
            return Text("")
        width = max(width, 8)
        # The bonus tiles stay on the context line when it has room for them, else
        # they are drawn after the hand's tiles.
        out = context_block(self.hand, self.ruleset_id, width, style=self.tile_style)
        apart = "\n" in out.plain
        if apart:
            out = context_block(self.hand, self.ruleset_id, width, style=self.tile_style,
                                bonus=False)
        tiles_block = flow(hand_pieces(self.hand, style=self.tile_style, tall=self.tall,
                                       bonus=apart), width, tall=self.tall)
        out.append("\n")
        out.append_text(tiles_block)
        return out

    def render(self) -> Text:
        return self._build(self.content_size.width or 80)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.hand is None:
            return 1
        # Neither the context nor the tile rows wrap: each breaks into lines of its own.
        return len(self._build(width).plain.split("\n"))
