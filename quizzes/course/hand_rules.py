"""Which rules of the course decide a given hand.

A lesson drill may only ask a hand whose answer needs nothing the course has not
taught yet: no pattern outranked before families are taught, no pattern stacked on
another before stacking, no limit before limit hands, no sum over the cap before the
cap, no better second reading before arrangements.  `at_work` says which rules a
scored hand needs; `fair` checks a hand against what has been taught, and is what
makes every drill answerable by construction.
"""

from __future__ import annotations

from collections.abc import Iterable

from mj_trainer.engine.arrangements import GroupKind
from mj_trainer.engine.scoring import Outcome, Score, Why
from mj_trainer.engine.shape import Shape
from mj_trainer.quizzes.course.rules import READING_RULES, Rule


def _signature(o: Outcome) -> tuple[int, tuple[tuple[str, int], ...]]:
    return o.total, tuple(sorted((h.pattern.id, h.count) for h in o.counted))


def _additive_sum(o: Outcome) -> int:
    """What the hand's ordinary patterns add up to, limit or not: the sum a learner who
    does not know the cap (or the limits) would give."""
    return sum(h.points for h in o.hits
               if (h.counted or h.why is Why.LIMIT) and not h.pattern.is_limit)


def at_work(result: Score) -> frozenset[Rule]:
    """The rules a learner needs to answer for this hand exactly.

    Reading: every hand needs the tiles and the sets; a hand that is not a win, a
    seven pairs or thirteen orphans hand, or bonus tiles need what a winning hand is;
    declared melds, or a pung completed by the winning discard (R3), need exposure.
    Scoring: an outranked (or included) pattern needs families, two counting patterns
    of one family need stacking, any limit pattern present needs limits, a sum over the
    cap needs the cap, a doubling needs doublings, and readings that score differently
    need arrangements.
    """
    found = {Rule.TILES, Rule.SETS}
    hand = result.hand
    if hand.melds:
        found.add(Rule.EXPOSURE)
    if not result.winning:
        found.add(Rule.WINNING)
        return frozenset(found)
    best = result.best
    shape = best.arrangement.shape if best.arrangement is not None else None
    if hand.bonus or shape is not Shape.REGULAR:
        found.add(Rule.WINNING)
    if not hand.self_drawn and best.arrangement is not None and any(
            g.winning and g.kind is GroupKind.PUNG for g in best.arrangement.groups):
        found.add(Rule.EXPOSURE)  # a pung the winning discard completed is exposed (R3)
    rules = result.ruleset
    for o in (best, *result.others):
        if any(h.pattern.is_limit for h in o.hits):
            found.add(Rule.LIMITS)
    for h in best.not_counted:
        if h.why is Why.OUTRANKED:
            found.add(Rule.FAMILIES)
        elif h.why is Why.REPLACED:  # included in a bigger pattern (R11's exceptions)
            found.update((Rule.FAMILIES, Rule.STACKING))
        elif h.why is Why.LIMIT:
            found.add(Rule.LIMITS)
    families: dict[str, int] = {}
    for h in best.counted:
        families[h.pattern.family] = families.get(h.pattern.family, 0) + 1
    if any(n > 1 for n in families.values()):
        found.add(Rule.STACKING)
    if best.capped:
        found.add(Rule.CAP)
    if rules.doubling:
        # A limit replaces the whole computation there (R32): no sum to cap.
        if any(h.pattern.doubles for h in best.counted):
            found.add(Rule.DOUBLINGS)
    elif best.limit is not None and _additive_sum(best) > rules.cap:
        found.add(Rule.CAP)
    mine = _signature(best)
    if any(_signature(o) != mine for o in result.others):
        found.add(Rule.ARRANGEMENTS)
    return frozenset(found)


def fair(result: Score, taught: Iterable[Rule], scope: frozenset[str], *,
         reading: bool = False) -> bool:
    """Can a learner who knows exactly `taught` and the patterns of `scope` answer for
    this hand exactly?  Every rule at work is taught, and a pattern of the scope that
    is present but not for this shape (Concealed Hand in thirteen orphans) is asked
    only once every pattern that counts is taught (the shape's own pattern with them).

    With `reading` the question is about reading the hand (split it into sets, is it
    a win?): only the rules of reading matter, whatever the hand scores."""
    needed = at_work(result)
    if reading:
        needed = needed & frozenset(READING_RULES)
    if not needed <= set(taught):
        return False
    if reading:
        return True
    if not result.winning:
        return True
    shaped = [h for h in result.best.not_counted
              if h.why is Why.SHAPE and h.pattern.id in scope]
    return not shaped or all(h.pattern.id in scope for h in result.best.counted)
