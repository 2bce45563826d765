"""Pilot tests of the quiz: answering right and wrong, skipping, hints, yes/no questions,
the round summary and opening a rule from the feedback."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import Input

from mj_trainer.quizzes.grading import MarkStatus
from mj_trainer.quizzes.hints import HINT_COST
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.tile_words import tiles_in_words
from mj_trainer.tui.widgets.feedback import FeedbackView
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import (
    CORE_1,
    CORE_1_TOTAL,
    CORE_2_TOTAL,
    SET_TEXT,
    app_for,
    claim,
    quiz_ready,
    type_text,
    wait_for,
    write_set,
)


def answer(quiz: QuizScreen, claims: dict[str, int], total: int) -> None:
    """Put an answer in the picker and the total box (the keys are tested elsewhere)."""
    picker = quiz.query_one(PatternPicker)
    picker.set_claims({**claims, **{p: picker.counts[p] for p in picker.locked}})
    quiz.query_one("#total", Input).value = str(total)
    picker.option_list.focus()


def _enter_says(quiz: QuizScreen) -> str:
    """What the footer shows for enter (the enabled binding nearest the focus)."""
    active = quiz.active_bindings["enter"]
    assert active.enabled
    return active.binding.description


def _quiz(app: object) -> QuizScreen:
    screen = getattr(app, "screen", None)
    assert isinstance(screen, QuizScreen)
    return screen


def test_full_round_answered_right(tmp_path: Path) -> None:
    # A set round plays the set to its end: here a set of its first two hands.
    two = SET_TEXT[:SET_TEXT.index("[[hands]]\nid = \"core-3\"")]

    async def body() -> None:
        app = app_for(tmp_path, length=10)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path, two)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            # core-1: 1.2 All Chows 5 + 1.3 Concealed Hand 5 = 10
            await claim(pilot, "1.2")
            await claim(pilot, "1.3")
            assert quiz.query_one(PatternPicker).claims() == CORE_1
            await pilot.press("tab")
            await type_text(pilot, str(CORE_1_TOTAL))
            await pilot.press("enter")
            await pilot.pause()
            grade = quiz.last_grade
            assert grade is not None and grade.correct and grade.credit == 1.0
            assert quiz.mode == "feedback"
            assert "Right!" in quiz.query_one(FeedbackView).lines[0].content.plain
            assert _enter_says(quiz) == "Next hand"
            await pilot.press("enter")  # next hand
            await wait_for(pilot, quiz_ready(app))
            # core-2: 8.1.1 Wind Pung 5 x 1 = 5
            await claim(pilot, "8.1.1")
            await pilot.press("tab")
            await type_text(pilot, str(CORE_2_TOTAL))
            await pilot.press("enter")
            await pilot.pause()
            assert quiz.last_grade is not None and quiz.last_grade.correct
            # The footer said "Next hand" here too, while the prompt said the summary.
            assert _enter_says(quiz) == "Round summary"
            await pilot.press("enter")  # the last hand: on to the summary
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            # two questions, both fully right: score 1 + 1 = 2, accuracy 2/2
            assert summary.summary.score == 2.0
            assert summary.summary.correct == 2
            assert summary.summary.skipped == 0
            assert summary.summary.missed_patterns == ()

    asyncio.run(body())


def test_wrong_answer_is_marked_and_explained(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            # core-1 with only All Chows claimed, and 5 as the total: 1 right, 1 missed,
            # so 0.6 x 1/2 = 0.3 for the patterns and nothing for the wrong total.
            answer(quiz, {"1.2": 1}, 5)
            await pilot.press("enter")
            await pilot.pause()
            grade = quiz.last_grade
            assert grade is not None and not grade.correct
            assert abs(grade.credit - 0.3) < 1e-9
            marks = {m.pattern.id: m.status for m in grade.marks}
            assert marks == {"1.2": MarkStatus.RIGHT, "1.3": MarkStatus.MISSED}
            text = "\n".join(ln.content.plain for ln in quiz.query_one(FeedbackView).lines)
            assert "missed: 1.3 Concealed Hand" in text
            assert "you said 5, it is 10" in text
            assert "Partly right" in text
            # every explanation from grading is shown, its tiles drawn in the tile style
            for e in grade.explanations:
                assert tiles_in_words(e.text, TileStyle.TEXT).plain in text

    asyncio.run(body())


def test_enter_without_a_total_asks_for_it(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            await claim(pilot, "1.2")
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "total")
            assert quiz.mode == "question"  # not checked yet

    asyncio.run(body())


def test_skip_shows_the_answer_without_credit(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=2)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            await pilot.press("f3")
            await pilot.pause()
            grade = quiz.last_grade
            assert grade is not None and grade.skipped and grade.credit == 0.0
            text = "\n".join(ln.content.plain for ln in quiz.query_one(FeedbackView).lines)
            assert "Skipped" in text
            assert "1.2 All Chows" in text and "1.3 Concealed Hand" in text
            assert f"Total {CORE_1_TOTAL}" in text
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            assert quiz.round is not None and quiz.round.position == 1

    asyncio.run(body())


def test_hint_reveals_a_pattern_and_costs_credit(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            picker = quiz.query_one(PatternPicker)
            await pilot.press("f2")  # a nudge first: where to look, no pattern ticked
            await pilot.pause()
            assert picker.claims() == {}
            assert quiz.round is not None
            (nudge,) = quiz.round.hints_for()
            assert nudge.nudge is not None and nudge.pattern.name not in nudge.text
            await pilot.press("f2")  # then the pattern itself
            await pilot.pause()
            revealed = picker.claims()
            assert len(revealed) == 1
            (pid,) = revealed
            assert pid in CORE_1 and pid in picker.locked
            # a locked pattern cannot be unticked
            picker.highlight(pid)
            await pilot.press("minus")
            assert picker.claims() == revealed
            await pilot.press("asterisk")
            assert picker.claims() == revealed
            answer(quiz, CORE_1, CORE_1_TOTAL)
            await pilot.press("enter")
            await pilot.pause()
            grade = quiz.last_grade
            assert grade is not None
            # everything right, less one hint: 1 - 0.15 = 0.85, and not "fully right"
            assert abs(grade.credit - (1.0 - HINT_COST)) < 1e-9
            assert not grade.correct
            assert grade.items[f"pattern:{pid}"] is False

    asyncio.run(body())


def test_yes_no_questions(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, kinds=(QuestionKind.IS_WIN,), length=3)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            # core-1 is a win (four chows and the k5 pair)
            await pilot.press("y")
            await pilot.pause()
            assert quiz.last_grade is not None and quiz.last_grade.correct
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            # core-2 is a win too; saying no is wrong
            await pilot.press("n")
            await pilot.pause()
            assert quiz.last_grade is not None and not quiz.last_grade.correct
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            # core-3 has no pair: not a win (R7)
            await pilot.press("n")
            await pilot.pause()
            assert quiz.last_grade is not None and quiz.last_grade.correct
            assert quiz.last_grade.question.result.total == -40

    asyncio.run(body())


def test_total_only_question(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, kinds=(QuestionKind.TOTAL,), length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            assert app.focused is not None and app.focused.id == "total"
            await type_text(pilot, str(CORE_1_TOTAL))
            await pilot.press("enter")
            await pilot.pause()
            assert quiz.last_grade is not None and quiz.last_grade.correct

    asyncio.run(body())


def test_open_rule_from_an_explanation(tmp_path: Path) -> None:
    async def body() -> None:
        from mj_trainer.tui.screens.reference import ReferenceScreen

        app = app_for(tmp_path, length=1)
        opened: list[str | None] = []
        original = app.open_reference

        def spy(target: str | None = None) -> None:
            opened.append(target)
            original(target)

        app.open_reference = spy  # type: ignore[method-assign]
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            await pilot.press("f3")  # skip: every counted pattern is explained
            await pilot.pause()
            feedback = quiz.query_one(FeedbackView)
            # move to the line that marks 1.3 Concealed Hand
            index = next(i for i, ln in enumerate(feedback.lines) if ln.target == "1.3")
            feedback.highlighted = index
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, ReferenceScreen))
            assert opened == ["1.3"]
            ref = app.screen
            assert isinstance(ref, ReferenceScreen)
            assert ref.target == "1.3"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen))
            assert quiz.mode == "feedback"

    asyncio.run(body())


def test_ending_a_round_early_shows_its_summary(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=3)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            await pilot.press("f3", "enter")
            await wait_for(pilot, quiz_ready(app))
            await pilot.press("escape")  # end the round: a question first
            await pilot.pause()
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            assert summary.summary.asked == 1 and summary.summary.skipped == 1
            assert summary.summary.questions == 3
            await pilot.press("escape")  # home
            await pilot.pause()
            assert type(app.screen).__name__ == "HomeScreen"

    asyncio.run(body())


def test_summary_plays_again_and_the_set_resumes(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            path = write_set(tmp_path)
            app.post_message(StartSet(str(path)))
            await wait_for(pilot, quiz_ready(app))
            first = _quiz(app).question
            assert first is not None and first.hand_id == "core-1"
            # A set round goes to the set's end; ended after one hand, the set resumes.
            rnd = _quiz(app).round
            assert rnd is not None and len(rnd.questions) == 3
            await pilot.press("f3", "enter")
            await wait_for(pilot, quiz_ready(app))
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            await pilot.press("a")  # another round of the same set: it carries on
            await wait_for(pilot, quiz_ready(app))
            second = _quiz(app).question
            assert second is not None and second.hand_id == "core-2"

    asyncio.run(body())


def test_enter_on_the_summary_plays_again_and_never_opens_the_reference(
        tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            answer(_quiz(app), {"1.2": 1}, 5)  # a wrong answer: the summary lists misses
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("escape")  # end the round after this hand
            await pilot.pause()
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            assert summary.summary.missed_patterns  # a missed pattern is highlighted
            await pilot.press("enter")
            await wait_for(pilot, lambda: not isinstance(app.screen, SummaryScreen))
            assert isinstance(app.screen, QuizScreen)  # the next round of the set

    asyncio.run(body())


def test_a_tick_and_the_next_hand_redraw_only_the_rows_that_changed(tmp_path: Path) -> None:
    # Drawing every visible pattern again was most of the cost of showing the next hand:
    # a tick redraws its own row, and the list keeps its drawings while the feedback
    # shows in its place.
    async def body() -> None:
        app = app_for(tmp_path, length=2)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            picker = quiz.query_one(PatternPicker)
            rows = picker.option_list
            await pilot.pause()
            drawn = rows._option_render_cache  # Textual's drawings of the options

            def drawings() -> dict[Any, Any]:
                keys = drawn.keys()
                return {key: drawn.get(key) for key in keys}

            before = drawings()
            assert picker.highlight("1.2")
            await pilot.press("plus")
            await pilot.pause()
            ticked = rows.get_option("p-1.2")
            others = [key for key in before if key[0] is not ticked]
            assert others and all(drawn.get(key) is before[key] for key in others)
            lines = [rows.render_line(y).text for y in range(rows.size.height)]
            assert any("[✔] 1.2" in line for line in lines)
            assert not any("[✔] 1.1" in line for line in lines)

            quiz.query_one("#total", Input).value = "5"
            quiz.action_check()
            await wait_for(pilot, lambda: quiz.mode == "feedback")
            await pilot.pause()
            before = drawings()
            quiz.action_next()
            await wait_for(pilot, quiz_ready(app))
            await pilot.pause()
            others = [key for key in before if key[0] is not ticked]
            assert others and all(drawn.get(key) is before[key] for key in others)
            assert picker.claims() == {}

    asyncio.run(body())
