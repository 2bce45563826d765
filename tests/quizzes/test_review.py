"""Spaced review: ratings, the FSRS schedule as stored, and hands aimed at due cards."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone

import pytest
from fsrs import Rating, Scheduler

from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind
from mj_trainer.quizzes.review import Reviewer, due_refs, rating_for, utc
from mj_trainer.quizzes.round import Round, RoundSettings, review_source
from mj_trainer.quizzes.sources import ListSource, QuizHand, ReviewSource
from mj_trainer.quizzes.store import ProgressStore
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand

T0 = datetime(2024, 6, 1, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def _play(store: ProgressStore, text: str, answer: PatternsAnswer, when: datetime,
          seconds: float = 60.0) -> None:
    clock = Clock()
    rnd = Round(ListSource([qhand(text)]), RoundSettings(), recorder=store, clock=clock,
                now=lambda: when)
    rnd.ask()
    clock.t += seconds
    rnd.answer(answer)
    rnd.finish()


def test_ratings() -> None:
    assert rating_for(False, 1.0, 30.0) is Rating.Again
    assert rating_for(True, 1.0, 30.0) is Rating.Easy
    assert rating_for(True, 31.0, 30.0) is Rating.Good
    assert rating_for(True, None, 30.0) is Rating.Good
    assert rating_for(True, 1.0, None) is Rating.Good


def test_utc_accepts_naive_and_other_zones() -> None:
    aware = datetime(2024, 1, 1, 12, 0, tzinfo=timezone(timedelta(hours=2)))
    assert utc(aware) == datetime(2024, 1, 1, 10, 0, tzinfo=UTC)
    assert utc(aware).tzinfo is UTC
    assert utc(datetime(2024, 1, 1, 12, 0)).tzinfo is UTC


def test_a_missed_pattern_is_due_sooner_than_a_mastered_one(store: ProgressStore) -> None:
    right = PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL)
    # Wind Pung (8.1.1) answered right on days 0, 1, 3 and 7 ...
    for day in (0, 1, 3, 7):
        _play(store, H.WINDS, right, T0 + timedelta(days=day))
    # ... and on day 7 All Chows (1.2) is missed.
    _play(store, H.CHOWS, PatternsAnswer.of(["1.3"], 5), T0 + timedelta(days=7))
    now = T0 + timedelta(days=7, minutes=5)
    mastered, missed = store.card("pattern:8.1.1"), store.card("pattern:1.2")
    assert mastered is not None and missed is not None
    assert missed.due < mastered.due
    assert missed.due <= now  # back within minutes
    assert mastered.due > now + timedelta(days=3)  # out for days
    due = [d.item for d in store.due_items(now)]
    assert "pattern:1.2" in due and "family:1.2" in due
    assert "pattern:8.1.1" not in due
    # A week later the mastered card is still not due; the missed one long is.
    later = [d.item for d in store.due_items(now + timedelta(days=2))]
    assert "pattern:1.2" in later and "pattern:8.1.1" not in later


def test_fast_right_answers_rate_easy(store: ProgressStore) -> None:
    right = PatternsAnswer.of({"1.2": 1, "1.3": 1}, H.CHOWS_TOTAL)
    _play(store, H.CHOWS, right, T0, seconds=5)  # under the 30 s of a patterns question
    _play(store, H.CHOWS, right, T0 + timedelta(days=1), seconds=90)
    ratings = [r for item, r, _ in store.review_log("pattern:1.2")]
    assert ratings == [Rating.Easy, Rating.Good]


def test_cards_exist_only_for_what_was_met(store: ProgressStore) -> None:
    _play(store, H.CHOWS, PatternsAnswer.of(["1.2", "1.3"], 10), T0)
    items = {d.item for d in store.review_cards()}
    assert items == {"pattern:1.2", "pattern:1.3", "family:1.2", "family:1.3"}


def test_due_items_come_most_overdue_first(store: ProgressStore) -> None:
    _play(store, H.CHOWS, PatternsAnswer.of([], 0), T0)
    _play(store, H.WINDS, PatternsAnswer.of([], 0), T0 + timedelta(minutes=30))
    due = store.due_items(T0 + timedelta(hours=2))
    assert [d.due for d in due] == sorted(d.due for d in due)
    assert due[0].ref in ("1.2", "1.3")
    refs = due_refs(due)
    assert len(refs) == len(set(refs))
    assert store.due_items(T0 + timedelta(hours=2), limit=2) == due[:2]
    assert all(d.kind == "family" for d in store.due_items(T0 + timedelta(hours=2),
                                                            kind="family"))


def test_review_source_aims_hands_at_due_patterns(store: ProgressStore) -> None:
    _play(store, H.CHOWS, PatternsAnswer.of(["1.3"], 5), T0)  # misses All Chows
    pool = [qhand(H.WINDS, "winds"), qhand(H.CHOWS, "chows"), qhand(H.PAIRS, "pairs")]
    source = review_source(store, T0 + timedelta(minutes=5), pool=pool, seed=1)
    assert source.items[0] == "1.2"
    got = list(source)
    assert got[0].id == "chows" and got[0].focus == "1.2" and got[0].source == "review"
    # A "does it count?" question in a review round asks about the due pattern.
    rnd = Round(ReviewSource(["1.2"], pool=pool),
                RoundSettings(kinds=(QuestionKind.DOES_COUNT,), length=1))
    q = rnd.ask()
    assert q is not None and q.target == "1.2"


def test_review_source_skips_what_it_cannot_serve() -> None:
    pool = [qhand(H.CHOWS, "chows")]
    # Nothing in the pool has 9.1.2; "1.3" and family "1.2" both want the one hand,
    # which is used only once.
    got = list(ReviewSource(["9.1.2", "1.3", "1.2"], pool=pool))
    assert [(h.id, h.focus) for h in got] == [("chows", "1.3")]


def test_review_source_prefers_hands_where_the_pattern_counts() -> None:
    # Family 2.2: Three Concealed Pungs (2.2.2) counts in WINDS; CHOWS has no pung.
    pool = [qhand(H.WINDS, "winds"), qhand(H.CHOWS, "chows")]
    got = list(ReviewSource(["2.2"], pool=pool))
    assert [h.id for h in got] == ["winds"]


def test_custom_finders_are_asked_in_turn() -> None:
    asked: list[str] = []

    def nothing(focus: str, rng: random.Random, used: set[str]) -> QuizHand | None:
        asked.append(focus)
        return None

    def always(focus: str, rng: random.Random, used: set[str]) -> QuizHand | None:
        return qhand(H.CHOWS, f"made-for-{focus}")

    got = list(ReviewSource(["1.2", "8.1"], finders=[nothing, always]))
    assert asked == ["1.2", "8.1"]
    assert [h.id for h in got] == ["made-for-1.2", "made-for-8.1"]


def test_reviewer_card_ids_are_stable() -> None:
    r = Reviewer(Scheduler(enable_fuzzing=False))
    assert r.card_id("pattern:8.1.1") == Reviewer.card_id("pattern:8.1.1")
    card = r.new_card("pattern:8.1.1", T0)
    card, _ = r.review(card, Rating.Good, T0)
    assert 0.0 < r.retrievability(card, T0 + timedelta(days=1)) <= 1.0


@pytest.mark.parametrize("rating", [Rating.Again, Rating.Good, Rating.Easy])
def test_review_needs_no_utc_at_the_call_site(rating: Rating) -> None:
    r = Reviewer()
    local = datetime(2024, 1, 1, 12, 0).astimezone()
    card, log = r.review(r.new_card("pattern:1.2", local), rating, local)
    assert card.due > utc(local)
    assert log.rating is rating
