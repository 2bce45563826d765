"""The calculator reads tiles typed as the app draws them (issue 22): `5c` is c5, `E`
the east wind, `Rd` the red dragon; enter writes the hand back in the notation, and a
tile written neither way says how to write it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Static

from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import make_app
from mj_trainer.tui.calculator_draft import Scored
from mj_trainer.tui.messages import OpenCalculator
from mj_trainer.tui.screens.calculator import CalculatorScreen
from mj_trainer.tui.widgets.tile_palette import TilePalette
from tests.tui.test_app_kit import fixed_clock, wait_for


def _status(screen: CalculatorScreen) -> str:
    return str(screen.query_one("#calc-status", Static).render())


def test_the_calculator_reads_the_display_form(tmp_path: Path) -> None:
    app = make_app(Settings(), data_dir=tmp_path / "data", start=OpenCalculator(""),
                   seed=7, clock=fixed_clock, cursor_blink=False)

    async def go() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CalculatorScreen)
            await pilot.press("n")
            field = screen.query_one("#calc-notation", Input)
            await wait_for(pilot, lambda: field.has_focus)
            # The hand as the text style draws it: 15 points (seed 000: All
            # Chows 5, Concealed Hand 5, Self Drawn 5).
            field.value = "1c 2c 3c 456c 2b 3b 4b 567b 5k +5k self"
            await pilot.pause()
            assert isinstance(screen.scored, Scored) and screen.scored.result.total == 15
            await pilot.press("enter")
            assert screen.query_one(TilePalette).has_focus
            assert field.value == "c123456 b234567 k5 +k5 self"
            # Winds and dragons as drawn, in an exposed meld too.
            field.value = "c123 c456 b234 [E E E] Rd +Rd"
            await pilot.pause()
            assert screen.draft.text == "c123456 b234 dr [we we we] +dr"
            # A suit the notation does not know: the status says which forms to write.
            field.value = "c123 5s"
            await pilot.pause()
            assert "5c coins, 5b bamboo, 5k characters (or c5, b5, k5)" in _status(screen)

    asyncio.run(go())
