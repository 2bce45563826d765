"""The quiz core over the real curated sets and the real generator.

Every other quiz test uses hands written in the notation; these check that the
adapters work with the real parts.
"""

from __future__ import annotations

import random
from itertools import islice

from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, make_question
from mj_trainer.quizzes.round import Round, RoundSettings, curated_source
from mj_trainer.quizzes.sources import GeneratorSource, QuizHand, curated_hands
from mj_trainer.quizzes.store import ProgressStore


def _curated() -> list[QuizHand]:
    return curated_hands()


def _generated(n: int, **kwargs: object) -> list[QuizHand]:
    return list(islice(GeneratorSource(seed=2024, **kwargs), n))  # type: ignore[arg-type]


def _every_kind(hands: list[QuizHand]) -> None:
    rng = random.Random(3)
    for item in hands:
        for kind in QuestionKind:
            q = make_question(1, kind, item, rng=rng)
            assert grade(q, q.expected()).correct, (item.id, kind)
            if kind is QuestionKind.PATTERNS and q.result.winning:
                g = grade(q, PatternsAnswer.of({}, None))
                assert not g.correct and g.explanations


def test_every_curated_hand_makes_every_kind_of_question() -> None:
    _every_kind(_curated())


def test_generated_hands_make_every_kind_of_question() -> None:
    _every_kind(_generated(60) + _generated(20, difficulty="hard"))


def test_a_round_over_a_curated_set(store: ProgressStore) -> None:
    hands = _curated()
    set_id = hands[0].source
    source = curated_source(set_id, store=store)
    rnd = Round(source, RoundSettings(kinds=tuple(QuestionKind), length=3, seed=1),
                recorder=store)
    while (q := rnd.ask()) is not None:
        rnd.answer(q.expected())
    assert rnd.finish().accuracy == 1.0
    progress = store.set_progress(set_id)
    assert progress is not None and progress.position == 3
