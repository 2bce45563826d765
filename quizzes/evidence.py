"""Where a pattern comes from in a hand, in the words of an explanation.

The groups, tiles and phrase come from the rule catalogue (`engine.evidence`); this
module adds only what belongs to teaching: the rulings behind the two patterns the
scorer decides itself (the chicken hand and the illegal call).
"""

from __future__ import annotations

from mj_trainer.engine.evidence import evidence as engine_evidence
from mj_trainer.engine.evidence import what_breaks
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.ruleset_model import CHICKEN_HAND, ILLEGAL_CALL
from mj_trainer.engine.scoring import Outcome, Score
from mj_trainer.quizzes.near_win import why_not_a_win
from mj_trainer.quizzes.rule_refs import NOT_A_WIN_RULE, rule_refs


def chicken_condition(rules: Ruleset) -> str:
    """When the chicken hand counts, in words (R13 default; R31 Zung Jung)."""
    ignored = sorted(rules.chicken_ignores, key=lambda c: int(c) if c.isdigit() else 0)
    if not ignored:
        return "no other pattern scores at all, not even a bonus tile"
    # "nothing but bonus tiles scores" read, on a hand without any, as if bonus tiles
    # scored here; the condition is about the other patterns.
    names = " or ".join(rules.categories.get(c, c).lower() for c in ignored)
    return f"no pattern other than {names} scores"


def evidence(result: Score, outcome: Outcome, pattern: Pattern) -> tuple[str, tuple[str, ...]]:
    """Where `pattern` is in the hand: a phrase and the sets it points at.

    The phrase completes "... counts here: <phrase>".
    """
    rules = result.ruleset
    if pattern.detector == CHICKEN_HAND:
        return f"{chicken_condition(rules)} ({rule_refs(rules).chicken})", ()
    if pattern.detector == ILLEGAL_CALL:
        reading = why_not_a_win(result)
        if reading is None:
            return f"the tiles make no winning hand ({NOT_A_WIN_RULE})", ()
        words, sets = reading
        return f"the tiles make no winning hand ({NOT_A_WIN_RULE}); {words}", sets
    found = engine_evidence(result, pattern, outcome)
    return found.phrase, found.sets


def only_points(result: Score, outcome: Outcome, pattern: Pattern) -> bool:
    """Does the evidence only point at the hand (its sets listed, or the whole hand
    read out) without saying what makes the pattern?  Then the rule is said too."""
    if pattern.detector in (CHICKEN_HAND, ILLEGAL_CALL):
        return False
    found = engine_evidence(result, pattern, outcome)
    return found.whole_hand or found.phrase == ", ".join(found.sets)


def gap(result: Score, pattern: Pattern) -> tuple[str, tuple[str, ...]] | None:
    """What in the hand rules out a pattern it lacks: a phrase that completes
    "<pattern name> ..." and the sets it points at (None: the pattern is present)."""
    found = what_breaks(result, pattern)
    return (found.phrase, found.sets) if found is not None else None
