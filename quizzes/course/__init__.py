"""The course: for each ruleset, lessons that teach before they test.

Part 1 reads a hand (the tiles and the sets, what a win is, exposed and concealed);
part 2 teaches every pattern, one category at a time, and the rules of combination
(families, stacking, limit hands, the cap, competing arrangements; the doublings of
the classical ruleset) as soon as the patterns that show them are known.  Each lesson
has its words (`lessons.toml`, the glossary), a definition of each of its patterns
(the pattern's description in the ruleset file), worked hands scored by the engine,
and a drill that asks only what has been taught (`quizzes.course.drill`).

    lessons = course(rules)
    one = lesson(rules, "2.4")
    hands = worked_hands(rules, one)         # scored, with arithmetic and what did not count
    rnd = lesson_round(rules, "2.4", seed=7, store=store)

Plain Python: no Textual, no Rich.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from mj_trainer.lazy import lazy_names
from mj_trainer.quizzes.review import utc

if TYPE_CHECKING:
    from mj_trainer.engine.ruleset import Ruleset
    from mj_trainer.quizzes.course.drill import LessonRound, Planned, plan_drill
    from mj_trainer.quizzes.course.glossary_entries import Entry, entry, glossary
    from mj_trainer.quizzes.course.hand_rules import at_work, fair
    from mj_trainer.quizzes.course.model import (
        DRILL_LENGTH,
        PASS_SHARE,
        Drill,
        Lesson,
        LessonKind,
        LessonStatus,
        WorkedHand,
    )
    from mj_trainer.quizzes.course.plan import definition_line, value_words
    from mj_trainer.quizzes.course.rules import Rule, rules_of
    from mj_trainer.quizzes.course.state import (
        AUTO_LEVEL,
        EASY_LEVEL,
        FIRST_LESSONS,
        drill_passed,
        drill_verdict,
        easy_start_note,
        effective_difficulty,
        next_lesson,
        passed_lessons,
        record_pass,
        starting_difficulty,
        statuses,
    )
    from mj_trainer.quizzes.course.texts import term_text
    from mj_trainer.quizzes.course.worked import worked_hands
    from mj_trainer.quizzes.question_kind import QuestionKind
    from mj_trainer.quizzes.store import ProgressStore

# Where each name of the course lives.  They are imported when first used, so home,
# which needs the learner's place in the course, does not load the drills and the hand
# search behind them (the hand generator) before its first frame, nor the glossary.
# No module of the course shares a name with one of these: importing a submodule binds
# its name on the package, which would then be found instead of the object (the
# glossary's module is `glossary_entries` for that reason).
_HOME = {
    **dict.fromkeys(("LessonRound", "Planned", "plan_drill"), "drill"),
    **dict.fromkeys(("Entry", "entry", "glossary"), "glossary_entries"),
    **dict.fromkeys(("DRILL_LENGTH", "PASS_SHARE", "Drill", "Lesson", "LessonKind",
                     "LessonStatus", "WorkedHand"), "model"),
    **dict.fromkeys(("build", "definition_line", "value_words"), "plan"),
    **dict.fromkeys(("Rule", "rules_of"), "rules"),
    **dict.fromkeys(("at_work", "fair"), "hand_rules"),
    **dict.fromkeys(("AUTO_LEVEL", "EASY_LEVEL", "FIRST_LESSONS", "drill_passed",
                     "drill_verdict", "easy_start_note", "effective_difficulty",
                     "next_lesson", "passed_lessons", "record_pass", "starting_difficulty",
                     "statuses"), "state"),
    "term_text": "texts",
    "worked_hands": "worked",
}


__getattr__ = lazy_names(__name__, _HOME)


__all__ = [
    "AUTO_LEVEL", "DRILL_LENGTH", "EASY_LEVEL", "FIRST_LESSONS", "PASS_SHARE", "Drill",
    "Entry", "Lesson", "LessonKind", "LessonRound", "LessonStatus", "Planned", "Rule",
    "WorkedHand", "at_work", "course", "definition_line", "definitions", "drill_passed",
    "drill_verdict", "easy_start_note", "effective_difficulty", "entry", "fair", "glossary",
    "lesson", "lesson_round", "next_lesson", "passed_lessons", "plan_drill", "record_pass",
    "rules_of", "starting_difficulty", "statuses", "term_text", "value_words",
    "worked_hands",
]


def course(rules: Ruleset) -> list[Lesson]:
    """The lessons of `rules`, in order."""
    from mj_trainer.quizzes.course.plan import build

    return list(build(rules))


def lesson(rules: Ruleset, lesson_id: str) -> Lesson:
    """A lesson by id; KeyError naming the ids there are."""
    from mj_trainer.quizzes.course.plan import build

    for one in build(rules):
        if one.id == lesson_id:
            return one
    ids = ", ".join(x.id for x in build(rules))
    raise KeyError(f"no lesson {lesson_id!r} in the {rules.id} course (lessons: {ids})")


def definitions(rules: Ruleset, one: Lesson) -> dict[str, str]:
    """pattern id -> definition, for the patterns the lesson teaches: each pattern's
    description in the ruleset file, the text the reference and the glossary show."""
    by_id = rules.by_id()
    return {pid: by_id[pid].description for pid in one.patterns}


def lesson_round(rules: Ruleset, lesson_id: str, *, seed: int, store: ProgressStore | None,
                 length: int | None = None, kinds: tuple[QuestionKind, ...] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc) -> LessonRound:
    """The drill of a lesson (KeyError for an unknown lesson id)."""
    from mj_trainer.quizzes.course.drill import LessonRound

    one = lesson(rules, lesson_id)
    return LessonRound(rules, one, seed=seed, length=length, kinds=kinds, recorder=store,
                       clock=clock, now=now)
