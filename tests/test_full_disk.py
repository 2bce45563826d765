"""A full disk in the middle of a `quiz --jsonl` round (issue 23, finding 1).

The case that broke: on a full disk the journal of unsaved answers was created empty,
every answer stayed in memory only, the protocol graded 8 of 8 such answers, exited 0
with nothing on stderr, and none came back once space was freed. Now the journal has
its room reserved when the store opens, so it takes the answers; when even the reserve
is used up, the grade says `"saved": false` and the program exits 1.

Each test checks both sides: every answer is in the database once the disk has room
again, or its grade said it was not kept. Each runs on every kind of small disk this
machine can make (`tests/small_disk.py`: a real tmpfs and ext4 as root, a simulated
ENOSPC always).
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.cli.main import _parser
from mj_trainer.cli.quiz import run_quiz_jsonl
from mj_trainer.quizzes import pending as pending_module
from tests.small_disk import SmallDisk, kinds, small_disk

SKIP = '{"skip": true}'


class Client:
    """The protocol's stdin: lines read one at a time, with something done to the disk
    just before a given line is read (`before[i]` runs before line i, from 0)."""

    def __init__(self, lines: list[str], before: dict[int, Callable[[], None]]) -> None:
        self.lines = lines
        self.before = before
        self.read = 0

    def readline(self, size: int = -1) -> bytes:
        if self.read >= len(self.lines):
            return b""
        action = self.before.get(self.read)
        if action is not None:
            action()
        line = self.lines[self.read]
        self.read += 1
        return (line + "\n").encode()


def play(disk: SmallDisk, lines: list[str], before: dict[int, Callable[[], None]],
         count: int = 6) -> tuple[int, list[dict[str, Any]]]:
    args = _parser().parse_args(
        ["quiz", "--jsonl", "--set", "families", "--count", str(count), "--data-dir",
         str(disk.data_dir), "--config", str(disk.folder / "none.toml")])
    out = io.BytesIO()
    code = run_quiz_jsonl(args, stdin=Client(lines, before), stdout=out)  # type: ignore[arg-type]
    return code, [json.loads(x) for x in out.getvalue().splitlines()]


def saved_seqs(disk: SmallDisk) -> list[int]:
    conn = sqlite3.connect(disk.data_dir / "progress.sqlite3")
    try:
        return [r[0] for r in conn.execute("SELECT seq FROM answers ORDER BY seq")]
    finally:
        conn.close()


@pytest.fixture(params=kinds())
def disk(request: pytest.FixtureRequest, tmp_path: Path,
         monkeypatch: pytest.MonkeyPatch) -> Any:
    with small_disk(request.param, tmp_path, monkeypatch) as made:
        yield made
        made.free()


def test_the_journal_takes_the_answers_a_full_disk_refuses(
        disk: SmallDisk, capsys: pytest.CaptureFixture[str]) -> None:
    code, msgs = play(disk, [SKIP, SKIP, SKIP, '{"end": true}'],
                      {1: disk.fill, 3: disk.free})
    err = capsys.readouterr().err
    grades = [m for m in msgs if m["type"] == "grade"]
    assert [g["n"] for g in grades] == [1, 2, 3]
    assert all("saved" not in g for g in grades), grades  # each one kept
    assert "answer 2 is not in the progress file yet" in err, err
    assert "answer 3 is not in the progress file yet" in err and "journal" in err
    assert msgs[-1]["type"] == "summary" and code == 0, (code, msgs[-1], err)
    assert "Traceback" not in err
    assert saved_seqs(disk) == [1, 2, 3]  # the round's end wrote them once space was back


def test_when_the_journal_is_full_too_the_grade_says_not_saved_and_exit_1(
        disk: SmallDisk, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A reserve of one block holds one or two answers; the disk stays full to the end.
    monkeypatch.setattr(pending_module, "RESERVE", 4096)
    code, msgs = play(disk, [SKIP] * 6, {1: disk.fill})
    err = capsys.readouterr().err
    grades = [m for m in msgs if m["type"] == "grade"]
    assert len(grades) == 6
    unsaved = [g["n"] for g in grades if g.get("saved") is False]
    kept = [g["n"] for g in grades if "saved" not in g]
    assert unsaved and kept[0] == 1 and len(kept) >= 2, grades  # some went to the journal
    assert code == 1
    assert f"answer {unsaved[0]} could not be saved anywhere" in err
    assert f"{len(unsaved)} answer" in err and "lost" in err
    # The summary still comes, after a fatal error about the round's end.
    assert [m["type"] for m in msgs[-2:]] == ["error", "summary"]
    assert msgs[-2]["fatal"] is True and "disk is full" in msgs[-2]["message"]
    disk.free()
    # The next start writes what the journal kept: exactly the answers said kept.
    play(disk, ['{"end": true}'], {})
    assert saved_seqs(disk) == kept


def test_a_store_that_cannot_open_on_a_full_disk_is_a_fatal_error(
        disk: SmallDisk, capsys: pytest.CaptureFixture[str]) -> None:
    disk.fill()
    code, msgs = play(disk, [SKIP], {})
    err = capsys.readouterr().err
    assert code == 1 and len(msgs) == 1, msgs  # no question was asked, nothing answered
    assert msgs[0]["type"] == "error" and msgs[0]["fatal"] is True
    assert "progress file cannot be used" in msgs[0]["message"]
    assert str(disk.data_dir) in msgs[0]["message"] and "disk is full" in msgs[0]["message"]
    assert "Traceback" not in err
