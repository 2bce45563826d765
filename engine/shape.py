"""The overall form of a winning hand, apart from the arrangements that find it.

A ruleset file names shapes (`not_for`) and loading one must not build the hand
readers: the settings and the first screen load a ruleset long before any hand is read.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Shape(Enum):
    """The overall form of a winning hand."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    SPECIAL = "special"  # classical irregular hands: straights of winds/dragons, Peking Garden
    PARTIAL = "partial"  # a loser's hand: its sets, at most one pair, loose tiles (R32)

    @property
    def label(self) -> str:
        if self is Shape.PARTIAL:
            return "loser's hand"
        return str(self.value).replace("_", " ")


# The classical irregular hands made of single tiles (`Shape.SPECIAL`), by the name of
# the detector that scores each.
STRAIGHT_OF_WINDS: Final = "straight_of_winds"
STRAIGHT_OF_DRAGONS: Final = "straight_of_dragons"
PEKING_GARDEN: Final = "peking_garden"
SPECIAL_FORMS: Final = frozenset({STRAIGHT_OF_WINDS, STRAIGHT_OF_DRAGONS, PEKING_GARDEN})
