"""Tiles inside sentences, drawn as the board draws them.

Explanations are plain text in the hand notation (``c9 in c789 is a terminal``), so the
quiz protocol and the export keep one stable wording.  The app draws every tile and
set they name in the learner's tile style: each set as one unbroken run of tiles
(``we we we`` becomes one block of three east winds, not three words), exposed sets
in ``[ ]`` and concealed kongs in ``{ }``.  Unicode tiles keep a pad after each face
(terminals draw them wider than they advance), so only in that style can a line break
inside a set.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rich.cells import cell_len
from rich.text import Text

from mj_trainer.engine import tiles
from mj_trainer.engine.tiles import Tile
from mj_trainer.tui.tile_text import TileStyle, glyph, style_of

_JOINT = "·"  # between the tiles of one set
_TILE = r"(?:[cbk][1-9]+|w[eswn]|d[rgw]|[fs][1-4])"
_RUN = rf"{_TILE}(?: {_TILE})*"
# A bracketed meld, or a run of tile codes one space apart, standing as its own word.
_TOKEN = re.compile(rf"(?<![\w.\-])(\[{_RUN}\]|\{{{_RUN}\}}|{_RUN})(?![\w\-])")


def _tiles_of(code: str) -> list[Tile]:
    """``c789`` -> c7 c8 c9; ``we`` -> east wind."""
    if code[0] in "cbk":
        return [tiles.CODE_TO_TILE[code[0] + d] for d in code[1:]]
    return [tiles.CODE_TO_TILE[code]]


def _groups(run: str) -> Iterator[list[Tile]]:
    """The groups of a run: each suit code is one group, and identical honor codes
    in a row are one group (a pung or pair of winds or dragons)."""
    honors: list[Tile] = []
    for code in run.split(" "):
        found = _tiles_of(code)
        if code[0] in "cbk":
            if honors:
                yield honors
                honors = []
            yield found
        elif honors and honors[0] != found[0]:
            yield honors
            honors = found
        else:
            honors.extend(found)
    if honors:
        yield honors


def face(tile: Tile, style: TileStyle) -> str:
    """A tile's face inside a sentence: the board's face without the board's margins
    (``9c``, ``9筒``); a Unicode tile keeps the pad that stops it overlapping the next."""
    drawn = glyph(tile, style).strip()
    if style is TileStyle.UNICODE and cell_len(drawn) < 2:
        drawn += " "
    return drawn


def _block(group: list[Tile], style: TileStyle) -> Text:
    """One set as one unbroken run: no space inside it, so a line never wraps there
    and ``ww ww ww`` reads as one pung (``W·W·W``)."""
    out = Text()
    joint = "" if style is TileStyle.UNICODE else _JOINT
    for i, t in enumerate(group):
        if i and joint:
            out.append(joint, style=style_of(t))
        out.append(face(t, style), style=style_of(t))
    return out


def tiles_in_words(text: str, style: TileStyle) -> Text:
    """`text` with every tile or set in the notation drawn in `style`."""
    out = Text()
    at = 0
    for m in _TOKEN.finditer(text):
        out.append(text[at:m.start()])
        token = m.group(1)
        brackets = token[0] + token[-1] if token[0] in "[{" else ""
        body = token[1:-1] if brackets else token
        if brackets:
            out.append(brackets[0], style="bold")
        for i, group in enumerate(_groups(body)):
            if i:
                out.append(" ")
            out.append_text(_block(group, style))
        if brackets:
            out.append(brackets[1], style="bold")
        at = m.end()
    out.append(text[at:])
    return out
