"""What the progress store hands back: answers, rounds, per-item statistics, set
positions and the daily streak (plain frozen records)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from mj_trainer.quizzes.items import ItemKey, Tally
from mj_trainer.quizzes.outcomes import ItemOutcome

if TYPE_CHECKING:  # the store reads records without the grader; from_grade is handed a grade
    from mj_trainer.quizzes.grading import Grade


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """One answer as stored: enough to show it again, export it and count it."""

    seq: int
    hand_id: str
    hand: str  # notation
    ruleset: str
    kind: str
    target: str | None
    answer: dict[str, Any] | None
    expected: dict[str, Any]
    credit: float
    correct: bool
    seconds: float | None
    mistakes: list[dict[str, Any]]
    items: dict[str, bool]
    fast_seconds: float | None = None
    answered_at: datetime | None = None
    round_id: int | None = None
    id: int | None = None
    # item -> ItemOutcome value ("right", "missed", "absent", "hint", "skipped"...); an
    # item missing here is read from `items` (right or missed).
    outcomes: dict[str, str] = field(default_factory=dict)

    def outcome(self, item: str) -> ItemOutcome:
        """What happened to one item of this answer."""
        known = self.outcomes.get(item)
        if known is not None:
            return ItemOutcome(known)
        return ItemOutcome.RIGHT if self.items.get(item) else ItemOutcome.MISSED

    @classmethod
    def from_grade(cls, seq: int, grade: Grade, *, fast_seconds: float | None = None,
                   answered_at: datetime | None = None) -> AnswerRecord:
        from mj_trainer.engine.notation import format_hand
        from mj_trainer.quizzes.questions import answer_to_json

        q = grade.question
        return cls(
            seq=seq,
            hand_id=q.hand_id,
            hand=format_hand(q.hand),
            ruleset=q.ruleset.id,
            kind=q.kind.value,
            target=q.target,
            answer=answer_to_json(grade.answer),
            expected=answer_to_json(q.expected()) or {},
            credit=grade.credit,
            correct=grade.correct,
            seconds=grade.seconds,
            mistakes=[{"kind": e.kind.value, "pattern_id": e.pattern_id, "rule_id": e.rule_id}
                      for e in grade.explanations],
            items=dict(grade.items),
            outcomes={k: o.value for k, o in grade.outcomes.items()},
            fast_seconds=fast_seconds,
            answered_at=answered_at,
        )


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round as the history keeps it (unfinished when the app stopped mid-round)."""

    id: int
    started_at: datetime
    finished_at: datetime | None
    source: str
    source_name: str
    ruleset: str
    kinds: tuple[str, ...]
    planned: int
    answered: int
    score: float
    correct: int
    seconds: float

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class ItemStats(ItemKey, Tally):
    """Attempts and accuracy of one pattern or family."""

    item: str
    attempts: int
    correct: int
    streak: int  # right answers in a row, up to the last one
    best_streak: int
    first_seen: datetime
    last_seen: datetime
    last_ok: bool
    # outcome value -> answers ("missed": 2, "absent": 1, "skipped": 1...); empty for a
    # file that predates the record of outcomes.
    outcomes: dict[str, int] = field(default_factory=dict)

    def count(self, *which: ItemOutcome) -> int:
        """Answers with any of these outcomes."""
        return sum(self.outcomes.get(o.value, 0) for o in which)

    @property
    def misses(self) -> int:
        """Mistakes: missed, wrongly claimed, a limit's, revealed by a hint; not skips."""
        if not self.outcomes:
            return self.attempts - self.correct
        return self.attempts - self.correct - self.count(ItemOutcome.SKIPPED)

    @property
    def missed(self) -> int:
        """Answers that left the pattern out (or too few times)."""
        return self.count(ItemOutcome.MISSED) if self.outcomes else self.misses

    @property
    def wrongly_claimed(self) -> int:
        """Answers that claimed it where it did not count (absent, outranked, too many,
        replaced by a limit)."""
        return self.count(*(o for o in ItemOutcome if o.claimed_not_counting))


@dataclass(frozen=True, slots=True)
class SetProgress:
    """How far the learner is through a curated set, and their best round on it."""

    set_name: str
    position: int  # the next hand to ask, in the set's order
    size: int
    order: str  # "in_order" or "shuffled"
    seed: int | None
    rounds: int
    best_score: float | None  # best round score as a fraction of its questions
    best_accuracy: float | None
    updated_at: datetime

    @property
    def finished(self) -> bool:
        return self.position >= self.size > 0


@dataclass(frozen=True, slots=True)
class DayStreak:
    """Practice days: the current run, the longest run, and the days practised at all."""

    current: int  # consecutive days with practice, ending today or yesterday
    best: int
    days: int  # days with any practice
    practised_today: bool = False


@dataclass(frozen=True, slots=True)
class SetPosition:
    """Where a curated set stands after an answer (saved with the answer)."""

    set_name: str
    position: int
    size: int
    order: str
    seed: int | None
