"""Categories 6 and 10 of seed 000: one-suit hands, Nine Gates and the color hands."""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import count_vector
from mj_trainer.engine.patterns.registry import HandFacts, hand_detector


@hand_detector("mixed_one_suit")
def mixed_one_suit(f: HandFacts) -> int:
    # One number suit plus at least one honor; without honors it is Pure One-Suit.
    return int(len(f.number_suits) == 1 and f.has_honor)


@hand_detector("pure_one_suit")
def pure_one_suit(f: HandFacts) -> int:
    return int(len(f.number_suits) == 1 and not f.has_honor)


_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@hand_detector("nine_gates")
def nine_gates(f: HandFacts) -> int:
    # R17: the 13 tiles held before the winning tile are exactly 1112345678999 of one
    # suit, all concealed; the same tiles won another way are only Pure One-Suit.
    hand = f.hand
    if hand.melds or len(f.number_suits) != 1 or f.has_honor:
        return 0
    before = count_vector(hand.concealed)
    before[hand.winning_tile] -= 1
    base = hand.winning_tile - hand.winning_tile % 9
    return int(tuple(before[base : base + 9]) == _GATES)


@hand_detector("all_green")
def all_green(f: HandFacts) -> int:
    return int(f.kinds <= tiles.GREEN_TILES)


@hand_detector("all_red")
def all_red(f: HandFacts) -> int:
    # R25: b1 b5 b7 b9 and the red dragon.
    return int(f.kinds <= tiles.RED_TILES)
