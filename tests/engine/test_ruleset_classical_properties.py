"""Hypothesis properties of the classical scheme (R32) on built winning hands.

* A limit hand's total is its value and it counts alone; otherwise the total is
  min(points x 2^doublings, 1000) with points and doublings the sums of the counted
  patterns.
* The chosen reading is the best one (R1); the winner always scores at least 20.
* A loser's hand scores only the loser categories and stays within the cap.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.jsonio import score_to_json
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import score
from mj_trainer.engine.settlement import LoserHand, score_loser
from tests.engine.test_properties import winning_hands

CL = load("classical")
SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(winning_hands)
def test_classical_total_obeys_its_formula(h: Hand) -> None:
    s = score(replace(h, ruleset="classical"), CL)
    assert s.winning
    points = sum(hit.points for hit in s.counted)
    doubles = sum(hit.doubles for hit in s.counted)
    if s.limit is not None:
        assert [hit.pattern for hit in s.counted] == [s.limit]
        assert s.total == s.limit.value and not s.capped
    else:
        assert (s.best.points, s.best.doubles) == (points, doubles)
        assert s.best.sum == points * 2**doubles
        assert s.total == min(points * 2**doubles, CL.cap)
        assert s.capped == (points * 2**doubles > CL.cap)
        assert points >= 20  # going out is always worth 20
    for other in s.others:
        assert other.total <= s.total  # R1


@SETTINGS
@given(winning_hands)
def test_classical_json_has_points_and_doubles(h: Hand) -> None:
    s = score(replace(h, ruleset="classical"), CL)
    out = score_to_json(s)
    assert out["total"] == s.total
    assert out["points"] == s.best.points and out["doubles"] == s.best.doubles
    for entry in out["patterns"]:
        assert (entry["points"] == 0) or (entry["doubles"] == 0)
    if out["limit"] is None:
        assert sum(e["points"] for e in out["patterns"]) == out["points"]
        assert sum(e["doubles"] for e in out["patterns"]) == out["doubles"]
    assert out["payoff"]["scheme"] == "classical"


@SETTINGS
@given(winning_hands, st.data())
def test_a_losers_hand_scores_only_loser_categories(h: Hand, data: st.DataObject) -> None:
    # Take one concealed tile away from a winning hand: a loser's thirteen tiles.
    concealed = list(h.concealed)
    concealed.remove(data.draw(st.sampled_from(concealed)))
    loser = LoserHand(tuple(concealed), h.seat_wind, h.melds, h.bonus, h.prevailing_wind)
    result = score_loser(loser, CL)
    assert all(hit.pattern.category in CL.loser_categories for hit in result.outcome.hits)
    assert 0 <= result.total <= CL.cap
    if result.ready is not None:
        assert result.ready.pattern.category in CL.ready_half_categories
        assert result.total == max(result.outcome.total, result.ready.pattern.value // 2)
