"""Category 1 of seed 000: the everyday patterns (chicken hand and illegal call are
handled by the scorer itself, since they depend on every other pattern)."""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Shape
from mj_trainer.engine.patterns.registry import HandFacts, Reading, hand_detector, reading_detector
from mj_trainer.engine.tiles import Suit


@reading_detector("all_chows")
def all_chows(r: Reading) -> int:
    return int(r.shape is Shape.REGULAR and len(r.chows) == 4)


@hand_detector("concealed_hand")
def concealed_hand(f: HandFacts) -> int:
    # Concealed kongs are fine, and a discard may complete the hand (R3).
    return int(not f.hand.has_exposed_meld)


@hand_detector("self_drawn")
def self_drawn(f: HandFacts) -> int:
    return int(f.hand.self_drawn)


@hand_detector("all_simples")
def all_simples(f: HandFacts) -> int:
    return int(all(tiles.IS_SIMPLE[t] for t in f.kinds))


_FIVE_TYPES = frozenset({Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS, Suit.WINDS, Suit.DRAGONS})


@hand_detector("all_types")
def all_types(f: HandFacts) -> int:
    # R15: a tile of each of the five types is enough; seven pairs qualify.
    return int(f.types >= _FIVE_TYPES)
