"""The course played to the end by keyboard at 80x24, on a fresh data directory: from
home, every lesson is opened from the course list, its drill started and every question
answered right with keys only (the patterns typed into the filter and ticked with +, the
total typed after tab, yes or no pressed, each set of a split question picked tile by
tile with the arrows and space), its summary seen, and escape goes back to the course,
until every lesson is passed.  The drills are two questions long here (the app's
`lesson_round` is asked for two), so the test stays quick; the pass rule and the screens
are the app's own."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from mj_trainer.engine import tiles
from mj_trainer.quizzes import course as course_module
from mj_trainer.quizzes.course import LessonStatus, statuses
from mj_trainer.quizzes.questions import PatternsAnswer, YesNoAnswer
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.screens.course import CourseScreen, LessonScreen
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from mj_trainer.tui.widgets.split_picker import SplitPicker
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
    elif isinstance(expected, SplitAnswer):
        await _read_into_sets(pilot, quiz.query_one(SplitPicker), expected)
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


async def _read_into_sets(pilot: Pilot[None], split: SplitPicker,
                          expected: SplitAnswer) -> None:
    """Pick each set's tiles with home, right and space, make it with enter, mark the
    winning tile's set by its number, and check with enter."""
    assert split.has_focus
    melds = [sorted(s) for s in split.sets]
    for group in expected.sets:
        want = sorted(tiles.CODE_TO_TILE[c] for c in group)
        if want in melds:  # a declared set is a set already
            melds.remove(want)
            continue
        for tile in want:
            free = [i for i in range(len(split.row)) if i not in split.used]
            pos = next(i for i in free if split.row[i] == tile and i not in split.picked)
            await pilot.press("home", *(["right"] * free.index(pos)), "space")
        await pilot.press("enter")
    assert split.done
    if expected.winning is not None:
        want = sorted(tiles.CODE_TO_TILE[c] for c in expected.sets[expected.winning])
        k = next(k for k, s in enumerate(split.sets) if sorted(s) == want)
        await pilot.press(str(k + 1))
    await pilot.press("enter")


async def _play_course(app: TrainerApp) -> list[str]:
    played: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: getattr(app.screen, "stats", None) is not None)
        total = len(statuses(app.store, app.ruleset))
        await pilot.press("l")
        while len(played) < total:
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
            await pilot.press("escape")  # back to the course
            await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
        assert all(st is LessonStatus.PASSED for _, st in statuses(app.store, app.ruleset))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                       and getattr(app.screen, "stats", None) is not None)
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
