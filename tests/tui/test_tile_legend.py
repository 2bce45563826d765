"""The tile legend one key away: the quiz's help (F1) ends with every code and how
the chosen tile style draws it, west wind beside white dragon."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Markdown

from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.help import HelpScreen, help_page
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.tile_words import tiles_in_words
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for, write_set


def test_the_text_legend_tells_the_west_wind_from_the_white_dragon() -> None:
    page = help_page("quiz", TileStyle.TEXT)
    assert "| `ww` | west wind | W |" in page
    assert "| `dw` | white dragon | Wd |" in page
    assert "| `c1` … `c9` | coins 1 to 9 | 1c 2c 3c 4c 5c 6c 7c 8c 9c |" in page


@pytest.mark.parametrize(("style", "west", "white"), [
    (TileStyle.CJK, "西", "白"),
    (TileStyle.UNICODE, chr(0x1F002), chr(0x1F006)),
])
def test_the_legend_follows_the_tile_style(style: TileStyle, west: str, white: str) -> None:
    page = help_page("quiz", style)
    assert f"## Tiles ({style.value} style)" in page
    assert f"| `ww` | west wind | {west}" in page
    assert f"| `dw` | white dragon | {white}" in page


def test_the_legend_draws_what_the_explanations_draw() -> None:
    for style in TileStyle:
        page = help_page("calculator", style)
        for code in ("c7", "we", "dr", "f2"):
            assert tiles_in_words(code, style).plain.strip() in page


def test_pages_without_tiles_have_no_legend() -> None:
    assert "## Tiles" not in help_page("home")
    assert "## Tiles" not in help_page("settings")


def test_f1_in_the_quiz_shows_the_legend_in_the_chosen_style(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1, tile_style=TileStyle.CJK)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            await pilot.press("f1")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen) and help_screen.page == "quiz"
            markdown = help_screen.query_one("#help-markdown", Markdown)
            assert "| `ww` | west wind | 西 |" in markdown.source

    asyncio.run(body())
