"""Hints with a price: a round that can reveal one counted pattern at a time.

* `TrainerRound` is a `quizzes.round.Round` that can reveal one counted pattern at a
  time.  Each hint costs `HINT_COST` of the question's credit, a hinted answer never
  counts as fully right, and the revealed patterns are recorded as not known, so the
  review scheduler brings them back soon.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final

from mj_trainer.engine.ruleset import Pattern
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind
from mj_trainer.quizzes.grading import Grade, family_item, pattern_item
from mj_trainer.quizzes.outcomes import ItemOutcome, worst
from mj_trainer.quizzes.questions import Answer, Question, QuestionKind
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import CuratedSource, HandSource, QuizHand
from mj_trainer.quizzes.store import AnswerRecord, ProgressStore, SetPosition

HINT_COST: Final = 0.15  # credit lost per revealed pattern
HINTABLE: Final = frozenset({QuestionKind.PATTERNS, QuestionKind.TOTAL})


@dataclass(frozen=True, slots=True)
class Hint:
    """One revealed pattern of the current question."""

    pattern: Pattern
    count: int
    points: int
    doubles: int = 0  # doubling scheme: the doublings it gives

    @property
    def text(self) -> str:
        p = self.pattern
        if p.doubles:
            word = "doubling" if self.doubles == 1 else "doublings"
            if p.unit == "hand" and self.count == 1:
                return f"{p.name} ({p.id}) counts: {self.doubles} {word}"
            return (f"{p.name} ({p.id}) counts {self.count} x {p.value} = {self.doubles} "
                    f"{word}")
        if p.unit == "hand" and self.count == 1:
            return f"{p.name} ({p.id}) counts: {self.points} points"
        return f"{p.name} ({p.id}) counts {self.count} x {p.value} = {self.points} points"


def available_hints(question: Question, claimed: Mapping[str, int] | None = None) -> list[Hint]:
    """The patterns a hint may still reveal, most useful first.

    Patterns the learner already claimed with the right count come last, so a hint
    never repeats what they know; the rest follow the engine's order (R10 ids).
    """
    claimed = claimed or {}
    hints = [Hint(h.pattern, h.count, h.points, h.doubles) for h in question.result.counted]
    hints.sort(key=lambda h: claimed.get(h.pattern.id, 0) == h.count)
    return hints


def with_hint_cost(grade: Grade, revealed: list[Hint]) -> Grade:
    """`grade` after paying for `revealed` hints: less credit, never fully right.

    The revealed patterns (and their families) are recorded as not known, so review
    brings them back; a note says how many hints were used.
    """
    if not revealed:
        return grade
    cost = HINT_COST * len(revealed)
    credit = max(0.0, grade.credit - cost)
    items = dict(grade.outcomes)
    rules = grade.question.ruleset.id  # progress keys name the ruleset
    for h in revealed:
        items[pattern_item(h.pattern.id, rules)] = ItemOutcome.HINT
        family = family_item(h.pattern.family, rules)
        items[family] = worst((items.get(family, ItemOutcome.RIGHT), ItemOutcome.HINT))
    names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in revealed)
    plural = "hint" if len(revealed) == 1 else "hints"
    note = Explanation(
        ExplanationKind.COUNTS,
        f"You used {len(revealed)} {plural} ({names}): each costs {HINT_COST:g} of the "
        f"question's credit, and a hinted pattern comes back in review.",
        revealed[0].pattern.id, revealed[0].pattern.id,
        tuple(h.pattern.id for h in revealed),
    )
    text = (f"{grade.credit_text}; {len(revealed)} {plural} -{cost:.2f} = {credit:.2f}"
            if grade.credit_text else f"{len(revealed)} {plural} -{cost:.2f} = {credit:.2f}")
    return replace(grade, credit=credit, correct=False, outcomes=items,
                   notes=(*grade.notes, note), credit_text=text)


class TrainerRound(Round):
    """A round with hints: `hint()` reveals a pattern, `answer()` charges for it."""

    def __init__(self, source: HandSource, settings: RoundSettings | None = None, *,
                 store: ProgressStore | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc) -> None:
        super().__init__(source, settings, store=store, clock=clock, now=now)
        self._stamp = now
        self.revealed: dict[int, list[Hint]] = {}

    def hints_for(self, question: Question | None = None) -> list[Hint]:
        q = question or self.current
        return list(self.revealed.get(q.number, [])) if q is not None else []

    def can_hint(self, claimed: Mapping[str, int] | None = None) -> bool:
        q = self.current
        if q is None or q.kind not in HINTABLE:
            return False
        return self._next_hint(q, claimed) is not None

    def _next_hint(self, q: Question, claimed: Mapping[str, int] | None) -> Hint | None:
        shown = {h.pattern.id for h in self.revealed.get(q.number, [])}
        return next((h for h in available_hints(q, claimed) if h.pattern.id not in shown), None)

    def hint(self, claimed: Mapping[str, int] | None = None) -> Hint | None:
        """Reveal one more counted pattern of the current question (None: nothing left)."""
        q = self.ask()
        if q is None or q.kind not in HINTABLE:
            return None
        found = self._next_hint(q, claimed)
        if found is not None:
            self.revealed.setdefault(q.number, []).append(found)
        return found

    def answer(self, answer: Answer | None) -> Grade:
        """Grade and record the current answer, paying for any hints it used."""
        q = self.current
        hints = self.revealed.get(q.number, []) if q is not None else []
        if not hints or q is None:
            return super().answer(answer)
        store = self.store
        self.store = None  # recorded below, once the hint cost is applied
        try:
            plain = super().answer(answer)
        finally:
            self.store = store
        graded = with_hint_cost(plain, hints)
        self.grades[-1] = graded
        if store is not None and self.round_id is not None:
            record = AnswerRecord.from_grade(
                q.number, graded, fast_seconds=self.settings.fast_seconds.get(q.kind),
                answered_at=self._stamp())
            self.save_problem = store.save_answer(
                self.round_id, record, set_position=_position_after(self.source, q.item))
        return graded


def _position_after(source: HandSource, item: QuizHand) -> SetPosition | None:
    if not isinstance(source, CuratedSource) or item.position is None:
        return None
    return SetPosition(source.set_name, item.position + 1, source.size, source.order.value,
                       source.seed)
