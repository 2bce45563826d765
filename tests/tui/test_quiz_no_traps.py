"""The quiz without traps (issue 21): a key meant for one screen never acts on the next.

* Enter after the feedback went on to a yes/no question whose **Yes** button had the
  focus, so a second Enter (a learner who pressed it twice, or pressed it again while
  the next hand was drawn) answered "yes" unseen. A yes/no question now has no default
  button: y and n answer it, and Enter does nothing there.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.quiz import QuizScreen
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for, write_set


def test_a_second_enter_does_not_answer_the_next_yes_no_question(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, kinds=(QuestionKind.IS_WIN,), length=2)
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            await pilot.press("y")  # core-1 is a win: answered right
            await pilot.pause()
            assert quiz.mode == "feedback"
            await pilot.press("enter")  # on to the next hand (core-2, a yes/no question)
            await wait_for(pilot, quiz_ready(app))
            assert quiz.round is not None and quiz.round.position == 1
            await pilot.press("enter")  # the second press of a double enter
            await pilot.pause()
            await pilot.pause()
            # Still the question, unanswered: nothing was graded for it.
            assert str(quiz.mode) == "question"
            assert quiz.round.position == 1 and len(quiz.round.grades) == 1
            assert not any(b.has_focus for b in quiz.query("Button"))
            await pilot.press("n")  # the keys still answer it (core-2 is a win: wrong)
            await pilot.pause()
            assert quiz.mode == "feedback" and len(quiz.round.grades) == 2

    asyncio.run(body())


def _toasts_over(quiz: QuizScreen, widget_id: str) -> list[str]:
    """The notifications drawn over the widget `widget_id` (their text)."""
    from textual.widgets._toast import Toast

    region = quiz.query_one(f"#{widget_id}").region
    return [str(t.render()) for t in quiz.query(Toast) if t.region.overlaps(region)]


def test_sharing_from_the_feedback_leaves_the_why_text_in_view(tmp_path: Path) -> None:
    # At 80x24 the F4 toast (12 s, seven lines) lay over the lower half of the feedback,
    # where the "Why" text is. The line is shown above the feedback instead.
    async def body() -> None:
        app = app_for(tmp_path, kinds=(QuestionKind.TOTAL,), length=2)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            await pilot.press("5", "enter")  # core-1 scores 10: a wrong total, explained
            await pilot.pause()
            assert quiz.mode == "feedback"
            await pilot.press("f4")
            await pilot.pause(0.2)
            assert quiz.last_shared.startswith("c123456 b234567 k5 +k5")
            assert _toasts_over(quiz, "pane-feedback") == []
            note = quiz.query_one("#quiz-note")
            assert note.display and quiz.last_shared in str(note.render())
            # The note is about this hand: the next question starts without it.
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            assert not quiz.query_one("#quiz-note").display

    asyncio.run(body())


def test_a_toast_left_from_before_the_answer_does_not_cover_the_feedback(
        tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, kinds=(QuestionKind.TOTAL,), length=1)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            app.notify("Something said a moment before the answer, for a long while.",
                       timeout=30)
            await pilot.pause()
            await pilot.pause(0.2)
            assert _toasts_over(quiz, "quiz-body") != []  # shown while the question is open
            await pilot.press("5", "enter")
            await pilot.pause(0.2)
            assert quiz.mode == "feedback"
            assert _toasts_over(quiz, "pane-feedback") == []

    asyncio.run(body())


def _header_text(quiz: QuizScreen) -> tuple[str, int]:
    """The header's title line as drawn, and the room it has."""
    from textual.widgets._header import HeaderTitle

    title = quiz.query_one(HeaderTitle)
    return str(title.render()), title.content_region.width


def test_the_quiz_title_keeps_the_score_at_80_columns(tmp_path: Path) -> None:
    # At 80x24 the header has 62 columns for its title; "Set · <a long name> · shuffled
    # — question 1 of 3 · score 0.00" was cut before the score.
    long_set = write_set(tmp_path).read_text(encoding="utf-8").replace(
        'name = "Core test hands"', 'name = "Core test hands, with a name long enough"')
    path = tmp_path / "long.toml"
    path.write_text(long_set, encoding="utf-8")

    async def body() -> None:
        app = app_for(tmp_path, kinds=(QuestionKind.TOTAL,), length=3)
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(StartSet(str(path), shuffled=True, resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            await pilot.pause()
            text, room = _header_text(quiz)
            assert len(text) <= room, text
            assert text.endswith("1 of 3 · score 0.00"), text
            assert text.startswith("Set · Core test hands"), text
            await pilot.press("1", "0", "enter")  # a total: the score moves, still in view
            await pilot.pause()
            text, room = _header_text(quiz)
            assert len(text) <= room and "score " in text, text
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            text, room = _header_text(quiz)
            # With room, the whole title: nothing is cut.
            assert "with a name long enough" in text or "…" not in text, text

    asyncio.run(body())


BONUS_SET = """\
[set]
id = "bonus-test"
name = "Bonus test hands"
description = "A hand with three bonus tiles, won self-drawn."

[[hands]]
id = "bonus-1"
title = "Three bonus tiles"
hand = "c78 b66 k678 we we we dr dr dr +c6 self f2 s1 s3 wind:north"
"""


def test_the_context_line_stays_on_one_line_at_80_columns(tmp_path: Path) -> None:
    # The case seen: "mj-score-eval · seat East · prevailing North · self-drawn · bonus
    # F2 S1 S3" took 80 columns of 76, and "S3" wrapped alone onto a second line.
    from mj_trainer.tui.widgets.hand_view import HandView

    path = tmp_path / "bonus.toml"
    path.write_text(BONUS_SET, encoding="utf-8")

    async def body() -> None:
        app = app_for(tmp_path, kinds=(QuestionKind.TOTAL,), length=1)
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(StartSet(str(path), resume=False))
            await wait_for(pilot, quiz_ready(app))
            view = app.screen.query_one(HandView)
            width = view.content_region.width
            lines = view.render().plain.split("\n")
            assert all(len(line) <= width for line in lines), lines
            context = lines[0]
            assert context.startswith("mj-score-eval · seat East · prevailing North · "
                                      "self-drawn"), context
            # The bonus tiles are drawn with the hand, named, all three together.
            drawn = "\n".join(lines[1:])
            assert "bonus" in drawn and all(t in drawn for t in ("F2", "S1", "S3"))
            assert sum("F2" in line and "S3" in line for line in lines[1:]) == 1

    asyncio.run(body())


def test_a_long_context_breaks_between_its_parts_never_inside_one() -> None:
    from mj_trainer.engine.notation import parse
    from mj_trainer.tui.tile_text import TileStyle
    from mj_trainer.tui.widgets.hand_view import context_block

    hand = parse("c78 b66 k678 we we we dr dr dr +c6 f1 f2 f3 f4 s1 s2 s3 s4 seat:north "
                 "wind:north final-discard")
    parts = ["mj-score-eval-early", "seat North", "prevailing North", "on a discard",
             "final discard"]
    for width in (40, 60, 76, 120):
        text = context_block(hand, "mj-score-eval-early", width, style=TileStyle.TEXT,
                             bonus=False)
        lines = text.plain.split("\n")
        assert all(len(line) <= width for line in lines), (width, lines)
        pieces = [p for line in lines for p in line.split(" · ")]
        assert pieces == parts, (width, lines)
    assert "\n" not in context_block(hand, "mj-score-eval-early", 120,
                                     style=TileStyle.TEXT, bonus=False).plain
    # With its bonus tiles (one part, kept whole) the line is longer still.
    whole = context_block(hand, "mj-score-eval-early", 120, style=TileStyle.TEXT)
    assert whole.plain.split("\n")[-1].split() == ["bonus", "F1", "F2", "F3", "F4", "S1",
                                                    "S2", "S3", "S4"]


def _drawn_lines(widget: object) -> list[str]:
    """The lines a Static draws at its width (its content wrapped as Textual wraps it)."""
    from textual.widgets import Static

    assert isinstance(widget, Static)
    content = widget.visual
    width = widget.content_region.width
    from textual.content import Content

    assert isinstance(content, Content)
    return [line.plain for line in content.wrap(width)]


def test_a_count_never_wraps_alone_in_the_claimed_line(tmp_path: Path) -> None:
    # "Claimed: ... · Two Concealed Pungs · Wind Pung ×2 · ..." broke at the space before
    # "×2" at 80 columns, so the count stood alone at the start of the next line.
    from textual.widgets import Static

    from mj_trainer.tui.widgets.pattern_picker import PatternPicker

    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            picker = app.screen.query_one(PatternPicker)
            line = picker.query_one("#picker-claims", Static)
            claims = {"1.3": 1, "1.4": 1, "2.2.1": 1, "8.1.1": 2, "8.2.1": 1, "13.1": 3}
            picker.set_claims(claims)
            await pilot.pause()
            lines = _drawn_lines(line)
            assert len(lines) >= 2, lines
            assert not any(ln.lstrip().startswith("×") for ln in lines), lines
            text = " ".join(lines)
            for name in ("Wind Pung ×2", "Dragon Pung ×1", "Bonus Tile ×3"):
                assert name in text, lines
            for width in range(60, 80):  # every width a learner may have
                await pilot.resize_terminal(width, 24)
                await pilot.pause()
                lines = _drawn_lines(line)
                assert not any(ln.lstrip().startswith("×") for ln in lines), (width, lines)

    asyncio.run(body())
