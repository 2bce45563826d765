"""A row of the progress file that cannot be read, in the app (issue 23, finding 4):
told in a notification naming the file, the table, the row and the column, and left
out; home and the stats screen show the rest."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from mj_trainer.tui.messages import OpenScreen
from tests.test_clock_and_bad_rows import _played
from tests.tui.test_app_kit import app_for, wait_for


def test_a_round_that_cannot_be_read_is_told_and_left_out(tmp_path: Path) -> None:
    path = _played(tmp_path / "data")
    conn = sqlite3.connect(path)
    conn.execute("UPDATE rounds SET started_at = 'x' WHERE id = 1")
    conn.commit()
    conn.close()
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            def told() -> bool:
                return any("rounds row 1: its started_at cannot be read ('x')" in n.message
                           and str(path) in n.message for n in app._notifications)

            await wait_for(pilot, told)
            app.post_message(OpenScreen("stats"))
            await wait_for(pilot, lambda: type(app.screen).__name__ == "StatsScreen")
            await wait_for(pilot, lambda: getattr(app.screen, "data", None) is not None)
            assert getattr(app.screen, "error", None) in (None, "")
            assert app.is_running

    asyncio.run(body())
