"""The progress file locked by another program as a `quiz --jsonl` round starts or ends
(issue 23, finding 3).

The case that broke: a StoreError traceback and no summary. Now the protocol writes a
fatal `error` saying what is wrong and where, in the words of the app's round-start
refusal, then the summary when a round had started, and exits 1. Both sides are
checked: an answer given is in the database once the lock is gone, or it was never
asked.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.cli.main import _parser
from mj_trainer.cli.quiz import run_quiz_jsonl
from mj_trainer.quizzes import store as store_module
from mj_trainer.quizzes.store import ProgressStore
from tests.lock_kit import Lock
from tests.test_full_disk import Client

SKIP = '{"skip": true}'
END = '{"end": true}'


@contextmanager
def _lock(folder: Path) -> Iterator[Lock]:
    with ProgressStore.open(folder):  # the file exists before the lock is taken
        pass
    lock = Lock(folder / "progress.sqlite3")
    try:
        yield lock
    finally:
        lock.release()


def play(folder: Path, lines: list[str], before: dict[int, Callable[[], None]]
         ) -> tuple[int, list[dict[str, Any]]]:
    args = _parser().parse_args(
        ["quiz", "--jsonl", "--set", "families", "--count", "3", "--data-dir", str(folder),
         "--config", str(folder / "none.toml")])
    out = io.BytesIO()
    code = run_quiz_jsonl(args, stdin=Client(lines, before), stdout=out)  # type: ignore[arg-type]
    return code, [json.loads(x) for x in out.getvalue().splitlines()]


def _seqs(folder: Path) -> list[int]:
    with ProgressStore.open(folder) as store:
        return [a.seq for a in store.answers()]


@pytest.fixture(autouse=True)
def _short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)


def test_locked_as_the_round_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    with _lock(tmp_path) as lock:
        lock.take()
        code, msgs = play(tmp_path, [SKIP], {})
    err = capsys.readouterr().err
    assert code == 1 and len(msgs) == 1, msgs  # no question was asked
    fatal = msgs[0]
    assert fatal["type"] == "error" and fatal["fatal"] is True
    assert fatal["message"].startswith("This round could not be started: ")
    assert str(tmp_path / "progress.sqlite3") in fatal["message"]
    assert "locked" in fatal["message"] and "Traceback" not in err
    with ProgressStore.open(tmp_path) as store:
        assert store.rounds() == []


def test_locked_as_the_round_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                  ) -> None:
    with _lock(tmp_path) as lock:
        # Answer 1 is saved; answer 2 is given under the lock (the journal keeps it);
        # the round ends under the lock.
        code, msgs = play(tmp_path, [SKIP, SKIP, END], {1: lock.take})
    err = capsys.readouterr().err
    assert [m["type"] for m in msgs] == [
        "question", "grade", "question", "grade", "question", "error", "summary"]
    fatal = msgs[-2]
    assert fatal["fatal"] is True and "end of this round could not be saved" in fatal["message"]
    assert str(tmp_path / "progress.sqlite3") in fatal["message"]
    assert all("saved" not in m for m in msgs if m["type"] == "grade")  # both kept
    assert msgs[-1]["questions"] == 3 and msgs[-1]["skipped"] == 2
    assert code == 1 and "Traceback" not in err
    assert _seqs(tmp_path) == [1, 2]  # the lock gone, the journal's answer is written


def test_a_round_ended_before_any_answer_while_locked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with _lock(tmp_path) as lock:
        code, msgs = play(tmp_path, [END], {0: lock.take})
    assert [m["type"] for m in msgs] == ["question", "error", "summary"]
    assert msgs[1]["fatal"] is True and code == 1
    assert msgs[2]["answered"] == 0 and "Traceback" not in capsys.readouterr().err
    assert _seqs(tmp_path) == []
