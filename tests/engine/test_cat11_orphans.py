"""Category 11 of mj-score-eval (seed 000): Thirteen Orphans, on real hands.

R16: the hand never scores Concealed Hand, All Types or Mixed Greater Terminals
(they are present but do not apply to its shape); it may score Self Drawn and the
incidental bonuses.  Both the single wait and the thirteen-way wait score alike.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.scoring import Score, Why
from mj_trainer.engine.shape import Shape
from tests.helpers import scored

# The seed's two hands before the winning tile.
SINGLE_WAIT = "c1 b1 b9 k1 k9 we ws ws ww wn dr dg dw"  # needs c9
THIRTEEN_WAY = "c1 c9 b1 b9 k1 k9 we ws ww wn dr dg dw"  # any orphan completes it


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


FULL = [
    pytest.param(
        # seed example 1 on the discarded c9: 11.1 160
        f"{SINGLE_WAIT} +c9", 160, {"11.1": 1}, id="11.1-seed-single-wait",
    ),
    pytest.param(
        # seed example 2, won on dr: 160
        f"{THIRTEEN_WAY} +dr", 160, {"11.1": 1}, id="11.1-seed-thirteen-way-wait",
    ),
    pytest.param(
        # the thirteen-way hand won on a number tile: still 160
        f"{THIRTEEN_WAY} +k9", 160, {"11.1": 1}, id="11.1-thirteen-way-on-k9",
    ),
    pytest.param(
        # R16 allows Self Drawn: 160 + 1.4 5 = 165
        f"{SINGLE_WAIT} +c9 self", 165, {"11.1": 1, "1.4": 1}, id="11.1-single-wait-self-drawn",
    ),
    pytest.param(
        f"{THIRTEEN_WAY} +we self", 165, {"11.1": 1, "1.4": 1},
        id="11.1-thirteen-way-self-drawn",
    ),
    pytest.param(
        # 160 + 1.4 5 + 12.1.1 10 = 175
        f"{THIRTEEN_WAY} +c1 self final-draw", 175, {"11.1": 1, "1.4": 1, "12.1.1": 1},
        id="11.1-final-draw",
    ),
    pytest.param(
        # 160 + 12.1.2 10 = 170
        f"{SINGLE_WAIT} +c9 final-discard", 170, {"11.1": 1, "12.1.2": 1},
        id="11.1-final-discard",
    ),
    pytest.param(
        # robbing a kong of c9; the hand holds a single c9: 160 + 12.3 10 = 170
        f"{SINGLE_WAIT} +c9 robbing-kong", 170, {"11.1": 1, "12.3": 1},
        id="11.1-robbing-a-kong",
    ),
    pytest.param(
        # 160 + 1.4 5 + 12.2.2 10 + 13.1 2 = 177
        f"{THIRTEEN_WAY} +c1 self f2 win-on-bonus", 177,
        {"11.1": 1, "1.4": 1, "12.2.2": 1, "13.1": 1},
        id="11.1-win-on-bonus-tile",
    ),
    pytest.param(
        # 160 + 1.4 5 + 12.4.1 155 = 320, exactly the cap
        f"{THIRTEEN_WAY} +dw self blessing-of-heaven", 320,
        {"11.1": 1, "1.4": 1, "12.4.1": 1},
        id="11.1-blessing-of-heaven",
    ),
    pytest.param(
        # 160 + 5 + 155 + 13.1 2 = 322, capped at 320 (R12)
        f"{THIRTEEN_WAY} +dw self blessing-of-heaven f1", 320,
        {"11.1": 1, "1.4": 1, "12.4.1": 1, "13.1": 1},
        id="11.1-blessing-of-heaven-and-flower-capped",
    ),
    pytest.param(
        # 160 + 12.4.2 155 = 315
        f"{THIRTEEN_WAY} +ws seat:south blessing-of-earth", 315, {"11.1": 1, "12.4.2": 1},
        id="11.1-blessing-of-earth",
    ),
    pytest.param(
        # 160 + 13.1.1 12 + 13.1 4x2 = 180
        f"{SINGLE_WAIT} +c9 f1 f2 f3 f4", 180, {"11.1": 1, "13.1.1": 1, "13.1": 4},
        id="11.1-with-all-flowers",
    ),
]


@pytest.mark.parametrize(("text", "total", "expected"), FULL)
def test_full_score(text: str, total: int, expected: dict[str, int]) -> None:
    s = scored(text)
    assert _counted(s) == expected
    assert s.total == total
    assert s.arrangement is not None and s.arrangement.shape is Shape.THIRTEEN_ORPHANS


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(f"{SINGLE_WAIT} +c9", id="single-wait"),
        pytest.param(f"{THIRTEEN_WAY} +dr self", id="thirteen-way-self-drawn"),
    ],
)
def test_r16_shape_exclusions(text: str) -> None:
    # The hand is concealed, has all five types and only terminals and honors, yet
    # none of 1.3, 1.6 and 7.2.3 counts: each is present, excluded by the shape.
    s = scored(text)
    excluded = {h.pattern.id: h for h in s.not_counted}
    for pid in ("1.3", "1.6", "7.2.3"):
        assert pid in excluded
        assert excluded[pid].why is Why.SHAPE
    assert not {"1.3", "1.6", "7.2.3"} & set(_counted(s))


def test_no_chicken_hand() -> None:
    # Thirteen Orphans is a pattern, so the hand is never a Chicken Hand (R13).
    assert "1.1" not in {h.pattern.id for h in scored(f"{SINGLE_WAIT} +c9").best.hits}


NEAR_MISSES = [
    # (hand, full total): the 11.1 pattern is absent
    pytest.param(
        # twelve orphans and a c55 pair: not a win at all, Illegal Call -40 (R7)
        "c1 c9 b1 b9 k1 k9 we ws ww wn dr dg c5 +c5", -40, id="11.1-absent-simple-pair",
    ),
    pytest.param(
        # dg missing, dr and dw both paired: not a win, -40 (R7)
        "c1 c9 b1 b9 k1 k9 we ws ww wn dr dr dw +dw", -40, id="11.1-absent-two-pairs",
    ),
    pytest.param(
        # only orphans, but dg missing and dr tripled: no hand either, -40
        "c1 c9 b1 b9 k1 k9 we ws ww wn dr dr dr +dw", -40, id="11.1-absent-triple-dragon",
    ),
]


@pytest.mark.parametrize(("text", "total"), NEAR_MISSES)
def test_near_miss(text: str, total: int) -> None:
    s = scored(text)
    assert not s.winning
    assert "11.1" not in {h.pattern.id for h in s.best.hits}
    assert s.total == total
