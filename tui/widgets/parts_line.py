"""A line of parts ("Claimed: Wind Pung ×2 · Dragon Pung · …") that breaks only
between its parts.

Textual wraps text at any space, so a part such as "Wind Pung ×2" could break
before its count and leave "×2" alone at the start of the next line.  `PartsLine`
lays its parts out for its own width (again on every resize) and starts a new line
only between two parts; a part longer than the whole line is the one thing that may
still wrap.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static

SEPARATOR = " · "


def lay_out(head: Content, parts: Sequence[Content], width: int,
            separator: str = SEPARATOR) -> Content:
    """`head` then `parts` joined by `separator`, with a line break before each part
    that would not fit on the line (`width` <= 0: one line)."""
    pieces: list[Content] = [head]
    used = cell_len(head.plain)
    gap = cell_len(separator)
    for i, part in enumerate(parts):
        size = cell_len(part.plain)
        if i and width > 0 and used + gap + size > width:
            pieces.append(Content("\n"))
            used = 0
        elif i:
            pieces.append(Content.styled(separator, "$foreground 55%"))
            used += gap
        pieces.append(part)
        used += size
    return Content.assemble(*pieces)


class PartsLine(Static):
    """A Static that shows a head and parts, breaking only between parts."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._head = Content("")
        self._parts: tuple[Content, ...] = ()

    def show(self, head: Content, parts: Sequence[Content] = ()) -> None:
        """Show `head` followed by `parts`."""
        self._head = head
        self._parts = tuple(parts)
        self._draw()

    def _draw(self) -> None:
        self.update(lay_out(self._head, self._parts, self.content_region.width))

    def on_resize(self, event: Resize) -> None:
        self._draw()
