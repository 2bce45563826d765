"""Categories 6 and 10 of seed 000: one-suit hands, Nine Gates and the color hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import count_vector
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.gaps import (
    exposed,
    first,
    held_before,
    lacks,
    suits_beyond,
    tiles_not,
)
from mj_trainer.engine.patterns.registry import (
    REGULAR_OR_PAIRS,
    DeclaredTemplate,
    HandFacts,
    HandFlag,
    Needs,
    cite,
    hand_detector,
    whole_hand,
)
from mj_trainer.engine.patterns.shows import said, suit_names
from mj_trainer.engine.shape import Shape

if TYPE_CHECKING:
    from mj_trainer.engine.generator.builder import Draft


def mixed_one_suit_text(hand: Hand) -> str:
    return f"every number tile is {suit_names(hand)[1]}, and the rest are honors"


def pure_one_suit_text(hand: Hand) -> str:
    n, names = suit_names(hand)
    return f"every tile is {names}" if n else "every tile is a wind or a dragon"


_ONE_SUIT_HONORS = "needs honors and the tiles of one number suit"
_MIXED_GAP = first(suits_beyond(1, _ONE_SUIT_HONORS),
                   lacks(lambda t: tiles.IS_HONOR[t], _ONE_SUIT_HONORS, "honor"),
                   lacks(lambda t: tiles.IS_NUMBER[t], _ONE_SUIT_HONORS, "number tile"))

_ONE_SUIT = "needs the tiles of one number suit and nothing else"

_PURE_GAP = first(tiles_not(lambda t: not tiles.IS_HONOR[t], _ONE_SUIT),
                  suits_beyond(1, _ONE_SUIT))

_GATES = "needs 1112345678999 of one suit, all concealed, before the winning tile"

_GATES_GAP = first(exposed(_GATES), tiles_not(lambda t: not tiles.IS_HONOR[t], _GATES),
                   suits_beyond(1, _GATES), held_before(_GATES))


def _build_mixed_one_suit(d: Draft) -> None:
    pool = tiles.suit_tiles(d.suit()) + tiles.HONOR_TILES
    if d.chance(0.12):
        d.seven_pairs(pool, first=(d.rng.choice(tiles.HONOR_TILES),))
        return
    if d.chance(0.5):
        d.set_eyes(d.rng.choice(tiles.HONOR_TILES))
    else:
        d.pung(d.rng.choice(tiles.HONOR_TILES))
    d.fill_pool = pool


@hand_detector("mixed_one_suit", shows=said(mixed_one_suit_text),
               needs=Needs(has=HandFlag.ONE_SUIT | HandFlag.HONOR),
               breaks=_MIXED_GAP,
               template=DeclaredTemplate(_build_mixed_one_suit, REGULAR_OR_PAIRS))
def mixed_one_suit(f: HandFacts) -> int:
    # One number suit plus at least one honor; without honors it is Pure One-Suit.
    return int(len(f.number_suits) == 1 and f.has_honor)


def _build_pure_one_suit(d: Draft) -> None:
    pool = tiles.suit_tiles(d.suit())
    if d.chance(0.12):
        d.seven_pairs(pool, four_alike=0.3)
    else:
        d.fill_pool = pool


@hand_detector("pure_one_suit", shows=said(pure_one_suit_text),
               needs=Needs(has=HandFlag.ONE_SUIT, lacks=HandFlag.HONOR),
               breaks=_PURE_GAP,
               template=DeclaredTemplate(_build_pure_one_suit, REGULAR_OR_PAIRS))
def pure_one_suit(f: HandFacts) -> int:
    return int(len(f.number_suits) == 1 and not f.has_honor)


# R17: how many of each rank of one suit the 13 waiting tiles of Nine Gates hold
# (1112345678999); the classical rules and the generator use the same counts.
NINE_GATES_COUNTS: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# R25: the colour hands hold only bamboo and dragons; green has no 1 or 9 either.
NOT_RED: Final = HandFlag.COINS | HandFlag.CHARACTERS | HandFlag.WINDS
NOT_GREEN: Final = NOT_RED | HandFlag.TERMINAL


_GATE_RANKS: Final = tuple(rank for rank, n in enumerate(NINE_GATES_COUNTS, 1)
                           for _ in range(n))  # 1112345678999


def _build_nine_gates(d: Draft) -> None:
    # R17: 1112345678999 of one suit held concealed, and the winning tile is the
    # fourteenth, any tile of that suit.
    suit = d.suit()
    extra = tiles.number_tile(suit, d.rng.randrange(1, 10))
    d.add_loose([tiles.number_tile(suit, r) for r in _GATE_RANKS] + [extra], Shape.REGULAR)
    d.no_melds = True
    d.closed = True
    d.win_choices = (extra,)


@hand_detector("nine_gates", shows=whole_hand,
               needs=Needs(has=HandFlag.ONE_SUIT, lacks=HandFlag.HONOR | HandFlag.MELDS),
               breaks=_GATES_GAP,
               template=DeclaredTemplate(_build_nine_gates))
def nine_gates(f: HandFacts) -> int:
    # R17: the 13 tiles held before the winning tile are exactly 1112345678999 of one
    # suit, all concealed; the same tiles won another way are only Pure One-Suit.
    hand = f.hand
    if hand.melds or len(f.number_suits) != 1 or f.has_honor:
        return 0
    before = count_vector(hand.concealed)
    before[hand.winning_tile] -= 1
    base = hand.winning_tile - hand.winning_tile % 9
    return int(tuple(before[base : base + 9]) == NINE_GATES_COUNTS)


# The colour tiles as tile masks (bit t for tile t), as `HandFacts.only` reads them.
_GREEN_MASK: Final = sum(1 << t for t in tiles.GREEN_TILES)
_RED_MASK: Final = sum(1 << t for t in tiles.RED_TILES)


def _not_green(t: int) -> str:
    return "not green"


def _not_red(t: int) -> str:
    return "not red"


_GREEN: Final = tuple(sorted(tiles.GREEN_TILES))
_RED: Final = tuple(sorted(tiles.RED_TILES))


def _build_all_green(d: Draft) -> None:
    if d.chance(0.25):
        d.seven_pairs(first=(*_GREEN, d.rng.choice(_GREEN)))
        return
    b2 = tiles.CODE_TO_TILE["b2"]
    for _ in range(4):
        if d.chance(0.4) and d.free(b2) and d.free(b2 + 1) and d.free(b2 + 2):
            d.chow(b2)
        else:
            d.pung(d.pick_pung(_GREEN))
    d.set_eyes(d.pick_tile(_GREEN, 2))


@hand_detector("all_green", shows=whole_hand,
               breaks=tiles_not(lambda t: t in tiles.GREEN_TILES,
                                "needs only b2, b3, b4, b6, b8 and green dragons", _not_green),
               needs=Needs(lacks=NOT_GREEN),
               template=DeclaredTemplate(_build_all_green, REGULAR_OR_PAIRS))
def all_green(f: HandFacts) -> int:
    return int(f.only(_GREEN_MASK))


def _build_all_red(d: Draft) -> None:
    # b1 b5 b7 b9 and the red dragon (R25) make no chow: four pungs and the fifth
    # kind as eyes, or seven pairs with two kinds doubled.
    if d.chance(0.25):
        doubled = d.rng.sample(_RED, 2)
        d.seven_pairs(first=[*_RED, *doubled], four_alike=0.0)
        return
    kinds = list(_RED)
    d.rng.shuffle(kinds)
    for t in kinds[:4]:
        d.pung(t)
    d.set_eyes(kinds[4])


@hand_detector("all_red", shows=whole_hand,
               breaks=tiles_not(lambda t: t in tiles.RED_TILES,
                                "needs only b1, b5, b7, b9 and red dragons", _not_red),
               needs=Needs(lacks=NOT_RED),
               template=DeclaredTemplate(_build_all_red, REGULAR_OR_PAIRS))
def all_red(f: HandFacts) -> int:
    # R25: b1 b5 b7 b9 and the red dragon.
    return int(f.only(_RED_MASK))

cite("R17", nine_gates)
cite("R25", all_green, all_red)
