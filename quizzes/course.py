"""The course: an ordered path of lessons for each ruleset, built from its catalogue.

1. reading a hand (tiles, sets, eyes, exposed and concealed, the winning tile);
2.N one lesson per category of patterns;
3. families and stacking;
4. the cap and the limit hands;
5. competing arrangements.

Each lesson has a short text, worked hands (generated and scored by the engine, with
the tiles that make each pattern from the catalogue's evidence) and a drill of hands
the generator aims at the lesson's patterns.  A drill passed with at least
`PASS_SHARE` of the credit unlocks the next lesson; any lesson can be opened directly.
Which lessons are passed is kept in the progress store (its `meta` table, one key per
ruleset and lesson, so the store's schema does not change).  Plain Python.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum
from functools import lru_cache
from typing import Any, Final

from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.scoring import Score, score
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.recorder import Recorder
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.round import Round, RoundSettings, RoundSummary, plan_kinds
from mj_trainer.quizzes.sources import (
    GeneratorSource,
    HandSource,
    QuizHand,
    SourceUnavailable,
)
from mj_trainer.quizzes.store import ProgressStore, stamp

PASS_SHARE: Final = 0.8  # share of the drill's credit that passes it
DRILL_LENGTH: Final = 6


class LessonStatus(Enum):
    LOCKED = "locked"
    OPEN = "open"
    PASSED = "passed"


@dataclass(frozen=True, slots=True)
class Lesson:
    """One step of the course."""

    id: str  # "1", "2.8", "3", "4", "5"
    title: str
    covers: str  # one line: what it is about
    text: str  # the lesson, a few short paragraphs
    targets: tuple[str, ...]  # what the drill's hands are aimed at (ids); () = any
    difficulty: str = "easy"
    kinds: tuple[QuestionKind, ...] = (QuestionKind.PATTERNS,)


@dataclass(frozen=True, slots=True)
class WorkedHand:
    """A hand of a lesson, scored, with the tiles that make each pattern that counts."""

    item: QuizHand
    result: Score
    evidence: tuple[tuple[str, str, tuple[str, ...]], ...]  # (pattern id, phrase, sets)


_READING = (
    "A winning hand has fourteen tiles (one more for each kong): four sets and a pair, "
    "the eyes. A set is a chow (three in a row of one suit, like c123), a pung (three "
    "alike) or a kong (four alike).\n\n"
    "Sets shown in [brackets] were exposed: made with a tile another player discarded. "
    "A kong in {braces} is concealed. Everything else was kept in the hand. Many "
    "patterns care which: Concealed Hand only counts when nothing was exposed.\n\n"
    "The winning tile is marked; whether it was drawn from the wall (self) or taken "
    "from a discard matters too, and so do the seat and prevailing winds. Read the hand "
    "in this order: the sets, the eyes, what was exposed, how it was won."
)
_FAMILIES = (
    "Patterns come in families: the members of a family build on each other, like One "
    "Kong, Two Kongs, Three Kongs. Only the highest member of a family that the hand "
    "has counts; the lower ones are not added on top.\n\n"
    "Patterns of different families do stack: a hand can count a pung of dragons, a "
    "one-suit pattern and Concealed Hand all at once. So for each family find the best "
    "member, then add the families together."
)
_LIMITS = (
    "Some hands are so rare that they score a fixed limit: they stand alone, and the "
    "other patterns of the hand are not added. Everything else is added up, but the "
    "total of an ordinary hand is capped: past the cap, extra patterns add nothing.\n\n"
    "So when a hand looks enormous, check first whether it is a limit hand, and then "
    "whether the sum has run past the cap."
)
_ARRANGEMENTS = (
    "Some tiles can be read in more than one way: c111222333 is three pungs, or three "
    "identical chows. The hand scores the reading that gives the most points, and every "
    "pattern must come from that one reading; you cannot take pungs from one reading and "
    "chows from another.\n\n"
    "When a hand has runs of the same tiles, try each reading, add it up, and keep the best."
)


def _value_words(p: Pattern) -> str:
    """A pattern's value for a sentence: '1 point', '5 points per set', '1 doubling'
    (a bare '1' after a pattern's name says nothing to a beginner)."""
    if p.doubles:
        return p.value_text()
    words = f"{p.value} {'point' if abs(p.value) == 1 else 'points'}"
    return words if p.unit == "hand" else f"{words} per {p.unit}"


def _category_text(rules: Ruleset, cat: str) -> str:
    members = [p for p in rules.patterns if p.category == cat]
    lines = [f"{rules.categories[cat]}: {len(members)} pattern"
             f"{'s' if len(members) != 1 else ''} of {rules.name}."]
    for p in members:
        lim = ", a limit hand" if p.is_limit else ""
        lines.append(f"- {p.name} ({p.id}), {_value_words(p)}{lim}")
    lines.append("")
    lines.append("In the worked hands below, the tiles that make each pattern are marked. "
                 "Then the drill: every hand holds one of these patterns.")
    return "\n".join(lines)


@lru_cache(maxsize=8)
def _course_of(rules: Ruleset) -> tuple[Lesson, ...]:
    lessons = [Lesson("1", "Reading a hand",
                      "tiles, sets, eyes, exposed and concealed, the winning tile",
                      _READING, (), "easy", (QuestionKind.IS_WIN, QuestionKind.PATTERNS))]
    for n, (cat, name) in enumerate(sorted(rules.categories.items(),
                                           key=lambda kv: _num(kv[0])), start=1):
        if not any(p.category == cat for p in rules.patterns):
            continue
        aimable = tuple(p.id for p in rules.patterns
                        if p.category == cat and not p.is_limit) or (cat,)
        names = [p.name for p in rules.patterns if p.category == cat]
        covers = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3
                                         else "")
        lessons.append(Lesson(f"2.{n}", name, covers,
                              _category_text(rules, cat), aimable,
                              "easy" if n <= 3 else "medium"))
    families = tuple(sorted({p.family for p in rules.patterns if len(
        rules.family_members(p.family)) > 1 and not p.is_limit}, key=_num))
    lessons.append(Lesson("3", "Families and stacking",
                          "only the best member of a family counts; families add up",
                          _FAMILIES, families, "medium"))
    limits = tuple(p.id for p in rules.patterns if p.is_limit)
    lessons.append(Lesson("4", "The cap and the limit hands",
                          f"limit hands stand alone; ordinary hands stop at {rules.cap}"
                          if rules.cap else "limit hands stand alone",
                          _LIMITS, limits, "hard"))
    lessons.append(Lesson("5", "Competing arrangements",
                          "the reading that scores best is the one that counts",
                          _ARRANGEMENTS, (), "hard"))
    return tuple(lessons)


def course(rules: Ruleset) -> list[Lesson]:
    """The lessons of `rules`, in order."""
    return list(_course_of(rules))


def lesson(rules: Ruleset, lesson_id: str) -> Lesson:
    """A lesson by id; KeyError naming the ids there are."""
    for one in _course_of(rules):
        if one.id == lesson_id:
            return one
    ids = ", ".join(x.id for x in _course_of(rules))
    raise KeyError(f"no lesson {lesson_id!r} in the {rules.id} course (lessons: {ids})")


def _num(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(".") if x.isdigit())


# --------------------------------------------------------------------------- state


def _key(rules: Ruleset, lesson_id: str) -> str:
    return f"course:{rules.id}:{lesson_id}"


def passed_lessons(store: ProgressStore | None, rules: Ruleset) -> dict[str, dict[str, Any]]:
    """lesson id -> {"passed_at", "credit"} of the lessons passed under `rules`."""
    if store is None:
        return {}
    prefix = f"course:{rules.id}:"
    out: dict[str, dict[str, Any]] = {}
    for key, value in store.meta_items(prefix):
        try:
            out[key[len(prefix):]] = json.loads(value)
        except ValueError:
            continue
    return out


def statuses(store: ProgressStore | None, rules: Ruleset) -> list[tuple[Lesson, LessonStatus]]:
    """Each lesson with its status: passed, open (the first, or after a passed one),
    or locked.  A locked lesson can still be opened; it is only not suggested yet."""
    done = passed_lessons(store, rules)
    out: list[tuple[Lesson, LessonStatus]] = []
    previous_passed = True
    for one in _course_of(rules):
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


# --------------------------------------------------------------------------- hands


def worked_hands(rules: Ruleset, one: Lesson, count: int = 2, seed: int = 7
                 ) -> list[WorkedHand]:
    """One or two hands for the lesson's text, each with the evidence of its patterns."""
    from mj_trainer.engine.evidence import evidence

    targets: list[str | None] = [*one.targets[:count]] or [None] * count
    out: list[WorkedHand] = []
    for k, target in enumerate(targets):
        item = _aimed(rules, target, one.difficulty, seed + k)
        if item is None:
            continue
        result = score(item.hand, rules)
        marks = []
        for h in result.counted:
            ev = evidence(result, h.pattern)
            marks.append((h.pattern.id, ev.phrase, ev.sets))
        out.append(WorkedHand(item, result, tuple(marks)))
    return out


class LessonSource:
    """The drill's hands: aimed at the lesson's targets in turn (any hand when none),
    or taken from `hands` (lesson 1's mix of wins and non-wins), always under the
    lesson's name, so its rounds are listed as the lesson's and not as random ones."""

    def __init__(self, rules: Ruleset, one: Lesson, seed: int,
                 hands: HandSource | None = None) -> None:
        self.rules = rules
        self.lesson = one
        self.seed = seed
        self.hands = hands

    @property
    def name(self) -> str:
        return f"lesson {self.lesson.id}"

    def __iter__(self) -> Iterator[QuizHand]:
        if self.hands is not None:
            for given in self.hands:
                yield replace(given, source=self.name)
            return
        rng = random.Random(self.seed)
        targets: list[str | None] = [*self.lesson.targets] or [None]
        rng.shuffle(targets)
        k = 0
        while targets:
            target = targets[k % len(targets)]
            item = _aimed(self.rules, target, self.lesson.difficulty, self.seed + k)
            if item is None:  # a target the generator cannot make: drop it
                targets.remove(target)
                continue
            yield QuizHand(item.id, item.hand, source=self.name, focus=target)
            k += 1


def _aimed(rules: Ruleset, target: str | None, difficulty: str, seed: int) -> QuizHand | None:
    """A hand aimed at `target` at the lesson's level, else at any level, else None."""
    for level in (difficulty, None):
        src = GeneratorSource(seed=seed, difficulty=level, target=target, ruleset=rules,
                              batch=1)
        try:
            return next(iter(src))
        except (SourceUnavailable, StopIteration):
            continue
    return None


class LessonRound(Round):
    """A lesson's drill: a round that records the lesson as passed when it is."""

    def __init__(self, rules: Ruleset, one: Lesson, *, seed: int, length: int = DRILL_LENGTH,
                 kinds: tuple[QuestionKind, ...] | None = None,
                 recorder: Recorder | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc) -> None:
        settings = RoundSettings(kinds=kinds or one.kinds, length=length, seed=seed,
                                 ruleset=rules)
        source: HandSource = LessonSource(rules, one, seed)
        if QuestionKind.IS_WIN in settings.kinds and not one.targets:
            # "is it a win?" needs hands that are not a win too, half the time
            from mj_trainer.quizzes.session import MixedWinSource

            planned = plan_kinds(settings.kinds, length, random.Random(seed))
            source = LessonSource(rules, one, seed, MixedWinSource(
                planned, seed=seed, difficulty=one.difficulty, ruleset=rules))
        super().__init__(source, settings, recorder=recorder, clock=clock, now=now)
        self.rules = rules
        self.lesson = one
        self.passed = False

    def finish(self) -> RoundSummary:
        summary = super().finish()
        if drill_passed(summary) and not self.passed:
            self.passed = True
            record_pass(self.recorder, self.rules, self.lesson.id,
                        summary.score / max(1, summary.questions), self._now())
        return summary


def drill_passed(summary: RoundSummary) -> bool:
    """A drill passes when every question was answered and the credit reaches
    `PASS_SHARE` of them."""
    complete = summary.asked == summary.questions and summary.questions > 0
    return complete and summary.score >= PASS_SHARE * summary.questions


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


def lesson_round(rules: Ruleset, lesson_id: str, *, seed: int, store: ProgressStore | None,
                 length: int | None = None, kinds: tuple[QuestionKind, ...] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc) -> LessonRound:
    """The drill of a lesson (KeyError for an unknown lesson id)."""
    one = lesson(rules, lesson_id)
    return LessonRound(rules, one, seed=seed, length=length or DRILL_LENGTH, kinds=kinds,
                       recorder=store, clock=clock, now=now)
