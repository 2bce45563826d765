"""Category 5 of the default ruleset (seed 000): consecutive sets, on complete hands.

Family 5.1 (chows, R18): three consecutive chows by step 1 or 2 (5.1.1), the
Nine-Tile Straight 123 456 789 exactly (5.1.2), twice three consecutive chows
diverging or converging (5.1.3), four consecutive chows by step 1 or 2 (5.1.4).
Family 5.2 (pungs): three (5.2.1) and four (5.2.2) consecutive pungs, and Three
Mothers (5.2.3, a limit; R19: when all concealed the same tiles are four identical
chows, which R1 prefers).
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.scoring import Why
from tests.helpers import scored


def _anywhere(text: str) -> set[str]:
    """Ids present in any arrangement of the hand, counted or not."""
    s = scored(text)
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


FULL = [
    # ---- 5.1.1 Three Consecutive Chows ----
    # seed example, step 1 (k123 k234 k345): 5.1.1 30 + 1.2 5 + 1.3 5 = 40
    pytest.param("k123 k234 k345 b678 c5 +c5", {"1.2": 1, "1.3": 1, "5.1.1": 1}, 40,
                 id="5.1.1-seed-step-1"),
    # seed example, step 2 (k123 k345 k567), exposed pung c999: 5.1.1 30 alone
    pytest.param("k123 k345 k567 [c999] dw +dw", {"5.1.1": 1}, 30,
                 id="5.1.1-seed-step-2"),
    # ---- 5.1.2 Nine-Tile Straight ----
    # seed example k123 k456 k789: 5.1.2 40 + 7.1.1 5 (k123 with k789) + 1.3 5 = 50
    pytest.param("k123 k456 k789 c555 b2 +b2", {"1.3": 1, "5.1.2": 1, "7.1.1": 1}, 50,
                 id="5.1.2-seed-example"),
    # one chow of the straight exposed: 5.1.2 40 + 7.1.1 5 + 8.1.1 5 = 50
    pytest.param("[b456] b123 b789 we we we c3 +c3", {"5.1.2": 1, "7.1.1": 1, "8.1.1": 1}, 50,
                 id="5.1.2-exposed-chow"),
    # a fourth chow c234 beside the straight, one suit:
    # 5.1.2 40 + 6.1.2 80 + 7.1.1 5 + 1.2 5 + 1.3 5 = 135
    pytest.param("c123 c456 c789 c234 c5 +c5",
                 {"1.2": 1, "1.3": 1, "5.1.2": 1, "6.1.2": 1, "7.1.1": 1}, 135,
                 id="5.1.2-pure-one-suit"),
    # ---- 5.1.3 Three Consecutive Chows Twice ----
    # seed example, diverging (starts 1 2 3 5): 5.1.3 50 + 1.2 5 + 1.3 5 = 60
    pytest.param("k123 k234 k345 k567 c9 +c9", {"1.2": 1, "1.3": 1, "5.1.3": 1}, 60,
                 id="5.1.3-seed-diverging"),
    # seed example, converging (starts 1 3 4 5):
    # 5.1.3 50 + 6.1.1 40 + 1.2 5 + 1.3 5 = 100
    pytest.param("k123 k345 k456 k567 dw +dw",
                 {"1.2": 1, "1.3": 1, "5.1.3": 1, "6.1.1": 1}, 100,
                 id="5.1.3-seed-converging"),
    # diverging from 3 (starts 3 4 5 7), two chows exposed: 5.1.3 50 + 1.2 5 = 55
    pytest.param("[b345] [b456] b567 b789 c1 +c1", {"1.2": 1, "5.1.3": 1}, 55,
                 id="5.1.3-diverging-exposed"),
    # ---- 5.1.4 Four Consecutive Chows ----
    # seed example, step 1 (starts 1 2 3 4): 5.1.4 100 + 1.2 5 + 1.3 5 = 110
    pytest.param("k123 k234 k345 k456 b8 +b8", {"1.2": 1, "1.3": 1, "5.1.4": 1}, 110,
                 id="5.1.4-seed-step-1"),
    # seed example, step 2 (starts 1 3 5 7); k123 with k789 adds 7.1.1:
    # 5.1.4 100 + 7.1.1 5 + 1.2 5 + 1.3 5 = 115
    pytest.param("k123 k345 k567 k789 c5 +c5",
                 {"1.2": 1, "1.3": 1, "5.1.4": 1, "7.1.1": 1}, 115,
                 id="5.1.4-seed-step-2"),
    # ---- 5.2.1 Three Consecutive Pungs ----
    # seed example k444 k555 k666 concealed.  The pungs reading:
    # 5.2.1 100 + 2.2.2 30 + 1.3 5 + 1.5 5 = 140; the chows k456 x3 would give
    # 3.1.3 120 + 1.2 5 + 1.3 5 + 1.5 5 = 135, so R1 keeps the pungs.
    pytest.param("k444 k555 k666 c234 b8 +b8",
                 {"1.3": 1, "1.5": 1, "2.2.2": 1, "5.2.1": 1}, 140,
                 id="5.2.1-seed-concealed"),
    # two of them exposed: 5.2.1 100 + 1.5 5 = 105
    pytest.param("[k444] [k555] k666 c234 b8 +b8", {"1.5": 1, "5.2.1": 1}, 105,
                 id="5.2.1-two-exposed"),
    # R4: one of them an exposed kong: 5.2.1 100 + 2.3.1 5 + 2.2.1 5 + 1.5 5 = 115
    pytest.param("[k4444] k555 k666 c234 b8 +b8",
                 {"1.5": 1, "2.2.1": 1, "2.3.1": 1, "5.2.1": 1}, 115,
                 id="5.2.1-R4-with-kong"),
    # ---- 5.2.2 Four Consecutive Pungs ----
    # seed example k444 k555 k666 k777, all exposed: 5.2.2 200 + 2.1 30 = 230
    pytest.param("[k444] [k555] [k666] [k777] c9 +c9", {"2.1": 1, "5.2.2": 1}, 230,
                 id="5.2.2-seed-exposed"),
    # honor eyes: 5.2.2 200 + 2.1 30 + 6.1.1 40 = 270
    pytest.param("[k444] [k555] [k666] [k777] dr +dr", {"2.1": 1, "5.2.2": 1, "6.1.1": 1}, 270,
                 id="5.2.2-mixed-one-suit"),
    # ---- 5.2.3 Three Mothers (limit) ----
    # seed example k555 k666 k777 k567 with the pungs exposed: 400 stands alone
    pytest.param("[k555] [k666] [k777] k567 c2 +c2", {"5.2.3": 1}, 400,
                 id="5.2.3-seed-pungs-exposed"),
    # one pung exposed is enough to rule out the identical-chows reading: 400
    pytest.param("[k555] k666 k777 k567 c2 +c2", {"5.2.3": 1}, 400,
                 id="5.2.3-one-pung-exposed"),
]


@pytest.mark.parametrize(("text", "expected", "total"), FULL)
def test_full_score(text: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total


NEAR_MISSES = [
    # 5.1.1: starts 1 2 4 are neither step 1 nor step 2: 1.2 5 + 1.3 5 = 10
    pytest.param("k123 k234 k456 b678 c5 +c5", "5.1.1", {"1.2": 1, "1.3": 1}, 10,
                 id="5.1.1-miss-gap"),
    # 5.1.1: the middle chow in another suit: 1.2 5 + 1.3 5 = 10
    pytest.param("k123 b234 k345 b678 c5 +c5", "5.1.1", {"1.2": 1, "1.3": 1}, 10,
                 id="5.1.1-miss-mixed-suits"),
    # 5.1.2: 678 instead of 789: 1.3 5 alone
    pytest.param("k123 k456 k678 c555 b2 +b2", "5.1.2", {"1.3": 1}, 5,
                 id="5.1.2-miss-678"),
    # 5.1.2: the 456 in another suit: 7.1.1 5 + 1.3 5 = 10
    pytest.param("k123 c456 k789 b555 b2 +b2", "5.1.2", {"1.3": 1, "7.1.1": 1}, 10,
                 id="5.1.2-miss-split-suits"),
    # 5.1.2: 1 to 9 covered by 123 345 567 789 is not the straight (it is 5.1.4);
    # scored in full above (115)
    pytest.param("k123 k345 k567 k789 c5 +c5", "5.1.2",
                 {"1.2": 1, "1.3": 1, "5.1.4": 1, "7.1.1": 1}, 115,
                 id="5.1.2-miss-123-345-567-789"),
    # 5.1.3: starts 1 2 3 6, one run only: 5.1.1 30 + 1.2 5 + 1.3 5 = 40
    pytest.param("k123 k234 k345 k678 c9 +c9", "5.1.3", {"1.2": 1, "1.3": 1, "5.1.1": 1}, 40,
                 id="5.1.3-miss-fourth-too-far"),
    # 5.1.4: starts 1 2 3 5 are the diverging 5.1.3 (the seed example, 60)
    pytest.param("k123 k234 k345 k567 c9 +c9", "5.1.4", {"1.2": 1, "1.3": 1, "5.1.3": 1}, 60,
                 id="5.1.4-miss-diverging"),
    # 5.2.1: pungs 4 5 7: 1.5 5 alone
    pytest.param("[k444] [k555] k777 c234 b8 +b8", "5.2.1", {"1.5": 1}, 5,
                 id="5.2.1-miss-gap"),
    # 5.2.1: consecutive numbers in different suits: 1.5 5 alone
    pytest.param("[c444] [b555] k666 c234 b8 +b8", "5.2.1", {"1.5": 1}, 5,
                 id="5.2.1-miss-mixed-suits"),
    # 5.2.2: pungs 4 5 6 8: 5.2.1 100 + 2.1 30 + 6.1.1 40 = 170
    pytest.param("[k444] [k555] [k666] [k888] dr +dr", "5.2.2",
                 {"2.1": 1, "5.2.1": 1, "6.1.1": 1}, 170,
                 id="5.2.2-miss-gap"),
    # 5.2.3: the chow 678 is not the pungs' numbers: 5.2.1 100 + 1.5 5 = 105
    pytest.param("[k555] [k666] [k777] k678 c2 +c2", "5.2.3", {"1.5": 1, "5.2.1": 1}, 105,
                 id="5.2.3-miss-chow-shifted"),
    # 5.2.3: the chow in another suit: 5.2.1 100 + 1.5 5 = 105
    pytest.param("[k555] [k666] [k777] b567 c2 +c2", "5.2.3", {"1.5": 1, "5.2.1": 1}, 105,
                 id="5.2.3-miss-chow-other-suit"),
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
        # R18: one family, the highest wins
        pytest.param("k123 k234 k345 k456 b8 +b8", "5.1.1", Why.OUTRANKED, "5.1.4",
                     id="5.1.1-outranked-by-5.1.4-step-1"),
        pytest.param("k123 k345 k567 k789 c5 +c5", "5.1.1", Why.OUTRANKED, "5.1.4",
                     id="5.1.1-outranked-by-5.1.4-step-2"),
        pytest.param("k123 k234 k345 k567 c9 +c9", "5.1.1", Why.OUTRANKED, "5.1.3",
                     id="5.1.1-outranked-by-5.1.3-diverging"),
        pytest.param("k123 k345 k456 k567 dw +dw", "5.1.1", Why.OUTRANKED, "5.1.3",
                     id="5.1.1-outranked-by-5.1.3-converging"),
        pytest.param("[k444] [k555] [k666] [k777] c9 +c9", "5.2.1", Why.OUTRANKED, "5.2.2",
                     id="5.2.1-outranked-by-5.2.2"),
        pytest.param("[k555] [k666] [k777] k567 c2 +c2", "5.2.1", Why.OUTRANKED, "5.2.3",
                     id="5.2.1-outranked-by-5.2.3"),
        # R12: Three Mothers is a limit; All Simples is present but adds nothing
        pytest.param("[k555] [k666] [k777] k567 c2 +c2", "1.5", Why.LIMIT, "5.2.3",
                     id="1.5-under-5.2.3-limit"),
    ],
)
def test_present_but_not_counted(text: str, pattern: str, why: Why, by: str) -> None:
    hit = next(h for h in scored(text).best.hits if h.pattern.id == pattern)
    assert not hit.counted
    assert hit.why is why
    assert hit.by is not None
    assert hit.by.id == by


def test_three_mothers_is_the_limit() -> None:
    s = scored("[k555] [k666] [k777] k567 c2 +c2")
    assert s.limit is not None
    assert s.limit.id == "5.2.3"


def test_R19_concealed_three_mothers_reads_as_four_identical_chows() -> None:
    # Four each of k5 k6 k7, all concealed: k555 k666 k777 k567 is Three Mothers
    # (400), k567 x4 is Four Identical Chows (480); R1 keeps 480.
    s = scored("k5555 k6666 k7777 c2 +c2")
    assert {h.pattern.id: h.count for h in s.counted} == {"3.1.4": 1}
    assert s.total == 480
    assert s.limit is not None
    assert s.limit.id == "3.1.4"
    mothers = [o for o in s.others if "5.2.3" in {h.pattern.id for h in o.counted}]
    assert [o.total for o in mothers] == [400]


def test_four_concealed_consecutive_pungs_hit_the_cap() -> None:
    # All concealed, won on the we eyes.  Pungs reading:
    # 5.2.2 200 + 2.2.3 125 + 6.1.1 40 + 2.1 30 + 1.3 5 = 400, no limit pattern,
    # so the sum is capped at 320 (R12).  The chow readings (k456 x3 + k777 or
    # k444 + k567 x3) reach only 3.1.3 120 + 6.1.1 40 + 1.3 5 = 165.
    s = scored("k444 k555 k666 k777 we +we")
    assert {h.pattern.id: h.count for h in s.counted} == {
        "1.3": 1, "2.1": 1, "2.2.3": 1, "5.2.2": 1, "6.1.1": 1}
    assert s.best.sum == 400
    assert s.capped
    assert s.limit is None
    assert s.total == 320
    assert sorted(o.total for o in s.others) == [165, 165]
