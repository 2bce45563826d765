"""Messages between the app and its screens.

Screens never import each other: a screen posts one of these and the app decides
which screen to push.  That keeps each screen testable on its own, in a small host
app that records the messages.  The app tells every open screen when the settings
change (`SettingsChanged`), whoever changed them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # annotations only: the app's first screen reads no hand
    from mj_trainer.engine.hand import Hand
    from mj_trainer.quizzes.config import Settings


@dataclass
class OpenReference(Message):
    """Show a rule in the reference: a pattern id, a family id or a ruling like 'R12'."""

    target: str | None = None


@dataclass
class StartSet(Message):
    """Play a curated set (a built-in id or the path of a user's set file)."""

    set_id: str
    shuffled: bool = False
    resume: bool = True


LEARNER_LEVEL = ""  # StartRandom's difficulty: the level home shows (auto: easy at first)


@dataclass
class StartRandom(Message):
    """A round of generated hands, by difficulty and optionally aimed at a target;
    `LEARNER_LEVEL` plays at the learner's level (for a target, the nearest level the
    generator can aim at)."""

    difficulty: str = "medium"
    target: str | None = None


@dataclass
class StartReview(Message):
    """A round drilling the patterns the review scheduler says are due, or, when
    `patterns` are given, a drill of those patterns (the stats screen's weakest)."""

    patterns: tuple[str, ...] = ()


@dataclass
class OpenScreen(Message):
    """Open one of the app's main screens by name: home, sets, reference, stats, settings."""

    name: str


@dataclass
class OpenCalculator(Message):
    """Open the calculator, prefilled with a line of notation (or a shared hand)."""

    text: str = ""


@dataclass
class StartHand(Message):
    """A one-question round on this very hand (the calculator's quiz key)."""

    hand: Hand
    title: str = "Quiz · the calculator's hand"


@dataclass
class SettingsChanged(Message, bubble=False):
    """The settings changed (the settings screen, the command palette, a home key):
    sent by the app to every open screen, so each stays in step."""

    settings: Settings


@dataclass
class StartLesson(Message):
    """Drill a lesson of the course (by id, in the current ruleset's course)."""

    lesson_id: str


@dataclass
class OpenGlossary(Message):
    """Open the glossary, at an entry (a term id or "pattern:ID") when given."""

    entry: str | None = None


@dataclass
class OpenLesson(Message):
    """Open a lesson's page in the course (the summary's next lesson, the glossary)."""

    lesson_id: str
