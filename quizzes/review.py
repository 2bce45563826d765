"""Spaced review with the FSRS scheduler (the `fsrs` package): one card per pattern
and one per family the learner has met.

Every graded question rates the cards of the patterns and families it tested:

* wrong (missed, wrongly claimed, miscounted, skipped) -> ``Again``: back within minutes;
* right -> ``Good``, or ``Easy`` when answered within the kind's fast time.

So a pattern missed today is due again soon, and one answered right again and again
is pushed out to days, weeks, months.  The cards live in the progress store
(`quizzes.store`); due cards drive `ReviewSource` (`quizzes.sources.review_source`).

Right answers the same day count once (`counts_now`).  One question tests several
patterns, so a round of ten hands can ask about All Chows five times in ten minutes.
fsrs takes each as a review within a day of the last and grows the stability by a
short-term factor each time; at least 1 for Good and Easy, and for Easy well above 1,
so five quick right answers took a new pattern out to months and a long round to
years, all from one sitting (fsrs 6.3.0 to 6.3.2 alike).  A right answer given less
than a day after the card's last counted review, before the card is due again, only
confirms: it is kept in the review log, and leaves the card as it was.  A mistake
always counts (it brings the pattern back soon), and so does a right answer once the
card is due (a learning step after a miss, minutes later, moves it on).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, ReviewLog, Scheduler, State

from mj_trainer.quizzes.items import ItemKey
from mj_trainer.quizzes.outcomes import ItemOutcome

__all__ = [
    "Card",
    "DueItem",
    "Rating",
    "Reviewer",
    "State",
    "counts_now",
    "due_refs",
    "rating_for",
    "rating_for_outcome",
    "utc",
]


def utc(moment: datetime | None = None) -> datetime:
    """`moment` (default: now) as an aware UTC datetime, as fsrs requires."""
    if moment is None:
        return datetime.now(UTC)
    if moment.tzinfo is None:
        moment = moment.astimezone()  # a naive time is taken as local time
    return moment.astimezone(UTC)


def counts_now(card: Card, rating: Rating, now: datetime) -> bool:
    """Does this rating of `card` at `now` change the card (see the module's note)?

    False only for a right answer (Good, Easy) less than a day after the card's last
    counted review while the card is not yet due: the same sitting, already counted.
    """
    if rating not in (Rating.Good, Rating.Easy) or card.last_review is None:
        return True
    moment = utc(now)
    return moment >= utc(card.due) or moment - utc(card.last_review) >= timedelta(days=1)


def rating_for(ok: bool, seconds: float | None, fast_seconds: float | None) -> Rating:
    """Again for a mistake; Easy for a right answer within `fast_seconds`; else Good."""
    if not ok:
        return Rating.Again
    if seconds is not None and fast_seconds is not None and seconds <= fast_seconds:
        return Rating.Easy
    return Rating.Good


def rating_for_outcome(outcome: ItemOutcome, seconds: float | None,
                       fast_seconds: float | None) -> Rating | None:
    """The review rating of what really happened to an item (None: nothing to learn).

    A miss, a claim of an absent pattern, too many, or a pattern a hint had to reveal
    is forgotten (Again); a pattern that was seen but outranked or replaced by a limit
    was known and misapplied (Hard, back soon); a skipped question says nothing about
    what the learner knows, so it leaves the card alone.
    """
    if outcome is ItemOutcome.SKIPPED:
        return None
    if outcome in (ItemOutcome.OUTRANKED, ItemOutcome.LIMIT):
        return Rating.Hard
    return rating_for(outcome.ok, seconds, fast_seconds)


@dataclass(frozen=True, slots=True)
class DueItem(ItemKey):
    """A review card: which pattern or family, when it is due, and how well it is known."""

    item: str  # "pattern:8.1.1" or "family:8.1"
    due: datetime
    state: State
    stability: float | None


class Reviewer:
    """Creates and reviews cards with one FSRS scheduler."""

    def __init__(self, scheduler: Scheduler | None = None) -> None:
        self.scheduler = scheduler if scheduler is not None else Scheduler()

    @classmethod
    def with_retention(cls, desired_retention: float) -> Reviewer:
        """A reviewer whose cards come due when recall has fallen to `desired_retention`."""
        return cls(Scheduler(desired_retention=desired_retention))

    @staticmethod
    def card_id(item: str) -> int:
        """A stable card id for an item (fsrs would otherwise use the clock)."""
        return zlib.crc32(item.encode("utf-8")) + 1

    def new_card(self, item: str, now: datetime | None = None) -> Card:
        return Card(card_id=self.card_id(item), due=utc(now))

    def review(self, card: Card, rating: Rating, now: datetime | None = None,
               duration_ms: int | None = None) -> tuple[Card, ReviewLog]:
        """fsrs's own review of the card, whatever came before (see `answer`)."""
        return self.scheduler.review_card(card, rating, utc(now), duration_ms)

    def answer(self, card: Card, rating: Rating, now: datetime | None = None,
               duration_ms: int | None = None) -> Card:
        """The card after an answer rated `rating`: reviewed when the answer counts
        (`counts_now`), the same card when it only confirms a review of the same day."""
        moment = utc(now)
        if not counts_now(card, rating, moment):
            return card
        return self.scheduler.review_card(card, rating, moment, duration_ms)[0]

    def retrievability(self, card: Card, now: datetime | None = None) -> float:
        """The chance, by the model, that the learner still knows it now (0..1)."""
        return float(self.scheduler.get_card_retrievability(card, utc(now)))


def due_refs(items: Iterable[DueItem]) -> list[str]:
    """The pattern and family ids of due cards, in order, each once."""
    out: list[str] = []
    for d in items:
        if d.ref not in out:
            out.append(d.ref)
    return out
