"""Every key a screen binds names an action the screen has (a binding to a missing
action does nothing, silently)."""

from __future__ import annotations

import pytest
from textual.binding import Binding
from textual.screen import Screen

from mj_trainer.tui.screens.summary import SummaryScreen


@pytest.mark.parametrize("screen", [SummaryScreen])
def test_bound_actions_exist(screen: type[Screen[None]]) -> None:
    for b in screen.BINDINGS:
        action = b.action if isinstance(b, Binding) else b[1]
        name = action.split("(")[0]
        assert callable(getattr(screen, f"action_{name}", None)), name
