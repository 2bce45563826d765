"""Every key a screen binds names an action the screen has (a binding to a missing
action does nothing, silently)."""

from __future__ import annotations

from pathlib import Path

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


def test_every_key_in_the_stats_footer_is_in_its_help() -> None:
    """The footer's r (Ruleset) was the one key the stats help did not explain."""
    from mj_trainer import tui
    from mj_trainer.tui.screens.stats import StatsScreen

    page = Path(tui.__file__).parent / "help" / f"{StatsScreen.HELP_NAME}.md"
    keys: set[str] = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| Key"):
            keys.update(k.strip().lower() for k in line.split("|")[1].split(","))
    shown = [b for b in StatsScreen.BINDINGS if isinstance(b, Binding) and b.show]
    assert len(shown) >= 6
    for b in shown:
        key = "esc" if b.key == "escape" else b.key
        assert key in keys, (b.key, b.description)


def test_the_summary_help_says_what_enter_does_there() -> None:
    """The help said enter opened the rule of a missed pattern; on the summary enter
    plays another round (r opens the rule), as the screen's own key line says."""
    from mj_trainer import tui

    page = (Path(tui.__file__).parent / "help" / "quiz.md").read_text(encoding="utf-8")
    summary = page.split("## The summary", 1)[1]
    assert "**a** or **enter** plays another round" in summary
    assert "**r** opens its rule" in summary and "**enter** opens" not in summary
