"""The progress file locked by another program as a round starts or ends, in the app
(issue 23, finding 3).

The case that broke: a round with no answer left while the file was locked (escape)
crashed the app. Now it is told, in the words of the round-start refusal, and the app
goes on; an answer given is in the database once the lock is gone.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from mj_trainer.quizzes import store as store_module
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.notice import ConfirmScreen
from tests.lock_kit import Lock
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for


def _mode(app: TrainerApp) -> str:
    return str(getattr(app.screen, "mode", ""))


def _notes(app: TrainerApp) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.fixture(autouse=True)
def _short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)


def _app(tmp_path: Path) -> tuple[TrainerApp, Lock]:
    app = app_for(tmp_path, length=3)
    app.start = StartSet("families", resume=False)
    assert app.store is not None
    return app, Lock(app.store.path)


def test_locked_as_a_round_starts(tmp_path: Path) -> None:
    app, lock = _app(tmp_path)
    lock.take()

    async def body() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: _mode(app) == "error")
            error = str(getattr(app.screen, "error", ""))
            assert str(lock.path) in error and "locked" in error
            await pilot.press("escape")
            await wait_for(pilot, lambda: _mode(app) == "")
            assert app.is_running

    try:
        asyncio.run(body())
    finally:
        lock.release()


def test_a_round_left_unanswered_while_locked(tmp_path: Path) -> None:
    app, lock = _app(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, quiz_ready(app))
            lock.take()
            await pilot.press("escape")  # left before the first answer
            await wait_for(pilot, lambda: _mode(app) == "")
            await pilot.pause()
            notes = _notes(app)
            assert any("could not be removed from your history" in n and str(lock.path) in n
                       for n in notes), notes
            assert app.is_running

    try:
        asyncio.run(body())
    finally:
        lock.release()


def test_a_round_ended_while_locked_keeps_its_answers(tmp_path: Path) -> None:
    app, lock = _app(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, quiz_ready(app))
            await pilot.press("f3")  # answer 1
            await wait_for(pilot, lambda: _mode(app) == "feedback")
            await pilot.press("enter")
            await wait_for(pilot, quiz_ready(app))
            lock.take()
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")  # end the round under the lock
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SummaryScreen")
            await pilot.pause()
            notes = _notes(app)
            assert any("end of this round could not be saved" in n and "kept" in n
                       for n in notes), notes
            assert app.is_running

    try:
        asyncio.run(body())
    finally:
        lock.release()
    with ProgressStore.open(tmp_path / "data") as store:
        assert [a.seq for a in store.answers()] == [1]
