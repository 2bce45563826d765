"""A Header that tolerates its screen closing before it has drawn its title, and
that keeps the screen's sub-title (a quiz's score) in view when the line is short.

Textual's Header sets its title in a callback that runs after mounting; when keys in a
burst close the screen first, the title widget is already gone and the callback raised
`NoMatches` (only `NoScreen` is caught), which ended the app.
"""

from __future__ import annotations

from contextlib import suppress

from textual.content import Content
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount, Resize
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

from mj_trainer.tui.widgets.title_bar import title_text


class SafeHeader(Header):
    """Header whose title update does nothing once the header has left the screen, and
    whose title gives way to the sub-title on a narrow screen (`fit_title`)."""

    def format_title(self) -> Content:
        return title_text(self.app, self.screen_title, self.screen_sub_title,
                          self.size.width)

    def on_resize(self, event: Resize) -> None:
        with suppress(NoMatches, NoScreen):
            self.query_one(HeaderTitle).update(self.format_title())

    def _on_mount(self, event: Mount) -> None:
        # Textual runs the handler of every class in the chain; Header's own would still
        # raise, so it is skipped and Widget's (scrollbars) is called by hand.
        event.prevent_default()
        Widget._on_mount(self, event)

        async def set_title() -> None:
            # Gone with its screen before the title was set: nothing to update.
            with suppress(NoMatches, NoScreen):
                self.query_one(HeaderTitle).update(self.format_title())

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)
