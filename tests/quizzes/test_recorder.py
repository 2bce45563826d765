"""A round records through one interface: the progress store, a no-op, or anything
else that keeps the same promises."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.course import LessonRound, lesson
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.recorder import NO_RECORDER, NoRecorder, Recorder, Unsaved
from mj_trainer.quizzes.records import AnswerRecord, SetPosition
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import ProgressStore
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand


class Log:
    """A recorder that writes down every call, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def start_round(self, *, source: str, source_name: str, ruleset: str,
                    kinds: Sequence[str], planned: int, now: datetime | None = None) -> int:
        self.calls.append(("start", (source, source_name, ruleset, tuple(kinds), planned)))
        return 7

    def save_answer(self, round_id: int, record: AnswerRecord, *,
                    set_position: SetPosition | None = None) -> Unsaved | None:
        self.calls.append(("answer", (round_id, record.seq, record.correct)))
        return None

    def discard_round(self, round_id: int) -> None:
        self.calls.append(("discard", round_id))

    def finish_round(self, round_id: int, *, now: datetime | None = None,
                     set_name: str | None = None) -> object:
        self.calls.append(("finish", round_id))
        return None

    def set_meta(self, key: str, value: str) -> None:
        self.calls.append(("meta", key))


def test_the_store_and_the_no_op_are_recorders(store: ProgressStore) -> None:
    # Checked by mypy: both satisfy the protocol structurally.
    recorders: list[Recorder] = [store, NoRecorder(), NO_RECORDER, Log()]
    assert len(recorders) == 4


def test_a_round_records_each_answer_then_its_end() -> None:
    log = Log()
    rnd = Round(ListSource([qhand(H.CHOWS, "a"), qhand(H.WINDS, "b")]),
                RoundSettings(kinds=(QuestionKind.TOTAL,), length=2), recorder=log)
    q = rnd.ask()
    assert q is not None
    rnd.answer(q.expected())
    rnd.skip()
    rnd.finish()
    rnd.finish()  # a second finish records nothing more
    assert [name for name, _ in log.calls] == ["start", "answer", "answer", "finish"]
    assert log.calls[0][1] == ("hands", "hands", "mj-score-eval", ("total",), 2)
    assert log.calls[1][1] == (7, 1, True) and log.calls[2][1] == (7, 2, False)
    assert log.calls[3][1] == 7


def test_a_round_left_before_its_first_answer_is_discarded() -> None:
    log = Log()
    Round(ListSource([qhand(H.CHOWS)]), RoundSettings(length=1), recorder=log).finish()
    assert log.calls[-1] == ("discard", 7)


def test_without_a_recorder_nothing_is_kept_and_grading_is_the_same() -> None:
    hands = [qhand(H.CHOWS, "a"), qhand(H.WINDS, "b")]
    settings = RoundSettings(length=2, seed=3)
    plain = Round(ListSource(hands), settings, clock=lambda: 0.0)
    logged = Round(ListSource(hands), settings, recorder=Log(), clock=lambda: 0.0)
    assert plain.recorder is NO_RECORDER
    for rnd in (plain, logged):
        while (q := rnd.ask()) is not None:
            rnd.hint()
            rnd.answer(q.expected())
    assert [g.credit for g in plain.grades] == [g.credit for g in logged.grades]
    assert plain.save_problem is None
    assert plain.finish() == logged.finish()


def test_a_passed_lesson_is_recorded_through_the_round_recorder() -> None:
    rules = load("mj-score-eval")
    log = Log()
    one = lesson(rules, "1.1")
    rnd = LessonRound(rules, one, seed=2, length=2, recorder=log)
    while (q := rnd.ask()) is not None:
        rnd.answer(q.expected())
    rnd.finish()
    assert rnd.passed
    assert log.calls[-1] == ("meta", f"course2:{rules.id}:{one.id}")
