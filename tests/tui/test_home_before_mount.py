"""Home redrawn before its widgets exist.

The case that broke (tests/tui/test_config_file.py, once under load): a broken settings
file pushes a notice at start-up, and a redraw of home's menu reached the screen while
it was still composing: NoMatches '#home-menu'.  Such a redraw is dropped; on_mount draws
the menu once the list exists.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import OptionList

from mj_trainer.tui.app import make_app
from mj_trainer.tui.screens.home import HomeScreen


def test_a_redraw_before_compose_is_dropped(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path / "data")
    screen = app.get_default_screen()
    assert isinstance(screen, HomeScreen)
    screen._draw_menu()  # no widgets yet: nothing to draw, and no NoMatches

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            menu = app.screen.query_one("#home-menu", OptionList)
            assert menu.option_count > 0

    asyncio.run(body())
