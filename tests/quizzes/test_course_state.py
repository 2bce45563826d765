"""Progress kept across the change of course: passes under the first course's lesson ids
carry over to the lessons whose content they covered, and never further."""

from __future__ import annotations

import json
from pathlib import Path

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.course import (
    LessonStatus,
    course,
    next_lesson,
    passed_lessons,
    record_pass,
    starting_difficulty,
    statuses,
)
from mj_trainer.quizzes.course.state import old_categories
from mj_trainer.quizzes.store import ProgressStore

RULES = load("mj-score-eval")


def _old(store: ProgressStore, *ids: str, ruleset: str = "mj-score-eval") -> None:
    for k, old_id in enumerate(ids):
        store.set_meta(f"course:{ruleset}:{old_id}",
                       json.dumps({"passed_at": f"2026-01-0{k + 1}T10:00:00Z", "credit": 0.9}))


def _passed(store: ProgressStore) -> set[str]:
    return set(passed_lessons(store, RULES))


def test_the_first_course_numbered_its_category_lessons_by_category() -> None:
    cats = old_categories(RULES)
    assert cats["2.1"] == "1" and cats["2.8"] == "8" and cats["2.13"] == "13"
    zj = old_categories(load("zung-jung"))
    assert zj["2.1"] == "0" and zj["2.2"] == "1"  # the Basics category came first there


def test_an_old_category_pass_carries_over_to_the_lesson_of_that_category(tmp_path: Path
                                                                           ) -> None:
    with ProgressStore.open(tmp_path) as store:
        _old(store, "2.1", "2.6")  # Trivial Patterns, Suit Patterns
        passed = passed_lessons(store, RULES)
        assert set(passed) == {"2.1", "2.10"}
        assert passed["2.10"]["from"] == ["2.6"]
        assert passed["2.1"]["passed_at"] == "2026-01-01T10:00:00Z"


def test_a_lesson_with_a_rule_needs_the_old_lesson_that_drilled_the_rule(tmp_path: Path
                                                                         ) -> None:
    with ProgressStore.open(tmp_path) as store:
        _old(store, "2.2")  # Pungs and Kongs, without the old families lesson
        assert "2.2" not in _passed(store)  # the new 2.2 teaches the family rule too
        _old(store, "2.2", "3")
        assert "2.2" in _passed(store)
        assert "2.3" not in _passed(store)  # honors and stacking: no old honors pass


def test_old_lesson_1_covers_what_its_drill_asked_and_nothing_more(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        _old(store, "1")
        # "Is it a win?" was its drill: the lesson on winning hands (with the Illegal
        # Call) carries over; reading the tiles into sets and exposure were never
        # drilled, so those lessons stay to be taken.
        assert _passed(store) == {"1.2"}
        st = dict((one.id, s) for one, s in statuses(store, RULES))
        assert st["1.1"] is LessonStatus.OPEN and st["1.2"] is LessonStatus.PASSED
        assert next_lesson(store, RULES).id == "1.1"  # type: ignore[union-attr]


def test_rule_lessons_carry_over_from_the_old_rule_lessons(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        _old(store, "4", "5")
        assert _passed(store) == {"2.4", "2.5", "2.9"}  # limits, the cap, arrangements


def test_nothing_is_invented_from_nothing_or_from_rubbish(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        assert _passed(store) == set()
        store.set_meta("course:mj-score-eval:2.1", "not json")
        store.set_meta("course:mj-score-eval:2.99", json.dumps({"passed_at": "x"}))
        store.set_meta("course:zung-jung:2.2", json.dumps({"passed_at": "x"}))
        assert _passed(store) == set()
        assert all(s is not LessonStatus.PASSED for _, s in statuses(store, RULES))


def test_a_pass_of_this_course_is_kept_under_its_own_key(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        _old(store, "2.1")
        record_pass(store, RULES, "2.1", 0.95)
        record_pass(store, RULES, "1.1", 1.0)
        keys = dict(store.meta_items("course2:mj-score-eval:"))
        assert set(keys) == {"course2:mj-score-eval:2.1", "course2:mj-score-eval:1.1"}
        passed = passed_lessons(store, RULES)
        assert passed["2.1"]["credit"] == 0.95 and "from" not in passed["2.1"]
        assert set(passed) == {"1.1", "2.1"}


def test_every_lesson_passed_under_the_old_course_is_a_full_course_now(tmp_path: Path
                                                                       ) -> None:
    # A learner who passed all of the first course misses only the two reading
    # lessons it never drilled.
    with ProgressStore.open(tmp_path) as store:
        _old(store, "1", *old_categories(RULES), "3", "4", "5")
        missing = [one.id for one in course(RULES) if one.id not in _passed(store)]
        assert missing == ["1.1", "1.3"]
        assert starting_difficulty(store, RULES, "medium") == "medium"
