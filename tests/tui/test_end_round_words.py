"""Ending a round early says what it keeps, answers and skips counted apart.

The case that broke (a learner's walk, lesson 1.1's drill at 80x24): after two answers
and one skip, esc asked "End this round now? The 3 answers you gave are saved": a skip
is recorded with the round, but it is not an answer the learner gave.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.notice import ConfirmScreen
from mj_trainer.tui.screens.quiz import end_round_words
from tests.helpers import hand
from tests.tui.test_app_kit import (
    CORE_1,
    CORE_1_TOTAL,
    app_for,
    claim,
    quiz_ready,
    type_text,
    wait_for,
    write_set,
)

HANDS = [QuizHand(f"h-{i}", hand("c123 c456 b234 b567 k5 +k5")) for i in range(6)]
RIGHT = PatternsAnswer.of({"1.2": 1, "1.3": 1}, total=10)


def _round(answers: int, skips: int) -> Round:
    rnd = Round(ListSource(HANDS), RoundSettings(length=6, seed=1))
    for _ in range(answers):
        rnd.ask()
        rnd.answer(RIGHT)
    for _ in range(skips):
        rnd.ask()
        rnd.skip()
    return rnd


def test_answers_and_skips_are_counted_apart() -> None:
    assert end_round_words(_round(2, 1)) == (
        "The 2 answers you gave and the question you skipped are saved; "
        "the summary shows how it went.")
    assert end_round_words(_round(1, 0)) == (
        "The answer you gave is saved; the summary shows how it went.")
    assert end_round_words(_round(0, 1)) == (
        "The question you skipped is saved; the summary shows how it went.")
    assert end_round_words(_round(0, 3)) == (
        "The 3 questions you skipped are saved; the summary shows how it went.")
    assert end_round_words(_round(1, 2)).startswith(
        "The answer you gave and the 2 questions you skipped are saved")
    assert end_round_words(_round(0, 0)) == "No question has been answered yet."


def test_the_app_asks_with_those_words(tmp_path: Path) -> None:
    app = app_for(tmp_path, length=3)
    app.start = StartSet(str(write_set(tmp_path)), resume=False)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, quiz_ready(app))
            for pid, count in CORE_1.items():  # answer the first hand
                await claim(pilot, pid, count)
            await pilot.press("tab")
            await type_text(pilot, str(CORE_1_TOTAL))
            await pilot.press("enter")
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            await pilot.press("f3")  # skip the second
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            question = app.screen.question  # type: ignore[attr-defined]
            assert "The answer you gave and the question you skipped are saved" in question
            assert "answers you gave" not in question

    asyncio.run(body())
