"""Official Zung Jung v3.3 (R31): its own ids, series, value honors and payoff."""

from __future__ import annotations

import pytest

from mj_trainer.engine.notation import parse
from mj_trainer.engine.payoff import zung_jung
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import Score, score

ZJ = load("zung-jung")


def zj(text: str) -> Score:
    return score(parse(text), ZJ)


def counted(text: str) -> dict[str, int]:
    return {h.pattern.id: h.count for h in zj(text).counted}


@pytest.mark.parametrize(
    ("text", "total", "patterns"),
    [
        # The worked totals of the official Zung Jung rules, in our notation.
        # Exposed b234; c666 finished by a discard is exposed, so nothing scores: chicken 1.
        pytest.param("b567 k345 c66 c99 [b234] +c6", 1, {"0.1": 1}, id="worked-chicken"),
        # All sequences 5 + concealed 5 + no terminals 5.
        pytest.param("b234 b567 k345 c456 c8 +c8", 15, {"1.1": 1, "1.2": 1, "1.3": 1},
                     id="worked-15"),
        # Four concealed triplets 125 + all triplets 30 + concealed 5 (no self-drawn bonus).
        pytest.param("b222 k444 c666 c888 ww +ww self", 160, {"4.2.3": 1, "4.1": 1, "1.2": 1},
                     id="worked-160"),
    ],
)
def test_worked_totals(text: str, total: int, patterns: dict[str, int]) -> None:
    result = zj(text)
    assert result.total == total
    assert {h.pattern.id: h.count for h in result.counted} == patterns


def test_value_honor_counts_the_seat_wind_not_the_prevailing_wind() -> None:
    # South seat, west prevailing: the south pung is a value honor, the west pung is not.
    text = "ws ws ws ww ww ww c123 c456 k9 +k9 seat:south wind:west"
    # 3.1 x1 = 10, concealed 5, two concealed triplets 5 = 20.
    assert counted(text) == {"3.1": 1, "1.2": 1, "4.2.1": 1}
    assert zj(text).total == 20
    # The same hand in the west seat: now the west pung is the value honor instead.
    assert counted(text.replace("seat:south", "seat:west"))["3.1"] == 1
    # In the east seat neither wind is worth anything: 5 + 5 = 10.
    assert zj(text.replace("seat:south", "seat:east")).total == 10


def test_dragon_pungs_are_value_honors_and_stack_with_three_dragons() -> None:
    # Big Three Dragons 130 + 3 x 10 value honors + concealed 5 + three concealed
    # triplets 30 (the eyes k99 won on a discard) + mixed lesser terminals 40 (every
    # set holds a terminal or an honor: c123, k99, the dragons) = 235.
    text = "dr dr dr dg dg dg dw dw dw c123 k9 +k9"
    assert counted(text) == {"3.2.2": 1, "3.1": 3, "1.2": 1, "4.2.2": 1, "8.1.1": 1}
    assert zj(text).total == 235


def test_no_self_drawn_and_no_all_types() -> None:
    # c345 b345 k345 we we we dr dr, self-drawn, south seat (so the east pung is no
    # value honor): three similar sequences 35 + concealed 5, nothing for the
    # self-draw or for having all five types.
    text = "c345 b345 k345 we we we dr +dr self seat:south"
    assert counted(text) == {"6.1": 1, "1.2": 1}
    assert zj(text).total == 40


def test_irregular_hands_never_count_concealed() -> None:
    pairs = zj("c11 c55 b22 b88 k33 k99 dr +dr")
    assert [h.pattern.id for h in pairs.counted] == ["10.2"]
    assert pairs.total == 30
    assert any(h.pattern.id == "1.2" and h.why is not None for h in pairs.not_counted)
    orphans = zj("c19 b19 k19 we ws ww wn dr dg dw +dw")
    assert [h.pattern.id for h in orphans.counted] == ["10.1"]
    assert {h.pattern.id for h in orphans.not_counted} == {"1.2", "8.1.3"}


def test_seven_pairs_lose_to_two_identical_sequences_twice() -> None:
    # c112233 b778899 k55: 60 + all sequences 5 + concealed 5 = 70 beats seven pairs
    # 30 (R1).
    result = zj("c112233 b778899 k5 +k5")
    assert result.total == 70
    assert {h.pattern.id for h in result.counted} == {"5.1.2", "1.1", "1.2"}


def test_bonus_tiles_proper_and_improper_and_no_chicken() -> None:
    # South seat: f2 and s2 are proper (4 each), f1 improper (2): 10 points, and the
    # hand is no longer a chicken hand.
    text = "b567 k345 c66 c99 [b234] +c6 f1 f2 s2 seat:south"
    assert counted(text) == {"11.1.2": 2, "11.1.1": 1}
    assert zj(text).total == 10


def test_four_flowers_add_on_top_of_their_own_points() -> None:
    # East seat: f1 proper 4, f2-f4 improper 3 x 2 = 6, four flowers 10, plus the
    # All Sequences / Concealed hand of c123 c456 b234 b567 k5 5 + 5 = 30.
    text = "c123 c456 b234 b567 k5 +k5 f1 f2 f3 f4"
    assert zj(text).total == 30


def test_limit_hands_stand_alone_and_the_sum_caps_at_320() -> None:
    # All Honors 320 and Big Four Winds 400: the higher limit alone.
    big = zj("we we we ws ws ws ww ww ww wn wn wn dr +dr")
    assert big.total == 400 and big.limit is not None and big.limit.id == "3.3.4"
    # Read as pungs: pure one-suit 80 + all triplets 30 + four concealed triplets 125
    # + three consecutive triplets 100 + concealed 5 = 340, capped at 320 (the chow
    # reading makes only 80 + 120 + 5 = 205).
    capped = zj("c111222333 c999 c5 +c5 self")
    assert capped.total == 320 and capped.capped and capped.best.sum == 340


@pytest.mark.parametrize(
    ("value", "self_drawn", "payments", "gain"),
    [
        (70, False, [160, 25, 25], 210),  # the worked example
        (25, False, [25, 25, 25], 75),  # at 25 all three share
        (26, False, [28, 25, 25], 78),  # above 25 the discarder pays 3V - 50
        (1, False, [1, 1, 1], 3),
        (40, True, [40, 40, 40], 120),  # self-drawn: each opponent pays the value
    ],
)
def test_payoff(value: int, self_drawn: bool, payments: list[int], gain: int) -> None:
    pay = zung_jung(value, self_drawn=self_drawn)
    assert [p.amount for p in pay.payments] == payments
    assert pay.winner_gets == gain == 3 * value


def test_illegal_call_is_minus_30() -> None:
    result = zj("c1245 b1245 k1245 we +dr")
    assert not result.winning and result.total == -30
