"""Checkboxes and radio buttons whose state shows in the glyph, not in colour alone.

Textual draws a ticked and an unticked box with the same glyph in two colours, so with
colours off (``NO_COLOR=1``) or to a colour-blind learner they look alike.  These draw
``✔`` in a ticked box and nothing in an empty one, ``●`` for the chosen radio button
and ``○`` for the others.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class TickBox(Checkbox):
    """A checkbox: ✔ when ticked, blank when not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "✔" if self.value else " "
        return super().render()


class RadioChoice(RadioButton):
    """A radio button: ● when chosen, ○ when not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else "○"
        return super().render()
