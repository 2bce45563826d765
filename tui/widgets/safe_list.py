"""An OptionList that survives being measured at zero width or used before layout.

Textual's OptionList wraps each prompt to the width it is offered; during the first
layout pass of an auto-height list that width can be zero, which Rich's wrapper
cannot handle.  Measuring at a width of at least one cell avoids the crash and is
corrected on the next pass.

Its line map is also built only once the list has a size: a key that arrives in the
same burst as the options (PageDown right after F3 shows the feedback) would look up
a line that does not exist yet.  Paging through a list that has not been laid out
does nothing instead; the next key finds it ready.
"""

from __future__ import annotations

from textual import _widget_navigation
from textual.geometry import Size
from textual.widgets import OptionList


class SafeOptionList(OptionList):
    """OptionList with guards against zero-width measurement and paging before layout."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        padding = self.get_component_styles("option-list--option").padding.width
        if width - padding < 1:
            return len(self.options)
        return super().get_content_height(container, viewport, width)

    def _move_page(self, direction: _widget_navigation.Direction) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # not laid out yet: there are no lines to page through
        super()._move_page(direction)
