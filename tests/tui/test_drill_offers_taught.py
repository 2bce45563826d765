"""A lesson's drill offers only what the course has taught (and shows what it gives).

The case seen: in the drill of lesson 2.2 (Pungs and Kongs) the pattern list held every
pattern of the ruleset, dimmed past the lesson but still tickable, so a learner who knew
only lessons 1.1 to 2.2 could tick Thirteen Orphans and have it marked wrong.  A drill
grades its scope (every pattern taught so far, `Lesson.scope`); a pattern taught later
that counts in the hand is given, ticked and dimmed.  The list now holds exactly those;
a filter that finds only untaught patterns says so.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.course import course
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for
from tests.tui.test_course_app import _open_lesson

RULES = load("mj-score-eval")


def _listed(picker: PatternPicker) -> set[str]:
    return {p.id for p in picker._rows if p is not None}


def test_a_drill_lists_the_taught_and_the_given_patterns_only(tmp_path: Path) -> None:
    app = app_for(tmp_path, seed=3)
    lesson = next(one for one in course(RULES) if one.id == "2.2")
    everything = {p.id for p in RULES.patterns}
    assert lesson.scope < everything  # there is something not taught yet

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_lesson(pilot, "2.2")
            await pilot.press("d")
            patterns_questions = 0
            seen_given = False
            for _ in range(8):
                await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen)
                               or quiz_ready(app)(), timeout=30)
                quiz = app.screen
                if not isinstance(quiz, QuizScreen):
                    break
                assert quiz.round is not None and quiz.round.current is not None
                q = quiz.round.current
                if q.kind is QuestionKind.PATTERNS:
                    patterns_questions += 1
                    assert q.scope == lesson.scope
                    picker = quiz.query_one(PatternPicker)
                    given = {h.pattern.id for h in q.given}
                    seen_given = seen_given or bool(given)
                    assert _listed(picker) == set(lesson.scope) | given
                    # Thirteen Orphans (a limit, lesson 5) cannot be found nor ticked.
                    await pilot.press(*"thirteen")
                    await pilot.pause()
                    assert not _listed(picker)
                    option = picker.option_list.get_option_at_index(0)
                    assert "No pattern taught so far matches" in str(option.prompt)
                    await pilot.press("plus")
                    assert picker.claims() == {}
                    await pilot.press("escape")  # clears the filter
                    await pilot.pause()
                    assert _listed(picker) == set(lesson.scope) | given
                await pilot.press("f3")
                await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
                await pilot.press("enter")
            assert patterns_questions >= 2 and seen_given

    asyncio.run(body())


def test_a_round_outside_the_course_lists_every_pattern(tmp_path: Path) -> None:
    from mj_trainer.tui.messages import StartRandom

    app = app_for(tmp_path, seed=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: getattr(app.screen, "stats", None) is not None)
            app.post_message(StartRandom())
            await wait_for(pilot, quiz_ready(app), timeout=30)
            picker = app.screen.query_one(PatternPicker)
            assert picker.scope is None
            assert _listed(picker) == {p.id for p in RULES.patterns}

    asyncio.run(body())
