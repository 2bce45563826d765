"""A long session does not keep old footer keys alive (Textual's Footer leak, #6666)."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

from textual._styles_cache import StylesCache
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from mj_trainer.tui.messages import StartRandom
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for


def _alive_keys() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, FooterKey))


def test_answering_many_questions_keeps_only_the_shown_keys(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=12)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartRandom(difficulty="easy"))
            await wait_for(pilot, quiz_ready(app))
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            alive: list[int] = []
            first_keys = list(quiz.query(FooterKey))
            for _ in range(10):
                q = quiz.question
                assert q is not None
                quiz.query_one(PatternPicker).set_claims(
                    {h.pattern.id: h.count for h in q.result.counted})
                quiz.query_one("#total", Input).value = str(q.result.total)
                await pilot.press("enter")
                await wait_for(pilot, lambda: quiz.mode == "feedback")
                await pilot.pause()
                alive.append(_alive_keys())
                await pilot.press("enter")
                await wait_for(pilot, quiz_ready(app))
            footer = quiz.query_one(LeanFooter)
            shown = len(footer.query(FooterKey))
            watchers = getattr(footer, "__watchers", {})
            # Only the keys on screen are watched, and the number alive does not grow.
            assert all(len(v) <= shown for v in watchers.values())
            assert alive[-1] <= alive[2]
            assert StylesCache.get_inner_outer.cache_info().currsize < 200
            # The keys are updated in place, not rebuilt on every change.
            assert set(first_keys) & set(footer.query(FooterKey))

    asyncio.run(body())
