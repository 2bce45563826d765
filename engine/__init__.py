"""The scoring engine: tiles, hands, notation, arrangements, patterns, rulesets, scoring.

Pure Python with no user-interface imports, so the quizzes, the command line and
outside scripts can all build on it.
"""

from engine.hand import Hand, HandError, Incidental, Meld, MeldKind, Problem
from engine.ruleset import Ruleset, RulesetError, load
from engine.scoring import Hit, Outcome, Score, Why, score

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
