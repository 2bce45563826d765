"""What the stats screen shows, read from the progress store in one go.

`load_stats` runs in a worker thread.  It only calls the store's public read
methods (`rounds`, `item_stats`, `missed_most`, `review_cards`, `due_items`,
`day_streak`) and derives the rest here: per-category accuracy is the sum over the
category's patterns, the trend is each round's score as a percentage.

Statistics are per ruleset: a pattern id names a different pattern in another
ruleset, so the accuracy tables, the review queue, the rounds and the trend are
those of one ruleset (by id); only the day streak counts every round.  `rulesets`
lists the ids of every ruleset the learner has data for, so the screen can switch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Final

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.items import Tally
from mj_trainer.quizzes.outcomes import ItemOutcome
from mj_trainer.quizzes.review import DueItem, due_refs
from mj_trainer.quizzes.review_queue import review_refs
from mj_trainer.quizzes.store import DayStreak, ItemStats, ProgressStore, RoundRecord

MISSED_TOP: Final = 10


@dataclass(frozen=True, slots=True)
class AccuracyRow(Tally):
    """Attempts and accuracy of one pattern, family or category."""

    key: str  # "pattern:8.1.1", "family:8.1", "category:8"
    ref: str  # the id the reference opens
    name: str
    attempts: int
    correct: int
    streak: int = 0
    last_seen: datetime | None = None
    missed: int = 0  # answers that left it out
    wrongly_claimed: int = 0  # answers that claimed it where it did not count
    skipped: int = 0  # skipped questions (not mistakes)

    @property
    def misses(self) -> int:
        """Mistakes of every kind (missed, claimed wrongly, hints); skips are not."""
        return self.attempts - self.correct - self.skipped

    @property
    def unaided_misses(self) -> int:
        """Left out or claimed wrongly: what the most-missed list counts (a pattern a
        hint revealed was not missed, and shows 0 in both of its columns)."""
        return self.missed + self.wrongly_claimed


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One line of the review queue: a pattern or a family (a pattern and its
    one-member family, which share an id, are one line), as home counts them."""

    ref: str
    kind: str  # "pattern" or "family"
    due: datetime  # the soonest of its cards
    streak: int  # right answers in a row
    items: tuple[str, ...]  # its cards ("pattern:1.1", "family:1.1")


@dataclass(frozen=True, slots=True)
class TrendPoint:
    """One round on the trend chart."""

    number: int  # 1 for the first round played
    started_at: datetime
    percent: float  # the round's score as a percentage of the questions answered


@dataclass(frozen=True, slots=True)
class StatsData:
    """Everything the stats screen shows."""

    rounds: list[RoundRecord]  # newest first
    patterns: list[AccuracyRow]
    families: list[AccuracyRow]
    categories: list[AccuracyRow]
    missed: list[AccuracyRow]
    cards: list[DueItem]  # every review card, soonest due first
    due: list[DueItem]  # cards due now, most overdue first
    streak: DayStreak
    trend: list[TrendPoint] = field(default_factory=list)
    now: datetime | None = None
    ruleset: str = ""  # the id of the ruleset these statistics are of
    rulesets: tuple[str, ...] = ()  # every ruleset id with data, in a stable order
    to_review: int = 0  # what a review round would ask now: due, then once missed

    @property
    def due_count(self) -> int:
        """What is due, counted as home counts it: each pattern or family once."""
        return len(due_refs(self.due))

    def review_rows(self) -> list[ReviewRow]:
        """The review queue, one line per pattern or family, due ones first (most
        overdue first), then the others soonest first."""
        streaks = {r.key: r.streak for r in (*self.patterns, *self.families)}
        due = {d.item for d in self.due}
        rows: dict[str, list[DueItem]] = {}
        for card in self.due + [c for c in self.cards if c.item not in due]:
            rows.setdefault(card.ref, []).append(card)
        out = []
        for ref, cards in rows.items():
            kind = "pattern" if any(c.kind == "pattern" for c in cards) else "family"
            first = next(c for c in cards if c.kind == kind)
            out.append(ReviewRow(ref, kind, min(c.due for c in cards),
                                 streaks.get(first.item, 0), tuple(c.item for c in cards)))
        return out

    @property
    def empty(self) -> bool:
        return not self.rounds and not self.patterns

    @property
    def answered(self) -> int:
        return sum(r.answered for r in self.rounds)

    @property
    def correct(self) -> int:
        return sum(r.correct for r in self.rounds)

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def next_due(self) -> DueItem | None:
        """The first card not yet due (None when none is waiting)."""
        due = {d.item for d in self.due}
        return next((c for c in self.cards if c.item not in due), None)


def item_name(ruleset: Ruleset, kind: str, ref: str) -> str:
    """A readable name for a pattern, family or category id."""
    if kind == "pattern":
        try:
            return ruleset.pattern(ref).name
        except KeyError:
            return f"{ref} (not in {ruleset.id})"
    if kind == "family":
        members = ruleset.family_members(ref)
        if not members:
            return f"{ref} (not in {ruleset.id})"
        if len(members) == 1:
            return members[0].name
        return f"{members[0].name} to {members[-1].name}"
    return ruleset.categories.get(ref, ref)


def _row(ruleset: Ruleset, s: ItemStats) -> AccuracyRow:
    return AccuracyRow(s.item, s.ref, item_name(ruleset, s.kind, s.ref), s.attempts,
                       s.correct, s.streak, s.last_seen, s.missed, s.wrongly_claimed,
                       s.count(ItemOutcome.SKIPPED))


def _category_rows(ruleset: Ruleset, patterns: list[ItemStats]) -> list[AccuracyRow]:
    """Each category's patterns added up, outcomes too: a skipped question is not a
    mistake in a category any more than in its patterns."""
    totals: dict[str, list[int]] = {}
    last: dict[str, datetime] = {}
    ids = ruleset.by_id()
    for s in patterns:
        p = ids.get(s.ref)
        if p is None:
            continue
        total = totals.setdefault(p.category, [0, 0, 0, 0, 0])
        for k, n in enumerate((s.attempts, s.correct, s.missed, s.wrongly_claimed,
                               s.count(ItemOutcome.SKIPPED))):
            total[k] += n
        if p.category not in last or s.last_seen > last[p.category]:
            last[p.category] = s.last_seen
    return [AccuracyRow(f"category:{cat}", cat, item_name(ruleset, "category", cat),
                        a, c, 0, last.get(cat), missed, wrong, skipped)
            for cat, (a, c, missed, wrong, skipped)
            in sorted(totals.items(), key=lambda kv: _num_key(kv[0]))]


def _num_key(text: str) -> tuple[int, ...]:
    return tuple(int(x) if x.isdigit() else 0 for x in text.split("."))


def trend_points(rounds: list[RoundRecord]) -> list[TrendPoint]:
    """Each round with answers, oldest first, as a score percentage."""
    played = sorted((r for r in rounds if r.answered), key=lambda r: (r.started_at, r.id))
    return [TrendPoint(i, r.started_at, 100.0 * r.score / r.answered)
            for i, r in enumerate(played, start=1)]


def round_rulesets(record: RoundRecord) -> tuple[str, ...]:
    """The ids of the rulesets a round was played under (a mixed round names several)."""
    return tuple(r for r in record.ruleset.split(",") if r)


def load_stats(store: ProgressStore, ruleset: Ruleset,
               now: Callable[[], datetime] | None = None,
               today: date | None = None) -> StatsData:
    """Read every statistic of `ruleset` the screen needs; raises StoreError when the
    file fails."""
    moment = now() if now is not None else None
    rid = ruleset.id
    all_rounds = store.rounds()
    rounds = [r for r in all_rounds if rid in round_rulesets(r)]
    every_item = store.item_stats()
    pattern_stats = store.item_stats("pattern", ruleset=rid)
    family_stats = store.item_stats("family", ruleset=rid)
    # Missed or claimed wrongly: a pattern only a hint revealed is not "missed".
    missed = sorted((_row(ruleset, s) for s in pattern_stats),
                    key=lambda r: (-r.unaided_misses, r.accuracy, r.key))
    missed = [r for r in missed if r.unaided_misses][:MISSED_TOP]
    every_card = store.review_cards()
    cards = [c for c in every_card if c.ruleset == rid]
    due = store.due_items(moment, ruleset=rid)
    found = {s.ruleset for s in every_item} | {c.ruleset for c in every_card}
    for r in all_rounds:
        found.update(round_rulesets(r))
    if today is None and moment is not None:
        today = moment.astimezone().date()
    queue, _weak = review_refs(store, moment, ruleset=ruleset)
    return StatsData(
        rounds=rounds,
        patterns=[_row(ruleset, s) for s in pattern_stats],
        families=[_row(ruleset, s) for s in family_stats],
        categories=_category_rows(ruleset, pattern_stats),
        missed=missed,
        cards=cards,
        due=due,
        streak=store.day_streak(today),
        trend=trend_points(rounds),
        now=moment,
        ruleset=rid,
        rulesets=tuple(sorted(found | {rid})),
        to_review=len(queue),
    )
