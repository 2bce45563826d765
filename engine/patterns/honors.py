"""Category 8 of seed 000: wind and dragon hands."""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Group, Shape
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.gaps import first, only, shape_is_not, tiles_not
from mj_trainer.engine.patterns.registry import (
    NUMBER_SUITS,
    SETS_AND_PARTIAL,
    HandFacts,
    HandFlag,
    Needs,
    Reading,
    cite,
    hand_detector,
    reading_detector,
)
from mj_trainer.engine.patterns.shows import groups, is_pair, pung_of, said

_WIND_PUNGS = groups(pung_of(lambda t, hand: tiles.IS_WIND[t]))
_WIND_GROUPS = groups(lambda g, hand: tiles.IS_WIND[g.tile])
_DRAGON_PUNGS = groups(pung_of(lambda t, hand: tiles.IS_DRAGON[t]))
_DRAGON_GROUPS = groups(lambda g, hand: tiles.IS_DRAGON[g.tile])


def _is_wind(g: Group, hand: Hand) -> bool:
    return tiles.IS_WIND[g.tile]


def _is_dragon(g: Group, hand: Hand) -> bool:
    return tiles.IS_DRAGON[g.tile]


def _number(t: int) -> str:
    return "a number tile"


_HONOR_PAIRS = "needs seven pairs of seven different honors"


@reading_detector("wind_pung", shows=_WIND_PUNGS, needs=Needs(wind_pungs=1),
                  breaks=only(_is_wind, "needs a pung or kong of a wind", "the hand has no wind"))
def wind_pung(r: Reading) -> int:
    return r.wind_pungs


@reading_detector("little_three_winds", shows=_WIND_GROUPS, needs=Needs(wind_pungs=2),
                  breaks=only(_is_wind,
                              "needs two wind pungs and a pair of a third wind",
                              "the hand has no wind"))
def little_three_winds(r: Reading) -> int:
    return int(r.wind_pungs >= 2 and r.eyes >= 0 and tiles.IS_WIND[r.eyes])


@reading_detector("big_three_winds", shows=_WIND_GROUPS, needs=Needs(wind_pungs=3),
                  breaks=only(_is_wind, "needs three wind pungs", "the hand has no wind"))
def big_three_winds(r: Reading) -> int:
    return int(r.wind_pungs >= 3)


@reading_detector("little_four_winds", shows=_WIND_GROUPS, needs=Needs(wind_pungs=3),
                  breaks=only(_is_wind,
                              "needs three wind pungs and a pair of the fourth wind",
                              "the hand has no wind"))
def little_four_winds(r: Reading) -> int:
    return int(r.wind_pungs == 3 and r.eyes >= 0 and tiles.IS_WIND[r.eyes])


@reading_detector("big_four_winds", shows=_WIND_GROUPS, needs=Needs(wind_pungs=4),
                  breaks=only(_is_wind,
                              "needs a pung or kong of each of the four winds",
                              "the hand has no wind"))
def big_four_winds(r: Reading) -> int:
    return int(r.wind_pungs == 4)


@reading_detector("dragon_pung", SETS_AND_PARTIAL, shows=_DRAGON_PUNGS,
                  needs=Needs(dragon_pungs=1),
                  breaks=only(_is_dragon,
                              "needs a pung or kong of a dragon",
                              "the hand has no dragon"))
def dragon_pung(r: Reading) -> int:
    return r.dragon_pungs


@reading_detector("little_three_dragons", shows=_DRAGON_GROUPS, needs=Needs(dragon_pungs=2),
                  breaks=only(_is_dragon,
                              "needs two dragon pungs and a pair of the third dragon",
                              "the hand has no dragon"))
def little_three_dragons(r: Reading) -> int:
    return int(r.dragon_pungs == 2 and r.eyes >= 0 and tiles.IS_DRAGON[r.eyes])


@reading_detector("big_three_dragons", shows=_DRAGON_GROUPS, needs=Needs(dragon_pungs=3),
                  breaks=only(_is_dragon,
                              "needs a pung or kong of each of the three dragons",
                              "the hand has no dragon"))
def big_three_dragons(r: Reading) -> int:
    return int(r.dragon_pungs == 3)


@hand_detector("all_honors", shows=said("every tile is a wind or a dragon"),
               breaks=tiles_not(lambda t: tiles.IS_HONOR[t], "needs only winds and dragons",
                                _number),
               needs=Needs(lacks=NUMBER_SUITS))
def all_honors(f: HandFacts) -> int:
    # R23: any hand made only of honors, seven pairs included.
    return int(not f.number_suits)


@reading_detector("all_honor_pairs", frozenset({Shape.SEVEN_PAIRS}), shows=groups(is_pair),
                  needs=Needs(has=HandFlag.WINDS | HandFlag.DRAGONS),
                  breaks=first(shape_is_not(Shape.SEVEN_PAIRS, _HONOR_PAIRS),
                               tiles_not(lambda t: tiles.IS_HONOR[t], _HONOR_PAIRS, _number)))
def all_honor_pairs(r: Reading) -> int:
    # R23: the seven pairs are the seven different honors.
    if r.shape is not Shape.SEVEN_PAIRS:
        return 0
    return int(len({g.tile for g in r.arrangement.groups if tiles.IS_HONOR[g.tile]}) == 7)


@reading_detector("value_honor", shows=groups(pung_of(
    # Zung Jung: the dragons and the seat wind; the prevailing wind earns nothing.
    lambda t, hand: tiles.IS_DRAGON[t] or t == hand.seat_wind)),
    needs=Needs(pungs=1, has=HandFlag.HONOR),
                  breaks=only(lambda g, hand: tiles.IS_DRAGON[g.tile] or g.tile == hand.seat_wind,
                              "needs a pung or kong of a dragon or of the seat wind",
                              "the hand has none"))
def value_honor(r: Reading) -> int:
    """Zung Jung's 3.1: pungs of dragons or of the seat wind (prevailing wind not)."""
    seat = r.facts.hand.seat_wind
    return sum(1 for t in r.pungs if tiles.IS_DRAGON[t] or t == seat)

cite("R23", all_honors, all_honor_pairs)
