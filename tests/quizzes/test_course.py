"""The course: lessons for every built-in ruleset, worked hands with evidence, aimed
drills, and a drill passed unlocking the next lesson."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.engine.scoring import score
from mj_trainer.quizzes.course import (
    FIRST_LESSONS,
    LessonRound,
    LessonSource,
    LessonStatus,
    course,
    drill_passed,
    drill_verdict,
    easy_start_note,
    effective_difficulty,
    lesson,
    next_lesson,
    record_pass,
    starting_difficulty,
    statuses,
    worked_hands,
)
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.store import ProgressStore


@pytest.mark.parametrize("name", sorted(builtin_names()))
def test_every_builtin_ruleset_has_the_five_parts(name: str) -> None:
    rules = load(name)
    ids = [one.id for one in course(rules)]
    assert ids[0] == "1" and ids[-3:] == ["3", "4", "5"]
    cats = [i for i in ids if i.startswith("2.")]
    assert len(cats) == len({p.category for p in rules.patterns})
    assert all(one.text and one.covers for one in course(rules))


def test_worked_hands_mark_the_tiles_of_each_pattern() -> None:
    rules = load("mj-score-eval")
    for one in course(rules):
        hands = worked_hands(rules, one)
        assert hands, one.id
        for w in hands:
            assert {pid for pid, _, _ in w.evidence} == {h.pattern.id for h in w.result.counted}
    dragons = lesson(rules, "2.8")  # Honor Tiles
    w = worked_hands(rules, dragons)[0]
    assert any(sets for _, _, sets in w.evidence)


def test_drill_hands_hold_the_lesson_patterns() -> None:
    rules = load("mj-score-eval")
    one = lesson(rules, "2.5")
    for item in islice(LessonSource(rules, one, seed=4), 6):
        counted = {h.pattern.id for h in score(item.hand, rules).counted}
        assert item.focus in one.targets and item.focus in counted


def test_passing_a_drill_unlocks_the_next_lesson(tmp_path: Path) -> None:
    rules = load("mj-score-eval")
    with ProgressStore.open(tmp_path) as store:
        assert [st for _, st in statuses(store, rules)][:2] == [LessonStatus.OPEN,
                                                                 LessonStatus.LOCKED]
        assert starting_difficulty(store, rules, "medium") == "easy"
        assert starting_difficulty(store, rules, "hard") == "hard"
        # A drill answered wrong does not pass.
        failed = LessonRound(rules, lesson(rules, "1"), seed=2, length=2, recorder=store,
                             kinds=(QuestionKind.TOTAL,))
        while failed.ask() is not None:
            failed.skip()
        failed.finish()
        assert _next_id(store) == "1"
        # Answered right: passed, and 2.1 opens.
        rnd = LessonRound(rules, lesson(rules, "1"), seed=2, length=2, recorder=store,
                          kinds=(QuestionKind.TOTAL,))
        while (q := rnd.ask()) is not None:
            rnd.answer(q.expected())
        rnd.finish()
        st = dict((one.id, s) for one, s in statuses(store, rules))
        assert st["1"] is LessonStatus.PASSED and st["2.1"] is LessonStatus.OPEN
        assert st["2.2"] is LessonStatus.LOCKED
        # An early end is not a pass.
        short = LessonRound(rules, lesson(rules, "2.1"), seed=3, length=3, recorder=store,
                            kinds=(QuestionKind.TOTAL,))
        q = short.ask()
        assert q is not None
        short.answer(q.expected())
        short.finish()
        assert _next_id(store) == "2.1"


def test_every_drill_is_recorded_under_its_lesson_name(tmp_path: Path) -> None:
    # Lesson 1 mixes wins and non-wins from another source; its rounds were listed in
    # the history and on the home screen as "random easy".
    rules = load("mj-score-eval")
    with ProgressStore.open(tmp_path) as store:
        for lesson_id in ("1", "2.1"):
            rnd = LessonRound(rules, lesson(rules, lesson_id), seed=5, length=2,
                              recorder=store)
            kinds = set()
            while (q := rnd.ask()) is not None:
                assert q.item.source == f"lesson {lesson_id}"
                kinds.add(q.kind)
                rnd.answer(q.expected())
            rnd.finish()
            if lesson_id == "1":
                assert QuestionKind.IS_WIN in kinds
        records = sorted(store.rounds(), key=lambda r: r.id)
    assert [(r.source, r.source_name) for r in records] == [("hands", "lesson 1"),
                                                           ("hands", "lesson 2.1")]


def test_a_drill_says_whether_it_passed_its_lesson() -> None:
    rules = load("mj-score-eval")

    def played(lesson_id: str, length: int, right: int) -> str:
        rnd = LessonRound(rules, lesson(rules, lesson_id), seed=2, length=length,
                          kinds=(QuestionKind.TOTAL,))
        for _ in range(right):
            q = rnd.ask()
            assert q is not None
            rnd.answer(q.expected())
        summary = rnd.finish()
        assert drill_passed(summary) is rnd.passed
        return drill_verdict(lesson_id, summary)

    assert played("1", 2, 2) == "Lesson 1 passed: 100% of the credit (80% passes)."
    assert played("2.1", 3, 1) == ("An unfinished drill does not pass lesson 2.1: "
                                   "answer all 3 questions.")
    rnd = LessonRound(rules, lesson(rules, "1"), seed=2, length=2,
                      kinds=(QuestionKind.TOTAL,))
    while rnd.ask() is not None:
        rnd.skip()
    assert drill_verdict("1", rnd.finish()) == ("Not enough to pass lesson 1: 0% of the "
                                                "credit, 80% passes.")


def test_a_category_lesson_gives_each_value_in_points() -> None:
    rules = load("mj-score-eval")
    trivial = lesson(rules, "2.1").text
    assert "- Chicken Hand (1.1), 1 point\n" in trivial
    assert "- All Chows (1.2), 5 points\n" in trivial
    assert "- Illegal Call (1.7), -40 points\n" in trivial
    honors = lesson(rules, "2.8").text
    assert "- Wind Pung (8.1.1), 5 points per set\n" in honors
    assert "- Big Four Winds (8.1.5), 400 points, a limit hand\n" in honors
    classical = load("classical")
    doubling = next(p for p in classical.patterns if p.doubles)
    cat = next(one for one in course(classical) if doubling.name in one.text)
    assert f"- {doubling.name} ({doubling.id}), {doubling.value_text()}" in cat.text


def test_unknown_lesson_names_the_ones_there_are() -> None:
    with pytest.raises(KeyError, match=r"lessons: 1, 2\.1"):
        lesson(load("mj-score-eval"), "9")


def _next_id(store: ProgressStore) -> str | None:
    one = next_lesson(store, load("mj-score-eval"))
    return one.id if one is not None else None


@pytest.mark.parametrize("chosen", ["easy", "medium", "hard", "mixed"])
def test_auto_level_is_easy_until_the_first_lessons_and_a_choice_is_kept(chosen: str) -> None:
    for passed in range(FIRST_LESSONS + 2):
        auto = effective_difficulty(chosen, passed, easy_start=True)
        if chosen == "medium" and passed < FIRST_LESSONS:
            assert auto == "easy"
        else:
            assert auto == chosen
        # A level the learner chose (easy start off) is played as chosen, always.
        assert effective_difficulty(chosen, passed, easy_start=False) == chosen


def test_easy_start_note_counts_down_the_lessons_left() -> None:
    assert easy_start_note(0) == f"until you pass {FIRST_LESSONS} lessons"
    assert easy_start_note(FIRST_LESSONS - 1) == "until you pass 1 more lesson"
    assert easy_start_note(FIRST_LESSONS) == "" and easy_start_note(FIRST_LESSONS + 4) == ""


def test_starting_difficulty_follows_the_lessons_passed_in_the_store(tmp_path: Path) -> None:
    rules = load("mj-score-eval")
    with ProgressStore.open(tmp_path) as store:
        ids = [one.id for one in course(rules)][:FIRST_LESSONS]
        for k, lesson_id in enumerate(ids):
            assert starting_difficulty(store, rules, "medium") == "easy", k
            assert starting_difficulty(store, rules, "medium", easy_start=False) == "medium"
            record_pass(store, rules, lesson_id, 1.0)
        assert starting_difficulty(store, rules, "medium") == "medium"
        # Lessons passed under another ruleset do not count for this one.
        assert starting_difficulty(store, load("zung-jung"), "medium") == "easy"
    assert starting_difficulty(None, rules, "medium") == "medium"  # no progress file
