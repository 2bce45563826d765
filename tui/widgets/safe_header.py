"""A Header that tolerates its screen closing before it has drawn its title.

Textual's Header sets its title in a callback that runs after mounting; when keys in a
burst close the screen first, the title widget is already gone and the callback raised
`NoMatches` (only `NoScreen` is caught), which ended the app.
"""

from __future__ import annotations

from contextlib import suppress

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class SafeHeader(Header):
    """Header whose title update does nothing once the header has left the screen."""

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
