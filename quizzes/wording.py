"""How arrangements, patterns and totals are written in explanations (sets and
shapes are written by `engine.notation`, since the rule catalogue names them too)."""

from __future__ import annotations

from collections.abc import Iterable

from mj_trainer.engine.arrangements import Arrangement
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.scoring import Hit, Outcome
from mj_trainer.engine.total_basis import TotalBasis, outcome_basis


def arrangement_text(arrangement: Arrangement) -> str:
    """Every group of a reading, sets first and the eyes last."""
    return "  ".join(group_text(g) for g in arrangement.groups)


def pattern_label(pattern: Pattern) -> str:
    """``Wind Pung (8.1.1, 5 per set)``."""
    return f"{pattern.name} ({pattern.id}, {pattern.value_text()})"


def times_text(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def points_text(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def doublings_text(n: int) -> str:
    return f"{n} doubling" if n == 1 else f"{n} doublings"


def amount_text(hit: Hit) -> str:
    """What a counted hit adds: ``15 points`` or ``2 doublings``."""
    return doublings_text(hit.doubles) if hit.pattern.doubles else points_text(hit.points)


def points_breakdown(hits: Iterable[Hit]) -> str:
    """The counted patterns as an addition: ``120 (8.1.3) + 3 x 5 (8.1.1) + 5 (1.3)``.

    For doublings the numbers are doublings: ``1 (All Pungs 5.2) + 2 x 1 (...)``.
    """
    parts = []
    for h in hits:
        value = f"{h.count} x {h.pattern.value}" if h.count > 1 else f"{h.pattern.value}"
        parts.append(f"{value} ({h.pattern.name} {h.pattern.id})")
    return " + ".join(parts)


def point_hits(hits: Iterable[Hit]) -> list[Hit]:
    return [h for h in hits if not h.pattern.doubles]


def double_hits(hits: Iterable[Hit]) -> list[Hit]:
    return [h for h in hits if h.pattern.doubles]


def doubled(points: int, doubles: int) -> int:
    """`points` doubled `doubles` times (a learner's absurd count is held at 64)."""
    return points * (1 << min(max(doubles, 0), 64))


def formula(points: int, doubles: int) -> str:
    """The doubling scheme's computation: ``34 points x 2^2 = 136`` (before any cap)."""
    return f"{points_text(points)} x 2^{doubles} = {doubled(points, doubles)}"


def computation_text(outcome: Outcome, rules: Ruleset) -> str:
    """How an outcome's total comes about, in numbers, ending with the total.

    Additive: ``120 (Big Three Winds 8.1.3) + 3 x 5 (Wind Pung 8.1.1) = 135``, with the
    cap when it applies.  Doubling: the points, the doublings, then
    ``44 points x 2^3 = 352``, with the cap when it applies.  A limit hand: its value.
    """
    basis = outcome_basis(outcome, rules)
    if basis is TotalBasis.LIMIT:
        lim = outcome.limit
        assert lim is not None
        return f"the limit hand {lim.name} ({lim.id}) = {outcome.total}"
    counted = outcome.counted
    if not basis.doubled:
        text = f"{points_breakdown(counted) or 'nothing'} = {outcome.sum}"
        if basis.capped:
            text += f", capped at {rules.cap} = {outcome.total}"
        return text
    points = point_hits(counted)
    doubles = double_hits(counted)
    text = f"points {points_breakdown(points) or 'none'} = {outcome.points}; "
    if doubles:
        text += f"doublings {points_breakdown(doubles)} = {outcome.doubles}; "
    else:
        text += "no doublings; "
    text += formula(outcome.points, outcome.doubles)
    if basis.capped:
        text += f", over the cap of {rules.cap} for an ordinary hand, so {rules.cap}"
    return text
