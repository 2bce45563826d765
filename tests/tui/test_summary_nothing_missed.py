"""The summary's line for a round with nothing missed says only what happened.

Lesson 1.1's drill asks for readings into sets, which name no pattern: after 0 of 3
readings right the summary said 'Nothing missed: every pattern asked about was right.',
and a quick round of 5 skipped questions said the same.
"""

from __future__ import annotations

from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind
from mj_trainer.quizzes.round import summarise
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.tui.screens.summary import nothing_missed
from tests.quizzes.conftest import question

EVERY_RIGHT = "Nothing missed: every pattern asked about was right."


def test_wrong_readings_ask_about_no_pattern() -> None:
    # 1.1's hand c4444 c6 c999 b456 k55 +c5 read with the four c4 as one group.
    q = question("c44446999 b456 k55 +c5", kind=QuestionKind.SPLIT)
    wrong = grade(q, SplitAnswer((("c4", "c4", "c4", "c4"), ("c5", "c6", "b4"),
                                  ("c9", "c9", "c9"), ("b5", "b6"), ("k5", "k5"))))
    skipped = grade(q, None)
    assert not wrong.correct
    summary = summarise([q, q], [wrong, skipped])
    assert summary.correct == 0
    words, _ = nothing_missed(summary)
    assert words != EVERY_RIGHT
    assert words == "No pattern was asked about in this round."


def test_skipped_patterns_are_not_called_right() -> None:
    q = question("c123 b456 k789 dr dr dr we +we")
    summary = summarise([q], [grade(q, None)])
    assert not summary.missed_patterns and not summary.wrong_patterns
    assert nothing_missed(summary)[0] == "Nothing missed or claimed wrongly."


def test_every_pattern_right_is_said_when_it_is_so() -> None:
    # c123 b456 k789 dr dr dr we +we on a discard: All Types 10, Dragon Pung 10,
    # Concealed Hand 5 = 25.
    q = question("c123 b456 k789 dr dr dr we +we")
    right = grade(q, PatternsAnswer.of({"1.6": 1, "8.2.1": 1, "1.3": 1}, 25))
    assert right.correct
    assert nothing_missed(summarise([q], [right]))[0] == EVERY_RIGHT
