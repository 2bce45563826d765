"""Category 8 of mj-score-eval (seed 000): wind and dragon patterns, on real hands.

Wind Pung and Dragon Pung count once per set and stack with the bigger patterns of
their family (R11); the four-wind hands and the all-honor hands are limits (R12).
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
    # --- 8.1.1 Wind Pung (5 per set) ---
    pytest.param(
        # 8.1.1 5 + 1.3 5 = 10
        "we we we c123 b456 k789 c5 +c5", 10, {"8.1.1": 1, "1.3": 1},
        id="8.1.1-one-concealed-wind-pung",
    ),
    pytest.param(
        # a kong is a pung (R4): 8.1.1 5 + 2.3.1 5 = 10
        "[wn wn wn wn] c234 b345 k567 b2 +b2", 10, {"8.1.1": 1, "2.3.1": 1},
        id="8.1.1-exposed-wind-kong",
    ),
    pytest.param(
        # R23: the seat and prevailing wind earn nothing extra: 8.1.1 5 + 1.3 5 = 10
        "ws ws ws c123 b456 k789 c5 +c5 seat:south wind:south", 10, {"8.1.1": 1, "1.3": 1},
        id="8.1.1-seat-and-prevailing-wind-earn-nothing-extra",
    ),
    pytest.param(
        # two wind pungs, coin eyes: 8.1.1 2x5 + 6.1.1 40 = 50
        "[ws ws ws] [ww ww ww] c123 c456 c7 +c7", 50, {"8.1.1": 2, "6.1.1": 1},
        id="8.1.1-two-wind-pungs-count-twice",
    ),
    # --- 8.1.2 Little Three Winds (30, at least 40) ---
    pytest.param(
        # seed example: 8.1.2 30 + 8.1.1 2x5 + 2.2.1 5 + 1.3 5 = 50
        "ww ww ww wn wn wn we we c123 b56 +b4", 50,
        {"8.1.2": 1, "8.1.1": 2, "2.2.1": 1, "1.3": 1},
        id="8.1.2-seed-example",
    ),
    pytest.param(
        # c111 is completed by a discard, so not concealed (R3):
        # 8.1.2 30 + 8.1.1 2x5 + 2.3.1 5 + 6.1.1 40 + 7.2.1 40 = 125
        "[ws ws ws ws] [we we we] wn wn c789 c1 c1 +c1", 125,
        {"8.1.2": 1, "8.1.1": 2, "2.3.1": 1, "6.1.1": 1, "7.2.1": 1},
        id="8.1.2-with-wind-kong",
    ),
    # --- 8.1.3 Big Three Winds (120, at least 135) ---
    pytest.param(
        # seed example, all exposed: 8.1.3 120 + 8.1.1 3x5 = 135
        "[we we we] [ws ws ws] [wn wn wn] c123 b5 +b5", 135, {"8.1.3": 1, "8.1.1": 3},
        id="8.1.3-seed-example-exposed",
    ),
    pytest.param(
        # concealed: 120 + 15 + 2.2.2 30 + 1.3 5 = 170
        "we we we ws ws ws wn wn wn c123 b5 +b5", 170,
        {"8.1.3": 1, "8.1.1": 3, "2.2.2": 1, "1.3": 1},
        id="8.1.3-concealed",
    ),
    pytest.param(
        # 120 + 15 + 2.3.1 5 + 2.2.1 5 (ws wn) + 6.1.1 40 = 185
        "[ww ww ww ww] ws ws ws wn wn wn b234 dr +dr", 185,
        {"8.1.3": 1, "8.1.1": 3, "2.3.1": 1, "2.2.1": 1, "6.1.1": 1},
        id="8.1.3-with-wind-kong-and-dragon-eyes",
    ),
    # --- 8.2.1 Dragon Pung (10 per set) ---
    pytest.param(
        # 8.2.1 10 + 1.3 5 = 15
        "dr dr dr c123 b456 k789 c5 +c5", 15, {"8.2.1": 1, "1.3": 1},
        id="8.2.1-one-dragon-pung",
    ),
    pytest.param(
        # two dragon pungs, bamboo eyes: 8.2.1 2x10 + 6.1.1 40 = 60
        "[dg dg dg] [dw dw dw] b234 b678 b9 +b9", 60, {"8.2.1": 2, "6.1.1": 1},
        id="8.2.1-two-dragon-pungs-count-twice",
    ),
    pytest.param(
        # 8.2.1 10 + 2.3.1 5 + 1.3 5 + 5.1.2 40 + 7.1.1 5 = 65
        "{dr dr dr dr} c123 c456 c789 k5 +k5", 65,
        {"8.2.1": 1, "2.3.1": 1, "1.3": 1, "5.1.2": 1, "7.1.1": 1},
        id="8.2.1-concealed-dragon-kong",
    ),
    # --- 8.2.2 Little Three Dragons (40, at least 60) ---
    pytest.param(
        # seed example: 8.2.2 40 + 8.2.1 2x10 + 2.2.1 5 + 1.3 5 = 70
        "dw dw dw dr dr dr dg dg c123 b56 +b4", 70,
        {"8.2.2": 1, "8.2.1": 2, "2.2.1": 1, "1.3": 1},
        id="8.2.2-seed-example",
    ),
    pytest.param(
        # k999 finished by a discard (R3): 8.2.2 40 + 8.2.1 2x10 + 6.1.1 40 + 7.2.1 40 = 140
        "[dr dr dr] [dg dg dg] dw dw k123 k9 k9 +k9", 140,
        {"8.2.2": 1, "8.2.1": 2, "6.1.1": 1, "7.2.1": 1},
        id="8.2.2-exposed-dragons",
    ),
    # --- 8.2.3 Big Three Dragons (130, at least 160) ---
    pytest.param(
        # seed pattern, exposed: 8.2.3 130 + 8.2.1 3x10 = 160
        "[dw dw dw] [dg dg dg] [dr dr dr] c123 b5 +b5", 160, {"8.2.3": 1, "8.2.1": 3},
        id="8.2.3-seed-pattern-exposed",
    ),
    pytest.param(
        # 130 + 30 + 2.2.2 30 + 1.3 5 + 1.4 5 + 7.2.1 40 = 240
        "dw dw dw dg dg dg dr dr dr c789 k1 +k1 self", 240,
        {"8.2.3": 1, "8.2.1": 3, "2.2.2": 1, "1.3": 1, "1.4": 1, "7.2.1": 1},
        id="8.2.3-concealed-self-drawn",
    ),
]


@pytest.mark.parametrize(("text", "total", "expected"), FULL)
def test_full_score(text: str, total: int, expected: dict[str, int]) -> None:
    s = scored(text)
    assert _counted(s) == expected
    assert s.total == total


LIMITS = [
    # (hand, the limit that stands alone, its value, patterns present but silenced)
    pytest.param(
        # seed example
        "we we we ww ww ww wn wn wn ws c123 +ws", "8.1.4", 320, ("8.1.1", "8.1.3", "2.2.2"),
        id="8.1.4-seed-example",
    ),
    pytest.param(
        "[we we we] [ww ww ww] [wn wn wn] ws b789 +ws", "8.1.4", 320, ("8.1.1", "7.2.1"),
        id="8.1.4-exposed",
    ),
    pytest.param(
        # seed pattern with coin eyes
        "we we we ws ws ws ww ww ww wn wn wn c5 +c5", "8.1.5", 400, ("8.1.1", "2.1", "2.2.3"),
        id="8.1.5-seed-pattern",
    ),
    pytest.param(
        # R12: All Honor Pungs 320 and Big Four Winds 400 give 400, not 720
        "we we we ws ws ws ww ww ww wn wn wn dr +dr", "8.1.5", 400, ("8.3.1", "8.1.1"),
        id="8.1.5-beats-all-honor-pungs",
    ),
    pytest.param(
        # self-drawn, kong, flowers: none of it adds to a limit (R12)
        "[we we we we] ws ws ws ww ww ww wn wn wn b9 +b9 self f1 f2", "8.1.5", 400,
        ("1.4", "2.3.1", "13.1"),
        id="8.1.5-with-kong-self-drawn-and-flowers",
    ),
    pytest.param(
        # seed example; it also has Little Three Winds and two dragon pungs
        "we we we wn wn wn dr dr dr dg dg dg ws +ws", "8.3.1", 320, ("8.1.2", "8.2.1", "2.2.3"),
        id="8.3.1-seed-example",
    ),
    pytest.param(
        # R23: seven pairs of honors (four dr as two pairs, R5), only six kinds
        "we we ws ws ww ww dr dr dr dr dg dg wn +wn", "8.3.1", 320, ("9.1.1", "1.3"),
        id="8.3.1-seven-pairs",
    ),
    pytest.param(
        "[dr dr dr dr] we we we ws ws ws dg dg dg ww +ww f1", "8.3.1", 320,
        ("8.1.2", "8.2.1", "2.3.1", "13.1"),
        id="8.3.1-with-kong-and-flower",
    ),
    pytest.param(
        # seed pattern
        "we we ws ws ww ww wn wn dr dr dg dg dw +dw", "8.3.2", 480, ("8.3.1", "9.1.1"),
        id="8.3.2-seed-pattern",
    ),
    pytest.param(
        "we ws ws ww ww wn wn dr dr dg dg dw dw +we self f1 s2", "8.3.2", 480,
        ("8.3.1", "1.4", "13.1"),
        id="8.3.2-self-drawn-with-bonus-tiles",
    ),
]


@pytest.mark.parametrize(("text", "limit", "total", "silenced"), LIMITS)
def test_limit_stands_alone(text: str, limit: str, total: int, silenced: tuple[str, ...]) -> None:
    s = scored(text)
    assert s.total == total
    assert s.limit is not None and s.limit.id == limit
    assert _counted(s) == {limit: 1}
    missing = {h.pattern.id for h in s.not_counted}
    for pid in silenced:
        assert pid in missing


def test_little_four_winds_and_all_honors_tie_at_320() -> None:
    # Both limits are worth 320; R12 keeps one of them, never their sum.
    s = scored("we we we ww ww ww wn wn wn ws dr dr dr +ws")
    assert s.total == 320
    assert s.limit is not None and s.limit.id in {"8.1.4", "8.3.1"}
    ids = {h.pattern.id for h in s.best.hits}
    assert {"8.1.4", "8.3.1"} <= ids
    assert len(s.counted) == 1


NEAR_MISSES = [
    # (hand, pattern absent from every arrangement, full total with its arithmetic)
    pytest.param(
        # winds only as eyes: 8.2.1 10 + 1.3 5 + 1.6 10 = 25
        "c123 b456 k789 dr dr dr we +we", "8.1.1", 25, id="8.1.1-absent-wind-pair-only",
    ),
    pytest.param(
        # seven pairs hold wind pairs, never pungs (R5): 9.1.1 30 + 6.1.1 40 + 1.3 5 = 75
        "we we ws ws ww ww wn wn c11 c55 c9 +c9", "8.1.1", 75,
        id="8.1.1-absent-seven-pairs-of-winds",
    ),
    pytest.param(
        # dragon eyes: 8.1.1 2x5 + 2.2.1 5 + 1.3 5 = 20
        "we we we ws ws ws dr dr c123 b56 +b4", "8.1.2", 20, id="8.1.2-absent-dragon-eyes",
    ),
    pytest.param(
        # one wind pung and wind eyes: 8.1.1 5 + 1.3 5 = 10
        "we we we wn wn c123 b456 k78 +k9", "8.1.2", 10, id="8.1.2-absent-one-wind-pung",
    ),
    pytest.param(
        # two wind pungs and a wind pair are Little, not Big (50, as above)
        "ww ww ww wn wn wn we we c123 b56 +b4", "8.1.3", 50, id="8.1.3-absent-little-three",
    ),
    pytest.param(
        # three wind pungs, dragon eyes: 8.1.3 120 + 8.1.1 3x5 + 2.2.2 30 + 1.3 5
        # + 6.1.1 40 + 7.2.1 40 = 250
        "we we we ww ww ww wn wn wn dr c123 +dr", "8.1.4", 250,
        id="8.1.4-absent-dragon-eyes",
    ),
    pytest.param(
        # three pungs and a pair of winds: Little Four Winds 320, not Big
        "we we we ww ww ww wn wn wn ws c123 +ws", "8.1.5", 320, id="8.1.5-absent-wind-eyes",
    ),
    pytest.param(
        # dragon only as eyes: 8.1.1 5 + 1.3 5 + 1.6 10 = 20
        "c123 b456 k789 we we we dr +dr", "8.2.1", 20, id="8.2.1-absent-dragon-pair-only",
    ),
    pytest.param(
        # wind eyes: 8.2.1 2x10 + 2.2.1 5 + 1.3 5 = 30
        "dr dr dr dg dg dg we we c123 b56 +b4", "8.2.2", 30, id="8.2.2-absent-wind-eyes",
    ),
    pytest.param(
        # two dragon pungs and a dragon pair are Little, not Big (70, as above)
        "dw dw dw dr dr dr dg dg c123 b56 +b4", "8.2.3", 70, id="8.2.3-absent-little-three",
    ),
    pytest.param(
        # one coin pung among the honors: 8.1.2 30 + 8.1.1 2x5 + 8.2.1 10 + 6.1.1 40
        # + 2.1 30 + 2.2.3 125 + 1.3 5 + 7.2.3 100 = 350, capped at 320 (R12)
        "we we we wn wn wn dr dr dr c111 ws +ws", "8.3.1", 320, id="8.3.1-absent-one-coin-pung",
    ),
    pytest.param(
        # seven honor pairs, but dr twice and no dw: All Honor Pungs only (320)
        "we we ws ws ww ww dr dr dr dr dg dg wn +wn", "8.3.2", 320,
        id="8.3.2-absent-a-repeated-honor",
    ),
]


@pytest.mark.parametrize(("text", "absent", "total"), NEAR_MISSES)
def test_near_miss(text: str, absent: str, total: int) -> None:
    s = scored(text)
    assert absent not in _everywhere(s)
    assert s.total == total


def test_all_honors_near_miss_is_capped() -> None:
    s = scored("we we we wn wn wn dr dr dr c111 ws +ws")
    assert s.capped
    assert s.best.sum == 350


@pytest.mark.parametrize(
    ("text", "family", "at_least"),
    [
        # R11: the pungs inside the bigger pattern still count
        pytest.param("ww ww ww wn wn wn we we c123 b56 +b4", "8.1", 40, id="8.1.2-is-40"),
        pytest.param("[we we we] [ws ws ws] [wn wn wn] c123 b5 +b5", "8.1", 135,
                     id="8.1.3-is-135"),
        pytest.param("dw dw dw dr dr dr dg dg c123 b56 +b4", "8.2", 60, id="8.2.2-is-60"),
        pytest.param("[dw dw dw] [dg dg dg] [dr dr dr] c123 b5 +b5", "8.2", 160,
                     id="8.2.3-is-160"),
    ],
)
def test_family_stacks_with_its_pungs(text: str, family: str, at_least: int) -> None:
    s = scored(text)
    assert sum(h.points for h in s.counted if h.pattern.family == family) == at_least


def test_big_three_winds_family_content() -> None:
    # With dragon eyes the wind family holds Big Three Winds and its three wind
    # pungs, nothing else (8.1.2 needs wind eyes).
    s = scored("we we we ww ww ww wn wn wn dr c123 +dr")
    fam = {h.pattern.id: h.count for h in s.counted if h.pattern.family == "8.1"}
    assert fam == {"8.1.3": 1, "8.1.1": 3}


def test_limit_silences_wind_pungs() -> None:
    s = scored("we we we ws ws ws ww ww ww wn wn wn dr +dr")
    wind = next(h for h in s.not_counted if h.pattern.id == "8.1.1")
    assert wind.count == 4
    assert wind.why is Why.LIMIT
