"""Category 4 of the default ruleset (seed 000): similar sets, on complete hands.

4.1 Three Similar Chows (its own family); family 4.2: Little Three Similar Pungs
(4.2.1, two pungs and the eyes of one number, the eyes in the third suit) and Three
Similar Pungs (4.2.2).  All three suits are needed; two suits earn nothing here.
Kongs serve as pungs (R4).
"""

from __future__ import annotations

import pytest

from tests.helpers import scored


def _anywhere(text: str) -> set[str]:
    """Ids present in any arrangement of the hand, counted or not."""
    s = scored(text)
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


FULL = [
    # ---- 4.1 Three Similar Chows ----
    # seed example c345 b345 k345, all simples, concealed:
    # 4.1 35 + 1.2 5 + 1.3 5 + 1.5 5 = 50
    pytest.param("c345 b345 k345 c678 k2 +k2", {"1.2": 1, "1.3": 1, "1.5": 1, "4.1": 1}, 50,
                 id="4.1-seed-example"),
    # one of the three exposed, dragon eyes: 4.1 35 + 1.2 5 = 40
    pytest.param("[b456] c456 k456 c789 dr +dr", {"1.2": 1, "4.1": 1}, 40,
                 id="4.1-one-exposed"),
    # c123 b123 k123 plus a second c123, dragon eyes: every set holds a 1 and the
    # eyes an honor, so 7.2.1 too:
    # 4.1 35 + 7.2.1 40 + 3.1.1 10 + 1.2 5 + 1.3 5 = 95
    pytest.param("c123 c123 b123 k123 dr +dr",
                 {"1.2": 1, "1.3": 1, "3.1.1": 1, "4.1": 1, "7.2.1": 1}, 95,
                 id="4.1-with-two-identical-chows"),
    # ---- 4.2.1 Little Three Similar Pungs ----
    # seed example c444 k444 with b44 as the eyes (the third suit):
    # 4.2.1 30 + 2.2.1 5 + 1.3 5 + 1.5 5 = 45
    pytest.param("c444 k444 c678 k567 b4 +b4",
                 {"1.3": 1, "1.5": 1, "2.2.1": 1, "4.2.1": 1}, 45,
                 id="4.2.1-seed-example"),
    # exposed pungs c777 b777, eyes k77 in the third suit: 4.2.1 30 alone
    pytest.param("[c777] [b777] k123 c456 k7 +k7", {"4.2.1": 1}, 30,
                 id="4.2.1-exposed-pungs-eyes-third-suit"),
    # the eyes k22 completed by the discard: 4.2.1 30 + 1.5 5 = 35
    pytest.param("[c222] [b222] c345 b678 k2 +k2", {"1.5": 1, "4.2.1": 1}, 35,
                 id="4.2.1-eyes-won-on-discard"),
    # ---- 4.2.2 Three Similar Pungs ----
    # seed example c444 k444 b444, all concealed:
    # 4.2.2 120 + 2.2.2 30 + 1.3 5 = 155
    pytest.param("c444 k444 b444 c567 dr +dr", {"1.3": 1, "2.2.2": 1, "4.2.2": 1}, 155,
                 id="4.2.2-seed-example"),
    # R4: an exposed kong as one of them: 4.2.2 120 + 2.3.1 5 + 2.2.1 5 = 130
    pytest.param("[k4444] c444 b444 b678 c9 +c9", {"2.2.1": 1, "2.3.1": 1, "4.2.2": 1}, 130,
                 id="4.2.2-R4-with-exposed-kong"),
]


@pytest.mark.parametrize(("text", "expected", "total"), FULL)
def test_full_score(text: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total


NEAR_MISSES = [
    # 4.1: the third chow is one step higher: 1.2 5 + 1.3 5 + 1.5 5 = 15
    pytest.param("c345 b345 k456 c678 k2 +k2", "4.1", {"1.2": 1, "1.3": 1, "1.5": 1}, 15,
                 id="4.1-miss-third-chow-shifted"),
    # 4.1: two suits only, the third chow doubles one of them:
    # 3.1.1 10 + 1.2 5 + 1.3 5 + 1.5 5 = 25
    pytest.param("c345 b345 b345 c678 k2 +k2", "4.1",
                 {"1.2": 1, "1.3": 1, "1.5": 1, "3.1.1": 1}, 25,
                 id="4.1-miss-two-suits-only"),
    # 4.2.1: eyes of another number: 2.2.1 5 + 1.3 5 + 1.5 5 = 15
    pytest.param("c444 k444 c678 k567 b5 +b5", "4.2.1", {"1.3": 1, "1.5": 1, "2.2.1": 1}, 15,
                 id="4.2.1-miss-eyes-other-number"),
    # 4.2.1: honor eyes: 2.2.1 5 + 1.3 5 = 10
    pytest.param("c444 k444 c678 k567 dr +dr", "4.2.1", {"1.3": 1, "2.2.1": 1}, 10,
                 id="4.2.1-miss-honor-eyes"),
    # 4.2.2: third pung one number higher: 2.2.2 30 + 1.3 5 = 35
    pytest.param("c444 k444 b555 c567 dr +dr", "4.2.2", {"1.3": 1, "2.2.2": 1}, 35,
                 id="4.2.2-miss-third-pung-shifted"),
]


@pytest.mark.parametrize(("text", "missing", "expected", "total"), NEAR_MISSES)
def test_near_miss(text: str, missing: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total
    assert missing not in _anywhere(text)


def test_little_three_similar_pungs_is_not_three_similar_pungs() -> None:
    # two pungs and eyes are not three pungs: 4.2.2 must not show up at all
    assert "4.2.2" not in _anywhere("c444 k444 c678 k567 b4 +b4")
