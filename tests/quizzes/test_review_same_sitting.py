"""Right answers of one sitting count once toward the review schedule.

The case seen: many curated hands count All Chows, so one review round asked about it
again and again; each quick right answer was an fsrs review within minutes of the last,
and each grew the stability (Easy's same-day factor is well above 1), until the stats
said "known ✔ · back in 4 years" after one evening.  Now a right answer within a day of
the card's last counted review, before it is due, only confirms; a miss always counts,
a due card (a learning step after a miss) moves on, and the next day counts again.
Progress written under the old rule is replayed under the new one (schema version 5).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fsrs import Card, Rating, Scheduler, State

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes import review as review_mod
from mj_trainer.quizzes import store_schema as schema_mod
from mj_trainer.quizzes.mastery import climb_text, mastery
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.review import Reviewer, counts_now
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import ProgressStore
from tests.quizzes.conftest import qhand

CHOWS = "c123 c456 b234 b567 k5 +k5"  # All Chows (1.2) 5 + Concealed Hand (1.3) 5 = 10
RIGHT = PatternsAnswer.of({"1.2": 1, "1.3": 1}, 10)
MISS = PatternsAnswer.of({"1.3": 1}, 5)
T0 = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
ITEM = "pattern:1.2"
RULES = load("mj-score-eval")


def _reviewer() -> Reviewer:
    return Reviewer(Scheduler(enable_fuzzing=False))  # the same interval every run


def _answer(store: ProgressStore, when: datetime, answer: PatternsAnswer,
            seconds: float = 5.0) -> None:
    """One question on the All Chows hand, answered in `seconds` (5 s: fast, Easy)."""
    ticks = iter((0.0, seconds))
    rnd = Round(ListSource([qhand(CHOWS)]), RoundSettings(length=1, seed=1), recorder=store,
                now=lambda: when, clock=lambda: next(ticks, seconds))
    rnd.ask()
    rnd.answer(answer)
    rnd.finish()


def _evening(store: ProgressStore, n: int = 12) -> datetime:
    """All Chows answered right and fast `n` times, three minutes apart; the last time."""
    when = T0
    for k in range(n):
        when = T0 + timedelta(minutes=3 * k)
        _answer(store, when, RIGHT)
    return when


def _card(store: ProgressStore) -> Card:
    card = store.card(ITEM)
    assert card is not None
    return card


def test_a_round_of_right_answers_counts_as_one(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path / "once", reviewer=_reviewer()) as once:
        _answer(once, T0, RIGHT)
        after_one = _card(once)
    with ProgressStore.open(tmp_path / "many", reviewer=_reviewer()) as many:
        last = _evening(many)
        card = _card(many)
        # Twelve right answers in one evening leave the card where the first put it ...
        assert (card.stability, card.due, card.state) == (
            after_one.stability, after_one.due, after_one.state)
        assert card.due - T0 < timedelta(days=30)  # it had been months, then years
        # ... and the history keeps every answer.
        assert [r for _item, r, _at in many.review_log(ITEM)] == [Rating.Easy] * 12
        # The learner's words agree: right 12 times in a row, back in days (not "known
        # ✔ · back in 4 years": one sitting never makes a pattern known).
        now = last + timedelta(minutes=1)
        row = next(m for m in mastery(many, RULES, now) if m.pattern.id == "1.2")
        assert row.streak == 12 and not row.known
        words = climb_text(row, now)
        assert words.startswith("right 12 times in a row · back in "), words
        assert words.endswith(" days"), words
        # Right again when it comes back, days later: now it is known.
        assert row.due is not None
        _answer(many, row.due, RIGHT, seconds=40)
        later = row.due + timedelta(minutes=1)
        back = next(m for m in mastery(many, RULES, later) if m.pattern.id == "1.2")
        assert back.known and climb_text(back, later).startswith("known · back in ")


def test_the_old_rule_compounded_the_same_evening_into_years(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    # What the fix is about, kept as a check that the case still shows the fault
    # without the rule: every answer reviewed (as before schema version 5).
    monkeypatch.setattr(review_mod, "counts_now", lambda *_args: True)
    with ProgressStore.open(tmp_path, reviewer=_reviewer()) as s:
        _evening(s, n=20)
        assert _card(s).due - T0 > timedelta(days=365)


def test_a_miss_in_the_same_sitting_still_counts(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path, reviewer=_reviewer()) as s:
        last = _evening(s, n=4)
        _answer(s, last + timedelta(minutes=3), MISS)
        card = _card(s)
        assert card.state is State.Relearning
        assert card.due <= last + timedelta(minutes=30)  # back within minutes
        # Right again once it is due: the relearning step counts and moves it on.
        _answer(s, card.due + timedelta(minutes=1), RIGHT, seconds=40)
        assert _card(s).state is State.Review


def test_the_next_day_counts_again(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path, reviewer=_reviewer()) as s:
        _evening(s, n=6)
        first = _card(s)
        assert first.stability is not None
        _answer(s, T0 + timedelta(days=2), RIGHT, seconds=40)
        second = _card(s)
        assert second.last_review == T0 + timedelta(days=2)
        assert second.stability is not None and second.stability > first.stability


def test_which_answers_count() -> None:
    reviewer = _reviewer()
    new = reviewer.new_card(ITEM, T0)
    assert counts_now(new, Rating.Easy, T0)  # never reviewed
    learning = reviewer.answer(new, Rating.Good, T0)  # a learning step: due in minutes
    assert learning.state is State.Learning
    assert not counts_now(learning, Rating.Good, T0 + timedelta(minutes=2))
    assert counts_now(learning, Rating.Good, learning.due)  # the step has come
    assert counts_now(learning, Rating.Again, T0 + timedelta(minutes=2))
    assert counts_now(learning, Rating.Hard, T0 + timedelta(minutes=2))
    review = reviewer.answer(new, Rating.Easy, T0)
    assert review.state is State.Review
    assert not counts_now(review, Rating.Easy, T0 + timedelta(hours=23))
    assert counts_now(review, Rating.Easy, T0 + timedelta(hours=24))  # a day later
    assert reviewer.answer(review, Rating.Easy, T0 + timedelta(hours=1)) is review


# --------------------------------------------------------------------------- old files


def _version_4_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> datetime:
    """A version 4 progress file written under the old rule: an inflated card."""
    with monkeypatch.context() as m:
        m.setattr(schema_mod, "MIGRATIONS", schema_mod.MIGRATIONS[:4])
        m.setattr(schema_mod, "SCHEMA_VERSION", 4)
        m.setattr(review_mod, "counts_now", lambda *_args: True)
        with ProgressStore.open(path, reviewer=_reviewer()) as s:
            assert s.schema_version == 4
            last = _evening(s, n=20)
            assert _card(s).due - T0 > timedelta(days=365)
    return last


def test_an_inflated_card_of_an_old_file_is_replayed(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _version_4_file(tmp_path, monkeypatch)
    with ProgressStore.open(tmp_path / "fresh", reviewer=_reviewer()) as fresh:
        _answer(fresh, T0, RIGHT)
        one_answer = _card(fresh)
    with ProgressStore.open(tmp_path, reviewer=_reviewer()) as s:
        assert s.schema_version == schema_mod.SCHEMA_VERSION == 5
        card = _card(s)
        assert (card.stability, card.due) == (one_answer.stability, one_answer.due)
        assert len(s.review_log(ITEM)) == 20 and len(s.answers()) == 20  # nothing lost
        stats = s.stats_for(ITEM)
        assert stats is not None and stats.streak == 20
    assert (tmp_path / "progress.sqlite3.v4.bak").is_file()


def test_a_damaged_review_log_row_does_not_stop_the_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _version_4_file(tmp_path, monkeypatch)
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    first_id = conn.execute("SELECT min(id) FROM review_log WHERE item = ?", (ITEM,)).fetchone()
    conn.execute("UPDATE review_log SET reviewed_at = 'last tuesday' WHERE id = ?", first_id)
    conn.execute("UPDATE review_log SET rating = 9 WHERE item = 'family:1.3'")  # every row
    before = conn.execute("SELECT card FROM cards WHERE item = 'family:1.3'").fetchone()[0]
    conn.commit()
    conn.close()
    with ProgressStore.open(tmp_path, reviewer=_reviewer()) as s:
        assert s.schema_version == 5
        card = _card(s)  # replayed from the rows that can be read
        assert card.last_review == T0 + timedelta(minutes=3)
        assert card.due - T0 < timedelta(days=30)
        kept = s.card("family:1.3")  # no row readable: the card it had is kept
        assert kept is not None and kept.to_json() == Card.from_json(before).to_json()
