"""Answers are never lost: a write that fails mid-round keeps the answer and writes it later.

The cases that broke (each crashed the app with a traceback and lost the answer): the
database locked by another program past the busy timeout, a full disk, a table missing,
and a file that became read-only. At start-up, a read-only progress file and a FIFO in
its place get a clear StoreError instead of rounds that fail, or a hang.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.quizzes import store as store_module
from mj_trainer.quizzes.pending import journal_path
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore, StoreError
from tests.helpers import hand
from tests.lock_kit import locked

# All Chows 5 + Concealed Hand 5 = 10 for each of these hands.
HANDS = [QuizHand(f"t-{i}", hand("c123 c456 b234 b567 k5 +k5")) for i in range(1, 5)]
RIGHT = PatternsAnswer.of({"1.2": 1, "1.3": 1}, total=10)


def journal_lines(database: Path) -> list[str]:
    """The answers waiting in the journal file, as its lines (the zeros of its reserved
    room are not lines)."""
    data = journal_path(database).read_bytes()
    return data.split(b"\0", 1)[0].decode("utf-8").splitlines()


def _answers(path: Path) -> list[tuple[int, str]]:
    conn = sqlite3.connect(path)
    try:
        return [(r[0], r[1]) for r in conn.execute(
            "SELECT seq, hand_id FROM answers ORDER BY seq").fetchall()]
    finally:
        conn.close()


class _FullDisk:
    """The store's connection as on a full disk: every write fails the way SQLite says it.

    (A page limit cannot stand in: SQLite fills free space in existing pages first.)
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


@contextmanager
def _disk_full(store: ProgressStore) -> Iterator[None]:
    real = store._conn
    setattr(store, "_conn", _FullDisk(real))  # noqa: B010 - a stand-in, typed loosely
    try:
        yield
    finally:
        store._conn = real


@contextmanager
def _table_missing(path: Path) -> Iterator[None]:
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("ALTER TABLE answer_items RENAME TO answer_items_gone")
    try:
        yield
    finally:
        other.execute("ALTER TABLE answer_items_gone RENAME TO answer_items")
        other.close()


@contextmanager
def _read_only(store: ProgressStore) -> Iterator[None]:
    store._conn.execute("PRAGMA query_only = ON")
    try:
        yield
    finally:
        store._conn.execute("PRAGMA query_only = OFF")


FAILURES: dict[str, Callable[[ProgressStore], object]] = {
    "locked": lambda s: locked(s.path),
    "disk full": _disk_full,
    "table missing": lambda s: _table_missing(s.path),
    "read-only": _read_only,
}


@pytest.mark.parametrize("failure", list(FAILURES))
def test_a_failed_write_keeps_the_answer_and_writes_it_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)
    with ProgressStore.open(tmp_path) as store:
        rnd = Round(ListSource(HANDS), RoundSettings(length=4, seed=1), recorder=store)
        rnd.ask()
        rnd.answer(RIGHT)
        assert rnd.save_problem is None
        with FAILURES[failure](store):  # type: ignore[attr-defined]
            rnd.ask()
            grade = rnd.answer(RIGHT)  # no exception: the answer is graded and kept
            assert grade.correct
            assert rnd.save_problem, "the learner must be told"
            assert len(store.journal) == 1
        assert _answers(store.path) == [(1, "t-1")]
        rnd.ask()
        rnd.answer(RIGHT)  # the next write first writes the waiting answer
        assert rnd.save_problem is None
        assert _answers(store.path) == [(1, "t-1"), (2, "t-2"), (3, "t-3")]
        assert len(store.journal) == 0 and journal_lines(store.path) == []


def test_waiting_answers_are_written_at_the_next_start(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)
    store = ProgressStore.open(tmp_path)
    path = store.path
    rnd = Round(ListSource(HANDS), RoundSettings(length=4, seed=1), recorder=store)
    with locked(path):
        for _ in range(2):
            rnd.ask()
            rnd.answer(RIGHT)
        assert rnd.save_problem and rnd.save_problem.kept and len(store.journal) == 2
        store.close()  # still locked as the program ends: its last try fails too
        assert _answers(path) == []
    assert len(journal_lines(path)) == 2  # kept on disk across the restart
    with ProgressStore.open(tmp_path) as again:
        assert len(again.journal) == 0
    assert _answers(path) == [(1, "t-1"), (2, "t-2")]


def test_an_answer_waiting_twice_is_written_once(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        rnd = Round(ListSource(HANDS), RoundSettings(length=4, seed=1), recorder=store)
        rnd.ask()
        rnd.answer(RIGHT)
        # A journal line for an answer the database already has (a crash between the
        # commit and the journal's rewrite) is skipped, not written twice.
        from mj_trainer.quizzes.pending import PendingAnswer

        record = store.answers()[0]
        store.journal.add(PendingAnswer(record.round_id or 0, record, None))
        assert store.flush_pending() == 0
        assert _answers(store.path) == [(1, "t-1")]


def test_a_finish_that_cannot_be_written_keeps_the_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)
    with ProgressStore.open(tmp_path) as store:
        rnd = Round(ListSource(HANDS[:1]), RoundSettings(length=1, seed=1), recorder=store)
        rnd.ask()
        rnd.answer(RIGHT)
        with locked(store.path):
            summary = rnd.finish()
        assert summary.asked == 1 and rnd.end_error is not None
        assert "locked" in str(rnd.end_error) and rnd.save_problem is None


def test_a_read_only_progress_file_is_refused_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ProgressStore.open(tmp_path) as store:
        path = store.path
    path.chmod(0o444)
    real_access = os.access
    # As root every file is writable, so the test asks os.access what a user would get.
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == path and
                        mode == os.W_OK else real_access(p, mode, **kw))
    with pytest.raises(StoreError, match="read-only"):
        ProgressStore.open(tmp_path)


def test_a_fifo_in_place_of_the_progress_file_is_refused_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "progress.sqlite3")
    with pytest.raises(StoreError, match="not a regular file"):
        ProgressStore.open(tmp_path)
