"""A very wide terminal (200x60): the space is used.

Home keeps its side panel, and the quiz's feedback stands beside the hand, so a learner
reads every explanation with the tiles in view. Below `SIDE_BY_SIDE_WIDTH` the feedback
takes the answer's place under the hand, as before.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot

from mj_trainer.tui.screens.quiz import SIDE_BY_SIDE_WIDTH, QuizScreen
from mj_trainer.tui.widgets.feedback import FeedbackView
from mj_trainer.tui.widgets.hand_view import HandView
from tests.tui.test_app_kit import wait_for
from tests.tui.test_snapshots_core import SnapCompare, _answer, _app, _start

WIDE = (200, 60)


def test_home_wide(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = _app(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        home = app.screen
        await wait_for(pilot, lambda: getattr(home, "stats", None) is not None)
        await pilot.pause()

    assert snap_compare(app, terminal_size=WIDE, run_before=run)


def test_quiz_feedback_wide(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = _app(tmp_path)
    start = _start(app, tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await start(pilot)
        _answer(app, {"1.2": 1, "1.4": 1}, 15)  # Concealed Hand missed, Self Drawn claimed
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=WIDE, run_before=run)


@pytest.mark.parametrize(("width", "beside"), [(SIDE_BY_SIDE_WIDTH, True),
                                                (SIDE_BY_SIDE_WIDTH - 1, False), (120, False)])
def test_the_feedback_stands_beside_the_hand_only_when_there_is_room(
        tmp_path: Path, width: int, beside: bool) -> None:
    app = _app(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(width, 50)) as pilot:
            await _start(app, tmp_path)(pilot)
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            assert not quiz.has_class("-side-by-side")  # the question: picker below
            _answer(app, {"1.2": 1, "1.3": 1}, 10)
            await pilot.press("enter")
            await pilot.pause()
            assert quiz.mode == "feedback"
            assert quiz.has_class("-side-by-side") is beside
            hand = quiz.query_one(HandView).region
            feedback = quiz.query_one(FeedbackView).region
            if beside:
                assert feedback.x >= hand.right and feedback.y <= hand.bottom
            else:
                assert feedback.y >= hand.bottom
            await pilot.press("enter")  # the next question goes back to one column
            await wait_for(pilot, lambda: quiz.mode == "question")
            assert not quiz.has_class("-side-by-side")

    asyncio.run(body())
