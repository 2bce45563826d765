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
and not yet forgotten by the model; and its last counted review came a day or more
after it was first met, so one sitting never makes a pattern known (a quick first
answer starts its card at days of stability, and later answers of the same sitting
only confirm it: `quizzes.review.counts_now`).

The level alone hides the climb: after a miss, three right answers in an afternoon
leave the stability at hours, so the level stays near 0% although the learner is on
the way.  `Step` names the rungs a learner can see move (not met, not right last time,
right once, right in a row, known) and `climb_text` says where a pattern stands and
when review brings it back ("right 3 times in a row · back tomorrow"), in words, never
the model's numbers.  `Climb` remembers the rungs before a round, so its summary can
say which patterns moved up.  Plain Python, no user interface.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum, IntEnum
from typing import Any, Final

from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.quizzes.items import pattern_item
from mj_trainer.quizzes.outcomes import ItemOutcome
from mj_trainer.quizzes.records import ItemStats
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
    due: datetime | None = None  # when review brings it back (None: no card yet)

    @property
    def known(self) -> bool:
        return self.status is Status.KNOWN

    @property
    def step(self) -> Step:
        """The rung of the climb it stands on."""
        return step_of(self)

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


def outcomes_of(stats: ItemStats) -> Outcomes:
    """The counts of one pattern from its statistics (the store counts each outcome);
    answers saved before outcomes were kept count as right or missed."""
    counts: Counter[str] = Counter()
    for value, n in stats.outcomes.items():
        counts[_column(ItemOutcome(value))] += n
    unknown = stats.attempts - sum(stats.outcomes.values())
    if unknown > 0:
        right = min(unknown, max(0, stats.correct - stats.outcomes.get("right", 0)))
        counts["right"] += right
        counts["missed"] += unknown - right
    return Outcomes(**counts)


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
    # The counts come from the store's statistics, not from every answer read again:
    # the stats screen, home and review ask for mastery each time they are shown.
    stats = {s.ref: s for s in store.item_stats("pattern", ruleset=ruleset.id)}
    out: list[PatternMastery] = []
    for p in ruleset.patterns:
        s = stats.get(p.id)
        if s is None:  # never asked: no card either
            out.append(PatternMastery(p, 0.0, Status.NEW, None, None, 0, Outcomes()))
            continue
        counts = outcomes_of(s)
        card = store.card(pattern_item(p.id, ruleset.id))
        if card is None or card.stability is None:
            out.append(PatternMastery(p, 0.0, Status.LEARNING, None, None, s.streak, counts,
                                      card.due if card is not None else None))
            continue
        r = reviewer.retrievability(card, moment)
        level = level_of(r, float(card.stability), s.streak)
        lasted = (card.last_review is not None
                  and utc(card.last_review) - utc(s.first_seen) >= timedelta(days=1))
        status = Status.KNOWN if level >= target and lasted else Status.LEARNING
        out.append(PatternMastery(p, level, status, r, float(card.stability), s.streak,
                                  counts, card.due))
    return out


# --------------------------------------------------------------------------- the climb


class Step(IntEnum):
    """The rungs of the climb to *known*, lowest first: what a learner sees move.

    A right answer moves a pattern up one rung until it has been right `STREAK`
    times in a row; the last rung, known, also needs the days to pass (the
    scheduler's stability) and the model to still trust it, so the words say when
    review brings the pattern back for the answer that can make it known.
    """

    NEW = 0  # never asked
    NOT_YET = 1  # asked, not right last time (missed, a hint, a skip)
    ONCE = 2  # right once since then
    IN_A_ROW = 3  # right STREAK or more times in a row, not yet known
    KNOWN = 4


def step_of(m: PatternMastery) -> Step:
    """The rung a pattern stands on."""
    if m.status is Status.NEW:
        return Step.NEW
    if m.status is Status.KNOWN:
        return Step.KNOWN
    if m.streak >= STREAK:
        return Step.IN_A_ROW
    return Step.ONCE if m.streak == 1 else Step.NOT_YET


def times_text(n: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def when_back(due: datetime, now: datetime) -> str:
    """When review brings an item back, for a table: 'now', 'in 10 min', 'later
    today', 'tomorrow', 'in 4 days', 'in 3 months', 'in a year' (days of the learner's
    calendar)."""
    due, now = utc(due), utc(now)
    seconds = (due - now).total_seconds()
    if seconds <= 0:
        return "now"
    if seconds < 3600:
        return f"in {max(1, round(seconds / 60))} min"
    day = (due.astimezone().date() - now.astimezone().date()).days
    if day <= 0:
        return "later today"
    if day == 1:
        return "tomorrow"
    if day < 60:
        return f"in {day} days"
    if day < 365:
        return f"in {round(day / 30.4)} months"
    return f"in {round(day / 365)} years" if day >= 548 else "in a year"


def back_text(due: datetime | None, now: datetime) -> str:
    """When review brings a pattern back, in a learner's words: 'due now', 'back in
    10 min', 'back later today', 'back tomorrow', 'back in 4 days', 'back in 3
    months' ('' without a card)."""
    if due is None:
        return ""
    when = when_back(due, now)
    return "due now" if when == "now" else f"back {when}"


def streak_text(streak: int) -> str:
    """A run of right answers, short: 'not yet', 'right once', '3 in a row'."""
    if streak <= 0:
        return "not yet"
    return "right once" if streak == 1 else f"{streak} in a row"


def step_text(m: PatternMastery) -> str:
    """The rung, short, for a table: 'new', 'not yet', 'right once', '3 in a row',
    'known ✔'."""
    step = step_of(m)
    if step is Step.NEW:
        return "new"
    if step is Step.KNOWN:
        return "known ✔"
    return streak_text(m.streak)


def next_rung_text(m: PatternMastery) -> str:
    """What the climb asks next, in a sentence (the honest definition of known)."""
    step = step_of(m)
    if step is Step.NEW:
        return "A round or a lesson brings it."
    if step is Step.KNOWN:
        return "Review checks it now and then; a miss sends it back down."
    if step is Step.IN_A_ROW:
        return "Known once it is still right after the days in between."
    return (f"Right {times_text(STREAK)} in a row, then still right days later, and it is "
            "known.")


def climb_text(m: PatternMastery, now: datetime) -> str:
    """Where a pattern stands on the climb, in a learner's words:
    'right 3 times in a row · back tomorrow', 'right last time · back in 10 min', 'known
    · back in 12 days', 'not right last time · due now', 'not met yet'. Never the
    model's own numbers."""
    step = step_of(m)
    if step is Step.NEW:
        return "not met yet"
    when = back_text(m.due, now)
    if step is Step.KNOWN:
        head = "known"
    elif m.streak == 1:
        head = "right last time"
    elif m.streak:
        head = f"right {times_text(m.streak)} in a row"
    else:
        head = "not right last time"
    return f"{head} · {when}" if when else head



@dataclass(frozen=True, slots=True)
class Move:
    """A pattern whose rung changed during a round: where it was, and where it is."""

    before: Step
    now: PatternMastery

    @property
    def up(self) -> bool:
        return self.now.step > self.before


class Climb:
    """The rungs of a ruleset's patterns before a round, to say after it which moved.

    Taken when the round is dealt (`Climb.before`), read again when it ends
    (`moves`); only the patterns the round changed are named.  Without a progress
    store there is nothing to compare and no move.
    """

    def __init__(self, store: ProgressStore | None, ruleset: Ruleset,
                 steps: dict[str, Step]) -> None:
        self.store = store
        self.ruleset = ruleset
        self.steps = steps

    @classmethod
    def before(cls, store: ProgressStore | None, ruleset: Ruleset,
               now: datetime | None = None) -> Climb:
        steps = ({m.pattern.id: m.step for m in mastery(store, ruleset, now)}
                 if store is not None else {})
        return cls(store, ruleset, steps)

    def moves(self, now: datetime | None = None) -> list[Move]:
        """Every pattern whose rung changed, the ones that moved up first, each group
        from the highest rung down, then in catalogue order."""
        if self.store is None:
            return []
        out = [Move(self.steps.get(m.pattern.id, Step.NEW), m)
               for m in mastery(self.store, self.ruleset, now)
               if m.step != self.steps.get(m.pattern.id, Step.NEW)]
        order = {p.id: i for i, p in enumerate(self.ruleset.patterns)}
        out.sort(key=lambda mv: (not mv.up, -mv.now.step, order[mv.now.pattern.id]))
        return out


def moved_up(moves: Sequence[Move]) -> list[Move]:
    """The moves up, leaving out a pattern only met (new to not right yet)."""
    return [m for m in moves if m.up and m.now.step > Step.NOT_YET]


def slipped(moves: Sequence[Move]) -> list[Move]:
    """The moves down: a pattern that was right in a row, or known, and is not now."""
    return [m for m in moves if not m.up]


@dataclass(frozen=True, slots=True)
class GroupMastery:
    """A category's or a family's patterns: how many are known, how many are on the way
    up (right once or more in a row), the mean level and the mean rung (0..1)."""

    id: str
    name: str
    known: int
    total: int
    level: float
    climbing: int = 0
    climb: float = 0.0  # the mean rung, as a share of the way to known


def climbing(rows: Sequence[PatternMastery]) -> int:
    """How many patterns are on the way up: right once or more in a row, not yet known."""
    return sum(1 for m in rows if Step.ONCE <= m.step < Step.KNOWN)


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
                                sum(m.level for m in members) / len(members),
                                climbing(members),
                                sum(m.step for m in members) / (Step.KNOWN * len(members))))
    out.sort(key=lambda g: tuple(int(x) for x in g.id.split(".") if x.isdigit()))
    return out


def weakest(rows: Sequence[PatternMastery], limit: int = 5) -> list[PatternMastery]:
    """The patterns met but not known, the lowest rung first, then the most mistakes,
    then the lowest level."""
    met = [m for m in rows if m.status is Status.LEARNING]
    met.sort(key=lambda m: (m.step, -m.outcomes.mistakes, m.level, m.pattern.id))
    return met[:limit]
