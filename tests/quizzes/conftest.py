"""Shared fixtures for the quiz tests: hands from notation and a throwaway store."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.questions import Question, QuestionKind, make_question
from mj_trainer.quizzes.sources import QuizHand
from mj_trainer.quizzes.store import ProgressStore


def qhand(text: str, hand_id: str = "t-1", **kwargs: object) -> QuizHand:
    """A quiz hand from the human notation."""
    return QuizHand.from_notation(hand_id, text, **kwargs)


def question(text: str, kind: QuestionKind = QuestionKind.PATTERNS, *,
             target: str | None = None, seed: int = 0,
             ruleset: Ruleset | None = None) -> Question:
    """A question on a hand; `target` forces the pattern of a "does it count?" question."""
    item = qhand(text, focus=target) if target else qhand(text)
    return make_question(1, kind, item, rng=random.Random(seed), ruleset=ruleset)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    with ProgressStore.open(tmp_path / "data") as s:
        yield s
