"""Hints with a price: one counted pattern of a question revealed at a time.

A round (`quizzes.round.Round.hint`) reveals hints; grading takes the revealed ones as
an input (`quizzes.grading.grade(question, answer, hints)`): each costs `HINT_COST` of
the question's credit, a hinted answer never counts as fully right, and the revealed
patterns are recorded as not known, so the review scheduler brings them back soon.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from mj_trainer.engine.ruleset import Pattern
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind
from mj_trainer.quizzes.questions import Question, QuestionKind

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


def hint_cost(revealed: Sequence[Hint]) -> float:
    """The credit `revealed` hints take off an answer."""
    return HINT_COST * len(revealed)


def hint_note(revealed: Sequence[Hint]) -> Explanation:
    """The note on a hinted answer: how many hints, what they cost, what comes back."""
    names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in revealed)
    plural = "hint" if len(revealed) == 1 else "hints"
    return Explanation(
        ExplanationKind.COUNTS,
        f"You used {len(revealed)} {plural} ({names}): each costs {HINT_COST:g} of the "
        f"question's credit, and a hinted pattern comes back in review.",
        revealed[0].pattern.id, revealed[0].pattern.id,
        tuple(h.pattern.id for h in revealed),
    )
