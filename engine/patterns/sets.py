"""Categories 2-5 of seed 000: pungs and kongs, identical, similar and consecutive sets."""

from __future__ import annotations

from functools import cache
from typing import Final

from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind, Shape
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.registry import (
    SETS_AND_PARTIAL,
    HandFacts,
    HandFlag,
    HandFn,
    Needs,
    Reading,
    ReadingFn,
    Shown,
    Trait,
    cite,
    hand_detector,
    reading_detector,
)
from mj_trainer.engine.patterns.shows import (
    chows,
    groups,
    is_kong,
    is_pung,
    pungs,
    same_rank_in_suits,
    selected,
    suit_groups,
)


def _repeated_chows(a: Arrangement, hand: Hand) -> list[Group]:
    starts = [g.tile for g in chows(a)]
    return [g for g in chows(a) if starts.count(g.tile) >= 2]


def _similar_chows(a: Arrangement, hand: Hand) -> list[Group]:
    return same_rank_in_suits(chows(a), 3)


def _similar_pungs(a: Arrangement, hand: Hand) -> list[Group]:
    return same_rank_in_suits([g for g in a.groups if g.kind is not GroupKind.CHOW], 2)


def _run_chows(a: Arrangement, hand: Hand) -> list[Group]:
    return suit_groups(chows(a), 3)


def _run_pungs(a: Arrangement, hand: Hand) -> list[Group]:
    return suit_groups(pungs(a), 3)


def _mothers(a: Arrangement, hand: Hand) -> list[Group]:
    found = _run_pungs(a, hand)
    suits = {g.tile // 9 for g in found}
    return found + [g for g in chows(a) if g.tile // 9 in suits]


def _chows_not_pungs(hand: Hand, a: Arrangement | None) -> Shown | None:
    found = tuple(chows(a)) if a is not None else ()
    return Shown(found, phrase="chows") if found else None


@reading_detector("all_pungs", shows=groups(is_pung), breaks=_chows_not_pungs,
                  needs=Needs(pungs=4))
def all_pungs(r: Reading) -> int:
    return int(r.shape is Shape.REGULAR and len(r.pungs) == 4)


def _concealed_pungs(n: int) -> ReadingFn:
    # A loser's hand (classical settlement) has concealed pungs too.
    @reading_detector(f"concealed_pungs_{n}", SETS_AND_PARTIAL,
                      shows=groups(lambda g, hand: g.is_pung and g.concealed),
                      needs=Needs(pungs=n))
    def detect(r: Reading) -> int:
        return int(r.concealed_pungs >= n)

    return detect


def _kongs(n: int) -> HandFn:
    @hand_detector(f"kongs_{n}", SETS_AND_PARTIAL, shows=groups(is_kong), traits=Trait.KONG,
                   needs=Needs(has=HandFlag.KONG))
    def detect(f: HandFacts) -> int:
        return int(f.hand.kong_count >= n)

    return detect


concealed_pungs_2, concealed_pungs_3, concealed_pungs_4 = map(_concealed_pungs, (2, 3, 4))
kongs_1, kongs_2, kongs_3, kongs_4 = map(_kongs, (1, 2, 3, 4))


@reading_detector("two_identical_chows", shows=selected(_repeated_chows), needs=Needs(chows=2))
def two_identical_chows(r: Reading) -> int:
    return int(any(c >= 2 for c in r.chow_counts.values()))


@reading_detector("two_identical_chows_twice", shows=selected(_repeated_chows),
                  needs=Needs(chows=4))
def two_identical_chows_twice(r: Reading) -> int:
    if len(r.chows) < 4:
        return 0
    return int(sum(c // 2 for c in r.chow_counts.values()) >= 2)


@reading_detector("three_identical_chows", shows=selected(_repeated_chows),
                  needs=Needs(chows=3))
def three_identical_chows(r: Reading) -> int:
    if len(r.chows) < 3:
        return 0
    return int(any(c >= 3 for c in r.chow_counts.values()))


@reading_detector("four_identical_chows", shows=selected(_repeated_chows),
                  needs=Needs(chows=4))
def four_identical_chows(r: Reading) -> int:
    if len(r.chows) < 4:
        return 0
    return int(any(c >= 4 for c in r.chow_counts.values()))


@reading_detector("three_similar_chows", shows=selected(_similar_chows), needs=Needs(chows=3))
def three_similar_chows(r: Reading) -> int:
    # A starting number present in the chow masks of all three suits.
    coins, bamboo, characters = r.chow_masks
    return int(bool(coins & bamboo & characters))


@reading_detector("little_three_similar_pungs", shows=selected(_similar_pungs),
                  needs=Needs(pungs=2))
def little_three_similar_pungs(r: Reading) -> int:
    if r.eyes < 0 or r.eyes >= 27 or len(r.pungs) < 2:
        return 0
    bit = 1 << (r.eyes % 9)
    suits = [i for i, mask in enumerate(r.pung_masks) if mask & bit]
    return int(len(suits) == 2 and r.eyes // 9 not in suits)


@reading_detector("three_similar_pungs", shows=selected(_similar_pungs), needs=Needs(pungs=3))
def three_similar_pungs(r: Reading) -> int:
    coins, bamboo, characters = r.pung_masks
    return int(bool(coins & bamboo & characters))


def _shape_mask(offsets: tuple[int, ...]) -> int:
    mask = 0
    for o in offsets:
        mask |= 1 << o
    return mask


@cache
def _has_shape(ranks: int, shapes: tuple[int, ...]) -> bool:
    """Does the rank mask hold one of the shape masks, shifted to any start?"""
    return any((ranks >> n) & shape == shape for shape in shapes for n in range(9))


def _masks_have(masks: tuple[int, int, int], shapes: tuple[int, ...]) -> bool:
    return any(m and _has_shape(m, shapes) for m in masks)


# R18: the shapes of consecutive chows, as offsets of the chows' starting numbers
# (the generator builds hands from the same offsets).
THREE_CHOWS_RUNS: Final = ((0, 1, 2), (0, 2, 4))
THREE_CHOWS_TWICE_RUNS: Final = ((0, 1, 2, 4), (0, 2, 3, 4))
FOUR_CHOWS_RUNS: Final = ((0, 1, 2, 3), (0, 2, 4, 6))
_THREE_CHOWS = tuple(map(_shape_mask, THREE_CHOWS_RUNS))
_THREE_TWICE = tuple(map(_shape_mask, THREE_CHOWS_TWICE_RUNS))
_FOUR_CHOWS = tuple(map(_shape_mask, FOUR_CHOWS_RUNS))
_STRAIGHT = (_shape_mask((0, 3, 6)),)  # 123 456 789: only from rank 1, checked below
_THREE_PUNGS = (_shape_mask((0, 1, 2)),)
_FOUR_PUNGS = (_shape_mask((0, 1, 2, 3)),)


def _chow_run(name: str, shapes: tuple[int, ...]) -> ReadingFn:
    least = min(bin(shape).count("1") for shape in shapes)  # chows the shape needs

    @reading_detector(name, shows=selected(_run_chows), needs=Needs(chows=least))
    def detect(r: Reading) -> int:
        return int(len(r.chows) >= least and _masks_have(r.chow_masks, shapes))

    return detect


three_consecutive_chows = _chow_run("three_consecutive_chows", _THREE_CHOWS)
three_consecutive_chows_twice = _chow_run("three_consecutive_chows_twice", _THREE_TWICE)
four_consecutive_chows = _chow_run("four_consecutive_chows", _FOUR_CHOWS)


@reading_detector("nine_tile_straight", shows=selected(_run_chows), needs=Needs(chows=3))
def nine_tile_straight(r: Reading) -> int:
    # Exactly the chows 123, 456 and 789 of one suit (R18).
    return int(len(r.chows) >= 3 and any(m & _STRAIGHT[0] == _STRAIGHT[0]
                                         for m in r.chow_masks))


@reading_detector("three_consecutive_pungs", shows=selected(_run_pungs), needs=Needs(pungs=3))
def three_consecutive_pungs(r: Reading) -> int:
    return int(len(r.pungs) >= 3 and _masks_have(r.pung_masks, _THREE_PUNGS))


@reading_detector("four_consecutive_pungs", shows=selected(_run_pungs), needs=Needs(pungs=4))
def four_consecutive_pungs(r: Reading) -> int:
    return int(len(r.pungs) >= 4 and _masks_have(r.pung_masks, _FOUR_PUNGS))


@reading_detector("three_mothers", shows=selected(_mothers), needs=Needs(chows=1, pungs=3))
def three_mothers(r: Reading) -> int:
    # R19: pungs of n, n+1, n+2 and the chow n n+1 n+2 in the same suit.
    if len(r.pungs) < 3 or not r.chows:
        return 0
    pungs = set(r.pungs)
    return int(any(c < 27 and {c, c + 1, c + 2} <= pungs for c in r.chows))

cite("R3", concealed_pungs_2, concealed_pungs_3, concealed_pungs_4)
cite("R4", kongs_1, kongs_2, kongs_3, kongs_4)
cite("R18", three_consecutive_chows, nine_tile_straight, three_consecutive_chows_twice,
     four_consecutive_chows)
cite("R19", three_mothers)
