"""Category 13 of mj-score-eval (seed 000): flowers and seasons, on real hands.

R11: every bonus tile scores 2 and stacks with the complete sets: four flowers or
four seasons 12 + 4x2 = 20, all eight 64 + 8x2 = 80 (13.1.3 takes the place of
13.1.1 and 13.1.2).  R13: bonus tiles do not stop a Chicken Hand.  R12: they add
nothing to a limit hand, and they are part of the sum the 320 cap applies to.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.scoring import Score, Why
from tests.helpers import scored

# CHOWS: concealed, all chows -> 1.2 5 + 1.3 5 = 10 (on a discard).
CHOWS = "c123 c456 b234 k678 k9 +k9"
# CHICKEN: two exposed chows, nothing to score -> 1.1 Chicken Hand 1.
CHICKEN = "[c123] [b456] k789 c555 dr +dr"
# DRAGONS: 8.2.3 130 + 8.2.1 3x10 + 2.2.2 30 + 1.3 5 + 1.4 5 + 7.2.1 40 = 240.
DRAGONS = "dw dw dw dg dg dg dr dr dr c789 k1 +k1 self"
ALL_EIGHT = "f1 f2 f3 f4 s1 s2 s3 s4"


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


FULL = [
    # --- 13.1 Bonus Tile, 2 each ---
    pytest.param(
        # 10 + 13.1 2 = 12
        f"{CHOWS} f1", 12, {"1.2": 1, "1.3": 1, "13.1": 1}, id="13.1-one-flower",
    ),
    pytest.param(
        # Chicken Hand keeps its point (R13): 1 + 2x2 = 5
        f"{CHICKEN} f2 s3", 5, {"1.1": 1, "13.1": 2}, id="13.1-chicken-with-flower-and-season",
    ),
    pytest.param(
        # three flowers and a season make no complete set: 10 + 4x2 = 18
        f"{CHOWS} f1 f2 f3 s4", 18, {"1.2": 1, "1.3": 1, "13.1": 4},
        id="13.1-four-mixed-bonus-tiles",
    ),
    # --- 13.1.1 All Flowers (12, 20 with its tiles) ---
    pytest.param(
        # seed pattern: 10 + 13.1.1 12 + 4x2 = 30
        f"{CHOWS} f1 f2 f3 f4", 30, {"1.2": 1, "1.3": 1, "13.1.1": 1, "13.1": 4},
        id="13.1.1-seed-pattern",
    ),
    pytest.param(
        # 1.1 1 + 12 + 8 = 21 (R13)
        f"{CHICKEN} f1 f2 f3 f4", 21, {"1.1": 1, "13.1.1": 1, "13.1": 4},
        id="13.1.1-on-a-chicken-hand",
    ),
    pytest.param(
        # a season on top: 10 + 12 + 5x2 = 32
        f"{CHOWS} f1 f2 f3 f4 s1", 32, {"1.2": 1, "1.3": 1, "13.1.1": 1, "13.1": 5},
        id="13.1.1-plus-a-season",
    ),
    # --- 13.1.2 All Seasons (12, 20 with its tiles) ---
    pytest.param(
        # seed pattern: 10 + 13.1.2 12 + 4x2 = 30
        f"{CHOWS} s1 s2 s3 s4", 30, {"1.2": 1, "1.3": 1, "13.1.2": 1, "13.1": 4},
        id="13.1.2-seed-pattern",
    ),
    pytest.param(
        # 1 + 12 + 5x2 = 23
        f"{CHICKEN} s1 s2 s3 s4 f1", 23, {"1.1": 1, "13.1.2": 1, "13.1": 5},
        id="13.1.2-plus-a-flower-on-a-chicken-hand",
    ),
    # --- 13.1.3 All Bonus Tiles (64, 80 with its tiles) ---
    pytest.param(
        # seed pattern: 10 + 13.1.3 64 + 8x2 = 90
        f"{CHOWS} {ALL_EIGHT}", 90, {"1.2": 1, "1.3": 1, "13.1.3": 1, "13.1": 8},
        id="13.1.3-seed-pattern",
    ),
    pytest.param(
        # 1 + 64 + 16 = 81
        f"{CHICKEN} {ALL_EIGHT}", 81, {"1.1": 1, "13.1.3": 1, "13.1": 8},
        id="13.1.3-on-a-chicken-hand",
    ),
    pytest.param(
        # seven tiles miss the full set: 10 + 13.1.1 12 + 7x2 = 36
        f"{CHOWS} f1 f2 f3 f4 s1 s2 s3", 36, {"1.2": 1, "1.3": 1, "13.1.1": 1, "13.1": 7},
        id="13.1.3-missing-one-season",
    ),
    # --- the cap (R12) ---
    pytest.param(
        # 240 + 64 + 16 = 320: exactly the cap
        f"{DRAGONS} {ALL_EIGHT}", 320,
        {"8.2.3": 1, "8.2.1": 3, "2.2.2": 1, "1.3": 1, "1.4": 1, "7.2.1": 1, "13.1.3": 1,
         "13.1": 8},
        id="13.1.3-reaches-the-cap-exactly",
    ),
    pytest.param(
        # 240 + 80 + 12.2.2 10 = 330, capped at 320
        f"{DRAGONS} {ALL_EIGHT} win-on-bonus", 320,
        {"8.2.3": 1, "8.2.1": 3, "2.2.2": 1, "1.3": 1, "1.4": 1, "7.2.1": 1, "13.1.3": 1,
         "13.1": 8, "12.2.2": 1},
        id="13.1.3-pushes-past-the-cap",
    ),
]


@pytest.mark.parametrize(("text", "total", "expected"), FULL)
def test_full_score(text: str, total: int, expected: dict[str, int]) -> None:
    s = scored(text)
    assert _counted(s) == expected
    assert s.total == total


@pytest.mark.parametrize(
    ("text", "capped"),
    [
        pytest.param(f"{DRAGONS} {ALL_EIGHT}", False, id="sum-320-is-not-capped"),
        pytest.param(f"{DRAGONS} {ALL_EIGHT} win-on-bonus", True, id="sum-330-is-capped"),
    ],
)
def test_cap_flag(text: str, capped: bool) -> None:
    assert scored(text).capped is capped


@pytest.mark.parametrize(
    ("text", "total"),
    [
        # R11: the family 13.1 alone is worth these amounts
        pytest.param(f"{CHOWS} f1 f2 f3 f4", 20, id="four-flowers-are-20"),
        pytest.param(f"{CHOWS} s1 s2 s3 s4", 20, id="four-seasons-are-20"),
        pytest.param(f"{CHOWS} {ALL_EIGHT}", 80, id="all-eight-are-80"),
    ],
)
def test_bonus_family_totals(text: str, total: int) -> None:
    s = scored(text)
    assert sum(h.points for h in s.counted if h.pattern.family == "13.1") == total


def test_all_eight_silence_the_two_sets_of_four() -> None:
    # 13.1.1 and 13.1.2 are present with all eight tiles but do not count.
    s = scored(f"{CHOWS} {ALL_EIGHT}")
    silent = {h.pattern.id: h for h in s.not_counted}
    assert {"13.1.1", "13.1.2"} <= set(silent)
    for pid in ("13.1.1", "13.1.2"):
        by = silent[pid].by
        assert by is not None and by.id == "13.1.3"


@pytest.mark.parametrize(
    ("text", "limit", "total"),
    [
        # R12: bonus tiles add nothing to a limit hand
        pytest.param(f"we we we ws ws ws ww ww ww wn wn wn c5 +c5 {ALL_EIGHT}", "8.1.5", 400,
                     id="big-four-winds-with-all-eight"),
        pytest.param("c11 c22 c33 c44 c55 c66 c7 +c7 f1 f2 f3 f4", "9.1.2", 320,
                     id="shifted-pairs-with-four-flowers"),
    ],
)
def test_bonus_on_limit_hands(text: str, limit: str, total: int) -> None:
    s = scored(text)
    assert s.total == total
    assert s.limit is not None and s.limit.id == limit
    assert all(h.pattern.category != "13" for h in s.counted)
    # the per-tile points are silenced by the limit (the sets of four may instead be
    # outranked inside their family)
    per_tile = next(h for h in s.not_counted if h.pattern.id == "13.1")
    assert per_tile.why is Why.LIMIT


def test_bonus_adds_to_thirteen_orphans() -> None:
    # 11.1 (160) is below the limit line, so it is summed: 160 + 1.4 5 + 13.1 2 = 167
    s = scored("c1 c9 b1 b9 k1 k9 we ws ww wn dr dg dw +dr self s1")
    assert s.limit is None
    assert _counted(s) == {"11.1": 1, "1.4": 1, "13.1": 1}
    assert s.total == 167


NEAR_MISSES = [
    # (hand, pattern absent, total)
    pytest.param(CHOWS, "13.1", 10, id="13.1-absent-no-bonus-tile"),
    pytest.param(f"{CHOWS} f1 f2 f3 s4", "13.1.1", 18, id="13.1.1-absent-three-flowers"),
    pytest.param(f"{CHOWS} s1 s2 s3 f4", "13.1.2", 18, id="13.1.2-absent-three-seasons"),
    pytest.param(f"{CHOWS} f1 f2 f3 f4 s1 s2 s3", "13.1.3", 36, id="13.1.3-absent-seven-tiles"),
]


@pytest.mark.parametrize(("text", "absent", "total"), NEAR_MISSES)
def test_near_miss(text: str, absent: str, total: int) -> None:
    s = scored(text)
    assert absent not in {h.pattern.id for h in s.best.hits}
    assert s.total == total
