"""The course in the app: the first screen offers it, lessons open from the list, and a
drill is played by keyboard to a pass that opens the next lesson; snapshots of the
course and lesson screens."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from mj_trainer.quizzes.course import LessonStatus, statuses
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, YesNoAnswer
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.tui.screens.course import CourseScreen, LessonScreen
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from mj_trainer.tui.widgets.split_picker import SplitPicker
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SnapCompare = Callable[..., bool]


async def _home_ready(pilot: Pilot[None]) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: getattr(app.screen, "stats", None) is not None)


def test_first_run_offers_the_course_and_a_drill_passes_by_keyboard(tmp_path: Path) -> None:
    asyncio.run(_play_lesson_one(tmp_path))


async def _play_lesson_one(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _home_ready(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert "new here? start with lesson 1" in home._description("course")
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.lesson.id == "1.1"  # type: ignore[attr-defined]
        await pilot.press("d")
        while not isinstance(app.screen, SummaryScreen):
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen)
                           or quiz_ready(app)())
            if isinstance(app.screen, SummaryScreen):
                break
            quiz = app.screen
            assert isinstance(quiz, QuizScreen) and quiz.round is not None
            q = quiz.round.current
            assert q is not None
            expected = q.expected()
            if isinstance(expected, YesNoAnswer):
                await pilot.press("y" if expected.yes else "n")
            elif isinstance(expected, SplitAnswer):
                # The reading picked set by set, as the keys and clicks do, then enter.
                split = quiz.query_one(SplitPicker)
                split.set_answer(expected)
                assert split.done and split.has_focus
                await pilot.press("enter")
            else:
                assert isinstance(expected, PatternsAnswer) and q.kind is QuestionKind.PATTERNS
                quiz.query_one(PatternPicker).set_claims(dict(expected.patterns))
                quiz.query_one("#total", Input).value = str(expected.total)
                quiz.query_one("#total", Input).focus()
                await pilot.press("enter")
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
            await pilot.press("enter")
        assert app.screen.summary.score == app.screen.summary.questions
        headline = app.screen.query_one("#summary-headline", Static).render()
        assert "Lesson 1.1 passed: 100% of the credit (80% passes)." in str(headline)
        st = dict((one.id, s) for one, s in statuses(app.store, app.ruleset))
        assert st["1.1"] is LessonStatus.PASSED and st["1.2"] is LessonStatus.OPEN
        # Passed: enter opens the next lesson's page, in the course.
        assert "enter or n opens lesson 1.2" in str(
            app.screen.query_one("#summary-keys", Static).render())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen)
                       and app.screen.lesson.id == "1.2")
        assert isinstance(app.screen_stack[-2], CourseScreen)
        # Back to the course: the last lesson opens and drills from the list, locked or not.
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.lesson.id == "2.16"  # type: ignore[attr-defined]
        await pilot.press("d")
        await wait_for(pilot, quiz_ready(app), timeout=30)
        assert "Lesson 2.16" in app.screen.title  # type: ignore[operator]


@pytest.mark.parametrize("size", SIZES)
def test_course_list(snap_compare: SnapCompare, tmp_path: Path,
                     size: tuple[int, int]) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await _home_ready(pilot)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_lesson_page(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await _home_ready(pilot)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
        await pilot.press(*(["down"] * 5), "enter")  # 2.3 Honor Tiles, and stacking
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.press("pagedown")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("width", [40, 60, 76])
def test_worked_hands_wrap_between_sets_never_inside_one(width: int) -> None:
    """Every worked hand of every lesson, drawn in a narrow pane, breaks its lines only
    between sets: each line holds whole bracketed melds, and the tiles of the reading
    add up to the hand's."""
    from rich.console import Console

    from mj_trainer.engine.ruleset import load
    from mj_trainer.quizzes.course import course, worked_hands

    rules = load("mj-score-eval")
    console = Console(width=width, record=True, color_system=None)
    seen = 0
    for one in course(rules):
        screen = LessonScreen(rules, one, LessonStatus.OPEN)
        for k, w in enumerate(worked_hands(rules, one), start=1):
            with console.capture() as cap:
                console.print(screen._worked(k, w))
            lines = cap.get().splitlines()
            seen += 1
            assert all(len(line.rstrip()) <= width for line in lines)
            # The reading is drawn on the lines after the head, before how it was won.
            first = next(i for i, x in enumerate(lines) if x.startswith("How it was won"))
            reading = lines[1:first]
            for line in reading:
                assert line.count("[") == line.count("]"), (one.id, line)
                assert line.count("{") == line.count("}"), (one.id, line)
            tiles = " ".join(reading).translate(str.maketrans("[]{}", "    ")).split()
            assert len(tiles) == len(w.result.hand.all_tiles()), (one.id, reading)
    assert seen > 10


def test_a_worked_hand_says_how_it_was_won() -> None:
    """Lesson 1 tells the learner to read how a hand was won; each worked hand says it
    in the words of the drill's context line (seat, prevailing wind, self-drawn or on
    a discard, bonus tiles)."""
    from rich.console import Console

    from mj_trainer.engine.ruleset import load
    from mj_trainer.quizzes.course import course, worked_hands

    rules = load("mj-score-eval")
    console = Console(width=200, record=True, color_system=None)
    seen = set()
    for one in course(rules)[:3]:
        screen = LessonScreen(rules, one, LessonStatus.OPEN)
        for k, w in enumerate(worked_hands(rules, one), start=1):
            with console.capture() as cap:
                console.print(screen._worked(k, w))
            # Under the reading, before the note and the patterns.
            last = next(x for x in cap.get().splitlines() if x.startswith("How it was won"))
            how = "self-drawn" if w.result.hand.self_drawn else "on a discard"
            seen.add(how)
            assert last.startswith("How it was won: seat "), (one.id, last)
            assert f" · {how} · " in last and "mj-score-eval" not in last, (one.id, last)
    assert seen == {"self-drawn", "on a discard"}
