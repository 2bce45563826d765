"""Categories 2-5 of seed 000: pungs and kongs, identical, similar and consecutive sets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.patterns.gaps import first, groups_not, listed, only, sets_here, shape_is_not
from mj_trainer.engine.patterns.registry import (
    SETS_AND_PARTIAL,
    DeclaredTemplate,
    HandFacts,
    HandFlag,
    HandFn,
    Needs,
    Proof,
    Reading,
    ReadingFn,
    Recipe,
    Shown,
    Trait,
    cite,
    hand_detector,
    reading_detector,
)
from mj_trainer.engine.patterns.shows import (
    chows,
    groups,
    is_chow,
    is_kong,
    is_pung,
    pungs,
    same_rank_in_suits,
    selected,
    suit_groups,
)
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Tile

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft


def _pung_or_pair(g: Group, hand: Hand) -> bool:
    return g.is_pung or g.kind is GroupKind.PAIR


def _not_pair(g: Group, hand: Hand) -> bool:
    return g.kind is not GroupKind.PAIR


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


def _concealed_pung(g: Group, hand: Hand) -> bool:
    return g.is_pung and g.concealed


_ALL_PUNGS_GAP = first(
    shape_is_not(Shape.REGULAR, "needs four pungs or kongs and a pair"),
    groups_not(lambda g, hand: g.kind is not GroupKind.CHOW, "needs four pungs or kongs",
               "is a chow", "are chows"))


def _build_all_pungs(d: Draft) -> None:
    d.fill(chows=False)


@reading_detector("all_pungs", shows=groups(is_pung), breaks=_ALL_PUNGS_GAP,
                  needs=Needs(pungs=4),
                  template=DeclaredTemplate(_build_all_pungs))
def all_pungs(r: Reading) -> int:
    return int(r.shape is Shape.REGULAR and len(r.pungs) == 4)


def _placed_on_discard(needs: str) -> Proof:
    """A pung the discarded winning tile completed: it counts as exposed (R2, R3)."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None or hand.self_drawn:
            return None
        g = next((g for g in a.groups if g.winning and g.is_pung and not g.declared), None)
        if g is None:
            return None
        w = tiles.code(hand.winning_tile)
        have = [group_text(h) for h in a.groups if _concealed_pung(h, hand)]
        kept = f"; the concealed ones are {listed(have)}" if have else ""
        return Shown((g,), (hand.winning_tile,),
                     f"{needs}, and the discarded {w} completes {group_text(g)}, so that "
                     f"pung counts as exposed{kept}")

    return proof


def _concealed_pungs_gap(n: int) -> Proof:
    needs = f"needs {_WORDS[n]} concealed pungs or kongs"
    return first(_placed_on_discard(needs), only(_concealed_pung, needs))


_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four"}


_CHOWS_HERE = "chows"


def _build_concealed_pungs(n: int) -> Recipe:
    def build(d: Draft) -> None:
        for _ in range(n):
            d.pung(d.pick_pung(), False, guard=True)
        # The other sets are chows or exposed pungs, so exactly n stay concealed (R3).
        d.fill(pung_exposed=True)

    return build


def _concealed_pungs(n: int) -> ReadingFn:
    # A loser's hand (classical settlement) has concealed pungs too.
    @reading_detector(f"concealed_pungs_{n}", SETS_AND_PARTIAL,
                      shows=groups(lambda g, hand: g.is_pung and g.concealed),
                      needs=Needs(pungs=n),
                      breaks=_concealed_pungs_gap(n),
                      template=DeclaredTemplate(_build_concealed_pungs(n), implies=tuple(
                          f"concealed_pungs_{k}" for k in range(2, n))))
    def detect(r: Reading) -> int:
        return int(r.concealed_pungs >= n)

    return detect


def _build_kongs(n: int) -> Recipe:
    def build(d: Draft) -> None:
        d.kongs_fixed = True
        for _ in range(n):
            d.kong(d.pick_pung(copies=4))

    return build


def _kongs(n: int) -> HandFn:
    # n kongs are n pungs or kongs too (R4): the count is how the words say what it needs.
    @hand_detector(f"kongs_{n}", SETS_AND_PARTIAL, shows=groups(is_kong), traits=Trait.KONG,
                   needs=Needs(has=HandFlag.KONG, pungs=n),
                   breaks=only(is_kong, f"needs {_WORDS[n]} kong{'s' if n > 1 else ''}",
                               "the hand has no kong"),
                   template=DeclaredTemplate(_build_kongs(n), implies=tuple(
                       f"kongs_{k}" for k in range(1, n))))
    def detect(f: HandFacts) -> int:
        return int(f.hand.kong_count >= n)

    return detect


concealed_pungs_2, concealed_pungs_3, concealed_pungs_4 = map(_concealed_pungs, (2, 3, 4))
kongs_1, kongs_2, kongs_3, kongs_4 = map(_kongs, (1, 2, 3, 4))


def _draft_same_chows(d: Draft, *times: int) -> None:
    starts: list[Tile] = []
    for n in times:
        start = d.pick_chow()
        if start in starts:
            d.start_again()
        starts.append(start)
        for _ in range(n):
            d.chow(start)


def _build_two_identical_chows(d: Draft) -> None:
    _draft_same_chows(d, 2)


@reading_detector("two_identical_chows", shows=selected(_repeated_chows), needs=Needs(chows=2),
                  breaks=sets_here(is_chow, "needs two identical chows", _CHOWS_HERE),
                  template=DeclaredTemplate(_build_two_identical_chows))
def two_identical_chows(r: Reading) -> int:
    return int(r.repeated_chows)


def _build_two_identical_chows_twice(d: Draft) -> None:
    _draft_same_chows(d, 2, 2)


@reading_detector("two_identical_chows_twice", shows=selected(_repeated_chows),
                  needs=Needs(chows=4),
                  breaks=sets_here(is_chow, "needs two pairs of identical chows", _CHOWS_HERE),
                  template=DeclaredTemplate(_build_two_identical_chows_twice,
                                            implies=(two_identical_chows,)))
def two_identical_chows_twice(r: Reading) -> int:
    if len(r.chows) < 4 or not r.repeated_chows:
        return 0
    return int(sum(c // 2 for c in r.chow_counts.values()) >= 2)


def _build_three_identical_chows(d: Draft) -> None:
    _draft_same_chows(d, 3)
    # One exposed chow stops the three from being read as three pungs instead.
    d.sets[0].exposed = True


@reading_detector("three_identical_chows", shows=selected(_repeated_chows),
                  needs=Needs(chows=3),
                  breaks=sets_here(is_chow, "needs three identical chows", _CHOWS_HERE),
                  template=DeclaredTemplate(_build_three_identical_chows,
                                            implies=(two_identical_chows,)))
def three_identical_chows(r: Reading) -> int:
    if len(r.chows) < 3 or not r.repeated_chows:
        return 0
    return int(any(c >= 3 for c in r.chow_counts.values()))


def _build_four_identical_chows(d: Draft) -> None:
    _draft_same_chows(d, 4)


@reading_detector("four_identical_chows", shows=selected(_repeated_chows),
                  needs=Needs(chows=4),
                  breaks=sets_here(is_chow, "needs four identical chows", _CHOWS_HERE),
                  template=DeclaredTemplate(_build_four_identical_chows,
                                            implies=(two_identical_chows, two_identical_chows_twice,
                                                     three_identical_chows)))
def four_identical_chows(r: Reading) -> int:
    if len(r.chows) < 4 or not r.repeated_chows:
        return 0
    return int(any(c >= 4 for c in r.chow_counts.values()))


def _build_three_similar_chows(d: Draft) -> None:
    rank = d.rng.randrange(1, 8)
    for suit in range(3):
        d.chow(tiles.number_tile(suit, rank))


@reading_detector("three_similar_chows", shows=selected(_similar_chows), needs=Needs(chows=3),
                  breaks=sets_here(is_chow, "needs the same chow in all three suits", _CHOWS_HERE),
                  template=DeclaredTemplate(_build_three_similar_chows))
def three_similar_chows(r: Reading) -> int:
    # A starting number present in the chow masks of all three suits.
    coins, bamboo, characters = r.chow_masks
    return int(bool(coins & bamboo & characters))


def _build_little_three_similar_pungs(d: Draft) -> None:
    rank = d.rng.randrange(1, 10)
    a, b, c = d.three_suits()
    d.pung(tiles.number_tile(a, rank))
    d.pung(tiles.number_tile(b, rank))
    d.set_eyes(tiles.number_tile(c, rank))


@reading_detector("little_three_similar_pungs", shows=selected(_similar_pungs),
                  needs=Needs(pungs=2),
                  breaks=sets_here(_pung_or_pair,
                                   "needs pungs of one number in two suits and a pair of it in "
                                   "the third",
                                   "pungs and pairs", "pung or pair"),
                  template=DeclaredTemplate(_build_little_three_similar_pungs))
def little_three_similar_pungs(r: Reading) -> int:
    eyes = r.eyes
    if eyes < 0 or eyes >= 27 or len(r.pungs) < 2:
        return 0
    # The pungs of the eyes' number in both other suits, and none in the eyes' own.
    bit = 1 << eyes % 9
    masks = r.pung_masks
    suit = eyes // 9
    return int(bool(masks[suit - 1] & masks[suit - 2] & bit) and not masks[suit] & bit)


def _build_three_similar_pungs(d: Draft) -> None:
    rank = d.rng.randrange(1, 10)
    for suit in range(3):
        d.pung(tiles.number_tile(suit, rank))


@reading_detector("three_similar_pungs", shows=selected(_similar_pungs), needs=Needs(pungs=3),
                  breaks=sets_here(is_pung,
                                   "needs pungs of one number in all three suits",
                                   "pungs"),
                  template=DeclaredTemplate(_build_three_similar_pungs))
def three_similar_pungs(r: Reading) -> int:
    coins, bamboo, characters = r.pung_masks
    return int(bool(coins & bamboo & characters))


def _shape_mask(offsets: tuple[int, ...]) -> int:
    mask = 0
    for o in offsets:
        mask |= 1 << o
    return mask


def _has_shape(ranks: int, shapes: tuple[int, ...]) -> bool:
    """Does the rank mask hold one of the shape masks, shifted to any start?"""
    return any((ranks >> n) & shape == shape for shape in shapes for n in range(9))


class _ShapeTable(dict[int, bool]):
    """`_has_shape(mask, shapes)` by rank mask, worked out the first time a mask is met."""

    def __init__(self, shapes: tuple[int, ...]) -> None:
        super().__init__()
        self.shapes = shapes

    def __missing__(self, mask: int) -> bool:
        found = self[mask] = _has_shape(mask, self.shapes)
        return found


def _shape_table(shapes: tuple[int, ...]) -> _ShapeTable:
    return _ShapeTable(shapes)


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
_RUN_OF_3 = _shape_table(_THREE_PUNGS)
_RUN_OF_4 = _shape_table(_FOUR_PUNGS)


# R18: the steps are even, all one or all two (123 234 456 is no run).
_RUN_NEEDS: Final = {
    "three_consecutive_chows": "needs three chows of one suit whose first numbers step "
                               "evenly, all by one or all by two",
    "three_consecutive_chows_twice": "needs four chows of one suit in two overlapping runs",
    "four_consecutive_chows": "needs four chows of one suit whose first numbers step "
                              "evenly, all by one or all by two",
}


def _build_chow_run(runs: tuple[tuple[int, ...], ...]) -> Recipe:
    """Chows starting at one of `runs` (offsets from the lowest start, R18)."""

    def build(d: Draft) -> None:
        offsets = d.rng.choice(runs)
        suit = d.suit()
        first = d.rng.randrange(1, 8 - offsets[-1])
        for off in offsets:
            d.chow(tiles.number_tile(suit, first + off))
        # A further chow of the same suit could make a longer run; fill elsewhere.
        d.fill_pool = tiles.without(range(34), tiles.suit_tiles(suit))
        d.eyes_pool = tuple(range(34))

    return build


def _chow_run(name: str, shapes: tuple[int, ...], template: DeclaredTemplate) -> ReadingFn:
    least = min(bin(shape).count("1") for shape in shapes)  # chows the shape needs
    table = _shape_table(shapes)

    @reading_detector(name, shows=selected(_run_chows), needs=Needs(chows=least),
                      breaks=sets_here(is_chow, _RUN_NEEDS[name], _CHOWS_HERE),
                      template=template)
    def detect(r: Reading) -> int:
        if len(r.chows) < least:
            return 0
        coins, bamboo, characters = r.chow_masks
        return int(table[coins] or table[bamboo] or table[characters])

    return detect


three_consecutive_chows = _chow_run("three_consecutive_chows", _THREE_CHOWS,
                                    DeclaredTemplate(_build_chow_run(THREE_CHOWS_RUNS)))
three_consecutive_chows_twice = _chow_run(
    "three_consecutive_chows_twice", _THREE_TWICE,
    DeclaredTemplate(_build_chow_run(THREE_CHOWS_TWICE_RUNS),
                     implies=(three_consecutive_chows,)))
four_consecutive_chows = _chow_run(
    "four_consecutive_chows", _FOUR_CHOWS,
    DeclaredTemplate(_build_chow_run(FOUR_CHOWS_RUNS), implies=(three_consecutive_chows,)))


def _build_nine_tile_straight(d: Draft) -> None:
    suit = d.suit()
    for rank in (1, 4, 7):
        d.chow(tiles.number_tile(suit, rank))


@reading_detector("nine_tile_straight", shows=selected(_run_chows), needs=Needs(chows=3),
                  breaks=sets_here(is_chow,
                                   "needs the chows 123, 456 and 789 of one suit",
                                   _CHOWS_HERE),
                  template=DeclaredTemplate(_build_nine_tile_straight))
def nine_tile_straight(r: Reading) -> int:
    # Exactly the chows 123, 456 and 789 of one suit (R18).
    if len(r.chows) < 3:
        return 0
    coins, bamboo, characters = r.chow_masks
    run = _STRAIGHT[0]
    return int(coins & run == run or bamboo & run == run or characters & run == run)


def _build_three_consecutive_pungs(d: Draft) -> None:
    suit = d.suit()
    first = d.rng.randrange(1, 8)
    for rank in range(first, first + 3):
        d.pung(tiles.number_tile(suit, rank))
    # Exposing one keeps the three from reading as three identical chows (R1).
    d.rng.choice(d.sets).exposed = True
    d.fill_pool = tiles.without(range(34), tiles.suit_tiles(suit))
    d.eyes_pool = tuple(range(34))


@reading_detector("three_consecutive_pungs", shows=selected(_run_pungs), needs=Needs(pungs=3),
                  breaks=sets_here(is_pung,
                                   "needs pungs of three consecutive numbers in one suit",
                                   "pungs"),
                  template=DeclaredTemplate(_build_three_consecutive_pungs))
def three_consecutive_pungs(r: Reading) -> int:
    if len(r.pungs) < 3:
        return 0
    coins, bamboo, characters = r.pung_masks
    return int(_RUN_OF_3[coins] or _RUN_OF_3[bamboo] or _RUN_OF_3[characters])


def _build_four_consecutive_pungs(d: Draft) -> None:
    suit = d.suit()
    first = d.rng.randrange(1, 7)
    for rank in range(first, first + 4):
        d.pung(tiles.number_tile(suit, rank))


@reading_detector("four_consecutive_pungs", shows=selected(_run_pungs), needs=Needs(pungs=4),
                  breaks=sets_here(is_pung,
                                   "needs pungs of four consecutive numbers in one suit",
                                   "pungs"),
                  template=DeclaredTemplate(_build_four_consecutive_pungs,
                                            implies=(three_consecutive_pungs,)))
def four_consecutive_pungs(r: Reading) -> int:
    if len(r.pungs) < 4:
        return 0
    coins, bamboo, characters = r.pung_masks
    return int(_RUN_OF_4[coins] or _RUN_OF_4[bamboo] or _RUN_OF_4[characters])


def _build_three_mothers(d: Draft) -> None:
    # R19: pungs n, n+1, n+2 and the chow n..n+2; one set exposed, or the concealed
    # tiles would read as Four Identical Chows, which scores more.
    suit = d.suit()
    first = d.rng.randrange(1, 8)
    for rank in range(first, first + 3):
        d.pung(tiles.number_tile(suit, rank), fixed=True)
    d.chow(tiles.number_tile(suit, first))
    d.rng.choice(d.sets).exposed = True


@reading_detector("three_mothers", shows=selected(_mothers), needs=Needs(chows=1, pungs=3),
                  breaks=sets_here(_not_pair,
                                   "needs pungs of three consecutive numbers and the chow of the "
                                   "same numbers, in one suit",
                                   "sets"),
                  template=DeclaredTemplate(_build_three_mothers,
                                            implies=(three_consecutive_pungs,)))
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
