"""An OptionList that survives being measured at zero width.

Textual's OptionList wraps each prompt to the width it is offered; during the first
layout pass of an auto-height list that width can be zero, which Rich's wrapper
cannot handle.  Measuring at a width of at least one cell avoids the crash and is
corrected on the next pass.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import OptionList


class SafeOptionList(OptionList):
    """OptionList with a guard against zero-width measurement."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        padding = self.get_component_styles("option-list--option").padding.width
        if width - padding < 1:
            return len(self.options)
        return super().get_content_height(container, viewport, width)
