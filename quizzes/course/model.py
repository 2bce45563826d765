"""What a course is made of: lessons, their drills and their worked hands.

Plain frozen records; `quizzes.course.plan` builds them for a ruleset, and the app,
the command line and the quiz protocol read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Final

from mj_trainer.quizzes.course.rules import Rule
from mj_trainer.quizzes.question_kind import QuestionKind

if TYPE_CHECKING:  # a worked hand's score: the plan of the course needs no scorer
    from mj_trainer.engine.scoring import Score
    from mj_trainer.quizzes.quiz_hand import QuizHand

PASS_SHARE: Final = 0.8  # share of a drill's credit that passes it
DRILL_LENGTH: Final = 6  # questions in a drill


class LessonStatus(Enum):
    LOCKED = "locked"
    OPEN = "open"
    PASSED = "passed"


class LessonKind(StrEnum):
    """What a lesson is about: reading a hand, a group of patterns, or a rule of scoring."""

    READING = "reading"
    PATTERNS = "patterns"
    RULE = "rule"


@dataclass(frozen=True, slots=True)
class Drill:
    """A lesson's drill: its question kinds (in the shares they come in), how many
    questions, and the share of the credit that passes it."""

    kinds: tuple[QuestionKind, ...]
    questions: int = DRILL_LENGTH
    pass_share: float = PASS_SHARE
    ask_winning: bool = False  # split questions ask which group the winning tile completed


@dataclass(frozen=True, slots=True)
class Lesson:
    """One step of the course.

    `patterns` are the patterns it teaches and `rules` the rules (each taught by exactly
    one lesson of its course); `scope` is every pattern taught up to and including this
    lesson and `taught` every rule: what its drill may grade and rely on.  `terms` are the
    glossary entries it introduces (`quizzes.course.glossary_entries`); `paragraphs` its own
    words, and `text` the whole lesson as plain text (paragraphs, the words to know and
    each pattern's definition).  `targets` are what the drill's hands are aimed at.
    """

    id: str  # "1.1", "2.4"
    title: str
    covers: str  # one line: what it is about
    kind: LessonKind
    patterns: tuple[str, ...]
    rules: tuple[Rule, ...]
    scope: frozenset[str]
    taught: frozenset[Rule]
    terms: tuple[str, ...]
    paragraphs: tuple[str, ...]
    text: str
    drill: Drill
    targets: tuple[str, ...] = ()
    difficulty: str = "easy"
    categories: tuple[str, ...] = ()  # the categories its patterns come from

    @property
    def kinds(self) -> tuple[QuestionKind, ...]:
        return self.drill.kinds


@dataclass(frozen=True, slots=True)
class WorkedHand:
    """A hand of a lesson, scored, with what it shows and how its total comes about.

    `shows` holds pattern ids and rule names; `near_miss` is the pattern a near miss is
    about (absent from the hand; `note` says why).  `arithmetic` is the total as a sum
    ("40 + 10 + 10 + 5 = 65", with the cap or the limit when they decide it);
    `not_counted` each pattern present that adds nothing, with why; `given` the patterns
    that count but are not taught yet at this lesson.  `evidence` gives, per counted
    pattern, the phrase and the sets that make it.
    """

    item: QuizHand
    result: Score
    shows: tuple[str, ...]
    note: str
    arithmetic: str
    not_counted: tuple[tuple[str, str], ...]  # (pattern id, why it adds nothing)
    evidence: tuple[tuple[str, str, tuple[str, ...]], ...]  # (pattern id, phrase, sets)
    given: tuple[str, ...] = ()
    near_miss: str | None = None
    notation: str = ""  # the hand as `mj-trainer score` reads it
    near_miss_why: str = ""  # what rules the near-missed pattern out, from the catalogue
    tags: tuple[str, ...] = field(default_factory=tuple)
