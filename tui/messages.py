"""Messages screens post to ask the app to go somewhere.

Screens never import each other: a screen posts one of these and the app decides
which screen to push.  That keeps each screen testable on its own, in a small host
app that records the messages.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from mj_trainer.engine.hand import Hand


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


@dataclass
class StartRandom(Message):
    """A round of generated hands, by difficulty and optionally aimed at a target."""

    difficulty: str = "medium"
    target: str | None = None


@dataclass
class StartReview(Message):
    """A round drilling the patterns the review scheduler says are due."""


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
