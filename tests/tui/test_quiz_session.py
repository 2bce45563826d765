"""The round logic behind the quiz screen: hint costs, typed totals, mixed win questions."""

from __future__ import annotations

from mj_trainer.quizzes.config import Settings
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.hints import HINT_COST, available_hints
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, make_question
from mj_trainer.quizzes.round import Round
from mj_trainer.quizzes.session import as_int, random_plan
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.tui.messages import StartRandom

FOUR_CHOWS = "c123 c456 b234 b567 k5 +k5"  # 1.2 All Chows 5 + 1.3 Concealed Hand 5 = 10


def test_typed_totals() -> None:
    assert as_int(" 45 ") == 45
    assert as_int("-40") == -40
    assert as_int("\u221240") == -40  # a typographic minus sign
    assert as_int("") is None and as_int("-") is None and as_int("4x") is None


def test_hints_skip_what_is_already_right() -> None:
    q = make_question(1, QuestionKind.PATTERNS, QuizHand.from_notation("h1", FOUR_CHOWS))
    ids = [h.pattern.id for h in available_hints(q, {"1.2": 1})]
    # 1.3 is not claimed yet, so it comes first; 1.2 (already right) last
    assert ids == ["1.3", "1.2"]


def test_hint_cost_arithmetic() -> None:
    q = make_question(1, QuestionKind.PATTERNS, QuizHand.from_notation("h1", FOUR_CHOWS))
    right = PatternsAnswer.of({"1.2": 1, "1.3": 1}, 10)
    full = grade(q, right)
    assert full.correct and full.credit == 1.0
    hints = available_hints(q)[:2]
    paid = grade(q, right, hints)  # the same answer, given with two hints
    # two hints: 1 - 2 x 0.15 = 0.70, and no longer fully right
    assert abs(paid.credit - (1.0 - 2 * HINT_COST)) < 1e-9
    assert abs(paid.credit - 0.70) < 1e-9
    assert not paid.correct
    assert paid.items["pattern:1.2"] is False and paid.items["family:1.3"] is False
    assert grade(q, right, []) == full


def test_hint_cost_never_below_zero() -> None:
    q = make_question(1, QuestionKind.PATTERNS, QuizHand.from_notation("h1", FOUR_CHOWS))
    empty = PatternsAnswer.of({}, 0)
    nothing = grade(q, empty)
    # patterns 0/2 and a wrong total: no credit; a hint cannot make it negative
    assert nothing.credit == 0.0
    assert grade(q, empty, available_hints(q)[:1]).credit == 0.0


def test_round_hints_are_charged_when_answering() -> None:
    source = ListSource([QuizHand.from_notation("h1", FOUR_CHOWS)])
    rnd = Round(source)
    assert rnd.can_hint()
    first = rnd.hint()
    assert first is not None and first.pattern.id in ("1.2", "1.3")
    g = rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, 10))
    # right answer, one hint: 1 - 0.15 = 0.85
    assert abs(g.credit - 0.85) < 1e-9
    assert rnd.grades[-1] is g


def test_total_questions_take_hints_yes_no_questions_do_not() -> None:
    hand = QuizHand.from_notation("h1", FOUR_CHOWS)
    rnd = Round(ListSource([hand]), None)
    assert rnd.can_hint()
    from mj_trainer.quizzes.round import RoundSettings

    yes_no = Round(ListSource([hand]), RoundSettings(kinds=(QuestionKind.IS_WIN,)))
    assert not yes_no.can_hint() and yes_no.hint() is None


def test_random_rounds_mix_in_hands_that_are_not_a_win() -> None:
    settings = Settings(kinds=(QuestionKind.IS_WIN,), round_length=12)
    rnd = random_plan(StartRandom("easy"), settings, store=None, seed=11).build()
    wins = [q.result.winning for q in rnd.questions]
    assert len(wins) == 12
    assert any(wins) and not all(wins)
