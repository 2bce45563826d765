"""Category 6 of the default ruleset (seed 000): suit patterns, on complete hands.

Family 6.1: Mixed One-Suit (6.1.1, one number suit plus honors) and Pure One-Suit
(6.1.2, one number suit only).  6.2 Nine Gates (a limit, R17): the thirteen tiles
held before the winning tile are exactly 1112345678999 of one suit, all concealed;
any of the nine tiles of that suit wins.  The same fourteen tiles won on another
tile, or with an exposed meld, are only Pure One-Suit.
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
    # ---- 6.1.1 Mixed One-Suit ----
    # seed example c234 c777 ws-pung dw-pung c88, won on the eyes:
    # 6.1.1 40 + 2.2.2 30 (c777 ws dw) + 8.2.1 10 + 8.1.1 5 + 1.3 5 = 90
    pytest.param("c234 c777 ws ws ws dw dw dw c8 +c8",
                 {"1.3": 1, "2.2.2": 1, "6.1.1": 1, "8.1.1": 1, "8.2.1": 1}, 90,
                 id="6.1.1-seed-sets"),
    # seed example as seven pairs: 9.1.1 30 + 6.1.1 40 + 1.3 5 = 75
    pytest.param("b22 b44 b77 b88 ws ws wn wn dg +dg", {"1.3": 1, "6.1.1": 1, "9.1.1": 1}, 75,
                 id="6.1.1-seed-seven-pairs"),
    # exposed dragon pung: 6.1.1 40 + 8.2.1 10 = 50
    pytest.param("[dr dr dr] b234 b567 b999 b8 +b8", {"6.1.1": 1, "8.2.1": 1}, 50,
                 id="6.1.1-exposed-dragon-pung"),
    # ---- 6.1.2 Pure One-Suit ----
    # seed example k234 k345 k666 k789 k88: 6.1.2 80 + 1.3 5 = 85
    pytest.param("k234 k345 k666 k789 k8 +k8", {"1.3": 1, "6.1.2": 1}, 85,
                 id="6.1.2-seed-sets"),
    # seed example as seven pairs: 9.1.1 30 + 6.1.2 80 + 1.3 5 = 115
    pytest.param("k11 k22 k44 k55 k77 k88 k9 +k9", {"1.3": 1, "6.1.2": 1, "9.1.1": 1}, 115,
                 id="6.1.2-seed-seven-pairs"),
    # exposed chow, a straight inside: 6.1.2 80 + 5.1.2 40 + 7.1.1 5 = 125
    pytest.param("[c123] c456 c789 c555 c9 +c9", {"5.1.2": 1, "6.1.2": 1, "7.1.1": 1}, 125,
                 id="6.1.2-exposed-chow-with-straight"),
]


@pytest.mark.parametrize(("text", "expected", "total"), FULL)
def test_full_score(text: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total


# The readings the guide lists for each winning tile of 1112345678999.
GATES = [
    pytest.param(1, id="win-1-111-123-456-789-99"),
    pytest.param(2, id="win-2-111-22-345-678-999"),
    pytest.param(3, id="win-3-11-123-345-678-999"),
    pytest.param(4, id="win-4-111-234-456-789-99"),
    pytest.param(5, id="win-5-111-234-55-678-999"),
    pytest.param(6, id="win-6-11-123-456-678-999"),
    pytest.param(7, id="win-7-111-234-567-789-99"),
    pytest.param(8, id="win-8-111-234-567-88-999"),
    pytest.param(9, id="win-9-11-123-456-789-999"),
]


@pytest.mark.parametrize("rank", GATES)
def test_nine_gates_each_winning_tile(rank: int) -> None:
    # R17: held 1112345678999 of coins, won on a discard: 6.2 480 stands alone
    s = scored(f"c1112345678999 +c{rank}")
    assert {h.pattern.id: h.count for h in s.counted} == {"6.2": 1}
    assert s.total == 480
    assert s.limit is not None
    assert s.limit.id == "6.2"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("b1112345678999 +b5 self", id="bamboo-self-drawn"),
        pytest.param("k1112345678999 +k9", id="characters-discard"),
        # the seed's example: with 1112245678999 held the player draws c3 and must
        # throw the second c2 to be nine-way waiting; then winning on c2 is Nine Gates
        pytest.param("c1112345678999 +c2 self", id="seed-held-gates-won-on-2"),
    ],
)
def test_nine_gates_other_suits_and_self_drawn(text: str) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == {"6.2": 1}
    assert s.total == 480


def test_nine_gates_replaces_pure_one_suit() -> None:
    hit = next(h for h in scored("c1112345678999 +c5").best.hits if h.pattern.id == "6.1.2")
    assert not hit.counted
    assert hit.why is Why.LIMIT
    assert hit.by is not None
    assert hit.by.id == "6.2"


NEAR_MISSES = [
    # 6.1.1: a second number suit: 2.2.2 30 + 8.2.1 10 + 8.1.1 5 + 1.3 5 = 50
    pytest.param("c234 c777 ws ws ws dw dw dw b8 +b8", "6.1.1",
                 {"1.3": 1, "2.2.2": 1, "8.1.1": 1, "8.2.1": 1}, 50,
                 id="6.1.1-miss-second-suit"),
    # 6.1.1: no honor at all is 6.1.2, not 6.1.1 (the 6.1.2 seed hand, 85)
    pytest.param("k234 k345 k666 k789 k8 +k8", "6.1.1", {"1.3": 1, "6.1.2": 1}, 85,
                 id="6.1.1-miss-no-honor"),
    # 6.1.2: dragon eyes make it mixed: 6.1.1 40 + 1.3 5 = 45
    pytest.param("k234 k345 k666 k789 dr +dr", "6.1.2", {"1.3": 1, "6.1.1": 1}, 45,
                 id="6.1.2-miss-honor-eyes"),
    # R17: the tiles c11123455678999 win as Nine Gates on c5, but won on c1 the
    # thirteen held were c1123455678999.  Reading 111 234 55 678 999, c111 finished
    # by the discard (R3), so one concealed pung:
    # 6.1.2 80 + 7.1.2 15 (c111 with c999) + 1.3 5 = 100
    pytest.param("c1123455678999 +c1", "6.2", {"1.3": 1, "6.1.2": 1, "7.1.2": 1}, 100,
                 id="6.2-miss-same-tiles-won-on-1"),
    # R17: the same fourteen tiles won on c9: c999 is the discarded pung; 100 again
    pytest.param("c1112345567899 +c9", "6.2", {"1.3": 1, "6.1.2": 1, "7.1.2": 1}, 100,
                 id="6.2-miss-same-tiles-won-on-9"),
    # R17, the seed's example: 1112245678999 held, c3 self-drawn and the extra c2
    # kept.  Reading 111 22 345 678 999, both pungs concealed:
    # 6.1.2 80 + 7.1.2 15 + 2.2.1 5 + 1.3 5 + 1.4 5 = 110
    pytest.param("c1112245678999 +c3 self", "6.2",
                 {"1.3": 1, "1.4": 1, "2.2.1": 1, "6.1.2": 1, "7.1.2": 1}, 110,
                 id="6.2-miss-seed-extra-2-kept"),
    # R17: c111 exposed: 111 234 55 678 999 again, no 1.3, c999 concealed:
    # 6.1.2 80 + 7.1.2 15 = 95
    pytest.param("[c111] c2345678999 +c5", "6.2", {"6.1.2": 1, "7.1.2": 1}, 95,
                 id="6.2-miss-exposed-pung"),
]


@pytest.mark.parametrize(("text", "missing", "expected", "total"), NEAR_MISSES)
def test_near_miss(text: str, missing: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total
    assert missing not in _anywhere(text)
