"""The climb to *known* in a learner's words (issue 21).

The case seen: after 3 to 5 right answers following a miss, All Simples, Self Drawn
and Illegal Call showed 0% and home said "Known 0 of 70". Known stays honest (right in
a row, and still right after the days in between), but the rungs below it show, in
words: "right 3 times in a row · back tomorrow", never "stability 0.1 d" or
"relearning"; and a round says which patterns moved up.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.mastery import (
    Climb,
    PatternMastery,
    Status,
    Step,
    back_text,
    climb_text,
    mastery,
    moved_up,
    slipped,
)
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import ProgressStore
from tests.quizzes.conftest import qhand

CHOWS = "c123 c456 b234 b567 k5 +k5"  # All Chows (1.2) 5 + Concealed Hand (1.3) 5 = 10
RIGHT = ({"1.2": 1, "1.3": 1}, 10)
MISS_CHOWS = ({"1.3": 1}, 5)  # All Chows left out, the total off
DAY0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
RULES = load("mj-score-eval")
ANSWER_SECONDS = 40  # a thoughtful answer, not a fast (Easy) one


def answer(store: ProgressStore, when: datetime, claims: dict[str, int], total: int) -> None:
    ticks = iter((0.0, float(ANSWER_SECONDS)))
    rnd = Round(ListSource([qhand(CHOWS)]), RoundSettings(length=1, seed=1), recorder=store,
                now=lambda: when, clock=lambda: next(ticks, float(ANSWER_SECONDS)))
    rnd.ask()
    rnd.answer(PatternsAnswer.of(claims, total=total))
    rnd.finish()


def row(store: ProgressStore, pid: str, when: datetime) -> PatternMastery:
    return next(m for m in mastery(store, RULES, when) if m.pattern.id == pid)


def test_right_three_times_after_a_miss_shows_the_climb_not_zero(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        answer(store, DAY0, *MISS_CHOWS)
        for k in range(1, 4):
            answer(store, DAY0 + timedelta(minutes=15 * k), *RIGHT)
        now = DAY0 + timedelta(hours=1)
        m = row(store, "1.2", now)
        # The honest part stays: the level is still near 0 and the pattern not known ...
        assert m.status is Status.LEARNING and m.level < 0.2
        # ... but the climb shows, in words.
        assert m.step is Step.IN_A_ROW and m.streak == 3
        words = climb_text(m, now)
        assert words.startswith("right 3 times in a row · back "), words
        assert m.due is not None and words.endswith(back_text(m.due, now))
        for number_word in ("stability", "relearning", "%", " d "):
            assert number_word not in words


def test_the_rungs_in_order(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        assert row(store, "1.2", DAY0).step is Step.NEW
        assert climb_text(row(store, "1.2", DAY0), DAY0) == "not met yet"
        answer(store, DAY0, *MISS_CHOWS)
        missed = row(store, "1.2", DAY0)
        assert missed.step is Step.NOT_YET
        assert climb_text(missed, DAY0).startswith("not right last time · ")
        answer(store, DAY0 + timedelta(minutes=20), *RIGHT)
        once = row(store, "1.2", DAY0 + timedelta(minutes=21))
        assert once.step is Step.ONCE
        assert climb_text(once, DAY0 + timedelta(minutes=21)).startswith("right last time · ")
        answer(store, DAY0 + timedelta(minutes=40), *RIGHT)
        assert row(store, "1.2", DAY0 + timedelta(minutes=41)).step is Step.IN_A_ROW
        # Right again each time it comes back, days apart: known at last.
        day = DAY0
        for _ in range(4):
            day += timedelta(days=4)
            answer(store, day, *RIGHT)
        known = row(store, "1.2", day + timedelta(hours=1))
        assert known.step is Step.KNOWN and known.known
        assert climb_text(known, day + timedelta(hours=1)).startswith("known · back in ")


def test_a_round_says_which_patterns_moved_up_and_which_slipped(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        answer(store, DAY0, *MISS_CHOWS)  # 1.2 not right yet; 1.3 right once
        climb = Climb.before(store, RULES, DAY0)
        assert climb.steps["1.2"] is Step.NOT_YET and climb.steps["1.3"] is Step.ONCE
        # One more answer: All Chows right (up a rung), Concealed Hand left out (down).
        answer(store, DAY0 + timedelta(minutes=20), {"1.2": 1}, 5)
        moves = climb.moves(DAY0 + timedelta(minutes=21))
        assert [(m.now.pattern.id, m.before, m.now.step) for m in moved_up(moves)] == [
            ("1.2", Step.NOT_YET, Step.ONCE)]
        assert [(m.now.pattern.id, m.before, m.now.step) for m in slipped(moves)] == [
            ("1.3", Step.ONCE, Step.NOT_YET)]
        # Patterns the round did not touch are not named.
        assert {m.now.pattern.id for m in moves} == {"1.2", "1.3"}


def test_a_pattern_only_met_has_not_moved_up(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        climb = Climb.before(store, RULES, DAY0)
        answer(store, DAY0, *MISS_CHOWS)
        moves = climb.moves(DAY0 + timedelta(minutes=1))
        assert [m.now.pattern.id for m in moved_up(moves)] == ["1.3"]  # right once
        assert slipped(moves) == []  # met and missed: nothing to slip from


def test_without_a_progress_file_nothing_moves() -> None:
    assert Climb.before(None, RULES, DAY0).moves(DAY0) == []


def test_back_in_words() -> None:
    now = datetime(2026, 3, 2, 9, 0).astimezone()  # local time: days are the learner's
    assert back_text(now - timedelta(minutes=5), now) == "due now"
    assert back_text(now, now) == "due now"
    assert back_text(now + timedelta(minutes=10), now) == "back in 10 min"
    assert back_text(now + timedelta(seconds=20), now) == "back in 1 min"
    assert back_text(now + timedelta(hours=5), now) == "back later today"
    assert back_text(now + timedelta(days=1), now) == "back tomorrow"
    assert back_text(now + timedelta(days=4), now) == "back in 4 days"
    assert back_text(now + timedelta(days=90), now) == "back in 3 months"
    assert back_text(now + timedelta(days=400), now) == "back in a year"
    assert back_text(now + timedelta(days=1000), now) == "back in 3 years"
    assert back_text(None, now) == ""
