"""Every kind of explanation, on hand-made hands whose scores are worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from mj_trainer.engine.notation import group_text
from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.explanation import ExplanationKind
from mj_trainer.quizzes.grading import Grade, grade
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, TotalAnswer, YesNoAnswer
from mj_trainer.quizzes.split import SplitAnswer
from tests.quizzes import hands as H
from tests.quizzes.conftest import question

K = ExplanationKind


def _kinds(g: Grade) -> list[ExplanationKind]:
    return [e.kind for e in g.explanations]


def _about(g: Grade, pattern_id: str) -> list[ExplanationKind]:
    return [e.kind for e in g.explanations if e.pattern_id == pattern_id]


def _one(g: Grade, kind: ExplanationKind):  # type: ignore[no-untyped-def]
    found = [e for e in g.explanations if e.kind is kind]
    assert len(found) == 1, _kinds(g)
    return found[0]


# --------------------------------------------------------------------------- missed


def test_missed_pattern_names_the_sets_that_make_it() -> None:
    # Everything of WINDS but 8.1.3 Big Three Winds, with the right total 210.
    claim = dict(H.WINDS_COUNTED)
    del claim["8.1.3"]
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, H.WINDS_TOTAL))
    e = _one(g, K.MISSED)
    assert e.pattern_id == "8.1.3"
    assert e.rule_id == "8.1.3"
    assert set(e.sets) == {"we we we", "ws ws ws", "ww ww ww"}
    assert "120" in e.text
    # The ruleset's own description of the pattern is part of the explanation.
    assert load().pattern("8.1.3").description in e.text
    assert _kinds(g) == [K.MISSED]  # the total was right


def test_missed_exposed_pung_is_shown_in_brackets() -> None:
    # 8.1.1 Wind Pung from the exposed [we we we]: 5.
    g = grade(question(H.EXPOSED_WIND), PatternsAnswer.of({}, H.EXPOSED_WIND_TOTAL))
    e = _one(g, K.MISSED)
    assert e.pattern_id == "8.1.1"
    assert e.sets == ("[we we we]",)


def test_missed_context_pattern_says_what_in_the_hand_makes_it() -> None:
    # CHOWS: 1.2 5 + 1.3 5 = 10; leaving out 1.3 (won on the discarded k5, nothing exposed).
    g = grade(question(H.CHOWS), PatternsAnswer.of({"1.2": 1}, H.CHOWS_TOTAL))
    e = _one(g, K.MISSED)
    assert e.pattern_id == "1.3"
    assert "k5" in e.text


# --------------------------------------------------------------------------- miscounted


def test_undercounted_per_set_pattern_is_miscounted_not_missed() -> None:
    # 8.1.1 counts 3 times (3 x 5 = 15); claiming it twice is 2 right, 1 missed.
    claim = {**H.WINDS_COUNTED, "8.1.1": 2}
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, H.WINDS_TOTAL))
    e = _one(g, K.MISCOUNTED)
    assert e.pattern_id == "8.1.1"
    assert "3 x 5 = 15" in e.text
    assert len(e.sets) == 3


def test_overcounted_per_set_pattern_is_miscounted() -> None:
    claim = {**H.WINDS_COUNTED, "8.1.1": 4}
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, H.WINDS_TOTAL))
    assert _about(g, "8.1.1") == [K.MISCOUNTED]


# --------------------------------------------------------------------------- wrong claims


def test_claim_outranked_in_its_family() -> None:
    # 2.2.1 Two Concealed Pungs is there but 2.2.2 Three Concealed Pungs outranks it (R10).
    claim = {**H.WINDS_COUNTED, "2.2.1": 1}
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, H.WINDS_TOTAL))
    e = _one(g, K.OUTRANKED)
    assert e.pattern_id == "2.2.1"
    assert e.rule_id == "R10"
    assert "2.2.2" in e.refs
    assert "2.2.2" in e.text


def test_claim_not_for_thirteen_orphans() -> None:
    # R16: thirteen orphans never counts Concealed Hand.
    g = grade(question(H.ORPHANS), PatternsAnswer.of({"11.1": 1, "1.3": 1}, 165))
    e = _one(g, K.SHAPE)
    assert e.pattern_id == "1.3"
    assert e.rule_id == "R16"
    assert "thirteen orphans" in e.text


def test_claim_not_for_seven_pairs() -> None:
    # R5: All Pungs speaks of pungs, which a seven pairs hand does not have.
    claim = {"9.1.1": 1, "7.2.3": 1, "1.3": 1, "2.1": 1}
    g = grade(question(H.PAIRS), PatternsAnswer.of(claim, H.PAIRS_TOTAL))
    e = _one(g, K.SHAPE)
    assert e.pattern_id == "2.1"
    assert e.rule_id == "R5"


def test_claim_replaced_by_a_limit_hand() -> None:
    # R12: Big Four Winds (400) stands alone; Wind Pung is present but silenced.
    g = grade(question(H.BIG_FOUR), PatternsAnswer.of({"8.1.5": 1, "8.1.1": 4}, 400))
    e = _one(g, K.LIMIT)
    assert e.pattern_id == "8.1.1"
    assert e.rule_id == "R12"
    assert "8.1.5" in e.refs


def test_claim_outranked_by_the_limit_pattern_of_its_family() -> None:
    # 8.1.3 and 8.1.5 are one family: 8.1.3 is outranked (R10), not limit-replaced.
    g = grade(question(H.BIG_FOUR), PatternsAnswer.of({"8.1.5": 1, "8.1.3": 1}, 400))
    assert _about(g, "8.1.3") == [K.OUTRANKED]


def test_claim_included_in_a_pattern_that_replaces_it(tmp_path: Path) -> None:
    # A house ruleset in which Four Concealed Pungs includes Concealed Hand: 1.3 is then
    # present but cancelled by 2.2.3.
    house = tmp_path / "house.toml"
    house.write_text(
        '[ruleset]\nid = "house"\nextends = "mj-score-eval"\n\n'
        '[patterns."2.2.3"]\nreplaces = ["1.3"]\n',
        encoding="utf-8",
    )
    rules = load(str(house))
    q = question(H.FOUR_CONCEALED, ruleset=rules)
    # 2.2.3 125 + 2.1 30 + 8.2.1 10 + 1.4 5 = 170 (1.3 no longer adds its 5).
    assert q.result.total == 170
    g = grade(q, PatternsAnswer.of({"2.2.3": 1, "2.1": 1, "8.2.1": 1, "1.4": 1, "1.3": 1}, 175))
    e = _one(g, K.INCLUDED)
    assert e.pattern_id == "1.3"
    assert e.rule_id == "2.2.3"


def test_claim_not_present() -> None:
    g = grade(question(H.CHOWS), PatternsAnswer.of({"1.2": 1, "1.3": 1, "5.1.2": 1}, 10))
    e = _one(g, K.NOT_PRESENT)
    assert e.pattern_id == "5.1.2"
    assert e.rule_id == "5.1.2"
    # What the pattern needs, then the hand's chows to compare (no longer the
    # description alone: the explanation points at the tiles).
    assert "needs the chows 123, 456 and 789 of one suit" in e.text
    assert e.sets == ("c123", "c456", "b234", "b567")


def test_claim_found_only_in_a_lesser_reading_points_at_it() -> None:
    # 3.1.3 is only in the chow reading (130), not in the best pung reading (135) (R1).
    claim = {"5.2.1": 1, "2.2.2": 1, "1.3": 1, "3.1.3": 1}
    g = grade(question(H.TWO_READINGS), PatternsAnswer.of(claim, H.TWO_READINGS_TOTAL))
    e = _one(g, K.NOT_PRESENT)
    assert e.pattern_id == "3.1.3"
    assert "R1" in e.refs
    assert "130" in e.text and "135" in e.text


def test_claim_chicken_hand_when_something_else_scores() -> None:
    g = grade(question(H.CHOWS), PatternsAnswer.of({"1.1": 1}, 1))
    assert [e.rule_id for e in g.explanations if e.pattern_id == "1.1"] == ["R13"]


def test_claim_illegal_call_on_a_winning_hand() -> None:
    g = grade(question(H.CHOWS), PatternsAnswer.of({"1.7": 1}, -40))
    assert [e.rule_id for e in g.explanations if e.pattern_id == "1.7"] == ["R7"]


def test_claim_patterns_on_a_hand_that_is_not_a_win() -> None:
    g = grade(question(H.NO_WIN), PatternsAnswer.of({"1.2": 1}, 5))
    about = [e for e in g.explanations if e.pattern_id == "1.2"]
    assert [e.kind for e in about] == [K.NOT_PRESENT]
    assert about[0].rule_id == "R7"
    # And Illegal Call itself was missed.
    assert K.MISSED in _about(g, "1.7")


# --------------------------------------------------------------------------- totals


def test_wrong_total_shows_the_sum() -> None:
    g = grade(question(H.CHOWS), PatternsAnswer.of({"1.2": 1, "1.3": 1}, 15))
    e = _one(g, K.WRONG_TOTAL)
    assert "5 (All Chows 1.2) + 5 (Concealed Hand 1.3) = 10" in e.text
    # No family decided anything, so the line cites no ruling (issue 21).
    assert e.rule_id is None and e.refs == ()


def test_wrong_total_cites_the_family_rule_when_a_family_decided() -> None:
    # WINDS: Two Concealed Pungs is outranked by Three Concealed Pungs (R10).
    g = grade(question(H.WINDS, QuestionKind.TOTAL), TotalAnswer(H.WINDS_TOTAL + 5))
    e = _one(g, K.WRONG_TOTAL)
    assert e.rule_id == "R10" and e.refs == ("R10",)


def test_wrong_total_shows_the_cap() -> None:
    # The sum is 465; R12 caps it at 320.  Giving 465 is adding right but not capping.
    g = grade(question(H.CAPPED, QuestionKind.TOTAL), TotalAnswer(H.CAPPED_SUM))
    e = _one(g, K.WRONG_TOTAL)
    assert e.rule_id == "R12"
    assert f"= {H.CAPPED_SUM}" in e.text
    assert str(H.CAPPED_TOTAL) in e.text
    assert "forgot the cap" in e.text


def test_wrong_total_shows_the_limit_rule() -> None:
    # 400 + the 220 the limit silences = 620: the limit replaces the sum instead (R12).
    g = grade(question(H.BIG_FOUR, QuestionKind.TOTAL), TotalAnswer(620))
    e = _one(g, K.WRONG_TOTAL)
    assert e.rule_id == "R12"
    assert e.pattern_id == "8.1.5"
    assert f"= {H.BIG_FOUR_SILENCED}" in e.text
    assert "400" in e.text


def test_wrong_total_on_an_illegal_call() -> None:
    g = grade(question(H.NO_WIN, QuestionKind.TOTAL), TotalAnswer(0))
    e = _one(g, K.WRONG_TOTAL)
    assert e.rule_id == "R7"
    assert str(H.NO_WIN_TOTAL) in e.text


@pytest.mark.parametrize(("given", "hint"), [
    # 210 - 3 x 5 + 5: Wind Pung counted once instead of three times.
    (200, "counted Wind Pung once"),
    # 210 + 5: the outranked Two Concealed Pungs added as well.
    (215, "also added Two Concealed Pungs (2.2.1)"),
    # 210 - 40: Mixed One-Suit left out.
    (170, "left out Mixed One-Suit (6.1.1, 40 points)"),
])
def test_wrong_total_guesses_the_slip(given: int, hint: str) -> None:
    g = grade(question(H.WINDS, QuestionKind.TOTAL), TotalAnswer(given))
    assert hint in _one(g, K.WRONG_TOTAL).text


def test_missing_total_is_a_wrong_total() -> None:
    g = grade(question(H.CHOWS), PatternsAnswer.of({"1.2": 1, "1.3": 1}))
    assert _kinds(g) == [K.WRONG_TOTAL]
    assert "no total" in g.explanations[0].text


# ------------------------------------------------- points and doublings (classical, R32)

# Classical (R32): b111 and ww ww ww concealed pungs of majors 2 x 8, k666 self-drawn so
# concealed 4, [b666] exposed 2, going out 20, self-drawn from the wall 2: 44 points.
# All Pungs 1 + Pung of Prevailing Wind (west) 1 + Three Concealed Pungs 1 = 3 doublings.
CLASSICAL = "b111 k1166 ww ww ww [b666] +k6 self seat:south wind:west ruleset:classical"
CLASSICAL_COUNTED = {"1.4": 2, "1.2": 1, "1.1": 1, "2.1": 1, "2.2": 1, "5.2": 1, "6.3": 1,
                     "6.4.1": 1}


def test_wrong_points_show_the_points_before_doubling() -> None:
    g = grade(question(CLASSICAL),
              PatternsAnswer.of(CLASSICAL_COUNTED, 352, points=42, doubles=3))
    e = _one(g, K.WRONG_POINTS)
    assert e.rule_id == "R32"
    assert "= 44" in e.text
    # 44 - 2: a 2 left out, the exposed pung or the self-drawn tile.
    assert "left out Exposed Pung of Simples (1.1, 2 points) or Self-Drawn from the " \
        "Wall (2.2, 2 points)" in e.text


def test_wrong_doublings_show_which_doublings_apply() -> None:
    g = grade(question(CLASSICAL),
              PatternsAnswer.of(CLASSICAL_COUNTED, 352, points=44, doubles=2))
    e = _one(g, K.WRONG_DOUBLES)
    assert e.rule_id == "R32"
    assert "= 3" in e.text


# --------------------------------------------------------------------------- arrangements


def test_answer_matching_a_lesser_reading_is_explained() -> None:
    g = grade(question(H.TWO_READINGS),
              PatternsAnswer.of(H.TWO_READINGS_OTHER, H.TWO_READINGS_OTHER_TOTAL))
    e = _one(g, K.ARRANGEMENT)
    assert g.explanations[0] is e  # shown first: it explains the other mistakes
    assert e.rule_id == "R1"
    assert "130" in e.text and "135" in e.text
    assert "c111" in e.sets


def test_total_of_a_lesser_reading_is_explained() -> None:
    g = grade(question(H.TWO_READINGS, QuestionKind.TOTAL), TotalAnswer(130))
    assert _kinds(g) == [K.ARRANGEMENT, K.WRONG_TOTAL]


def test_no_arrangement_note_when_the_claim_fits_the_best_reading_better() -> None:
    g = grade(question(H.TWO_READINGS), PatternsAnswer.of({"5.2.1": 1}, 135))
    assert K.ARRANGEMENT not in _kinds(g)


# --------------------------------------------------------------------------- is it a win


def test_calling_a_non_win_a_win() -> None:
    g = grade(question(H.NO_WIN, QuestionKind.IS_WIN), YesNoAnswer(True))
    e = _one(g, K.NOT_A_WIN)
    assert e.rule_id == "R7"
    assert e.pattern_id == "1.7"
    assert "an Illegal Call (1.7), which costs 40 points (R7)" in e.text


def test_calling_a_win_not_a_win_shows_the_reading() -> None:
    g = grade(question(H.CHOWS, QuestionKind.IS_WIN), YesNoAnswer(False))
    e = _one(g, K.IS_A_WIN)
    assert e.sets == ("c123", "c456", "b234", "b567", "k55")


# --------------------------------------------------------------------------- does X count


def test_does_count_yes_on_an_outranked_pattern() -> None:
    q = question(H.WINDS, QuestionKind.DOES_COUNT, target="2.2.1")
    assert q.target == "2.2.1"
    g = grade(q, YesNoAnswer(True))
    assert not g.correct
    assert _kinds(g) == [K.OUTRANKED]


def test_does_count_right_answers_come_with_the_reason() -> None:
    q = question(H.WINDS, QuestionKind.DOES_COUNT, target="2.2.1")
    g = grade(q, YesNoAnswer(False))
    assert g.correct and not g.explanations
    assert [n.kind for n in g.notes] == [K.OUTRANKED]
    q = question(H.WINDS, QuestionKind.DOES_COUNT, target="8.1.1")
    g = grade(q, YesNoAnswer(True))
    assert [n.kind for n in g.notes] == [K.COUNTS]
    assert len(g.notes[0].sets) == 3


def test_does_count_no_on_a_counted_pattern_is_a_miss() -> None:
    q = question(H.WINDS, QuestionKind.DOES_COUNT, target="6.1.1")
    g = grade(q, YesNoAnswer(False))
    assert _kinds(g) == [K.MISSED]


# ----------------------------------------------------------------- shape of an explanation


def test_every_explanation_names_a_rule_and_round_trips_through_json() -> None:
    from mj_trainer.quizzes.explanation import Explanation

    g = grade(question(H.WINDS), PatternsAnswer.of({"2.2.1": 1, "8.1.1": 1, "1.1": 1}, 7))
    assert g.explanations
    for e in g.explanations:
        assert e.text and e.rule_id
        assert e.rule_id in e.refs or e.rule_id == e.pattern_id
        assert Explanation.from_json(e.to_json()) == e


def test_claim_void_blessing_names_the_concealed_kong() -> None:
    # Blessing of Heaven after a concealed kong (seed 000 12.4.1): present but void.
    # 1.3 5 + 1.4 5 + 2.3.1 5 = 15.
    text = "{c9999} c123 b456 k789 k5 +k5 self blessing-of-heaven"
    g = grade(question(text), PatternsAnswer.of({"1.3": 1, "1.4": 1, "2.3.1": 1, "12.4.1": 1},
                                                15))
    e = _one(g, K.VOID)
    assert e.pattern_id == "12.4.1"
    assert "concealed kong of c9" in e.text


def test_a_reading_that_is_not_one_says_what_is_wrong() -> None:
    # Split questions (issue 22): the groups leave out a tile, then one reading that works.
    q = question("c123 b456 k789 dr dr dr we +we", kind=QuestionKind.SPLIT)
    g = grade(q, SplitAnswer((("c1", "c2", "c3"), ("b4", "b5", "b6"), ("k7", "k8", "k9"),
                              ("dr", "dr", "dr"))))
    first, last = g.explanations[0], g.explanations[-1]
    assert first.kind is K.READING and "of we" in first.text
    assert last.kind is K.READING and last.text.startswith("One reading that works: ")


@pytest.mark.parametrize("kind", list(ExplanationKind))
def test_every_kind_is_covered_by_a_test_above(kind: ExplanationKind) -> None:
    # A guard: a new kind of explanation must get a hand-made case in this file.
    source = Path(__file__).read_text(encoding="utf-8")
    assert f"K.{kind.name}" in source


def test_group_text_of_a_concealed_kong() -> None:
    q = question("c123 c456 b234 k5 {dr dr dr dr} +k5 self")
    groups = q.result.arrangement.groups if q.result.arrangement else ()
    assert "{dr dr dr dr}" in [group_text(g) for g in groups]


def test_missed_chicken_hand_says_no_other_pattern_scores() -> None:
    # Lesson 2.1's drill: k33 k789 [c666] [b444] [b678], won on a discard, no bonus tile,
    # scores the Chicken Hand alone (1).  The explanation said "nothing but bonus tiles
    # scores", as if the hand's bonus tiles scored; the guide (1.1) counts the chicken
    # when the hand satisfies no pattern "other than having bonus tiles" (R13).
    g = grade(question("k3378 [c666] [b444] [b678] +k9"), PatternsAnswer.of({"1.5": 1}, 5))
    e = _one(g, K.MISSED)
    assert e.pattern_id == "1.1"
    assert "no pattern other than bonus tiles scores (R13)" in e.text
    assert "nothing but" not in e.text
    claimed = grade(question(H.CHOWS), PatternsAnswer.of({"1.1": 1}, 1))
    text = next(x.text for x in claimed.explanations if x.pattern_id == "1.1")
    assert "counts only when no pattern other than bonus tiles scores (R13)" in text
