"""The scoring engine: tiles, hands, notation, arrangements, patterns, rulesets, scoring.

Pure Python with no user-interface imports, so the quizzes, the command line and
outside scripts can all build on it.
"""

from mj_trainer.engine.hand import Hand, HandError, Incidental, Meld, MeldKind, Problem
from mj_trainer.engine.ruleset import Ruleset, RulesetError, load
from mj_trainer.engine.scoring import Hit, Outcome, Score, Why, score

__all__ = [
    "Hand",
    "HandError",
    "Hit",
    "Incidental",
    "Meld",
    "MeldKind",
    "Outcome",
    "Problem",
    "Ruleset",
    "RulesetError",
    "Score",
    "Why",
    "load",
    "score",
]
