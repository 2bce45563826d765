"""An OptionList that survives being measured at zero width or used before layout.

Textual's OptionList wraps each prompt to the width it is offered; during the first
layout pass of an auto-height list that width can be zero, which Rich's wrapper
cannot handle.  Measuring at a width of at least one cell avoids the crash and is
corrected on the next pass.

Its line map is also built only once the list has a size: a key that arrives in the
same burst as the options (PageDown right after F3 shows the feedback) would look up
a line that does not exist yet.  Paging through a list that has not been laid out
does nothing instead; the next key finds it ready.  A `Select`'s drop-down is an
OptionList of its own (Textual's SelectOverlay), open to the same race when a page key
follows the key that opened it: `SafeSelect` gives it the same guard.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import _widget_navigation
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectOverlay


def _laid_out(options: OptionList) -> bool:
    """Whether the list has lines to page through (its line map is built at layout)."""
    return (options.highlighted or 0) in options._index_to_line


class SafeOptionList(OptionList):
    """OptionList with guards against zero-width measurement and paging before layout."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        padding = self.get_component_styles("option-list--option").padding.width
        if width - padding < 1:
            return len(self.options)
        return super().get_content_height(container, viewport, width)

    def _move_page(self, direction: _widget_navigation.Direction) -> None:
        if not _laid_out(self):
            return  # not laid out yet: there are no lines to page through
        super()._move_page(direction)


class SafeSelectOverlay(SelectOverlay):
    """A Select's drop-down that ignores page keys until it has been laid out."""

    def _move_page(self, direction: _widget_navigation.Direction) -> None:
        if _laid_out(self):
            super()._move_page(direction)


class SafeSelect(Select[str]):
    """A Select whose drop-down pages safely (`SafeSelectOverlay`).

    Select builds its drop-down in its own compose; the overlay it yields is given the
    guarded class before it is mounted (the subclass adds a method and no state)."""

    def compose(self) -> Iterable[Widget]:
        for widget in super().compose():
            if type(widget) is SelectOverlay:
                widget.__class__ = SafeSelectOverlay
            yield widget
