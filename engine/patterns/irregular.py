"""Categories 9 and 11 of seed 000: seven pairs and thirteen orphans."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mj_trainer.engine import tiles
from mj_trainer.engine.patterns.gaps import first, sets_here, shape_is_not
from mj_trainer.engine.patterns.registry import (
    DeclaredTemplate,
    Proof,
    Reading,
    ReadingFn,
    Recipe,
    Trait,
    cite,
    reading_detector,
    whole_hand,
)
from mj_trainer.engine.patterns.shows import groups, is_pair
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Suit

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft

PAIRS_SHOWN = groups(is_pair)

PAIRS = frozenset({Shape.SEVEN_PAIRS})


def _shifted_gap(needs: str) -> Proof:
    return first(shape_is_not(Shape.SEVEN_PAIRS, needs), sets_here(is_pair, needs, "pairs"))


_SHIFTED_GAP = _shifted_gap("needs seven pairs of one suit in a row, from 1 to 7 or 2 to 8")


def _build_seven_pairs(d: Draft) -> None:
    d.seven_pairs()


@reading_detector("seven_pairs", PAIRS, shows=PAIRS_SHOWN, traits=Trait.SEVEN_PAIRS,
                  breaks=shape_is_not(Shape.SEVEN_PAIRS, "needs seven pairs"),
                  template=DeclaredTemplate(_build_seven_pairs, (Shape.SEVEN_PAIRS,)))
def seven_pairs(r: Reading) -> int:
    return int(r.shape is Shape.SEVEN_PAIRS)


def _shifted(r: Reading) -> tuple[int, int] | None:
    """(suit, first rank) when the pairs are seven consecutive numbers of one suit."""
    if r.shape is not Shape.SEVEN_PAIRS:
        return None
    pairs = sorted({g.tile for g in r.arrangement.groups})
    if len(pairs) != 7 or pairs[-1] >= 27 or pairs[0] // 9 != pairs[-1] // 9:
        return None
    if pairs[-1] - pairs[0] != 6:
        return None
    return pairs[0] // 9, pairs[0] % 9 + 1


def _build_seven_shifted_pairs(d: Draft) -> None:
    # R24: 1-7 always; 2-8 only in a suit that has no bigger pattern of its own.
    suit = d.suit()
    own = f"shifted_pairs_{tiles.SUIT_NAMES[tiles.Suit(suit)]}"
    first = 2 if own not in d.rules.detectors and d.chance(0.5) else 1
    d.seven_pairs(first=[tiles.number_tile(suit, r) for r in range(first, first + 7)])


@reading_detector("seven_shifted_pairs", PAIRS, shows=PAIRS_SHOWN,
                  breaks=_SHIFTED_GAP,
                  template=DeclaredTemplate(_build_seven_shifted_pairs, (Shape.SEVEN_PAIRS,),
                                            implies=(seven_pairs,)))
def seven_shifted_pairs(r: Reading) -> int:
    # R24: 1-7 or 2-8 only.
    found = _shifted(r)
    return int(found is not None and found[1] in (1, 2))


def _build_two_to_eight(suit: int) -> Recipe:
    def build(d: Draft) -> None:
        d.seven_pairs(first=[tiles.number_tile(suit, r) for r in range(2, 9)])

    return build


def _two_to_eight(suit: Suit) -> ReadingFn:
    @reading_detector(f"shifted_pairs_{suit.name.lower()}", PAIRS, shows=PAIRS_SHOWN,
                      breaks=_shifted_gap(f"needs pairs of 2 to 8 of {tiles.SUIT_NAMES[suit]}"),
                      template=DeclaredTemplate(_build_two_to_eight(suit), (Shape.SEVEN_PAIRS,),
                                                implies=(seven_pairs, seven_shifted_pairs)))
    def detect(r: Reading) -> int:
        return int(_shifted(r) == (int(suit), 2))

    return detect


shifted_pairs_coins, shifted_pairs_bamboo, shifted_pairs_characters = map(
    _two_to_eight, (Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS))


def _build_thirteen_orphans(d: Draft) -> None:
    d.thirteen_orphans()


@reading_detector("thirteen_orphans", frozenset({Shape.THIRTEEN_ORPHANS}), shows=whole_hand,
                  traits=Trait.THIRTEEN_ORPHANS,
                  breaks=shape_is_not(Shape.THIRTEEN_ORPHANS,
                                      "needs one of each 1, 9 and honor and a pair of one of them"),
                  template=DeclaredTemplate(_build_thirteen_orphans, (Shape.THIRTEEN_ORPHANS,)))
def thirteen_orphans(r: Reading) -> int:
    return int(r.shape is Shape.THIRTEEN_ORPHANS)

cite("R5", seven_pairs)
cite("R16", thirteen_orphans)
cite("R24", seven_shifted_pairs, shifted_pairs_coins, shifted_pairs_bamboo,
     shifted_pairs_characters)
