"""The course played to the end by keyboard at 80x24, on a fresh data directory: from
home, every lesson is opened from the course list, its drill started and every question
answered right with keys only (the patterns typed into the filter and ticked with +, the
total typed after tab, yes or no pressed), its summary seen, until every lesson is
passed.  The drills are two questions long here (the app's `lesson_round` is asked for
two), so the test stays quick; the pass rule and the screens are the app's own.  The
reading lessons' split questions are asked as "is it a win?" until the quiz screen asks
split questions."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from mj_trainer.quizzes import course as course_module
from mj_trainer.quizzes.course import LessonStatus, statuses
from mj_trainer.quizzes.questions import PatternsAnswer, YesNoAnswer
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.screens.course import CourseScreen, LessonScreen
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import app_for, quiz_ready, type_text, wait_for

DRILL = 2


async def _answer_right(pilot: Pilot[None], app: TrainerApp) -> None:
    """Answer the question on screen right, by keyboard, and check it was graded right."""
    quiz = app.screen
    assert isinstance(quiz, QuizScreen) and quiz.round is not None
    q = quiz.round.current
    assert q is not None
    expected = q.expected()
    if isinstance(expected, YesNoAnswer):
        await pilot.press("y" if expected.yes else "n")
    else:
        assert isinstance(expected, PatternsAnswer)
        picker = quiz.query_one(PatternPicker)
        assert app.focused is picker.option_list
        for pid, count in expected.patterns.items():
            await type_text(pilot, pid)
            highlighted = picker.highlighted_pattern()
            assert highlighted is not None and highlighted.id == pid
            await pilot.press(*(["plus"] * count), "escape")
        assert picker.claims() == dict(expected.patterns)
        await pilot.press("tab")
        await type_text(pilot, str(expected.total))
        await pilot.press("enter")
    await wait_for(pilot, lambda: quiz.mode == "feedback")
    grade = quiz.last_grade
    assert grade is not None and grade.correct, (q.hand_id, expected)
    await pilot.press("enter")


async def _play_course(app: TrainerApp) -> list[str]:
    played: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: getattr(app.screen, "stats", None) is not None)
        total = len(statuses(app.store, app.ruleset))
        while len(played) < total:
            assert isinstance(app.screen, HomeScreen)
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
            await pilot.press("enter")  # the course highlights the first lesson not passed
            await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen), timeout=30)
            lesson = app.screen.lesson  # type: ignore[attr-defined]
            assert lesson.id not in played
            played.append(lesson.id)
            await pilot.press("d")
            for _ in range(DRILL):
                await wait_for(pilot, quiz_ready(app), timeout=60)
                await _answer_right(pilot, app)
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen.summary  # type: ignore[attr-defined]
            assert summary.questions == DRILL and summary.score == DRILL, lesson.id
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                           and getattr(app.screen, "stats", None) is not None)
        assert all(st is LessonStatus.PASSED for _, st in statuses(app.store, app.ruleset))
        home = app.screen
        assert isinstance(home, HomeScreen)
        await wait_for(pilot, lambda: home._description("course") == "every lesson passed")
    return played


def test_the_whole_course_is_played_by_keyboard_at_80x24(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drill = course_module.lesson_round

    def short(*args: Any, **kwargs: Any) -> Any:
        return drill(*args, **{**kwargs, "length": DRILL})

    monkeypatch.setattr(course_module, "lesson_round", short)
    app = app_for(tmp_path)
    played = asyncio.run(_play_course(app))
    assert played == [one.id for one in course_module.course(app.ruleset)]
