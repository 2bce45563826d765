"""How well the learner knows each pattern of a ruleset: mastery from the review
scheduler and the recent answers.

A pattern's *level* (0..1) is the product of three things, so that no single lucky
answer makes a pattern known:

* the FSRS retrievability now (the model's chance the learner still knows it);
* how far its stability has grown towards `STABLE_DAYS` (knowledge that has lasted
  across days, not minutes);
* how far the run of right answers in a row has grown towards `STREAK` (the recent
  answers, a miss resets it).

A pattern is *known* when its level reaches the desired retention (the scheduler's
setting, 0.9 by default): right `STREAK` times in a row, stable for `STABLE_DAYS`,
and not yet forgotten by the model.  Plain Python, no user interface.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any, Final

from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.quizzes.grading import item_ruleset, pattern_item, split_item
from mj_trainer.quizzes.outcomes import ItemOutcome
from mj_trainer.quizzes.records import AnswerRecord
from mj_trainer.quizzes.review import Reviewer, utc
from mj_trainer.quizzes.store import ProgressStore

STREAK: Final = 2  # right answers in a row that mastery needs
STABLE_DAYS: Final = 3.0  # FSRS stability (days) that mastery needs
DEFAULT_RETENTION: Final = 0.9


class Status(Enum):
    """Where a pattern stands for the learner."""

    NEW = "new"  # never asked
    LEARNING = "learning"  # asked, not yet known
    KNOWN = "known"  # level at or above the desired retention


@dataclass(frozen=True, slots=True)
class Outcomes:
    """How often a pattern was right, missed, wrongly claimed, revealed by a hint and
    skipped: the record's own outcomes, so a hint or a skip is never counted a miss."""

    right: int = 0
    missed: int = 0
    wrong: int = 0  # claimed but not counting: absent, outranked, too many, or a limit
    hinted: int = 0
    skipped: int = 0

    @property
    def mistakes(self) -> int:
        """Misses and wrong claims: what the learner got wrong unaided."""
        return self.missed + self.wrong


@dataclass(frozen=True, slots=True)
class PatternMastery:
    """One pattern's mastery and the answers behind it."""

    pattern: Pattern
    level: float
    status: Status
    retrievability: float | None
    stability: float | None
    streak: int
    outcomes: Outcomes

    @property
    def known(self) -> bool:
        return self.status is Status.KNOWN

    def to_json(self) -> dict[str, Any]:
        p = self.pattern
        return {
            "id": p.id, "name": p.name, "category": p.category, "family": p.family,
            "mastery": round(self.level, 4), "status": self.status.value,
            "retrievability": None if self.retrievability is None
            else round(self.retrievability, 4),
            "stability_days": None if self.stability is None else round(self.stability, 3),
            "streak": self.streak, "right": self.outcomes.right,
            "missed": self.outcomes.missed, "wrong": self.outcomes.wrong,
            "hinted": self.outcomes.hinted, "skipped": self.outcomes.skipped,
        }


def level_of(retrievability: float, stability: float, streak: int) -> float:
    """The mastery level (0..1) from the model's numbers and the run of right answers."""
    return (max(0.0, min(1.0, retrievability)) * min(1.0, stability / STABLE_DAYS)
            * min(1.0, streak / STREAK))


def outcomes_by_pattern(answers: Iterable[AnswerRecord], ruleset: str) -> dict[str, Outcomes]:
    """pattern id -> how often it was right, missed, wrongly claimed, hinted or skipped,
    as each stored answer recorded it (`quizzes.outcomes`); a claim replaced by a limit
    counts as wrongly claimed, as in a round's summary."""
    counts: dict[str, Counter[str]] = {}
    for a in answers:
        for item in a.items:
            kind, ref = split_item(item)
            if kind != "pattern" or item_ruleset(item) != ruleset:
                continue
            counts.setdefault(ref, Counter())[_column(a.outcome(item))] += 1
    return {ref: Outcomes(**c) for ref, c in counts.items()}


def _column(outcome: ItemOutcome) -> str:
    """The `Outcomes` field an item outcome is counted in."""
    if outcome is ItemOutcome.RIGHT:
        return "right"
    if outcome.claimed_not_counting:
        return "wrong"
    if outcome is ItemOutcome.HINT:
        return "hinted"
    if outcome is ItemOutcome.SKIPPED:
        return "skipped"
    return "missed"


def mastery(store: ProgressStore, ruleset: Ruleset, now: datetime | None = None, *,
            retention: float | None = None) -> list[PatternMastery]:
    """Every pattern of `ruleset`, in catalogue order, with its mastery now."""
    moment = utc(now)
    reviewer: Reviewer = store.reviewer
    target = retention if retention is not None else reviewer.scheduler.desired_retention
    stats = {s.ref: s for s in store.item_stats("pattern", ruleset=ruleset.id)}
    outcomes = outcomes_by_pattern(store.answers(), ruleset.id)
    out: list[PatternMastery] = []
    for p in ruleset.patterns:
        card = store.card(pattern_item(p.id, ruleset.id))
        s = stats.get(p.id)
        streak = s.streak if s is not None else 0
        if card is None or card.stability is None:
            out.append(PatternMastery(p, 0.0, Status.NEW if s is None else Status.LEARNING,
                                      None, None, streak, outcomes.get(p.id, Outcomes())))
            continue
        r = reviewer.retrievability(card, moment)
        level = level_of(r, float(card.stability), streak)
        status = Status.KNOWN if level >= target else Status.LEARNING
        out.append(PatternMastery(p, level, status, r, float(card.stability), streak,
                                  outcomes.get(p.id, Outcomes())))
    return out


@dataclass(frozen=True, slots=True)
class GroupMastery:
    """A category's or a family's patterns: how many are known, and the mean level."""

    id: str
    name: str
    known: int
    total: int
    level: float


def grouped(rows: Sequence[PatternMastery], ruleset: Ruleset, by: str) -> list[GroupMastery]:
    """Per category (`by="category"`) or per family (`by="family"`), in id order."""
    groups: dict[str, list[PatternMastery]] = {}
    for m in rows:
        key = m.pattern.category if by == "category" else m.pattern.family
        groups.setdefault(key, []).append(m)
    out = []
    for key, members in groups.items():
        name = (ruleset.categories.get(key, key) if by == "category"
                else ruleset.family_name(key))
        out.append(GroupMastery(key, name, sum(m.known for m in members), len(members),
                                sum(m.level for m in members) / len(members)))
    out.sort(key=lambda g: tuple(int(x) for x in g.id.split(".") if x.isdigit()))
    return out


def weakest(rows: Sequence[PatternMastery], limit: int = 5) -> list[PatternMastery]:
    """The patterns met but not known, the lowest level (then the most misses) first."""
    met = [m for m in rows if m.status is Status.LEARNING]
    met.sort(key=lambda m: (m.level, -m.outcomes.mistakes, m.pattern.id))
    return met[:limit]
