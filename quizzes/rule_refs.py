"""Which ruling an explanation cites for each kind of point, per ruleset."""

from __future__ import annotations

from dataclasses import dataclass, replace

from mj_trainer.engine.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class RuleRefs:
    """The rulings that explain one ruleset's rules, and its word for a family.

    The default ruleset (and its early revision, R30) has a ruling per rule; Zung Jung
    (R31) and the classical rules (R32) each have one ruling that settles all of them,
    so their explanations cite that one instead of a default-ruleset number.
    """

    family: str  # only the best pattern of a family counts
    limit: str  # a limit hand stands alone
    cap: str  # the cap on an ordinary hand
    chicken: str  # the chicken hand
    pairs_hand: str  # what a seven pairs hand cannot score
    orphans_hand: str  # what a thirteen orphans hand cannot score
    total: str  # how counted patterns make the total
    family_word: str  # "family", "series" or "group"


DEFAULT_REFS = RuleRefs("R10", "R12", "R12", "R13", "R5", "R16", "R10", "family")

BEST_READING = "R1"  # all rulesets: the best arrangement counts
NOT_A_WIN_RULE = "R7"  # all rulesets: a hand that is not a win is an illegal call
SINGLE_TILE_FORMS_RULE = "R32"  # the classical rules, which accept the single-tile hands


def rule_refs(rules: Ruleset) -> RuleRefs:
    """The rulings to cite for `rules`, as its file declares them
    (`[ruleset.citations]`, inherited through `extends`); a ruleset that declares none
    is explained with the default ruleset's rulings."""
    return replace(DEFAULT_REFS, **rules.citations, family_word=rules.family_word)
