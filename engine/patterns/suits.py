"""Categories 6 and 10 of seed 000: one-suit hands, Nine Gates and the color hands."""

from __future__ import annotations

from typing import Final

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
    HandFacts,
    HandFlag,
    Needs,
    cite,
    hand_detector,
    whole_hand,
)
from mj_trainer.engine.patterns.shows import said, suit_names


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


@hand_detector("mixed_one_suit", shows=said(mixed_one_suit_text),
               needs=Needs(has=HandFlag.ONE_SUIT | HandFlag.HONOR),
               breaks=_MIXED_GAP)
def mixed_one_suit(f: HandFacts) -> int:
    # One number suit plus at least one honor; without honors it is Pure One-Suit.
    return int(len(f.number_suits) == 1 and f.has_honor)


@hand_detector("pure_one_suit", shows=said(pure_one_suit_text),
               needs=Needs(has=HandFlag.ONE_SUIT, lacks=HandFlag.HONOR),
               breaks=_PURE_GAP)
def pure_one_suit(f: HandFacts) -> int:
    return int(len(f.number_suits) == 1 and not f.has_honor)


# R17: how many of each rank of one suit the 13 waiting tiles of Nine Gates hold
# (1112345678999); the classical rules and the generator use the same counts.
NINE_GATES_COUNTS: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# R25: the colour hands hold only bamboo and dragons; green has no 1 or 9 either.
NOT_RED: Final = HandFlag.COINS | HandFlag.CHARACTERS | HandFlag.WINDS
NOT_GREEN: Final = NOT_RED | HandFlag.TERMINAL


@hand_detector("nine_gates", shows=whole_hand,
               needs=Needs(has=HandFlag.ONE_SUIT, lacks=HandFlag.HONOR | HandFlag.MELDS),
               breaks=_GATES_GAP)
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


def _not_green(t: int) -> str:
    return "not green"


def _not_red(t: int) -> str:
    return "not red"


@hand_detector("all_green", shows=whole_hand,
               breaks=tiles_not(lambda t: t in tiles.GREEN_TILES,
                                "needs only b2, b3, b4, b6, b8 and green dragons", _not_green),
               needs=Needs(lacks=NOT_GREEN))
def all_green(f: HandFacts) -> int:
    return int(f.kinds <= tiles.GREEN_TILES)


@hand_detector("all_red", shows=whole_hand,
               breaks=tiles_not(lambda t: t in tiles.RED_TILES,
                                "needs only b1, b5, b7, b9 and red dragons", _not_red),
               needs=Needs(lacks=NOT_RED))
def all_red(f: HandFacts) -> int:
    # R25: b1 b5 b7 b9 and the red dragon.
    return int(f.kinds <= tiles.RED_TILES)

cite("R17", nine_gates)
cite("R25", all_green, all_red)
