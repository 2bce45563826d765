"""Category 10 of mj-score-eval (seed 000): All Green and All Red, on real hands.

R25: green is b2 b3 b4 b6 b8 and the green dragon; red is b1 b5 b7 b9 and the red
dragon (the guide's "1, 3, 5, 7" and its "b1 b2 b1" example set are typos).
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.scoring import Score
from tests.helpers import scored


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


def _everywhere(s: Score) -> set[str]:
    """Ids of every pattern present in any arrangement of the hand."""
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


LIMITS = [
    # (hand, the limit that stands alone, its value, patterns present but silenced)
    pytest.param(
        # seed example: b234 b333 b666 dg-pung b88
        "b234 b333 b666 dg dg dg b8 +b8", "10.1", 400, ("6.1.1", "8.2.1", "2.2.2"),
        id="10.1-seed-example",
    ),
    pytest.param(
        # seven pairs, four b2 as two pairs (R5)
        "b22 b22 b33 b44 b66 b88 dg +dg", "10.1", 400, ("9.1.1", "6.1.1"),
        id="10.1-seven-pairs",
    ),
    pytest.param(
        # no green dragon needed: every tile is a green bamboo
        "b234 b234 b666 b888 b2 +b2", "10.1", 400, ("6.1.2", "3.1.1", "1.5"),
        id="10.1-without-dragon",
    ),
    pytest.param(
        # exposed kong, self-drawn, a flower: still 400 (R12)
        "[dg dg dg dg] b234 b666 b3 b3 b3 b8 +b8 self f3", "10.1", 400,
        ("2.3.1", "1.4", "13.1"),
        id="10.1-dragon-kong-self-drawn-flower",
    ),
    pytest.param(
        # seed example read with R25: b111 b555 b777 b999 dr-eyes
        "b111 b555 b777 b999 dr +dr", "10.2", 480, ("7.1.2", "2.1", "2.2.3", "6.1.1"),
        id="10.2-seed-example-corrected",
    ),
    pytest.param(
        # seven pairs with four b1 and four b5
        "b11 b11 b55 b55 b77 b99 dr +dr", "10.2", 480, ("9.1.1", "6.1.1"),
        id="10.2-seven-pairs",
    ),
    pytest.param(
        "[dr dr dr dr] b111 b555 b777 b9 +b9", "10.2", 480, ("8.2.1", "2.3.1", "2.1"),
        id="10.2-with-red-dragon-kong",
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


NEAR_MISSES = [
    # (hand, pattern absent from every arrangement, full total with its arithmetic)
    pytest.param(
        # b55 eyes are not green: 6.1.1 40 + 8.2.1 10 + 2.2.2 30 + 1.3 5 = 85
        "b234 b333 b666 dg dg dg b5 +b5", "10.1", 85, id="10.1-absent-b5-eyes",
    ),
    pytest.param(
        # red dragon pung instead of green: 6.1.1 40 + 8.2.1 10 + 2.2.2 30 + 1.3 5 = 85
        "b234 b333 b666 dr dr dr b8 +b8", "10.1", 85, id="10.1-absent-red-dragon",
    ),
    pytest.param(
        # R25: b3 is not red.  2.1 30 + 2.2.3 125 + 6.1.1 40 + 1.3 5 = 200
        "b111 b333 b555 b777 dr +dr", "10.2", 200, id="10.2-absent-b3-is-not-red",
    ),
    pytest.param(
        # green dragon eyes: 2.1 30 + 2.2.3 125 + 6.1.1 40 + 1.3 5 + 7.1.2 15 = 215
        "b111 b555 b777 b999 dg +dg", "10.2", 215, id="10.2-absent-green-dragon",
    ),
]


@pytest.mark.parametrize(("text", "absent", "total"), NEAR_MISSES)
def test_near_miss(text: str, absent: str, total: int) -> None:
    s = scored(text)
    assert absent not in _everywhere(s)
    assert s.total == total


def test_guide_example_as_printed_is_not_a_hand() -> None:
    # The printed example has b1 b2 b1 as its first set; read literally (b2 in the
    # hand) it is no winning hand at all, which is why R25 corrects it to b111.
    s = scored("b1 b2 b1 b555 b777 b999 dr +dr")
    assert not s.winning
    assert s.total == -40
