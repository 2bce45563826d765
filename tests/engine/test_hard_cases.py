"""Scoring decisions that cut across patterns: best arrangement, placement, kongs,
families, cap and limits, chicken hand, illegal call, and the trace of reasons.

Every total is worked out from the seed-000 guide and quizzes/rulings.md; the arithmetic is in
the comment above each assertion.  Pattern ids are the guide's section numbers.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.arrangements import GroupKind
from mj_trainer.engine.scoring import Hit, Outcome, Score, Why
from mj_trainer.engine.shape import Shape
from tests.helpers import hand, scored


def _counted(s: Score | Outcome) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


def _skipped(s: Score | Outcome) -> dict[str, Hit]:
    return {h.pattern.id: h for h in s.not_counted}


def _assert_why(s: Score | Outcome, pid: str, why: Why, by: str | None = None) -> None:
    hit = _skipped(s)[pid]
    assert hit.why is why, (pid, hit.why)
    if by is None:
        assert hit.by is None
    else:
        assert hit.by is not None and hit.by.id == by, (pid, hit.by)


def _sum(s: Score | Outcome) -> int:
    return sum(h.points for h in s.counted)


# ---------------------------------------------------------------------------
# R1: the best arrangement


def test_chows_beat_pungs_when_the_discard_opens_a_pung() -> None:
    # c111 c222 c333 b789 k55 won on a discarded c2.
    # Pungs: c222 finished by the discard is not concealed (R3), so 2 concealed pungs:
    #   1.3 5 + 2.2.1 5 + 5.2.1 100 = 110
    # Chows c123 x3: 1.2 5 + 1.3 5 + 3.1.3 120 = 130  -> chows win
    s = scored("c11122333 b789 k55 +c2")
    assert s.total == 130
    assert _counted(s) == {"1.2": 1, "1.3": 1, "3.1.3": 1}
    assert s.arrangement is not None and s.arrangement.chow_count == 4
    _assert_why(s, "3.1.1", Why.OUTRANKED, "3.1.3")
    assert sorted(o.total for o in s.others) == [110]


def test_pungs_beat_chows_when_self_drawn() -> None:
    # The same tiles drawn from the wall: all three pungs concealed.
    # Pungs: 1.3 5 + 1.4 5 + 2.2.2 30 + 5.2.1 100 = 140
    # Chows: 1.2 5 + 1.3 5 + 1.4 5 + 3.1.3 120 = 135  -> pungs win
    s = scored("c11122333 b789 k55 +c2 self")
    assert s.total == 140
    assert _counted(s) == {"1.3": 1, "1.4": 1, "2.2.2": 1, "5.2.1": 1}
    _assert_why(s, "2.2.1", Why.OUTRANKED, "2.2.2")
    assert sorted(o.total for o in s.others) == [135]


def test_seven_shifted_pairs_beats_every_set_reading() -> None:
    # c11 22 33 44 55 66 77.  Seven pairs 1-7 of one suit: 9.1.2 320, a limit (R12, R24).
    # Each of the three set readings: 1.2 5 + 1.3 5 + 3.1.2 60 + 6.1.2 80 = 150.
    s = scored("c1122334455667 +c7")
    assert s.total == 320
    assert s.limit is not None and s.limit.id == "9.1.2"
    assert not s.capped
    assert s.arrangement is not None and s.arrangement.shape is Shape.SEVEN_PAIRS
    assert _counted(s) == {"9.1.2": 1}
    _assert_why(s, "9.1.1", Why.OUTRANKED, "9.1.2")
    _assert_why(s, "1.3", Why.LIMIT, "9.1.2")
    _assert_why(s, "6.1.2", Why.LIMIT, "9.1.2")
    assert sorted(o.total for o in s.others) == [150, 150, 150]


def test_sets_beat_seven_pairs_when_worth_more() -> None:
    # c11 22 33 b44 55 66 k77.
    # Sets c123 c123 b456 b456 k77: 1.2 5 + 1.3 5 + 3.1.2 60 = 70
    # Seven pairs: 9.1.1 30 + 1.3 5 = 35
    s = scored("c112233 b445566 k7 +k7")
    assert s.total == 70
    assert s.arrangement is not None and s.arrangement.shape is Shape.REGULAR
    assert _counted(s) == {"1.2": 1, "1.3": 1, "3.1.2": 1}
    _assert_why(s, "3.1.1", Why.OUTRANKED, "3.1.2")
    (pairs,) = [o for o in s.others if o.arrangement and o.arrangement.shape is Shape.SEVEN_PAIRS]
    assert pairs.total == 35
    assert _counted(pairs) == {"9.1.1": 1, "1.3": 1}


def test_four_identical_chows_beat_three_mothers() -> None:
    # R19: c5555 c6666 c7777 b22 all concealed.
    # Four chows c567: 3.1.4 480 (limit).  Three Mothers (pungs 5 6 7 + chow 567):
    # 5.2.3 400 (limit).  Seven pairs (c5 c5 c6 c6 c7 c7 b2, all simples):
    # 9.1.1 30 + 1.3 5 + 1.5 5 = 40.  R1 keeps 480.
    s = scored("c555566667777 b2 +b2")
    assert s.total == 480
    assert s.limit is not None and s.limit.id == "3.1.4"
    assert _counted(s) == {"3.1.4": 1}
    for pid in ("3.1.1", "3.1.2", "3.1.3"):
        _assert_why(s, pid, Why.OUTRANKED, "3.1.4")
    _assert_why(s, "1.2", Why.LIMIT, "3.1.4")
    _assert_why(s, "1.3", Why.LIMIT, "3.1.4")
    mothers = [o for o in s.others if o.limit is not None and o.limit.id == "5.2.3"]
    assert len(mothers) == 1
    assert mothers[0].total == 400
    _assert_why(mothers[0], "5.2.1", Why.OUTRANKED, "5.2.3")
    _assert_why(mothers[0], "2.2.2", Why.LIMIT, "5.2.3")
    assert sorted(o.total for o in s.others) == [40, 400]


def test_three_mothers_with_an_exposed_pung() -> None:
    # [c555] exposed, concealed c5 c6666 c7777 b22: only pungs 5 6 7 + chow 567 remain
    # (one c5 cannot make four chows).  5.2.3 400 limit; 5.2.1 outranked in family 5.2;
    # the two concealed pungs (2.2.1) yield to the limit.
    s = scored("[c555] c566667777 b2 +b2")
    assert s.total == 400
    assert _counted(s) == {"5.2.3": 1}
    _assert_why(s, "5.2.1", Why.OUTRANKED, "5.2.3")
    _assert_why(s, "2.2.1", Why.LIMIT, "5.2.3")
    assert s.others == ()


def test_tie_prefers_fewer_patterns() -> None:
    # c111 222 333 789 55, won on a discarded c5 (the eyes).
    # Pungs: 1.3 5 + 2.2.2 30 + 5.2.1 100 + 6.1.2 80 = 215 (4 patterns)
    # Chows: 1.2 5 + 1.3 5 + 3.1.3 120 + 6.1.2 80 + 7.1.1 5 = 215 (5 patterns)
    # R1: equal totals -> fewer patterns -> the pung reading, despite fewer chows.
    s = scored("c111222333789 c5 +c5")
    assert s.total == 215
    assert _counted(s) == {"1.3": 1, "2.2.2": 1, "5.2.1": 1, "6.1.2": 1}
    assert s.arrangement is not None and s.arrangement.chow_count == 1
    (other,) = s.others
    assert other.total == 215
    assert _counted(other) == {"1.2": 1, "1.3": 1, "3.1.3": 1, "6.1.2": 1, "7.1.1": 1}


def test_tie_then_prefers_more_chows() -> None:
    # b222 333 444 dg dg dg b66: All Green 10.1 400 is a limit in both readings, so both
    # total 400 with one counted pattern; R1 then takes the reading with more chows
    # (b234 x3) over the pungs.
    s = scored("b222333444 dg dg dg b6 +b6")
    assert s.total == 400
    assert s.limit is not None and s.limit.id == "10.1"
    assert _counted(s) == {"10.1": 1}
    assert s.arrangement is not None and s.arrangement.chow_count == 3
    (other,) = s.others
    assert other.total == 400 and _counted(other) == {"10.1": 1}
    assert other.arrangement is not None and other.arrangement.chow_count == 0


# ---------------------------------------------------------------------------
# R2/R3: the winning tile


def test_discard_into_a_pung_makes_it_exposed_for_concealed_pungs() -> None:
    # c11 + discarded c1 -> c111 is not concealed (R3); b555 and k222 are.
    # 1.3 5 + 2.2.1 5 = 10 (the hand stays a Concealed Hand).
    s = scored("c11 c99 b555 k222 k789 +c1")
    assert s.total == 10
    assert _counted(s) == {"1.3": 1, "2.2.1": 1}


def test_self_drawn_pung_stays_concealed() -> None:
    # Same tiles drawn: three concealed pungs. 1.3 5 + 1.4 5 + 2.2.2 30 = 40
    s = scored("c11 c99 b555 k222 k789 +c1 self")
    assert s.total == 40
    assert _counted(s) == {"1.3": 1, "1.4": 1, "2.2.2": 1}


def test_discard_into_the_eyes_keeps_every_pung_concealed() -> None:
    # The discard completes c99, so c111 b555 k222 are all drawn: 1.3 5 + 2.2.2 30 = 35
    s = scored("c111 c9 b555 k222 k789 +c9")
    assert s.total == 35
    assert _counted(s) == {"1.3": 1, "2.2.2": 1}


def test_winning_tile_goes_where_it_scores_best() -> None:
    # c1111 c2 c3 b555 k234 k55 won on a discarded c1 (R2).
    # In the c123 chow: c111 and b555 concealed -> 1.3 5 + 2.2.1 5 = 10
    # In the c111 pung: only b555 concealed      -> 1.3 5 = 5
    s = scored("c111 b555 c23 k234 k55 +c1")
    assert s.total == 10
    assert _counted(s) == {"1.3": 1, "2.2.1": 1}
    assert s.arrangement is not None
    (win,) = [g for g in s.arrangement.groups if g.winning]
    assert win.kind is GroupKind.CHOW
    assert [o.total for o in s.others] == [5]


# ---------------------------------------------------------------------------
# Kongs (R4)


def test_exposed_and_concealed_kongs() -> None:
    # [c2222] exposed, {b3333} concealed, k888 and we we we concealed, eyes dr (won on
    # the discard in the eyes).  16 tiles = 14 + 2 kongs.
    # 2.1 30 + 2.2.2 30 (b3333, k888, we) + 2.3.2 20 + 8.1.1 5 + 1.6 10 = 95
    h = hand("[c2222] {b3333} k888 we we we dr +dr")
    assert len(h.all_tiles()) == 16
    s = scored("[c2222] {b3333} k888 we we we dr +dr")
    assert s.total == 95
    assert _counted(s) == {"2.1": 1, "2.2.2": 1, "2.3.2": 1, "8.1.1": 1, "1.6": 1}
    _assert_why(s, "2.3.1", Why.OUTRANKED, "2.3.2")
    _assert_why(s, "2.2.1", Why.OUTRANKED, "2.2.2")


def test_concealed_kong_is_a_concealed_pung_exposed_is_not() -> None:
    # {c2222} b555 k999 k234 dr dr: kong, b555, k999 concealed ->
    #   1.3 5 + 2.2.2 30 + 2.3.1 5 = 40
    # [c2222] instead: only b555 and k999 concealed, no Concealed Hand ->
    #   2.2.1 5 + 2.3.1 5 = 10
    concealed = scored("{c2222} b555 k999 k23 dr dr +k4")
    assert concealed.total == 40
    assert _counted(concealed) == {"1.3": 1, "2.2.2": 1, "2.3.1": 1}
    exposed = scored("[c2222] b555 k999 k23 dr dr +k4")
    assert exposed.total == 10
    assert _counted(exposed) == {"2.2.1": 1, "2.3.1": 1}


def test_three_kongs() -> None:
    # [c2222] [b3333] {k8888} c567 we we: 2.3.3 120 and nothing else (a chow, no
    # dragons, one concealed pung).  17 tiles.
    assert len(hand("[c2222] [b3333] {k8888} c567 we +we").all_tiles()) == 17
    s = scored("[c2222] [b3333] {k8888} c567 we +we")
    assert s.total == 120
    assert _counted(s) == {"2.3.3": 1}
    _assert_why(s, "2.3.1", Why.OUTRANKED, "2.3.3")
    _assert_why(s, "2.3.2", Why.OUTRANKED, "2.3.3")


def test_four_kongs_is_a_limit() -> None:
    # 2.3.4 480 stands alone (R12); 18 tiles.  All Pungs, the wind pung and All Types
    # are present but yield to the limit; the lesser kong counts are outranked.
    h = hand("[c2222] [b3333] {k8888} [we we we we] dr +dr")
    assert len(h.all_tiles()) == 18
    s = scored("[c2222] [b3333] {k8888} [we we we we] dr +dr")
    assert s.total == 480
    assert s.limit is not None and s.limit.id == "2.3.4"
    assert _counted(s) == {"2.3.4": 1}
    for pid in ("2.3.1", "2.3.2", "2.3.3"):
        _assert_why(s, pid, Why.OUTRANKED, "2.3.4")
    for pid in ("2.1", "8.1.1", "1.6"):
        _assert_why(s, pid, Why.LIMIT, "2.3.4")


# ---------------------------------------------------------------------------
# R10/R11: families and stacking


def test_big_three_winds_stacks_wind_pungs() -> None:
    # we ws wn pungs, b234, dr dr, all concealed, won on dr in the eyes.
    # 8.1.3 120 + 3 x 8.1.1 5 + 2.2.2 30 + 1.3 5 + 6.1.1 40 = 210
    s = scored("we we we ws ws ws wn wn wn b234 dr +dr")
    assert s.total == 210
    assert _counted(s) == {"8.1.3": 1, "8.1.1": 3, "2.2.2": 1, "1.3": 1, "6.1.1": 1}
    points = {h.pattern.id: h.points for h in s.counted}
    assert points["8.1.1"] == 15


def test_big_three_winds_exposed() -> None:
    # All three wind pungs exposed: 8.1.3 120 + 3 x 8.1.1 5 + 6.1.1 40 = 175
    s = scored("[we we we] [ws ws ws] [wn wn wn] b234 dr +dr")
    assert s.total == 175
    assert _counted(s) == {"8.1.3": 1, "8.1.1": 3, "6.1.1": 1}


def test_little_three_winds_stacks_two_wind_pungs() -> None:
    # 8.1.2 30 + 2 x 8.1.1 5 = 40 (no dragons: no All Types)
    s = scored("[we we we] [ws ws ws] wn c234 b789 +wn")
    assert s.total == 40
    assert _counted(s) == {"8.1.2": 1, "8.1.1": 2}


def test_big_three_dragons_stacks_dragon_pungs() -> None:
    # 8.2.3 130 + 3 x 8.2.1 10 + 6.1.1 40 = 200
    s = scored("[dr dr dr] [dg dg dg] [dw dw dw] c234 c5 +c5")
    assert s.total == 200
    assert _counted(s) == {"8.2.3": 1, "8.2.1": 3, "6.1.1": 1}


def test_little_three_dragons_stacks_two_dragon_pungs() -> None:
    # 8.2.2 40 + 2 x 8.2.1 10 = 60
    s = scored("[dr dr dr] [dg dg dg] dw c234 b678 +dw")
    assert s.total == 60
    assert _counted(s) == {"8.2.2": 1, "8.2.1": 2}


def test_two_tailed_terminals_stack_inside_family() -> None:
    # R21/R11: c111 c123 c789 c999 + b55 eyes.
    # 7.1.3 180 + 7.1.1 5 + 7.1.2 15 + 2.2.1 5 (c111, c999) + 1.3 5 = 210
    s = scored("c111123789999 b5 +b5")
    assert s.total == 210
    assert _counted(s) == {"7.1.3": 1, "7.1.1": 1, "7.1.2": 1, "2.2.1": 1, "1.3": 1}


def test_two_terminal_chow_couples_score_twice() -> None:
    # c123 c123 c789 c789 b55: two 123/789 couples.
    # 1.2 5 + 1.3 5 + 3.1.2 60 + 2 x 7.1.1 5 = 80  (seven pairs: 30 + 5 = 35)
    s = scored("c112233778899 b5 +b5")
    assert s.total == 80
    assert _counted(s) == {"1.2": 1, "1.3": 1, "3.1.2": 1, "7.1.1": 2}


CHICKEN = "[c123] b456 k789 b888 c5 +c5"


def test_chicken_hand() -> None:
    # R13: an exposed chow kills Concealed Hand; nothing else matches -> 1.1 = 1
    s = scored(CHICKEN)
    assert s.total == 1
    assert _counted(s) == {"1.1": 1}


def test_chicken_hand_with_bonus_tiles() -> None:
    # R13: bonus tiles add to the chicken hand: 1 + 2 x 13.1 2 = 5
    s = scored(CHICKEN + " f1 s3")
    assert s.total == 5
    assert _counted(s) == {"1.1": 1, "13.1": 2}


def test_no_chicken_with_any_other_pattern() -> None:
    # Self drawn: 1.4 5 only; final discard: 12.1.2 10 only.
    assert _counted(scored(CHICKEN + " self")) == {"1.4": 1}
    assert scored(CHICKEN + " self").total == 5
    assert _counted(scored(CHICKEN + " final-discard")) == {"12.1.2": 1}
    assert scored(CHICKEN + " final-discard").total == 10


def test_all_flowers() -> None:
    # 1.1 1 + 13.1.1 12 + 4 x 13.1 2 = 21
    s = scored(CHICKEN + " f1 f2 f3 f4")
    assert s.total == 21
    assert _counted(s) == {"1.1": 1, "13.1.1": 1, "13.1": 4}


def test_all_bonus_tiles_replace_flowers_and_seasons() -> None:
    # R11: 1.1 1 + 13.1.3 64 + 8 x 13.1 2 = 81; 13.1.1 and 13.1.2 give way to 13.1.3.
    s = scored(CHICKEN + " f1234 s1234")
    assert s.total == 81
    assert _counted(s) == {"1.1": 1, "13.1.3": 1, "13.1": 8}
    for pid in ("13.1.1", "13.1.2"):
        hit = _skipped(s)[pid]
        assert hit.why in (Why.OUTRANKED, Why.REPLACED)
        assert hit.by is not None and hit.by.id == "13.1.3"


def test_equal_values_in_one_family_count_once() -> None:
    # Win on Kong and Win on Bonus Tile (both 10, family 12.2): one counts.
    # 2.3.1 5 + 1.4 5 + 10 + 13.1 2 = 22
    s = scored("[c9999] c123 b456 k789 k5 +k5 self f1 win-on-kong win-on-bonus")
    assert s.total == 22
    got = _counted(s)
    assert ("12.2.1" in got) != ("12.2.2" in got)
    winner = "12.2.1" if "12.2.1" in got else "12.2.2"
    loser = "12.2.2" if winner == "12.2.1" else "12.2.1"
    _assert_why(s, loser, Why.OUTRANKED, winner)


def test_incidentals_in_different_families_add_up() -> None:
    # R26: 2.3.1 5 + 1.4 5 + 12.1.1 10 + 12.2.1 10 = 30
    s = scored("[c9999] c123 b456 k789 k5 +k5 self win-on-kong final-draw")
    assert s.total == 30
    assert _counted(s) == {"2.3.1": 1, "1.4": 1, "12.1.1": 1, "12.2.1": 1}


def test_blessing_of_heaven() -> None:
    # R26: 12.4.1 155 + 1.3 5 + 1.4 5 + 1.2 5 = 170
    s = scored("c123 c456 b234 b567 k5 +k5 self blessing-of-heaven")
    assert s.total == 170
    assert _counted(s) == {"12.4.1": 1, "1.3": 1, "1.4": 1, "1.2": 1}


def test_blessing_of_heaven_after_a_concealed_kong_does_not_count() -> None:
    # Seed 000 12.4.1 note: legal hand, no blessing.  1.3 5 + 1.4 5 + 2.3.1 5 = 15
    s = scored("{c9999} c123 b456 k789 k5 +k5 self blessing-of-heaven")
    assert s.total == 15
    assert _counted(s) == {"1.3": 1, "1.4": 1, "2.3.1": 1}


def test_blessing_of_earth() -> None:
    # 12.4.2 155 + 1.3 5 + 1.2 5 = 165 (won on East's discard, south seat)
    s = scored("c123 c456 b234 b567 k5 +k5 seat:south blessing-of-earth")
    assert s.total == 165
    assert _counted(s) == {"12.4.2": 1, "1.3": 1, "1.2": 1}


# ---------------------------------------------------------------------------
# R12: cap and limits


def test_sum_over_320_is_capped() -> None:
    # dr dg dw pungs, c111, c99 eyes, all drawn from the wall.
    # 8.2.3 130 + 3 x 8.2.1 10 + 2.1 30 + 2.2.3 125 + 1.3 5 + 1.4 5 + 6.1.1 40
    #   + 7.2.3 100 = 465 -> capped at 320; no limit pattern present.
    s = scored("dr dr dr dg dg dg dw dw dw c111 c9 +c9 self")
    assert s.best.sum == 465
    assert _sum(s) == 465
    assert s.total == 320
    assert s.capped
    assert s.limit is None
    assert _counted(s) == {
        "8.2.3": 1, "8.2.1": 3, "2.1": 1, "2.2.3": 1, "1.3": 1, "1.4": 1,
        "6.1.1": 1, "7.2.3": 1,
    }
    _assert_why(s, "7.2.1", Why.OUTRANKED, "7.2.3")
    _assert_why(s, "2.2.2", Why.OUTRANKED, "2.2.3")


def test_best_limit_stands_alone() -> None:
    # Big Four Winds 8.1.5 400 beats All Honor Pungs 8.3.1 320 (R12): total 400.
    s = scored("we we we ws ws ws ww ww ww wn wn wn dr +dr")
    assert s.total == 400
    assert s.limit is not None and s.limit.id == "8.1.5"
    assert not s.capped
    assert _counted(s) == {"8.1.5": 1}
    _assert_why(s, "8.3.1", Why.LIMIT, "8.1.5")
    _assert_why(s, "8.1.3", Why.OUTRANKED, "8.1.5")
    for pid in ("8.1.1", "2.1", "2.2.3", "1.3"):
        _assert_why(s, pid, Why.LIMIT, "8.1.5")
    assert _skipped(s)["8.1.1"].count == 4
    # Every tile is an honor, so the terminal family is there too (seed 000 7.2.1 and
    # 7.2.3 ask for terminals *or* honors, R22), and the limit stops it as well.
    _assert_why(s, "7.2.3", Why.LIMIT, "8.1.5")
    _assert_why(s, "7.2.1", Why.OUTRANKED, "7.2.3")


def test_limit_at_exactly_320() -> None:
    # Little Four Winds 8.1.4 320 is a limit (R12: 320 or more).  Three wind pungs +
    # wn eyes + b234: sum would be 8.1.3 120 + 15 + ... but the limit stands alone.
    s = scored("[we we we] [ws ws ws] [ww ww ww] wn b234 +wn")
    assert s.total == 320
    assert s.limit is not None and s.limit.id == "8.1.4"
    assert _counted(s) == {"8.1.4": 1}
    assert not s.capped


def test_all_honor_pairs() -> None:
    # R23: seven pairs of the seven honors: 8.3.2 480; 8.3.1 320 outranked in 8.3.
    s = scored("we we ws ws ww ww wn wn dr dr dg dg dw +dw")
    assert s.total == 480
    assert _counted(s) == {"8.3.2": 1}
    _assert_why(s, "8.3.1", Why.OUTRANKED, "8.3.2")
    _assert_why(s, "9.1.1", Why.LIMIT, "8.3.2")
    _assert_why(s, "1.3", Why.LIMIT, "8.3.2")


# ---------------------------------------------------------------------------
# R5, R16: shapes


def test_seven_pairs_with_four_alike() -> None:
    # R5: c1 x4 as two pairs.  9.1.1 30 + 1.3 5 + 1.6 10 = 45
    s = scored("c111 b33 b55 k77 dr dr ww ww +c1")
    assert s.total == 45
    assert _counted(s) == {"9.1.1": 1, "1.3": 1, "1.6": 1}


def test_seven_pairs_of_terminals_and_honors() -> None:
    # R22: 9.1.1 30 + 1.3 5 + 7.2.3 100 + 1.6 10 = 145 (no lesser terminals: no sets)
    s = scored("c1199 b1199 k11 we we dr +dr")
    assert s.total == 145
    assert _counted(s) == {"9.1.1": 1, "1.3": 1, "7.2.3": 1, "1.6": 1}


def test_thirteen_orphans_shape_exclusions() -> None:
    # R16: 11.1 160 + 1.4 5 = 165; Concealed Hand, All Types and Mixed Greater
    # Terminals are present but do not apply to the shape.
    s = scored("c19 b19 k19 we ws ww wn dr dg dw +dw self")
    assert s.total == 165
    assert _counted(s) == {"11.1": 1, "1.4": 1}
    for pid in ("1.3", "1.6", "7.2.3"):
        hit = _skipped(s)[pid]
        assert hit.why is Why.SHAPE
        assert hit.shape is Shape.THIRTEEN_ORPHANS
        assert hit.by is None


def test_thirteen_orphans_on_a_discard() -> None:
    # 11.1 160 alone.
    s = scored("c119 b19 k19 we ws ww wn dr dg +dw")
    assert s.total == 160
    assert _counted(s) == {"11.1": 1}


# ---------------------------------------------------------------------------
# R7/R14: not a win


@pytest.mark.parametrize(
    "text",
    [
        "c123 c456 b234 b567 k5 +k6",
        "c123 c456 b234 b567 k5 +k6 self f1 s1",
        "{b3333} c11 b55 k77 dr dr ww ww +ww",
    ],
)
def test_illegal_call(text: str) -> None:
    # R7/R14: the penalty -40 and nothing else, whatever the context.
    s = scored(text)
    assert not s.winning
    assert s.total == -40
    assert _counted(s) == {"1.7": 1}
    assert s.not_counted == ()
    assert s.arrangement is None
    assert s.limit is None and not s.capped
    assert s.others == ()


# ---------------------------------------------------------------------------
# The trace


def test_every_skipped_hit_has_a_reason_sentence() -> None:
    for text in (
        "c1122334455667 +c7",
        "c555566667777 b2 +b2",
        "we we we ws ws ws ww ww ww wn wn wn dr +dr",
        "c19 b19 k19 we ws ww wn dr dg dw +dw self",
        "dr dr dr dg dg dg dw dw dw c111 c9 +c9 self",
    ):
        s = scored(text)
        for hit in s.not_counted:
            assert hit.why is not None
            assert hit.reason() and hit.reason() != "does not count"
            if hit.why in (Why.OUTRANKED, Why.LIMIT, Why.REPLACED):
                assert hit.by is not None and hit.by.id in hit.reason()
        for hit in s.counted:
            assert hit.why is None and hit.by is None and hit.reason() == ""


def test_outranked_reason_names_family() -> None:
    s = scored("c11122333 b789 k55 +c2")
    text = _skipped(s)["3.1.1"].reason()
    assert "Three Identical Chows" in text and "3.1" in text
