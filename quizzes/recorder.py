"""Where a round's answers go: one interface, two implementations.

A `quizzes.round.Round` writes everything it records (the round, each answer as it is
given, the round's end, a passed lesson) through a `Recorder`.  The progress store
(`quizzes.store.ProgressStore`) is one; `NoRecorder` is the other, for a round whose
answers are kept nowhere (a session without a progress file, a test, a benchmark).
A round never checks which one it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from mj_trainer.quizzes.records import AnswerRecord, SetPosition


@dataclass(frozen=True, slots=True)
class Unsaved:
    """Why an answer is not in the database yet, and whether it is safe meanwhile.

    `kept`: it waits on disk (the store's journal) and is written later by itself.
    Not kept: only this process holds it, and it is lost if the program ends first;
    the learner must be told before quitting.
    """

    problem: str
    kept: bool

    def __str__(self) -> str:
        return self.problem


class Recorder(Protocol):
    """What a round needs to record its answers."""

    def start_round(self, *, source: str, source_name: str, ruleset: str,
                    kinds: Sequence[str], planned: int, now: datetime | None = None) -> int:
        """Open a round; its id for the calls below."""
        ...

    def save_answer(self, round_id: int, record: AnswerRecord, *,
                    set_position: SetPosition | None = None) -> Unsaved | None:
        """Keep an answer; None when it is in the database, else why not yet."""
        ...

    def discard_round(self, round_id: int) -> None:
        """Forget a round left before its first answer."""
        ...

    def finish_round(self, round_id: int, *, now: datetime | None = None,
                     set_name: str | None = None) -> object:
        """Close a round (and count it for its set); a `StoreError` leaves it open."""
        ...

    def set_meta(self, key: str, value: str) -> None:
        """Keep a named value that outlives the round (a passed lesson)."""
        ...


class NoRecorder:
    """The recorder that keeps nothing: every call succeeds and is forgotten."""

    def start_round(self, *, source: str, source_name: str, ruleset: str,
                    kinds: Sequence[str], planned: int, now: datetime | None = None) -> int:
        return 0

    def save_answer(self, round_id: int, record: AnswerRecord, *,
                    set_position: SetPosition | None = None) -> Unsaved | None:
        return None

    def discard_round(self, round_id: int) -> None:
        return None

    def finish_round(self, round_id: int, *, now: datetime | None = None,
                     set_name: str | None = None) -> object:
        return None

    def set_meta(self, key: str, value: str) -> None:
        return None


NO_RECORDER: Recorder = NoRecorder()
