"""Quizzes under every built-in ruleset: each question kind, the classical points and
doublings answer, explanations in each ruleset's own terms, the generator source, and
the store.

Every expected value is worked out by hand from the rules (seed 000 and R1-R27 for the
default ruleset, R30 for the early revision, R31 and the official Zung Jung rules for Zung Jung,
R32 and the classical rules for the classical rules); the arithmetic is in the comments.
"""

from __future__ import annotations

import random
import re
import sqlite3
import time
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path

import pytest

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import Ruleset, builtin_names, load
from mj_trainer.engine.scoring import Why, score
from mj_trainer.quizzes import store_schema as schema_mod
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind
from mj_trainer.quizzes.grading import (
    Grade,
    family_item,
    grade,
    item_ruleset,
    pattern_item,
    split_item,
)
from mj_trainer.quizzes.questions import (
    Answer,
    PatternsAnswer,
    Question,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
    answer_from_json,
    answer_to_json,
    choose_target,
    make_question,
)
from mj_trainer.quizzes.review import Rating, Reviewer
from mj_trainer.quizzes.round import Round, RoundSettings, review_source
from mj_trainer.quizzes.rule_refs import rule_refs
from mj_trainer.quizzes.sources import (
    GenerationUnavailable,
    GeneratorSource,
    ListSource,
    QuizHand,
    SourceUnavailable,
)
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.quizzes.store import AnswerRecord, ProgressStore
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand, question

K = ExplanationKind
RULESETS = ("mj-score-eval", "mj-score-eval-early", "zung-jung", "classical")


def _on(text: str, ruleset: str) -> str:
    return text if ruleset == "mj-score-eval" else f"{text} ruleset:{ruleset}"


def _kinds(g: Grade) -> list[ExplanationKind]:
    return [e.kind for e in g.explanations]


def _one(g: Grade, kind: ExplanationKind) -> Explanation:
    found = [e for e in g.explanations if e.kind is kind]
    assert len(found) == 1, _kinds(g)
    return found[0]


# --------------------------------------------------------------------------- hands

# Classical (R32).  b111 and ww ww ww are concealed pungs of majors, 2 x 8 = 16; k666 is
# completed by a self-drawn tile, so concealed, 4; [b666] is exposed, 2; the pair k11
# scores nothing.  Going out 20 + self-drawn from the live wall 2 (the wait k1/k6 is not
# a single tile): 16 + 4 + 2 + 20 + 2 = 44 points.  Doublings: All Pungs 1 + Pung of
# Prevailing Wind (west) 1 + Three Concealed Pungs 1 = 3.  44 x 2^3 = 352, under 1000.
CLASSICAL = "b111 k1166 ww ww ww [b666] +k6 self seat:south wind:west ruleset:classical"
CLASSICAL_COUNTED = {"1.4": 2, "1.2": 1, "1.1": 1, "2.1": 1, "2.2": 1, "5.2": 1, "6.3": 1,
                     "6.4.1": 1}
CLASSICAL_POINTS, CLASSICAL_DOUBLES, CLASSICAL_TOTAL = 44, 3, 352

# Classical, capped.  k666 concealed pung of simples 4, dg dg dg concealed pung of majors
# 8, {we we we we} concealed kong of majors 32, [ww ww ww ww] exposed kong of majors 16,
# going out 20 (no self-drawn 2: a kong's replacement tile is not from the live wall):
# 80 points.  Doublings: Kong on Kong 2 + All Pungs 1 + Pung of Dragons 1 + Pung of
# Prevailing Wind (east, the default round) 1 + Three Concealed Pungs 1 = 6.
# 80 x 2^6 = 5120, over the cap: 1000.
CLASSICAL_CAPPED = ("c11 k66 dg dg dg {we we we we} [ww ww ww ww] +k6 self seat:north "
                    "kong-on-kong ruleset:classical")

# Classical.  [c111] exposed pung of majors 4; c999, we we we, ww ww ww concealed pungs of
# majors 3 x 8 = 24; pair of dragons 2; going out 20; the only possible tile 2 (dr alone
# completes it); completing the pair 2: 4 + 24 + 2 + 20 + 2 + 2 = 54 points.  Doublings:
# Very Clean Hand 2 (only the 1s and 9s of coins, with honors; Clean Hand is outranked in
# group 6.5) + All Pungs 1 + Three Concealed Pungs 1 = 4.  54 x 2^4 = 864.
CLASSICAL_CLEAN = "c999 we we we ww ww ww [c111] dr +dr seat:south wind:south ruleset:classical"

# c1-c7, the four winds and the three dragons, all single: Peking Garden, a classical
# irregular limit hand of 1000 (R32).  Under the other rulesets it is no winning shape.
PEKING = "c1234567 we ws ww wn dr dg +dw"

# Zung Jung's worked total (the official Zung Jung rules): All Sequences 5 + Concealed Hand 5 + No
# Terminals 5 = 15.
ZJ_SEQUENCES = "b234 b567 k345 c456 c8 +c8 ruleset:zung-jung"
ZJ_SEQUENCES_COUNTED = {"1.1": 1, "1.2": 1, "1.3": 1}

# The early guide (R30): seven pairs is a flat 35 there and, being an irregular hand,
# adds no Concealed Hand (seed 001 11.0), so PAIRS is 35 + 100 = 135.
EARLY_PAIRS = f"{H.PAIRS} ruleset:mj-score-eval-early"
EARLY_PAIRS_COUNTED = {"9.1.1": 1, "7.2.3": 1}

# One winning hand per ruleset with its patterns and total, all derived above or in
# tests/quizzes/hands.py.
WINS: dict[str, tuple[str, dict[str, int], int]] = {
    "mj-score-eval": (H.CHOWS, {"1.2": 1, "1.3": 1}, H.CHOWS_TOTAL),
    "mj-score-eval-early": (EARLY_PAIRS, EARLY_PAIRS_COUNTED, 135),
    "zung-jung": (ZJ_SEQUENCES, ZJ_SEQUENCES_COUNTED, 15),
    "classical": (CLASSICAL, CLASSICAL_COUNTED, CLASSICAL_TOTAL),
}

# NO_WIN (k5 and k6 make no pair) is an Illegal Call everywhere: -40 in the default
# ruleset, -30 in the early guide and Zung Jung (R14), 0 in the classical rules, whose
# seed names no penalty.
ILLEGAL: dict[str, tuple[str, int]] = {
    "mj-score-eval": ("1.7", -40),
    "mj-score-eval-early": ("1.7", -30),
    "zung-jung": ("0.2", -30),
    "classical": ("0.1", 0),
}


def _q(text: str, kind: QuestionKind = QuestionKind.PATTERNS, *, target: str | None = None
       ) -> Question:
    return question(text, kind, target=target)


# ------------------------------------------------------------ every kind, every ruleset


def test_the_built_in_rulesets_are_the_ones_tested() -> None:
    assert sorted(builtin_names()) == sorted(RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_patterns_question_expects_the_rulesets_own_patterns(ruleset: str) -> None:
    text, counted, total = WINS[ruleset]
    q = _q(text)
    assert q.ruleset.id == ruleset
    expected = q.expected()
    assert isinstance(expected, PatternsAnswer)
    assert dict(expected.patterns) == counted
    assert expected.total == total
    if ruleset == "classical":
        assert (expected.points, expected.doubles) == (CLASSICAL_POINTS, CLASSICAL_DOUBLES)
    else:
        assert (expected.points, expected.doubles) == (None, None)
    g = grade(q, expected)
    assert g.correct and g.credit == 1.0
    # Every mark names the ruleset's own pattern.
    for m in g.marks:
        assert m.pattern is q.ruleset.pattern(m.pattern.id)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("kind", list(QuestionKind))
def test_every_kind_works_under_every_ruleset(ruleset: str, kind: QuestionKind) -> None:
    text = WINS[ruleset][0]
    for seed in range(6):
        q = make_question(1, kind, qhand(text), rng=random.Random(seed))
        assert q.prompt.endswith("?")
        if kind is QuestionKind.DOES_COUNT:
            assert q.target in q.ruleset.by_id()
            assert q.target_pattern is not None and q.target_pattern.name in q.prompt
        right = grade(q, q.expected())
        assert right.correct
        wrong = grade(q, _wrong(q))
        assert not wrong.correct and wrong.explanations
        # Review items name the ruleset (the default ruleset keeps the plain form).
        for item in (*right.items, *wrong.items):
            assert item_ruleset(item) == ruleset
            kind_, ref = split_item(item)
            if kind_ == "pattern":
                assert ref in q.ruleset.by_id()
            else:
                assert q.ruleset.family_members(ref)


def _wrong(q: Question) -> Answer:
    expected = q.expected()
    if isinstance(expected, PatternsAnswer):
        return PatternsAnswer.of({}, (expected.total or 0) + 1, points=None, doubles=None)
    if isinstance(expected, TotalAnswer):
        return TotalAnswer(expected.total + 1)
    if isinstance(expected, SplitAnswer):  # a reading that leaves the eyes out
        return SplitAnswer(expected.sets[:-1])
    assert isinstance(expected, YesNoAnswer)
    return YesNoAnswer(not expected.yes)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_not_a_win_under_every_ruleset(ruleset: str) -> None:
    pid, penalty = ILLEGAL[ruleset]
    text = _on(H.NO_WIN, ruleset)
    assert _q(text).expected() == PatternsAnswer({pid: 1}, penalty)
    assert _q(text, QuestionKind.TOTAL).expected() == TotalAnswer(penalty)
    g = grade(_q(text, QuestionKind.IS_WIN), YesNoAnswer(True))
    e = _one(g, K.NOT_A_WIN)
    assert e.rule_id == "R7" and e.pattern_id == pid
    assert g.items == {pattern_item(pid, ruleset): False,
                       family_item(q_family(ruleset, pid), ruleset): False}


def q_family(ruleset: str, pid: str) -> str:
    return load(ruleset).pattern(pid).family


def test_the_same_id_is_a_different_pattern_in_each_ruleset() -> None:
    # A claim of 1.1 is marked as that ruleset's 1.1.
    names = {
        H.CHOWS: "Chicken Hand",
        ZJ_SEQUENCES: "All Sequences",
        CLASSICAL: "Exposed Pung of Simples",
    }
    for text, name in names.items():
        g = grade(_q(text), PatternsAnswer.of({"1.1": 1}, 0))
        mark = next(m for m in g.marks if m.pattern.id == "1.1")
        assert mark.pattern.name == name


@pytest.mark.parametrize(("text", "foreign"), [
    (ZJ_SEQUENCES, "13.1"),  # Zung Jung has no 13.x: its bonus tiles are 11.x
    (CLASSICAL, "8.1.1"),  # the default ruleset's Wind Pung
    (H.CHOWS, "6.4.1"),  # a classical doubling
])
def test_an_id_the_ruleset_does_not_have_is_refused(text: str, foreign: str) -> None:
    with pytest.raises(ValueError, match=foreign):
        grade(_q(text), PatternsAnswer.of({foreign: 1}, 0))


# ------------------------------------------------------- classical: the answer and credit


def _classical(claims: dict[str, int], total: int | None, points: int | None,
               doubles: int | None, text: str = CLASSICAL) -> Grade:
    return grade(_q(text), PatternsAnswer.of(claims, total, points=points, doubles=doubles))


def test_classical_patterns_question_asks_for_points_and_doublings() -> None:
    q = _q(CLASSICAL)
    assert q.asks_breakdown
    assert "doublings" in q.prompt
    assert not _q(H.CHOWS).asks_breakdown
    assert not _q(CLASSICAL, QuestionKind.TOTAL).asks_breakdown


def test_classical_full_marks() -> None:
    g = _classical(CLASSICAL_COUNTED, 352, 44, 3)
    assert g.correct and g.credit == 1.0
    assert (g.points_ok, g.doubles_ok, g.total_ok) == (True, True, True)
    assert (g.points_expected, g.doubles_expected) == (44, 3)
    assert not g.explanations


@pytest.mark.parametrize(("claims", "total", "points", "doubles", "credit"), [
    # Patterns all right (9 of 9 units), points right, doublings and total wrong:
    # 0.6 + 0.1 = 0.7.
    (CLASSICAL_COUNTED, 176, 44, 2, 0.7),
    # Points wrong, doublings and total right: 0.6 + 0.1 + 0.2 = 0.9.
    (CLASSICAL_COUNTED, 352, 40, 3, 0.9),
    # Three Concealed Pungs left out (8 of 9 units), points right, doublings and total
    # wrong: 0.6 x 8/9 + 0.1.
    ({k: v for k, v in CLASSICAL_COUNTED.items() if k != "6.4.1"}, 176, 44, 2,
     0.6 * 8 / 9 + 0.1),
    # No points and no doublings given, the rest right: 0.6 + 0.2 = 0.8.
    (CLASSICAL_COUNTED, 352, None, None, 0.8),
    # Only the points right: 0.1.
    ({}, None, 44, None, 0.1),
])
def test_classical_partial_credit(claims: dict[str, int], total: int | None,
                                  points: int | None, doubles: int | None,
                                  credit: float) -> None:
    g = _classical(claims, total, points, doubles)
    assert g.credit == pytest.approx(credit)
    assert not g.correct
    assert "points" in g.credit_text and "doublings" in g.credit_text


def test_classical_limit_hand_does_not_grade_points_and_doublings() -> None:
    # Peking Garden (4.5) 1000 replaces the computation: the points and doublings given
    # are neither needed nor held against the learner.
    q = _q(f"{PEKING} ruleset:classical")
    assert q.asks_breakdown  # the question looks the same, so it gives nothing away
    assert q.expected() == PatternsAnswer({"4.5": 1}, 1000)
    g = grade(q, PatternsAnswer.of({"4.5": 1}, 1000, points=22, doubles=1))
    assert g.correct and g.credit == 1.0
    assert g.points_ok is None and g.doubles_ok is None
    assert g.points_expected is None
    g = grade(q, PatternsAnswer.of({"4.5": 1}, 1000))
    assert g.correct


def test_classical_illegal_call_does_not_grade_points_and_doublings() -> None:
    g = grade(_q(f"{H.NO_WIN} ruleset:classical"), PatternsAnswer.of({"0.1": 1}, 0))
    assert g.correct and g.points_ok is None


def test_classical_negative_doublings_are_refused() -> None:
    with pytest.raises(ValueError, match="doublings"):
        _classical(CLASSICAL_COUNTED, 352, 44, -1)


def test_classical_grade_json_has_the_parts() -> None:
    data = _classical(CLASSICAL_COUNTED, 176, 44, 2).to_json()
    assert data["expected"] == {"patterns": dict(sorted(CLASSICAL_COUNTED.items())),
                                "total": 352, "points": 44, "doubles": 3}
    assert (data["points_ok"], data["doubles_ok"], data["total_ok"]) == (True, False, False)
    assert data["doubles_given"] == 2


# ------------------------------------------------------- classical: explanations in numbers


def test_wrong_total_shows_points_times_two_to_the_doublings() -> None:
    g = grade(_q(CLASSICAL, QuestionKind.TOTAL), TotalAnswer(200))
    e = _one(g, K.WRONG_TOTAL)
    assert e.rule_id == "R32"
    assert "44 points x 2^3 = 352" in e.text
    assert "R12" not in e.text and "320" not in e.text


@pytest.mark.parametrize(("given", "hint"), [
    # 44: the points, never doubled.
    (44, "did not double them"),
    # 44 x 2^2 = 176: one doubling short.
    (176, "doubled twice; the hand has 3 doublings"),
    # 44 + 3 = 47: the doublings added as points.
    (47, "added the doublings as points"),
    # (44 - 4) x 8 = 320: the concealed pung of simples (1.2) left out.
    (320, "left out Concealed Pung of Simples (1.2, 4 points)"),
])
def test_wrong_classical_total_guesses_the_slip(given: int, hint: str) -> None:
    g = grade(_q(CLASSICAL, QuestionKind.TOTAL), TotalAnswer(given))
    assert hint in _one(g, K.WRONG_TOTAL).text


def test_wrong_classical_total_shows_the_1000_cap() -> None:
    g = grade(_q(CLASSICAL_CAPPED, QuestionKind.TOTAL), TotalAnswer(5120))
    e = _one(g, K.WRONG_TOTAL)
    assert e.rule_id == "R32"
    assert "80 points x 2^6 = 5120" in e.text
    assert "cap of 1000" in e.text and "forgot the cap of 1000" in e.text
    assert "320" not in e.text and "R12" not in e.refs


def test_right_points_and_doublings_with_a_wrong_total() -> None:
    # 80 points and 6 doublings are right; 5120 forgets the cap.
    g = _classical({}, 5120, 80, 6, text=CLASSICAL_CAPPED)
    e = _one(g, K.WRONG_TOTAL)
    assert "Your points and doublings are right" in e.text
    assert "capped at 1000" in e.text
    assert K.WRONG_POINTS not in _kinds(g) and K.WRONG_DOUBLES not in _kinds(g)


def test_a_total_that_follows_from_wrong_points_says_so() -> None:
    # 40 points x 2^3 = 320: the total is consistent with the wrong points.
    g = _classical(CLASSICAL_COUNTED, 320, 40, 3)
    assert "follows from your own points and doublings (40 points x 2^3 = 320)" in \
        _one(g, K.WRONG_TOTAL).text
    assert "= 44" in _one(g, K.WRONG_POINTS).text


def test_wrong_doublings_name_the_group_that_does_not_combine() -> None:
    # 5 = 4 + the outranked Clean Hand's 1.
    g = _classical({}, 864, 54, 5, text=CLASSICAL_CLEAN)
    e = _one(g, K.WRONG_DOUBLES)
    assert "also counted Clean Hand (6.5.1)" in e.text
    assert "= 4" in e.text


def test_doublings_counted_once_each_is_recognised() -> None:
    # Five doubling patterns, but Kong on Kong gives 2: counting each once gives 5, not 6.
    g = _classical({}, 1000, 80, 5, text=CLASSICAL_CAPPED)
    text = _one(g, K.WRONG_DOUBLES).text
    assert "Kong on Kong (5.7.3)" in text


def test_a_missed_doubling_is_worth_doublings_not_points() -> None:
    g = _classical({k: v for k, v in CLASSICAL_COUNTED.items() if k != "6.4.1"}, 352, 44, 3)
    e = _one(g, K.MISSED)
    assert e.pattern_id == "6.4.1"
    assert "1 doubling" in e.text and "0 points" not in e.text
    assert set(e.sets) == {"b111", "k666", "ww ww ww"}


def test_does_a_per_set_doubling_count() -> None:
    # Pung of Dragons (6.1): the dg pung, one doubling.
    g = grade(_q(CLASSICAL_CAPPED, QuestionKind.DOES_COUNT, target="6.1"), YesNoAnswer(True))
    assert g.correct
    note = g.notes[0]
    assert note.kind is K.COUNTS
    assert "1 doubling" in note.text
    assert note.sets == ("dg dg dg",)


def test_outranked_classical_doubling_cites_the_classical_ruling() -> None:
    g = grade(_q(CLASSICAL_CLEAN, QuestionKind.DOES_COUNT, target="6.5.1"), YesNoAnswer(True))
    e = _one(g, K.OUTRANKED)
    assert e.rule_id == "R32" and "R10" not in e.refs
    assert "6.5.2" in e.refs and "group 6.5" in e.text


def test_classical_limit_replaces_the_whole_computation() -> None:
    # Peking Garden silences going out 20 + the only possible tile 2 = 22 points and
    # Clean Hand's 1 doubling; 22 x 2^1 = 44 is what computing it anyway gives.
    g = grade(_q(f"{PEKING} ruleset:classical", QuestionKind.TOTAL), TotalAnswer(44))
    e = _one(g, K.WRONG_TOTAL)
    assert e.rule_id == "R32" and e.pattern_id == "4.5"
    assert "1000" in e.text and "whole computation" in e.text
    assert "22 points and 1 doubling" in e.text
    assert "22 points x 2^1 = 44" in e.text


def test_a_classical_limit_above_the_cap_is_not_capped() -> None:
    # Big Four Winds is a classical limit hand of 2000; the 1000 cap is for ordinary
    # hands only.
    q = _q("we we we ws ws ws ww ww ww wn wn wn c5 +c5 ruleset:classical", QuestionKind.TOTAL)
    assert q.expected() == TotalAnswer(2000)
    e = _one(grade(q, TotalAnswer(1000)), K.WRONG_TOTAL)
    assert e.pattern_id == "3.3" and "2000" in e.text


def test_pe_ling_is_pointed_at() -> None:
    # c123 k123 k456 k789 and the lone b1 with the winning c1: pe-ling eats cake (2.5),
    # 10 points; going out 20 + pe-ling 10 + completing the pair 2 = 32 points, All Chows
    # doubles once: 64.
    q = _q("c123 b1 k123 k456 k789 +c1 ruleset:classical", QuestionKind.DOES_COUNT,
           target="2.5")
    assert q.result.total == 64
    note = grade(q, YesNoAnswer(True)).notes[0]
    assert "10 points" in note.text and "b1" in note.text


# ------------------------------------------------------- the rulings each ruleset cites

_DEFAULT_ONLY = re.compile(r"\bR(1[0-9]|2[0-7])\b")


@pytest.mark.parametrize(("text", "family", "limit"), [
    # Default: WINDS has 2.2.1 outranked by 2.2.2; BIG_FOUR is a limit hand (R10, R12).
    (H.WINDS, "R10", None),
    (H.BIG_FOUR, None, "R12"),
    # Zung Jung: Big Four Winds 3.3.4 (400) outranks Big Three Winds 3.3.2 in series 3.3
    # and silences All Triplets 4.1 (R31).
    ("we we we ws ws ws ww ww ww wn wn wn c5 +c5 ruleset:zung-jung", "R31", "R31"),
    # Classical: Peking Garden silences going out (R32).
    (f"{PEKING} ruleset:classical", None, "R32"),
])
def test_family_and_limit_rulings_follow_the_ruleset(text: str, family: str | None,
                                                     limit: str | None) -> None:
    q = _q(text)
    claims = {h.pattern.id: h.count for h in q.result.best.not_counted}
    g = grade(q, PatternsAnswer.of(claims, q.result.total))
    if family is not None:
        assert {e.rule_id for e in g.explanations if e.kind is K.OUTRANKED} == {family}
    if limit is not None:
        assert {e.rule_id for e in g.explanations if e.kind is K.LIMIT} == {limit}


def test_zung_jung_cap_is_its_own_320() -> None:
    # Big Three Dragons 130 + Value Honor 4 x 10 (three dragons and the seat wind east)
    # + All Triplets 30 + Four Concealed Triplets 125 + Mixed One-Suit 40 + Mixed Greater
    # Terminals 100 + Concealed Hand 5 = 470, capped at 320 (R31).
    q = _q("dr dr dr dg dg dg dw dw dw we we we c1 +c1 ruleset:zung-jung", QuestionKind.TOTAL)
    e = _one(grade(q, TotalAnswer(470)), K.WRONG_TOTAL)
    assert e.rule_id == "R31"
    assert "= 470" in e.text and "320" in e.text and "forgot the cap of 320" in e.text


def test_zung_jung_chicken_hand_cites_zung_jung() -> None:
    # ZJ_SEQUENCES scores 15, so a claimed Chicken Hand (0.1) does not count; in Zung
    # Jung even a bonus tile keeps a hand from being a chicken hand.
    g = grade(_q(ZJ_SEQUENCES), PatternsAnswer.of({**ZJ_SEQUENCES_COUNTED, "0.1": 1}, 15))
    (e,) = [e for e in g.explanations if e.pattern_id == "0.1"]
    assert e.rule_id == "R31" and "R13" not in e.text
    assert "not even a bonus tile" in e.text


def test_zung_jung_chicken_hand_counts() -> None:
    # An exposed chow, a pung completed by a discard, a terminal pair: nothing scores,
    # so Chicken Hand 1.
    q = _q("[c234] b456 k678 c99 b22 +b2 ruleset:zung-jung")
    assert q.expected() == PatternsAnswer({"0.1": 1}, 1)


def test_value_honor_points_at_the_dragons_and_the_seat_wind_only() -> None:
    # Seat south: ws ws ws is a Value Honor, wn wn wn is not (R31).
    q = _q("b567 k34 we we ws ws ws wn wn wn +k5 self seat:south wind:south "
           "ruleset:zung-jung", QuestionKind.DOES_COUNT, target="3.1")
    note = grade(q, YesNoAnswer(True)).notes[0]
    assert note.sets == ("ws ws ws",)


@pytest.mark.parametrize(("extends", "family"), [
    ("mj-score-eval", "R10"), ("zung-jung", "R31"), ("classical", "R32")])
def test_a_house_ruleset_is_explained_with_its_parents_rulings(
        tmp_path: Path, extends: str, family: str) -> None:
    house = tmp_path / "house.toml"
    house.write_text(f'[ruleset]\nid = "house"\nextends = "{extends}"\n', encoding="utf-8")
    assert rule_refs(load(str(house))).family == family


def test_a_house_ruleset_naming_one_ruling_keeps_the_others(tmp_path: Path) -> None:
    # [ruleset.citations] is inherited key by key: naming pairs_hand keeps the parent's
    # family, limit and cap rulings (the early guide names pairs_hand = "R30" only).
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "house"\nextends = "zung-jung"\n\n'
                     '[ruleset.citations]\npairs_hand = "R5"\n', encoding="utf-8")
    refs = rule_refs(load(str(house)))
    assert (refs.pairs_hand, refs.family, refs.limit) == ("R5", "R31", "R31")
    early = rule_refs(load("mj-score-eval-early"))
    assert (early.pairs_hand, early.family, early.orphans_hand) == ("R30", "R10", "R16")


def _allowed(rules: Ruleset) -> set[str]:
    if rules.id == "classical":
        return {"R1", "R7", "R32"}
    if rules.id == "zung-jung":
        return {"R1", "R7", "R31", "R32"}
    return {f"R{n}" for n in range(1, 33)}


def _own_words(e: Explanation, rules: Ruleset) -> str:
    """The explanation without the pattern descriptions quoted from the ruleset file."""
    text = e.text
    for p in rules.patterns:
        if p.description:
            text = text.replace(p.description, "")
    return text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_generated_hands_explain_in_the_rulesets_terms(ruleset: str) -> None:
    rules = load(ruleset)
    ids = set(rules.by_id())
    hands = list(islice(GeneratorSource(seed=11, ruleset=ruleset), 16))
    hands += list(islice(GeneratorSource(seed=12, ruleset=ruleset, winning=False), 3))
    rng = random.Random(5)
    for item in hands:
        assert item.hand.ruleset == ruleset
        for kind in QuestionKind:
            q = make_question(1, kind, item, rng=rng)
            assert q.ruleset.id == ruleset
            assert grade(q, q.expected()).correct, (item.id, kind)
            for answer in (_wrong(q), None):
                g = grade(q, answer)
                for e in (*g.explanations, *g.notes):
                    assert e.text, e
                    if e.rule_id is None:  # a plain sum: no family decided anything
                        assert e.kind is K.WRONG_TOTAL and not e.refs, e
                        assert all(h.why is not Why.OUTRANKED
                                   for h in q.result.best.not_counted), e
                    else:
                        assert e.rule_id in e.refs or e.rule_id == e.pattern_id, e
                    assert e.pattern_id is None or e.pattern_id in ids
                    rulings = {r for r in e.refs if r.startswith("R")}
                    assert rulings <= _allowed(rules), (ruleset, e.text)
                    if ruleset in ("zung-jung", "classical"):
                        assert not _DEFAULT_ONLY.search(_own_words(e, rules)), e.text


# ------------------------------------------------------------------- is it a win?


@pytest.mark.parametrize("ruleset", RULESETS)
def test_peking_garden_is_a_win_only_under_the_classical_rules(ruleset: str) -> None:
    q = _q(_on(PEKING, ruleset), QuestionKind.IS_WIN)
    if ruleset == "classical":
        assert q.expected() == YesNoAnswer(True)
        e = _one(grade(q, YesNoAnswer(False)), K.IS_A_WIN)
        assert e.rule_id == "R32" and e.pattern_id == "4.5"
        assert "Peking Garden" in e.text
        assert grade(q, YesNoAnswer(True)).notes[0].kind is K.IS_A_WIN
    else:
        pid, penalty = ILLEGAL[ruleset]
        assert q.expected() == YesNoAnswer(False)
        e = _one(grade(q, YesNoAnswer(True)), K.NOT_A_WIN)
        assert e.pattern_id == pid and f"which costs {-penalty} points" in e.text
        # The tiles are a classical irregular hand: the note says so.
        assert "Peking Garden" in e.text and "R32" in e.refs


def test_classical_non_win_lists_its_irregular_shapes_and_costs_nothing() -> None:
    e = _one(grade(_q(f"{H.NO_WIN} ruleset:classical", QuestionKind.IS_WIN),
                   YesNoAnswer(True)), K.NOT_A_WIN)
    for shape in ("Peking Garden", "Straight of Winds", "Straight of Dragons"):
        assert shape in e.text
    assert "scores nothing" in e.text


def test_default_non_win_lists_the_default_shapes_only() -> None:
    e = _one(grade(_q(H.NO_WIN, QuestionKind.IS_WIN), YesNoAnswer(True)), K.NOT_A_WIN)
    assert "thirteen orphans" in e.text and "Peking Garden" not in e.text


# --------------------------------------------------------------- does it count? targets


def _targets(text: str, n: int = 300) -> list[str]:
    from mj_trainer.engine.notation import parse

    result = score(parse(text))
    rng = random.Random(3)
    return [choose_target(result, rng) for _ in range(n)]


def test_classical_targets_are_classical_patterns_and_never_plain_going_out() -> None:
    picks = _targets(CLASSICAL)
    assert set(picks) <= set(load("classical").by_id())
    # Going out (2.1) counts in every win; the illegal call is never a tempting no.
    assert "2.1" not in picks and "0.1" not in picks
    # 1.1 and 1.7 are ordinary patterns here (exposed pungs and kongs), not the
    # default ruleset's chicken hand and illegal call: they can be asked about.
    assert "1.1" in picks


def test_zung_jung_targets_skip_its_chicken_hand_and_illegal_call() -> None:
    picks = _targets(ZJ_SEQUENCES)
    assert set(picks) <= set(load("zung-jung").by_id())
    assert "0.1" not in picks and "0.2" not in picks


# --------------------------------------------------------------------- the generator


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_generated_round_under_every_ruleset(ruleset: str) -> None:
    source = GeneratorSource(seed=4, ruleset=ruleset, batch=4)
    source.check()
    rnd = Round(source, RoundSettings(kinds=tuple(QuestionKind), length=8, seed=2))
    while (q := rnd.ask()) is not None:
        assert q.ruleset.id == ruleset
        rnd.answer(q.expected())
    assert rnd.finish().accuracy == 1.0


def test_a_generator_source_takes_a_loaded_ruleset(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "house"\nextends = "classical"\n\n'
                     '[patterns."2.1"]\nvalue = 30\n', encoding="utf-8")
    rules = load(str(house))
    source = GeneratorSource(seed=1, ruleset=rules, batch=2)
    assert source.ruleset_id == "house"
    rnd = Round(source, RoundSettings(length=2, seed=1, ruleset=rules))
    q = rnd.ask()
    assert q is not None and q.ruleset is rules
    # The house rule: going out is worth 30.
    assert next(h.count * h.pattern.value for h in q.result.counted
                if h.pattern.id == "2.1") == 30


def test_an_impossible_target_is_refused_at_once() -> None:
    source = GeneratorSource(seed=1, ruleset="classical", target="9.9.9")
    with pytest.raises(GenerationUnavailable, match=re.escape("9.9.9")):
        source.check()
    with pytest.raises(SourceUnavailable, match="classical"):
        next(iter(source))


def test_a_target_the_generator_gives_up_on_is_a_clear_error_not_a_hang() -> None:
    # Peking Garden may be beyond the generator; either it makes one, or it says so
    # after its bounded attempts.
    source = GeneratorSource(seed=1, ruleset="classical", target="4.5", batch=1)
    started = time.monotonic()
    try:
        item = next(iter(source))
    except GenerationUnavailable as err:
        assert "4.5" in str(err) and "classical" in str(err)
    else:
        assert "4.5" in {h.pattern.id for h in score(item.hand).counted}
    assert time.monotonic() - started < 60


def test_a_failing_generator_becomes_a_source_error() -> None:
    from mj_trainer.engine.generator import GenerationError

    def refuse(count: int, **kwargs: object) -> list[Hand]:
        raise GenerationError("gave up after 4000 attempts")

    source = GeneratorSource(seed=1, ruleset="classical", target="4.6.5", generate=refuse)
    with pytest.raises(GenerationUnavailable, match="gave up"):
        Round(source, RoundSettings(length=3))


# --------------------------------------------------------------------------- the store


def test_classical_answer_round_trips_through_json() -> None:
    answer = PatternsAnswer.of(CLASSICAL_COUNTED, 352, points=44, doubles=3)
    data = answer_to_json(answer)
    assert data is not None and (data["points"], data["doubles"]) == (44, 3)
    assert answer_from_json(data) == answer
    # Zero is an answer, not a missing one.
    zero = PatternsAnswer.of({"2.1": 1}, 20, points=20, doubles=0)
    assert answer_from_json(answer_to_json(zero)) == zero
    # The additive form is unchanged, and an old stored answer reads back.
    assert answer_to_json(PatternsAnswer.of({"1.2": 1}, 5)) == {"patterns": {"1.2": 1},
                                                                "total": 5}
    old = answer_from_json({"patterns": {"2.1": 1}, "total": 20})
    assert isinstance(old, PatternsAnswer) and old.points is None and old.doubles is None


def test_classical_answers_are_stored_and_read_back(store: ProgressStore) -> None:
    rnd = Round(ListSource([qhand(CLASSICAL), qhand(H.CHOWS, "t-2")]),
                RoundSettings(kinds=(QuestionKind.PATTERNS,), length=2), recorder=store)
    given = PatternsAnswer.of(CLASSICAL_COUNTED, 176, points=44, doubles=2)
    rnd.answer(given)
    rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, 10))
    first, second = store.answers()
    assert first.ruleset == "classical"
    assert answer_from_json(first.answer) == given
    assert first.expected == {"patterns": dict(sorted(CLASSICAL_COUNTED.items())),
                              "total": 352, "points": 44, "doubles": 3}
    assert first.credit == pytest.approx(0.7)  # 0.6 + 0.1 for the points
    assert "wrong_doubles" in {m["kind"] for m in first.mistakes}
    assert "points" not in second.expected
    # Statistics and review cards are kept per ruleset.
    classical = {s.ref for s in store.item_stats("pattern", ruleset="classical")}
    assert classical == set(CLASSICAL_COUNTED)
    assert {s.ref for s in store.item_stats("pattern", ruleset="mj-score-eval")} == {
        "1.2", "1.3"}
    assert store.stats_for("pattern:1.2@classical") is not None
    assert store.stats_for("pattern:1.2") is not None  # the default's All Chows
    assert all(d.ruleset == "classical"
               for d in store.due_items(datetime(2100, 1, 1, tzinfo=UTC),
                                        ruleset="classical"))
    summary = rnd.finish()
    assert summary.by_kind["patterns"] == (1, 2)


def test_review_of_a_ruleset_serves_its_own_due_patterns(store: ProgressStore) -> None:
    # A wrong claim of 6.4.2 under the classical rules makes pattern 6.4.2 of classical
    # due; reviewing the default ruleset does not ask about it (it has no 6.4.2).
    rnd = Round(ListSource([qhand(CLASSICAL)]), RoundSettings(), recorder=store)
    rnd.answer(PatternsAnswer.of({**CLASSICAL_COUNTED, "6.4.2": 1}, 352, points=44,
                                 doubles=3))
    later = datetime(2100, 1, 1, tzinfo=UTC)
    pool = [qhand(CLASSICAL), qhand(H.CHOWS, "t-2")]
    classical = review_source(store, later, pool=pool, ruleset=load("classical"))
    assert "6.4.2" in classical.items
    default = review_source(store, later, pool=pool)
    assert default.items == []


def _old_record(seq: int, ruleset: str, ok: bool, day: int) -> AnswerRecord:
    """A "does 1.1 count?" answer as version 2 stored it: items without the ruleset."""
    return AnswerRecord(
        seq=seq, hand_id=f"h-{seq}", hand="c123", ruleset=ruleset, kind="does_count",
        target="1.1", answer={"yes": ok}, expected={"yes": True}, credit=float(ok),
        correct=ok, seconds=5.0, mistakes=[], items={"pattern:1.1": ok, "family:1.1": ok},
        answered_at=datetime(2024, 1, day, 10, tzinfo=UTC))


def _v2_store(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A version 2 progress file with an answer of each ruleset under the plain keys."""
    with monkeypatch.context() as m:
        m.setattr(schema_mod, "MIGRATIONS", schema_mod.MIGRATIONS[:2])
        m.setattr(schema_mod, "SCHEMA_VERSION", 2)
        with ProgressStore.open(path) as s:
            assert s.schema_version == 2
            rid = s.start_round(source="hands", source_name="old", ruleset="mixed",
                                kinds=["does_count"], planned=2)
            # Classical 1.1 (Exposed Pung of Simples) answered right, then the default's
            # 1.1 (Chicken Hand) wrong the next day: one mixed-up item in version 2.
            s.record_answer(rid, _old_record(1, "classical", True, 1))
            s.record_answer(rid, _old_record(2, "mj-score-eval", False, 2))
            mixed = s.stats_for("pattern:1.1")
            assert mixed is not None and mixed.attempts == 2


def test_version_2_items_are_moved_to_their_ruleset(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _v2_store(tmp_path, monkeypatch)
    with ProgressStore.open(tmp_path, reviewer=Reviewer()) as s:
        assert s.schema_version == schema_mod.SCHEMA_VERSION == 5
        classical, default = s.answers()
        assert classical.items == {"pattern:1.1@classical": True,
                                   "family:1.1@classical": True}
        assert default.items == {"pattern:1.1": False, "family:1.1": False}
        # Statistics rebuilt from the answers: one attempt each.
        c_stats, d_stats = s.stats_for("pattern:1.1@classical"), s.stats_for("pattern:1.1")
        assert c_stats is not None and (c_stats.attempts, c_stats.correct) == (1, 1)
        assert d_stats is not None and (d_stats.attempts, d_stats.correct) == (1, 0)
        assert c_stats.ruleset == "classical" and d_stats.ruleset == "mj-score-eval"
        # Cards rebuilt from the review log: each is its own single review now (right,
        # slower than the fast time: Good; wrong: Again).
        reviewer = Reviewer()
        for item, rating, day in (("pattern:1.1@classical", Rating.Good, 1),
                                  ("pattern:1.1", Rating.Again, 2)):
            when = datetime(2024, 1, day, 10, tzinfo=UTC)
            alone, _ = reviewer.review(reviewer.new_card(item, when), rating, when, 5000)
            card = s.card(item)
            assert card is not None
            assert (card.due, card.stability) == (alone.due, alone.stability)
        logged = {item for item, _, _ in s.review_log()}
        assert logged == {"pattern:1.1@classical", "family:1.1@classical", "pattern:1.1",
                          "family:1.1"}
    backup = tmp_path / "progress.sqlite3.v2.bak"
    conn = sqlite3.connect(backup)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()


def test_item_keys() -> None:
    assert pattern_item("8.1.1") == pattern_item("8.1.1", "mj-score-eval") == "pattern:8.1.1"
    assert pattern_item("1.1", "classical") == "pattern:1.1@classical"
    assert family_item("3.3", "zung-jung") == "family:3.3@zung-jung"
    assert split_item("pattern:1.1@classical") == ("pattern", "1.1")
    assert item_ruleset("pattern:1.1@classical") == "classical"
    assert item_ruleset("family:8.1") == "mj-score-eval"


def test_round_summary_names_the_rulesets_patterns() -> None:
    rnd = Round(ListSource([qhand(CLASSICAL)]), RoundSettings())
    rnd.answer(PatternsAnswer.of({k: v for k, v in CLASSICAL_COUNTED.items() if k != "6.4.1"},
                                 352, points=44, doubles=3))
    summary = rnd.finish()
    assert [(m.id, m.name) for m in summary.missed_patterns] == [
        ("6.4.1", "Three Concealed Pungs")]
    assert [m.id for m in summary.missed_families] == ["6.4"]


def test_quiz_hands_of_each_ruleset_from_notation() -> None:
    for ruleset in RULESETS:
        item = QuizHand.from_notation("x", _on(H.CHOWS, ruleset))
        assert make_question(1, QuestionKind.TOTAL, item).ruleset.id == ruleset
