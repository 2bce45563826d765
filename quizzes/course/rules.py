"""The rules a course teaches, each by exactly one of its lessons.

Which of them a scored hand needs, and whether a drill may ask it, is
`quizzes.course.hand_rules`: apart, so that the plan of the course (and home, which
reads the learner's place in it) does not load the scorer.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mj_trainer.engine.ruleset import Ruleset


class Rule(StrEnum):
    """A rule of reading or scoring, taught by exactly one lesson of a course."""

    TILES = "tiles"  # the suits, honors and bonus tiles, and how they are written
    SETS = "sets"  # chows, pungs, kongs and the eyes; reading a hand into sets
    WINNING = "winning"  # four sets and the eyes, seven pairs, thirteen orphans
    EXPOSURE = "exposure"  # exposed and concealed sets; where the winning tile goes
    FAMILIES = "families"  # only the best pattern of a family counts
    STACKING = "stacking"  # the patterns added on top of their family's best
    LIMITS = "limits"  # a limit hand stands alone, and the best limit counts
    CAP = "cap"  # the most an ordinary hand scores
    ARRANGEMENTS = "arrangements"  # the reading that scores best counts
    DOUBLINGS = "doublings"  # points doubled per doubling (the classical scheme)


READING_RULES: Final = (Rule.TILES, Rule.SETS, Rule.WINNING, Rule.EXPOSURE)
ADDITIVE_RULES: Final = (*READING_RULES, Rule.FAMILIES, Rule.STACKING, Rule.LIMITS, Rule.CAP,
                         Rule.ARRANGEMENTS)
DOUBLING_RULES: Final = (*READING_RULES, Rule.LIMITS, Rule.CAP, Rule.ARRANGEMENTS,
                         Rule.DOUBLINGS)


def rules_of(ruleset: Ruleset) -> tuple[Rule, ...]:
    """Every rule the ruleset's course teaches (a house ruleset has its base's)."""
    return DOUBLING_RULES if ruleset.doubling else ADDITIVE_RULES
