"""Category 8 of seed 000: wind and dragon hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Group
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.gaps import first, honor_sets, only, shape_is_not, tiles_not
from mj_trainer.engine.patterns.registry import (
    NUMBER_SUITS,
    REGULAR_OR_PAIRS,
    SETS_AND_PARTIAL,
    DeclaredTemplate,
    HandFacts,
    HandFlag,
    Needs,
    Reading,
    cite,
    hand_detector,
    reading_detector,
)
from mj_trainer.engine.patterns.shows import groups, is_pair, pung_of, said
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Tile

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft

_WIND_PUNGS = groups(pung_of(lambda t, hand: tiles.IS_WIND[t]))
_WIND_GROUPS = groups(lambda g, hand: tiles.IS_WIND[g.tile])
_DRAGON_PUNGS = groups(pung_of(lambda t, hand: tiles.IS_DRAGON[t]))
_DRAGON_GROUPS = groups(lambda g, hand: tiles.IS_DRAGON[g.tile])
# The "big" patterns are their pungs: a wind pair beside Big Three Winds (a Little Four
# Winds hand) is no part of it.  The "little" ones show their pair too.


def _is_wind(g: Group, hand: Hand) -> bool:
    return tiles.IS_WIND[g.tile]


def _is_dragon(g: Group, hand: Hand) -> bool:
    return tiles.IS_DRAGON[g.tile]


def _number(t: int) -> str:
    return "a number tile"


_HONOR_PAIRS = "needs seven pairs of seven different honors"


def _draft_honor_pungs(
    d: Draft, kinds: tuple[Tile, ...], n: int, eyes_kind: bool | None
) -> None:
    """`n` pungs of `kinds`; eyes of the leftover kind (True), of another type
    (False) or anything (None); the rest filled without `kinds`."""
    chosen = d.rng.sample(kinds, n)
    for t in chosen:
        d.pung(t)
    rest = tiles.without(kinds, chosen)
    if eyes_kind:
        d.set_eyes(d.rng.choice(rest))
    elif eyes_kind is False:
        d.set_eyes(d.pick_tile(tiles.without(range(34), kinds), 2))
    d.fill_pool = tiles.without(range(34), kinds)


def _build_wind_pung(d: Draft) -> None:
    n = d.rng.choices((1, 2, 3), (6, 3, 1))[0]
    _draft_honor_pungs(d, tiles.WIND_TILES, n, False if n == 3 else None)


@reading_detector("wind_pung", shows=_WIND_PUNGS, needs=Needs(wind_pungs=1),
                  breaks=only(_is_wind, "needs a pung or kong of a wind", "the hand has no wind"),
                  template=DeclaredTemplate(_build_wind_pung))
def wind_pung(r: Reading) -> int:
    return r.wind_pungs


def _build_little_three_winds(d: Draft) -> None:
    _draft_honor_pungs(d, tiles.WIND_TILES, 2, True)


@reading_detector("little_three_winds", shows=_WIND_GROUPS, needs=Needs(wind_pungs=2),
                  breaks=honor_sets(_is_wind, "wind", 2,
                                    "needs two wind pungs and a pair of a third wind",
                                    pair=True),
                  template=DeclaredTemplate(_build_little_three_winds, implies=(wind_pung,)))
def little_three_winds(r: Reading) -> int:
    return int(r.wind_pungs >= 2 and r.eyes >= 0 and tiles.IS_WIND[r.eyes])


def _build_big_three_winds(d: Draft) -> None:
    _draft_honor_pungs(d, tiles.WIND_TILES, 3, False)


@reading_detector("big_three_winds", shows=_WIND_PUNGS, needs=Needs(wind_pungs=3),
                  breaks=honor_sets(_is_wind, "wind", 3, "needs three wind pungs"),
                  template=DeclaredTemplate(_build_big_three_winds, implies=(wind_pung,)))
def big_three_winds(r: Reading) -> int:
    return int(r.wind_pungs >= 3)


def _build_little_four_winds(d: Draft) -> None:
    _draft_honor_pungs(d, tiles.WIND_TILES, 3, True)


@reading_detector("little_four_winds", shows=_WIND_GROUPS, needs=Needs(wind_pungs=3),
                  breaks=honor_sets(_is_wind, "wind", 3,
                                    "needs three wind pungs and a pair of the fourth wind",
                                    pair=True),
                  template=DeclaredTemplate(_build_little_four_winds, implies=(
                      little_three_winds, big_three_winds, wind_pung)))
def little_four_winds(r: Reading) -> int:
    return int(r.wind_pungs == 3 and r.eyes >= 0 and tiles.IS_WIND[r.eyes])


def _build_big_four_winds(d: Draft) -> None:
    _draft_honor_pungs(d, tiles.WIND_TILES, 4, None)


@reading_detector("big_four_winds", shows=_WIND_PUNGS, needs=Needs(wind_pungs=4),
                  breaks=honor_sets(_is_wind, "wind", 4,
                                    "needs a pung or kong of each of the four winds"),
                  template=DeclaredTemplate(_build_big_four_winds,
                                            implies=(big_three_winds, wind_pung)))
def big_four_winds(r: Reading) -> int:
    return int(r.wind_pungs == 4)


def _build_dragon_pung(d: Draft) -> None:
    n = d.rng.choices((1, 2), (3, 1))[0]
    _draft_honor_pungs(d, tiles.DRAGON_TILES, n, None)


@reading_detector("dragon_pung", SETS_AND_PARTIAL, shows=_DRAGON_PUNGS,
                  needs=Needs(dragon_pungs=1),
                  breaks=only(_is_dragon,
                              "needs a pung or kong of a dragon",
                              "the hand has no dragon"),
                  template=DeclaredTemplate(_build_dragon_pung))
def dragon_pung(r: Reading) -> int:
    return r.dragon_pungs


def _build_little_three_dragons(d: Draft) -> None:
    _draft_honor_pungs(d, tiles.DRAGON_TILES, 2, True)


@reading_detector("little_three_dragons", shows=_DRAGON_GROUPS, needs=Needs(dragon_pungs=2),
                  breaks=honor_sets(_is_dragon, "dragon", 2,
                                    "needs two dragon pungs and a pair of the third dragon",
                                    pair=True),
                  template=DeclaredTemplate(_build_little_three_dragons,
                                            implies=(dragon_pung,)))
def little_three_dragons(r: Reading) -> int:
    return int(r.dragon_pungs == 2 and r.eyes >= 0 and tiles.IS_DRAGON[r.eyes])


def _build_big_three_dragons(d: Draft) -> None:
    _draft_honor_pungs(d, tiles.DRAGON_TILES, 3, None)


@reading_detector("big_three_dragons", shows=_DRAGON_PUNGS, needs=Needs(dragon_pungs=3),
                  breaks=honor_sets(_is_dragon, "dragon", 3,
                                    "needs a pung or kong of each of the three dragons"),
                  template=DeclaredTemplate(_build_big_three_dragons, implies=(dragon_pung,)))
def big_three_dragons(r: Reading) -> int:
    return int(r.dragon_pungs == 3)


def _build_all_honors(d: Draft) -> None:
    # R23: honors only.  Seven different honor pairs would be All Honor Pairs, and
    # four wind pungs or three with wind eyes a bigger or earlier limit, so avoid them.
    if d.chance(0.25):
        d.seven_pairs(tiles.HONOR_TILES, first=[d.rng.choice(tiles.HONOR_TILES)] * 2,
                      four_alike=0.0)
        return
    winds = d.rng.choice((1, 2, 3))
    chosen = d.rng.sample(tiles.WIND_TILES, winds) + d.rng.sample(tiles.DRAGON_TILES, 4 - winds)
    for t in chosen:
        d.pung(t)
    eyes = tiles.without(tiles.DRAGON_TILES if winds == 3 else tiles.HONOR_TILES, chosen)
    d.set_eyes(d.rng.choice(eyes))


@hand_detector("all_honors", shows=said("every tile is a wind or a dragon"),
               breaks=tiles_not(lambda t: tiles.IS_HONOR[t], "needs only winds and dragons",
                                _number),
               needs=Needs(lacks=NUMBER_SUITS),
               template=DeclaredTemplate(_build_all_honors, REGULAR_OR_PAIRS))
def all_honors(f: HandFacts) -> int:
    # R23: any hand made only of honors, seven pairs included.
    return int(not f.number_suits)


def _build_all_honor_pairs(d: Draft) -> None:
    d.seven_pairs(first=tiles.HONOR_TILES)


@reading_detector("all_honor_pairs", frozenset({Shape.SEVEN_PAIRS}), shows=groups(is_pair),
                  needs=Needs(has=HandFlag.WINDS | HandFlag.DRAGONS),
                  breaks=first(shape_is_not(Shape.SEVEN_PAIRS, _HONOR_PAIRS),
                               tiles_not(lambda t: tiles.IS_HONOR[t], _HONOR_PAIRS, _number)),
                  template=DeclaredTemplate(_build_all_honor_pairs, (Shape.SEVEN_PAIRS,),
                                            implies=(all_honors, "seven_pairs")))
def all_honor_pairs(r: Reading) -> int:
    # R23: the seven pairs are the seven different honors.
    if r.shape is not Shape.SEVEN_PAIRS:
        return 0
    return int(len({g.tile for g in r.arrangement.groups if tiles.IS_HONOR[g.tile]}) == 7)


def _build_value_honor(d: Draft) -> None:
    # Zung Jung's value honor: a dragon pung, or a pung of the seat wind.
    if d.chance(0.5):
        d.pung(d.rng.choice(tiles.DRAGON_TILES))
    else:
        seat = d.rng.choice(tiles.WIND_TILES)
        d.seat = seat
        d.pung(seat)


@reading_detector("value_honor", shows=groups(pung_of(
    # Zung Jung: the dragons and the seat wind; the prevailing wind earns nothing.
    lambda t, hand: tiles.IS_DRAGON[t] or t == hand.seat_wind)),
    needs=Needs(pungs=1, has=HandFlag.HONOR),
                  breaks=only(lambda g, hand: tiles.IS_DRAGON[g.tile] or g.tile == hand.seat_wind,
                              "needs a pung or kong of a dragon or of the seat wind",
                              "the hand has none"),
                  template=DeclaredTemplate(_build_value_honor))
def value_honor(r: Reading) -> int:
    """Zung Jung's 3.1: pungs of dragons or of the seat wind (prevailing wind not)."""
    seat = r.facts.hand.seat_wind
    return sum(1 for t in r.pungs if tiles.IS_DRAGON[t] or t == seat)

cite("R23", all_honors, all_honor_pairs)
