"""Explanations that are always right (issue 21): each case that once blamed the wrong
thing, pointed at the wrong tiles or gave a reason the seed does not have, and other
hands of the same kind.  Each test asserts the tiles named and the reason given."""

from __future__ import annotations

import pytest

from mj_trainer.engine.evidence import evidence
from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.quizzes.explanation import Explanation
from mj_trainer.quizzes.explanation import ExplanationKind as K
from mj_trainer.quizzes.grading import Grade, grade
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, TotalAnswer
from tests.quizzes.conftest import question

EARLY = load("mj-score-eval-early")
ZJ = load("zung-jung")


def _graded(text: str, claims: dict[str, int], total: int | None,
            rules: Ruleset | None = None) -> Grade:
    return grade(question(text, ruleset=rules), PatternsAnswer.of(claims, total))


def _about(g: Grade, pid: str) -> Explanation:
    (e,) = [e for e in g.explanations if e.pattern_id == pid]
    return e


def _total(g: Grade) -> Explanation:
    (e,) = [e for e in g.explanations if e.kind is K.WRONG_TOTAL]
    return e


# ------------------------------------------------------- the total hint weighs claims

def test_total_hint_does_not_blame_a_right_claim() -> None:
    # Issue 21: Self Drawn and Concealed Hand claimed, total 10.  The hand scores Dragon
    # Pung 10 + Self Drawn 5 = 15; 10 is not "Self Drawn left out" but the learner's own
    # 5 + 5, with Concealed Hand claimed in place of Dragon Pung.
    g = _graded("c33 k67 [c123] [k789] [dw dw dw] +k8 self", {"1.4": 1, "1.3": 1}, 10)
    total = _total(g).text
    assert "left out Self Drawn" not in total
    assert ("Your 10 adds up the patterns you named, 5 (Self Drawn 1.4) + 5 (Concealed Hand "
            "1.3): the slip is in the patterns, not in the adding.") in total
    assert "[c123], [k789] and [dw dw dw] were exposed" in _about(g, "1.3").text
    assert _about(g, "8.2.1").sets == ("[dw dw dw]",)


def test_total_hint_does_not_blame_a_pattern_of_the_reading_the_learner_chose() -> None:
    # Issue 21: the other reading c123 x3 (130) claimed on c111222333 b55 k78 +k9, whose
    # best reading scores 135; 130 is not "Concealed Hand left out".
    g = _graded("c111222333 b55 k78 +k9", {"3.1.3": 1, "1.2": 1, "1.3": 1}, 130)
    total = _total(g).text
    assert "left out" not in total
    assert "Your 130 adds up the patterns you named" in total
    assert g.explanations[0].kind is K.ARRANGEMENT
    # The reading that counts is the one pointed at: three pungs, not three chows.
    assert g.explanations[0].sets == ("c111", "c222", "c333", "k789", "b55")
    assert "c123  c123  c123  k789  b55 (four sets and a pair), which gives" in \
        g.explanations[0].text


def test_total_hint_says_nothing_when_no_slip_explains_the_number() -> None:
    # 20 is neither the learner's own 5 (Self Drawn) nor that sum less a pattern.
    g = _graded("c999 k6999 [b456] [k111] +k6 self", {"1.4": 1}, 20)
    assert _total(g).text == ("You said 20; the total is 25: 15 (Two-Tailed Terminal Pungs "
                              "7.1.2) + 5 (Self Drawn 1.4) + 5 (Two Concealed Pungs 2.2.1) "
                              "= 25.")


def test_total_hint_finds_a_right_claim_left_out_of_the_adding() -> None:
    # Self Drawn 5 and Dragon Pung 10 named rightly, All Types 10 wrongly: the learner's
    # own sum is 25, and 20 is that sum less Self Drawn, a slip in the adding.
    g = _graded("c33 k67 [c123] [k789] [dw dw dw] +k8 self",
                {"1.4": 1, "8.2.1": 1, "1.6": 1}, 20)
    assert ("It looks as if you left out Self Drawn (1.4, 5) when adding up your "
            "patterns.") in _total(g).text


@pytest.mark.parametrize(("given", "said"), [
    (215, "also added Two Concealed Pungs (2.2.1), which does not count"),
    (170, "left out Mixed One-Suit (6.1.1, 40 points)"),
])
def test_total_only_guesses_agree_in_number(given: int, said: str) -> None:
    # WINDS: 8.1.3 120 + 3 x 5 + 6.1.1 40 + 2.2.2 30 + 1.3 5 = 210, 2.2.1 outranked.
    g = grade(question("we we we ws ws ws ww ww ww c22 c34 +c5", QuestionKind.TOTAL),
              TotalAnswer(given))
    assert said in _total(g).text


def test_total_line_cites_the_family_rule_only_when_a_family_decided() -> None:
    plain = _graded("c33 k67 [c123] [k789] [dw dw dw] +k8 self", {"1.4": 1}, 10)
    assert _total(plain).rule_id is None and "R10" not in _total(plain).text
    family = _graded("c111 c555 b999 k123 dr +dr", {"2.2.2": 1}, 10)
    assert _total(family).rule_id == "R10"  # 2.2.1 is outranked by 2.2.2


# ------------------------------------------------- evidence points at the right suit

def test_two_tailed_terminal_pungs_point_at_one_suit_only() -> None:
    # Issue 21: on c999 k6999 [b456] [k111] +k6 self, 7.1.2 named c999 beside [k111] and
    # k999; only the 1s and 9s of one suit make it (seed 000 7.1.2).
    g = _graded("c999 k6999 [b456] [k111] +k6 self", {"1.4": 1}, 20)
    e = _about(g, "7.1.2")
    assert e.sets == ("[k111]", "k999")
    assert "c999" not in e.text


@pytest.mark.parametrize(("text", "pid", "sets"), [
    # A 123 chow of bamboo has no 789 partner: only the coin couple is shown.
    ("c123 c789 b123 b456 k5 +k5", "7.1.1", ("c123", "c789")),
    # Two 123 chows and one 789: one couple counts, so one of each is shown.
    ("c123 c123 c789 b789 k5 +k5", "7.1.1", ("c123", "c789")),
    # Two couples in two suits.
    ("c123 c789 b123 b789 k5 +k5", "7.1.1", ("c123", "c789", "b123", "b789")),
    # A pung of 9s in another suit is not part of the couple.
    ("c111 c999 b999 k123 k5 +k5", "7.1.2", ("c111", "c999")),
    # Two-Tailed Terminals: the four sets of its suit, not the bamboo 1s.
    ("c111 c123 c789 c999 b1 +b1", "7.1.3", ("c111", "c123", "c789", "c999")),
])
def test_two_tailed_evidence_is_the_couples_of_one_suit(text: str, pid: str,
                                                         sets: tuple[str, ...]) -> None:
    q = question(text)
    assert evidence(q.result, pid).sets == sets


# ------------------------------------------------------- concealed hand's evidence

@pytest.mark.parametrize("text", ["{c2222} c456 b234 b567 k5 +k5",
                                  "{c2222} {b3333} c456 b567 k5 +k5 self"])
def test_concealed_hand_evidence_is_that_nothing_was_exposed(text: str) -> None:
    # Issue 21: worked hands marked only the concealed kongs; what makes the pattern is
    # that nothing was exposed before the win.
    ev = evidence(question(text).result, "1.3")
    assert ev.groups == () and ev.tiles == ()
    assert ev.phrase.startswith("nothing was exposed before winning")
    assert "concealed kong such as {c2222} is allowed" in ev.phrase


# --------------------------------------------------------- the terminal family, R22

@pytest.mark.parametrize(("text", "claim", "by"), [
    ("b111 k123 c789 c123 k9 +k9", "7.2.1", "Pure Lesser Terminals (7.2.2, 50)"),
    ("c123 c789 b123 b789 k1 +k1", "7.2.1", "Pure Lesser Terminals (7.2.2, 50)"),
    ("c111 c999 b111 b999 k9 +k9", "7.2.3", "Pure Greater Terminals (7.2.4, 400)"),
])
def test_a_mixed_terminal_claim_without_honors_is_outranked(text: str, claim: str,
                                                            by: str) -> None:
    # Issue 21, R22: seed 000 7.2.1 and 7.2.3 ask for no honor; without one the pure
    # pattern of the family outranks the mixed one.
    q = question(text)
    claims = {h.pattern.id: h.count for h in q.result.counted} | {claim: 1}
    e = _about(grade(q, PatternsAnswer.of(claims, q.result.total)), claim)
    assert e.kind is K.OUTRANKED and e.rule_id == "R10"
    assert f"{by} outranks it (R10)" in e.text
    assert "needs at least one honor" not in e.text
    if claim == "7.2.1":  # every set and the eyes hold a 1 or a 9 (seed 000 7.2.1)
        assert len(e.sets) == 5 and all("1" in s or "9" in s for s in e.sets)
    else:  # every tile is a 1 or a 9 (7.2.3): said of the whole hand
        assert "every tile is a 1, a 9 or an honor" in e.text


# -------------------------------------------------------------- shapes and reasons

def test_early_all_types_on_seven_pairs_gives_the_early_reason() -> None:
    # Issue 21: seed 001 1.6 asks for four sets and eyes of five types (R30).
    g = _graded("c55 b336688 k1 ws ws dr dr +k1 self", {"9.1.1": 1, "1.4": 1, "1.6": 1}, 50,
                EARLY)
    e = _about(g, "1.6")
    assert e.kind is K.SHAPE and e.rule_id == "R30"
    assert ("they count it only for a hand of four sets and a pair, and a seven pairs hand "
            "has no sets (R30)") in e.text
    assert "never" not in e.text


def test_zung_jung_seven_pairs_already_hold_concealed_hand() -> None:
    # Issue 21, seed 002 10.2: "(A Seven Pairs hand is always a Concealed Hand, so it
    # scores at least 25+5=30 points.)"  The 30 already holds it (R31).
    g = _graded("c11 c55 b22 b66 k33 we we dr +dr", {"10.2": 1, "1.2": 1}, 35, ZJ)
    e = _about(g, "1.2")
    assert e.kind is K.SHAPE and e.rule_id == "R31"
    assert "Seven Pairs (10.2, 30) already holds the concealment of a seven pairs hand" in e.text
    assert "never" not in e.text


def test_a_pung_pattern_on_seven_pairs_needs_pungs_not_chows() -> None:
    # Issue 21: "All Pungs needs chows, pungs or kongs" was wrong: it needs no chow.
    g = _graded("c11 c55 b22 b66 k33 we we dr +dr", {"9.1.1": 1, "1.3": 1, "1.6": 1,
                                                    "2.1": 1}, 75)
    e = _about(g, "2.1")
    assert e.text == ("All Pungs (2.1) needs pungs or kongs, and a seven pairs hand has only "
                      "pairs, so it does not apply (R5).")


def test_a_kong_claimed_on_four_alike_pairs_says_no_kong_was_declared() -> None:
    # Issue 21, seed 000 9.0: four alike count as two pairs unless a kong is declared.
    g = _graded("c112222 b5577 k99 dr +dr", {"9.1.1": 1, "1.3": 1, "2.3.1": 1}, 40)
    e = _about(g, "2.3.1")
    assert e.text == ("One Kong (2.3.1) needs a declared kong, and this hand is seven pairs: "
                      "the four c2 are two of the seven pairs, since four alike make a kong "
                      "only when it is declared, and this hand declared none (R5).")
    assert e.sets == ("c22", "c22")


def test_early_bonus_tile_with_all_four_flowers_names_the_set() -> None:
    # Issue 21, seed 001 13.1: a flower or season scores 2 "unless completing the set";
    # the set then scores as All Flowers instead.
    g = _graded("c123 b456 k789 c11 b55 +b5 self f1 f2 f3 f4", {"1.4": 1, "13.1": 4}, 28,
                EARLY)
    e = _about(g, "13.1")
    assert e.text == ("Bonus Tile (13.1) counts only a flower or season outside a complete "
                      "set of four, and f1 f2 f3 f4 is a complete set, which scores as a set "
                      "instead.")
    assert e.sets == ("f1", "f2", "f3", "f4")


# --------------------------------------------------------------- far from a win

def test_a_missed_illegal_call_far_from_a_win_names_the_nearest_reading() -> None:
    # Issue 21: two or more tiles from a win it said "the tiles make no winning hand
    # (R7)" and no tile.
    g = _graded("c123 c456 b248 k69 dr wn +k5", {"1.2": 1}, 5)
    (e,) = [e for e in g.explanations if e.kind is K.MISSED]
    assert ("the tiles make no winning hand (R7); the nearest reading is c123 and c456, "
            "with b2 b4 and k5 k6 unfinished, b8 alone where the pair should be and k9, wn "
            "and dr left over: at least three tiles would have to change to make a win"
            ) in e.text
    assert e.sets == ("c123", "c456", "b2 b4", "b8", "k5 k6", "k9", "wn", "dr")
    # Said once: the line about the claimed All Chows does not repeat it.
    (spoiled,) = [e for e in g.explanations if e.pattern_id == "1.2"]
    assert spoiled.text == "The hand is not a win, so All Chows (1.2) cannot score (R7)."


def test_claims_on_a_hand_far_from_seven_pairs_name_the_pairs() -> None:
    g = _graded("c11 c33 b55 b77 k2 k4 dr wn k6 +k8", {"9.1.1": 1, "1.7": 1}, 35)
    (e,) = [e for e in g.explanations if e.pattern_id == "9.1.1"]
    assert ("The nearest reading is seven pairs, with four pairs (c11, c33, b55, b77); "
            "k2, k4 and k6 without a partner and k8, wn and dr left over: at least three "
            "tiles would have to change to make a win.") in e.text


# -------------------------------------------------------------------------- words

def test_final_discard_says_what_a_final_discard_is() -> None:
    q = question("c123 c456 b234 b567 k5 +k5 final-discard", QuestionKind.DOES_COUNT,
                 target="12.1.2")
    assert evidence(q.result, "12.1.2").phrase == (
        "the winning tile was the last discard of the game, thrown by the player who drew "
        "the wall's last tile")
