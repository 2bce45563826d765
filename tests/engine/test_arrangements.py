"""Enumeration of readings: `decompose` on raw counts and `arrangements` on whole hands.

Every expected reading below is worked out by hand from the tiles; the comments show
the split.  Tile indices: c1-c9 are 0-8, b1-b9 9-17, k1-k9 18-26, winds 27-30,
dragons 31-33.
"""

from __future__ import annotations

from collections import Counter

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import (
    Arrangement,
    Decomposition,
    GroupKind,
    arrangements,
    count_vector,
    decompose,
    split_suit,
)
from mj_trainer.engine.shape import Shape
from tests.helpers import hand

T = tiles.CODE_TO_TILE


def _counts(*codes: str) -> list[int]:
    return count_vector([T[c] for c in codes])


def _codes(text: str) -> list[str]:
    """`c111 b789 dr` -> ['c1', 'c1', 'c1', 'b7', 'b8', 'b9', 'dr'] (test shorthand)."""
    out: list[str] = []
    for token in text.split():
        if token[0] in "cbk":
            out.extend(token[0] + d for d in token[1:])
        else:
            out.append(token)
    return out


def _norm(decs: list[Decomposition]) -> set[tuple[tuple[int, ...], tuple[int, ...], int]]:
    return {(tuple(sorted(ch)), tuple(sorted(pu)), eyes) for ch, pu, eyes in decs}


def _shape_of(a: Arrangement) -> tuple[tuple[str, str], ...]:
    """An arrangement as (kind, first tile) pairs, order-free, for easy comparison."""
    return tuple(sorted((g.kind.name, tiles.code(g.tile)) for g in a.groups))


def _set_shapes(arrs: list[Arrangement]) -> set[tuple[tuple[str, str], ...]]:
    return {_shape_of(a) for a in arrs}


# ---------------------------------------------------------------------------
# decompose: raw count vectors


def test_triple_run_reads_as_three_pungs_or_three_chows() -> None:
    # c111 c222 c333 b789 c55: the nine coins split as pungs 1/2/3 or as three
    # 123 chows; b789 and the c55 eyes are forced.  Nothing else is possible.
    decs = decompose(_counts(*_codes("c111222333 b789 c55")))
    c1, c2, c3, c5, b7 = T["c1"], T["c2"], T["c3"], T["c5"], T["b7"]
    assert _norm(decs) == {
        ((b7,), (c1, c2, c3), c5),
        ((c1, c1, c1, b7), (), c5),
    }


def test_decompose_finds_every_even_pair_split() -> None:
    # c11 22 33 44 55 66 77 as sets + eyes:
    #   11 + 234 234 + 567 567
    #   123 123 + 44 + 567 567
    #   123 123 + 456 456 + 77
    decs = decompose(_counts(*_codes("c11223344556677")))
    c = [T[f"c{n}"] for n in range(1, 10)]
    assert _norm(decs) == {
        ((c[1], c[1], c[4], c[4]), (), c[0]),
        ((c[0], c[0], c[4], c[4]), (), c[3]),
        ((c[0], c[0], c[3], c[3]), (), c[6]),
    }


def test_decompose_rejects_counts_that_cannot_split() -> None:
    # A suit holding 4 tiles (4 % 3 == 1) can never be sets plus at most one pair.
    assert decompose(_counts(*_codes("c1234 b123 k123 dr dr"))) == []
    # A lone honor can only be a single, never part of a set or pair.
    assert decompose(_counts(*_codes("c123 b123 k123 c55 b5 we"))) == []
    # Two honor pairs: only one pair (the eyes) is allowed.
    assert decompose(_counts(*_codes("c123 b123 k123 dr dr dg dg"))) == []
    # Eyes in two different suits.
    assert decompose(_counts(*_codes("c123 b123 k123 c55 b55"))) == []


def test_decompose_honors_are_only_pungs_and_eyes() -> None:
    # we we we + dr dr dr + dg dg dg + ww ww ww + dw dw: four honor pungs and the eyes.
    decs = decompose(_counts("we", "we", "we", "dr", "dr", "dr", "dg", "dg", "dg",
                             "ww", "ww", "ww", "dw", "dw"))
    assert _norm(decs) == {((), tuple(sorted([T["we"], T["ww"], T["dr"], T["dg"]])), T["dw"])}


def test_split_suit_on_an_empty_suit_is_one_empty_split() -> None:
    assert split_suit((0,) * 9) == (((), (), -1),)


def test_split_suit_chows_never_wrap_past_nine() -> None:
    # 8 9 + 1: no chow 891; the three tiles cannot be split at all.
    assert split_suit((1, 0, 0, 0, 0, 0, 0, 1, 1)) == ()


# ---------------------------------------------------------------------------
# arrangements: whole hands


def test_pungs_or_chows_give_two_arrangements() -> None:
    # c111222333 b789 c55, won on c5 in the eyes: the two splits above, each with the
    # winning tile in the only group that holds it.
    arrs = arrangements(hand("c111222333 b789 c5 +c5"))
    assert {a.shape for a in arrs} == {Shape.REGULAR}
    assert _set_shapes(arrs) == {
        tuple(sorted([("PUNG", "c1"), ("PUNG", "c2"), ("PUNG", "c3"), ("CHOW", "b7"),
                      ("PAIR", "c5")])),
        tuple(sorted([("CHOW", "c1")] * 3 + [("CHOW", "b7"), ("PAIR", "c5")])),
    }
    for a in arrs:
        assert a.eyes == T["c5"]
        (win,) = [g for g in a.groups if g.winning]
        assert win.kind is GroupKind.PAIR


def test_seven_pairs_that_are_also_sets_give_every_reading() -> None:
    # c11223344556677 won on c7: three set readings (see decompose above) plus seven
    # pairs.  c7 sits in the 567 chow, the 567 chow and the 77 eyes respectively.
    arrs = arrangements(hand("c1122334455667 +c7"))
    shapes = Counter(a.shape for a in arrs)
    assert shapes == {Shape.REGULAR: 3, Shape.SEVEN_PAIRS: 1}
    (pairs,) = [a for a in arrs if a.shape is Shape.SEVEN_PAIRS]
    assert [tiles.code(g.tile) for g in pairs.groups] == [f"c{n}" for n in range(1, 8)]
    assert all(g.kind is GroupKind.PAIR for g in pairs.groups)
    assert pairs.eyes is None  # seven pairs has no "eyes"
    winners = {tiles.code(g.tile) for a in arrs for g in a.groups if g.winning}
    assert winners == {"c5", "c7"}  # the 567 chow starts at c5; the pair is c7


def test_four_alike_are_two_pairs_without_a_kong() -> None:
    # R5: c1 c1 c1 c1 + b33 b55 k77 dr dr ww ww are seven pairs (c1 twice).  As sets
    # they cannot split (four coins), so seven pairs is the only reading.
    arrs = arrangements(hand("c111 b33 b55 k77 dr dr ww ww +c1"))
    assert len(arrs) == 1
    (a,) = arrs
    assert a.shape is Shape.SEVEN_PAIRS
    assert [tiles.code(g.tile) for g in a.groups].count("c1") == 2
    # The winning c1 sits in exactly one of the two c1 pairs.
    assert sum(1 for g in a.groups if g.winning) == 1


def test_declared_kong_is_never_two_pairs() -> None:
    # R5: once c1111 is declared as a kong it is one set; the 11 other tiles
    # (b33 b55 k77 dr dr ww ww ww) are not three sets and eyes, so no reading at all.
    assert arrangements(hand("{c1111} b33 b55 k77 dr dr ww ww +ww")) == []


def test_thirteen_orphans_is_one_reading() -> None:
    # One of each terminal and honor, the white dragon doubled by the winning tile.
    arrs = arrangements(hand("c19 b19 k19 we ws ww wn dr dg dw +dw"))
    assert len(arrs) == 1
    (a,) = arrs
    assert a.shape is Shape.THIRTEEN_ORPHANS
    kinds = Counter(g.kind for g in a.groups)
    assert kinds == {GroupKind.SINGLE: 12, GroupKind.PAIR: 1}
    (win,) = [g for g in a.groups if g.winning]
    assert win.kind is GroupKind.PAIR and tiles.code(win.tile) == "dw"


def test_thirteen_orphans_won_on_a_single() -> None:
    # The pair is c1 (held before the win); the winning dw is one of the singles.
    (a,) = arrangements(hand("c119 b19 k19 we ws ww wn dr dg +dw"))
    assert a.shape is Shape.THIRTEEN_ORPHANS
    (pair,) = [g for g in a.groups if g.kind is GroupKind.PAIR]
    assert tiles.code(pair.tile) == "c1"
    (win,) = [g for g in a.groups if g.winning]
    assert win.kind is GroupKind.SINGLE and tiles.code(win.tile) == "dw"


def test_non_winning_hand_has_no_reading() -> None:
    # c123 c456 b234 b567 k5 k6: the k5 k6 are neither eyes nor a set.
    assert arrangements(hand("c123 c456 b234 b567 k5 +k6")) == []
    # Thirteen orphans short of one kind (two c1 pairs... no c9) is nothing either.
    assert arrangements(hand("c11 b19 k19 we ws ww wn dr dg dw +c1")) == []


def test_declared_melds_appear_as_declared_groups() -> None:
    # [c2222] exposed kong, {b3333} concealed kong, concealed k888 we we we, eyes dr.
    (a,) = arrangements(hand("[c2222] {b3333} k888 we we we dr +dr"))
    by_tile = {tiles.code(g.tile): g for g in a.groups}
    assert by_tile["c2"].kind is GroupKind.KONG
    assert by_tile["c2"].declared and not by_tile["c2"].concealed
    assert by_tile["b3"].kind is GroupKind.KONG
    assert by_tile["b3"].declared and by_tile["b3"].concealed
    assert by_tile["k8"].kind is GroupKind.PUNG and not by_tile["k8"].declared
    assert len(a.sets) == 4 and a.eyes == T["dr"]
    assert len(by_tile["c2"].tiles) == 4


def test_declared_chow_and_pung_groups() -> None:
    # [c123] exposed chow, [dr dr dr] exposed pung; concealed b456 k11 k99 k9.
    (a,) = arrangements(hand("[c123] [dr dr dr] b456 k11 k99 +k9"))
    declared = sorted((g.kind.name, tiles.code(g.tile)) for g in a.groups if g.declared)
    assert declared == [("CHOW", "c1"), ("PUNG", "dr")]
    assert all(not g.concealed for g in a.groups if g.declared)


# ---------------------------------------------------------------------------
# R2/R3: where the winning tile goes


def test_discard_into_pung_or_chow_are_two_arrangements() -> None:
    # c111 c123 b234 b567 k55 won on a discarded c1: the c1 can complete the pung (then
    # the pung is not concealed, R3) or the chow (then the pung was all drawn).
    arrs = arrangements(hand("c111 c23 b234 b567 k55 +c1"))
    assert len(arrs) == 2
    pung_states = set()
    for a in arrs:
        (pung,) = [g for g in a.groups if g.kind is GroupKind.PUNG]
        (win,) = [g for g in a.groups if g.winning]
        assert tiles.code(win.tile) == "c1"
        if win.kind is GroupKind.PUNG:
            assert not pung.concealed
        else:
            assert win.kind is GroupKind.CHOW
            assert pung.concealed
        pung_states.add(pung.concealed)
    assert pung_states == {True, False}


def test_self_drawn_placements_that_score_alike_are_merged() -> None:
    # The same tiles drawn from the wall: the pung is concealed either way, so the two
    # placements are one reading unless every wait is asked for.
    h = hand("c111 c23 b234 b567 k55 +c1 self")
    arrs = arrangements(h)
    assert len(arrs) == 1
    (pung,) = [g for g in arrs[0].groups if g.kind is GroupKind.PUNG]
    assert pung.concealed
    every = arrangements(h, distinct_waits=True)
    assert {g.kind for a in every for g in a.groups if g.winning} == {GroupKind.PUNG,
                                                                     GroupKind.CHOW}


def test_distinct_waits_lists_each_placement_once() -> None:
    # c1111 c2 c3: one split (pung c1 + chow c123) with two homes for the winning c1;
    # the split must not be found twice (pung first or chow first).
    every = arrangements(hand("c111 c23 b234 b567 k55 +c1 self"), distinct_waits=True)
    assert len(every) == 2


def test_decompose_has_no_duplicates() -> None:
    # c1111 c23 b234 b567 k55: exactly one decomposition.
    decs = decompose(_counts(*_codes("c1111 c23 b234 b567 k55")))
    assert len(decs) == len(set(decs)) == 1


def test_chow_or_pair_placement_is_merged_on_a_discard_too() -> None:
    # c11 c123 + c1 won on a discard: c1 in the pair or in the chow changes nothing
    # concealed (no pung involved), so one reading; two with distinct_waits.
    h = hand("c11 c23 b234 b567 k555 +c1")
    assert len(arrangements(h)) == 1
    every = arrangements(h, distinct_waits=True)
    assert {g.kind for a in every for g in a.groups if g.winning} == {GroupKind.PAIR,
                                                                     GroupKind.CHOW}


def test_discard_into_the_only_pung_marks_it_not_concealed() -> None:
    # c11 + c1 can only finish the c111 pung (c99 are the eyes).
    (a,) = arrangements(hand("c11 c99 b555 k222 k789 +c1"))
    (win,) = [g for g in a.groups if g.winning]
    assert win.kind is GroupKind.PUNG and not win.concealed
    others = [g for g in a.groups if g.kind is GroupKind.PUNG and not g.winning]
    assert len(others) == 2 and all(g.concealed for g in others)


def test_identical_chows_holding_the_winning_tile_count_once() -> None:
    # c123 c123 b456 b456 k77 won on c2: both 123 chows could hold the c2, but the two
    # placements are the same reading (and the seven-pairs reading is separate).
    arrs = arrangements(hand("c11233 b445566 k77 +c2"))
    assert Counter(a.shape for a in arrs) == {Shape.REGULAR: 1, Shape.SEVEN_PAIRS: 1}
    (reg,) = [a for a in arrs if a.shape is Shape.REGULAR]
    assert sum(1 for g in reg.groups if g.winning) == 1
