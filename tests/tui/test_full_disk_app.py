"""A full disk in the middle of a round in the app (issue 23, finding 1).

The case that broke: the app said "Your answer is kept" on a full disk, then ctrl+q
quit at once and 3 of 3 answers were lost. Now the journal has room reserved; an answer
that even the journal cannot take is said NOT saved (on the quiz screen's news line),
and ctrl+q asks before quitting.
Both sides are checked: after the fault, each answer is in the database, or the
learner was told it was not kept (and chose to quit). Runs on every kind of small disk
this machine can make (`tests/small_disk.py`).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from mj_trainer.quizzes import pending as pending_module
from mj_trainer.quizzes.store import ProgressStore, StoreError
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.notice import ConfirmScreen
from tests.small_disk import SmallDisk, kinds, small_disk
from tests.tui.test_app_kit import app_for, wait_for


@pytest.fixture(params=kinds())
def disk(request: pytest.FixtureRequest, tmp_path: Path,
         monkeypatch: pytest.MonkeyPatch) -> Iterator[SmallDisk]:
    # A reserve of one block: one or two answers fit in the journal, then none.
    monkeypatch.setattr(pending_module, "RESERVE", 4096)
    with small_disk(request.param, tmp_path, monkeypatch) as made:
        yield made
        made.free()


def _seqs(disk: SmallDisk) -> list[int]:
    conn = sqlite3.connect(disk.data_dir / "progress.sqlite3")
    try:
        return [r[0] for r in conn.execute("SELECT seq FROM answers ORDER BY seq")]
    finally:
        conn.close()


def _mode(app: TrainerApp) -> str:
    return str(getattr(app.screen, "mode", ""))


def _note(app: TrainerApp) -> str:
    """The news line of the quiz screen (where it says an answer is not saved)."""
    return str(app.screen.query_one("#quiz-note").render())


async def _answer_until_not_saved(app: TrainerApp, pilot: object, disk: SmallDisk) -> int:
    """Skip questions on a full disk until one is said NOT saved; its number."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for n in range(2, 7):
        await pilot.press("f3")
        await wait_for(pilot, lambda: _mode(app) == "feedback")
        await pilot.pause()
        note = _note(app)
        if "Answer NOT saved" in note:
            return n
        assert "Not saved yet" in note, note  # kept in the journal
        await pilot.press("enter")
        await wait_for(pilot, lambda: _mode(app) == "question")
    raise AssertionError("the journal never ran out of room")


@pytest.mark.parametrize("choice", ["stay, free space, quit", "quit and lose it"])
def test_ctrl_q_asks_before_losing_an_answer_the_disk_could_not_take(
        disk: SmallDisk, choice: str) -> None:
    app = app_for(disk.folder, length=6)
    app.start = StartSet("families", resume=False)
    lost_at = 0

    async def body() -> None:
        nonlocal lost_at
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: _mode(app) == "question")
            await pilot.press("f3")  # answer 1, saved as usual
            await wait_for(pilot, lambda: _mode(app) == "feedback")
            await pilot.press("enter")
            await wait_for(pilot, lambda: _mode(app) == "question")
            disk.fill()
            lost_at = await _answer_until_not_saved(app, pilot, disk)
            assert "quitting before then loses it" in _note(app)
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            question = app.screen
            assert isinstance(question, ConfirmScreen)
            assert "1 answer could not be saved" in question.question
            assert str(disk.data_dir) in question.question and app.is_running
            if choice == "quit and lose it":
                await pilot.press("y")
                await wait_for(pilot, lambda: not app.is_running)
                return
            await pilot.press("n")  # stay
            await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
            assert app.is_running
            disk.free()
            await pilot.press("ctrl+q")  # now the answers are written, and it quits
            await wait_for(pilot, lambda: not app.is_running)

    asyncio.run(body())
    assert lost_at >= 2
    if choice == "quit and lose it":
        # Started again while the disk is still full: refused in words. (Opened,
        # SQLite's shared memory killed the process with SIGBUS on ext4.)
        with pytest.raises(StoreError, match="disk is full"):
            ProgressStore.open(disk.data_dir)
    disk.free()
    with ProgressStore.open(disk.data_dir):  # the next start writes what the journal kept
        pass
    if choice == "quit and lose it":
        assert _seqs(disk) == list(range(1, lost_at))  # all but the one said lost
    else:
        assert _seqs(disk) == list(range(1, lost_at + 1))  # every answer given
