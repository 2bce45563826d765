"""What review would ask now, read from the progress store: the patterns and families
due, the weak spots among them, and the patterns once missed and not yet known.

Nothing here looks for a hand or builds a question, so home names what review would
drill first, and counts what is due, without loading rounds and the grader
(`quizzes.round` builds review's round from `review_refs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from mj_trainer.engine.ruleset import DEFAULT, Ruleset, load
from mj_trainer.quizzes.mastery import PatternMastery, Status, mastery
from mj_trainer.quizzes.review import DueItem, due_refs
from mj_trainer.quizzes.store import ProgressStore


def review_refs(store: ProgressStore, now: datetime | None = None, *,
                ruleset: Ruleset | None = None, confirm: bool = True,
                rows: Sequence[PatternMastery] | None = None
                ) -> tuple[list[str], set[str]]:
    """What review asks, in its order (see `quizzes.round.review_source`), and the weak
    spots among it (patterns due and answered wrong last time); cheap, no hand is looked
    for, so home can name what review would drill first.

    `rows` is `mastery(store, ruleset, now)` when the caller has it already (home shows
    both): the patterns to confirm are read from it instead of computing it again."""
    rid = ruleset.id if ruleset is not None else DEFAULT
    due = store.due_items(now, ruleset=rid)
    last_ok = {s.item: s.last_ok for s in store.item_stats(ruleset=rid)}

    def rank(d: DueItem) -> tuple[bool, bool]:
        return (d.kind != "pattern", last_ok.get(d.item, False))

    ordered = sorted(due, key=rank)  # stable: most overdue first within each rank
    weak = {d.ref for d in ordered if d.kind == "pattern" and not last_ok.get(d.item, False)}
    refs = due_refs(ordered)
    if confirm:
        if rows is None:
            rows = mastery(store, ruleset or load(DEFAULT), now)
        refs += [r for r in _unconfirmed(rows) if r not in refs]
    return refs, weak


def _unconfirmed(rows: Sequence[PatternMastery]) -> list[str]:
    """Patterns once missed (or wrongly claimed) and not mastered, least mastered first."""
    learning = [m for m in rows if m.status is Status.LEARNING
                and m.stability is not None and m.outcomes.missed + m.outcomes.wrong]
    learning.sort(key=lambda m: m.level)
    return [m.pattern.id for m in learning]


def due_count(store: ProgressStore | None, now: datetime | None = None, *,
              ruleset: str | None = None) -> int:
    """How many patterns and families of `ruleset` (an id; None: of every ruleset) are
    due for review now."""
    if store is None:
        return 0
    return len(due_refs(store.due_items(now, ruleset=ruleset)))
