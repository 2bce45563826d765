"""Hints in two steps: a nudge (where to look, which category), then the pattern."""

from __future__ import annotations

import pytest

from mj_trainer.engine.hand import HandError
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.hints import (
    HINT_COST,
    NUDGE_COST,
    as_nudge,
    available_hints,
    hint_cost,
    hint_note,
    nudge_text,
)
from mj_trainer.quizzes.outcomes import ItemOutcome
from mj_trainer.quizzes.questions import PatternsAnswer, Question, QuestionKind, make_question
from mj_trainer.quizzes.round import Round
from mj_trainer.quizzes.sets import all_hands
from mj_trainer.quizzes.sources import ListSource, QuizHand

FOUR_CHOWS = "c123 c456 b234 b567 k5 +k5"  # 1.2 All Chows 5 + 1.3 Concealed Hand 5 = 10


def _question(notation: str) -> Question:
    return make_question(1, QuestionKind.PATTERNS, QuizHand.from_notation("h", notation))


def _nudge(notation: str, pattern_id: str) -> str:
    q = _question(notation)
    (hint,) = [h for h in available_hints(q) if h.pattern.id == pattern_id]
    return nudge_text(q, hint)


def test_a_nudge_then_its_pattern_then_the_next_nudge() -> None:
    rnd = Round(ListSource([QuizHand.from_notation("h1", FOUR_CHOWS)]))
    first = rnd.hint(nudge_first=True)
    assert first is not None and first.nudge is not None
    assert first.pattern.name not in first.text and first.pattern.id not in first.text
    assert rnd.hints_for() == [first] and hint_cost(rnd.hints_for()) == NUDGE_COST
    named = rnd.hint(nudge_first=True)  # the same pattern, now named
    assert named is not None and named.nudge is None
    assert named.pattern.id == first.pattern.id and named.pattern.name in named.text
    assert rnd.hints_for() == [named] and hint_cost(rnd.hints_for()) == HINT_COST
    second = rnd.hint(nudge_first=True)  # the next pattern starts with a nudge again
    assert second is not None and second.nudge is not None
    assert second.pattern.id != first.pattern.id
    assert not rnd.can_hint() or rnd.hint(nudge_first=True) is not None


def test_without_nudges_a_hint_names_its_pattern_at_once() -> None:
    # The quiz protocol's hints: the reply names the pattern.
    rnd = Round(ListSource([QuizHand.from_notation("h1", FOUR_CHOWS)]))
    hint = rnd.hint()
    assert hint is not None and hint.nudge is None and hint.pattern.name in hint.text


def test_a_nudge_costs_less_than_a_hint_and_still_counts_as_help() -> None:
    q = _question(FOUR_CHOWS)
    right = PatternsAnswer.of({"1.2": 1, "1.3": 1}, 10)
    nudge = as_nudge(q, available_hints(q)[0])
    paid = grade(q, right, [nudge])
    assert abs(paid.credit - (1.0 - NUDGE_COST)) < 1e-9 and NUDGE_COST < HINT_COST
    assert not paid.correct
    assert paid.outcomes[f"pattern:{nudge.pattern.id}"] is ItemOutcome.HINT
    note = paid.notes[-1].text
    assert "1 nudge" in note and nudge.pattern.name not in note


@pytest.mark.parametrize(("notation", "pattern_id", "where", "category"), [
    ("dr dr dr c123 c456 b234 b5 +b5", "8.2.1", "the dragon tiles", "category 8"),
    ("b111 b222 b333 b456 b7 +b7", "5.2.1", "the bamboo pungs", "category 5"),
    ("c123 c123 b789 k789 c5 +c5 f1", "3.1.1", "the coin chows", "category 3"),
    ("c123 c123 b789 k789 c5 +c5 f1", "13.1", "the flowers and seasons", "category 13"),
    ("we we we c123 c456 b234 b5 +b5", "8.1.1", "the wind tiles", "category 8"),
    ("c123 c456 b234 b567 k5 +k5", "1.2", "the sets", "category 1"),  # not "the chows"
    ("c11 c99 b11 b99 k11 k99 we +we", "9.1.1", "how the tiles are grouped", "category 9"),
    ("c123 c123 c789 k789 b5 +b5", "3.1.1", "the coin chows", "category 3"),
    # What makes Concealed Hand is what was not exposed, not any set (issue 21).
    ("c123 c456 b234 b567 k5 +k5", "1.3", "what was exposed before the win", "category 1"),
    ("{c2222} c456 b234 b567 k5 +k5", "1.3", "what was exposed before the win", "category 1"),
    # A circumstance of the win: how the hand was won, never a suit (issue 21: it said
    # "the coin tiles" for the self-drawn k8).
    ("c33 k67 [c123] [k789] [dw dw dw] +k8 self", "1.4", "how the hand was won",
     "category 1"),
    ("c123 c456 b234 b567 k5 +k5 self final-draw", "12.1.1", "how the hand was won",
     "category 12"),
    ("c123 c456 b234 {k5555} c9 +c9 self win-on-kong", "12.2.1",
     "how the hand was won", "category 12"),
])
def test_a_nudge_points_where_the_pattern_is_without_naming_it(
        notation: str, pattern_id: str, where: str, category: str) -> None:
    text = _nudge(notation, pattern_id)
    assert text.startswith(f"Look at {where}:") and category in text


def test_no_nudge_of_a_curated_hand_gives_its_pattern_away() -> None:
    checked = 0
    for curated in all_hands():
        try:
            q = _question(curated.text)
        except HandError:
            continue  # a set's deliberately broken hand (not a win) has no hints
        for hint in available_hints(q):
            text = nudge_text(q, hint)
            assert text.startswith("Look at "), (curated.id, text)
            assert hint.pattern.name.lower() not in text.lower(), (curated.id, text)
            assert hint.pattern.id + " " not in text, (curated.id, text)
            checked += 1
    assert checked > 200


def test_the_hint_note_says_each_only_for_several_hints() -> None:
    q = _question(FOUR_CHOWS)
    hints = available_hints(q)
    one = hint_note(hints[:1]).text
    assert f"1 hint ({hints[0].pattern.name} ({hints[0].pattern.id})), {HINT_COST:g} of " \
           "the question's credit;" in one and " each" not in one
    two = hint_note(hints[:2]).text
    assert "2 hints (" in two and f"{HINT_COST:g} of the question's credit each" in two
    nudged = hint_note([as_nudge(q, hints[0])]).text
    assert f"1 nudge, {NUDGE_COST:g};" in nudged and " each" not in nudged


def test_a_hint_worth_one_point_says_point() -> None:
    q = _question("[c567] [b789] k123 [k666] c2 +c2")  # Chicken Hand (1.1) alone, 1 point
    (hint,) = available_hints(q)
    assert hint.text == f"{hint.pattern.name} (1.1) counts: 1 point"
    assert available_hints(_question(FOUR_CHOWS))[0].text.endswith(": 5 points")
