"""Category 7 of mj-score-eval (seed 000): terminal-tile patterns, on real hands.

Each hand is scored in full; the comment above it adds up the patterns that count.
Near misses check that a pattern is absent from every arrangement of the hand.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.scoring import Score, Why
from tests.helpers import scored


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


def _everywhere(s: Score) -> set[str]:
    """Ids of every pattern present in any arrangement of the hand."""
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


FULL = [
    # --- 7.1.1 Two-Tailed Terminal Chows (5 per couple, stacks, R11) ---
    pytest.param(
        # seed example b123 b789: 7.1.1 5 + 1.2 5 + 1.3 5 = 15
        "b123 b789 c456 k234 dr +dr", 15, {"7.1.1": 1, "1.2": 1, "1.3": 1},
        id="7.1.1-seed-example-one-couple",
    ),
    pytest.param(
        # two couples (bamboo and characters): 2 x 5 + 1.2 5 + 1.3 5 = 20
        "b123 b789 k123 k789 c5 +c5", 20, {"7.1.1": 2, "1.2": 1, "1.3": 1},
        id="7.1.1-two-couples-score-10",
    ),
    pytest.param(
        # 123 123 789 of coins is still one couple: 7.1.1 5 + 3.1.1 10 + 1.2 5 + 1.3 5 = 25
        "c123 c123 c789 b456 b8 +b8", 25, {"7.1.1": 1, "3.1.1": 1, "1.2": 1, "1.3": 1},
        id="7.1.1-spare-123-makes-no-second-couple",
    ),
    pytest.param(
        # exposed chow is fine: 7.1.1 5 + 7.2.2 50 = 55 (k999 is the only concealed pung)
        "b123 b789 [c123] k999 k1 +k1", 55, {"7.1.1": 1, "7.2.2": 1},
        id="7.1.1-with-pure-lesser-terminals",
    ),
    # --- 7.1.2 Two-Tailed Terminal Pungs (15 per couple, stacks, R11) ---
    pytest.param(
        # seed example k111 k999: 7.1.2 15 + 2.2.1 5 + 1.3 5 = 25
        "k111 k999 c234 b567 wn +wn", 25, {"7.1.2": 1, "2.2.1": 1, "1.3": 1},
        id="7.1.2-seed-example-one-couple",
    ),
    pytest.param(
        # two couples: 2 x 15 + 2.1 30 + 2.2.1 5 (b111 b999) = 65
        "b111 b999 [k111] [k999] c5 +c5", 65, {"7.1.2": 2, "2.1": 1, "2.2.1": 1},
        id="7.1.2-two-couples-score-30",
    ),
    pytest.param(
        # a kong counts as the pung (R4): 7.1.2 15 + 2.3.1 5 = 20
        "{c1111} [c999] b123 k789 b5 +b5", 20, {"7.1.2": 1, "2.3.1": 1},
        id="7.1.2-concealed-kong-of-ones",
    ),
    pytest.param(
        # both couples stack together without 7.1.3 (R11):
        # 7.1.1 5 + 7.1.2 15 + 2.2.1 5 + 1.3 5 = 30
        "c123 c789 b111 b999 k5 +k5", 30, {"7.1.1": 1, "7.1.2": 1, "2.2.1": 1, "1.3": 1},
        id="7.1.1-and-7.1.2-stack-in-one-family",
    ),
    # --- 7.1.3 Two-Tailed Terminals (180, at least 200 with its couples, R11/R21) ---
    pytest.param(
        # seed example: 7.1.3 180 + 7.1.1 5 + 7.1.2 15 + 2.2.1 5 + 1.3 5 = 210
        "c111 c123 c789 c999 b5 +b5", 210,
        {"7.1.3": 1, "7.1.1": 1, "7.1.2": 1, "2.2.1": 1, "1.3": 1},
        id="7.1.3-seed-example-simple-eyes",
    ),
    pytest.param(
        # terminal eyes add 7.2.2: 180 + 5 + 15 + 7.2.2 50 + 2.2.1 5 + 1.3 5 = 260
        "c111 c123 c789 c999 b1 +b1", 260,
        {"7.1.3": 1, "7.1.1": 1, "7.1.2": 1, "7.2.2": 1, "2.2.1": 1, "1.3": 1},
        id="7.1.3-with-pure-lesser-terminals",
    ),
    pytest.param(
        # exposed pungs, dragon eyes: 180 + 5 + 15 + 6.1.1 40 + 7.2.1 40 = 280
        "[k111] k123 k789 [k999] dr +dr", 280,
        {"7.1.3": 1, "7.1.1": 1, "7.1.2": 1, "6.1.1": 1, "7.2.1": 1},
        id="7.1.3-exposed-with-honor-eyes",
    ),
    pytest.param(
        # one suit, self-drawn: 180 + 5 + 15 + 6.1.2 80 + 2.2.1 5 + 1.3 5 + 1.4 5 = 295
        "c111 c123 c789 c999 c5 +c5 self", 295,
        {"7.1.3": 1, "7.1.1": 1, "7.1.2": 1, "6.1.2": 1, "2.2.1": 1, "1.3": 1, "1.4": 1},
        id="7.1.3-pure-one-suit-self-drawn",
    ),
    # --- 7.2.1 Mixed Lesser Terminals (40) ---
    pytest.param(
        # seed example: 7.2.1 40 + 8.2.1 10 + 2.2.1 5 (b111, dr) + 1.3 5 = 60
        "b111 k123 c789 dr dr dr k9 +k9", 60, {"7.2.1": 1, "8.2.1": 1, "2.2.1": 1, "1.3": 1},
        id="7.2.1-seed-example",
    ),
    pytest.param(
        # 7.2.1 40 + 8.1.1 5 + 7.1.1 5 (c123 c789) = 50; only b999 is a concealed pung
        "[we we we] c123 c789 b999 dg +dg", 50, {"7.2.1": 1, "8.1.1": 1, "7.1.1": 1},
        id="7.2.1-exposed-wind-and-terminal-chows",
    ),
    # --- 7.2.2 Pure Lesser Terminals (50) ---
    pytest.param(
        # seed example: 7.2.2 50 + 2.2.1 5 (k111 c999) + 1.3 5 = 60
        "b123 k111 k789 c999 b1 +b1", 60, {"7.2.2": 1, "2.2.1": 1, "1.3": 1},
        id="7.2.2-seed-example",
    ),
    pytest.param(
        # 7.2.2 50 + 7.1.1 5 + 7.1.2 15 + 2.2.1 5 = 75
        "[c123] [c789] b999 b111 k9 +k9", 75, {"7.2.2": 1, "7.1.1": 1, "7.1.2": 1, "2.2.1": 1},
        id="7.2.2-exposed-chows-with-both-couples",
    ),
    # --- 7.2.3 Mixed Greater Terminals (100, R22) ---
    pytest.param(
        # seed example 1 (b999 exposed): 7.2.3 100 + 2.1 30 + 2.2.2 30 + 8.1.1 5
        # + 8.2.1 10 + 1.6 10 = 185 (7.2.1 is outranked in family 7.2)
        "[b9 b9 b9] k111 ww ww ww dg dg dg c1 +c1", 185,
        {"7.2.3": 1, "2.1": 1, "2.2.2": 1, "8.1.1": 1, "8.2.1": 1, "1.6": 1},
        id="7.2.3-seed-example-pungs",
    ),
    pytest.param(
        # seed example 2, seven pairs (R5): 9.1.1 30 + 7.2.3 100 + 1.3 5 + 1.6 10 = 145
        "c11 b11 k11 k9 we we wn wn dw dw +k9", 145,
        {"9.1.1": 1, "7.2.3": 1, "1.3": 1, "1.6": 1},
        id="7.2.3-seed-example-seven-pairs",
    ),
    pytest.param(
        # 7.2.3 100 + 2.1 30 + 2.2.3 125 + 1.3 5 + 7.1.2 15 + 8.1.1 5 + 8.2.1 10
        # + 6.1.1 40 = 330, capped at 320 (R12)
        "c111 c999 we we we dr dr dr wn +wn", 320,
        {"7.2.3": 1, "2.1": 1, "2.2.3": 1, "1.3": 1, "7.1.2": 1, "8.1.1": 1, "8.2.1": 1,
         "6.1.1": 1},
        id="7.2.3-concealed-pungs-capped-at-320",
    ),
    pytest.param(
        # R22: with an honor it stays Mixed, not Pure: 7.2.3 100 + 2.1 30 + 2.2.3 125
        # + 1.3 5 + 7.1.2 15 + 8.2.1 10 = 285
        "c111 c999 b111 dr dr dr k9 +k9", 285,
        {"7.2.3": 1, "2.1": 1, "2.2.3": 1, "1.3": 1, "7.1.2": 1, "8.2.1": 1},
        id="7.2.3-one-dragon-pung-keeps-it-mixed",
    ),
]


@pytest.mark.parametrize(("text", "total", "expected"), FULL)
def test_full_score(text: str, total: int, expected: dict[str, int]) -> None:
    s = scored(text)
    assert _counted(s) == expected
    assert s.total == total


LIMITS = [
    # (hand, the limit pattern that stands alone, patterns present but silenced by it)
    pytest.param(
        # seed example 1: 1s 4 + 9s 2 = six terminals (R20)
        "c123 c123 c789 c789 c1 +c1", "7.1.5", 320, ("7.1.1", "7.2.2", "6.1.2", "3.1.2"),
        id="7.1.5-seed-example-1",
    ),
    pytest.param(
        # seed example 2: 1s 3 + 9s 3 = six
        "c123 c123 c123 c789 c9 +c9", "7.1.5", 320, ("7.1.1", "7.2.2", "6.1.2", "3.1.3"),
        id="7.1.5-seed-example-2",
    ),
    pytest.param(
        # exposed chow allowed; k777 k888 k999 k11 [k123] would only reach 210
        "[k123] k789 k789 k789 k1 +k1", "7.1.5", 320, ("7.1.1", "7.2.2", "6.1.2"),
        id="7.1.5-exposed-chow-characters",
    ),
    pytest.param(
        # seed example 1: 11 123 123 789 999, all eight terminals
        "c11 c123 c123 c789 c99 +c9", "7.1.6", 400, ("7.1.1", "7.2.2", "6.1.2"),
        id="7.1.6-seed-example-1",
    ),
    pytest.param(
        # seed example 2: 111 123 789 789 99
        "b111 b123 b789 b789 b9 +b9", "7.1.6", 400, ("7.1.1", "7.2.2", "6.1.2"),
        id="7.1.6-seed-example-2",
    ),
    pytest.param(
        # Big Mountain self-drawn with flowers: still 400 (R12)
        "b111 b123 b789 b789 b9 +b9 self f1 f2", "7.1.6", 400, ("1.4", "13.1"),
        id="7.1.6-bonus-tiles-add-nothing",
    ),
    pytest.param(
        # seed example; c999 b999 with k99 eyes is also 4.2.1, silenced too
        "c111 c999 b111 b999 k9 +k9", "7.2.4", 400, ("7.1.2", "2.1", "2.2.3", "4.2.1"),
        id="7.2.4-seed-example",
    ),
    pytest.param(
        # seven pairs with four c1 as two pairs (R5)
        "c11 c11 c99 b11 b99 k11 k9 +k9", "7.2.4", 400, ("9.1.1", "1.3"),
        id="7.2.4-seven-pairs-four-alike",
    ),
    pytest.param(
        "{c1111} [b999] k111 k999 c9 +c9", "7.2.4", 400, ("7.1.2", "2.1", "2.3.1"),
        id="7.2.4-with-kong-and-exposed-pung",
    ),
]


@pytest.mark.parametrize(("text", "limit", "total", "silenced"), LIMITS)
def test_limit_stands_alone(text: str, limit: str, total: int, silenced: tuple[str, ...]) -> None:
    # R12: the limit pattern alone makes the total; everything else present is shown
    # as not counting because of it (or outranked inside its own family).
    s = scored(text)
    assert s.total == total
    assert s.limit is not None and s.limit.id == limit
    assert _counted(s) == {limit: 1}
    missing = {h.pattern.id for h in s.not_counted}
    for pid in silenced:
        assert pid in missing


NEAR_MISSES = [
    # (hand, pattern absent from every arrangement, full total with its arithmetic)
    pytest.param(
        # 123 and 789 in different suits: 3.1.1 10 + 1.2 5 + 1.3 5 = 20
        "b123 c789 k456 k456 ws +ws", "7.1.1", 20, id="7.1.1-absent-suits-differ",
    ),
    pytest.param(
        # a 1-pung and a 9-pung of different suits: 2.2.1 5 + 1.3 5 = 10
        "c111 b999 k123 k456 dw +dw", "7.1.2", 10, id="7.1.2-absent-suits-differ",
    ),
    pytest.param(
        # 999 in another suit: only the chow couple, 7.1.1 5 + 2.2.1 5 + 1.3 5 = 15
        "c111 c123 c789 b999 k5 +k5", "7.1.3", 15, id="7.1.3-absent-999-in-other-suit",
    ),
    pytest.param(
        # 456 instead of 789: 7.1.2 15 + 2.2.1 5 + 1.3 5 = 25
        "c111 c123 c456 c999 k5 +k5", "7.1.3", 25, id="7.1.3-absent-no-789-chow",
    ),
    pytest.param(
        # simple eyes: 6.1.2 80 + 3.1.2 60 + 7.1.1 2x5 + 1.2 5 + 1.3 5 = 160
        # (the seven-pairs reading would give only 30 + 80 + 5 = 115)
        "c123 c123 c789 c789 c5 +c5", "7.1.5", 160, id="7.1.5-absent-simple-eyes",
    ),
    pytest.param(
        # R20 needs one suit: 7.2.2 50 + 3.1.2 60 + 7.1.1 2x5 + 1.2 5 + 1.3 5 = 130
        "c123 c123 c789 c789 b1 +b1", "7.1.5", 130, id="7.1.5-absent-eyes-in-other-suit",
    ),
    pytest.param(
        # only six terminals: the Little Mountain, not the Big one
        "c123 c123 c789 c789 c1 +c1", "7.1.6", 320, id="7.1.6-absent-six-terminals",
    ),
    pytest.param(
        # all eight terminals but the eyes hold none: 7.1.3 hand, 295 as above
        "c111 c123 c789 c999 c5 +c5 self", "7.1.6", 295,
        id="7.1.6-absent-eight-terminals-simple-eyes",
    ),
    pytest.param(
        # k55 eyes hold no terminal: 8.2.1 10 + 2.2.1 5 + 1.3 5 = 20
        "b111 k123 c789 dr dr dr k5 +k5", "7.2.1", 20, id="7.2.1-absent-simple-eyes",
    ),
    pytest.param(
        # b234 holds no terminal: 2.2.1 5 + 1.3 5 = 10
        "b234 k111 k789 c999 b1 +b1", "7.2.2", 10, id="7.2.2-absent-one-simple-chow",
    ),
    pytest.param(
        # b555 is a simple pung: 2.1 30 + 2.2.2 30 + 8.1.1 5 + 8.2.1 10 + 1.6 10 = 85
        "[b555] k111 ww ww ww dg dg dg c1 +c1", "7.2.3", 85, id="7.2.3-absent-simple-pung",
    ),
    pytest.param(
        # one honor pung: Mixed (285, above), not Pure
        "c111 c999 b111 dr dr dr k9 +k9", "7.2.4", 285, id="7.2.4-absent-with-honor",
    ),
]


@pytest.mark.parametrize(("text", "absent", "total"), NEAR_MISSES)
def test_near_miss(text: str, absent: str, total: int) -> None:
    s = scored(text)
    assert absent not in _everywhere(s)
    assert s.total == total


def test_7_1_3_keeps_its_couples() -> None:
    # R11: the couples inside 111 123 789 999 count on top of the 180, so the
    # 7.1 family alone gives 180 + 5 + 15 = 200.
    s = scored("c111 c123 c789 c999 b5 +b5")
    family = sum(h.points for h in s.counted if h.pattern.family == "7.1")
    assert family == 200


def test_7_2_family_keeps_only_the_best() -> None:
    # R10: a greater-terminals pung hand is also a lesser-terminals hand; only
    # 7.2.3 counts and 7.2.1 is reported as outranked by it.
    s = scored("[b9 b9 b9] k111 ww ww ww dg dg dg c1 +c1")
    lesser = next(h for h in s.not_counted if h.pattern.id == "7.2.1")
    assert lesser.why is Why.OUTRANKED
    assert lesser.by is not None and lesser.by.id == "7.2.3"


def test_seven_pairs_never_score_terminal_sets() -> None:
    # R5: c11 c99 pairs in a seven-pairs hand are not pungs, so no 7.1.2, and the
    # lesser terminals (which speak of sets) do not apply to pairs.
    s = scored("c11 b11 k11 k9 we we wn wn dw dw +k9")
    ids = {h.pattern.id for h in s.best.hits}
    assert not ids & {"7.1.1", "7.1.2", "7.1.3", "7.2.1", "7.2.2"}
