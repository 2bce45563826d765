"""Pilot tests of the quiz under the classical rules (R32): the learner gives the points
before doubling, the number of doublings and the total, and the feedback marks each.

The hands of `CLASSICAL_SET`, worked out from the classical ruleset's values:

* cl-1 ``b456 k678 c99 c23 [dr dr dr] +c4``, won on a discard.  Points: 2.1 Mahjong 20
  + 1.3 Exposed Pung of Majors (dragons are majors) 4 = 24; the c9 pair scores nothing
  and c23 waited on c1 or c4, so no Only Possible Tile.  Doublings: 6.1 Pung of Dragons
  1.  Total 24 x 2^1 = 48.
* cl-2 ``c123 c456 b78 k22 [b555] +b9 self``.  Points: 2.1 Mahjong 20 + 1.1 Exposed
  Pung of Simples 2 + 2.2 Self-Drawn 2 = 24; b78 waited on b6 or b9; the k2 pair
  scores nothing.  No doubling (a pung rules out All Chows; three suits).  Total 24.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Static

from mj_trainer.quizzes.grading import MarkStatus
from mj_trainer.tui.messages import StartRandom, StartSet
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.tile_words import tiles_in_words
from mj_trainer.tui.widgets.feedback import FeedbackView
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import app_for, claim, quiz_ready, type_text, wait_for, write_set

CLASSICAL_SET = """\
[set]
id = "classical-test"
name = "Classical test hands"
description = "Two classical hands with answers worked out by hand."
ruleset = "classical"

[[hands]]
id = "cl-1"
title = "A dragon pung"
hand = "b456 k678 c99 c23 [dr dr dr] +c4"

[[hands]]
id = "cl-2"
title = "Self-drawn"
hand = "c123 c456 b78 k22 [b555] +b9 self"
"""

CL_1 = {"2.1": 1, "1.3": 1, "6.1": 1}
CL_1_POINTS, CL_1_DOUBLES, CL_1_TOTAL = 24, 1, 48  # 20 + 4 = 24; 24 x 2^1 = 48
CL_2 = {"2.1": 1, "1.1": 1, "2.2": 1}
CL_2_POINTS, CL_2_DOUBLES, CL_2_TOTAL = 24, 0, 24  # 20 + 2 + 2 = 24; no doubling


def classical_set(tmp_path: Path) -> Path:
    path = tmp_path / "classical-test.toml"
    path.write_text(CLASSICAL_SET, encoding="utf-8")
    return path


def _quiz(app: object) -> QuizScreen:
    screen = getattr(app, "screen", None)
    assert isinstance(screen, QuizScreen)
    return screen


def _feedback_text(quiz: QuizScreen) -> str:
    return "\n".join(ln.content.plain for ln in quiz.query_one(FeedbackView).lines)


def test_classical_round_answered_right_with_the_keyboard(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=2, ruleset="classical")
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(classical_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            assert quiz.question is not None and quiz.question.asks_breakdown
            assert quiz.query_one("#points", Input).display
            for pid in CL_1:
                await claim(pilot, pid)
            assert quiz.query_one(PatternPicker).claims() == CL_1
            # tab: points, tab: doublings, tab: total, enter checks
            await pilot.press("tab")
            assert app.focused is quiz.query_one("#points", Input)
            await type_text(pilot, str(CL_1_POINTS))
            await pilot.press("tab")
            assert app.focused is quiz.query_one("#doubles", Input)
            await type_text(pilot, str(CL_1_DOUBLES))
            await pilot.press("tab")
            assert app.focused is quiz.query_one("#total", Input)
            await type_text(pilot, str(CL_1_TOTAL))
            await pilot.press("enter")
            await pilot.pause()
            grade = quiz.last_grade
            assert grade is not None and grade.correct and grade.credit == 1.0
            assert grade.points_ok and grade.doubles_ok and grade.total_ok
            text = _feedback_text(quiz)
            assert "✔ Points 24" in text
            assert "✔ Doublings 1" in text
            assert "Total 48 = 24 points × 2^1" in text
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            # the inputs are empty again for the next hand
            assert quiz.query_one("#points", Input).value == ""
            assert quiz.query_one("#doubles", Input).value == ""
            for pid in CL_2:
                await claim(pilot, pid)
            await pilot.press("tab")
            await type_text(pilot, str(CL_2_POINTS))
            await pilot.press("tab")
            await type_text(pilot, str(CL_2_DOUBLES))
            await pilot.press("tab")
            await type_text(pilot, str(CL_2_TOTAL))
            await pilot.press("enter")
            await pilot.pause()
            assert quiz.last_grade is not None and quiz.last_grade.correct
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            assert summary.summary.score == 2.0  # both fully right

    asyncio.run(body())


def test_classical_wrong_points_and_total_are_marked(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=2, ruleset="classical")
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(classical_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            quiz.query_one(PatternPicker).set_claims(CL_1)
            await pilot.press("enter")  # straight to check with the inputs empty
            await pilot.pause()
            assert quiz.mode == "question"
            assert app.focused is quiz.query_one("#points", Input)
            assert "points before doubling" in str(
                quiz.query_one("#total-note", Static).render())
            await pilot.press("enter")
            await pilot.pause()
            quiz.submit(None)  # skip the first hand: the answer is shown
            text = _feedback_text(quiz)
            assert "Points 24" in text and "Doublings 1" in text
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            # cl-2, forgetting Self-Drawn: claims 2.1 and 1.1 (2 of 3 right), points 22
            # (wrong), doublings 0 (right), total 22 (wrong).
            quiz.query_one(PatternPicker).set_claims({"2.1": 1, "1.1": 1})
            quiz.query_one("#points", Input).value = "22"
            quiz.query_one("#doubles", Input).value = "0"
            quiz.query_one("#total", Input).value = "22"
            quiz.query_one("#total", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            grade = quiz.last_grade
            assert grade is not None and not grade.correct
            assert grade.points_ok is False and grade.doubles_ok is True
            assert grade.total_ok is False
            # 0.6 x 2/3 = 0.4 for the patterns + 0.1 for the doublings = 0.5
            assert abs(grade.credit - 0.5) < 1e-9
            marks = {m.pattern.id: m.status for m in grade.marks}
            assert marks["2.2"] is MarkStatus.MISSED
            text = _feedback_text(quiz)
            assert "✘ Points: you said 22, it is 24 points" in text
            assert "✔ Doublings 0" in text
            assert "you said 22, it is 24" in text
            assert "Partly right" in text
            for e in grade.explanations:
                assert tiles_in_words(e.text, TileStyle.TEXT).plain in text

    asyncio.run(body())


def test_additive_rulesets_ask_no_breakdown(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            assert not quiz.query_one("#points", Input).display
            assert not quiz.has_class("-breakdown")
            await pilot.press("tab")
            assert app.focused is quiz.query_one("#total", Input)

    asyncio.run(body())


def test_a_target_the_generator_gives_up_on_is_shown_as_a_message(tmp_path: Path) -> None:
    async def body() -> None:
        # Imperial Jade (classical 3.5) passes the generator's plan but it gives up on
        # drawing one: the round says so instead of hanging or crashing.
        app = app_for(tmp_path, length=1, ruleset="classical")
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartRandom(difficulty="mixed", target="3.5"))
            await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen)
                           and app.screen.mode == "error", timeout=30)
            quiz = _quiz(app)
            text = str(quiz.query_one("#pane-error", Static).render())
            assert "could not be started" in text
            assert "cannot generate classical hands aimed at 3.5" in text
            assert "curated sets" in text
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, QuizScreen))

    asyncio.run(body())


def test_the_total_is_offered_from_points_and_doublings(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=2, ruleset="classical")
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(StartSet(str(classical_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = _quiz(app)
            total = quiz.query_one("#total", Input)
            note = quiz.query_one("#total-note", Static)
            for pid in CL_1:
                await claim(pilot, pid)
            await pilot.press("tab")
            await type_text(pilot, str(CL_1_POINTS))
            assert total.value == ""  # no doublings yet: nothing to offer
            await pilot.press("tab")
            await type_text(pilot, "3")
            assert total.value == "192"  # 24 x 2^3, offered as the points change
            await pilot.press("backspace")
            await type_text(pilot, str(CL_1_DOUBLES))
            assert total.value == str(CL_1_TOTAL)
            assert "24 × 2^1 = 48" in str(note.render())
            await pilot.press("enter")  # enter in the doublings: confirm the offer first
            await pilot.pause()
            assert quiz.mode == "question" and app.focused is total
            assert "enter confirms it" in str(note.render())
            await pilot.press("enter")
            await pilot.pause()
            grade = quiz.last_grade
            assert grade is not None and grade.correct and grade.total_ok
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            # A total typed first is the learner's own: points and doublings leave it.
            assert total.value == "" and quiz.offered_total is None
            quiz.query_one(PatternPicker).set_claims(CL_2)
            total.value = "30"
            quiz.query_one("#points", Input).value = "24"
            quiz.query_one("#doubles", Input).value = "0"
            await pilot.pause()
            assert total.value == "30"
            # Correcting an offer: typing into the total replaces the offered value.
            total.value = ""
            quiz.query_one("#points", Input).value = "600"
            quiz.query_one("#doubles", Input).value = "2"
            await pilot.pause()
            assert total.value == "1000" and "capped at 1000" in str(note.render())
            total.focus()
            await pilot.pause()
            await type_text(pilot, str(CL_2_TOTAL))
            assert total.value == str(CL_2_TOTAL)

    asyncio.run(body())
