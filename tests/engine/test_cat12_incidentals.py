"""Category 12 of mj-score-eval (seed 000): incidental bonuses, on real hands.

R26: Final Draw, Win on Kong, Win on Bonus Tile and Blessing of Heaven need a
self-drawn win; Final Discard and Robbing a Kong need a win on another player's
tile; Heaven is for East, Earth for another seat.  A context that breaks these is
not a hand (R6, R27).  Each bonus is its own family beside Self Drawn and
Concealed Hand, so they add up; a limit hand still stands alone (R12).
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.hand import HandError
from mj_trainer.engine.scoring import Score, Why
from tests.helpers import hand, scored

# Two plain hands the bonuses are added to.
# CHOWS: concealed, all chows -> 1.2 5 + 1.3 5 = 10 (on a discard).
CHOWS = "c123 c456 b234 k678 k9 +k9"
# CHICKEN: two exposed chows, nothing to score -> 1.1 Chicken Hand 1 (on a discard).
CHICKEN = "[c123] [b456] k789 c555 dr +dr"
# KONG: concealed kong of k8 -> 2.3.1 5 + 1.3 5 = 10 (on a discard).
KONG = "{k8888} c123 c456 b234 k9 +k9"


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


FULL = [
    # --- the plain hands themselves ---
    pytest.param(CHOWS, 10, {"1.2": 1, "1.3": 1}, id="base-chows"),
    pytest.param(CHICKEN, 1, {"1.1": 1}, id="base-chicken"),
    pytest.param(f"{CHICKEN} self", 5, {"1.4": 1}, id="base-chicken-self-drawn"),
    pytest.param(KONG, 10, {"2.3.1": 1, "1.3": 1}, id="base-concealed-kong"),
    # --- 12.1.1 Final Draw (self-drawn) ---
    pytest.param(
        # 10 + 1.4 5 + 12.1.1 10 = 25
        f"{CHOWS} self final-draw", 25, {"1.2": 1, "1.3": 1, "1.4": 1, "12.1.1": 1},
        id="12.1.1-concealed-chows",
    ),
    pytest.param(
        # 1.4 5 + 12.1.1 10 = 15
        f"{CHICKEN} self final-draw", 15, {"1.4": 1, "12.1.1": 1},
        id="12.1.1-exposed-hand",
    ),
    # --- 12.1.2 Final Discard (won on a discard) ---
    pytest.param(
        # 10 + 12.1.2 10 = 20
        f"{CHOWS} final-discard", 20, {"1.2": 1, "1.3": 1, "12.1.2": 1},
        id="12.1.2-concealed-chows",
    ),
    pytest.param(
        # the bonus is a pattern, so no Chicken Hand any more (R13): 12.1.2 10
        f"{CHICKEN} final-discard", 10, {"12.1.2": 1},
        id="12.1.2-replaces-the-chicken-hand",
    ),
    # --- 12.2.1 Win on Kong (self-drawn, after a kong) ---
    pytest.param(
        # 2.3.1 5 + 1.3 5 + 1.4 5 + 12.2.1 10 = 25
        f"{KONG} self win-on-kong", 25, {"2.3.1": 1, "1.3": 1, "1.4": 1, "12.2.1": 1},
        id="12.2.1-after-concealed-kong",
    ),
    pytest.param(
        # exposed kong: 2.3.1 5 + 1.4 5 + 7.1.1 5 + 12.2.1 10 = 25
        "[c1111] b123 b789 k456 k5 +k5 self win-on-kong", 25,
        {"2.3.1": 1, "1.4": 1, "7.1.1": 1, "12.2.1": 1},
        id="12.2.1-after-exposed-kong",
    ),
    pytest.param(
        # the supplement was also the last tile: both count, 25 + 12.1.1 10 = 35
        f"{KONG} self win-on-kong final-draw", 35,
        {"2.3.1": 1, "1.3": 1, "1.4": 1, "12.2.1": 1, "12.1.1": 1},
        id="12.2.1-with-final-draw",
    ),
    # --- 12.2.2 Win on Bonus Tile (self-drawn, after a flower or season) ---
    pytest.param(
        # 10 + 1.4 5 + 12.2.2 10 + 13.1 2 = 27
        f"{CHOWS} self f1 win-on-bonus", 27,
        {"1.2": 1, "1.3": 1, "1.4": 1, "12.2.2": 1, "13.1": 1},
        id="12.2.2-after-a-flower",
    ),
    pytest.param(
        # also the last tile: 27 + 12.1.1 10 = 37
        f"{CHOWS} self s3 win-on-bonus final-draw", 37,
        {"1.2": 1, "1.3": 1, "1.4": 1, "12.2.2": 1, "12.1.1": 1, "13.1": 1},
        id="12.2.2-with-final-draw",
    ),
    pytest.param(
        # 12.2.1 and 12.2.2 share family 12.2, so only one of them counts (R10):
        # 2.3.1 5 + 1.3 5 + 1.4 5 + 10 + 13.1 2 = 27
        f"{KONG} self f1 win-on-kong win-on-bonus", 27,
        {"2.3.1": 1, "1.3": 1, "1.4": 1, "12.2.1": 1, "13.1": 1},
        id="12.2.1-and-12.2.2-one-family",
    ),
    # --- 12.3 Robbing a Kong (won on another player's tile) ---
    pytest.param(
        # c9 robbed, held once: 1.2 5 + 1.3 5 + 7.1.1 5 + 12.3 10 = 25
        "c123 c78 b456 k789 dr dr +c9 robbing-kong", 25,
        {"1.2": 1, "1.3": 1, "7.1.1": 1, "12.3": 1},
        id="12.3-concealed-chows",
    ),
    pytest.param(
        # no Chicken Hand beside it (R13): 12.3 10
        "[c123] [b456] k78 c555 dr dr +k9 robbing-kong", 10, {"12.3": 1},
        id="12.3-exposed-hand",
    ),
    # --- 12.4.1 Blessing of Heaven (East, self-drawn, dealt hand) ---
    pytest.param(
        # always concealed and self-drawn: 1.3 5 + 1.4 5 + 12.4.1 155 = 165 (R26)
        "c123 b456 k789 c555 dr +dr self blessing-of-heaven", 165,
        {"1.3": 1, "1.4": 1, "12.4.1": 1},
        id="12.4.1-least-it-can-be-165",
    ),
    pytest.param(
        # 10 + 1.4 5 + 155 = 170
        f"{CHOWS} self blessing-of-heaven", 170,
        {"1.2": 1, "1.3": 1, "1.4": 1, "12.4.1": 1},
        id="12.4.1-concealed-chows",
    ),
    pytest.param(
        # seed: no blessing once East declared a concealed kong: 2.3.1 5 + 1.3 5 + 1.4 5
        f"{KONG} self blessing-of-heaven", 15, {"2.3.1": 1, "1.3": 1, "1.4": 1},
        id="12.4.1-void-after-concealed-kong",
    ),
    pytest.param(
        # East wins on the supplement tile of that kong: the kong bonus stands, the
        # blessing does not: 2.3.1 5 + 1.3 5 + 1.4 5 + 12.2.1 10 = 25
        f"{KONG} self blessing-of-heaven win-on-kong", 25,
        {"2.3.1": 1, "1.3": 1, "1.4": 1, "12.2.1": 1},
        id="12.4.1-void-but-win-on-kong-counts",
    ),
    pytest.param(
        # 8.2.3 130 + 8.2.1 30 + 2.2.2 30 + 1.3 5 + 1.4 5 + 7.2.1 40 + 155 = 395 -> 320
        "dw dw dw dg dg dg dr dr dr c789 k1 +k1 self blessing-of-heaven", 320,
        {"8.2.3": 1, "8.2.1": 3, "2.2.2": 1, "1.3": 1, "1.4": 1, "7.2.1": 1, "12.4.1": 1},
        id="12.4.1-capped-at-320",
    ),
    # --- 12.4.2 Blessing of Earth (another seat, won on East's first discard) ---
    pytest.param(
        # 1.3 5 + 12.4.2 155 = 160
        "c123 b456 k789 c555 dr +dr seat:south blessing-of-earth", 160,
        {"1.3": 1, "12.4.2": 1},
        id="12.4.2-south",
    ),
    pytest.param(
        # 10 + 155 + 13.1 2 = 167
        f"{CHOWS} seat:west blessing-of-earth f2", 167,
        {"1.2": 1, "1.3": 1, "12.4.2": 1, "13.1": 1},
        id="12.4.2-west-with-flower",
    ),
]


@pytest.mark.parametrize(("text", "total", "expected"), FULL)
def test_full_score(text: str, total: int, expected: dict[str, int]) -> None:
    s = scored(text)
    assert _counted(s) == expected
    assert s.total == total


@pytest.mark.parametrize(
    ("text", "limit", "total"),
    [
        # R12: a limit stands alone, whatever the circumstances of the win
        pytest.param("we we we ws ws ws ww ww ww wn wn wn c5 +c5 self final-draw",
                     "8.1.5", 400, id="final-draw-on-big-four-winds"),
        pytest.param("we we we ws ws ws ww ww ww wn wn wn c5 +c5 self blessing-of-heaven",
                     "8.1.5", 400, id="blessing-of-heaven-on-big-four-winds"),
        # a robbed tile is held once, so it completes a chow: here c123
        pytest.param("we we we ww ww ww wn wn wn ws ws c12 +c3 robbing-kong",
                     "8.1.4", 320, id="robbing-kong-on-little-four-winds"),
        pytest.param("{b6666} b234 b234 b8 dg dg dg +b8 self win-on-kong final-draw",
                     "10.1", 400, id="win-on-kong-and-final-draw-on-all-green"),
    ],
)
def test_incidentals_add_nothing_to_a_limit(text: str, limit: str, total: int) -> None:
    s = scored(text)
    assert s.total == total
    assert s.limit is not None and s.limit.id == limit
    assert all(h.pattern.category != "12" for h in s.counted)


NEAR_MISSES = [
    # (hand, incidental absent, total): the plain hands carry no bonus
    pytest.param(f"{CHOWS} self", "12.1.1", 15, id="12.1.1-absent-ordinary-self-draw"),
    pytest.param(CHOWS, "12.1.2", 10, id="12.1.2-absent-ordinary-discard"),
    pytest.param(f"{KONG} self", "12.2.1", 15, id="12.2.1-absent-kong-but-wall-tile"),
    pytest.param(f"{CHOWS} self f1", "12.2.2", 17, id="12.2.2-absent-flower-but-wall-tile"),
    pytest.param(CHOWS, "12.3", 10, id="12.3-absent-ordinary-discard"),
    pytest.param(f"{CHOWS} seat:south", "12.4.2", 10, id="12.4.2-absent-ordinary-discard"),
]


@pytest.mark.parametrize(("text", "absent", "total"), NEAR_MISSES)
def test_near_miss(text: str, absent: str, total: int) -> None:
    s = scored(text)
    assert absent not in {h.pattern.id for h in s.best.hits}
    assert s.total == total


def test_blessing_after_concealed_kong_is_present_but_void() -> None:
    # Seed 000 12.4.1 note: it does not count after a concealed kong; the trace says so
    # rather than dropping it.
    s = scored(f"{KONG} self blessing-of-heaven")
    assert s.total == 15
    assert "12.4.1" not in {h.pattern.id for h in s.counted}
    assert {h.pattern.id: h.why for h in s.not_counted}["12.4.1"] is Why.VOID


ILLEGAL = [
    # R26/R27: the circumstance contradicts the win, so it is not a hand (R6)
    pytest.param(f"{CHOWS} final-draw", id="final-draw-on-a-discard"),
    pytest.param(f"{CHOWS} self final-discard", id="final-discard-self-drawn"),
    pytest.param(f"{KONG} win-on-kong", id="win-on-kong-on-a-discard"),
    pytest.param(f"{CHOWS} self win-on-kong", id="win-on-kong-without-a-kong"),
    pytest.param(f"{CHOWS} f1 win-on-bonus", id="win-on-bonus-on-a-discard"),
    pytest.param(f"{CHOWS} self win-on-bonus", id="win-on-bonus-without-a-bonus-tile"),
    pytest.param("c123 c78 b456 k789 dr dr +c9 self robbing-kong", id="robbing-kong-self-drawn"),
    pytest.param(f"{CHOWS} robbing-kong", id="robbing-kong-of-a-tile-held-twice"),
    pytest.param(f"{CHOWS} final-discard robbing-kong", id="robbing-kong-and-final-discard"),
    pytest.param(f"{CHOWS} blessing-of-heaven", id="heaven-on-a-discard"),
    pytest.param(f"{CHOWS} self seat:south blessing-of-heaven", id="heaven-not-east"),
    pytest.param(f"{CHICKEN} self blessing-of-heaven", id="heaven-with-exposed-melds"),
    pytest.param(f"{CHOWS} self final-draw blessing-of-heaven", id="heaven-and-final-draw"),
    pytest.param(f"{CHOWS} blessing-of-earth", id="earth-for-east"),
    pytest.param(f"{CHOWS} self seat:north blessing-of-earth", id="earth-self-drawn"),
    pytest.param(f"{KONG} seat:west blessing-of-earth", id="earth-after-a-kong"),
    pytest.param(f"{CHOWS} seat:south final-discard blessing-of-earth",
                 id="earth-and-final-discard"),
]


@pytest.mark.parametrize("text", ILLEGAL)
def test_impossible_context_is_rejected(text: str) -> None:
    with pytest.raises(HandError):
        hand(text)
