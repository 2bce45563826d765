"""Categories 9 and 11 of seed 000: seven pairs and thirteen orphans."""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Shape
from mj_trainer.engine.patterns.gaps import first, sets_here, shape_is_not
from mj_trainer.engine.patterns.registry import (
    Proof,
    Reading,
    ReadingFn,
    Trait,
    cite,
    reading_detector,
    whole_hand,
)
from mj_trainer.engine.patterns.shows import groups, is_pair
from mj_trainer.engine.tiles import Suit

PAIRS_SHOWN = groups(is_pair)

PAIRS = frozenset({Shape.SEVEN_PAIRS})


def _shifted_gap(needs: str) -> Proof:
    return first(shape_is_not(Shape.SEVEN_PAIRS, needs), sets_here(is_pair, needs, "pairs"))


_SHIFTED_GAP = _shifted_gap("needs seven pairs of one suit in a row, from 1 to 7 or 2 to 8")


@reading_detector("seven_pairs", PAIRS, shows=PAIRS_SHOWN, traits=Trait.SEVEN_PAIRS,
                  breaks=shape_is_not(Shape.SEVEN_PAIRS, "needs seven pairs"))
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


@reading_detector("seven_shifted_pairs", PAIRS, shows=PAIRS_SHOWN,
                  breaks=_SHIFTED_GAP)
def seven_shifted_pairs(r: Reading) -> int:
    # R24: 1-7 or 2-8 only.
    found = _shifted(r)
    return int(found is not None and found[1] in (1, 2))


def _two_to_eight(suit: Suit) -> ReadingFn:
    @reading_detector(f"shifted_pairs_{suit.name.lower()}", PAIRS, shows=PAIRS_SHOWN,
                      breaks=_shifted_gap(f"needs pairs of 2 to 8 of {tiles.SUIT_NAMES[suit]}"))
    def detect(r: Reading) -> int:
        return int(_shifted(r) == (int(suit), 2))

    return detect


shifted_pairs_coins, shifted_pairs_bamboo, shifted_pairs_characters = map(
    _two_to_eight, (Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS))


@reading_detector("thirteen_orphans", frozenset({Shape.THIRTEEN_ORPHANS}), shows=whole_hand,
                  traits=Trait.THIRTEEN_ORPHANS,
                  breaks=shape_is_not(Shape.THIRTEEN_ORPHANS,
                                      "needs one of each 1, 9 and honor and a pair of one of them"))
def thirteen_orphans(r: Reading) -> int:
    return int(r.shape is Shape.THIRTEEN_ORPHANS)

cite("R5", seven_pairs)
cite("R16", thirteen_orphans)
cite("R24", seven_shifted_pairs, shifted_pairs_coins, shifted_pairs_bamboo,
     shifted_pairs_characters)
