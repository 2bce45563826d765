"""The quiz's help says what the credit line's numbers are (seen on a learner's walk:
"patterns 0/2 x 0.6" had no words for its weights), with the grader's own weights."""

from __future__ import annotations

from pathlib import Path

from mj_trainer.quizzes.grading import (
    DOUBLES_WEIGHT,
    DOUBLING_TOTAL_WEIGHT,
    PATTERN_WEIGHT,
    POINTS_WEIGHT,
    TOTAL_WEIGHT,
)
from mj_trainer.tui import app as app_module

HELP = Path(app_module.__file__).resolve().parent / "help" / "quiz.md"


def test_the_help_gives_the_grader_s_weights() -> None:
    text = " ".join(HELP.read_text(encoding="utf-8").split())
    assert f"the patterns make {PATTERN_WEIGHT:g} of it" in text
    assert f"x {PATTERN_WEIGHT:g} = " in text  # the line as the feedback writes it
    assert f"the other {TOTAL_WEIGHT:g} (*total right + {TOTAL_WEIGHT:g}*)" in text
    assert (f"the points {POINTS_WEIGHT:g}, the doublings {DOUBLES_WEIGHT:g} and the "
            f"total {DOUBLING_TOTAL_WEIGHT:g}") in text
    assert PATTERN_WEIGHT + TOTAL_WEIGHT == 1
