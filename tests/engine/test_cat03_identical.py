"""Category 3 of the default ruleset (seed 000): identical chows, on complete hands.

Family 3.1: two identical chows (3.1.1), twice (3.1.2), three (3.1.3) and four
(3.1.4, a limit).  Identical chows may be any mix of exposed and concealed chows.
Three identical concealed chows hold the same tiles as three consecutive pungs, so
R1 decides between the readings; the Three Mothers reading of four identical chows
is in test_cat05_consecutive.py (R19).
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.scoring import Why
from mj_trainer.engine.shape import Shape
from tests.helpers import scored


def _anywhere(text: str) -> set[str]:
    """Ids present in any arrangement of the hand, counted or not."""
    s = scored(text)
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


FULL = [
    # ---- 3.1.1 Two Identical Chows ----
    # seed example c345 c345, concealed: 3.1.1 10 + 1.3 5 = 15
    pytest.param("c345 c345 b678 k222 we +we", {"1.3": 1, "3.1.1": 1}, 15,
                 id="3.1.1-seed-example"),
    # one chow exposed, its twin concealed: 3.1.1 10 alone
    pytest.param("[c345] c345 b678 k222 we +we", {"3.1.1": 1}, 10,
                 id="3.1.1-exposed-and-concealed"),
    # both exposed: 3.1.1 10 alone
    pytest.param("[b234] [b234] c567 k999 c8 +c8", {"3.1.1": 1}, 10,
                 id="3.1.1-both-exposed"),
    # ---- 3.1.2 Two Identical Chows Twice ----
    # seed example c345 c345 c789 c789 with c11 eyes (R1: the regular reading beats
    # seven pairs, 115): 3.1.2 60 + 6.1.2 80 + 1.2 5 + 1.3 5 = 150
    pytest.param("c1 c345 c345 c789 c789 +c1",
                 {"1.2": 1, "1.3": 1, "3.1.2": 1, "6.1.2": 1}, 150,
                 id="3.1.2-seed-example-pure"),
    # the same chows with dragon eyes: 3.1.2 60 + 6.1.1 40 + 1.2 5 + 1.3 5 = 110
    pytest.param("c345 c345 c789 c789 dw +dw",
                 {"1.2": 1, "1.3": 1, "3.1.2": 1, "6.1.1": 1}, 110,
                 id="3.1.2-seed-chows-honor-eyes"),
    # two suits, one chow exposed: 3.1.2 60 + 1.2 5 + 1.5 5 = 70
    pytest.param("[c234] c234 b567 b567 k5 +k5", {"1.2": 1, "1.5": 1, "3.1.2": 1}, 70,
                 id="3.1.2-two-suits-exposed-chow"),
    # ---- 3.1.3 Three Identical Chows ----
    # seed example c345 x3, one exposed: 3.1.3 120 + 1.2 5 = 125
    pytest.param("[c345] c345 c345 b678 dr +dr", {"1.2": 1, "3.1.3": 1}, 125,
                 id="3.1.3-seed-one-exposed"),
    # all concealed, c4 from a discard.  As pungs c333 c444 c555 the discard makes
    # c444 exposed (R3): 5.2.1 100 + 2.2.1 5 + 1.3 5 = 110.  As chows:
    # 3.1.3 120 + 1.2 5 + 1.3 5 = 130, the better reading (R1).
    pytest.param("c333 c44 c555 b678 dr dr +c4", {"1.2": 1, "1.3": 1, "3.1.3": 1}, 130,
                 id="3.1.3-seed-concealed-discard"),
    # ---- 3.1.4 Four Identical Chows (limit) ----
    # seed example c345 x4: 480 stands alone
    pytest.param("[c345] [c345] c345 c345 dr +dr", {"3.1.4": 1}, 480,
                 id="3.1.4-seed-example"),
    # three exposed, the fourth finished by the winning tile: 480
    pytest.param("[k678] [k678] [k678] k67 c55 +k8", {"3.1.4": 1}, 480,
                 id="3.1.4-three-exposed"),
]


@pytest.mark.parametrize(("text", "expected", "total"), FULL)
def test_full_score(text: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total


NEAR_MISSES = [
    # 3.1.1: the same numbers in another suit; 1.3 5 alone
    pytest.param("c345 b345 b678 k222 we +we", "3.1.1", {"1.3": 1}, 5,
                 id="3.1.1-miss-other-suit"),
    # 3.1.1: chows one step apart; 1.3 5 alone
    pytest.param("c345 c456 b678 k222 we +we", "3.1.1", {"1.3": 1}, 5,
                 id="3.1.1-miss-shifted-chow"),
    # 3.1.2: only one doubled chow: 3.1.1 10 + 6.1.1 40 + 1.2 5 + 1.3 5 = 60
    pytest.param("c345 c345 c678 c789 dw +dw", "3.1.2",
                 {"1.2": 1, "1.3": 1, "3.1.1": 1, "6.1.1": 1}, 60,
                 id="3.1.2-miss-one-pair-of-chows"),
    # 3.1.3: two alike and a shifted third: 3.1.1 10 + 1.2 5 = 15
    pytest.param("[c345] c345 c456 b678 dr +dr", "3.1.3", {"1.2": 1, "3.1.1": 1}, 15,
                 id="3.1.3-miss-shifted-third"),
    # 3.1.4: three alike and a shifted fourth: 3.1.3 120 + 6.1.1 40 + 1.2 5 = 165
    pytest.param("[c345] c345 c345 c456 dr +dr", "3.1.4",
                 {"1.2": 1, "3.1.3": 1, "6.1.1": 1}, 165,
                 id="3.1.4-miss-shifted-fourth"),
]


@pytest.mark.parametrize(("text", "missing", "expected", "total"), NEAR_MISSES)
def test_near_miss(text: str, missing: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total
    assert missing not in _anywhere(text)


@pytest.mark.parametrize(
    ("text", "pattern", "why", "by"),
    [
        # R10: inside family 3.1 only the highest counts
        pytest.param("c345 c345 c789 c789 dw +dw", "3.1.1", Why.OUTRANKED, "3.1.2",
                     id="3.1.1-outranked-by-3.1.2"),
        pytest.param("[c345] c345 c345 b678 dr +dr", "3.1.1", Why.OUTRANKED, "3.1.3",
                     id="3.1.1-outranked-by-3.1.3"),
        # four alike also make two doubled chows; 3.1.4 outranks both
        pytest.param("[c345] [c345] c345 c345 dr +dr", "3.1.2", Why.OUTRANKED, "3.1.4",
                     id="3.1.2-outranked-by-3.1.4"),
        pytest.param("[c345] [c345] c345 c345 dr +dr", "3.1.3", Why.OUTRANKED, "3.1.4",
                     id="3.1.3-outranked-by-3.1.4"),
        # R12: the limit replaces the sum, so All Chows and Mixed One-Suit add nothing
        pytest.param("[c345] [c345] c345 c345 dr +dr", "1.2", Why.LIMIT, "3.1.4",
                     id="1.2-under-3.1.4-limit"),
        pytest.param("[c345] [c345] c345 c345 dr +dr", "6.1.1", Why.LIMIT, "3.1.4",
                     id="6.1.1-under-3.1.4-limit"),
    ],
)
def test_present_but_not_counted(text: str, pattern: str, why: Why, by: str) -> None:
    hit = next(h for h in scored(text).best.hits if h.pattern.id == pattern)
    assert not hit.counted
    assert hit.why is why
    assert hit.by is not None
    assert hit.by.id == by


def test_four_identical_chows_is_the_limit() -> None:
    s = scored("[c345] [c345] c345 c345 dr +dr")
    assert s.limit is not None
    assert s.limit.id == "3.1.4"


def test_R1_three_identical_chows_lose_to_consecutive_pungs_when_self_drawn() -> None:
    # The 130-point hand above, self-drawn.  Pungs c333 c444 c555 are now all
    # concealed: 5.2.1 100 + 2.2.2 30 + 1.3 5 + 1.4 5 = 140.
    # Chows c345 x3: 3.1.3 120 + 1.2 5 + 1.3 5 + 1.4 5 = 135.  R1 keeps 140.
    s = scored("c333 c44 c555 b678 dr dr +c4 self")
    assert {h.pattern.id: h.count for h in s.counted} == {
        "1.3": 1, "1.4": 1, "2.2.2": 1, "5.2.1": 1}
    assert s.total == 140
    chows = [o for o in s.others if "3.1.3" in {h.pattern.id for h in o.counted}]
    assert [o.total for o in chows] == [135]


def test_R1_identical_chows_twice_beat_seven_pairs() -> None:
    # c11 c33 c44 c55 c77 c88 c99 is also seven pairs: 9.1.1 30 + 1.3 5 + 6.1.2 80 = 115,
    # less than the chows' 150
    s = scored("c1 c345 c345 c789 c789 +c1")
    assert s.arrangement is not None
    assert s.arrangement.shape is Shape.REGULAR
    pairs = [o for o in s.others if o.arrangement is not None
             and o.arrangement.shape is Shape.SEVEN_PAIRS]
    assert [o.total for o in pairs] == [115]
