"""The four question kinds and how "does X count?" picks its X."""

from __future__ import annotations

import random

from mj_trainer.engine.notation import parse
from mj_trainer.engine.scoring import score
from mj_trainer.quizzes.questions import (
    PatternsAnswer,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
    choose_target,
)
from tests.quizzes import hands as H
from tests.quizzes.conftest import question


def test_expected_answers_come_from_the_engine() -> None:
    assert question(H.WINDS).expected() == PatternsAnswer(H.WINDS_COUNTED, H.WINDS_TOTAL)
    assert question(H.CAPPED, QuestionKind.TOTAL).expected() == TotalAnswer(H.CAPPED_TOTAL)
    assert question(H.NO_WIN, QuestionKind.IS_WIN).expected() == YesNoAnswer(False)
    assert question(H.CHOWS, QuestionKind.IS_WIN).expected() == YesNoAnswer(True)
    q = question(H.WINDS, QuestionKind.DOES_COUNT, target="2.2.1")
    assert q.expected() == YesNoAnswer(False)  # outranked by 2.2.2 (R10)


def test_prompts_are_questions() -> None:
    for kind in QuestionKind:
        q = question(H.WINDS, kind, target="8.1.1" if kind is QuestionKind.DOES_COUNT
                     else None)
        assert q.prompt.endswith("?")
        assert kind.label
    q = question(H.WINDS, QuestionKind.DOES_COUNT, target="8.1.1")
    assert "Wind Pung (8.1.1)" in q.prompt


def _targets(text: str, n: int = 200) -> list[str]:
    result = score(parse(text))
    rng = random.Random(7)
    return [choose_target(result, rng) for _ in range(n)]


def test_does_count_asks_about_counted_present_and_absent_patterns() -> None:
    # WINDS: counted 8.1.3 8.1.1 6.1.1 2.2.2 1.3; present but outranked 2.2.1.
    seen = set(_targets(H.WINDS))
    counted = set(H.WINDS_COUNTED)
    assert seen & counted
    assert "2.2.1" in seen
    absent = seen - counted - {"2.2.1"}
    assert absent
    # Absent picks are relatives of what is there (same family), not random ids:
    # the families here are 8.1, 6.1, 2.2 and 1.3.
    assert all(p.startswith(("8.1.", "6.1.", "2.2.")) for p in absent)


def test_absent_pick_prefers_a_pattern_of_another_reading() -> None:
    # TWO_READINGS: 3.1.3 and 1.2 are only in the chow reading.
    seen = set(_targets(H.TWO_READINGS))
    assert {"3.1.3", "1.2"} & seen


def test_shares_of_yes_and_no_are_balanced() -> None:
    # Weights 0.4 counted / 0.3 present / 0.3 absent: about 40% of answers are yes.
    picks = _targets(H.WINDS, 1000)
    yes = sum(1 for p in picks if p in H.WINDS_COUNTED) / len(picks)
    assert 0.3 < yes < 0.5


def test_a_review_focus_decides_the_target() -> None:
    assert question(H.WINDS, QuestionKind.DOES_COUNT, target="5.1.2").target == "5.1.2"


def test_a_family_focus_asks_about_the_member_the_hand_shows() -> None:
    # Family 2.2 in WINDS: 2.2.2 counts, so that is the one asked about.
    q = question(H.WINDS, QuestionKind.DOES_COUNT, target="2.2")
    assert q.target == "2.2.2"


def test_patterns_answer_from_ids_counts_repeats() -> None:
    assert PatternsAnswer.of(["8.1.1", "8.1.1", "1.3"], 15).patterns == {"8.1.1": 2, "1.3": 1}
    assert PatternsAnswer.of({"8.1.1": 0, "1.3": 1}).patterns == {"1.3": 1}
