"""Every limit hand of seed 004 in the classical ruleset (R32), regular and irregular.

A limit hand replaces the whole computation with its value and only the best limit
counts; the patterns it swallows stay in the trace with the reason.  Irregular hands
(the straights, Peking Garden) are single tiles, read only by rulesets that accept
them: elsewhere the same tiles are an Illegal Call (R7).
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import Score, Why, score
from mj_trainer.engine.shape import Shape

CL = load("classical")


def cl(text: str) -> Score:
    return score(parse(text), CL)


def limit_of(text: str) -> tuple[str | None, int]:
    result = cl(text)
    return (result.limit.id if result.limit else None), result.total


@pytest.mark.parametrize(
    ("text", "pattern", "total"),
    [
        # 3.1 East goes out on the deal.
        pytest.param("c123 c456 b234 b567 k5 +k5 self blessing-of-heaven", "3.1", 2000,
                     id="heavens-blessing"),
        # 3.2 Out on East's first discard.
        pytest.param("c123 c456 b234 b567 k5 +k5 seat:south blessing-of-earth", "3.2", 1000,
                     id="earths-blessing"),
        # 3.3 All four wind pungs, two of them exposed (asterisk: may be open).
        pytest.param("ww ww ww wn wn wn c5 [we we we] [ws ws ws] +c5", "3.3", 2000,
                     id="big-four-winds"),
        # 3.4 Three dragon pungs, one exposed.
        pytest.param("dg dg dg dw dw dw c123 k5 [dr dr dr] +k5", "3.4", 2000,
                     id="big-three-dragons"),
        # 3.5 Green sets and pair: b222 exposed, b234 b666 dg dg dg, b88.
        pytest.param("b234 b666 dg dg dg b8 [b222] +b8", "3.5", 2000, id="imperial-jade"),
        # 3.6 Four kongs declared concealed and a pair.
        pytest.param("c9 {c2222} {b3333} {k4444} {dr dr dr dr} +c9", "3.6", 2000,
                     id="four-hidden-kongs"),
        # 3.7 Pungs of 1s and 9s of several suits and a pair of 1s, one pung exposed.
        pytest.param("b999 k111 c999 b1 [c111] +b1", "3.7", 2000, id="heads-and-tails"),
        # 3.8 111 234 678 999 of coins and a c55 pair, two sets exposed.
        pytest.param("c55 c678 c99 [c111] [c234] +c9", "3.8", 1000, id="winding-snake"),
        # 4.1 1112345678999 of coins and a c5, all concealed.
        pytest.param("c1112345678999 +c5", "4.1", 2000, id="nine-gates"),
        # 4.2 One of each terminal and honor, the white dragon paired.
        pytest.param("c19 b19 k19 we ws ww wn dr dg dw +dw", "4.2", 2000,
                     id="thirteen-unique-wonders"),
        # 4.3 c1-c9, the four winds, a second east.
        pytest.param("c123456789 we ws ww wn +we", "4.3", 1000, id="straight-of-winds"),
        # 4.3 The pairing tile may be a number: a second c5.
        pytest.param("c123456789 we ws ww wn +c5", "4.3", 1000, id="straight-of-winds-c5"),
        # 4.4 c1-c9, the three dragons and a k55 pair.
        pytest.param("c123456789 dr dg dw k5 +k5", "4.4", 1000, id="straight-of-dragons"),
        # 4.4 The pair may be a dragon: a third red dragon.
        pytest.param("c123456789 dr dg dw dr +dr", "4.4", 1000,
                     id="straight-of-dragons-dragon-pair"),
        # 4.5 c1-c7, the four winds and the three dragons.
        pytest.param("c1234567 we ws ww wn dr dg +dw", "4.5", 1000, id="peking-garden"),
        pytest.param("b123567 we ws ww wn dr dg dw +b4", "4.5", 1000, id="peking-garden-b"),
        # 4.6.1 Seven pairs of three suits and a dragon.
        pytest.param("c11 c55 b22 b88 k33 k99 dr +dr", "4.6.1", 250, id="twins"),
        # 4.6.2 One suit with honors.
        pytest.param("c11 c33 c55 c77 we we dr dr dg +dg", "4.6.2", 500, id="twins-clean"),
        # 4.6.3 1s and 9s of one suit with honors.
        pytest.param("c11 c99 we we ws ws dr dr dg dg dw +dw", "4.6.3", 1000,
                     id="twins-very-clean"),
        # 4.6.4 One suit only, no regular reading.
        pytest.param("c11 c22 c44 c55 c66 c88 c9 +c9", "4.6.4", 1000, id="twins-pure"),
        # 4.6.5 Winds and dragons only.
        pytest.param("we we ws ws ww ww wn wn dr dr dg dg dw +dw", "4.6.5", 2000,
                     id="twins-honors"),
    ],
)
def test_limit_hand(text: str, pattern: str, total: int) -> None:
    got, value = limit_of(text)
    assert got == pattern
    assert value == total == CL.pattern(pattern).value
    result = cl(text)
    assert [h.pattern.id for h in result.counted] == [pattern]
    assert not result.capped


def test_a_limit_swallows_points_and_doublings() -> None:
    # Big Three Dragons: the dragon pungs, Mahjong and the rest are in the trace, each
    # replaced by the limit.
    result = cl("dg dg dg dw dw dw c123 k5 [dr dr dr] +k5")
    reasons = {h.pattern.id: h.why for h in result.not_counted}
    assert reasons["2.1"] is Why.LIMIT and reasons["6.1"] is Why.LIMIT
    assert all(h.by is not None and h.by.id == "3.4" for h in result.not_counted)


def test_the_best_limit_stands_alone() -> None:
    # Pure Twins (1000) dealt to East: Heaven's Blessing (2000) is the better limit.
    result = cl("c11 c22 c44 c55 c66 c88 c9 +c9 self blessing-of-heaven")
    assert result.limit is not None and result.limit.id == "3.1" and result.total == 2000
    assert {h.pattern.id: h.why for h in result.not_counted}["4.6.4"] is Why.LIMIT


def test_twins_grades_do_not_combine() -> None:
    # Pure twins also show the plain Twins grade, outranked in family 4.6.
    result = cl("c11 c22 c44 c55 c66 c88 c9 +c9")
    skipped = {h.pattern.id: h.why for h in result.not_counted}
    assert skipped["4.6.1"] is Why.OUTRANKED
    # Very clean twins are also clean twins (500): outranked.
    very = cl("c11 c99 we we ws ws dr dr dg dg dw +dw")
    assert {h.pattern.id: h.why for h in very.not_counted}["4.6.2"] is Why.OUTRANKED


def test_r1_prefers_twins_over_a_weaker_regular_reading() -> None:
    # c11 22 33 44 55 66 77 also reads c123 c123 c456 c456 c77: at most 24 points x 2^4
    # (all chows, pure x3) = 384 < Pure Twins 1000.
    result = cl("c11 c22 c33 c44 c55 c66 c7 +c7")
    assert result.total == 1000 and result.arrangement is not None
    assert result.arrangement.shape is Shape.SEVEN_PAIRS
    assert any(o.arrangement is not None and o.arrangement.shape is Shape.REGULAR
               for o in result.others)


def test_green_seven_pairs_are_twins_not_imperial_jade() -> None:
    # Imperial Jade needs sets; green pairs (four b2 as two pairs, R5) are clean twins.
    assert limit_of("b2222 b33 b44 b66 b88 dg +dg") == ("4.6.2", 500)


def test_four_hidden_kongs_need_every_kong_concealed() -> None:
    # One kong exposed: no limit (it is then capped at 1000, see the main tests).
    assert limit_of("c9 [c2222] {b3333} {k4444} {dr dr dr dr} +c9")[0] is None


def test_heads_and_tails_needs_terminals_only() -> None:
    # With an honor pair it is an ordinary all-pungs hand.  Exposed c111 4, concealed
    # b999 k111 c999 3 x 8 = 24, dr pair 2, completed 2, only dr 2, 20: 54.  Doublings:
    # all pungs 1, three concealed pungs 1, clean (1s and 9s with honors) 1: 54 x 8 = 432.
    assert limit_of("b999 k111 c999 dr [c111] +dr") == (None, 432)


def test_winding_snake_needs_a_2_5_or_8_pair() -> None:
    # 111 234 567 789 99 of coins with two sets exposed: the extra tile is a 7, so no
    # snake.  [c111] 4 + 20 = 24 (waits c4 c7 c8); pure hand x3: 192.
    assert limit_of("c56 c7 c8 c999 [c111] [c234] +c7") == (None, 192)


def test_concealed_snake_is_nine_gates() -> None:
    # The same tiles concealed are also 1112345678999 + one: Nine Gates 2000 is the better
    # limit; the snake stays in the trace, replaced.
    result = cl("c1112345678999 +c5")
    assert result.limit is not None and result.limit.id == "4.1"
    assert {h.pattern.id: h.why for h in result.not_counted}["3.8"] is Why.LIMIT


def test_nine_gates_does_not_depend_on_the_last_tile() -> None:
    # Held c11123455678 99 waits on c9 and the fourteen tiles are 1112345678999 + c5.
    # Classical Nine Gates is about the tiles (unlike R17 in the default ruleset).
    assert limit_of("c1112345567899 +c9") == ("4.1", 2000)
    default = score(parse("c1112345567899 +c9"), load("mj-score-eval"))
    assert default.limit is None or default.limit.id != "6.2"


def test_nine_gates_with_an_exposed_set_is_not_a_limit_of_category_4() -> None:
    # [c111] exposed: not Nine Gates; the tiles are the exposed Winding Snake (1000).
    assert limit_of("c2345678999 [c111] +c5") == ("3.8", 1000)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("c1234567 we ws ww wn dr dg +dw", id="peking-garden"),
        pytest.param("c123456789 we ws ww wn +we", id="straight-of-winds"),
        pytest.param("c123456789 dr dg dw k5 +k5", id="straight-of-dragons"),
    ],
)
def test_irregular_hands_are_illegal_elsewhere(text: str) -> None:
    # R7: no other ruleset reads single-tile hands.
    for name in ("mj-score-eval", "zung-jung"):
        result = score(parse(text), load(name))
        assert not result.winning


def test_peking_garden_is_one_to_seven() -> None:
    # 2-8 with the honors is no hand.
    assert not cl("c2345678 we ws ww wn dr dg +dw").winning


def test_straight_of_winds_needs_all_four_winds() -> None:
    # Three winds and a dragon: no hand.
    assert not cl("c123456789 we ws ww dr +we").winning


def test_irregular_hands_are_read_as_single_tiles() -> None:
    result = cl("c123456789 we ws ww wn +c5")
    assert result.arrangement is not None
    assert result.arrangement.shape is Shape.SPECIAL
    assert ["c5", "c5"] in result.arrangement.as_codes()
    assert len(result.arrangement.groups) == 13
