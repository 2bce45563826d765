"""Category 2 of the default ruleset (seed 000): pungs and kongs, on complete hands.

2.1 All Pungs; family 2.2 (two, three, four concealed pungs); family 2.3 (one to
four kongs).  The subtle points: R3 (a pung finished by a discarded winning tile is
not concealed, a self-drawn one is; the winning tile goes into a chow instead when
it can) and R4 (kongs are pungs; exposed, concealed and promoted kongs all count
for 2.3.x, only concealed kongs for 2.2.x).  Promoted (added) kongs are written
like exposed kongs, `[c2222]`, since they are exposed.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.arrangements import GroupKind
from mj_trainer.engine.scoring import Why
from tests.helpers import scored


def _anywhere(text: str) -> set[str]:
    """Ids present in any arrangement of the hand, counted or not."""
    s = scored(text)
    return {h.pattern.id for o in (s.best, *s.others) for h in o.hits}


FULL = [
    # ---- 2.1 All Pungs ----
    # seed example c222 b333 k8888 we-pung, completed with dr eyes, exposed kong:
    # 2.1 30 + 2.2.2 30 (c222 b333 we) + 2.3.1 5 + 1.6 10 + 8.1.1 5 = 80
    pytest.param("c222 b333 we we we dr [k8888] +dr",
                 {"2.1": 1, "2.2.2": 1, "2.3.1": 1, "1.6": 1, "8.1.1": 1}, 80,
                 id="2.1-seed-example-exposed-kong"),
    # three exposed pungs: 2.1 30 + 1.5 5 = 35
    pytest.param("[c222] [b555] [k777] c444 c8 +c8", {"2.1": 1, "1.5": 1}, 35,
                 id="2.1-three-exposed-pungs"),
    # ---- 2.2.1 Two Concealed Pungs ----
    # 1.3 5 + 2.2.1 5 = 10
    pytest.param("c222 b333 c456 k678 k9 +k9", {"1.3": 1, "2.2.1": 1}, 10,
                 id="2.2.1-two-concealed-pungs"),
    # R3: k555 is finished by the discard, so only c222 and b333 are concealed:
    # 1.3 5 + 2.2.1 5 = 10
    pytest.param("c222 b333 k55 c456 k99 +k5", {"1.3": 1, "2.2.1": 1}, 10,
                 id="2.2.1-R3-third-pung-from-discard"),
    # ---- 2.2.2 Three Concealed Pungs ----
    # R3: the same hand self-drawn: three concealed pungs.
    # 1.3 5 + 1.4 5 + 2.2.2 30 = 40
    pytest.param("c222 b333 k55 c456 k99 +k5 self", {"1.3": 1, "1.4": 1, "2.2.2": 1}, 40,
                 id="2.2.2-R3-same-hand-self-drawn"),
    # R3: the discarded c4 can sit in the chow c345, leaving c444 concealed:
    # 1.3 5 + 2.2.2 30 (b222 b888 c444) = 35
    pytest.param("b222 b888 c3 c444 c5 we we +c4", {"1.3": 1, "2.2.2": 1}, 35,
                 id="2.2.2-R3-winning-tile-in-chow"),
    # R4: a concealed kong is a concealed pung: 1.3 5 + 2.2.2 30 + 2.3.1 5 = 40
    pytest.param("{b2222} c555 k777 c234 dr +dr", {"1.3": 1, "2.2.2": 1, "2.3.1": 1}, 40,
                 id="2.2.2-with-concealed-kong"),
    # R3: four pungs, the discard finishes c666: 2.1 30 + 2.2.2 30 + 1.3 5 = 65
    pytest.param("c222 b333 k444 c66 k99 +c6", {"1.3": 1, "2.1": 1, "2.2.2": 1}, 65,
                 id="2.2.2-R3-four-pungs-one-from-discard"),
    # ---- 2.2.3 Four Concealed Pungs ----
    # the discard only completes the eyes: 2.2.3 125 + 2.1 30 + 1.3 5 = 160
    pytest.param("c222 b333 k444 c666 k9 +k9", {"1.3": 1, "2.1": 1, "2.2.3": 1}, 160,
                 id="2.2.3-discard-completes-eyes"),
    # R3: the hand that scored 65 above, self-drawn:
    # 2.2.3 125 + 2.1 30 + 1.3 5 + 1.4 5 = 165
    pytest.param("c222 b333 k444 c66 k99 +c6 self",
                 {"1.3": 1, "1.4": 1, "2.1": 1, "2.2.3": 1}, 165,
                 id="2.2.3-R3-pung-self-drawn"),
    # R4: the 2.1 seed example with the kong concealed:
    # 2.2.3 125 + 2.1 30 + 1.3 5 + 1.6 10 + 2.3.1 5 + 8.1.1 5 = 180
    pytest.param("c222 b333 we we we dr {k8888} +dr",
                 {"1.3": 1, "1.6": 1, "2.1": 1, "2.2.3": 1, "2.3.1": 1, "8.1.1": 1}, 180,
                 id="2.2.3-seed-all-pungs-concealed-kong"),
    # ---- 2.3.1 One Kong ----
    # seed example c2222, concealed: 1.3 5 + 2.3.1 5 = 10
    pytest.param("{c2222} b123 b456 k789 dg +dg", {"1.3": 1, "2.3.1": 1}, 10,
                 id="2.3.1-seed-concealed-kong"),
    # exposed (or promoted) kong: 2.3.1 5 alone
    pytest.param("[c2222] b123 b456 k789 dg +dg", {"2.3.1": 1}, 5,
                 id="2.3.1-seed-exposed-kong"),
    # ---- 2.3.2 Two Kongs ----
    # seed example c2222 b3333, one exposed one concealed: 2.3.2 20 alone
    # (b3333 is the only concealed pung; the exposed kong breaks 1.3)
    pytest.param("[c2222] {b3333} k456 k789 dw +dw", {"2.3.2": 1}, 20,
                 id="2.3.2-seed-mixed-kongs"),
    # both concealed: 2.3.2 20 + 2.2.1 5 + 1.3 5 = 30
    pytest.param("{c2222} {b3333} k456 k789 dw +dw", {"1.3": 1, "2.2.1": 1, "2.3.2": 1}, 30,
                 id="2.3.2-two-concealed-kongs"),
    # ---- 2.3.3 Three Kongs ----
    # seed example c2222 b3333 k8888: 2.3.3 120 + 1.5 5 = 125
    pytest.param("[c2222] [b3333] {k8888} c567 c5 +c5", {"1.5": 1, "2.3.3": 1}, 125,
                 id="2.3.3-seed-example"),
    # all three concealed: 2.3.3 120 + 2.2.2 30 + 1.3 5 + 1.5 5 = 160
    pytest.param("{c2222} {b3333} {k8888} c567 c5 +c5",
                 {"1.3": 1, "1.5": 1, "2.2.2": 1, "2.3.3": 1}, 160,
                 id="2.3.3-three-concealed-kongs"),
    # ---- 2.3.4 Four Kongs (limit, R12) ----
    # seed example with dr eyes: 2.3.4 480 stands alone (2.1, 1.6, 8.1.1 do not add)
    pytest.param("[c2222] [b3333] [k8888] [we we we we] dr +dr", {"2.3.4": 1}, 480,
                 id="2.3.4-seed-example"),
    # all concealed and self-drawn: 2.2.3 and friends lose to the limit; 480
    pytest.param("{c2222} {b3333} {k8888} {we we we we} dr +dr self", {"2.3.4": 1}, 480,
                 id="2.3.4-all-concealed-self-drawn"),
]


@pytest.mark.parametrize(("text", "expected", "total"), FULL)
def test_full_score(text: str, expected: dict[str, int], total: int) -> None:
    s = scored(text)
    assert {h.pattern.id: h.count for h in s.counted} == expected
    assert s.total == total


NEAR_MISSES = [
    # 2.1: a chow instead of the fourth pung; 1.5 5 alone
    pytest.param("[c222] [b555] [k777] c456 c8 +c8", "2.1", {"1.5": 1}, 5,
                 id="2.1-miss-one-chow"),
    # 2.2.1: one concealed pung beside an exposed one: a chicken hand, 1
    pytest.param("[c222] b333 c456 k678 k9 +k9", "2.2.1", {"1.1": 1}, 1,
                 id="2.2.1-miss-one-pung-exposed"),
    # 2.2.2: the concealed kong exposed instead: 2.2.1 5 + 2.3.1 5 = 10
    pytest.param("[b2222] c555 k777 c234 dr +dr", "2.2.2", {"2.2.1": 1, "2.3.1": 1}, 10,
                 id="2.2.2-miss-kong-exposed"),
    # 2.2.3 (R3): four pungs, but the discard finishes c666, so three concealed:
    # 2.1 30 + 2.2.2 30 + 1.3 5 = 65
    pytest.param("c222 b333 k444 c66 k99 +c6", "2.2.3", {"1.3": 1, "2.1": 1, "2.2.2": 1}, 65,
                 id="2.2.3-miss-R3-pung-from-discard"),
    # 2.3.1: four c1 held but no kong declared (R4 needs a kong); 1.3 5
    pytest.param("c1111 c23 b456 k789 ww +ww", "2.3.1", {"1.3": 1}, 5,
                 id="2.3.1-miss-four-alike-undeclared"),
    # 2.3.2: one kong and a pung; 2.3.1 5
    pytest.param("[c2222] b333 k456 k789 dw +dw", "2.3.2", {"2.3.1": 1}, 5,
                 id="2.3.2-miss-kong-and-pung"),
    # 2.3.3: two kongs only (the 2.3.2 seed hand); 2.3.2 20
    pytest.param("[c2222] {b3333} k456 k789 dw +dw", "2.3.3", {"2.3.2": 1}, 20,
                 id="2.3.3-miss-two-kongs"),
    # 2.3.4: three kongs and a concealed wind pung:
    # 2.3.3 120 + 2.1 30 + 1.6 10 + 8.1.1 5 = 165
    pytest.param("[c2222] [b3333] [k8888] we we we dr +dr", "2.3.4",
                 {"1.6": 1, "2.1": 1, "2.3.3": 1, "8.1.1": 1}, 165,
                 id="2.3.4-miss-three-kongs-and-pung"),
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
        # R10: the lower concealed-pung patterns are present but outranked
        pytest.param("c222 b333 k444 c666 k9 +k9", "2.2.2", Why.OUTRANKED, "2.2.3",
                     id="2.2.2-outranked-by-2.2.3"),
        pytest.param("c222 b333 k444 c666 k9 +k9", "2.2.1", Why.OUTRANKED, "2.2.3",
                     id="2.2.1-outranked-by-2.2.3"),
        pytest.param("{c2222} {b3333} {k8888} c567 c5 +c5", "2.3.2", Why.OUTRANKED, "2.3.3",
                     id="2.3.2-outranked-by-2.3.3"),
        pytest.param("{c2222} {b3333} {k8888} c567 c5 +c5", "2.3.1", Why.OUTRANKED, "2.3.3",
                     id="2.3.1-outranked-by-2.3.3"),
        # R12: the limit hand stands alone; 2.1 is present but adds nothing
        pytest.param("[c2222] [b3333] [k8888] [we we we we] dr +dr", "2.1", Why.LIMIT, "2.3.4",
                     id="2.1-under-four-kongs-limit"),
        pytest.param("[c2222] [b3333] [k8888] [we we we we] dr +dr", "2.3.3", Why.OUTRANKED,
                     "2.3.4", id="2.3.3-outranked-by-2.3.4"),
        pytest.param("{c2222} {b3333} {k8888} {we we we we} dr +dr self", "2.2.3", Why.LIMIT,
                     "2.3.4", id="2.2.3-under-four-kongs-limit"),
    ],
)
def test_present_but_not_counted(text: str, pattern: str, why: Why, by: str) -> None:
    hit = next(h for h in scored(text).best.hits if h.pattern.id == pattern)
    assert not hit.counted
    assert hit.why is why
    assert hit.by is not None
    assert hit.by.id == by


def test_four_kongs_is_the_limit() -> None:
    s = scored("[c2222] [b3333] [k8888] [we we we we] dr +dr")
    assert s.limit is not None
    assert s.limit.id == "2.3.4"
    assert not s.capped


def test_R3_winning_tile_goes_into_the_chow() -> None:
    # R2/R3: c4 from a discard could finish the pung c444 (only two concealed pungs,
    # 1.3 5 + 2.2.1 5 = 10) or the chow c345 (three concealed, 35); the chow wins.
    s = scored("b222 b888 c3 c444 c5 we we +c4")
    assert s.arrangement is not None
    home = next(g for g in s.arrangement.groups if g.winning)
    assert home.kind is GroupKind.CHOW
    assert home.tile == s.hand.winning_tile - 1  # the chow c3 c4 c5
    pungs = [g for g in s.arrangement.groups if g.kind is GroupKind.PUNG]
    pung = next(g for g in pungs if g.tile == home.tile + 1)  # c444
    assert pung.concealed
    assert sorted(o.total for o in s.others) == [10]


def test_R3_discarded_pung_is_exposed_in_the_arrangement() -> None:
    s = scored("c222 b333 k55 c456 k99 +k5")
    assert s.arrangement is not None
    home = next(g for g in s.arrangement.groups if g.winning)
    assert home.kind is GroupKind.PUNG
    assert not home.concealed
