"""Explanations of a wrong total: the sum, the cap, a limit hand, or the points
and doublings of the doubling scheme."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.scoring import Hit, Outcome, Score, Why
from mj_trainer.engine.total_basis import TotalBasis, total_basis
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind, distinct_refs
from mj_trainer.quizzes.rule_refs import NOT_A_WIN_RULE, rule_refs
from mj_trainer.quizzes.wording import (
    computation_text,
    double_hits,
    doubled,
    doublings_text,
    formula,
    point_hits,
    points_breakdown,
    points_text,
    times_text,
)


def as_answer(e: Explanation) -> Explanation:
    """A total, points or doublings explanation told as the answer to a skipped
    question: without its opening "You gave no total;"."""
    head, sep, rest = e.text.partition("; ")
    if not sep or not head.startswith("You gave no"):
        return e
    return replace(e, text=rest[0].upper() + rest[1:])


def total_explanation(result: Score, given: int | None, *, points: int | None = None,
                      doubles: int | None = None,
                      claimed: Mapping[str, int] | None = None) -> Explanation:
    """How the hand's total comes about, for a learner who gave `given`.

    `points` and `doubles` are the learner's own points and doublings (doubling scheme,
    patterns questions): when given, the text says whether the total follows from them.
    `claimed` are the patterns the learner named (patterns questions): a pattern left
    out of the sum is then guessed only among them, since a pattern not named at all
    is already explained as missed.
    """
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    total = result.total
    said = "You gave no total" if given is None else f"You said {given}"
    basis = total_basis(result)
    if basis is TotalBasis.NOT_A_WIN:
        illegal = best.hits[0].pattern if best.hits else None
        pid = illegal.id if illegal else None
        if illegal is None:
            what = f"so it scores {total}"
        elif illegal.value == 0:
            what = f"so it is an Illegal Call, which scores {total} under these rules"
        else:
            what = f"so the score is the Illegal Call penalty, {total}"
        text = f"{said}; the hand is not a win, {what} ({NOT_A_WIN_RULE})."
        return Explanation(ExplanationKind.WRONG_TOTAL, text, pid, NOT_A_WIN_RULE,
                           distinct_refs(NOT_A_WIN_RULE, pid))
    if basis is TotalBasis.LIMIT:
        return _limit_total(result, said, given)
    if basis.doubled:
        return _doubling_total(result, said, given, points, doubles)
    breakdown = points_breakdown(best.counted)
    if basis is TotalBasis.CAPPED_SUM:
        text = (f"{said}; the patterns add up to {breakdown} = {best.sum}, which is over the "
                f"cap, so the total is {rules.cap} ({refs.cap}).")
        if given == best.sum:
            text += f" You added correctly but forgot the cap of {rules.cap}."
        return Explanation(ExplanationKind.WRONG_TOTAL, text, None, refs.cap, (refs.cap,))
    counted = best.counted
    if len(counted) == 1 and counted[0].count == 1:
        only = counted[0].pattern
        text = f"{said}; the total is {total}, from {only.name} ({only.id}) alone."
    else:
        text = f"{said}; the total is {total}: {breakdown} = {total}."
    hints = _total_hints(result, given, claimed)
    if hints:
        text += " " + hints
    # The ruling on how patterns combine is the point only when a family (series,
    # group) kept one of its patterns out of the sum.
    rule = refs.total if any(h.why is Why.OUTRANKED for h in best.not_counted) else None
    return Explanation(ExplanationKind.WRONG_TOTAL, text, None, rule, distinct_refs(rule))


def _limit_total(result: Score, said: str, given: int | None) -> Explanation:
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    lim = best.limit
    assert lim is not None
    total = result.total
    skipped = limit_replaced(best)
    if not rules.doubling:
        rest = sum(h.points for h in skipped)
        instead = (f": the other patterns, {points_breakdown(skipped)} = {rest}, are not "
                   f"added" if skipped else "")
        text = (f"{said}; the total is {total}: {lim.name} ({lim.id}) is a limit hand worth "
                f"{lim.value}, and it replaces the sum{instead} ({refs.limit}).")
        return Explanation(ExplanationKind.WRONG_TOTAL, text, lim.id, refs.limit,
                           distinct_refs(refs.limit, lim.id))
    points = sum(h.points for h in point_hits(skipped))
    doubles = sum(h.doubles for h in double_hits(skipped))
    text = (f"{said}; the total is {total}: {lim.name} ({lim.id}) is a limit hand worth "
            f"{lim.value}, and it replaces the whole computation")
    if skipped:
        text += (f": the other patterns' {points_text(points)} and {doublings_text(doubles)} are "
                 "not counted")
    text += f" ({refs.limit})."
    if given is not None and skipped and given in (doubled(points, doubles),
                                                   _capped(rules, points, doubles)):
        text += (f" You worked out {formula(points, doubles)}, but a limit hand is not "
                 "computed: its value is the score.")
    return Explanation(ExplanationKind.WRONG_TOTAL, text, lim.id, refs.limit,
                       distinct_refs(refs.limit, lim.id))


def limit_replaced(outcome: Outcome) -> list[Hit]:
    """The patterns a limit hand keeps out of the total: one list, so that every
    sentence about what the limit replaces speaks of the same sum."""
    return [h for h in outcome.not_counted if h.why is Why.LIMIT]


def _doubling_total(result: Score, said: str, given: int | None, points: int | None,
                    doubles: int | None) -> Explanation:
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    total = result.total
    text = f"{said}; the total is {total}: {computation_text(best, rules)}."
    if best.capped and given == best.sum:
        text += f" You worked it out right but forgot the cap of {rules.cap}."
    hints = _doubling_hints(best, rules, given, points, doubles)
    if hints:
        text += " " + hints
    return Explanation(ExplanationKind.WRONG_TOTAL, text, None, refs.total, (refs.total,))


def _capped(rules: Ruleset, points: int, doubles: int) -> int:
    return min(doubled(points, doubles), rules.cap)


def _doubling_hints(best: Outcome, rules: Ruleset, given: int | None, points: int | None,
                    doubles: int | None) -> str:
    """A guess at the slip behind a wrong total under the doubling scheme."""
    if given is None:
        return ""
    p, d = best.points, best.doubles
    if points is not None and doubles is not None and (points, doubles) != (p, d):
        own = _capped(rules, points, doubles)
        if given == own:
            return (f"Your total follows from your own points and doublings "
                    f"({formula(points, doubles)}); the slip is in those.")
    if points == p and doubles == d:
        return (f"Your points and doublings are right; the total is "
                f"{formula(p, d)}{f', capped at {rules.cap}' if best.capped else ''}.")
    if points is not None or doubles is not None:
        # The learner's own figures are explained on their own lines; a guess made
        # against the hand's figures would blame something the answer got right.
        return ""
    if best.capped:
        return ""
    if d and given == p:
        return "It looks as if you added the points but did not double them."
    for k in range(0, d + 8):
        if k != d and given == doubled(p, k):
            return (f"It looks as if you doubled {times_text(k)}; the hand has "
                    f"{doublings_text(d)}.")
    if d and given == p + d:
        return ("It looks as if you added the doublings as points; each doubling doubles "
                "the whole sum instead.")
    counted = best.counted
    points_out = [h for h in point_hits(counted) if given == _capped(rules, p - h.points, d)]
    if 0 < len(points_out) <= _MAX_GUESSES:
        return f"It looks as if you left out {_either(points_out, points=True)}."
    doubles_out = [h for h in double_hits(counted)
                   if given == _capped(rules, p, d - h.doubles)]
    if 0 < len(doubles_out) <= _MAX_GUESSES:
        return f"It looks as if you left out {_either(doubles_out, points=False)}."
    skipped = best.not_counted
    if skipped:
        more_p = p + sum(h.points for h in point_hits(skipped))
        more_d = d + sum(h.doubles for h in double_hits(skipped))
        if given == _capped(rules, more_p, more_d):
            return f"It looks as if you also counted {_not_counting(skipped)}."
    return ""


# More patterns than this that could each explain a slip make no useful guess.
_MAX_GUESSES = 3


def _one_of(items: Sequence[str]) -> str:
    """``A``, ``A or B``, ``one of A, B or C``: the patterns that could each explain
    a slip."""
    if len(items) <= 2:
        return " or ".join(items)
    return f"one of {', '.join(items[:-1])} or {items[-1]}"


def _either(hits: list[Hit], *, points: bool) -> str:
    """``A (1.1, 2 points) or B (2.2, 2 points)``: every pattern that explains a slip."""
    amount = points_text if points else doublings_text
    return _one_of([
        f"{h.pattern.name} ({h.pattern.id}, {amount(h.points if points else h.doubles)})"
        for h in hits])


def _not_counting(hits: Sequence[Hit]) -> str:
    """``Two Concealed Pungs (2.2.1), which does not count``: the verb agrees."""
    names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in hits)
    return f"{names}, which {'does' if len(hits) == 1 else 'do'} not count"


def _total_hints(result: Score, given: int | None,
                 claimed: Mapping[str, int] | None = None) -> str:
    """A guess at the slip behind a wrong total, made only when it explains the number
    given exactly.  With the patterns the learner named (`claimed`), the guess is
    made from their own sum, wrong claims included; without them (a total-only
    question), from the hand's own patterns."""
    if given is None or given <= 0:
        return ""
    if claimed is not None:
        return _claimed_hint(result, given, claimed)
    best = result.best
    skipped = best.not_counted
    if skipped and given == best.sum + sum(h.points for h in skipped):
        return f"It looks as if you also added {_not_counting(skipped)}."
    counted = best.counted
    left_out = [h for h in counted if len(counted) > 1 and given == best.sum - h.points]
    if 0 < len(left_out) <= _MAX_GUESSES:
        return f"It looks as if you left out {_either(left_out, points=True)}."
    once = [h for h in counted if h.count > 1 and given == best.sum - h.points + h.pattern.value]
    if len(once) == 1:
        h = once[0]
        return (f"It looks as if you counted {h.pattern.name} once; it counts "
                f"{times_text(h.count)}.")
    return ""


def _claimed_hint(result: Score, given: int, claimed: Mapping[str, int]) -> str:
    """The slip behind a total, read from what the learner named: their total is the
    sum of their own patterns (the slip is in the patterns, and their explanations say
    which), or that sum less one of them that counts (a slip in the adding)."""
    known = result.ruleset.by_id()
    named = [(known[pid], n) for pid, n in claimed.items() if n > 0 and pid in known]
    if not named:
        return ""
    own = sum(p.value * n for p, n in named)
    if given == own:
        parts = " + ".join(f"{n} x {p.value} ({p.name} {p.id})" if n > 1
                           else f"{p.value} ({p.name} {p.id})" for p, n in named)
        if len(named) == 1 and named[0][1] == 1:
            what = f"Your {given} is what the one pattern you named is worth, {parts}"
        else:
            what = f"Your {given} adds up the patterns you named, {parts}"
        return f"{what}: the slip is in the patterns, not in the adding."
    counts = {h.pattern.id: h.count for h in result.best.counted}
    left_out = [(p, n) for p, n in named if p.id in counts and given == own - p.value * n]
    if 0 < len(left_out) <= _MAX_GUESSES:
        said = _one_of([f"{p.name} ({p.id}, {p.value * n})" for p, n in left_out])
        return f"It looks as if you left out {said} when adding up your patterns."
    once = [p for p, n in named if n > 1 and counts.get(p.id) == n
            and given == own - p.value * (n - 1)]
    if len(once) == 1:
        p = once[0]
        return (f"It looks as if you added {p.name} once; you named it "
                f"{times_text(claimed[p.id])}, rightly.")
    return ""


# ------------------------------------------------------------ points and doublings


def points_explanation(result: Score, given: int | None) -> Explanation:
    """Doubling scheme: how the points before doubling add up, for a learner who gave
    `given` (an ordinary winning hand; a limit hand has no such sum)."""
    best = result.best
    refs = rule_refs(result.ruleset)
    hits = point_hits(best.counted)
    p = best.points
    said = "You gave no points" if given is None else f"You said {points_text(given)}"
    text = (f"{said}; before doubling the hand has {points_text(p)}: "
            f"{points_breakdown(hits) or 'nothing'} = {p}.")
    hint = ""
    if given is not None:
        left_out = [h for h in hits if len(hits) > 1 and given == p - h.points]
        once = [h for h in hits if h.count > 1 and given == p - h.points + h.pattern.value]
        if 0 < len(left_out) <= _MAX_GUESSES:
            hint = f"It looks as if you left out {_either(left_out, points=True)}."
        elif once:
            h = once[0]
            hint = (f"It looks as if you counted {h.pattern.name} once; it counts "
                    f"{times_text(h.count)}.")
        skipped = point_hits(best.not_counted)
        if not hint and skipped and given == p + sum(h.points for h in skipped):
            hint = f"It looks as if you also added {_not_counting(skipped)}."
        if not hint and given == best.total and best.doubles:
            hint = "That is the total; the points are the sum before any doubling."
    if hint:
        text += " " + hint
    pids = [h.pattern.id for h in hits]
    return Explanation(ExplanationKind.WRONG_POINTS, text, None, refs.total,
                       distinct_refs(refs.total, *pids))


def doubles_explanation(result: Score, given: int | None) -> Explanation:
    """Doubling scheme: which doublings apply and how many there are, for a learner who
    gave `given`."""
    best = result.best
    rules = result.ruleset
    refs = rule_refs(rules)
    hits = double_hits(best.counted)
    d = best.doubles
    said = ("You gave no number of doublings" if given is None
            else f"You said {doublings_text(given)}")
    if hits:
        text = (f"{said}; the hand has {doublings_text(d)}: {points_breakdown(hits)} = {d}, "
                f"so the points are doubled {times_text(d)}.")
    else:
        text = f"{said}; no doubling applies to this hand, so its total is its points."
    hint = ""
    if given is not None:
        big = [h for h in hits if h.doubles > h.count]
        if big and given == sum(h.count for h in hits):
            names = " and ".join(f"{h.pattern.name} ({h.pattern.id}) gives "
                                 f"{doublings_text(h.doubles)}" for h in big)
            hint = f"It looks as if you counted each doubling pattern once; {names}."
        left_out = [h for h in hits if given == d - h.doubles]
        if not hint and 0 < len(left_out) <= _MAX_GUESSES:
            hint = f"It looks as if you left out {_either(left_out, points=False)}."
        skipped = double_hits(best.not_counted)
        if not hint and skipped and given == d + sum(h.doubles for h in skipped):
            names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in skipped)
            hint = (f"It looks as if you also counted {names}; only the largest doubling "
                    f"of a {refs.family_word} counts.")
    if hint:
        text += " " + hint
    pids = [h.pattern.id for h in hits]
    return Explanation(ExplanationKind.WRONG_DOUBLES, text, None, refs.total,
                       distinct_refs(refs.total, *pids))
