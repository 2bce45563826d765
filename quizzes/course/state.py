"""Which lessons a learner has passed, kept in the progress store, and what follows.

A passed lesson is one key of the store's `meta` table per ruleset and lesson
(`course2:RULESET:ID`), so the store's schema does not change.  The first course kept
its passes as `course:RULESET:ID` under other lesson ids (1, 2.1 to 2.N one per
category, 3 families and stacking, 4 the cap and the limits, 5 arrangements); those
are read too, and a lesson of this course counts as passed when the old lessons passed
cover everything it teaches: each of its patterns was drilled by a passed category
lesson, and each of its rules by a passed lesson about it.  A lesson whose content no
old pass covers stays to be taken: a pass is never invented.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from mj_trainer.quizzes.course.model import PASS_SHARE, Lesson, LessonStatus
from mj_trainer.quizzes.course.plan import build
from mj_trainer.quizzes.course.rules import Rule
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.store_schema import stamp

if TYPE_CHECKING:  # home reads the learner's place in the course without rounds
    from mj_trainer.engine.ruleset import Ruleset
    from mj_trainer.quizzes.recorder import Recorder
    from mj_trainer.quizzes.round import RoundSummary
    from mj_trainer.quizzes.store import ProgressStore

PREFIX: Final = "course2"  # this course's keys
OLD_PREFIX: Final = "course"  # the first course's keys
# What the first course's lessons other than the category lessons drilled.
OLD_RULES: Final[dict[str, frozenset[Rule]]] = {
    "1": frozenset({Rule.WINNING}),  # its drill asked "is it a win?" (and patterns)
    "3": frozenset({Rule.FAMILIES, Rule.STACKING}),
    "4": frozenset({Rule.CAP, Rule.LIMITS}),
    "5": frozenset({Rule.ARRANGEMENTS}),
}


def _key(rules: Ruleset, lesson_id: str) -> str:
    return f"{PREFIX}:{rules.id}:{lesson_id}"


def _meta(store: ProgressStore, prefix: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for key, value in store.meta_items(prefix):
        try:
            data = json.loads(value)
        except ValueError:
            continue
        if isinstance(data, dict):
            out[key[len(prefix):]] = data
    return out


def old_categories(rules: Ruleset) -> dict[str, str]:
    """The first course's category lesson ids ("2.N": the N-th category by number,
    counted over every category) -> the category."""
    ordered = sorted(rules.categories, key=lambda c: tuple(int(x) for x in c.split(".")))
    return {f"2.{n}": cat for n, cat in enumerate(ordered, start=1)}


def carried_over(rules: Ruleset, old: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The lessons of this course that the first course's passes cover: lesson id ->
    {"passed_at", "credit", "from"} (the old lesson ids it rests on)."""
    if not old:
        return {}
    cats = old_categories(rules)
    by_id = rules.by_id()
    covered_patterns: dict[str, list[str]] = {}
    covered_rules: dict[Rule, list[str]] = {}
    for old_id in old:
        if old_id in cats:
            for p in rules.patterns:
                if p.category == cats[old_id]:
                    covered_patterns.setdefault(p.id, []).append(old_id)
            if any(p.doubles for p in rules.patterns if p.category == cats[old_id]):
                covered_rules.setdefault(Rule.DOUBLINGS, []).append(old_id)
        for rule in OLD_RULES.get(old_id, ()):
            covered_rules.setdefault(rule, []).append(old_id)
        if old_id == "1" and rules.illegal_call is not None:  # "is it a win?" drilled it
            covered_patterns.setdefault(rules.illegal_call.id, []).append(old_id)
    out: dict[str, dict[str, Any]] = {}
    for one in build(rules):
        if not one.patterns and not one.rules:
            continue
        if not all(p in covered_patterns for p in one.patterns if p in by_id):
            continue
        if not all(r in covered_rules for r in one.rules):
            continue
        sources = sorted({o for p in one.patterns for o in covered_patterns[p]}
                         | {o for r in one.rules for o in covered_rules[r]})
        latest = max(sources, key=lambda o: str(old[o].get("passed_at", "")))
        out[one.id] = {"passed_at": old[latest].get("passed_at"),
                       "credit": old[latest].get("credit"), "from": sources}
    return out


def passed_lessons(store: ProgressStore | None, rules: Ruleset) -> dict[str, dict[str, Any]]:
    """lesson id -> {"passed_at", "credit"} of the lessons passed under `rules` (with
    "from" for a pass carried over from the first course's lessons)."""
    if store is None:
        return {}
    mine = _meta(store, f"{PREFIX}:{rules.id}:")
    carried = carried_over(rules, _meta(store, f"{OLD_PREFIX}:{rules.id}:"))
    ids = {one.id for one in build(rules)}
    return {k: v for k, v in {**carried, **mine}.items() if k in ids}


def statuses(store: ProgressStore | None, rules: Ruleset) -> list[tuple[Lesson, LessonStatus]]:
    """Each lesson with its status: passed, open (the first, or after a passed one),
    or locked.  A locked lesson can still be opened; it is only not suggested yet."""
    done = passed_lessons(store, rules)
    out: list[tuple[Lesson, LessonStatus]] = []
    previous_passed = True
    for one in build(rules):
        if one.id in done:
            status = LessonStatus.PASSED
        elif previous_passed:
            status = LessonStatus.OPEN
        else:
            status = LessonStatus.LOCKED
        out.append((one, status))
        previous_passed = status is LessonStatus.PASSED
    return out


def next_lesson(store: ProgressStore | None, rules: Ruleset) -> Lesson | None:
    """The first lesson not yet passed (None when the course is done)."""
    return next((one for one, st in statuses(store, rules) if st is not LessonStatus.PASSED),
                None)


def record_pass(recorder: Recorder, rules: Ruleset, lesson_id: str, credit: float,
                now: datetime | None = None) -> None:
    recorder.set_meta(_key(rules, lesson_id),
                      json.dumps({"passed_at": stamp(utc(now)), "credit": round(credit, 4)}))


def drill_passed(summary: RoundSummary, share: float = PASS_SHARE) -> bool:
    """A drill passes when every question was answered and the credit reaches `share`
    of them."""
    complete = summary.asked == summary.questions and summary.questions > 0
    return complete and summary.score >= share * summary.questions - 1e-9


def drill_verdict(lesson_id: str, summary: RoundSummary) -> str:
    """What the drill's summary says about the lesson: passed, short of the share
    that passes, or ended before its last question (an early end never passes)."""
    if drill_passed(summary):
        return (f"Lesson {lesson_id} passed: {summary.percent:.0f}% of the credit "
                f"({PASS_SHARE:.0%} passes).")
    if summary.asked < summary.questions:
        return (f"An unfinished drill does not pass lesson {lesson_id}: answer all "
                f"{summary.questions} questions.")
    return (f"Not enough to pass lesson {lesson_id}: {summary.percent:.0f}% of the "
            f"credit, {PASS_SHARE:.0%} passes.")


FIRST_LESSONS: Final = 3  # until this many lessons are passed, quick rounds start easy
EASY_LEVEL: Final = "easy"
AUTO_LEVEL: Final = "medium"  # the level the "auto" difficulty settles on


def effective_difficulty(chosen: str, lessons_passed: int, *, easy_start: bool = True) -> str:
    """The level a quick round is played at: `chosen`, except that the "auto" level
    (`easy_start` with the default "medium") is easy until `FIRST_LESSONS` lessons are
    passed.  A learner who chose a level (easy_start off, or another level) keeps it."""
    if easy_start and chosen == AUTO_LEVEL and lessons_passed < FIRST_LESSONS:
        return EASY_LEVEL
    return chosen


def starting_difficulty(store: ProgressStore | None, rules: Ruleset, chosen: str, *,
                        easy_start: bool = True) -> str:
    """`effective_difficulty` for the lessons this learner passed under `rules` (a
    session without a progress file keeps `chosen`: nothing can be passed there)."""
    if store is None:
        return chosen
    return effective_difficulty(chosen, len(passed_lessons(store, rules)),
                                easy_start=easy_start)


def easy_start_note(lessons_passed: int) -> str:
    """What keeps the "auto" level easy, for a menu: "until you pass 3 lessons"
    ("" once enough lessons are passed)."""
    left = FIRST_LESSONS - lessons_passed
    if left <= 0:
        return ""
    if lessons_passed == 0:
        return f"until you pass {FIRST_LESSONS} lessons"
    return f"until you pass {left} more lesson{'s' if left != 1 else ''}"
