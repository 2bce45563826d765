"""Home reads its figures for the settings it will show, once, not once per change made
on a screen in front of it.

A burst of keys on the settings screen's ruleset list sent home one change after
another; each started a read of home's figures in a worker and cancelled the ones
before, and with thousands queued the app spent minutes cancelling (the key-burst test
of the settings screen was seen running for a quarter of an hour).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from mj_trainer.engine.ruleset import builtin_names
from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.screens.home import HomeScreen
from tests.tui.test_app_kit import app_for, wait_for


def test_changes_under_another_screen_are_read_once_when_home_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_for(tmp_path)
    names = builtin_names()
    assert len(names) >= 2

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, HomeScreen)
            home: HomeScreen = app.screen
            await wait_for(pilot, lambda: home.stats is not None)
            reads: list[str] = []
            read = home._read_stats

            def counted() -> None:
                reads.append(app.settings.ruleset)
                read()

            monkeypatch.setattr(home, "_read_stats", counted)
            app.open_screen("settings")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")
            for k in range(40):
                app.update_settings(app.settings.with_(ruleset=names[k % 2]))
            app.update_settings(app.settings.with_(ruleset=names[1]))
            await pilot.pause()
            await pilot.pause()
            assert reads == []  # nothing read while home is hidden
            app.go_home()
            await wait_for(pilot, lambda: app.screen is home and home.stats is not None
                           and home._stats_ruleset == names[1])
            await pilot.pause()
            assert reads == [names[1]]  # one read, for the ruleset home shows
            assert f"Ruleset {names[1]}" in str(home.query_one("#home-status").render())
            # In front, a change of ruleset (the command palette's) is read at once.
            app.update_settings(app.settings.with_(ruleset=names[0]))
            await wait_for(pilot, lambda: f"Ruleset {names[0]}"
                           in str(home.query_one("#home-status").render()))
            assert reads == [names[1], names[0]]

    asyncio.run(body())


def test_two_quick_changes_on_the_settings_screen_settle_on_the_last(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app tells every screen of a change, the settings screen too; the echo of its
    first change, arriving after its second, had put the first value back and saved it,
    then the second's echo the second, and so on for ever (the same key bursts)."""
    from textual.widgets import Select

    from mj_trainer.tui.screens.settings import SettingsScreen

    app = app_for(tmp_path)
    names = builtin_names()

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: getattr(app.screen, "stats", None) is not None)
            app.open_screen("settings")
            await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen)
                           and app.screen._ready)
            screen = app.screen
            assert isinstance(screen, SettingsScreen)
            saved: list[str] = []
            save = screen._save

            def counted(settings: Settings) -> str | None:
                saved.append(settings.ruleset)
                return save(settings)

            monkeypatch.setattr(screen, "_save", counted)
            first, second = [n for n in names if n != app.settings.ruleset][:2]
            # Two choices on the list, the second before the first's echo is back.
            select = screen.query_one("#ruleset", Select)
            select.value = first
            select.value = second
            for _ in range(30):
                await pilot.pause()
            assert saved == [first, second]
            assert app.settings.ruleset == second
            assert select.value == second

    asyncio.run(body())
