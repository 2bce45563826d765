"""Which ruling an explanation cites for each kind of point, per ruleset."""

from __future__ import annotations

from dataclasses import dataclass

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
    seven_pairs: str  # what a seven pairs hand cannot score
    orphans: str  # what a thirteen orphans hand cannot score
    total: str  # how counted patterns make the total
    family_word: str  # "family", "series" or "group"


DEFAULT_REFS = RuleRefs("R10", "R12", "R12", "R13", "R5", "R16", "R10", "family")
ZUNG_JUNG_REFS = RuleRefs("R31", "R31", "R31", "R31", "R31", "R31", "R31", "series")
CLASSICAL_REFS = RuleRefs("R32", "R32", "R32", "R32", "R32", "R32", "R32", "group")

BEST_READING = "R1"  # all rulesets: the best arrangement counts
NOT_A_WIN_RULE = "R7"  # all rulesets: a hand that is not a win is an illegal call


def rule_refs(rules: Ruleset) -> RuleRefs:
    """The rulings to cite for `rules`, read from what the ruleset is.

    The doubling scheme is the classical rules (R32); the Zung Jung payoff marks Zung
    Jung (R31); anything else is the default ruleset or a ruleset built on it.  A house
    ruleset that extends one of them keeps its parent's scheme and payoff, so it is
    explained with its parent's rulings.
    """
    if rules.doubling:
        return CLASSICAL_REFS
    if rules.payoff == "zung-jung":
        return ZUNG_JUNG_REFS
    return DEFAULT_REFS
