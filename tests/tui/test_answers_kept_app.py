"""In the app, a failed write mid-round is told to the learner and the answer kept."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from mj_trainer.quizzes import store as store_module
from mj_trainer.tui.messages import StartSet
from tests.quizzes.test_answers_kept import journal_lines
from tests.tui.test_app_kit import app_for, wait_for


def _count(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
    finally:
        conn.close()


def test_a_locked_database_mid_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The case that broke: another program held the database for more than 5 s; the
    # answer crashed the app with a traceback and was gone.
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)
    app = app_for(tmp_path, length=3)
    app.start = StartSet("families", resume=False)

    async def body() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "question")
            assert app.store is not None
            db = app.store.path
            other = sqlite3.connect(db, isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")
            await pilot.press("f3")  # skip: graded and recorded as an answer
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
            await pilot.pause()
            # Said above the feedback, not in a toast that would cover it.
            shown = str(app.screen.query_one("#quiz-note").render())
            assert "kept and will be saved" in shown, shown
            assert len(journal_lines(db)) == 1
            other.execute("ROLLBACK")
            other.close()
            await pilot.press("enter")  # the next question
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "question")
            await pilot.press("f3")
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
            assert _count(db) == 2 and journal_lines(db) == []
            assert app.is_running

    asyncio.run(body())


def test_an_answer_whose_round_is_gone_is_saved_and_said_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 23, finding 2: the app failed with IntegrityError on every start.
    from mj_trainer.tui.screens.notice import NoticeScreen
    from tests.quizzes.test_journal_recovery import _answer_into_the_journal, _replace_database

    data = tmp_path / "data"
    _answer_into_the_journal(data, monkeypatch)
    _replace_database(data)
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, NoticeScreen))
            notice = app.screen
            assert isinstance(notice, NoticeScreen)
            assert notice.notice_title == "Answers from an earlier session"
            assert "recreated" in notice.body

    asyncio.run(body())
    assert _count(data / "progress.sqlite3") == 1 and journal_lines(data / "progress.sqlite3") == []
