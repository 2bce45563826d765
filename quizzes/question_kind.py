"""What a question asks, and its name in a menu.

A module of its own so that the settings (`quizzes.config`), the course's plan and
home read the question kinds without loading the questions themselves (the engine's
scorer and the reading of hands into sets behind them).
"""

from __future__ import annotations

from enum import StrEnum


class QuestionKind(StrEnum):
    """What a question asks."""

    PATTERNS = "patterns"
    TOTAL = "total"
    DOES_COUNT = "does_count"
    IS_WIN = "is_win"
    SPLIT = "split"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    QuestionKind.PATTERNS: "patterns and total",
    QuestionKind.TOTAL: "total only",
    QuestionKind.DOES_COUNT: "does it count?",
    QuestionKind.IS_WIN: "is it a win?",
    QuestionKind.SPLIT: "read it into sets",
}
