"""Marks and partial credit (the rule is in quizzes/grading.py's docstring)."""

from __future__ import annotations

import pytest

from mj_trainer.quizzes.grading import MarkStatus, grade, pattern_share
from mj_trainer.quizzes.questions import (
    PatternsAnswer,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
    answer_from_json,
    answer_to_json,
)
from tests.quizzes import hands as H
from tests.quizzes.conftest import question


def test_exact_answer_is_full_marks() -> None:
    g = grade(question(H.WINDS), PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL))
    assert g.correct and g.credit == 1.0
    assert all(m.status is MarkStatus.RIGHT for m in g.marks)
    assert not g.explanations


def test_per_set_pattern_claimed_too_few_times_is_partly_right() -> None:
    # Wind Pung x2 of 3: units right 1 (8.1.3) + 2 (8.1.1) + 1 + 1 + 1 = 6, missed 1.
    # Credit 0.6 x 6/7 + 0.4 (total right).
    claim = {**H.WINDS_COUNTED, "8.1.1": 2}
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, H.WINDS_TOTAL))
    mark = next(m for m in g.marks if m.pattern.id == "8.1.1")
    assert mark.status is MarkStatus.PARTIAL
    assert (mark.right, mark.missed, mark.extra) == (2, 1, 0)
    assert g.credit == pytest.approx(0.6 * 6 / 7 + 0.4)
    assert not g.correct


def test_per_set_pattern_claimed_too_many_times_is_partly_right() -> None:
    # Wind Pung x4 of 3: 7 units right, 1 wrongly claimed: 0.6 x 7/8 + 0.4 = 0.925.
    claim = {**H.WINDS_COUNTED, "8.1.1": 4}
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, H.WINDS_TOTAL))
    mark = next(m for m in g.marks if m.pattern.id == "8.1.1")
    assert (mark.right, mark.missed, mark.extra) == (3, 0, 1)
    assert g.credit == pytest.approx(0.925)


def test_missed_and_wrong_claims_share_the_pattern_part() -> None:
    # CHOWS counts 1.2 and 1.3.  {1.2, 1.3, 5.1.2} with total 15: 2 right of 3 units
    # (5.1.2 is wrongly claimed), total wrong: 0.6 x 2/3 = 0.4.
    g = grade(question(H.CHOWS), PatternsAnswer.of(["1.2", "1.3", "5.1.2"], 15))
    assert g.credit == pytest.approx(0.4)
    statuses = {m.pattern.id: m.status for m in g.marks}
    assert statuses == {"1.2": MarkStatus.RIGHT, "1.3": MarkStatus.RIGHT,
                        "5.1.2": MarkStatus.WRONG}
    assert g.total_ok is False


def test_half_the_patterns_and_the_total() -> None:
    # {1.2} of {1.2, 1.3} with the right total 10: 0.6 x 1/2 + 0.4 = 0.7.
    g = grade(question(H.CHOWS), PatternsAnswer.of(["1.2"], H.CHOWS_TOTAL))
    assert g.credit == pytest.approx(0.7)
    assert "1/2" in g.credit_text


def test_answer_of_another_reading() -> None:
    # Claiming the chow reading {3.1.3, 1.2, 1.3} for the pung reading {5.2.1, 2.2.2, 1.3}:
    # 1 right, 2 wrongly claimed, 2 missed: 0.6 x 1/5 = 0.12 (130 is not the total).
    g = grade(question(H.TWO_READINGS),
              PatternsAnswer.of(H.TWO_READINGS_OTHER, H.TWO_READINGS_OTHER_TOTAL))
    assert g.credit == pytest.approx(0.12)


def test_once_per_hand_pattern_claimed_twice_counts_once() -> None:
    g = grade(question(H.CHOWS), PatternsAnswer.of({"1.2": 2, "1.3": 1}, H.CHOWS_TOTAL))
    assert g.correct


def test_empty_claim_on_an_illegal_call_misses_the_penalty() -> None:
    g = grade(question(H.NO_WIN), PatternsAnswer.of({}, H.NO_WIN_TOTAL))
    # 0 of 1 pattern units + 0.4 for the right total -40.
    assert g.credit == pytest.approx(0.4)
    assert [m.pattern.id for m in g.mistakes] == ["1.7"]


def test_total_only() -> None:
    q = question(H.CAPPED, QuestionKind.TOTAL)
    assert grade(q, TotalAnswer(H.CAPPED_TOTAL)).credit == 1.0
    g = grade(q, TotalAnswer(H.CAPPED_SUM))
    assert g.credit == 0.0 and g.total_ok is False


def test_yes_no_questions_are_all_or_nothing() -> None:
    q = question(H.NO_WIN, QuestionKind.IS_WIN)
    assert grade(q, YesNoAnswer(False)).credit == 1.0
    assert grade(q, YesNoAnswer(True)).credit == 0.0


def test_skipped_question_scores_nothing_and_explains_everything() -> None:
    g = grade(question(H.WINDS), None)
    assert g.skipped and g.credit == 0.0 and not g.correct
    explained = {e.pattern_id for e in g.explanations}
    assert set(H.WINDS_COUNTED) <= explained


def test_unknown_pattern_id_is_refused() -> None:
    with pytest.raises(ValueError, match=r"99\.9"):
        grade(question(H.CHOWS), PatternsAnswer.of(["99.9"], 10))


def test_negative_count_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        grade(question(H.CHOWS), PatternsAnswer({"1.2": -1}, 10))


def test_answer_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(TypeError):
        grade(question(H.CHOWS), TotalAnswer(10))


def test_items_for_review_cover_patterns_and_families() -> None:
    claim = {**H.WINDS_COUNTED, "8.1.1": 2, "2.2.1": 1}
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, H.WINDS_TOTAL))
    assert g.items["pattern:8.1.1"] is False
    assert g.items["pattern:8.1.3"] is True
    assert g.items["family:8.1"] is False  # one of its patterns was wrong
    assert g.items["pattern:2.2.1"] is False  # wrongly claimed
    assert g.items["family:2.2"] is False
    assert g.items["family:6.1"] is True


def test_is_win_questions_train_the_illegal_call_rule() -> None:
    g = grade(question(H.NO_WIN, QuestionKind.IS_WIN), YesNoAnswer(False))
    assert g.items == {"pattern:1.7": True, "family:1.7": True}
    g = grade(question(H.NO_WIN, QuestionKind.IS_WIN), YesNoAnswer(True))
    assert g.items == {"pattern:1.7": False, "family:1.7": False}


@pytest.mark.parametrize("said_win", [True, False])
def test_is_win_on_a_win_records_no_illegal_call(said_win: bool) -> None:
    # Issue 21: "not a win" on a winning hand claims no pattern, so no "Illegal Call
    # claimed" shows up in the summary; only the verdict is wrong.
    g = grade(question(H.CHOWS, QuestionKind.IS_WIN), YesNoAnswer(said_win))
    assert g.items == {} and g.correct is said_win


def test_pattern_share_with_nothing_to_claim() -> None:
    assert pattern_share(()) == 1.0


@pytest.mark.parametrize("answer", [
    PatternsAnswer.of({"8.1.1": 3, "1.3": 1}, 135),
    PatternsAnswer.of([], None),
    TotalAnswer(-40),
    YesNoAnswer(False),
    None,
])
def test_answers_round_trip_through_json(answer: object) -> None:
    assert answer_from_json(answer_to_json(answer)) == answer  # type: ignore[arg-type]


def test_grade_to_json_has_the_expected_answer() -> None:
    g = grade(question(H.CHOWS), PatternsAnswer.of(["1.2"], 5))
    data = g.to_json()
    assert data["expected"] == {"patterns": {"1.2": 1, "1.3": 1}, "total": 10}
    assert [m["status"] for m in data["marks"]] == ["right", "missed"]
