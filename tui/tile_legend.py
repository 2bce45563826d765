"""The tile legend: every tile's code and how the chosen tile style draws it.

Shown under the help (F1) of the screens that draw hands, so a learner who meets
``W`` beside ``Wd`` (west wind, white dragon) or ``西`` is one key from knowing it.
"""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.tiles import Suit
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.tile_words import face

# The help pages that draw tiles, and so end with the legend.
LEGEND_PAGES = frozenset({"quiz", "calculator", "reference"})

_HONORS = (("we", "east wind"), ("ws", "south wind"), ("ww", "west wind"),
           ("wn", "north wind"), ("dr", "red dragon"), ("dg", "green dragon"),
           ("dw", "white dragon"))


def legend_markdown(style: TileStyle) -> str:
    """The legend as a Markdown section for the help window."""
    lines = [f"## Tiles ({style.value} style)", "",
             "How the hand notation's codes are drawn on this screen.", "",
             "| code | tile | drawn |", "|---|---|---|"]
    for letter, suit in (("c", Suit.COINS), ("b", Suit.BAMBOO), ("k", Suit.CHARACTERS)):
        ranks = [tiles.CODE_TO_TILE[f"{letter}{n}"] for n in range(1, 10)]
        lines.append(f"| `{letter}1` … `{letter}9` | {tiles.SUIT_NAMES[suit]} 1 to 9 | "
                     f"{' '.join(face(t, style) for t in ranks)} |")
    for code, name in _HONORS:
        lines.append(f"| `{code}` | {name} | {face(tiles.CODE_TO_TILE[code], style)} |")
    for letter, name in (("f", "flowers"), ("s", "seasons")):
        four = [tiles.CODE_TO_TILE[f"{letter}{n}"] for n in range(1, 5)]
        lines.append(f"| `{letter}1` … `{letter}4` | {name} 1 to 4 | "
                     f"{' '.join(face(t, style) for t in four)} |")
    return "\n".join(lines) + "\n"
