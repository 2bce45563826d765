"""Feedback that points, on hand-made hands: stacking (R11), the grouped limit line,
the nearest reading of a hand that is not a win, where the winning tile went (R2, R3),
and wording that fits a quiz (no "you missed" for a skip, no reference-page words)."""

from __future__ import annotations

import pytest

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind
from mj_trainer.quizzes.grading import Grade, grade
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, YesNoAnswer
from tests.quizzes.conftest import question

K = ExplanationKind


def _graded(text: str, claims: dict[str, int], total: int | None) -> Grade:
    return grade(question(text), PatternsAnswer.of(claims, total))


def _about(g: Grade, pid: str) -> Explanation:
    found = [e for e in g.explanations if e.pattern_id == pid]
    assert len(found) == 1, [e.text for e in g.explanations]
    return found[0]


# --------------------------------------------------------------------------- stacking


# Hand-worked: c111 c123 c789 c999 k55 is Two-Tailed Terminals 7.1.3 plus the chow couple
# c123+c789 (7.1.1) and the pung couple c111+c999 (7.1.2), both stacking (R11).
TWO_TAILS = "c111 c123 c789 c999 k5 +k5"
# Big Three Dragons 8.2.3 and a Dragon Pung 8.2.1 for each of the three (R11).
DRAGONS = "dr dr dr dg dg dg dw dw dw c123 k5 +k5"
# Little Three Winds 8.1.2 (we and ws pungs, wn pair) and Wind Pung 8.1.1 twice.
LITTLE_WINDS = "we we we ws ws ws wn wn c123 k55 +k5"
# All Flowers 13.1.1 and a Bonus Tile 13.1 for each of the four flowers.
FLOWERS = "c123 c456 b234 b567 k5 +k5 f1 f2 f3 f4"


@pytest.mark.parametrize(("hand", "higher", "stacking", "sets"), [
    (TWO_TAILS, "7.1.3", "7.1.1", ("c123", "c789")),
    (TWO_TAILS, "7.1.3", "7.1.2", ("c111", "c999")),
    (LITTLE_WINDS, "8.1.2", "8.1.1", ("we we we", "ws ws ws")),
    (DRAGONS, "8.2.3", "8.2.1", ("dr dr dr", "dg dg dg", "dw dw dw")),
])
def test_a_missed_stacking_pattern_says_it_stacks_with_the_higher_one(
        hand: str, higher: str, stacking: str, sets: tuple[str, ...]) -> None:
    q = question(hand)
    claims = {h.pattern.id: h.count for h in q.result.counted if h.pattern.id != stacking}
    g = grade(q, PatternsAnswer.of(claims, q.result.total))
    e = _about(g, stacking)
    name = q.ruleset.pattern(higher).name
    assert e.kind is K.MISSED
    assert f"It stacks with {name} ({higher})" in e.text
    assert "(R11)" in e.text
    assert e.rule_id == "R11"  # the rule the learner opens is the point made
    assert e.sets == sets
    for s in sets:
        assert s in e.text
    assert {higher, "R11"} <= set(e.refs)


def test_bonus_tiles_stack_with_all_flowers() -> None:
    g = _graded(FLOWERS, {"13.1.1": 1, "1.2": 1, "1.3": 1}, 22)
    e = _about(g, "13.1")
    assert "it counts 4 times, 4 x 2 = 8 points" in e.text
    assert "It stacks with All Flowers (13.1.1)" in e.text
    assert e.sets == ("f1", "f2", "f3", "f4")


def test_a_pattern_alone_in_its_family_gets_no_stacking_note() -> None:
    # Two wind pungs and no bigger wind pattern: Wind Pung stands alone.
    g = _graded("c234 b567 k8 +k8 [we we we] [wn wn wn]", {}, 0)
    assert "stacks" not in _about(g, "8.1.1").text


def test_an_early_ruleset_wind_pung_does_not_stack() -> None:
    # mj-score-eval-early: 8.1.1 does not stack, so the higher wind pattern outranks it.
    q = question(LITTLE_WINDS, ruleset=load("mj-score-eval-early"))
    assert all("stacks" not in e.text
               for e in grade(q, PatternsAnswer.of({}, 0)).explanations)


# --------------------------------------------------------------------------- limit hands


# Big Four Winds 8.1.5 (400) stands alone (R12): 1.3 5 + 2.1 30 + 2.2.3 125 + 4 x 8.1.1 5
# = 180 of what is claimed below is not added.
BIG_FOUR = "we we we ws ws ws ww ww ww wn wn wn c5 +c5"


def test_a_limit_hand_gets_one_grouped_line() -> None:
    g = _graded(BIG_FOUR, {"8.1.5": 1, "1.3": 1, "2.1": 1, "2.2.3": 1, "8.1.1": 4}, 400)
    limits = [e for e in g.explanations if e.kind is K.LIMIT]
    assert len(limits) == 1
    text = limits[0].text
    # One figure for what the limit replaces, the same 220 as the total line (issue 21).
    assert text == ("Big Four Winds (8.1.5, 400) is a limit hand, and a limit hand stands "
                    "alone: it replaces the 220 points of the other patterns, Concealed Hand, "
                    "All Pungs, Four Concealed Pungs and Wind Pung x4 among them (R12).")
    total = next(e for e in g.explanations if e.kind is K.WRONG_TOTAL) if any(
        e.kind is K.WRONG_TOTAL for e in g.explanations) else None
    assert total is None  # 400 was right
    assert {"8.1.5", "1.3", "2.1", "2.2.3", "8.1.1", "R12"} <= set(limits[0].refs)
    assert all("stands alone" not in e.text for e in g.explanations if e is not limits[0])


def test_a_limit_line_for_one_pattern_is_singular() -> None:
    g = _graded(BIG_FOUR, {"8.1.5": 1, "2.1": 1}, 400)
    (e,) = g.explanations
    assert e.text.endswith("stands alone: it replaces the 220 points of the other patterns, "
                           "All Pungs among them (R12).")


def test_the_limit_line_and_the_total_line_give_one_figure() -> None:
    g = _graded(BIG_FOUR, {"8.1.5": 1, "1.3": 1, "2.1": 1, "2.2.3": 1, "6.1.1": 1,
                           "8.1.1": 4}, 620)
    limit = next(e for e in g.explanations if e.kind is K.LIMIT)
    total = next(e for e in g.explanations if e.kind is K.WRONG_TOTAL)
    assert "Wind Pung x4, 220 points in all (R12)" in limit.text
    assert "= 220, are not added" in total.text


def test_claims_replaced_by_the_limit_are_marked_so_not_wrongly_claimed() -> None:
    from mj_trainer.quizzes.outcomes import ItemOutcome
    g = _graded(BIG_FOUR, {"8.1.5": 1, "2.1": 1, "8.1.3": 1}, 400)
    assert g.outcomes["pattern:2.1"] is ItemOutcome.LIMIT
    assert g.outcomes["pattern:8.1.3"] is ItemOutcome.OUTRANKED  # same family: R10


def test_a_missed_limit_hand_names_its_sets() -> None:
    g = _graded(BIG_FOUR, {"2.1": 1}, 30)
    (e,) = [e for e in g.explanations if e.kind is K.MISSED]
    assert e.pattern_id == "8.1.5"
    assert e.sets == ("we we we", "ws ws ws", "ww ww ww", "wn wn wn")


# --------------------------------------------------------------------------- not a win


def _not_a_win(text: str) -> Explanation:
    g = grade(question(text, QuestionKind.IS_WIN), YesNoAnswer(True))
    (e,) = g.explanations
    assert e.kind is K.NOT_A_WIN
    return e


def test_not_a_win_names_the_odd_tile_and_the_tile_it_needs() -> None:
    e = _not_a_win("c123 c456 b234 k55 b46 +dr")
    assert ("The nearest reading is c123, c456, b234, k55 and b4 b6 unfinished, with dr "
            "left over; b5 in place of dr would make b456.") in e.text
    assert e.sets == ("c123", "c456", "b234", "k55", "b4 b6", "dr")


def test_not_a_win_as_six_pairs_and_two_odd_tiles() -> None:
    e = _not_a_win("c11 c99 b11 b99 k11 k99 b4 +b6")
    assert "six pairs (c11, c99, b11, b99, k11, k99) and b4 b6, which do not pair" in e.text
    assert "b6 in place of b4 would make the seventh pair" in e.text


def test_not_a_win_that_lacks_its_pair() -> None:
    # c123 c456 b234 b678 are four sets; k5 and dr are two loose tiles.
    e = _not_a_win("c123 c456 b234 b678 k5 +dr")
    assert ("c123, c456, b234, b678 and dr alone where the pair should be, with k5 left "
            "over") in e.text
    assert "dr in place of k5 would make the pair dr dr" in e.text


def test_not_a_win_with_a_copy_of_the_odd_tile_in_a_set() -> None:
    # [c4444] b234 k678 k66 and c5 c6: the second c5 is the one too many.
    e = _not_a_win("[c4444] b234 k666 k78 c55 +c6")
    assert ("[c4444], b234, k678, k66 and c5 c6 unfinished, with another c5 left over; "
            "c7 in place of c5 would make c567.") in e.text


def test_not_a_win_with_several_tiles_that_would_do() -> None:
    # k111 k456 k789 dr dr and k2 k3: k1 makes k123; k4, k7 and dr make other readings.
    e = _not_a_win("k11123456789 dr dr +dg")
    assert ("with dg left over; k1 in place of dg would make k123 (k4, k7 or dr would also "
            "make a win, read another way).") in e.text


def test_orphans_with_a_doubled_tile_and_a_hole() -> None:
    e = _not_a_win("c1 c9 b1 b9 k1 k9 we ws ww wn dr dr dg +dg")
    assert ("The nearest reading is thirteen orphans, with another dr left over; dw in place "
            "of dr would complete it.") in e.text


def test_not_a_win_far_from_any_win_names_its_nearest_reading() -> None:
    # Issue 21: two or more tiles from a win, it still names what the tiles make and
    # what is left over (it said only "no winning hand (R7)").
    e = _not_a_win("c1 c3 c5 c7 b2 b4 b6 b8 k1 k3 k5 k7 we +dr")
    assert ("No set is complete: the hand has c1 c3, c5 c7, b2 b4 and b6 b8 unfinished, "
            "k1 alone where the pair should be and k3, k5, k7, we and dr left over; at least "
            "five tiles would have to change to make a win") in e.text
    assert e.sets[:4] == ("c1 c3", "c5 c7", "b2 b4", "b6 b8") and "dr" in e.sets


def test_patterns_claimed_on_a_hand_that_is_no_win_share_one_line() -> None:
    g = _graded("c123 c456 b234 k55 b46 +dr", {"1.2": 1, "1.3": 1}, 10)
    lines = [e for e in g.explanations if e.kind is K.NOT_PRESENT]
    assert len(lines) == 1
    assert lines[0].text == ("The hand is not a win, so neither All Chows (1.2) nor "
                             "Concealed Hand (1.3) can score (R7).")
    # The nearest reading is said once, on the missed Illegal Call's line.
    said = [e for e in g.explanations if "b5 in place of dr" in e.text]
    assert [e.pattern_id for e in said] == ["1.7"]


# --------------------------------------------------------------------------- placement


# On the discarded b9: placed in b789 it leaves b999 and c111 concealed, Two Concealed
# Pungs 2.2.1 5 + Concealed Hand 1.3 5 = 10; placed in b999 it exposes it (R3): 5.
PLACED = "b78 b999 c111 c456 k55 +b9"


def test_a_missed_pattern_that_the_placement_decides_says_where_the_tile_went() -> None:
    g = _graded(PLACED, {"1.3": 1}, 10)
    e = _about(g, "2.2.1")
    assert e.text.endswith("Here the discarded b9 completes b789, so b999 stays concealed (R2).")
    assert e.rule_id == "R2"
    assert e.sets == ("c111", "b999")


def test_an_answer_that_put_the_tile_in_the_pung_is_told_so() -> None:
    g = _graded(PLACED, {"1.3": 1}, 5)
    (e,) = [e for e in g.explanations if e.kind is K.ARRANGEMENT]
    assert e.text == (
        "Your answer fits the reading in which the discarded b9 completes b999, so that pung "
        "counts as exposed: 5 (Concealed Hand 1.3) = 5. The tile goes where it scores best, "
        "and here the discarded b9 completes b789, so b999 stays concealed: 5 (Concealed "
        "Hand 1.3) + 5 (Two Concealed Pungs 2.2.1) = 10 (R2).")
    # The total's note does not guess a pattern the answer did name.
    total = next(e for e in g.explanations if e.kind is K.WRONG_TOTAL)
    assert "left out Concealed Hand" not in total.text


def test_a_self_drawn_tile_has_no_placement_to_explain() -> None:
    g = _graded(PLACED + " self", {"1.3": 1, "1.4": 1}, 15)
    assert all("completes" not in e.text for e in g.explanations)


def test_placement_is_not_said_where_it_decides_nothing() -> None:
    # The discarded c5 can only finish c345: nothing else to choose.
    g = _graded("we we we ws ws ws ww ww ww c22 c34 +c5", {}, 0)
    assert all("completes" not in e.text for e in g.explanations)


# --------------------------------------------------------------------------- wording


def test_a_skipped_question_never_says_you_missed_or_you_gave() -> None:
    q = question(LITTLE_WINDS)
    g = grade(q, None)
    assert g.explanations
    for e in g.explanations:
        assert "You missed" not in e.text
        assert not e.text.startswith("You gave")
    total = next(e for e in g.explanations if e.kind is K.WRONG_TOTAL)
    assert total.text.startswith(f"The total is {q.result.total}")


def test_a_skipped_total_question_is_told_as_the_answer() -> None:
    q = question(LITTLE_WINDS, QuestionKind.TOTAL)
    (e,) = grade(q, None).explanations
    assert e.text.startswith(f"The total is {q.result.total}")


def test_a_phrase_that_says_the_rule_is_not_followed_by_the_rule_again() -> None:
    # Concealed Hand's evidence already says nothing was exposed: its description
    # ("Nothing was exposed before the win...") would say it twice.
    g = _graded("we we we ws ws ws ww ww ww c22 c34 +c5", {"8.1.3": 1}, 120)
    e = _about(g, "1.3")
    assert e.text == ("You missed Concealed Hand (1.3): it counts, 5 points — nothing was "
                      "exposed before winning on the discarded c5.")


@pytest.mark.parametrize("name", ["mj-score-eval", "mj-score-eval-early", "zung-jung",
                                  "classical"])
def test_no_description_uses_reference_page_words(name: str) -> None:
    # Descriptions go into quiz feedback, where nothing is "below" or "above".
    for p in load(name).patterns:
        for word in (" below", " above"):
            assert word not in p.description, (p.id, p.description)


def test_claims_that_never_count_for_seven_pairs_share_one_line() -> None:
    g = _graded("c11 c99 b11 b99 k11 k99 we +we", {"9.1.1": 1, "7.2.3": 1, "1.3": 1,
                                                   "2.1": 1, "2.2.1": 1}, 135)
    (e,) = [e for e in g.explanations if e.kind is K.SHAPE]
    # Each needs pungs, not "chows, pungs or kongs" (issue 21).
    assert e.text == ("All Pungs (2.1) and Two Concealed Pungs (2.2.1) do not count for a "
                      "seven pairs hand (R5): All Pungs needs pungs or kongs and Two Concealed "
                      "Pungs pungs or kongs, and the hand has only pairs.")
    assert {"2.1", "2.2.1", "R5"} <= set(e.refs)


def test_claims_the_rules_keep_from_thirteen_orphans_each_say_why() -> None:
    g = _graded("c19 b19 k19 we ws ww wn dr dg dw +c1", {"11.1": 1, "1.3": 1, "1.6": 1}, 160)
    concealed, types = [e for e in g.explanations if e.kind is K.SHAPE]
    # Both are in the tiles; the guide keeps them out (seed 000 11.0, R16), each for
    # its own reason, never a bare "never".
    assert concealed.text == (
        "Concealed Hand (1.3) is in the tiles, but these rules do not count it for a "
        "thirteen orphans hand: they count it only for four sets and a pair, and a thirteen "
        "orphans hand, concealed by its very shape, scores Thirteen Orphans (11.1, 160) "
        "instead (R16).")
    assert types.text == ("All Types (1.6) is in the tiles, but these rules do not count "
                          "it for a thirteen orphans hand: a thirteen orphans hand has it by "
                          "its very shape, and Thirteen Orphans (11.1, 160) already pays for "
                          "that shape (R16).")
    assert concealed.rule_id == types.rule_id == "R16"
