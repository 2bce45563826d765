"""A hand to quiz on, with its stable id and where it came from.

Its own module so that the sources of hands and the service that finds hands showing
a pattern (`quizzes.pattern_hands`) share it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import parse


@dataclass(frozen=True, slots=True)
class QuizHand:
    """A hand to quiz on, with a stable id (cited in bug reports) and where it came from."""

    id: str
    hand: Hand
    title: str = ""
    note: str = ""
    source: str = ""  # a set name, "random", "review", ...
    focus: str | None = None  # the pattern or family id the hand was picked for
    position: int | None = None  # its place in a curated set's order, for resuming
    about: tuple[str, ...] = ()  # pattern ids a curated hand teaches (counted or not)

    @classmethod
    def from_notation(cls, hand_id: str, text: str, **kwargs: Any) -> QuizHand:
        return cls(hand_id, parse(text), **kwargs)
