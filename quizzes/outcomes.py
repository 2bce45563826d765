"""What really happened to each pattern and family of an answer: right, missed,
wrongly claimed (absent, outranked, too many), replaced by a limit, revealed by a
hint, or skipped.

The summary, the stats, the export and the review scheduler read these instead of a
bare right/wrong, so a wrong claim is not counted as a miss and a skipped question
does not teach review that every pattern of the hand was forgotten.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # the store and review read outcomes without the scorer
    from mj_trainer.engine.scoring import Score


class ItemOutcome(Enum):
    """One pattern (or family) of one answer."""

    RIGHT = "right"
    MISSED = "missed"  # counts, but was not claimed (or too few times, or a wrong total)
    ABSENT = "absent"  # claimed, but not in the hand (or not for this shape)
    OUTRANKED = "outranked"  # claimed, in the hand, but a higher pattern of its family counts
    TOO_MANY = "too_many"  # claimed more times than it counts
    LIMIT = "limit"  # claimed, in the hand, but a limit hand replaces the sum
    HINT = "hint"  # revealed by a hint
    SKIPPED = "skipped"  # the question was skipped
    WRONG = "wrong"  # wrongly claimed, kind unknown (answers saved before this record)

    @property
    def ok(self) -> bool:
        return self is ItemOutcome.RIGHT

    @property
    def wrongly_claimed(self) -> bool:
        return self in WRONG_CLAIMS

    @property
    def claimed_not_counting(self) -> bool:
        """Claimed where it does not count as claimed: a wrong claim, or one a limit
        replaced (what summaries, stats and `progress` count as wrongly claimed)."""
        return self in WRONG_CLAIMS or self is ItemOutcome.LIMIT

    @property
    def label(self) -> str:
        return LABELS[self]


WRONG_CLAIMS: Final = frozenset({ItemOutcome.ABSENT, ItemOutcome.OUTRANKED,
                                 ItemOutcome.TOO_MANY, ItemOutcome.WRONG})
LABELS: Final = {
    ItemOutcome.RIGHT: "right",
    ItemOutcome.MISSED: "missed",
    ItemOutcome.ABSENT: "claimed but absent",
    ItemOutcome.OUTRANKED: "claimed but outranked",
    ItemOutcome.TOO_MANY: "claimed too many times",
    ItemOutcome.LIMIT: "replaced by a limit",
    ItemOutcome.HINT: "revealed by a hint",
    ItemOutcome.SKIPPED: "skipped",
    ItemOutcome.WRONG: "wrongly claimed",
}
# Which outcome speaks for a family when its patterns differ: the plainest mistake.
_SEVERITY: Final = (ItemOutcome.MISSED, ItemOutcome.ABSENT, ItemOutcome.TOO_MANY,
                    ItemOutcome.WRONG, ItemOutcome.OUTRANKED, ItemOutcome.LIMIT,
                    ItemOutcome.HINT, ItemOutcome.SKIPPED, ItemOutcome.RIGHT)


def claim_outcome(result: Score, pattern_id: str, expected: int, claimed: int) -> ItemOutcome:
    """The outcome of one pattern claimed `claimed` times where it counts `expected`."""
    if claimed == expected:
        return ItemOutcome.RIGHT
    if claimed < expected:
        return ItemOutcome.MISSED
    if expected:
        return ItemOutcome.TOO_MANY
    from mj_trainer.engine.scoring import Why  # loaded already: `result` is a score

    hit = next((h for h in result.best.hits if h.pattern.id == pattern_id), None)
    if hit is None:
        return ItemOutcome.ABSENT
    if hit.why is Why.LIMIT:
        return ItemOutcome.LIMIT
    if hit.why in (Why.OUTRANKED, Why.REPLACED):
        return ItemOutcome.OUTRANKED
    return ItemOutcome.ABSENT


def worst(outcomes: Iterable[ItemOutcome]) -> ItemOutcome:
    """The outcome that speaks for a group of them (RIGHT only when all are right)."""
    present = set(outcomes)
    return next((o for o in _SEVERITY if o in present), ItemOutcome.RIGHT)
