"""Category 9 of mj-score-eval (seed 000): seven pairs and the shifted-pairs limits.

R5: four alike may be two pairs; a seven-pairs hand scores only patterns that do not
speak of sets, and it is always a Concealed Hand.  R24: shifted pairs run 1-7 or 2-8.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.scoring import Score
from mj_trainer.engine.shape import Shape
from tests.helpers import scored


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


def _everywhere(s: Score) -> set[str]:
    """Ids of every pattern present in any arrangement of the hand."""
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


FULL = [
    pytest.param(
        # seed example: 9.1.1 30 + 1.3 5 = 35
        "k22 k66 c11 c77 dw dw ww ww wn +wn", 35, {"9.1.1": 1, "1.3": 1},
        id="9.1.1-seed-example",
    ),
    pytest.param(
        # four c1 serve as two pairs (R5): 30 + 5 = 35
        "c11 c11 c55 b33 b77 k22 k9 +k9", 35, {"9.1.1": 1, "1.3": 1},
        id="9.1.1-four-alike-as-two-pairs",
    ),
    pytest.param(
        # non-set patterns still count (R5): 30 + 1.3 5 + 1.4 5 + 1.5 5 = 45
        "c22 c33 c55 b44 b66 k77 k8 +k8 self", 45, {"9.1.1": 1, "1.3": 1, "1.4": 1, "1.5": 1},
        id="9.1.1-all-simples-self-drawn",
    ),
    pytest.param(
        # all five types among the pairs (R15): 30 + 5 + 1.6 10 = 45
        "c11 b22 k33 we we dr dr c55 b8 +b8", 45, {"9.1.1": 1, "1.3": 1, "1.6": 1},
        id="9.1.1-all-types",
    ),
    pytest.param(
        # seed 6.1.1 example 2: 30 + 6.1.1 40 + 1.3 5 = 75
        "b22 b44 b77 b88 ws ws wn wn dg +dg", 75, {"9.1.1": 1, "6.1.1": 1, "1.3": 1},
        id="9.1.1-mixed-one-suit",
    ),
    pytest.param(
        # seed 6.1.2 example 2: 30 + 6.1.2 80 + 1.3 5 = 115
        "k11 k22 k44 k55 k77 k88 k9 +k9", 115, {"9.1.1": 1, "6.1.2": 1, "1.3": 1},
        id="9.1.1-pure-one-suit",
    ),
    pytest.param(
        # wind pairs are not wind pungs (R5): 30 + 6.1.1 40 + 1.3 5 = 75
        "we we ws ws ww ww wn wn c11 c55 c9 +c9", 75, {"9.1.1": 1, "6.1.1": 1, "1.3": 1},
        id="9.1.1-four-wind-pairs-score-no-wind-pattern",
    ),
    pytest.param(
        # R1 prefers the set reading c123 c123 c789 c789 dr dr: 3.1.2 60 + 7.1.1 2x5
        # + 6.1.1 40 + 7.2.1 40 + 1.2 5 + 1.3 5 = 160 (as seven pairs: 30 + 40 + 5 = 75)
        "c11 c22 c33 c77 c88 c99 dr +dr", 160,
        {"3.1.2": 1, "7.1.1": 2, "6.1.1": 1, "7.2.1": 1, "1.2": 1, "1.3": 1},
        id="9.1.1-sets-reading-scores-more",
    ),
    pytest.param(
        # R24: 3-9 is no shifted run.  Best is a set reading such as c345 c345 c678 c678
        # c99: 3.1.2 60 + 6.1.2 80 + 1.2 5 + 1.3 5 = 150 (seven pairs: 30 + 80 + 5 = 115)
        "c33 c44 c55 c66 c77 c88 c9 +c9", 150, {"3.1.2": 1, "6.1.2": 1, "1.2": 1, "1.3": 1},
        id="9.1.2-three-to-nine-is-not-shifted",
    ),
]


@pytest.mark.parametrize(("text", "total", "expected"), FULL)
def test_full_score(text: str, total: int, expected: dict[str, int]) -> None:
    s = scored(text)
    assert _counted(s) == expected
    assert s.total == total


def test_seven_pairs_scores_no_set_patterns() -> None:
    # R5: in the seven-pairs reading of this hand nothing about chows, pungs or
    # sets appears, while the same tiles read as sets do.
    s = scored("c11 c22 c33 c77 c88 c99 dr +dr")
    assert s.arrangement is not None and s.arrangement.shape is Shape.REGULAR
    pairs = next(
        o for o in s.others if o.arrangement is not None
        and o.arrangement.shape is Shape.SEVEN_PAIRS
    )
    assert pairs.total == 75  # 9.1.1 30 + 6.1.1 40 + 1.3 5
    ids = {h.pattern.id for h in pairs.hits}
    assert ids == {"9.1.1", "6.1.1", "1.3"}


LIMITS = [
    # (hand, the limit that stands alone, its value, patterns present but silenced)
    pytest.param(
        # seed example 1-7 of coins; the set reading c123 c123 c456 c456 c77 is only 150
        "c11 c22 c33 c44 c55 c66 c7 +c7", "9.1.2", 320, ("9.1.1", "6.1.2", "1.3"),
        id="9.1.2-seed-example-one-to-seven",
    ),
    pytest.param(
        "b11 b22 b33 b44 b55 b66 b7 +b7 self", "9.1.2", 320, ("9.1.1", "1.4"),
        id="9.1.2-bamboo-self-drawn",
    ),
    pytest.param(
        # bonus tiles add nothing to a limit (R12)
        "k1 k22 k33 k44 k55 k66 k77 +k1 f1 f2 f3 f4", "9.1.2", 320, ("13.1", "13.1.1"),
        id="9.1.2-characters-with-four-flowers",
    ),
    pytest.param(
        # seed pattern; 9.1.2 is outranked inside family 9.1
        "c22 c33 c44 c55 c66 c77 c8 +c8", "9.1.3", 400, ("9.1.2", "9.1.1", "1.5"),
        id="9.1.3-seed-pattern",
    ),
    pytest.param(
        "c22 c33 c44 c5 c66 c77 c88 +c5 self f1", "9.1.3", 400, ("9.1.2", "1.4", "13.1"),
        id="9.1.3-self-drawn-with-flower",
    ),
    pytest.param(
        "b22 b33 b44 b55 b66 b77 b8 +b8", "9.1.4", 400, ("9.1.2", "9.1.1", "6.1.2"),
        id="9.1.4-seed-pattern",
    ),
    pytest.param(
        "b2 b33 b44 b55 b66 b77 b88 +b2 self s4", "9.1.4", 400, ("9.1.2", "1.4", "13.1"),
        id="9.1.4-self-drawn-with-season",
    ),
    pytest.param(
        "k22 k33 k44 k55 k66 k77 k8 +k8", "9.1.5", 400, ("9.1.2", "9.1.1", "6.1.2"),
        id="9.1.5-seed-pattern",
    ),
    pytest.param(
        "k22 k33 k44 k55 k66 k7 k88 +k7 self", "9.1.5", 400, ("9.1.2", "1.4"),
        id="9.1.5-self-drawn",
    ),
]


@pytest.mark.parametrize(("text", "limit", "total", "silenced"), LIMITS)
def test_limit_stands_alone(text: str, limit: str, total: int, silenced: tuple[str, ...]) -> None:
    s = scored(text)
    assert s.total == total
    assert s.limit is not None and s.limit.id == limit
    assert _counted(s) == {limit: 1}
    assert s.arrangement is not None and s.arrangement.shape is Shape.SEVEN_PAIRS
    missing = {h.pattern.id for h in s.not_counted}
    for pid in silenced:
        assert pid in missing


NEAR_MISSES = [
    # (hand, pattern absent from every arrangement, full total with its arithmetic)
    pytest.param(
        # six pairs and two odd tiles: not a win, Illegal Call -40 (R7)
        "c11 c55 b33 b77 k22 k99 dr +dw", "9.1.1", -40, id="9.1.1-absent-one-tile-off",
    ),
    pytest.param(
        # an ordinary set hand: 1.2 5 + 1.3 5 = 10
        "c123 c456 b234 k678 k9 +k9", "9.1.1", 10, id="9.1.1-absent-set-hand",
    ),
    pytest.param(
        # R24: 3-9 does not count (150, see above)
        "c33 c44 c55 c66 c77 c88 c9 +c9", "9.1.2", 150, id="9.1.2-absent-three-to-nine",
    ),
    pytest.param(
        # seven consecutive numbers across two suits; best reading c123 c123 c44
        # b567 b567: 3.1.2 60 + 1.2 5 + 1.3 5 = 70
        "c11 c22 c33 c44 b55 b66 b7 +b7", "9.1.2", 70, id="9.1.2-absent-two-suits",
    ),
    pytest.param(
        # 1-7 of coins is Seven Shifted Pairs only, not the coin 2-8 limit
        "c11 c22 c33 c44 c55 c66 c7 +c7", "9.1.3", 320, id="9.1.3-absent-one-to-seven",
    ),
    pytest.param(
        # 2-8 of bamboo is not the coin limit
        "b22 b33 b44 b55 b66 b77 b8 +b8", "9.1.3", 400, id="9.1.3-absent-bamboo",
    ),
    pytest.param(
        # 1-7 of bamboo is not Bamboo Forest
        "b11 b22 b33 b44 b55 b66 b7 +b7 self", "9.1.4", 320, id="9.1.4-absent-one-to-seven",
    ),
    pytest.param(
        # 2-8 of characters is not the bamboo limit
        "k22 k33 k44 k55 k66 k77 k8 +k8", "9.1.4", 400, id="9.1.4-absent-characters",
    ),
    pytest.param(
        # 2-8 of coins is not the character limit
        "c22 c33 c44 c55 c66 c77 c8 +c8", "9.1.5", 400, id="9.1.5-absent-coins",
    ),
]


@pytest.mark.parametrize(("text", "absent", "total"), NEAR_MISSES)
def test_near_miss(text: str, absent: str, total: int) -> None:
    s = scored(text)
    assert absent not in _everywhere(s)
    assert s.total == total
