"""Lesson drills: fair by construction, scoped, about the lesson, ramped, recorded."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.engine.scoring import Score, Why
from mj_trainer.quizzes.course import (
    LessonKind,
    LessonRound,
    LessonStatus,
    Rule,
    at_work,
    course,
    drill_passed,
    drill_verdict,
    fair,
    lesson,
    next_lesson,
    plan_drill,
    statuses,
)
from mj_trainer.quizzes.course.rules import READING_RULES
from mj_trainer.quizzes.questions import QuestionKind, YesNoAnswer
from mj_trainer.quizzes.store import ProgressStore


@pytest.mark.parametrize("name", sorted(builtin_names()))
def test_every_drill_hand_is_fair_and_about_the_lesson(name: str) -> None:
    rules = load(name)
    for one in course(rules):
        planned = plan_drill(rules, one, seed=11)
        assert len(planned) == one.drill.questions, one.id
        for p in planned:
            r = p.result
            if one.kind is LessonKind.READING:
                assert at_work(r) & frozenset(READING_RULES) <= one.taught, one.id
                if p.kind is QuestionKind.SPLIT:
                    assert r.winning
                continue
            assert r.winning and fair(r, one.taught, one.scope), (one.id, r.hand)
            counted = {h.pattern.id for h in r.best.counted}
            if one.kind is LessonKind.PATTERNS:
                # every hand is aimed at the lesson: one of its own patterns counts
                assert counted & set(one.patterns), (one.id, counted)
            else:
                assert one.rules[0] in at_work(r), (one.id, one.rules)
            if p.kind is QuestionKind.DOES_COUNT:
                assert p.target in one.patterns


def test_a_drill_ramps_from_its_simplest_hand() -> None:
    rules = load("mj-score-eval")
    for one in course(rules):
        planned = plan_drill(rules, one, seed=5)
        if one.kind is LessonKind.READING:
            continue
        sizes = [sum(h.count for h in p.result.best.counted) for p in planned]
        assert sizes[0] == min(sizes) and sizes == sorted(sizes), (one.id, sizes)
    trivial = plan_drill(rules, lesson(rules, "2.1"), seed=5)
    assert len(trivial[0].result.best.counted) == 1  # a one-pattern hand first


def test_untaught_rules_never_decide_a_drill_hand() -> None:
    rules = load("mj-score-eval")
    pungs = lesson(rules, "2.2")  # families taught here, stacking, limits, cap not yet
    for seed in range(4):
        for p in plan_drill(rules, pungs, seed=seed):
            best = p.result.best
            assert best.limit is None and not best.capped
            fams = [h.pattern.family for h in best.counted]
            assert len(fams) == len(set(fams))  # nothing stacked before stacking
            assert all(h.why is not Why.LIMIT for h in best.not_counted)
            alternatives = {(o.total, tuple(sorted((h.pattern.id, h.count)
                                                   for h in o.counted)))
                            for o in (best, *p.result.others)}
            assert len(alternatives) == 1  # no better second reading before arrangements


def test_a_rule_drill_asks_hands_the_rule_decides() -> None:
    rules = load("mj-score-eval")
    checks: list[tuple[Rule, Callable[[Score], bool]]] = [
        (Rule.FAMILIES, lambda r: any(h.why is Why.OUTRANKED for h in r.best.not_counted)),
        (Rule.LIMITS, lambda r: r.best.limit is not None),
        (Rule.CAP, lambda r: r.best.capped),
        (Rule.ARRANGEMENTS, lambda r: any(o.total != r.total for o in r.others)),
    ]
    for rule, check in checks:
        one = next(x for x in course(rules) if rule in x.rules)
        planned = plan_drill(rules, one, seed=3)
        assert sum(check(p.result) for p in planned) * 2 >= len(planned), rule


def test_drill_questions_carry_scope_and_given(tmp_path: Path) -> None:
    rules = load("mj-score-eval")
    one = lesson(rules, "2.1")
    rnd = LessonRound(rules, one, seed=4)
    for q in rnd.questions:
        assert q.scope == one.scope
        given = {h.pattern.id for h in q.given}
        assert given == {h.pattern.id for h in q.result.counted} - one.scope
        assert set(q.expected().patterns if q.kind is QuestionKind.PATTERNS  # type: ignore[union-attr]
                   else ()) <= one.scope
        if q.kind is QuestionKind.DOES_COUNT:
            assert q.target in one.patterns


def test_a_reading_drill_splits_and_asks_where_the_winning_tile_went() -> None:
    rules = load("mj-score-eval")
    exposure = LessonRound(rules, lesson(rules, "1.3"), seed=2)
    assert {q.kind for q in exposure.questions} == {QuestionKind.SPLIT}
    assert all(q.ask_winning and q.hand.melds for q in exposure.questions)
    winning = LessonRound(rules, lesson(rules, "1.2"), seed=2)
    wins = [q for q in winning.questions if q.kind is QuestionKind.IS_WIN]
    assert len(wins) == 3 and {q.result.winning for q in wins} == {True, False}


def test_passing_a_drill_opens_the_next_lesson(tmp_path: Path) -> None:
    rules = load("mj-score-eval")
    with ProgressStore.open(tmp_path) as store:
        st = [s for _, s in statuses(store, rules)]
        assert st[:2] == [LessonStatus.OPEN, LessonStatus.LOCKED]
        failed = LessonRound(rules, lesson(rules, "1.2"), seed=2, recorder=store)
        while failed.ask() is not None:
            failed.skip()
        assert not failed.passed and failed.finish().score == 0
        assert next_lesson(store, rules) is not None
        assert next_lesson(store, rules).id == "1.1"  # type: ignore[union-attr]
        rnd = LessonRound(rules, lesson(rules, "1.1"), seed=2, recorder=store)
        while (q := rnd.ask()) is not None:
            rnd.answer(q.expected())
        rnd.finish()
        assert rnd.passed
        st2 = dict((one.id, s) for one, s in statuses(store, rules))
        assert st2["1.1"] is LessonStatus.PASSED and st2["1.2"] is LessonStatus.OPEN
        assert st2["1.3"] is LessonStatus.LOCKED
        records = sorted(store.rounds(), key=lambda r: r.id)
        assert [r.source_name for r in records] == ["lesson 1.2", "lesson 1.1"]


def test_a_drill_says_whether_it_passed_its_lesson() -> None:
    rules = load("mj-score-eval")

    def played(lesson_id: str, right: int) -> str:
        rnd = LessonRound(rules, lesson(rules, lesson_id), seed=2)
        for _ in range(right):
            q = rnd.ask()
            assert q is not None
            rnd.answer(q.expected())
        summary = rnd.finish()
        assert drill_passed(summary) is rnd.passed
        return drill_verdict(lesson_id, summary)

    assert played("2.1", 6) == "Lesson 2.1 passed: 100% of the credit (80% passes)."
    assert played("2.1", 3) == ("An unfinished drill does not pass lesson 2.1: answer all "
                                "6 questions.")
    rnd = LessonRound(rules, lesson(rules, "2.1"), seed=2)
    while (q := rnd.ask()) is not None:
        rnd.answer(YesNoAnswer(True) if q.kind is QuestionKind.DOES_COUNT else None)
    assert drill_verdict("2.1", rnd.finish()).startswith("Not enough to pass lesson 2.1")


def test_the_same_seed_gives_the_same_drill() -> None:
    rules = load("zung-jung")
    one = lesson(rules, "2.4")
    first = [(p.kind, p.result.hand, p.target) for p in plan_drill(rules, one, seed=9)]
    again = [(p.kind, p.result.hand, p.target) for p in plan_drill(rules, one, seed=9)]
    assert first == again
    other = [(p.kind, p.result.hand, p.target) for p in plan_drill(rules, one, seed=10)]
    assert other != first
