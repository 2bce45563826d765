"""The quiz footer follows the screen's mode even when the focus does not move.

On a busy machine the pattern list could take the focus while the round was still
being dealt; the first question then came with the focus already in place, and the
footer kept the dealing keys (no hint, skip or share) because only a focus change
redrew it.  The mode now refreshes the keys itself.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.quiz import QuizScreen
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for, write_set


def _footer_keys(app: TrainerApp) -> set[str]:
    return {w.key for footer in app.screen.query(Footer) for w in footer.children
            if isinstance(w, FooterKey)}


def test_a_mode_change_redraws_the_footer_without_a_focus_change(tmp_path: Path) -> None:
    asyncio.run(_mode_change_redraws_the_footer(tmp_path))


async def _mode_change_redraws_the_footer(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
        await wait_for(pilot, quiz_ready(app))
        screen = app.screen
        assert isinstance(screen, QuizScreen)
        await wait_for(pilot, lambda: {"f2", "f3", "f4"} <= _footer_keys(app))
        focused = app.focused
        screen.mode = "loading"  # as while the round is dealt
        await wait_for(pilot, lambda: not {"f2", "f3", "f4"} & _footer_keys(app))
        screen.mode = "question"  # the question shown, the focus already in place
        await wait_for(pilot, lambda: {"f2", "f3", "f4"} <= _footer_keys(app))
        assert app.focused is focused and "escape" in _footer_keys(app)
