"""Stacking (R11): which counted pattern a per-set or per-tile pattern adds to.

Most families count only their best pattern (R10), but a few per-set and per-tile
patterns (Wind Pung, Dragon Pung, Bonus Tile, the two-tailed couples) are added on
top of the best pattern of their family.  A learner who sees Big Three Winds often
drops the three Wind Pungs as "outranked"; the explanation and the breakdown say
where they stack instead.
"""

from __future__ import annotations

from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.scoring import Hit, Outcome
from mj_trainer.quizzes.rule_refs import rule_refs


def stacks_on(outcome: Outcome, pattern: Pattern) -> Hit | None:
    """The counted pattern of `pattern`'s family that it stacks on (the family's best
    pattern that does not stack itself), or None when it does not stack or stands alone."""
    if not pattern.stacks:
        return None
    return next((h for h in outcome.counted
                 if h.pattern.family == pattern.family and not h.pattern.stacks
                 and h.pattern.id != pattern.id), None)


def stacking_rule(rules: Ruleset) -> str:
    """The ruling to cite for stacking: R11, or the ruleset's own family ruling."""
    refs = rule_refs(rules)
    return "R11" if refs.family == "R10" else refs.family


def stacking_sentence(outcome: Outcome, pattern: Pattern, rules: Ruleset) -> str | None:
    """``It stacks with Big Three Winds (8.1.3): ...``, or None when it does not stack
    on a counted pattern of its family."""
    on = stacks_on(outcome, pattern)
    if on is None:
        return None
    word = rule_refs(rules).family_word
    return (f"It stacks with {on.pattern.name} ({on.pattern.id}): a per-{pattern.unit} "
            f"pattern is added on top of the best pattern of its {word}, not outranked "
            f"by it ({stacking_rule(rules)}).")
