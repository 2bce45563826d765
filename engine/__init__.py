"""The scoring engine: tiles, hands, notation, arrangements, patterns, rulesets, scoring.

Pure Python with no user-interface imports, so the quizzes, the command line and
outside scripts can all build on it.  The names below are imported when first used:
a module that needs only `engine.tiles` (the app's first screen) does not pay for the
scorer and the pattern detectors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mj_trainer.lazy import lazy_names

if TYPE_CHECKING:
    from mj_trainer.engine.hand import Hand, HandError, Incidental, Meld, MeldKind, Problem
    from mj_trainer.engine.ruleset import Ruleset, RulesetError, load
    from mj_trainer.engine.scoring import Hit, Outcome, Score, Why, score

_HOME = {
    "Hand": "hand", "HandError": "hand", "Incidental": "hand", "Meld": "hand",
    "MeldKind": "hand", "Problem": "hand",
    "Ruleset": "ruleset", "RulesetError": "ruleset", "load": "ruleset",
    "Hit": "scoring", "Outcome": "scoring", "Score": "scoring", "Why": "scoring",
    "score": "scoring",
}

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


__getattr__ = lazy_names(__name__, _HOME)
