"""The header line as one widget, for the first screen; and how a title is cut to fit.

Textual's Header is four widgets (the icon, the title, the clock's space and itself),
each composed, styled, laid out and painted, and it sets its title in callbacks that
run after it is mounted: on home, the first screen, that cost a few ms of CPU before
the first frame.  `TitleBar` draws the line the other screens' `SafeHeader`s draw, in
one widget: the command-palette icon on the left (a click opens the palette), the
screen's title and sub-title centred between the icon and the clock's space, cut the
same way (`fit_title`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.content import Content
from textual.events import Click, MouseMove
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.app import App

# Columns of the header that are not the title: the icon on the left, the clock space
# on the right (Textual's HeaderIcon and HeaderClockSpace).
ICON_WIDTH, CLOCK_WIDTH = 8, 10
_TITLE_AT_LEAST = 8  # a title cut shorter than this is left out


def fit_title(title: str, sub_title: str, room: int) -> tuple[str, str]:
    """`title` and `sub_title` for a line of `room` columns: when "title — sub" is too
    long the title is cut with an ellipsis (or left out), never the sub-title, which
    carries what changes (a quiz's question and score)."""
    joined = cell_len(title) + (3 + cell_len(sub_title) if sub_title else 0)
    if room <= 0 or joined <= room or not sub_title:
        return title, sub_title
    keep = room - 3 - cell_len(sub_title)
    if keep < _TITLE_AT_LEAST:
        return ("", sub_title) if cell_len(sub_title) <= room else (title, sub_title)
    cut = ""
    for ch in title:
        if cell_len(cut + ch) > keep - 1:
            break
        cut += ch
    return cut.rstrip(" ·—,") + "…", sub_title


def title_text(app: App[Any], title: str, sub_title: str, width: int) -> Content:
    """The header's title for a line `width` columns wide (0: not laid out yet), as the
    app formats it ("title — sub"), cut by `fit_title`."""
    room = width - ICON_WIDTH - CLOCK_WIDTH if width else 0
    title, sub_title = fit_title(title, sub_title, room)
    return Content(sub_title) if not title else app.format_title(title, sub_title)


ICON = "⭘"


class TitleBar(Widget):
    """One line: the palette icon, then the screen's title and sub-title, centred."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._over_icon = False

    def on_mount(self) -> None:
        if self.app.ENABLE_COMMAND_PALETTE:
            self.tooltip = "Open the command palette"
        self.watch(self.screen, "title", self._retitle, init=False)
        self.watch(self.screen, "sub_title", self._retitle, init=False)

    def _retitle(self) -> None:
        self.refresh()

    def render(self) -> Content:
        width = self.size.width
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        text = title_text(self.app, title, sub, width)
        room = width - ICON_WIDTH - CLOCK_WIDTH
        if text.cell_length > room > 0:
            text = text.truncate(room, ellipsis=True)
        left = max(0, room - text.cell_length) // 2
        icon = Content.styled(f" {ICON}".ljust(ICON_WIDTH),
                              "on $foreground 10%" if self._over_icon else "")
        return Content.assemble(icon, " " * left, text,
                                " " * max(0, width - ICON_WIDTH - left - text.cell_length))

    def on_mouse_move(self, event: MouseMove) -> None:
        over = event.x < ICON_WIDTH
        if over != self._over_icon:
            self._over_icon = over
            self.refresh()

    def on_leave(self) -> None:
        if self._over_icon:
            self._over_icon = False
            self.refresh()

    async def on_click(self, event: Click) -> None:
        if event.x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action("app.command_palette")
