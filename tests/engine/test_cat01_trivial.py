"""Category 1 of the default ruleset (seed 000), checked on complete hands.

Patterns 1.1 Chicken Hand, 1.2 All Chows, 1.3 Concealed Hand, 1.4 Self Drawn,
1.5 All Simples, 1.6 All Types and 1.7 Illegal Call.  Every case states the whole
list of patterns that count and the total, with the sum worked out beside it.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.hand import HandError
from mj_trainer.engine.scoring import Why
from tests.helpers import scored


def _counted(text: str) -> dict[str, int]:
    return {h.pattern.id: h.count for h in scored(text).counted}


def _anywhere(text: str) -> set[str]:
    """Ids present in any arrangement of the hand, counted or not."""
    s = scored(text)
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


FULL = [
    # ---- 1.1 Chicken Hand (R13) ----
    # exposed chow, a concealed pung, three suits, terminals, won on a discard:
    # nothing but the chicken's single point.
    pytest.param("[c123] c456 b789 k555 k9 +k9", {"1.1": 1}, 1,
                 id="1.1-chicken-exposed-chow"),
    # the pung b555 is finished by the discard, so it is not even concealed (R3)
    pytest.param("[b234] [k678] c11 c789 b55 +b5", {"1.1": 1}, 1,
                 id="1.1-chicken-two-exposed-chows"),
    # R13: bonus tiles add to the chicken: 1 + 2 x 13.1 2 = 5
    pytest.param("[c123] c456 b789 k555 k9 +k9 f1 s2", {"1.1": 1, "13.1": 2}, 5,
                 id="1.1-chicken-with-two-bonus-tiles"),
    # R13 + R11: 1 + 4 x 13.1 2 + 13.1.1 12 = 21
    pytest.param("[b234] [k678] c11 c789 b55 +b5 f1 f2 f3 f4",
                 {"1.1": 1, "13.1": 4, "13.1.1": 1}, 21,
                 id="1.1-chicken-with-all-four-flowers"),
    # ---- 1.2 All Chows ----
    # seed example c123 b456 b678 k345, eyes ww, won on a discard: 1.2 5 + 1.3 5 = 10
    pytest.param("c123 b456 b678 k345 ww +ww", {"1.2": 1, "1.3": 1}, 10,
                 id="1.2-seed-example-concealed"),
    # one exposed chow, all tiles 2-8: 1.2 5 + 1.5 5 = 10
    pytest.param("[c234] b345 k567 k678 k2 +k2", {"1.2": 1, "1.5": 1}, 10,
                 id="1.2-exposed-chow-all-simples"),
    # ---- 1.3 Concealed Hand ----
    # a concealed kong keeps the hand concealed: 1.3 5 + 2.3.1 5 = 10
    # (one concealed pung only, so no 2.2.x)
    pytest.param("{c2222} b123 b456 k789 dg +dg", {"1.3": 1, "2.3.1": 1}, 10,
                 id="1.3-concealed-kong-allowed"),
    # seven pairs are concealed (R5): 9.1.1 30 + 1.3 5 + 1.6 10 = 45
    pytest.param("c11 c55 b22 k33 k99 we we dr +dr", {"1.3": 1, "1.6": 1, "9.1.1": 1}, 45,
                 id="1.3-seven-pairs-concealed-and-all-types"),
    # ---- 1.4 Self Drawn ----
    # 1.2 5 + 1.4 5 + 1.5 5 = 15 (an exposed chow, so no 1.3)
    pytest.param("[c234] b345 k567 k678 k2 +k2 self", {"1.2": 1, "1.4": 1, "1.5": 1}, 15,
                 id="1.4-self-drawn-exposed"),
    # 1.2 5 + 1.3 5 + 1.4 5 = 15: concealed and self-drawn are separate families
    pytest.param("c123 b456 b678 k345 ww +ww self", {"1.2": 1, "1.3": 1, "1.4": 1}, 15,
                 id="1.4-self-drawn-concealed"),
    # ---- 1.5 All Simples ----
    # pungs allowed: 1.3 5 + 1.5 5 + 2.2.1 5 (c222, b333) = 15
    pytest.param("c222 c456 b333 b678 k8 +k8", {"1.3": 1, "1.5": 1, "2.2.1": 1}, 15,
                 id="1.5-simples-with-pungs"),
    # ---- 1.6 All Types (R15) ----
    # seed example c345 b444 k789 wn-pung dr-eyes, eyes won on a discard:
    # 1.3 5 + 1.6 10 + 2.2.1 5 (b444, wn) + 8.1.1 5 = 25
    pytest.param("c345 b444 k789 wn wn wn dr +dr",
                 {"1.3": 1, "1.6": 1, "2.2.1": 1, "8.1.1": 1}, 25,
                 id="1.6-seed-example"),
    # exposed wind pung: 1.6 10 + 8.1.1 5 = 15
    pytest.param("[we we we] c123 b456 k789 dg +dg", {"1.6": 1, "8.1.1": 1}, 15,
                 id="1.6-with-exposed-wind-pung"),
    # ---- 1.7 Illegal Call (R7, R14) ----
    # fourteen tiles that make no winning hand: -40 and nothing else
    pytest.param("c123 b456 b678 k345 ww +dr", {"1.7": 1}, -40,
                 id="1.7-one-stray-tile"),
    # self-drawn and two flowers change nothing: still -40 alone
    pytest.param("c1234567 c99 b124 dr +dw self f1 f2", {"1.7": 1}, -40,
                 id="1.7-self-drawn-with-bonus-tiles"),
    # an exposed meld does not help a hand that is not ready
    pytest.param("[we we we] c12 c45 b78 k159 dr +dg", {"1.7": 1}, -40,
                 id="1.7-with-exposed-pung"),
    # four melds and two odd tiles instead of the eyes
    pytest.param("[c123] [c456] [b789] [k111] dr +dg", {"1.7": 1}, -40,
                 id="1.7-four-melds-no-eyes"),
]


@pytest.mark.parametrize(("text", "expected", "total"), FULL)
def test_full_score(text: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total


NEAR_MISSES = [
    # 1.1: self-drawn scores 1.4 5, so no chicken (k555 is the only concealed pung)
    pytest.param("[c123] c456 b789 k555 k9 +k9 self", "1.1", {"1.4": 1}, 5,
                 id="1.1-miss-self-drawn"),
    # 1.1: fully concealed scores 1.3 5, so no chicken
    pytest.param("c123 c456 b789 k555 k9 +k9", "1.1", {"1.3": 1}, 5,
                 id="1.1-miss-concealed"),
    # 1.2: a pung in place of a chow; only 1.3 5
    pytest.param("c123 b456 b678 k333 ww +ww", "1.2", {"1.3": 1}, 5,
                 id="1.2-miss-one-pung"),
    # 1.3: the same kong exposed; only 2.3.1 5
    pytest.param("[c2222] b123 b456 k789 dg +dg", "1.3", {"2.3.1": 1}, 5,
                 id="1.3-miss-exposed-kong"),
    # 1.4: the chicken hand won on a discard
    pytest.param("[c123] c456 b789 k555 k9 +k9", "1.4", {"1.1": 1}, 1,
                 id="1.4-miss-discard"),
    # 1.5: a 9 as the eyes; 1.3 5 + 2.2.1 5 = 10
    pytest.param("c222 c456 b333 b678 k9 +k9", "1.5", {"1.3": 1, "2.2.1": 1}, 10,
                 id="1.5-miss-terminal-eyes"),
    # 1.5: dragon eyes; only 1.2 5
    pytest.param("[c234] b345 k567 k678 dr +dr", "1.5", {"1.2": 1}, 5,
                 id="1.5-miss-honor-eyes"),
    # 1.6: four types only (no dragon); 1.2 5 + 1.3 5 = 10
    pytest.param("c123 b456 b678 k345 ww +ww", "1.6", {"1.2": 1, "1.3": 1}, 10,
                 id="1.6-miss-no-dragon"),
    # 1.7: four alike serve as two pairs (R5), so this is a win, not an illegal call:
    # 9.1.1 30 + 1.3 5 + 1.6 10 = 45
    pytest.param("c1111 b22 b55 k77 we we dr +dr", "1.7",
                 {"1.3": 1, "1.6": 1, "9.1.1": 1}, 45,
                 id="1.7-miss-four-alike-as-two-pairs"),
]


@pytest.mark.parametrize(("text", "missing", "expected", "total"), NEAR_MISSES)
def test_near_miss(text: str, missing: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total
    assert missing not in _anywhere(text)


def test_thirteen_orphans_never_all_types() -> None:
    # R15, R16: thirteen orphans holds all five types, but 1.6 (and 1.3) never
    # count for it; 11.1 160 alone
    s = scored("c19 b19 k19 we ws ww wn dr dg dw +dw")
    assert _counted("c19 b19 k19 we ws ww wn dr dg dw +dw") == {"11.1": 1}
    assert s.total == 160
    hit = next(h for h in s.best.hits if h.pattern.id == "1.6")
    assert not hit.counted
    assert hit.why is Why.SHAPE


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("c123 b456 b678 k345 ww +dr", id="stray-tile"),
        pytest.param("c1234567 c99 b124 dr +dw self f1 f2", id="self-drawn-bonus"),
        pytest.param("[we we we] c12 c45 b78 k159 dr +dg", id="exposed-pung"),
    ],
)
def test_illegal_call_has_no_arrangement(text: str) -> None:
    # R7: not a win, no arrangement, the penalty is the whole score
    s = scored(text)
    assert not s.winning
    assert s.arrangement is None
    assert [h.pattern.id for h in s.best.hits] == ["1.7"]
    assert s.total == -40


def test_thirteen_orphans_self_drawn_keeps_self_drawn_only() -> None:
    # R16: 11.1 160 + 1.4 5 = 165; 1.3 and 1.6 do not apply to the shape
    text = "c19 b19 k19 we ws ww wn dr dg dw +dw self"
    assert _counted(text) == {"11.1": 1, "1.4": 1}
    assert scored(text).total == 165


def test_thirteen_tiles_is_an_input_error_not_an_illegal_call() -> None:
    # R6: a hand with the wrong number of tiles is rejected, never scored as 1.7
    with pytest.raises(HandError):
        scored("c123 b456 b678 k345 +dr")
